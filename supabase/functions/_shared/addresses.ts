// Which IP addresses a server-side call may reach. Pure code (no Deno APIs), so the Node test suite
// checks it directly. The database has the same rule for saved hook URLs (private.address_kind in
// 20261127000300_hook_address_rule.sql); a test runs one list through both.
export type AddressKind = 'public' | 'loopback' | 'private' | 'invalid';

function parseIPv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return null;
  return parts.map(Number);
}

function classifyIPv4([a, b, c]: number[]): AddressKind {
  if (a === 127) return 'loopback';
  const special =
    a === 0 || // "this network"
    a === 10 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) ||
    a >= 224; // multicast, reserved, broadcast
  return special ? 'private' : 'public';
}

/** The eight 16-bit groups of an IPv6 address, or null. */
function parseIPv6(text: string): number[] | null {
  let address = text.toLowerCase().replace(/%.*$/, '');
  const embedded = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (embedded) {
    const v4 = parseIPv4(embedded[1]);
    if (!v4) return null;
    address =
      address.slice(0, -embedded[1].length) +
      `${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string) => (half ? half.split(':') : []);
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 2 && missing < 1) || (halves.length === 1 && missing !== 0)) return null;
  const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return all.map((group) => parseInt(group, 16));
}

function classifyIPv6(groups: number[]): AddressKind {
  const zeroUntil = (n: number) => groups.slice(0, n).every((group) => group === 0);
  if (zeroUntil(7) && groups[7] === 1) return 'loopback';
  const first = groups[0];
  const special =
    zeroUntil(6) || // unspecified and IPv4-compatible (::/96)
    (zeroUntil(5) && groups[5] === 0xffff) || // IPv4-mapped (::ffff:0:0/96): name the IPv4 address
    (zeroUntil(4) && groups[4] === 0xffff && groups[5] === 0) || // IPv4-translated (::ffff:0:0:0/96)
    (first & 0xfe00) === 0xfc00 || // unique local
    (first & 0xffc0) === 0xfe80 || // link-local
    (first & 0xffc0) === 0xfec0 || // site-local (deprecated)
    (first & 0xff00) === 0xff00 || // multicast
    (first === 0x2001 && groups[1] === 0x0db8) || // documentation
    (first === 0x2001 && groups[1] === 0) || // Teredo reaches IPv4 space
    (first === 0x64 && groups[1] === 0xff9b) || // NAT64 reaches IPv4 space
    first === 0x2002; // 6to4 reaches IPv4 space
  return special ? 'private' : 'public';
}

/** Classifies a literal IPv4 or IPv6 address; 'invalid' when the text is not one. */
export function classifyAddress(text: string): AddressKind {
  const v4 = parseIPv4(text);
  if (v4) return classifyIPv4(v4);
  const v6 = text.includes(':') ? parseIPv6(text) : null;
  return v6 ? classifyIPv6(v6) : 'invalid';
}
