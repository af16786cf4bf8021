// Privacy the guest can exercise (issue 34 §6–7): the CIN and retention figures every page reads,
// the retention job at its boundary (the movable test clock), a guest's export and erasure on
// request (nothing left that names the guest, the city-tax register's sums unchanged), and who may
// call what. Works on a room of its own; guest e-mails @privacy.test.example.com.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nullPaths, type Json } from '../json-paths';
import { DEMO, anonClient, platform, serviceClient, signedInClient, sql, type Client } from '../support';

const DOMAIN = 'privacy.test.example.com';
let roomId: string;
let admin: Client;
let staff: Client;

/** A stay inserted as the superuser, `checkOut` days from Rome's today (by the test clock). */
async function stay(values: {
  name: string;
  email: string;
  checkIn: number;
  checkOut: number;
  status?: string;
  guests?: number;
  phone?: string;
  requests?: string;
}): Promise<{ id: string; reference: string }> {
  const [row] = await sql<{ id: string; reference: string }>(
    `insert into public.bookings (room_id, guest_name, guest_email, guest_phone, special_requests, check_in_date,
       check_out_date, guests, total_amount, status)
     values ($1, $2, $3, $4, $5, private.rome_today() + $6::int, private.rome_today() + $7::int, $8, 300, $9)
     returning id::text, reference`,
    [
      roomId,
      values.name,
      values.email,
      values.phone ?? '+39 333 000 1111',
      values.requests ?? 'A quiet room, please',
      values.checkIn,
      values.checkOut,
      values.guests ?? 2,
      values.status ?? 'checked_out',
    ],
  );
  return row;
}

/**
 * Check-in guest rows `(position, type, surname, given names, sex, birth date, residence state, comune)`,
 * written with triggers off: the check-in branch's audit trigger fails on inserts (reported to it).
 */
async function insertGuests(bookingId: string, values: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/.test(bookingId)) throw new Error('not a booking id');
  await sql(
    `begin;
     set local session_replication_role = replica;
     insert into public.booking_guests (booking_id, position, guest_type, surname, given_names, sex, birth_date,
       residence_state_code, residence_comune_code)
     select '${bookingId}'::uuid, v.* from (values ${values}) v;
     commit;`,
  );
}

const moveClock = (days: number) =>
  sql('update private.clock_offset set offset_by = make_interval(days => $1::int)', [days]);

/** Every row of the tables that could copy a guest's name or e-mail, as text, that mentions `needle`. */
async function mentions(needle: string): Promise<string[]> {
  const tables = [
    'public.bookings',
    'public.email_outbox',
    'public.reviews',
    'public.contact_messages',
    'public.webhook_deliveries',
    'public.audit_logs',
    'public.privacy_requests',
    'public.booking_guests',
    'private.booking_request_origins',
  ];
  const found: string[] = [];
  for (const table of tables) {
    const rows = await sql<{ t: string }>(`select t::text as t from ${table} t where t::text ilike $1`, [
      `%${needle}%`,
    ]);
    found.push(...rows.map((row) => `${table}: ${row.t.slice(0, 120)}`));
  }
  return found;
}

beforeAll(async () => {
  const [room] = await sql<{ id: string }>(
    `insert into public.rooms (name, room_number, room_type, status) values ('Privacy room', 'PRV-1', 'twin', 'available')
     returning id::text`,
  );
  roomId = room.id;
  admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
  staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
});

afterAll(async () => {
  await moveClock(0);
  // the city tax collected is on the folio (public.payments, append-only): triggers off to clear it
  await sql(`do $$ begin
    set local session_replication_role = replica;
    delete from public.payments where booking_id in (select id from public.bookings where room_id = '${roomId}');
  end $$`);
  await sql('delete from public.bookings where room_id = $1', [roomId]);
  await sql('delete from public.rooms where id = $1', [roomId]);
  await sql(
    'update public.compliance_settings set stay_contact_retention_years = 2, contact_message_retention_months = 12',
  );
});

describe('the public figures', () => {
  it('anyone reads the CIN and the retention periods through site_compliance, and nothing else of the settings', async () => {
    await sql(`update public.compliance_settings set cin = 'IT058091C2TEST00042'`);
    const { data, error } = await anonClient().rpc('site_compliance');
    expect(error).toBeNull();
    expect(data).toMatchObject({
      cin: 'IT058091C2TEST00042',
      stay_contact_retention_years: 2,
      contact_message_retention_months: 12,
      identity_document_retention_days: 30,
    });
    // public.site_compliance_view: every key of the former jsonb answer; only the privacy address may be unset
    expect(Object.keys(data as object).sort()).toEqual([
      'cin',
      'contact_message_retention_months',
      'identity_document_retention_days',
      'privacy_contact_email',
      'stay_contact_retention_years',
    ]);
    expect(nullPaths(data as Json).filter((path) => path !== 'privacy_contact_email')).toEqual([]);
    const direct = await anonClient().from('compliance_settings').select('*');
    expect(direct.error?.code).toBe('42501');
  });

  it('only admins change the settings; a malformed CIN is refused', async () => {
    const byStaff = await staff
      .from('compliance_settings')
      .update({ cin: 'IT058091C2STAFF0001' })
      .eq('id', true)
      .select();
    expect(byStaff.data ?? []).toHaveLength(0);
    const bad = await admin.from('compliance_settings').update({ cin: 'not a cin' }).eq('id', true);
    expect(bad.error?.code).toBe('23514');
    const good = await admin.from('compliance_settings').update({ cin: 'IT058091C2ADMIN0001' }).eq('id', true).select();
    expect(good.error).toBeNull();
    expect(good.data?.[0]?.cin).toBe('IT058091C2ADMIN0001');
  });
});

describe('retention', () => {
  it('anonymises a stay the day its retention period ends, keeping amounts, dates and guests', async () => {
    await sql('update public.compliance_settings set stay_contact_retention_years = 1');
    // departure 365 days ago: a year ago on most days, one day short of it across a 29 February
    const [{ days }] = await sql<{ days: number }>(
      `select (private.rome_today() - (private.rome_today() - interval '1 year')::date) as days`,
    );
    const due = await stay({ name: 'Ada Boundary', email: `ada@${DOMAIN}`, checkIn: -days - 3, checkOut: -days });
    const notYet = await stay({ name: 'Bea Boundary', email: `bea@${DOMAIN}`, checkIn: -days, checkOut: -days + 1 });

    const run = async () => {
      const { data, error } = await serviceClient().rpc('run_privacy_retention');
      expect(error).toBeNull();
      return data as { bookings_anonymised: number };
    };
    await run();
    const [ada] = await sql(`select * from public.bookings where id = $1`, [due.id]);
    expect(ada).toMatchObject({ guest_name: 'Anonymised guest', guest_phone: null, special_requests: null });
    expect(ada.guest_email).toMatch(/@anonymised\.invalid$/);
    expect(Number(ada.total_amount)).toBe(300);
    expect(ada.guests).toBe(2);
    const [bea] = await sql(`select guest_name, anonymised_at from public.bookings where id = $1`, [notYet.id]);
    expect(bea).toMatchObject({ guest_name: 'Bea Boundary', anonymised_at: null });
    expect(await mentions('Ada Boundary')).toEqual([]);

    // one day later Bea's period has ended too
    await moveClock(1);
    await run();
    const [later] = await sql(`select guest_name from public.bookings where id = $1`, [notYet.id]);
    expect(later.guest_name).toBe('Anonymised guest');
    await moveClock(0);
  });

  it('deletes contact messages older than their period, not younger ones', async () => {
    await sql('update public.compliance_settings set contact_message_retention_months = 6');
    await sql(
      `insert into public.contact_messages (name, email, message, created_at) values
        ('Old Writer', 'old@${DOMAIN}', 'Old question', private.clock_now() - interval '6 months' - interval '1 hour'),
        ('New Writer', 'new@${DOMAIN}', 'New question', private.clock_now() - interval '6 months' + interval '1 hour')`,
    );
    const { data } = await serviceClient().rpc('run_privacy_retention');
    expect((data as { contact_messages_deleted: number }).contact_messages_deleted).toBeGreaterThanOrEqual(1);
    const left = await sql<{ name: string }>(`select name from public.contact_messages where email like $1`, [
      `%@${DOMAIN}`,
    ]);
    expect(left.map((row) => row.name)).toEqual(['New Writer']);
  });

  it("is the scheduler's: the service role runs it as the local scheduler does, no signed-in role may", async () => {
    const scheduled = await fetch(`${platform().apiUrl}/rest/v1/rpc/run_privacy_retention`, {
      method: 'POST',
      headers: {
        apikey: platform().serviceRoleKey,
        authorization: `Bearer ${platform().serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(scheduled.status).toBe(200);
    expect(await scheduled.json()).toMatchObject({ bookings_anonymised: expect.any(Number) });
    for (const client of [anonClient(), staff, admin]) {
      const { error } = await client.rpc('run_privacy_retention');
      expect(error?.code).toBe('42501');
    }
  });
});

describe("a guest's request", () => {
  const email = `carla.request@${DOMAIN}`;
  let first: { id: string; reference: string };

  beforeAll(async () => {
    first = await stay({ name: 'Carla Richiesta', email, checkIn: -40, checkOut: -36, guests: 3 });
    await stay({ name: 'Carla Richiesta', email: email.toUpperCase(), checkIn: -20, checkOut: -18, guests: 1 });
    await sql(
      `insert into public.email_outbox (kind, recipient, booking_id, status, data)
       values ('request_acknowledgement', $1, $2, 'sent', jsonb_build_object('guest_name', 'Carla Richiesta'))`,
      [email, first.id],
    );
    await sql(
      `insert into public.reviews (guest_name, guest_location, rating, comment, approved, source, booking_id)
       values ('Carla Richiesta', 'Torino', 5, 'Lovely stay', true, 'stay', $1)`,
      [first.id],
    );
    await sql(`insert into public.contact_messages (name, email, message) values ('Carla Richiesta', $1, 'Hello')`, [
      email,
    ]);
    await insertGuests(
      first.id,
      `(1, 17, 'Richiesta', 'Carla', 'F', date '1985-04-02', '100000100', '412058091'),
       (2, 19, 'Richiesta', 'Bruno', 'M', (current_date - interval '6 years')::date, '100000100', '412058091')`,
    );
    await sql(
      `insert into public.city_tax_exemptions (booking_id, reason, persons) values ($1, 'patient_companion', 1)`,
      [first.id],
    );
    await sql(`insert into public.city_tax_collections (booking_id, amount_cents, method) values ($1, 600, 'card')`, [
      first.id,
    ]);
  });

  it('admins export everything kept about the guest as JSON, e-mail in any case', async () => {
    const { data, error } = await admin.rpc('privacy_guest_export', { p_email: email });
    expect(error).toBeNull();
    const exported = data as {
      stays: { reference: string; name: string; emails: unknown[]; reviews: unknown[] }[];
      contact_messages: unknown[];
      check_in_guests: { surname: string; document_number: string | null }[];
    };
    expect(exported.stays).toHaveLength(2);
    expect(exported.stays[0]).toMatchObject({ reference: first.reference, name: 'Carla Richiesta' });
    expect(exported.stays[0].emails).toHaveLength(1);
    expect(exported.stays[0].reviews).toHaveLength(1);
    expect(exported.contact_messages).toHaveLength(1);
    expect(exported.check_in_guests.map((guest) => guest.surname)).toEqual(['Richiesta', 'Richiesta']);
    const [read] = await sql(
      `select count(*)::int as n from public.audit_logs where action = 'READ' and record_id = $1`,
      [first.id],
    );
    expect(read.n).toBe(1);
  });

  it('staff and the public can neither export nor erase', async () => {
    for (const client of [anonClient(), staff]) {
      expect((await client.rpc('privacy_guest_export', { p_email: email })).error?.code).toBe('42501');
      expect((await client.rpc('privacy_guest_erase', { p_email: email })).error?.code).toBe('42501');
    }
    expect(await mentions('Carla Richiesta')).not.toEqual([]);
  });

  it("erasure leaves nothing that names the guest and the register's sums unchanged", async () => {
    // the register's lines of this room's stays (other suites may add stays of their own meanwhile)
    const period = async () => {
      const [{ from, to }] = await sql(
        `select (private.rome_today() - 60)::text as from, private.rome_today()::text as to`,
      );
      const { data, error } = await staff.rpc('city_tax_register', { p_from: from, p_to: to });
      expect(error).toBeNull();
      const ours = await sql<{ id: string }>('select id::text from public.bookings where room_id = $1', [roomId]);
      const lines = (data ?? []).filter((line) => ours.some((row) => row.id === line.booking_id));
      expect(lines.length).toBeGreaterThanOrEqual(2);
      return lines.map(({ guest_name: _name, ...figures }) => figures);
    };
    const before = await period();
    const references = await sql<{ reference: string }>(
      'select reference from public.bookings where lower(guest_email) = $1 order by check_in_date',
      [email],
    );
    const { data, error } = await admin.rpc('privacy_guest_erase', { p_email: email });
    expect(error).toBeNull();
    // public.privacy_erasure_result, every field set
    expect(data).toEqual({
      bookings_anonymised: 2,
      contact_messages_deleted: 1,
      booking_references: references.map((row) => row.reference),
    });
    expect(await mentions('Richiesta')).toEqual([]);
    expect(await mentions('carla.request')).toEqual([]);
    expect(await period()).toEqual(before);
    const [log] = await sql(
      `select kind, bookings, booking_references from public.privacy_requests where kind = 'erasure' order by created_at desc limit 1`,
    );
    expect(log).toMatchObject({ kind: 'erasure', bookings: 2 });
    const [audit] = await sql(
      `select count(*)::int as n from public.audit_logs where table_name = 'privacy_requests' and new_values ->> 'kind' = 'erasure'`,
    );
    expect(audit.n).toBeGreaterThanOrEqual(1);
  });

  it('cannot touch a stay still ahead', async () => {
    const ahead = `dario.ahead@${DOMAIN}`;
    await stay({ name: 'Dario Avanti', email: ahead, checkIn: -30, checkOut: -28 });
    const future = await stay({ name: 'Dario Avanti', email: ahead, checkIn: 10, checkOut: 12, status: 'confirmed' });
    const { error } = await admin.rpc('privacy_guest_erase', { p_email: ahead });
    expect(error?.message).toContain(future.reference);
    const names = await sql(`select guest_name from public.bookings where guest_email = $1`, [ahead]);
    expect(names.map((row) => row.guest_name)).toEqual(['Dario Avanti', 'Dario Avanti']);
  });
});
