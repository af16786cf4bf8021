// The arrival reminder of a stay with online check-in (issue 34 §1): how many details are missing
// and a link to the form, without identity data. Set-up and helpers: checkin-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { dbDate, serviceClient, sql } from '../support';
import type { BookingEmailData } from '../../functions/emails/catalog.ts';
import { renderEmail } from '../../functions/emails/templates.ts';
import { setUpCheckin, nextDay, confirmedStay, save, setToday } from './checkin-fixtures';
import { head } from './checkin-guests-fixtures';

setUpCheckin();

describe('the arrival reminder', () => {
  it('says how many details are missing and links to the form, without identity data', async () => {
    const stay = await confirmedStay(3);
    expect((await save(stay, [head])).error).toBeNull();
    await sql("update public.bookings set guest_language = 'it' where id = $1", [stay.bookingId]);
    await setToday(await dbDate(nextDay - 4 - 3));
    expect((await serviceClient().rpc('run_booking_timers')).error).toBeNull();
    const [row] = await sql<{ data: BookingEmailData }>(
      "select data from public.email_outbox where booking_id = $1 and kind = 'arrival_reminder'",
      [stay.bookingId],
    );
    expect(row.data.checkin).toEqual({ complete: false, missing: 2 });
    expect(JSON.stringify(row.data)).not.toMatch(/Maria Chiara|CA12345AB|1985-04-12|412058091/);
    const mail = renderEmail('arrival_reminder', 'it', row.data, 'https://example.com');
    expect(mail.text).toContain('mancano ancora 2 dati');
    expect(mail.html).toContain('Fai il check-in online');
    expect(mail.html).toContain(`/it/booking/${stay.reference}?token=`);
  });
});
