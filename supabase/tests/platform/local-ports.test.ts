// Two local platforms side by side (issue 42, "The local platform"): the database's and the Stripe
// stand-in's ports follow the API port unless their variables say otherwise, a port in use names
// the variable to set, and e-mail links lead to the site `npm start` actually serves (PORT), not
// a fixed 8080.
import { createServer, type Server } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { platformOptionsFromEnv } from '../../local/cli';
import { partPorts, startPlatform } from '../../local/platform';
import { readInbox } from '../inbox';
import { startFixturePlatform } from '../support';

async function occupiedPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

describe('the ports of a local platform', () => {
  it('follow the API port, each unless its variable is set', () => {
    expect(partPorts(54321)).toEqual({ db: 54322, stripe: 54330 });
    expect(partPorts(54421)).toEqual({ db: 54422, stripe: 54430 });
    expect(platformOptionsFromEnv({ SUPABASE_API_PORT: '54421' })).toMatchObject({
      apiPort: 54421,
      dbPort: undefined,
      stripePort: undefined,
      siteUrl: undefined,
    });
    expect(
      platformOptionsFromEnv({ SUPABASE_API_PORT: '54421', SUPABASE_STRIPE_PORT: '61000', PORT: '8090' }),
    ).toMatchObject({ apiPort: 54421, stripePort: 61000, siteUrl: 'http://127.0.0.1:8090' });
  });

  it('a Stripe port in use stops the start with the variable to set', async () => {
    const taken = await occupiedPort();
    try {
      await expect(startFixturePlatform('project', { stripePort: taken.port })).rejects.toThrow(
        new RegExp(`stripe stand-in: port ${taken.port} is already in use .*SUPABASE_STRIPE_PORT`),
      );
    } finally {
      taken.server.close();
    }
  }, 120_000);
});

describe('e-mail links', () => {
  it("lead to the site's actual address", async () => {
    const platform = await startPlatform({
      apiPort: 0,
      dataDir: null,
      databaseUrl: process.env.SUPABASE_DB_URL || undefined,
      seed: false,
      schedule: false,
      siteUrl: 'http://127.0.0.1:5999',
    });
    const db = new pg.Client({ connectionString: platform.dbUrl });
    await db.connect();
    try {
      const {
        rows: [room],
      } = await db.query<{ id: string }>(
        `insert into public.rooms (name, room_number, room_type, status, price_per_night, max_guests)
         values ('Port room', 'PORT-1', 'classic', 'available', 100, 2) returning id::text`,
      );
      const {
        rows: [day],
      } = await db.query<{ from: string; to: string }>(
        `select (private.rome_today() + 30)::text as from, (private.rome_today() + 32)::text as to`,
      );
      const guest = 'ports@ports.test.example.com';
      const requested = await fetch(`${platform.apiUrl}/rest/v1/rpc/request_booking`, {
        method: 'POST',
        headers: { apikey: platform.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          p_room_id: room.id,
          p_check_in: day.from,
          p_check_out: day.to,
          p_guests: 2,
          p_guest_name: 'Port Guest',
          p_guest_email: guest,
        }),
      });
      expect(requested.status, await requested.clone().text()).toBe(200);
      const dispatched = await fetch(`${platform.apiUrl}/functions/v1/emails`, {
        method: 'POST',
        headers: { authorization: `Bearer ${platform.serviceRoleKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'dispatch' }),
      });
      expect(dispatched.status).toBe(200);
      const [mail] = await readInbox(platform.apiUrl, guest);
      expect(mail.text).toMatch(/http:\/\/127\.0\.0\.1:5999\/booking\/CG-[A-Z0-9]+\?token=/);
      expect(mail.text).not.toContain('127.0.0.1:8080');
    } finally {
      await db.end();
      await platform.stop();
    }
  }, 180_000);
});
