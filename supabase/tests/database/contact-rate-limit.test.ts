// The contact function under a burst from one address, and its phone rule, through the gateway.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { platform, sql } from '../support';

/** A loopback address of this test's own, so other suites' messages do not count against it. */
const address = `127.0.${10 + Math.floor(Math.random() * 200)}.${2 + Math.floor(Math.random() * 250)}`;

function send(
  body: Record<string, unknown>,
  extraHeaders: Record<string, string> = {},
  from = address,
): Promise<{ status: number; body: { error?: string; id?: string } }> {
  const url = new URL(`${platform().apiUrl}/functions/v1/send-contact-email`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: { apikey: platform().anonKey, 'content-type': 'application/json', ...extraHeaders },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}') }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const message = (i: number, phone: string | null = null) => ({
  name: `Burst ${i}`,
  email: 'burst@example.com',
  phone,
  message: `Parallel message ${i}`,
});

describe('send-contact-email', () => {
  it('refuses a phone that is not digits, spaces and + ( ) . / -, storing nothing', async () => {
    for (const phone of ['<b>06</b>', '06\nINFO admin', 'call me']) {
      const answer = await send(message(0, phone));
      expect(answer).toEqual({ status: 400, body: { error: 'Please enter a valid phone number.' } });
    }
    expect(await sql('select 1 from public.contact_messages where client_ip = $1', [address])).toEqual([]);
  });

  it('stores exactly 5 of 40 parallel messages from one address and answers the rest 429', async () => {
    // half of them without a phone (stored as null)
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => send(message(i, i % 2 ? '+39 06 123' : null))),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
    const [row] = await sql<{ n: number }>(
      'select count(*)::int as n from public.contact_messages where client_ip = $1',
      [address],
    );
    expect(row?.n).toBe(5);
  });

  it('counts the address the gateway saw, whatever headers name another', async () => {
    const other = `127.0.${10 + Math.floor(Math.random() * 200)}.1`;
    const tricks: Record<string, string>[] = [
      { 'x-real-ip': '198.51.100.20' },
      { connection: 'x-forwarded-for' },
      { connection: 'x-forwarded-for', 'x-real-ip': '198.51.100.21' },
      { 'x-forwarded-for': '203.0.113.20' },
      { forwarded: 'for=198.51.100.22' },
      { 'cf-connecting-ip': '198.51.100.23' },
      { 'x-forwarded-for': '203.0.113.21, 203.0.113.22' },
    ];
    const answers = [];
    for (const [i, headers] of tricks.entries()) answers.push(await send(message(i), headers, other));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const stored = await sql<{ client_ip: string }>(
      `select distinct client_ip from public.contact_messages where name like 'Burst %' and created_at > now() - interval '1 minute' and client_ip not in ($1)`,
      [address],
    );
    expect(stored).toEqual([{ client_ip: other }]);
  });

  it('lets only the service role call the storing function', async () => {
    const response = await fetch(`${platform().apiUrl}/rest/v1/rpc/store_contact_message`, {
      method: 'POST',
      headers: { apikey: platform().anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        p_name: 'x',
        p_email: 'x@example.com',
        p_phone: null,
        p_message: 'x',
        p_client_ip: 'forged',
        p_max_messages: 1000,
        p_window: '1 second',
      }),
    });
    expect(response.status).toBe(401);
    expect(await sql(`select 1 from public.contact_messages where client_ip = 'forged'`)).toEqual([]);
  });
});
