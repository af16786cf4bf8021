// Channel calendar import against the real platform: the seeded demo feed, feeds shaped like
// Booking.com's and Airbnb's exports and a channel manager's date-time feed across a DST change,
// cancellations after two missed syncs, conflicts with bookings, bad feeds refused.
// Feed server, calls and set-up: channel-sync-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { anonClient, platform, sql } from '../support';
import {
  setUpChannelSync,
  springForward,
  compact,
  type Served,
  routes,
  addDays,
  day,
  fixture,
  hits,
  serve,
  syncAirbnb,
  newRoom,
  onlyAirbnbFeed,
  blocks,
} from './channel-sync-fixtures';

setUpChannelSync();

// ---------------------------------------------------------------- import
describe('import', () => {
  it("syncs the seeded demo feed: Superior King's Airbnb calendar is Standard King's export on this platform", async () => {
    const superiorKing = '10000000-0000-4000-8000-000000000001';
    const [seeded] = await sql<{ id: string; import_url: string }>(
      `select id, import_url from public.channel_feeds where room_id = $1 and platform = 'airbnb'`,
      [superiorKing],
    );
    // the seed points the feed at the instance it seeds (app.api_url), here the suite's own port
    expect(new URL(seeded.import_url).origin).toBe(platform().apiUrl);
    await onlyAirbnbFeed(seeded.id, seeded.import_url);
    // Standard King's pending request over +30..+32 is the seed's CG-DEMO08. Another file's timers, run
    // with the clock moved days ahead, expire it when that file runs first; then a pending request of
    // this test's own stands in for it, over the same nights, so the export still holds those nights.
    const [demo08] = await sql<{ status: string; room_id: string; check_in: string; check_out: string }>(
      `select status::text, room_id::text, check_in_date::text as check_in, check_out_date::text as check_out
       from public.bookings where reference = 'CG-DEMO08'`,
    );
    const standIn =
      demo08.status === 'pending'
        ? null
        : (
            await sql<{ id: string }>(
              `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests,
                 status, hold_expires_at)
               values ($1, 'Hold Stand-in', 'stand-in@channel-sync.test.example.com', $2, $3, 2, 'pending',
                 now() + interval '1 hour')
               returning id::text`,
              [demo08.room_id, demo08.check_in, demo08.check_out],
            )
          )[0].id;
    const result = await syncAirbnb();
    expect(result.body).toMatchObject({ feeds: 1, conflicts: 0, failed: 0 });
    const [today] = await sql<{ d: string }>('select current_date::text as d');
    const seedDay = (offset: number) => addDays(today.d, offset);
    // the feed's blocks from today on: Standard King's seeded stays ahead (the seed's report history
    // adds past stays to both rooms, and channel blocks of its own)
    const fromFeed = await sql<{ check_in: string; check_out: string; status: string }>(
      `select check_in_date::text as check_in, check_out_date::text as check_out, status::text
       from public.external_blocks where feed_id = $1 and check_out_date >= current_date order by check_in_date`,
      [seeded.id],
    );
    expect(fromFeed.map((block) => [block.check_in, block.check_out, block.status])).toEqual([
      // the board's demo: CG-DEMO22 arriving today, the desk's Expedia booking
      [seedDay(0), seedDay(3), 'active'],
      [seedDay(5), seedDay(8), 'active'],
      [seedDay(30), seedDay(32), 'active'],
      [seedDay(45), seedDay(48), 'active'],
    ]);
    await sql('delete from public.external_blocks where feed_id = $1', [seeded.id]);
    await sql('update public.channel_feeds set import_url = $2 where id = $1', [seeded.id, seeded.import_url]);
    if (standIn) await sql('delete from public.bookings where id = $1', [standIn]);
  });

  it('imports a Booking.com export as blocks of the room, and a second sync changes nothing', async () => {
    const { roomId, feeds } = await newRoom('booking');
    await onlyAirbnbFeed(feeds.airbnb, serve('/booking.ics', { body: fixture('booking-com.ics'), etag: '"v1"' }));

    const first = await syncAirbnb();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ feeds: 1, created: 3, updated: 0, cancelled: 0, conflicts: 0, failed: 0 });
    expect(await blocks(roomId)).toEqual([
      expect.objectContaining({ check_in: day(-2), check_out: day(2), status: 'active' }),
      expect.objectContaining({
        check_in: day(100),
        check_out: day(103),
        status: 'active',
        summary: 'CLOSED - Not available',
      }),
      expect.objectContaining({ check_in: day(110), check_out: day(112), status: 'active' }),
    ]);
    const before = await sql('select id, updated_at from public.external_blocks where room_id = $1 order by id', [
      roomId,
    ]);

    // same ETag: the server answers 304 and nothing is touched
    const second = await syncAirbnb();
    expect(hits.get('/booking.ics')?.ifNoneMatch).toBe('"v1"');
    expect(second.body).toMatchObject({ created: 0, updated: 0, cancelled: 0, unchanged: 3 });
    // a new ETag with the same events: still nothing changes
    routes.get('/booking.ics')!.etag = '"v2"';
    const third = await syncAirbnb();
    expect(third.body).toMatchObject({ created: 0, updated: 0, cancelled: 0, conflicts: 0, unchanged: 3 });
    expect(
      await sql('select id, updated_at from public.external_blocks where room_id = $1 order by id', [roomId]),
    ).toEqual(before);

    const runs = await sql<{ http_status: number; created_count: number; unchanged_count: number; trigger: string }>(
      'select http_status, created_count, unchanged_count, trigger from public.channel_sync_runs where feed_id = $1 order by started_at',
      [feeds.airbnb],
    );
    expect(runs.map((run) => run.http_status)).toEqual([200, 304, 200]);
    expect(runs[0]).toMatchObject({ created_count: 3, trigger: 'manual' });
  });

  it("reads Airbnb's reservations and its long 'Not available' window, and the public booking refuses those dates", async () => {
    const { roomId, feeds } = await newRoom('airbnb');
    await onlyAirbnbFeed(feeds.airbnb, serve('/airbnb.ics', { body: fixture('airbnb.ics') }));
    expect((await syncAirbnb()).body).toMatchObject({ created: 2, failed: 0 });
    expect(await blocks(roomId)).toEqual([
      expect.objectContaining({ check_in: day(120), check_out: day(125), summary: 'Reserved' }),
      expect.objectContaining({ check_in: day(380), check_out: day(400), summary: 'Airbnb (Not available)' }),
    ]);

    const anon = anonClient();
    const blocked = await anon.rpc('room_is_available', {
      p_room_id: roomId,
      p_check_in: day(123),
      p_check_out: day(126),
    });
    expect(blocked.data).toBe(false);
    const free = await anon.rpc('room_is_available', {
      p_room_id: roomId,
      p_check_in: day(125),
      p_check_out: day(127),
    });
    expect(free.data).toBe(true);
    const ids = await anon.rpc('available_room_ids', { p_check_in: day(121), p_check_out: day(122) });
    expect(ids.data).not.toContain(roomId);
    await sql(`delete from private.rate_limit_hits where action = 'request_booking'`);
    const request = await anon.rpc('request_booking', {
      p_room_id: roomId,
      p_check_in: day(124),
      p_check_out: day(126),
      p_guests: 2,
      p_guest_name: 'Double Booker',
      p_guest_email: 'double@channel.test.example.com',
    });
    expect(request.error?.message).toBe('This room is not available for the selected dates.');
  });

  it('turns date-times into Rome calendar dates across the spring DST change', async () => {
    const { roomId, feeds } = await newRoom('dst');
    await onlyAirbnbFeed(feeds.airbnb, serve('/dst.ics', { body: fixture('channel-manager-dst.ics') }));
    expect((await syncAirbnb()).body).toMatchObject({ created: 2, failed: 0 });
    const spring = springForward();
    expect(await blocks(roomId)).toEqual([
      // 23:00Z the Friday before is Saturday 00:00 CET; 22:30Z on the Sunday is Monday 00:30 CEST
      expect.objectContaining({
        event_uid: 'spring-forward-utc@channel-manager.example',
        check_in: addDays(spring, -1),
        check_out: addDays(spring, 1),
      }),
      expect.objectContaining({
        event_uid: 'spring-forward-rome@channel-manager.example',
        check_in: addDays(spring, 3),
        check_out: addDays(spring, 5),
      }),
    ]);
  });

  it('cancels an event only after two syncs in a row miss it, and never one already under way', async () => {
    const { roomId, feeds } = await newRoom('cancel');
    const path = '/cancel.ics';
    await onlyAirbnbFeed(feeds.airbnb, serve(path, { body: fixture('booking-com.ics') }));
    await syncAirbnb();
    // the guest cancels on Booking.com: the event at +100 and the stay under way leave the feed
    routes.set(path, {
      body: fixture('booking-com.ics', [
        '6a1c1f0e8d2b4c5e9f00a1b2c3d4e5f6@booking.com',
        '0f0e0d0c0b0a49088706050403020100@booking.com',
      ]),
    });
    expect((await syncAirbnb()).body).toMatchObject({ cancelled: 0, unchanged: 1 });
    expect((await blocks(roomId)).map((block) => block.status)).toEqual(['active', 'active', 'active']);
    expect((await syncAirbnb()).body).toMatchObject({ cancelled: 1, unchanged: 1 });
    expect((await blocks(roomId)).map((block) => [block.check_in, block.status])).toEqual([
      [day(-2), 'active'],
      [day(100), 'cancelled'],
      [day(110), 'active'],
    ]);
    // cancelled dates are free again
    const free = await anonClient().rpc('room_is_available', {
      p_room_id: roomId,
      p_check_in: day(100),
      p_check_out: day(103),
    });
    expect(free.data).toBe(true);
  });

  it('keeps an event that collides with a booking as a conflict, alerts the admin, and leaves the booking alone', async () => {
    const { roomId, feeds } = await newRoom('conflict');
    const [booking] = await sql<{ id: string }>(
      `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, status)
       values ($1, 'Direct Guest', 'direct@channel.test.example.com', $2, $3, 'confirmed') returning id`,
      [roomId, day(101), day(104)],
    );
    await onlyAirbnbFeed(feeds.airbnb, serve('/conflict.ics', { body: fixture('booking-com.ics') }));
    const result = await syncAirbnb();
    expect(result.body).toMatchObject({ created: 2, conflicts: 1 });
    const conflict = (await blocks(roomId)).find((block) => block.status === 'conflict');
    expect(conflict).toMatchObject({
      check_in: day(100),
      check_out: day(103),
      event_uid: '6a1c1f0e8d2b4c5e9f00a1b2c3d4e5f6@booking.com',
    });
    const alerts = await sql<{ severity: string; occurrences: number; metadata: Record<string, unknown> }>(
      `select severity::text, occurrences, metadata from public.security_alerts
       where alert_type = 'channel_conflict' and dedup_key = $1 and status = 'active'`,
      [`${feeds.airbnb}:6a1c1f0e8d2b4c5e9f00a1b2c3d4e5f6@booking.com`],
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ severity: 'high', metadata: { room_id: roomId, check_in: day(100) } });
    expect(await sql('select status::text from public.bookings where id = $1', [booking.id])).toEqual([
      { status: 'confirmed' },
    ]);

    // re-running keeps the conflict without a second alert; once the booking is cancelled, the block takes the room
    expect((await syncAirbnb()).body).toMatchObject({ created: 0, conflicts: 1 });
    expect(
      (
        await sql(`select occurrences from public.security_alerts where dedup_key = $1`, [
          alerts[0] && `${feeds.airbnb}:6a1c1f0e8d2b4c5e9f00a1b2c3d4e5f6@booking.com`,
        ])
      )[0],
    ).toEqual({ occurrences: 1 });
    await sql(`update public.bookings set status = 'cancelled' where id = $1`, [booking.id]);
    expect((await syncAirbnb()).body).toMatchObject({ updated: 1, conflicts: 0 });
  });

  it('refuses bad feeds with a clear error on the run and changes nothing', async () => {
    const { roomId, feeds } = await newRoom('bad');
    await onlyAirbnbFeed(feeds.airbnb, serve('/good.ics', { body: fixture('airbnb.ics') }));
    await syncAirbnb();
    const before = await blocks(roomId);
    const manyEvents = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${Array.from(
      { length: 20_000 },
      (_, i) => `BEGIN:VEVENT\r\nUID:${i}\r\nDTSTART;VALUE=DATE:${compact(day(200))}\r\nEND:VEVENT\r\n`,
    ).join('')}END:VCALENDAR\r\n`;
    const cases: [string, Served | string, RegExp][] = [
      [
        '/page.html',
        { body: '<!doctype html><html><body>Sign in</body></html>', headers: { 'content-type': 'text/html' } },
        /not.*iCalendar/,
      ],
      [
        '/garbage.ics',
        { body: 'BEGIN:VCALENDAR\r\nthis is : not ; valid\r\nBEGIN:VEVENT\r\n' },
        /could not be read|without UID/,
      ],
      ['/huge.ics', { body: 'X'.repeat(10 * 1024 * 1024) }, /larger than/],
      ['/many.ics', { body: manyEvents }, /20000 events/],
      ['/gone.ics', { status: 500, body: 'oops' }, /HTTP 500/],
      ['/moved.ics', { status: 302, body: '', headers: { location: 'http://169.254.169.254/latest' } }, /redirect/],
      ['private', 'http://10.0.0.7/calendar.ics', /private or local network|https/],
      ['metadata', 'https://169.254.169.254/latest/meta-data', /private or local network/],
      ['plain http', 'http://93.184.216.34/calendar.ics', /Only https/],
    ];
    for (const [name, served, message] of cases) {
      await onlyAirbnbFeed(feeds.airbnb, typeof served === 'string' ? served : serve(name, served));
      const result = await syncAirbnb();
      expect(result.status, name).toBe(502);
      expect(result.body.error, name).toMatch(/^Failed to sync rooms with Airbnb: /);
      expect(result.body.error, name).toMatch(message);
      expect(await blocks(roomId), name).toEqual(before);
    }
    const [lastRun] = await sql<{ error: string }>(
      'select error from public.channel_sync_runs where feed_id = $1 order by started_at desc limit 1',
      [feeds.airbnb],
    );
    expect(lastRun.error).toMatch(/Only https/);
  });
});
