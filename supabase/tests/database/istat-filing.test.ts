// The ISTAT movement sent to Ross1000 by its web service (issue 41 §2, §3), through the local
// stand-in: the account is tried before it is saved; days go in date order, an empty day and a
// closed day included; the service down or slow loses nothing and sends in order after its
// back-off; a refused record shows its reason, stops the days after it and is sent again after the
// fix (or a staff retry); a day still unsent on the 3rd of the next month raises one alert.
// The file's days start 2400 days from now (no other stays there); the clock is moved to them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_ROSS1000_ACCOUNT } from '../../local/ross1000/ross1000';
import { DEMO, SEED, accessToken, callFunction, dbDate, platform, signedInClient, sql, type Client } from '../support';

let staff: Client;
let admin: Client;
const created: string[] = [];
const blocks: string[] = [];
const ITALIA = '100000100';
const ROMA = '412058091';
const FRANCE = '100000215';

const compact = (day: string) => day.replaceAll('-', '');

async function switches(body: Record<string, unknown>) {
  const response = await fetch(`${platform().ross1000Url}/_local/switches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}

async function received(): Promise<
  Array<{ data: string; ok: boolean; apertura: string; arrivi: number; partenze: number; errors: string[] }>
> {
  return (await fetch(`${platform().ross1000Url}/_local/ross1000/received`)).json();
}

const runJob = () => callFunction('istat-filing', platform().serviceRoleKey, { action: 'send' });

/** The service's first day and today's date (Rome, 10:00) for this scenario. */
async function startAt(firstDay: string, today: string) {
  await sql('update private.paperwork_credentials set ross1000_start_day = $1 where id', [firstDay]);
  await setToday(today);
}
async function setToday(day: string, time = '10:00') {
  await sql(`update private.clock_offset set offset_by = (($1::date + $2::time) at time zone 'Europe/Rome') - now()`, [
    day,
    time,
  ]);
}

const plus = async (day: string, n: number) =>
  (await sql<{ d: string }>('select ($1::date + $2::int)::text as d', [day, n]))[0].d;

const days = async (from: string) =>
  sql<{
    day: string;
    status: string;
    attempts: number;
    error_code: string | null;
    error_text: string | null;
    errors: Array<{ record: string; code: string; text: string }>;
    arrivals: number;
    departures: number;
    open: boolean;
    waiting: boolean;
  }>(
    `select day::text, status, attempts, error_code, error_text, errors, arrivals, departures, open,
       next_attempt_at > private.clock_now() as waiting
     from public.istat_days where day >= $1 order by day`,
    [from],
  );

interface Guest {
  guest_type: number;
  sex: 'M' | 'F';
  residence_state_code: string | null;
  residence_comune_code?: string | null;
}

/** A stay checked in or out over [checkIn, checkOut) in room 4, with its guests' ISTAT data. */
async function stay(checkIn: string, checkOut: string, guests: Guest[], source = 'website') {
  const [row] = await sql<{ id: string; reference: string }>(
    `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status, source)
     values ($1, 'Istat Test', 'istat@test.example.com', $2, $3, $4, 'checked_out', $5) returning id::text, reference`,
    [SEED.room(4), checkIn, checkOut, guests.length, source],
  );
  created.push(row.id);
  for (const [index, guest] of guests.entries()) {
    await sql(
      `insert into public.booking_guests (booking_id, position, guest_type, surname, given_names, sex, birth_date,
         birth_state_code, citizenship_code, residence_state_code, residence_comune_code, updated_source)
       values ($1, $2, $3, 'Istat', 'Test', $4, '1980-05-01', $5, $5, $6, $7, 'staff')`,
      [
        row.id,
        index + 1,
        guest.guest_type,
        guest.sex,
        guest.residence_state_code ?? FRANCE,
        guest.residence_state_code,
        guest.residence_comune_code ?? null,
      ],
    );
  }
  return row;
}

/** Every room closed by a manual block over [from, to). */
async function closeHouse(from: string, to: string) {
  const rows = await sql<{ id: string }>(
    `insert into public.manual_blocks (room_id, check_in_date, check_out_date, reason, note)
     select r.id, $1, $2, 'other', 'Closed (ISTAT test)' from public.rooms r returning id::text`,
    [from, to],
  );
  blocks.push(...rows.map((r) => r.id));
}

beforeAll(async () => {
  staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
  admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
  // the stand-in's account, its first day still unset (the first test saves it through the function)
  await sql(
    `insert into private.paperwork_credentials (id, ross1000_user, ross1000_password, ross1000_structure)
     values (true, $1, $2, $3) on conflict (id) do update set ross1000_user = $1, ross1000_password = $2,
       ross1000_structure = $3, ross1000_start_day = null`,
    [LOCAL_ROSS1000_ACCOUNT.utente, LOCAL_ROSS1000_ACCOUNT.password, LOCAL_ROSS1000_ACCOUNT.structure],
  );
});

beforeEach(async () => {
  await switches({ reset: true });
  // this file's days, and any day not accepted (the seed's days are all sent)
  await sql("delete from public.istat_days where day >= current_date + 2000 or status <> 'sent'");
});

afterAll(async () => {
  await switches({ reset: true });
  await sql("update private.clock_offset set offset_by = interval '0'");
  await sql('delete from public.istat_days where day >= current_date + 2000');
  await sql('delete from private.istat_month_alerts where month >= current_date + 2000');
  await sql(
    "delete from public.security_alerts where alert_type = 'istat_day_unsent' and (metadata->>'first_day')::date >= current_date + 2000",
  );
  await sql('delete from private.paperwork_credentials');
  await sql('delete from public.manual_blocks where id = any($1::uuid[])', [blocks]);
  await sql('delete from public.booking_guests where booking_id = any($1::uuid[])', [created]);
  await sql('delete from public.bookings where id = any($1::uuid[])', [created]);
});

describe('the demo data', () => {
  it('has the last seven days sent to Ross1000, days with no movement among them', async () => {
    const rows = await sql<{ day: string; status: string; arrivals: number; departures: number }>(
      `select day::text, status, arrivals, departures from public.istat_days
       where day between private.rome_today() - 7 and private.rome_today() - 1 order by day`,
    );
    expect(rows).toHaveLength(7);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    expect(rows.some((row) => row.arrivals === 0 && row.departures === 0)).toBe(true);
    expect(rows.some((row) => row.arrivals > 0)).toBe(true);
  });
});

describe('the Ross1000 account', () => {
  it('is tried with the service before it is saved, and never read back', async () => {
    const token = await accessToken(admin);
    const wrong = await callFunction('istat-filing', token, {
      action: 'save_credentials',
      ...LOCAL_ROSS1000_ACCOUNT,
      password: 'not-the-password',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ error: 'credentials_refused' });
    const otherStructure = await callFunction('istat-filing', token, {
      action: 'save_credentials',
      ...LOCAL_ROSS1000_ACCOUNT,
      structure: '000000-XXX-00000',
    });
    expect(otherStructure.status).toBe(422);
    expect(JSON.stringify(otherStructure.body)).toContain('non abilitata');
    const staffTry = await callFunction('istat-filing', await accessToken(staff), {
      action: 'save_credentials',
      ...LOCAL_ROSS1000_ACCOUNT,
    });
    expect(staffTry.status).toBe(403);

    const saved = await callFunction('istat-filing', token, { action: 'save_credentials', ...LOCAL_ROSS1000_ACCOUNT });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ross1000_set: true, ross1000_structure: LOCAL_ROSS1000_ACCOUNT.structure });
    expect(JSON.stringify(saved.body)).not.toContain(LOCAL_ROSS1000_ACCOUNT.password);
    expect((saved.body as { ross1000_tested_at: string | null }).ross1000_tested_at).not.toBeNull();
    const [row] = await sql<{ start: string; yesterday: string }>(
      `select ross1000_start_day::text as start, (private.rome_today() - 1)::text as yesterday
       from private.paperwork_credentials`,
    );
    expect(row.start).toBe(row.yesterday);
  });

  it('only the scheduler or staff may ask for a run', async () => {
    const anon = await callFunction('istat-filing', platform().anonKey, { action: 'send' });
    expect([401, 403]).toContain(anon.status);
    const guest = await signedInClient(DEMO.guest.email, DEMO.guest.password);
    expect((await callFunction('istat-filing', await accessToken(guest), { action: 'send' })).status).toBe(403);
  });
});

describe('the days sent to Ross1000', () => {
  it('go in date order, an empty day and a closed day included, each with its movement', async () => {
    const first = await dbDate(2400);
    const arrival = await plus(first, 1);
    const departure = await plus(first, 3);
    const closed = await plus(first, 4);
    const family = await stay(arrival, departure, [
      { guest_type: 17, sex: 'F', residence_state_code: ITALIA, residence_comune_code: ROMA },
      { guest_type: 19, sex: 'M', residence_state_code: ITALIA, residence_comune_code: ROMA },
    ]);
    await closeHouse(closed, await plus(closed, 1));
    await startAt(first, await plus(first, 5));

    const run = await runJob();
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ sent: 5, refused: 0 });
    const got = await received();
    expect(got.map((r) => r.data)).toEqual(
      await Promise.all([0, 1, 2, 3, 4].map(async (n) => compact(await plus(first, n)))),
    );
    expect(got.every((r) => r.ok)).toBe(true);
    // the empty first day, the family's arrival, a night with no movement, the departure, the closed day
    expect(got.map((r) => [r.apertura, r.arrivi, r.partenze])).toEqual([
      ['SI', 0, 0],
      ['SI', 2, 0],
      ['SI', 0, 0],
      ['SI', 0, 2],
      ['NO', 0, 0],
    ]);
    const rows = await days(first);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
    expect(rows.map((r) => r.open)).toEqual([true, true, true, true, false]);
    expect(rows[1]).toMatchObject({ arrivals: 2, departures: 0, attempts: 1 });

    // the record is built from what the ISTAT summary counts: the family member names the head
    const [record] = await sql<{ m: { arrivi: { arrivo: Array<Record<string, string>> } } }>(
      'select private.ross1000_movimento($1::date) as m',
      [arrival],
    );
    expect(record.m.arrivi.arrivo).toEqual([
      expect.objectContaining({ idswh: `${family.reference}-01`, tipoalloggiato: '17', luogoresidenza: ROMA }),
      expect.objectContaining({
        idswh: `${family.reference}-02`,
        tipoalloggiato: '19',
        idcapo: `${family.reference}-01`,
      }),
    ]);
    const { data: movement, error } = await staff.rpc('istat_movement', { p_month: arrival });
    expect(error).toBeNull();
    const lazio = (movement ?? []).filter((row) => row.breakdown === 'region');
    expect(lazio.reduce((sum, row) => sum + row.arrivals, 0)).toBe(2);

    // nothing more to send until the next day is over
    expect((await runJob()).body).toMatchObject({ sent: 0 });
    await setToday(await plus(first, 6));
    expect((await runJob()).body).toMatchObject({ sent: 1 });
    expect((await received()).at(-1)?.data).toBe(compact(await plus(first, 5)));
  });

  it('the service down loses nothing: the first day waits its back-off, then all go in order', async () => {
    const first = await dbDate(2420);
    await stay(
      first,
      await plus(first, 2),
      [{ guest_type: 16, sex: 'F', residence_state_code: FRANCE }],
      'booking_com',
    );
    await startAt(first, await plus(first, 3));
    await switches({ down: true });

    const down = await runJob();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ error: 'service_unavailable' });
    let rows = await days(first);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 1],
      ['pending', 0],
      ['pending', 0],
    ]);
    expect(rows[0]).toMatchObject({ error_code: 'service_unavailable', waiting: true });

    // the service back, but the day still waits its back-off: nothing goes out of order
    await switches({ down: false });
    expect((await runJob()).body).toMatchObject({ sent: 0 });
    expect(await received()).toEqual([]);

    // down again after the back-off: the wait doubles
    await setToday(await plus(first, 3), '10:06');
    await switches({ down: true });
    expect((await runJob()).status).toBe(503);
    const [wait] = await sql<{ minutes: number }>(
      `select round(extract(epoch from next_attempt_at - private.clock_now()) / 60)::int as minutes
       from public.istat_days where day = $1`,
      [first],
    );
    expect(wait.minutes).toBe(10);

    await switches({ down: false });
    await setToday(await plus(first, 3), '10:20');
    const back = await runJob();
    expect(back.body).toMatchObject({ sent: 3 });
    expect((await received()).map((r) => r.data)).toEqual(
      await Promise.all([0, 1, 2].map(async (n) => compact(await plus(first, n)))),
    );
    rows = await days(first);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    expect(rows[0]).toMatchObject({ attempts: 3, error_code: null });
  });

  it('a slow answer counts as the service down', async () => {
    const first = await dbDate(2440);
    await startAt(first, await plus(first, 1));
    await switches({ slowMs: 21_000 });
    const slow = await runJob();
    expect(slow.status).toBe(503);
    expect((await days(first))[0]).toMatchObject({ status: 'pending', attempts: 1, waiting: true });
  }, 60_000);

  it('a refused record shows its reason, holds the days after it, and goes again after the fix', async () => {
    const first = await dbDate(2460);
    const guest = await stay(first, await plus(first, 1), [{ guest_type: 16, sex: 'M', residence_state_code: null }]);
    await startAt(first, await plus(first, 2));

    const refused = await runJob();
    expect(refused.body).toMatchObject({ sent: 0, refused: 1 });
    let rows = await days(first);
    expect(rows[0]).toMatchObject({ status: 'refused', error_code: 'STATO_RESIDENZA' });
    expect(rows[0].error_text).toMatch(/residenza/i);
    expect(rows[0].errors[0]).toMatchObject({ record: `${guest.reference}-01`, code: 'STATO_RESIDENZA' });
    expect(rows[1].status).toBe('pending');
    expect((await received()).map((r) => r.data)).toEqual([compact(first)]);

    // unchanged, it is not sent again, and neither is the day after it
    expect((await runJob()).body).toMatchObject({ sent: 0 });
    expect(await received()).toHaveLength(1);

    // staff fix the guest's residence: the record changes and both days go, in order
    await sql('update public.booking_guests set residence_state_code = $1 where booking_id = $2', [FRANCE, guest.id]);
    expect((await runJob()).body).toMatchObject({ sent: 2 });
    expect((await received()).map((r) => [r.data, r.ok])).toEqual([
      [compact(first), false],
      [compact(first), true],
      [compact(await plus(first, 1)), true],
    ]);
    rows = await days(first);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(rows[0]).toMatchObject({ error_code: null, errors: [] });
  });

  it('a day the service refuses for its own reasons goes again when staff retry', async () => {
    const first = await dbDate(2480);
    await startAt(first, await plus(first, 1));
    await switches({ refuseDays: { [compact(first)]: 'MOVIMENTO_RIFIUTATO' } });
    expect((await runJob()).body).toMatchObject({ refused: 1 });
    expect((await runJob()).body).toMatchObject({ sent: 0, refused: 0 });

    await switches({ refuseDays: {} });
    const { error } = await staff.rpc('retry_istat_day', { p_day: first });
    expect(error).toBeNull();
    const retried = await callFunction('istat-filing', await accessToken(staff), { action: 'send' });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ sent: 1 });
    expect((await days(first))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    const again = await staff.rpc('retry_istat_day', { p_day: first });
    expect(again.error?.code).toBe('22023');
  });

  it('a day still unsent on the 3rd of the next month raises one alert', async () => {
    const [month] = await sql<{ first: string; second: string; third: string; key: string }>(
      `select m::date::text as first, (m + interval '1 month' + interval '1 day')::date::text as second,
         (m + interval '1 month' + interval '2 days')::date::text as third, 'istat:' || to_char(m, 'YYYY-MM') as key
       from date_trunc('month', current_date + 2520) m`,
    );
    await startAt(month.first, month.second);
    await switches({ down: true });
    const alerts = () =>
      sql<{ occurrences: number; description: string }>(
        "select occurrences, description from public.security_alerts where alert_type = 'istat_day_unsent' and dedup_key = $1",
        [month.key],
      );
    expect((await runJob()).status).toBe(503);
    expect(await alerts()).toEqual([]);

    await setToday(month.third);
    expect((await runJob()).status).toBe(503);
    await setToday(month.third, '18:00');
    expect((await runJob()).status).toBe(503);
    const raised = await alerts();
    expect(raised).toHaveLength(1);
    expect(raised[0].occurrences).toBe(1);
    expect(raised[0].description).toMatch(/not yet accepted/);
  });
});
