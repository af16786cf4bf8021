// Alerts that reach the host (issue 40 §4): a channel import that overlaps a stay, a payment that
// could not be applied, a hold about to end with no answer and guests not reported to the police
// near the deadline each raise ONE desk alert (private.desk_alert_types(), shown by desk_alerts())
// and ONE host_alert e-mail; raising the same cause again does neither, nor after it is resolved.
// "Sync now" imports one iCal feed at once, without any API key, from a local test server. The
// host's new-request e-mail carries the extras, the rate, the deposit and the balance, in the
// language the house chose (booking_settings.host_email_language), or the staff member's own when
// the house's address is theirs (profiles.portal_language).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO,
  anonClient,
  dispatchEmails,
  inboxFor,
  serviceClient,
  signedInClient,
  sql,
  type Client,
} from '../support';
import { HOST_KINDS, type BookingEmailData } from '../../functions/emails/catalog.ts';
import { renderEmail } from '../../functions/emails/templates.ts';
import {
  callSync,
  compact,
  day,
  newRoom,
  serve,
  setUpChannelSync,
  staff as channelStaff,
} from './channel-sync-fixtures';

setUpChannelSync();

const EMAIL_DOMAIN = 'desk-alerts.test.example.com';
const rooms: string[] = [];
let hostAddress: string;
let staff: Client;

interface Counted {
  alerts: number;
  emails: number;
  occurrences: number;
}

/** The alerts of one cause (any state) and the host e-mails that name them. */
async function counted(type: string, key: string): Promise<Counted> {
  const [row] = await sql<{ alerts: number; emails: number; occurrences: number }>(
    `select
       (select count(*)::int from public.security_alerts where alert_type = $1 and dedup_key = $2) as alerts,
       (select count(*)::int from public.email_outbox e join public.security_alerts a
          on a.id::text = e.data -> 'alert' ->> 'id'
        where e.kind = 'host_alert' and a.alert_type = $1 and a.dedup_key = $2) as emails,
       (select coalesce(sum(occurrences), 0)::int from public.security_alerts where alert_type = $1 and dedup_key = $2)
         as occurrences`,
    [type, key],
  );
  return row;
}

const raiseAgain = (type: string, key: string, bookingId?: string) =>
  sql(`select private.raise_alert($1, 'high', 'The same cause again', $2, $3::jsonb)`, [
    type,
    key,
    JSON.stringify(bookingId ? { booking_id: bookingId } : {}),
  ]);

/** One stay in a fresh room (status as given), written as the desk would have it. */
async function stayIn(roomId: string, from: number, to: number, status = 'confirmed') {
  const [row] = await sql<{ id: string; reference: string }>(
    `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status)
     values ($1, 'Anna Bianchi', $2, $3, $4, 2, $5) returning id::text, reference`,
    [roomId, `anna-${Math.random().toString(36).slice(2, 8)}@${EMAIL_DOMAIN}`, day(from), day(to), status],
  );
  return row;
}

/** The second raise, and one after the alert is resolved: neither adds an alert or an e-mail. */
async function expectOnce(type: string, key: string, bookingId?: string) {
  expect(await counted(type, key)).toMatchObject({ alerts: 1, emails: 1 });
  await raiseAgain(type, key, bookingId);
  expect(await counted(type, key)).toMatchObject({ alerts: 1, emails: 1, occurrences: 2 });
  const [{ id }] = await sql<{ id: string }>(
    `select id::text from public.security_alerts where alert_type = $1 and dedup_key = $2`,
    [type, key],
  );
  const resolved = await staff.rpc('resolve_security_alert', { p_alert_id: id });
  expect(resolved.error).toBeNull();
  await raiseAgain(type, key, bookingId);
  expect(await counted(type, key)).toMatchObject({ alerts: 1, emails: 1, occurrences: 2 });
}

beforeAll(async () => {
  staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
  [{ host: hostAddress }] = await sql<{ host: string }>('select private.host_email() as host');
});

beforeEach(async () => {
  // other suites' e-mails are not this suite's to send
  await sql(`update public.email_outbox set status = 'sent' where status = 'pending'`);
});

afterAll(async () => {
  await sql(`update public.booking_settings set host_email_language = 'en'`);
  await sql(
    `delete from public.security_alerts where metadata ->> 'booking_id' in (
    select id::text from public.bookings where guest_email like $1)`,
    [`%@${EMAIL_DOMAIN}`],
  );
  await sql(
    'delete from public.email_outbox where booking_id in (select id from public.bookings where guest_email like $1)',
    [`%@${EMAIL_DOMAIN}`],
  );
  await sql('delete from public.bookings where guest_email like $1', [`%@${EMAIL_DOMAIN}`]);
  for (const room of rooms) {
    await sql('delete from public.external_blocks where room_id = $1', [room]);
    await sql('delete from public.bookings where room_id = $1', [room]);
    await sql('delete from public.rooms where id = $1', [room]);
  }
});

describe('desk alerts', () => {
  it('lists the types once, and HOST_KINDS is private.host_email_kinds()', async () => {
    const [row] = await sql<{ desk: string[]; host: string[] }>(
      'select private.desk_alert_types() as desk, private.host_email_kinds() as host',
    );
    expect(row.desk).toEqual(
      expect.arrayContaining(['channel_conflict', 'payment_unknown_booking', 'hold_ending', 'police_report_due']),
    );
    expect(new Set(row.desk).size).toBe(row.desk.length);
    expect([...row.host].sort()).toEqual([...HOST_KINDS].sort());
  });

  it('Sync now imports one iCal feed at once, without an API key; an overlap raises one alert and one e-mail', async () => {
    const { roomId, feeds } = await newRoom('desk alert');
    rooms.push(roomId);
    const stay = await stayIn(roomId, 40, 43);
    const uid = `overlap-${Math.random().toString(36).slice(2, 8)}@booking.com`;
    const ics = (etag: string) => ({
      etag,
      body: [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        `DTSTART;VALUE=DATE:${compact(day(41))}`,
        `DTEND;VALUE=DATE:${compact(day(44))}`,
        `UID:${uid}`,
        'SUMMARY:CLOSED - Not available',
        'END:VEVENT',
        'BEGIN:VEVENT',
        `DTSTART;VALUE=DATE:${compact(day(50))}`,
        `DTEND;VALUE=DATE:${compact(day(52))}`,
        `UID:free-${uid}`,
        'SUMMARY:CLOSED - Not available',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
    });
    const path = `/desk-${roomId}.ics`;
    await sql('update public.channel_feeds set import_url = $2, etag = null where id = $1', [
      feeds.booking,
      serve(path, ics('"a1"')),
    ]);
    await sql('delete from private.platform_api_keys');

    // the staff may not; the admin may, with no API key stored or sent
    expect(
      (
        await callSync(
          { action: 'sync_feed', feed_id: feeds.booking },
          (await channelStaff.auth.getSession()).data.session!.access_token,
        )
      ).status,
    ).toBe(403);
    const first = await callSync({ action: 'sync_feed', feed_id: feeds.booking });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ feeds: 1, created: 1, conflicts: 1, failed: 0 });

    const key = `${feeds.booking}:${uid}`;
    const [alert] = await sql<{ booking_id: string }>(
      `select metadata ->> 'booking_id' as booking_id from public.security_alerts
       where alert_type = 'channel_conflict' and dedup_key = $1`,
      [key],
    );
    expect(alert.booking_id).toBe(stay.id);

    // the feed again, changed (so it is read, not a 304): the conflict stays one alert, one e-mail
    serve(path, ics('"a2"'));
    const second = await callSync({ action: 'sync_feed', feed_id: feeds.booking });
    expect(second.body).toMatchObject({ feeds: 1, conflicts: 1 });
    expect(await counted('channel_conflict', key)).toEqual({ alerts: 1, emails: 1, occurrences: 1 });

    // on the dashboard, with its booking
    const listed = await staff.rpc('desk_alerts');
    expect(listed.error).toBeNull();
    expect(
      listed.data?.find((row) => row.alert_type === 'channel_conflict' && row.booking_id === stay.id),
    ).toMatchObject({
      booking_reference: stay.reference,
    });
    // and in the host's inbox
    await dispatchEmails();
    const mails = (await inboxFor(hostAddress)).filter(
      (message) => message.kind === 'host_alert' && message.subject.includes(stay.reference),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^Double booking from Booking\.com/);
    expect(mails[0].text).toContain(`search=${stay.reference}`);

    await expectOnce('channel_conflict', key, stay.id);
  });

  it('Sync now of a feed without an import URL says so', async () => {
    const { roomId, feeds } = await newRoom('no url');
    rooms.push(roomId);
    const result = await callSync({ action: 'sync_feed', feed_id: feeds.expedia });
    expect(result.status).toBe(404);
    expect(result.body.error).toMatch(/no import URL/);
  });

  it('a payment that matched nothing raises one alert and one e-mail; its replay neither', async () => {
    const eventId = `evt_desk_${Math.random().toString(36).slice(2, 10)}`;
    const event = {
      p_event_id: eventId,
      p_event_type: 'checkout.session.completed',
      p_object: {
        id: `cs_unknown_${eventId}`,
        amount_total: 12000,
        currency: 'eur',
        payment_status: 'paid',
        payment_intent: `pi_${eventId}`,
      },
    };
    const applied = await serviceClient().rpc('apply_stripe_event', event);
    expect(applied.error).toBeNull();
    expect(applied.data).toMatchObject({ outcome: 'unknown_session' });
    const key = `stripe:${eventId}`;
    expect(await counted('payment_unknown_booking', key)).toEqual({ alerts: 1, emails: 1, occurrences: 1 });
    const replay = await serviceClient().rpc('apply_stripe_event', event);
    expect(replay.data).toMatchObject({ outcome: 'duplicate' });
    expect(await counted('payment_unknown_booking', key)).toEqual({ alerts: 1, emails: 1, occurrences: 1 });
    await expectOnce('payment_unknown_booking', key);
  });

  it('a confirmed request whose hold ends soon with no answer raises one alert and one e-mail', async () => {
    const { roomId } = await newRoom('hold');
    rooms.push(roomId);
    const [request] = await sql<{ id: string; reference: string }>(
      `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status,
         guest_confirmed_at, hold_expires_at)
       values ($1, 'Marco Verdi', $2, $3, $4, 2, 'pending', now(), private.clock_now() + interval '20 minutes')
       returning id::text, reference`,
      [roomId, `marco@${EMAIL_DOMAIN}`, day(60), day(62)],
    );
    const timers = await serviceClient().rpc('run_booking_timers');
    expect(timers.error).toBeNull();
    expect((timers.data as { hold_alerts: number }).hold_alerts).toBeGreaterThanOrEqual(1);
    const key = `hold:${request.id}`;
    expect(await counted('hold_ending', key)).toEqual({ alerts: 1, emails: 1, occurrences: 1 });
    await serviceClient().rpc('run_booking_timers');
    expect(await counted('hold_ending', key)).toEqual({ alerts: 1, emails: 1, occurrences: 1 });
    const [mail] = await sql<{ booking_id: string; language: string }>(
      `select booking_id::text, language from public.email_outbox where kind = 'host_alert' and data -> 'alert' ->> 'type' = 'hold_ending'
       and booking_id = $1`,
      [request.id],
    );
    expect(mail).toEqual({ booking_id: request.id, language: 'en' });
    await expectOnce('hold_ending', key, request.id);
  });

  it('guests checked in and not reported near the deadline raise one alert and one e-mail', async () => {
    const { roomId } = await newRoom('police');
    rooms.push(roomId);
    const stay = await stayIn(roomId, 0, 3, 'checked_in');
    await sql(
      `insert into public.booking_check_ins (booking_id, checked_in_at) values ($1, now() - interval '23 hours')`,
      [stay.id],
    );
    await sql(
      `insert into public.booking_guests (booking_id, position, surname, given_names) values ($1, 1, 'Bianchi', 'Anna')`,
      [stay.id],
    );
    const raised = await serviceClient().rpc('raise_police_deadline_alerts');
    expect(raised.error).toBeNull();
    const key = `police:${stay.id}`;
    expect(await counted('police_report_due', key)).toEqual({ alerts: 1, emails: 1, occurrences: 1 });
    await serviceClient().rpc('raise_police_deadline_alerts');
    expect(await counted('police_report_due', key)).toEqual({ alerts: 1, emails: 1, occurrences: 1 });
    await expectOnce('police_report_due', key, stay.id);
  });

  it("the staff read and resolve the desk alerts only; a security alert stays the admins'", async () => {
    const [{ id }] = await sql<{ id: string }>(
      `select private.raise_alert('mass_deletion', 'high', 'test', $1)::text as id`,
      [`desk-test:${Math.random()}`],
    );
    expect((await staff.rpc('desk_alerts')).data?.some((row) => row.id === id)).toBe(false);
    const refused = await staff.rpc('resolve_security_alert', { p_alert_id: id });
    expect(refused.error?.code).toBe('42501');
    expect((await anonClient().rpc('desk_alerts')).error).not.toBeNull();
    await sql('delete from public.security_alerts where id = $1', [id]);
  });
});

describe("the host's new-request e-mail", () => {
  it('carries the extras, the rate, the deposit and the balance, in the language the house chose', async () => {
    const { roomId } = await newRoom('request');
    rooms.push(roomId);
    const [service] = await sql<{ id: string }>(
      `insert into public.services (name, price, category, pricing_unit) values ('Desk breakfast', 12, 'general', 'per_night')
       returning id::text`,
    );
    try {
      await sql('truncate private.rate_limit_hits, private.booking_request_origins');
      const request = async (offset: number) => {
        const { data, error } = await anonClient().rpc('request_booking', {
          p_room_id: roomId,
          p_check_in: day(offset),
          p_check_out: day(offset + 2),
          p_guests: 2,
          p_guest_name: 'Giulia Rossi',
          p_guest_email: `giulia-${offset}@${EMAIL_DOMAIN}`,
          p_extras: [{ service_id: service.id, quantity: 2 }],
        });
        expect(error).toBeNull();
        const [row] = await sql<{ language: string; data: BookingEmailData }>(
          `select language, data from public.email_outbox where booking_id = $1 and kind = 'request_received_host'`,
          [data!.booking_id],
        );
        return row;
      };
      const english = await request(70);
      expect(english.language).toBe('en');
      expect(english.data.extras).toEqual([
        expect.objectContaining({ name: 'Desk breakfast', quantity: 2, pricing_unit: 'per_night' }),
      ]);
      expect(english.data.extras_cents).toBe(english.data.extras![0].line_total_cents);
      expect(english.data.rate_plan).toBe('flexible');
      expect(english.data.nightly_rates).toHaveLength(2);
      expect(english.data.deposit_cents! + english.data.balance_cents!).toBe(english.data.total_cents);
      const text = renderEmail('request_received_host', english.language, english.data, 'https://site.example').text;
      expect(text).toContain('Extras:\n- Desk breakfast × 2');
      expect(text).toMatch(/Rate: Flexible/);
      expect(text).toMatch(/Deposit: .* · balance due at arrival: /);

      await sql(`update public.booking_settings set host_email_language = 'it'`);
      const italian = await request(75);
      expect(italian.language).toBe('it');
      const rendered = renderEmail('request_received_host', italian.language, italian.data, 'https://site.example');
      expect(rendered.subject).toMatch(/^Nuova richiesta di soggiorno CG-/);
      expect(rendered.text).toContain('Servizi extra:\n- Desk breakfast × 2');
      expect(rendered.text).toMatch(/Caparra: .* · saldo all'arrivo: /);

      // the house's address is the staff member's own: their portal language wins over the house's
      const [{ before }] = await sql<{ before: string | null }>(
        'select notification_email as before from public.booking_settings where singleton',
      );
      await sql(`update public.booking_settings set notification_email = $1`, [DEMO.staff.email.toUpperCase()]);
      await sql(
        `update public.profiles set portal_language = 'en'
         where user_id = (select id from auth.users where email = $1)`,
        [DEMO.staff.email],
      );
      // a third and fourth request from the same address: the open-requests cap is not this test's
      const clearOrigins = () => sql('truncate private.rate_limit_hits, private.booking_request_origins');
      try {
        await clearOrigins();
        expect((await request(80)).language).toBe('en');
        await sql(
          `update public.profiles set portal_language = null
           where user_id = (select id from auth.users where email = $1)`,
          [DEMO.staff.email],
        );
        await clearOrigins();
        expect((await request(85)).language, 'no choice of their own: the house language').toBe('it');
      } finally {
        await sql(`update public.booking_settings set notification_email = $1`, [before]);
      }
    } finally {
      await sql(`update public.booking_settings set host_email_language = 'en'`);
      await sql('delete from public.booking_extras where service_id = $1', [service.id]);
      await sql('delete from public.services where id = $1', [service.id]);
      await sql('truncate private.rate_limit_hits, private.booking_request_origins');
    }
  });
});
