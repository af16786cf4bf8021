// The deploy hook end to end: published content changes → one debounced POST to the static host's
// build hook, through the webhooks outbox and the `webhooks` function's dispatcher, to a receiver on
// a local port. The debounce window is crossed by moving the database clock (private.clock_offset)
// instead of waiting.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultDesign } from '../../../src/lib/design/schema';
import type { Json } from '../../../src/types/database';
import { accessToken, anonClient, callFunction, DEMO, platform, signedInClient, sql, type Client } from '../support';

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
interface Reply {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

class Receiver {
  received: Received[] = [];
  replies: Reply[] = [{ status: 200, body: '{}' }];
  private server: Server | null = null;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString(),
        });
        const reply = this.replies.length > 1 ? this.replies.shift()! : this.replies[0];
        response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        response.end(reply.body ?? '');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const callAs = (token: string, body: Record<string, unknown>) => callFunction('webhooks', token, body);

const dispatch = async () => {
  const result = await callAs(platform().serviceRoleKey, { action: 'dispatch' });
  expect(result.status).toBe(200);
  return result.body as { claimed: number; delivered: number; retried: number; failed: number };
};

/** Moves the database clock forward (what the outbox's due times read). */
const moveClock = (seconds: number) =>
  sql('update private.clock_offset set offset_by = offset_by + make_interval(secs => $1)', [seconds]);

const rebuilds = () =>
  sql<{
    id: string;
    event_type: string;
    status: string;
    attempt_count: number;
    last_response_status: number | null;
    last_error: string | null;
    payload: { type: string; data?: { changed: string[] } };
    due_in_seconds: number;
  }>(
    `select id, event_type, status::text, attempt_count, last_response_status, last_error, payload,
            extract(epoch from next_attempt_at - private.clock_now())::float as due_in_seconds
     from public.webhook_deliveries where endpoint_id is null order by created_at`,
  );

const setHookDirectly = (url: string) =>
  sql('insert into private.deploy_hook (id, url) values (true, $1) on conflict (id) do update set url = excluded.url', [
    url,
  ]);

let admin: Client;
let staff: Client;
let adminToken: string;
const receiver = new Receiver();
const HOOK_PATH = '/build_hooks/5f3c2a9d81e4b7c6a0d2e1f4';

/** A site text a staff member edits, changed to a new value each time (restored in afterAll). */
let edits = 0;
let original: { key: string; value: string };
async function editSiteText(client: Client = staff) {
  const { error } = await client
    .from('site_content')
    .update({ value: `Edited ${++edits}` })
    .eq('key', original.key);
  expect(error).toBeNull();
}

/** Crosses the debounce window and runs the dispatcher as the scheduler does. */
async function afterTheWindow() {
  await moveClock(50);
  return dispatch();
}

beforeAll(async () => {
  admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
  staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
  adminToken = await accessToken(admin);
  [original] = await sql<{ key: string; value: string }>(
    'select key, value from public.site_content order by key limit 1',
  );
  await receiver.start();
});

beforeEach(async () => {
  receiver.received = [];
  receiver.replies = [{ status: 200, body: '{}' }];
  await setHookDirectly(receiver.url(HOOK_PATH));
});

afterEach(async () => {
  await sql('delete from public.webhook_deliveries where endpoint_id is null');
  await sql("update private.clock_offset set offset_by = interval '0'");
  await sql("delete from public.security_alerts where alert_type = 'deploy_hook_failed'");
});

afterAll(async () => {
  await sql('delete from private.deploy_hook');
  await sql('update public.site_content set value = $2 where key = $1', [original.key, original.value]);
  await receiver.stop();
});

// ---------------------------------------------------------------- debounced rebuilds
describe('published changes rebuild the site once, after a short window', () => {
  it('a site text change sends exactly one POST to the hook within a minute', async () => {
    await editSiteText();
    const [row] = await rebuilds();
    expect(row).toMatchObject({ event_type: 'site.rebuild', status: 'pending', attempt_count: 0 });
    expect(row.due_in_seconds).toBeGreaterThan(30);
    expect(row.due_in_seconds).toBeLessThanOrEqual(60);

    // the window is still open: nothing is sent yet
    expect(await dispatch()).toMatchObject({ claimed: 0 });
    expect(receiver.received).toEqual([]);

    expect(await afterTheWindow()).toMatchObject({ claimed: 1, delivered: 1 });
    expect(receiver.received).toHaveLength(1);
    const [post] = receiver.received;
    expect(post).toMatchObject({ method: 'POST', path: HOOK_PATH });
    expect(JSON.parse(post.body)).toMatchObject({ type: 'site.rebuild', data: { changed: ['site_content'] } });

    expect(await rebuilds()).toMatchObject([{ status: 'delivered', attempt_count: 1, last_response_status: 200 }]);
    await moveClock(120);
    expect(await dispatch()).toMatchObject({ claimed: 0 });
    expect(receiver.received).toHaveLength(1);
  });

  it('three quick changes send one POST naming what changed; a later change opens a new window', async () => {
    await editSiteText();
    const { error: amenityError } = await staff
      .from('amenities')
      .insert({ name: 'Rooftop terrace', icon_name: 'Sun', category: 'facility' });
    expect(amenityError).toBeNull();
    await moveClock(20);
    await editSiteText();
    expect(await rebuilds()).toHaveLength(1);

    await afterTheWindow();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0].body).data.changed).toEqual(['site_content', 'amenities']);

    await editSiteText();
    expect(await dispatch()).toMatchObject({ claimed: 0 });
    await afterTheWindow();
    expect(receiver.received).toHaveLength(2);
    await sql("delete from public.amenities where name = 'Rooftop terrace'");
  });

  it('rooms, rates and the city tax ask for a rebuild; a no-op update does not', async () => {
    const [{ id: roomId, price }] = await sql<{ id: string; price: string }>(
      'select id, price_per_night::text as price from public.rooms order by room_number limit 1',
    );
    // the same values again: nothing the public sees changed
    const { error: sameError } = await staff
      .from('rooms')
      .update({ price_per_night: Number(price) })
      .eq('id', roomId);
    expect(sameError).toBeNull();
    expect(await rebuilds()).toEqual([]);

    const { error: seasonError } = await staff.from('room_rate_seasons').insert({
      room_id: roomId,
      name: 'Deploy hook season',
      starts_on: '2031-07-01',
      ends_on: '2031-07-31',
      price_per_night: 321,
    });
    expect(seasonError).toBeNull();
    const { error: taxError } = await admin.rpc('add_city_tax_rate', {
      p_valid_from: '2099-01-01',
      p_amount_cents: 750,
    });
    expect(taxError).toBeNull();
    const [row] = await rebuilds();
    expect(row.payload.data?.changed).toEqual(['room_rate_seasons', 'city_tax_rates']);
    await sql("delete from public.room_rate_seasons where name = 'Deploy hook season'");
    await sql("delete from public.city_tax_rates where valid_from = '2099-01-01'");
    await sql("update public.city_tax_rates set valid_to = null where valid_to = '2098-12-31'");
  });

  it("a promo code's use count asks for a rebuild only when the code is used up", async () => {
    const [{ id: roomId }] = await sql<{ id: string }>('select id from public.rooms order by room_number limit 1');
    const [{ id: codeId }] = await sql<{ id: string }>(
      `insert into public.room_promo_codes (room_id, promo_code, discount_percentage, max_uses, current_uses)
       values ($1, 'DEPLOYHOOK', 10, 2, 0) returning id`,
      [roomId],
    );
    await sql('delete from public.webhook_deliveries where endpoint_id is null');
    // what request_booking does for each use
    await sql('update public.room_promo_codes set current_uses = current_uses + 1 where id = $1', [codeId]);
    expect(await rebuilds()).toEqual([]);
    await sql('update public.room_promo_codes set current_uses = current_uses + 1 where id = $1', [codeId]);
    expect((await rebuilds()).map((r) => r.payload.data?.changed)).toEqual([['room_promo_codes']]);
    await sql('delete from public.room_promo_codes where id = $1', [codeId]);
  });

  it('saving a design draft sends nothing; publishing it sends one rebuild', async () => {
    const [{ n: designRows }] = await sql<{ n: number }>(
      'select (select count(*) from public.design_draft) + (select count(*) from public.design_versions) as n',
    );
    const revision = (await sql<{ revision: number }>('select revision from public.design_draft'))[0]?.revision ?? 0;
    const design = { ...defaultDesign(), tokens: { ...defaultDesign().tokens, primary: '210 60% 20%' } };
    const saved = await staff.rpc('save_design_draft', {
      p_document: design as unknown as Json,
      p_base_revision: revision,
    });
    expect(saved.error).toBeNull();
    expect(await rebuilds()).toEqual([]);
    expect(await afterTheWindow()).toMatchObject({ claimed: 0 });
    expect(receiver.received).toEqual([]);

    // what publish_design writes (site-design.test.ts covers who may publish; done here as the
    // superuser so that no admin's publication is left in the append-only audit trail)
    await sql(
      `with version as (
         insert into public.design_versions (number, document, note)
         values ((select coalesce(max(number), 0) + 1 from public.design_versions), $1::jsonb, 'deploy hook')
         returning id)
       insert into public.design_published (id, version_id, document)
       select true, version.id, $1::jsonb from version
       on conflict (id) do update set version_id = excluded.version_id, document = excluded.document`,
      [JSON.stringify(design)],
    );
    await afterTheWindow();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0].body).data.changed).toEqual(['design_published']);
    if (Number(designRows) === 0) {
      await sql('truncate public.design_published, public.design_versions, public.design_draft');
    }
  });

  it('a pending review sends nothing; approving it sends one rebuild', async () => {
    const { data: review, error } = await staff
      .from('reviews')
      .insert({ guest_name: 'Marie Curie', rating: 5, comment: 'A lovely stay near the Colosseum.' })
      .select('id')
      .single();
    expect(error).toBeNull();
    // replying to a review the public does not see yet changes nothing public either
    await staff.from('reviews').update({ host_reply: 'Grazie mille!' }).eq('id', review!.id);
    expect(await rebuilds()).toEqual([]);
    expect(await afterTheWindow()).toMatchObject({ claimed: 0 });

    const { error: approveError } = await staff.from('reviews').update({ approved: true }).eq('id', review!.id);
    expect(approveError).toBeNull();
    await afterTheWindow();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0].body).data.changed).toEqual(['reviews']);
    await sql('delete from public.reviews where id = $1', [review!.id]);
  });

  it('without a deploy hook nothing is queued', async () => {
    await sql('delete from private.deploy_hook');
    await editSiteText();
    expect(await rebuilds()).toEqual([]);
  });
});

// ---------------------------------------------------------------- retries and the log
describe('failed rebuilds are retried with backoff and logged for the admins', () => {
  it('a 500 answer is retried after about 5 s; changes meanwhile add nothing; then delivered', async () => {
    receiver.replies = [
      { status: 500, body: 'build service down' },
      { status: 200, body: '{}' },
    ];
    await editSiteText();
    expect(await afterTheWindow()).toMatchObject({ claimed: 1, retried: 1 });
    let [row] = await rebuilds();
    expect(row).toMatchObject({ status: 'pending', attempt_count: 1, last_response_status: 500 });
    expect(row.due_in_seconds).toBeGreaterThan(3.5);
    expect(row.due_in_seconds).toBeLessThan(5.6);

    await editSiteText();
    expect(await rebuilds()).toHaveLength(1);

    await moveClock(6);
    expect(await dispatch()).toMatchObject({ claimed: 1, delivered: 1 });
    [row] = await rebuilds();
    expect(row).toMatchObject({ status: 'delivered', attempt_count: 2, last_response_status: 200 });
    expect(receiver.received).toHaveLength(2);

    // the admins read the log; staff do not
    const { data: log } = await admin
      .from('webhook_deliveries')
      .select('status, attempt_count, last_response_status, last_error, last_attempt_at')
      .is('endpoint_id', null);
    expect(log).toEqual([
      expect.objectContaining({ status: 'delivered', attempt_count: 2, last_response_status: 200 }),
    ]);
    expect((await staff.from('webhook_deliveries').select('id').is('endpoint_id', null)).data ?? []).toEqual([]);
  });

  it('410 Gone ends the rebuild and alerts the admins, with the URL masked', async () => {
    receiver.replies = [{ status: 410, body: 'hook deleted' }];
    await editSiteText();
    expect(await afterTheWindow()).toMatchObject({ claimed: 1, failed: 1 });
    expect((await rebuilds())[0].status).toBe('failed');
    const alerts = await sql<{ description: string; severity: string }>(
      "select description, severity::text from public.security_alerts where alert_type = 'deploy_hook_failed'",
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0].description).toContain(`127.0.0.1:${receiver.port}/…e1f4`);
    expect(alerts[0].description).not.toContain(HOOK_PATH);
  });

  it('Send a test build posts once now and is never retried', async () => {
    const result = await callAs(adminToken, { action: 'test_deploy_hook' });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ outcome: 'delivered', status: 200 });
    expect(JSON.parse(receiver.received[0].body)).toMatchObject({ type: 'deploy_hook.test' });

    receiver.replies = [{ status: 404, body: 'no such hook' }];
    const failed = await callAs(adminToken, { action: 'test_deploy_hook' });
    expect(failed.body).toMatchObject({ outcome: 'failed', status: 404 });
    await moveClock(600);
    expect(await dispatch()).toMatchObject({ claimed: 0 });
    expect(receiver.received).toHaveLength(2);
  });
});

// ---------------------------------------------------------------- outbound rules
describe('only public https hooks; redirects are not followed', () => {
  it('a redirecting hook is not followed', async () => {
    const target = new Receiver();
    await target.start();
    try {
      receiver.replies = [{ status: 302, headers: { location: target.url('/elsewhere') } }];
      await editSiteText();
      expect(await afterTheWindow()).toMatchObject({ claimed: 1, retried: 1 });
      const [row] = await rebuilds();
      expect(row.last_error).toMatch(/redirect/i);
      expect(receiver.received).toHaveLength(1);
      expect(target.received).toEqual([]);
    } finally {
      await target.stop();
    }
  });

  it.each([
    ['https://10.0.0.5/build', /private or local/],
    ['https://169.254.169.254/latest/meta-data', /private or local/],
    ['http://93.184.216.34/build', /https/],
    ['ftp://127.0.0.1/build', /https/],
    ['https://user:secret@93.184.216.34/build', /credentials/],
    ['not a url', /not valid/],
    ['', /Please enter the deploy hook URL/],
  ])('refuses %s when saving, and keeps the hook it had', async (url, message) => {
    const result = await callAs(adminToken, { action: 'set_deploy_hook', url });
    expect(result.status).toBe(400);
    expect(result.body.error).toMatch(message);
    expect(await sql('select url from private.deploy_hook')).toEqual([{ url: receiver.url(HOOK_PATH) }]);
  });

  it('the database refuses plain http to other hosts even when called directly', async () => {
    const { error } = await admin.rpc('set_deploy_hook', { p_url: 'http://hooks.example.com/build' });
    expect(error?.message).toMatch(/must start with https:\/\//);
    const loopback = await admin.rpc('set_deploy_hook', { p_url: 'http://localhost:8888/build' });
    expect(loopback.error).toBeNull();
  });

  it('a private address that got past the save check is refused at send time', async () => {
    await setHookDirectly('https://10.1.2.3/build_hooks/abcd');
    await editSiteText();
    await afterTheWindow();
    const [row] = await rebuilds();
    expect(row).toMatchObject({ status: 'pending', last_response_status: null });
    expect(row.last_error).toMatch(/private or local/);
  });
});

// ---------------------------------------------------------------- who may do what
describe('only admins set the hook, and read it masked only', () => {
  it('an admin sets, reads back masked, replaces and removes the hook', async () => {
    await sql('delete from private.deploy_hook');
    const url = receiver.url('/build_hooks/6a1b2c3d4e5f60718293a4b5');
    const saved = await callAs(adminToken, { action: 'set_deploy_hook', url });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.settings).toMatchObject({
      configured: true,
      masked_url: `http://127.0.0.1:${receiver.port}/…a4b5`,
    });
    expect(JSON.stringify(saved.body)).not.toContain('6a1b2c3d4e5f');

    const { data: settings, error } = await admin.rpc('deploy_hook_settings');
    expect(error).toBeNull();
    expect(JSON.stringify(settings)).not.toContain('6a1b2c3d4e5f');
    expect(settings).toMatchObject({ configured: true, rebuild_due_at: null });

    await editSiteText();
    const { data: due } = await admin.rpc('deploy_hook_settings');
    expect((due as { rebuild_due_at: string | null }).rebuild_due_at).not.toBeNull();

    const audit = await sql("select 1 from public.audit_logs where new_values::text like '%6a1b2c3d4e5f%'");
    expect(audit).toEqual([]);

    const removed = await callAs(adminToken, { action: 'remove_deploy_hook' });
    expect(removed.body.settings).toMatchObject({ configured: false, masked_url: null, rebuild_due_at: null });
    // the rebuild not yet sent is dropped
    expect((await rebuilds()).map((r) => r.status)).toEqual(['failed']);
    expect(await afterTheWindow()).toMatchObject({ claimed: 0 });
  });

  it('anon, signed-in users without a role and staff can neither read nor set the hook', async () => {
    const guest = await signedInClient(DEMO.guest.email, DEMO.guest.password);
    const clients: [string, Client][] = [
      ['anon', anonClient()],
      ['guest', guest],
      ['staff', staff],
    ];
    for (const [role, client] of clients) {
      for (const [fn, args] of [
        ['deploy_hook_settings', {}],
        ['set_deploy_hook', { p_url: 'https://evil.example.com/hook' }],
        ['remove_deploy_hook', {}],
        ['enqueue_deploy_hook_test', {}],
      ] as const) {
        const { data, error } = await client.rpc(fn as never, args as never);
        expect(error, `${role} ${fn}`).not.toBeNull();
        expect(JSON.stringify(data ?? '')).not.toContain('127.0.0.1');
      }
      const direct = await client
        .schema('private' as 'public')
        .from('deploy_hook' as never)
        .select('*');
      expect(direct.error, role).not.toBeNull();

      const token = role === 'anon' ? platform().anonKey : await accessToken(client);
      for (const body of [
        { action: 'set_deploy_hook', url: 'https://evil.example.com/hook' },
        { action: 'remove_deploy_hook' },
        { action: 'test_deploy_hook' },
      ]) {
        const result = await callAs(token, body);
        expect(result.status, `${role} ${body.action}`).toBe(role === 'anon' ? 401 : 403);
      }
    }
    expect(await sql('select url from private.deploy_hook')).toEqual([{ url: receiver.url(HOOK_PATH) }]);
    expect(receiver.received).toEqual([]);
  });

  it('admins cannot read the URL directly nor write the log', async () => {
    const direct = await admin
      .schema('private' as 'public')
      .from('deploy_hook' as never)
      .select('*');
    expect(direct.error).not.toBeNull();
    await editSiteText();
    const update = await admin
      .from('webhook_deliveries')
      .update({ status: 'delivered' })
      .is('endpoint_id', null)
      .select('id');
    expect(update.error).not.toBeNull();
    expect((await rebuilds())[0].status).toBe('pending');
  });
});
