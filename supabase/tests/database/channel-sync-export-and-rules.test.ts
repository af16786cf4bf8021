// Channel calendars beyond the import, against the real platform: the export feed (no guest data,
// ETag, token rotation), Sync Rooms, who may do what, and the occupancy rule for bookings, external
// and manual blocks under concurrency. Feed server, calls and set-up: channel-sync-fixtures.ts.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { anonClient, newUserClient, platform, sql } from '../support';
import {
  setUpChannelSync,
  compact,
  day,
  fixture,
  serve,
  admin,
  staff,
  service,
  callSync,
  syncAirbnb,
  newRoom,
  setImportUrl,
  onlyAirbnbFeed,
  blocks,
  exportUrl,
} from './channel-sync-fixtures';

setUpChannelSync();

// ---------------------------------------------------------------- export
describe('export', () => {
  it('serves the room as all-day events without guest data, leaves out the channel’s own events, and supports ETag', async () => {
    const { roomId, feeds } = await newRoom('export');
    await sql(
      `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, status)
       values ($1, 'Secret Guest', 'secret@channel.test.example.com', $2, $3, 'pending'),
              ($1, 'Cancelled Guest', 'cancelled@channel.test.example.com', $4, $5, 'cancelled')`,
      [roomId, day(95), day(98), day(150), day(152)],
    );
    await sql(
      `insert into public.manual_blocks (room_id, check_in_date, check_out_date, reason) values ($1, $2, $3, 'owner_stay')`,
      [roomId, day(140), day(145)],
    );
    await onlyAirbnbFeed(feeds.airbnb, serve('/export-source.ics', { body: fixture('airbnb.ics') }));
    await syncAirbnb();

    // no apikey, no sign-in: as Booking.com's calendar importer calls it
    const bookingFeed = await fetch(await exportUrl(feeds.booking));
    expect(bookingFeed.status).toBe(200);
    expect(bookingFeed.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await bookingFeed.text();
    expect(text).not.toMatch(/Secret Guest|secret@|Reserved/);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events.map((event) => [event.startDate.toString(), event.endDate.toString(), event.summary])).toEqual([
      [day(95), day(98), 'Not available'],
      [day(120), day(125), 'Not available'],
      [day(140), day(145), 'Not available'],
      [day(380), day(400), 'Not available'],
    ]);
    expect(events.every((event) => event.startDate.isDate && event.uid.endsWith('@colosseum-guest-house'))).toBe(true);
    const stamps = text.match(/^DTSTAMP:.*$/gm) ?? [];
    expect(stamps).toHaveLength(4);
    expect(stamps.every((line) => /^DTSTAMP:\d{8}T\d{6}Z\r?$/.test(line))).toBe(true);

    // Airbnb's own feed leaves out what came from Airbnb
    const airbnbText = await (await fetch(await exportUrl(feeds.airbnb))).text();
    const airbnbEvents = new ICAL.Component(ICAL.parse(airbnbText)).getAllSubcomponents('vevent');
    expect(airbnbEvents.map((vevent) => new ICAL.Event(vevent).startDate.toString())).toEqual([day(95), day(140)]);

    // the same calendar twice: same ETag, and 304 when the caller has it
    const etag = bookingFeed.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(await exportUrl(feeds.booking), { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('kills the old URL when the admin rotates the token; staff and anon cannot see or rotate tokens', async () => {
    const { feeds } = await newRoom('rotate');
    const oldUrl = await exportUrl(feeds.booking);
    expect((await fetch(oldUrl)).status).toBe(200);

    const staffRotate = await staff.rpc('rotate_channel_export_token', { p_feed_id: feeds.booking });
    expect(staffRotate.error?.code).toBe('42501');
    expect((await staff.rpc('channel_export_tokens')).error?.code).toBe('42501');
    expect((await anonClient().rpc('channel_export_tokens')).error).not.toBeNull();

    const tokens = await admin.rpc('channel_export_tokens');
    expect(oldUrl).toContain(tokens.data!.find((row) => row.feed_id === feeds.booking)!.export_token);
    expect((await admin.rpc('rotate_channel_export_token', { p_feed_id: feeds.booking })).error).toBeNull();
    expect((await fetch(oldUrl)).status).toBe(404);
    expect((await fetch(await exportUrl(feeds.booking))).status).toBe(200);
    expect((await fetch(`${platform().apiUrl}/functions/v1/channel-calendar/not-a-token.ics`)).status).toBe(404);
  });
});

// ---------------------------------------------------------------- Sync Rooms and permissions
describe('Sync Rooms and who may do what', () => {
  it('stores the key server-side (only the last 4 characters come back) and syncs that platform’s feeds', async () => {
    const { roomId, feeds } = await newRoom('key');
    await setImportUrl(feeds.expedia, serve('/expedia.ics', { body: fixture('airbnb.ics') }));
    const result = await callSync({ action: 'sync_rooms', api_key: 'exp-live-key-9876', platform: 'expedia' });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ platform: 'expedia', failed: 0 });
    expect(result.body.created).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(result.body)).not.toContain('exp-live-key');
    expect((await blocks(roomId)).length).toBe(2);

    const hints = await admin.rpc('platform_api_key_hints');
    expect(hints.data?.find((hint) => hint.platform === 'expedia')?.last4).toBe('9876');
    expect(JSON.stringify(hints.data)).not.toContain('exp-live-key');
    // nobody reads the key through the API, admins included
    for (const client of [admin, staff, anonClient(), service]) {
      const direct = await client
        .schema('private' as 'public')
        .from('platform_api_keys' as 'rooms')
        .select('*');
      expect(direct.data ?? []).toEqual([]);
    }
    expect((await admin.from('channel_feeds').select('export_token')).error).not.toBeNull();
    await setImportUrl(feeds.expedia, null);
  });

  it('refuses Sync Rooms from anon, a user without a role and staff, and an empty key', async () => {
    const stranger = await newUserClient('channel');
    const strangerToken = (await stranger.client.auth.getSession()).data.session!.access_token;
    const staffToken = (await staff.auth.getSession()).data.session!.access_token;
    const body = { action: 'sync_rooms', api_key: 'some-key-1234', platform: 'booking' };
    expect((await callSync(body, '')).status).toBe(401);
    expect((await callSync(body, platform().anonKey)).status).toBe(401);
    expect((await callSync(body, strangerToken)).status).toBe(403);
    const byStaff = await callSync(body, staffToken);
    expect(byStaff.status).toBe(403);
    expect(byStaff.body.error).toBe('Only admins can sync booking platforms.');
    expect(
      (await staff.rpc('save_platform_api_key', { p_platform: 'booking', p_api_key: 'staff-key-0000' })).error?.code,
    ).toBe('42501');
    const empty = await callSync({ action: 'sync_rooms', api_key: '', platform: 'booking' });
    expect(empty.status).toBe(400);
    const unknown = await callSync({ action: 'sync_rooms', api_key: 'abcd1234', platform: 'trivago' });
    expect(unknown.status).toBe(400);
  });

  it('lets only admins read feeds and runs, staff read blocks and manage manual blocks, nobody else anything', async () => {
    const { roomId, feeds } = await newRoom('rls');
    await onlyAirbnbFeed(feeds.airbnb, serve('/rls.ics', { body: fixture('airbnb.ics') }));
    await syncAirbnb();
    const stranger = (await newUserClient('channel-rls')).client;
    const anon = anonClient();

    expect((await admin.from('channel_feeds').select('id').eq('room_id', roomId)).data).toHaveLength(4);
    expect((await admin.from('channel_sync_runs').select('id').eq('room_id', roomId)).data!.length).toBeGreaterThan(0);
    for (const client of [staff, stranger, anon]) {
      expect((await client.from('channel_feeds').select('id').eq('room_id', roomId)).data ?? []).toEqual([]);
      expect((await client.from('channel_sync_runs').select('id').eq('room_id', roomId)).data ?? []).toEqual([]);
      const update = await client
        .from('channel_feeds')
        .update({ import_url: 'https://evil.example/x.ics' })
        .eq('id', feeds.booking)
        .select();
      expect(update.data ?? []).toEqual([]);
      expect((await client.rpc('platform_api_key_hints')).error).not.toBeNull();
    }
    expect((await staff.from('external_blocks').select('id').eq('room_id', roomId)).data).toHaveLength(2);
    for (const client of [stranger, anon]) {
      expect((await client.from('external_blocks').select('id').eq('room_id', roomId)).data ?? []).toEqual([]);
      expect((await client.rpc('room_occupancy', { p_from: day(0), p_to: day(14) })).error).not.toBeNull();
    }
    // the sync's own function is for the service role only
    const record = await admin.rpc('channel_record_sync', {
      p_feed_id: feeds.airbnb,
      p_trigger: 'manual',
      p_started_at: new Date().toISOString(),
      p_http_status: 200,
      p_etag: '',
      p_events: [],
      p_error: '',
    });
    expect(record.error).not.toBeNull();
    expect((await staff.from('external_blocks').delete().eq('room_id', roomId).select()).data ?? []).toEqual([]);

    // manual blocks: staff add and remove; an overlap with a channel block is refused; others cannot
    const refused = await staff
      .from('manual_blocks')
      .insert({ room_id: roomId, check_in_date: day(124), check_out_date: day(127), reason: 'maintenance' });
    expect(refused.error?.message).toBe('This room is not available for the selected dates.');
    const added = await staff
      .from('manual_blocks')
      .insert({
        room_id: roomId,
        check_in_date: day(125),
        check_out_date: day(127),
        reason: 'maintenance',
        note: 'Paint',
      })
      .select()
      .single();
    expect(added.error).toBeNull();
    for (const client of [stranger, anon]) {
      const insert = await client
        .from('manual_blocks')
        .insert({ room_id: roomId, check_in_date: day(200), check_out_date: day(201), reason: 'other' });
      expect(insert.error).not.toBeNull();
    }
    const occupancy = await staff.rpc('room_occupancy', { p_from: day(118), p_to: day(132) });
    expect(occupancy.data?.filter((item) => item.room_id === roomId).map((item) => [item.kind, item.source])).toEqual(
      expect.arrayContaining([
        ['external', 'airbnb'],
        ['manual', 'manual'],
      ]),
    );
    expect((await staff.from('manual_blocks').delete().eq('id', added.data!.id).select()).data).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- never a double booking
describe('concurrency', () => {
  it('20 parallel booking requests, manual blocks and imports on the same room and dates leave no overlap', async () => {
    const { roomId, feeds } = await newRoom('race');
    await sql(`delete from private.rate_limit_hits where action = 'request_booking'`);
    await sql(`update public.channel_feeds set import_url = null`);
    // four channels each send a stay over the same dates
    for (const [index, platformName] of ['booking', 'expedia', 'hotels', 'airbnb'].entries()) {
      const body = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//race//EN\r\nBEGIN:VEVENT\r\nUID:race-${index}@${platformName}.example\r\nDTSTAMP:20261120T000000Z\r\nDTSTART;VALUE=DATE:${compact(day(300 + index))}\r\nDTEND;VALUE=DATE:${compact(day(304 + index))}\r\nSUMMARY:Reserved\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;
      await setImportUrl(feeds[platformName], serve(`/race-${platformName}.ics`, { body }));
    }
    const anon = anonClient();
    const attempts: PromiseLike<unknown>[] = [
      ...Array.from({ length: 10 }, (_, i) =>
        anon.rpc('request_booking', {
          p_room_id: roomId,
          p_check_in: day(301 + (i % 3)),
          p_check_out: day(305 + (i % 3)),
          p_guests: 1,
          p_guest_name: `Racer ${i}`,
          p_guest_email: `racer${i}@channel.test.example.com`,
        }),
      ),
      ...Array.from({ length: 6 }, (_, i) =>
        staff.from('manual_blocks').insert({
          room_id: roomId,
          check_in_date: day(302 + (i % 2)),
          check_out_date: day(306),
          reason: 'maintenance',
        }),
      ),
      ...['booking', 'expedia', 'hotels', 'airbnb'].map((name) => callSync({ action: 'sync_feeds', platform: name })),
    ];
    await Promise.all(attempts);

    const taken = await sql<{ kind: string; check_in: string; check_out: string }>(
      `select 'booking' as kind, check_in_date::text as check_in, check_out_date::text as check_out from public.bookings where room_id = $1 and status <> 'cancelled'
       union all select 'external', check_in_date::text, check_out_date::text from public.external_blocks where room_id = $1 and status = 'active'
       union all select 'manual', check_in_date::text, check_out_date::text from public.manual_blocks where room_id = $1`,
      [roomId],
    );
    expect(taken).toHaveLength(1);
    const [conflicts] = await sql<{ n: number }>(
      `select count(*)::int as n from public.external_blocks where room_id = $1 and status = 'conflict'`,
      [roomId],
    );
    expect(conflicts.n).toBe(taken[0].kind === 'external' ? 3 : 4);
    await sql(`update public.channel_feeds set import_url = null where room_id = $1`, [roomId]);
  });
});
