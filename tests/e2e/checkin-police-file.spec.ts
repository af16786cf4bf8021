import { readFile } from 'node:fs/promises';
import {
  DEMO,
  createTestRoom,
  deleteTestRooms,
  expect,
  expectToast,
  pageScrollWidth,
  resetRateLimits,
  signInToAdmin,
  skipCookieBanner,
  sql,
  test,
  uniqueEmail,
  uniqueTag,
} from './fixtures';

// Issue 34, end to end: a guest checks in online in Italian on a 375 px phone; staff open
// Arrivals, verify the identity in person, check the stay in, see the police report pending on
// the dashboard, download the day's Alloggiati file (whose line holds the guest's fields at the
// portal's offsets), mark the day as filed, and the pending action drops.

const ROMA = '412058091';
const ITALIA = '100000100';

/** Picks a comune or state: types part of its name and clicks the option. */
async function pick(page: import('@playwright/test').Page, label: string, query: string, option: string) {
  await page.getByLabel(label, { exact: true }).fill(query);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a guest checks in online; staff verify, check in, download and file the police report', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const tag = uniqueTag();
  const room = await createTestRoom(tag);
  const [stay] = await sql<{ id: string; reference: string; day: string }>(
    `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status,
       guest_language)
     values ($1, $2, $3, (now() at time zone 'Europe/Rome')::date, (now() at time zone 'Europe/Rome')::date + 2, 1,
       'confirmed', 'it')
     returning id::text, reference, check_in_date::text as day`,
    [room.id, `Maria D'Angelo ${tag}`, uniqueEmail('e2e-checkin')],
  );
  const [{ token }] = await sql<{ token: string }>(
    'select private.issue_booking_token(b) as token from public.bookings b where b.id = $1',
    [stay.id],
  );
  await resetRateLimits();

  try {
    // ---- the guest, in Italian, at 375 px
    const guest = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const phone = await guest.newPage();
    await skipCookieBanner(phone);
    await phone.goto(`${process.env.E2E_BASE_URL}/it/booking/${stay.reference}?token=${token}`);
    await phone.getByRole('button', { name: 'Fai il check-in online' }).click();
    await phone.getByLabel('Tipo di ospite').selectOption({ label: 'Ospite singolo' });
    await phone.getByLabel('Sesso').selectOption({ label: 'Femmina' });
    await phone.getByLabel('Cognome').fill('D’Angelo');
    await phone.getByLabel('Nome', { exact: true }).fill('Maria Chiara');
    await phone.getByLabel('Data di nascita').fill('1985-04-12');
    await pick(phone, 'Stato di nascita', 'ital', 'Italia');
    await pick(phone, 'Comune di nascita', 'roma', 'ROMA (RM)');
    await pick(phone, 'Cittadinanza', 'ital', 'Italia');
    await pick(phone, 'Stato di residenza', 'ital', 'Italia');
    await pick(phone, 'Comune di residenza', 'roma', 'ROMA (RM)');
    await phone.getByLabel("Documento d'identità").selectOption({ label: "Carta d'identità" });
    await phone.getByLabel('Numero del documento').fill('ca 12345 ab');
    await pick(phone, 'Luogo di rilascio', 'roma', 'ROMA (RM)');
    expect(await pageScrollWidth(phone)).toBeLessThanOrEqual(375);
    await phone.getByRole('button', { name: 'Salva i dati' }).click();
    await expectToast(phone, 'Dati salvati');
    await expect(phone.getByRole('status').filter({ hasText: 'I tuoi dati sono completi. Grazie!' })).toBeVisible();
    await guest.close();

    // ---- staff at the desk; the dashboard first: guests the seed leaves unreported (one refused by
    // the web service, waiting for a fix) are counted beside this one
    await signInToAdmin(page, DEMO.staff);
    const pending = page.getByRole('group', { name: 'Pending Actions' });
    const unreported = async () =>
      Number((await pending.textContent())?.match(/(\d+) guests? checked in but not reported/)?.[1] ?? 0);
    await page.goto('/admin');
    await expect(pending).toContainText('within 6 h');
    const before = await unreported();
    await page.goto('/admin/arrivals');
    const card = page.getByTestId(`arrival-${stay.reference}`);
    await expect(card).toContainText('Complete · 1 to verify in person');
    await expect(card.getByRole('button', { name: 'Check in' })).toBeDisabled();
    await card.getByRole('switch', { name: 'Identity of D’Angelo Maria Chiara verified in person' }).click();
    await expect(card).toContainText('Ready to check in');
    await card.getByRole('button', { name: 'Check in' }).click();
    await expectToast(page, 'Checked in');

    // the dashboard's Pending Actions counts the guest not yet reported
    await page.goto('/admin');
    await expect.poll(unreported).toBe(before + 1);

    // ---- the police file of the day
    await page.goto('/admin/arrivals');
    const police = page.getByTestId('police-guest').filter({ hasText: stay.reference });
    await expect(police).toContainText('Ready');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download file' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`alloggiati-${stay.day}.txt`);
    const content = await readFile((await download.path())!, 'utf8');
    const lines = content.split('\r\n');
    const line = lines.find((candidate) => candidate.slice(14, 64).trim() === "D'ANGELO")!;
    expect(line).toHaveLength(168);
    const [y, m, d] = stay.day.split('-');
    expect(line.slice(0, 2)).toBe('16');
    expect(line.slice(2, 12)).toBe(`${d}/${m}/${y}`);
    expect(line.slice(12, 14)).toBe('02');
    expect(line.slice(64, 94)).toBe('MARIA CHIARA'.padEnd(30));
    expect(line.slice(94, 95)).toBe('2');
    expect(line.slice(95, 105)).toBe('12/04/1985');
    expect(line.slice(105, 114)).toBe(ROMA);
    expect(line.slice(114, 116)).toBe('RM');
    expect(line.slice(116, 125)).toBe(ITALIA);
    expect(line.slice(125, 134)).toBe(ITALIA);
    expect(line.slice(134, 139)).toBe('IDENT');
    expect(line.slice(139, 159)).toBe('CA12345AB'.padEnd(20));
    expect(line.slice(159, 168)).toBe(ROMA);

    await page.getByRole('button', { name: 'Mark day as filed' }).click();
    await expectToast(page, 'Day marked as filed');
    await expect(page.getByRole('list', { name: 'Filings' })).toContainText('Filed by');

    await page.goto('/admin');
    await expect(pending).toContainText('within 6 h');
    await expect.poll(unreported).toBe(before);

    // what the web service answered shows on the guest's line of the card (refused, then sent)
    const answer = (status: 'sent' | 'refused') =>
      sql(
        `insert into public.police_submissions (guest_id, booking_id, arrival_day, deadline_at, status, error_text,
           last_attempt_at, sent_at)
         select g.id, g.booking_id, $2::date, now() + interval '1 day', $3,
           case when $3 = 'refused' then 'Documento non valido' end, now(), case when $3 = 'sent' then now() end
         from public.booking_guests g where g.booking_id = $1
         on conflict (guest_id) do update set status = excluded.status, error_text = excluded.error_text,
           sent_at = excluded.sent_at`,
        [stay.id, stay.day, status],
      );
    await answer('refused');
    await page.goto('/admin/arrivals');
    await expect(card).toContainText('Refused by Alloggiati Web: Documento non valido.');
    await answer('sent');
    await page.reload();
    await expect(card).toContainText('Sent to Alloggiati Web.');
    await expect(card).not.toContainText('Refused by Alloggiati Web');
  } finally {
    await sql('delete from public.booking_guests where booking_id = $1', [stay.id]);
    await sql(
      "delete from public.police_filings where arrival_day = $1::date and filed_at > now() - interval '1 hour'",
      [stay.day],
    );
    await sql('delete from public.bookings where id = $1', [stay.id]);
    await deleteTestRooms({ ids: [room.id] });
  }
});
