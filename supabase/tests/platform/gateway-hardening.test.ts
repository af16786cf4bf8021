// What a hostile client tried at the gateway: hop-by-hop headers, CORS with credentials, tokens
// with a database role that is not an API role, malformed requests, a catastrophic regex filter.
import http from 'node:http';
import { connect } from 'node:net';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { platform, sql } from '../support';

const secret = () => new TextEncoder().encode(platform().jwtSecret);
const signed = (claims: Record<string, unknown>) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setExpirationTime('1h').sign(secret());

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

function get(path: string, headers: Record<string, string>, agent: http.Agent | false): Promise<Answer> {
  const { hostname, port } = new URL(platform().apiUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path, headers, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('gateway', () => {
  it('serves every request when some clients send Connection: close among keep-alive clients', async () => {
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const apikey = platform().anonKey;
    try {
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          i % 3 === 0
            ? get('/rest/v1/rooms?select=id', { apikey, connection: 'close' }, false)
            : get('/rest/v1/rooms?select=id', { apikey }, keepAlive),
        ),
      );
      const failed = answers.filter((answer) => answer.status !== 200).map((answer) => answer.status);
      expect(failed).toEqual([]);
      // and the gateway never passes PostgREST's own connection handling back
      expect(answers[0]?.headers.connection).toBe('close');
    } finally {
      keepAlive.destroy();
    }
  });

  it('passes PostgREST answers on whole: a small one in one piece with its length, a large one streamed', async () => {
    const apikey = platform().serviceRoleKey;
    const small = await get('/rest/v1/rooms?select=id,name&order=name', { apikey }, false);
    expect(small.status).toBe(200);
    expect(small.headers['content-length']).toBe(String(Buffer.byteLength(small.body)));
    const rooms = await sql<{ id: string; name: string }>('select id::text, name from public.rooms order by name');
    expect(JSON.parse(small.body)).toEqual(rooms);

    // PostgREST's first 1,000 comuni, each name nine times: above the 256 KiB the gateway gathers
    const names = Array.from({ length: 8 }, (_, i) => `n${i}:name`).join(',');
    const large = await get(`/rest/v1/alloggiati_comuni?select=*,${names}&order=code`, { apikey }, false);
    expect(large.status).toBe(200);
    expect(Buffer.byteLength(large.body)).toBeGreaterThan(256 * 1024);
    expect(large.headers['transfer-encoding']).toBe('chunked');
    const codes = await sql<{ code: string }>('select code from public.alloggiati_comuni order by code limit 1000');
    expect((JSON.parse(large.body) as { code: string }[]).map((row) => row.code)).toEqual(codes.map((row) => row.code));

    // a HEAD has no body to measure: the gateway invents no length of 0 (PostgREST sends none)
    const head = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const { hostname, port } = new URL(platform().apiUrl);
      http
        .request({ hostname, port, path: '/rest/v1/rooms?select=id', method: 'HEAD', headers: { apikey } }, resolve)
        .on('error', reject)
        .end();
    });
    head.resume();
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-range']).toMatch(/^0-\d+\/\*$/);
    expect(head.headers['content-length']).toBeUndefined();
  });

  it('answers CORS as hosted Supabase: any origin, no credentials, only the headers supabase-js sends', async () => {
    const preflight = await fetch(`${platform().apiUrl}/rest/v1/rooms`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, x-evil-header',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const allowed = preflight.headers.get('access-control-allow-headers') ?? '';
    expect(allowed).toContain('apikey');
    expect(allowed).toContain('x-client-info');
    expect(allowed).not.toContain('x-evil-header');

    for (const path of ['/rest/v1/rooms?select=id', '/auth/v1/settings', '/storage/v1/bucket']) {
      const response = await fetch(`${platform().apiUrl}${path}`, {
        headers: { apikey: platform().anonKey, origin: 'https://evil.example' },
      });
      expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(response.headers.get('access-control-allow-credentials'), path).toBeNull();
    }
  });

  it('refuses a signed token whose role is not an API role, at every prefix', async () => {
    for (const role of ['postgres', 'supabase_admin', 'pg_read_all_data']) {
      const token = await signed({ role, sub: '00000000-0000-0000-0000-000000000001' });
      for (const path of [
        '/rest/v1/bookings?select=id',
        '/storage/v1/bucket',
        '/storage/v1/object/list/room-images',
        '/auth/v1/admin/users',
        '/functions/v1/booking-integration',
      ]) {
        const response = await fetch(`${platform().apiUrl}${path}`, {
          method: path.includes('/object/list/') ? 'POST' : 'GET',
          headers: { apikey: platform().anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: path.includes('/object/list/') ? JSON.stringify({ prefix: '' }) : undefined,
        });
        expect(response.status, `${role} ${path}`).toBe(401);
        expect(await response.json()).toMatchObject({ code: 'invalid_jwt_role' });
      }
    }
  });

  it('answers a malformed request line and a malformed target with a JSON 400', async () => {
    const { hostname, port } = new URL(platform().apiUrl);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.write('GET /rest/v1/ HTTP/9.Z\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({ message: 'Malformed HTTP request' });

    const target = await get('//[bad/rest/v1/rooms', { apikey: platform().anonKey }, false);
    expect(target.status).toBe(400);
    expect(JSON.parse(target.body)).toEqual({ message: 'Malformed request target' });
  });

  it('gives anon and authenticated the statement timeouts of hosted Supabase', async () => {
    const rows = await sql<{ rolname: string; rolconfig: string[] }>(
      `select rolname, rolconfig from pg_roles where rolname in ('anon', 'authenticated') order by rolname`,
    );
    expect(rows).toEqual([
      { rolname: 'anon', rolconfig: ['statement_timeout=3s'] },
      { rolname: 'authenticated', rolconfig: ['statement_timeout=8s'] },
    ]);
  });

  it('ends a catastrophic regex filter within the role limit while other requests are served', async () => {
    const apikey = platform().anonKey;
    const started = Date.now();
    const attack = fetch(
      `${platform().apiUrl}/rest/v1/rooms?select=id&description=match.${encodeURIComponent('^(.*)(.*)(.*)(.*)\\1\\2\\3\\4$')}`,
      { headers: { apikey } },
    ).then(async (response) => ({ status: response.status, body: await response.text(), ms: Date.now() - started }));
    const normal = await fetch(`${platform().apiUrl}/rest/v1/rooms?select=id&limit=1`, { headers: { apikey } });
    const normalMs = Date.now() - started;
    const refused = await attack;
    expect(normal.status).toBe(200);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    // anon's statement_timeout is 3 s (PGlite refuses the filter at once instead)
    expect(refused.ms).toBeLessThan(3000 + 1500);
    expect(normalMs).toBeLessThan(3000 + 1500);
    expect(refused.body).toMatch(/statement timeout|Regular-expression filters/);
  });
});
