// The shared half of the police-filing files (issue 41 §1, §3): checked-in stays of their own in
// room 4 from current_date + 1400 on, random guests, the stand-in's switches and received lines,
// the job run as the scheduler runs it, and the set-up that saves the stand-in's account and puts
// the file's own stays, submissions, filings and alerts away after the file.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { LOCAL_ALLOGGIATI_ACCOUNT } from '../../local/alloggiati/alloggiati';
import { DEMO, SEED, accessToken, callFunction, dbDate, platform, signedInClient, sql, type Client } from '../support';

export let staff: Client;
export let admin: Client;
let nextDay = 1400;
const created: string[] = [];

export interface GuestInput {
  guest_type: number;
  surname: string;
  given_names: string;
  sex: 'M' | 'F';
  birth_date: string;
  birth_state_code: string;
  birth_comune_code?: string | null;
  birth_province?: string | null;
  citizenship_code: string;
  document_type_code?: string | null;
  document_number?: string | null;
  document_issue_place_code?: string | null;
}

/** A stay checked in on `day` (noon, Rome), `nights` long from its own dates, with its verified guests. */
export async function checkedInStay(day: string, guests: GuestInput[], nights = 3): Promise<string> {
  const start = nextDay;
  nextDay += nights + 1;
  const [row] = await sql<{ id: string }>(
    `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status)
     values ($1, 'Police Test', 'police@test.example.com', $2, $3, $4, 'checked_in') returning id::text`,
    [SEED.room(4), await dbDate(start), await dbDate(start + nights), guests.length],
  );
  created.push(row.id);
  await sql(
    `insert into public.booking_check_ins (booking_id, checked_in_at, checked_in_by)
     values ($1, ($2::date + time '12:00') at time zone 'Europe/Rome', $3)`,
    [row.id, day, SEED.users.staff],
  );
  for (const [index, guest] of guests.entries()) {
    await sql(
      `insert into public.booking_guests (booking_id, position, guest_type, surname, given_names, sex, birth_date,
         birth_state_code, birth_comune_code, birth_province, citizenship_code, document_type_code, document_number,
         document_issue_place_code, verified_at, verified_by, updated_source)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, now() - interval '1 hour', $15, 'staff')`,
      [
        row.id,
        index + 1,
        guest.guest_type,
        guest.surname,
        guest.given_names,
        guest.sex,
        guest.birth_date,
        guest.birth_state_code,
        guest.birth_comune_code ?? null,
        guest.birth_province ?? null,
        guest.citizenship_code,
        guest.document_type_code ?? null,
        guest.document_number ?? null,
        guest.document_issue_place_code ?? null,
        SEED.users.staff,
      ],
    );
  }
  return row.id;
}

/** The next free day of this file (a day with no other check-in). */
export async function freshDay(): Promise<string> {
  const day = await dbDate(nextDay);
  nextDay += 1;
  return day;
}

export const switches = async (body: Record<string, unknown>) => {
  const response = await fetch(`${platform().paperworkUrl}/_local/switches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
};

export async function receivedLines(): Promise<Array<{ line: string; ok: boolean }>> {
  return (await fetch(`${platform().paperworkUrl}/_local/alloggiati/received`)).json();
}

/** One run of the job, as the scheduler calls it. */
export const runJob = () => callFunction('police-filing', platform().serviceRoleKey, { action: 'send' });

export const saveAccount = async (account: { utente: string; password: string; wskey: string }, as: Client = admin) =>
  callFunction('police-filing', await accessToken(as), { action: 'save_credentials', ...account });

export const submission = async (guestId: string) =>
  (
    await sql<{ status: string; error_code: string | null; error_text: string | null; attempts: number }>(
      'select status, error_code, error_text, attempts from public.police_submissions where guest_id = $1',
      [guestId],
    )
  )[0];

export const guestIds = async (bookingId: string) =>
  (
    await sql<{ id: string }>('select id::text from public.booking_guests where booking_id = $1 order by position', [
      bookingId,
    ])
  ).map((row) => row.id);

/** The file's set-up: staff and admin signed in, the stand-in's account saved, everything undone after. */
export function setUpPoliceFiling() {
  beforeAll(async () => {
    staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
    admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
    const saved = await saveAccount(LOCAL_ALLOGGIATI_ACCOUNT);
    if (saved.status !== 200) throw new Error(`save_credentials: ${JSON.stringify(saved.body)}`);
  });

  beforeEach(() => switches({ reset: true }));

  afterAll(async () => {
    await switches({ reset: true });
    // the file's stays only: the seed's submissions and filings stay as they were
    const filings = await sql<{ id: string }>(
      'select distinct police_filing_id::text as id from public.booking_guests where booking_id = any($1::uuid[]) and police_filing_id is not null',
      [created],
    );
    await sql('update public.booking_guests set police_filing_id = null where booking_id = any($1::uuid[])', [created]);
    await sql('delete from public.police_submissions where booking_id = any($1::uuid[])', [created]);
    await sql('delete from public.police_filings where id = any($1::uuid[])', [filings.map((f) => f.id)]);
    await sql('delete from private.paperwork_credentials');
    await sql('delete from private.police_deadline_alerts where booking_id = any($1::uuid[])', [created]);
    await sql("delete from public.security_alerts where alert_type = 'police_report_due' and dedup_key = any($1)", [
      created.map((id) => `police:${id}`),
    ]);
    await sql('delete from public.booking_guests where booking_id = any($1::uuid[])', [created]);
    await sql('delete from public.booking_check_ins where booking_id = any($1::uuid[])', [created]);
    await sql('delete from public.bookings where id = any($1::uuid[])', [created]);
  });
}
