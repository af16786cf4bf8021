// The police report sent by Alloggiati Web's web service (issue 41 §1, §3), through the local
// stand-in: the download and the sender write byte-identical lines (500 random guests), a check-in
// is sent within one run, a refused line shows its Italian error and goes again after the fix, an
// expired token is renewed once, the service down loses nothing.
import { describe, expect, it } from 'vitest';
import { portalDate, writeAlloggiatiFile } from '@shared/alloggiati';
import { unfiledGuests, type PoliceDay } from '@/features/admin-arrivals/logic/arrivals';
import { LOCAL_ALLOGGIATI_ACCOUNT } from '../../local/alloggiati/alloggiati';
import { anonClient, callFunction, platform, sql } from '../support';
import {
  checkedInStay,
  freshDay,
  guestIds,
  receivedLines,
  runJob,
  saveAccount,
  setUpPoliceFiling,
  staff,
  submission,
  switches,
  type GuestInput,
} from './police-filing-fixtures';

setUpPoliceFiling();

const ROMA = '412058091';
const ITALIA = '100000100';
const ABROAD = ['100000215', '100000216', '100000219', '100000536', '100000404'];
const SURNAMES = [
  "D'Angelo",
  'Lefèvre',
  'Müller',
  'Ørsted',
  'Straße',
  'Nicolò',
  'García Márquez',
  'Łukasiewicz',
  'Van der Berg-Smit',
  'Abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz Long',
];
const NAMES = ['Maria Chiara', 'Élodie', 'Jürgen', 'Zoë', 'Luca', 'Æsa', 'José María', 'Anne-Sophie'];

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function randomGuest(next: () => number, type: number): GuestInput {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const italian = next() < 0.4;
  const member = type === 19 || type === 20;
  const year = 1940 + Math.floor(next() * 70);
  const birth = `${year}-${String(1 + Math.floor(next() * 12)).padStart(2, '0')}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
  return {
    guest_type: type,
    surname: pick(SURNAMES),
    given_names: pick(NAMES),
    sex: next() < 0.5 ? 'M' : 'F',
    birth_date: birth,
    birth_state_code: italian ? ITALIA : pick(ABROAD),
    birth_comune_code: italian ? ROMA : null,
    birth_province: italian ? 'RM' : null,
    citizenship_code: italian ? ITALIA : pick(ABROAD),
    document_type_code: member ? null : pick(['IDENT', 'PASOR']),
    document_number: member ? null : `X${Math.floor(next() * 1e9)}`.slice(0, 2 + Math.floor(next() * 10)),
    document_issue_place_code: member ? null : italian ? ROMA : pick(ABROAD),
  };
}

/** Stays of one to four guests: a single guest, or a head of family or group with members. */
function randomStays(next: () => number, total: number): GuestInput[][] {
  const stays: GuestInput[][] = [];
  let count = 0;
  while (count < total) {
    const size = Math.min(1 + Math.floor(next() * 4), total - count);
    const family = next() < 0.5;
    stays.push(
      size === 1
        ? [randomGuest(next, 16)]
        : Array.from({ length: size }, (_, i) => randomGuest(next, i === 0 ? (family ? 17 : 18) : family ? 19 : 20)),
    );
    count += size;
  }
  return stays;
}

async function downloadFile(day: string) {
  const { data, error } = await staff.rpc('police_file_day', { p_day: day });
  expect(error).toBeNull();
  return writeAlloggiatiFile(day, unfiledGuests(data as PoliceDay));
}

const linesOfDay = (lines: string[], day: string) => lines.filter((line) => line.slice(2, 12) === portalDate(day));

describe('police filing by the web service', () => {
  it('sends 500 random guests within one run, each line byte-identical to the download', async () => {
    const day = await freshDay();
    for (const stay of randomStays(random(41), 500)) await checkedInStay(day, stay);
    const file = await downloadFile(day);
    expect(file.guestIds).toHaveLength(500);

    const before = (await receivedLines()).length;
    const run = await runJob();
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const sent = linesOfDay(
      (await receivedLines()).slice(before).map((r) => r.line),
      day,
    );
    expect(Buffer.from(sent.join('\r\n'), 'utf8').equals(Buffer.from(file.content, 'utf8'))).toBe(true);

    const [counts] = await sql<{ sent: number; filed: number }>(
      `select count(*) filter (where s.status = 'sent')::int as sent, count(g.police_filing_id)::int as filed
       from public.booking_guests g left join public.police_submissions s on s.guest_id = g.id
       where g.id = any($1::uuid[])`,
      [file.guestIds],
    );
    expect(counts).toEqual({ sent: 500, filed: 500 });
    // reported: the download has nothing left for that day, a second run sends nothing
    expect((await downloadFile(day)).guestIds).toHaveLength(0);
    expect((await runJob()).body).toMatchObject({ sent: 0 });
  });

  it('shows a refused line with its Italian error and sends it again once staff fix the guest', async () => {
    const day = await freshDay();
    const guest = randomGuest(random(7), 16);
    const booking = await checkedInStay(day, [{ ...guest, surname: 'Rifiutato' }]);
    const [id] = await guestIds(booking);
    await switches({ refuseSurnames: { RIFIUTATO: 'DOCUMENTO' } });

    expect((await runJob()).body).toMatchObject({ refused: 1 });
    expect(await submission(id)).toMatchObject({
      status: 'refused',
      error_code: 'DOCUMENTO',
      error_text: 'Documento non valido',
    });
    const shown = await staff.from('police_submissions').select('status, error_text, error_detail').eq('guest_id', id);
    expect(shown.data).toEqual([
      {
        status: 'refused',
        error_text: 'Documento non valido',
        error_detail: 'Controllare tipo, numero e luogo di rilascio del documento.',
      },
    ]);
    expect((await staff.rpc('police_submissions_day', { p_day: day })).data).toMatchObject({ refused: 1 });
    // not sent again while nothing changed
    expect((await runJob()).body).toMatchObject({ skipped: 'nothing_to_send' });

    await sql(
      "update public.booking_guests set document_number = 'YA7654321', updated_at = now() + interval '1 second' where id = $1",
      [id],
    );
    await switches({ refuseSurnames: {} });
    expect((await runJob()).body).toMatchObject({ sent: 1, refused: 0 });
    expect(await submission(id)).toMatchObject({ status: 'sent', error_code: null, attempts: 2 });
  });

  it('renews an expired token once and sends', async () => {
    const day = await freshDay();
    await checkedInStay(day, [randomGuest(random(8), 16)]);
    await runJob(); // a token is kept
    const [kept] = await sql<{ token: string }>('select alloggiati_token as token from private.paperwork_credentials');
    await checkedInStay(day, [randomGuest(random(9), 16)]);
    await switches({ expireTokens: true });

    expect((await runJob()).body).toMatchObject({ sent: 1 });
    const [renewed] = await sql<{ token: string }>(
      'select alloggiati_token as token from private.paperwork_credentials',
    );
    expect(renewed.token).not.toBe(kept.token);
  });

  it('loses nothing while the service is down and sends in check-in order after', async () => {
    const day = await freshDay();
    const first = await checkedInStay(day, [{ ...randomGuest(random(10), 16), surname: 'Primo' }]);
    const second = await checkedInStay(day, [{ ...randomGuest(random(11), 16), surname: 'Secondo' }]);
    await sql(
      "update public.booking_check_ins set checked_in_at = checked_in_at + interval '1 hour' where booking_id = $1",
      [second],
    );
    await switches({ down: true });
    for (let i = 0; i < 3; i++) {
      const run = await runJob();
      expect(run.status).toBe(503);
      expect(run.body).toEqual({ error: 'service_unavailable' });
    }
    expect(await submission((await guestIds(first))[0])).toBeUndefined();

    await switches({ down: false });
    const before = (await receivedLines()).length;
    expect((await runJob()).body).toMatchObject({ sent: 2 });
    const surnames = linesOfDay(
      (await receivedLines()).slice(before).map((r) => r.line),
      day,
    ).map((line) => line.slice(14, 64).trim());
    expect(surnames).toEqual(['PRIMO', 'SECONDO']);
  });

  it('saves an account only after the service accepts it, and only for admins', async () => {
    const stored = async () =>
      (await sql<{ wskey: string }>('select alloggiati_wskey as wskey from private.paperwork_credentials'))[0]?.wskey;
    const wrong = await saveAccount({ ...LOCAL_ALLOGGIATI_ACCOUNT, wskey: 'WRONG-KEY' });
    expect(wrong).toMatchObject({ status: 422, body: { error: 'credentials_refused', code: 'AUTH_FAILED' } });
    expect(await stored()).toBe(LOCAL_ALLOGGIATI_ACCOUNT.wskey);
    expect((await saveAccount(LOCAL_ALLOGGIATI_ACCOUNT, staff)).status).toBe(403);
    const saved = await saveAccount(LOCAL_ALLOGGIATI_ACCOUNT);
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain(LOCAL_ALLOGGIATI_ACCOUNT.password);
    expect(saved.body).toMatchObject({ alloggiati_set: true, alloggiati_user_masked: 'RM…' });
  });

  it('raises one alert for a stay still not reported 2 hours before its deadline', async () => {
    const day = await freshDay();
    const booking = await checkedInStay(day, [{ ...randomGuest(random(12), 16), surname: 'Ritardo' }]);
    await sql("update public.booking_check_ins set checked_in_at = now() - interval '23 hours' where booking_id = $1", [
      booking,
    ]);
    await switches({ refuseSurnames: { RITARDO: 'COGNOME' } });
    const alerts = () =>
      sql<{ occurrences: number; description: string }>(
        "select occurrences, description from public.security_alerts where alert_type = 'police_report_due' and dedup_key = $1",
        [`police:${booking}`],
      );
    await runJob();
    await runJob();
    const raised = await alerts();
    expect(raised).toHaveLength(1);
    expect(raised[0].occurrences).toBe(1);
    expect(raised[0].description).toMatch(/not yet reported to the police/);
  });

  it('stores the day’s receipt for staff only and deletes receipts older than 5 years', async () => {
    const day = await freshDay();
    await sql(
      "insert into public.police_receipts (day, object_path, size_bytes, stored_at) values ('2019-01-02', '2019/2019-01-02.pdf', 10, now())",
    );
    const run = await callFunction('police-filing', platform().serviceRoleKey, { action: 'receipts', day });
    expect(run).toMatchObject({ status: 200, body: { stored: true, day, deleted: 1 } });
    const listed = await staff.from('police_receipts').select('day, object_path').eq('day', day);
    expect(listed.data).toEqual([{ day, object_path: `${day.slice(0, 4)}/${day}.pdf` }]);
    const file = await staff.storage.from('police-receipts').download(`${day.slice(0, 4)}/${day}.pdf`);
    expect((await file.data!.text()).startsWith('%PDF')).toBe(true);
    const anon = await anonClient()
      .storage.from('police-receipts')
      .download(`${day.slice(0, 4)}/${day}.pdf`);
    expect(anon.data).toBeNull();
    expect((await sql("select 1 from public.police_receipts where day = '2019-01-02'")).length).toBe(0);
    await sql('delete from public.police_receipts where day = $1', [day]);
  });
});
