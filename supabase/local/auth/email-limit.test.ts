// GoTrue's hourly e-mail limit ([auth.rate_limit] email_sent), which applies while sign-ups need
// confirming: the auth service on its own server, against the test platform's database.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAuthService } from '.';
import type { OutgoingMail } from './mail';

const platform = inject('platform');
const pool = new pg.Pool({ connectionString: platform.dbUrl, max: 2 });
const sent: OutgoingMail[] = [];
const auth = createAuthService({
  pool,
  jwtSecret: platform.jwtSecret,
  siteUrl: 'http://127.0.0.1:3000',
  signUpRateLimit: { max: 100, windowMs: 60_000 },
  enableConfirmations: true,
  emailSentPerHour: 2,
  sendMail: (mail) => sent.push(mail),
});
const server = http.createServer((req, res) => {
  req.url = (req.url ?? '/').replace(/^\/auth\/v1/, '');
  void auth.handle(req, res);
});
let url = '';
const anon = () =>
  createClient(url, platform.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: class {} as never },
  });
const newEmail = () => `limit-${Math.random().toString(36).slice(2, 10)}@example.com`;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await pool.end();
});

describe('e-mail rate limit', () => {
  it('refuses the e-mail past email_sent per hour with over_email_send_rate_limit, and creates nothing', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await anon().auth.signUp({ email: newEmail(), password: 'limit-pass-1' })).error).toBeNull();
    }
    const refused = newEmail();
    const third = await anon().auth.signUp({ email: refused, password: 'limit-pass-1' });
    expect(third.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(third.error?.message).toBe('email rate limit exceeded');
    expect(sent).toHaveLength(2);
    const rows = await pool.query('select 1 from auth.users where email = $1', [refused]);
    expect(rows.rowCount).toBe(0);
  });
});
