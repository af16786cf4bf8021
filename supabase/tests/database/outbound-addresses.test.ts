import { describe, expect, it } from 'vitest';
import { classifyAddress } from '../../functions/_shared/addresses.ts';

describe('addresses a server-side call may reach', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.9.9.9', 'loopback'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'private'],
    ['100.64.0.1', 'private'],
    ['0.0.0.0', 'private'],
    ['224.0.0.1', 'private'],
    ['255.255.255.255', 'private'],
    ['::', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fe80::1%eth0', 'private'],
    ['ff02::1', 'private'],
    // the whole IPv4-mapped range (::ffff:0:0/96): a hook names the IPv4 address itself
    ['::ffff:127.0.0.1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'private'],
    ['64:ff9b::a00:1', 'private'],
    ['2001:db8::1', 'private'],
    ['93.184.216.34', 'public'],
    ['172.32.0.1', 'public'],
    ['2606:4700::6810:85e5', 'public'],
    ['::ffff:93.184.216.34', 'private'],
    ['::ffff:0:a01:203', 'private'], // IPv4-translated
    ['::8.8.8.8', 'private'], // IPv4-compatible
    ['fec0::1', 'private'], // site-local
    ['2001::1', 'private'], // Teredo
    ['2001:1::1', 'public'],
    ['example.com', 'invalid'],
    ['1.2.3', 'invalid'],
    ['256.1.1.1', 'invalid'],
    ['1::2::3', 'invalid'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });
});
