// The e-mails of stay requests (issue 20): the log staff read (never the link token) and resend,
// the hold settings only admins change, and the outbox delivered once by its dispatcher (the
// `emails` function) to the local inbox, through provider failures and a killed dispatcher.
// Set-up and helpers: stay-requests-fixtures.ts.
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO, anonClient, inboxFor, newUserClient, platform, serviceClient, signedInClient, sql } from '../support';
import {
  setUpStayRequests,
  email,
  rpcFrom,
  stay,
  setClock,
  emailsOf,
  callEmails,
  staff,
} from './stay-requests-fixtures';

setUpStayRequests();

// ---------------------------------------------------------------- staff and settings
describe('staff see the e-mail log; admins change the holds', () => {
  it('staff read the log but never the e-mail data (the link token), and resend one', async () => {
    const answer = await rpcFrom('127.0.0.17', 'request_booking', stay());
    const id = String(answer.body.booking_id);
    const log = await staff.from('email_outbox').select('id, kind, status').eq('booking_id', id);
    expect(log.data?.map((e) => e.kind).sort()).toEqual(['request_acknowledgement', 'request_received_host']);
    expect((await staff.from('email_outbox').select('data').eq('booking_id', id)).error?.message).toMatch(
      /permission denied/,
    );
    expect((await staff.from('email_outbox').update({ status: 'sent' }).eq('booking_id', id)).error?.message).toMatch(
      /permission denied/,
    );
    const resent = await staff.rpc('resend_booking_email', { p_email_id: log.data![0].id });
    expect(resent.error).toBeNull();
    expect(await emailsOf(id)).toHaveLength(3);
    const { client: nobody } = await newUserClient('noemail');
    expect((await nobody.from('email_outbox').select('id').eq('booking_id', id)).data).toEqual([]);
    expect((await nobody.rpc('resend_booking_email', { p_email_id: log.data![0].id })).error?.message).toBe(
      'Only staff can resend e-mails.',
    );
  });

  it('staff read the hold settings; only admins change them, within bounds', async () => {
    const admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
    expect(
      (await staff.from('booking_settings').select('unconfirmed_hold_minutes, confirmed_hold_hours').single()).data,
    ).toEqual({
      unconfirmed_hold_minutes: 30,
      confirmed_hold_hours: 48,
    });
    const byStaff = await staff
      .from('booking_settings')
      .update({ confirmed_hold_hours: 1 })
      .eq('singleton', true)
      .select();
    expect(byStaff.data).toEqual([]);
    const tooLong = await admin.from('booking_settings').update({ confirmed_hold_hours: 1000 }).eq('singleton', true);
    expect(tooLong.error?.message).toMatch(/booking_settings_confirmed_hold_range/);
    const ok = await admin
      .from('booking_settings')
      .update({ unconfirmed_hold_minutes: 45 })
      .eq('singleton', true)
      .select();
    expect(ok.data?.[0]).toMatchObject({ unconfirmed_hold_minutes: 45 });
    const answer = await rpcFrom('127.0.0.18', 'request_booking', stay());
    const [{ minutes }] = await sql<{ minutes: number }>(
      `select round(extract(epoch from hold_expires_at - now()) / 60)::int as minutes from public.bookings where id = $1`,
      [answer.body.booking_id],
    );
    expect(minutes).toBe(45);
    await admin.from('booking_settings').update({ unconfirmed_hold_minutes: 30 }).eq('singleton', true);
    // one row for ever: nobody adds or removes one
    expect((await admin.from('booking_settings').insert({ singleton: true })).error?.message).toMatch(
      /permission denied/,
    );
    expect((await admin.from('booking_settings').delete().eq('singleton', true)).error?.message).toMatch(
      /permission denied/,
    );
    const { client: nobody } = await newUserClient('nosettings');
    expect((await nobody.from('booking_settings').select('*')).data).toEqual([]);
    expect(
      (await nobody.from('booking_settings').update({ confirmed_hold_hours: 2 }).eq('singleton', true).select()).data,
    ).toEqual([]);
  });

  it('a pending request cannot be marked expired while its hold lasts', async () => {
    const answer = await rpcFrom('127.0.0.23', 'request_booking', stay());
    const refused = await staff.from('bookings').update({ status: 'expired' }).eq('id', String(answer.body.booking_id));
    expect(refused.error?.message).toBe('A booking cannot change from pending to expired.');
  });
});

// ---------------------------------------------------------------- delivery
describe('the outbox is delivered once', () => {
  const clearInbox = () => fetch(`${platform().apiUrl}/inbox/api/messages`, { method: 'DELETE' });
  const fault = (n: number, status = 500) =>
    fetch(`${platform().apiUrl}/inbox/api/faults`, {
      method: 'POST',
      headers: { authorization: `Bearer ${platform().serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fail_next: n, status }),
    });

  beforeEach(async () => {
    await sql(`update public.email_outbox set status = 'sent' where status = 'pending'`);
    await clearInbox();
  });

  it('host and guest each get their e-mail once, with the reference in the subject and both parts', async () => {
    const guestEmail = email('ack');
    const answer = await rpcFrom('127.0.0.19', 'request_booking', stay({ p_guest_email: guestEmail }));
    const reference = String(answer.body.reference);
    expect((await callEmails({ action: 'dispatch' })).body).toMatchObject({ claimed: 2, sent: 2 });
    expect((await callEmails({ action: 'dispatch' })).body).toMatchObject({ claimed: 0 });

    const [ack, ...more] = await inboxFor(guestEmail);
    expect(more).toHaveLength(0);
    expect(ack.subject).toContain(reference);
    expect(ack.text).toContain('Confirm your request: ');
    expect(ack.text).toMatch(new RegExp(`/booking/${reference}\\?token=[A-Za-z0-9_-]{40,}`));
    expect(ack.html).toContain('<a href=');
    const [{ value: hostAddress }] = await sql<{ value: string }>(
      `select value from public.site_content where key = 'contact_email'`,
    );
    const host = (await inboxFor(hostAddress)).filter((m) => m.subject.includes(reference));
    expect(host).toHaveLength(1);
    expect(host[0].text).toContain('Grace Hopper');
    // once sent, the token no longer sits in the outbox
    expect(
      await sql(`select 1 from public.email_outbox where booking_id = $1 and data ? 'token'`, [answer.body.booking_id]),
    ).toHaveLength(0);
  });

  it('a provider answering 500 then 200 delivers once', async () => {
    const guestEmail = email('retry');
    const answer = await rpcFrom('127.0.0.20', 'request_booking', stay({ p_guest_email: guestEmail }));
    await fault(2);
    expect((await callEmails({ action: 'dispatch' })).body).toMatchObject({ claimed: 2, retried: 2 });
    expect(await inboxFor(guestEmail)).toHaveLength(0);
    // not due again before the backoff
    expect((await callEmails({ action: 'dispatch' })).body).toMatchObject({ claimed: 0 });
    await setClock(15);
    expect((await callEmails({ action: 'dispatch' })).body).toMatchObject({ claimed: 2, sent: 2 });
    expect(await inboxFor(guestEmail)).toHaveLength(1);
    expect((await emailsOf(String(answer.body.booking_id))).map((e) => [e.status, e.attempt_count])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
  });

  it('a dispatcher killed after the provider accepted, before recording, is followed by one delivery', async () => {
    const guestEmail = email('killed');
    await rpcFrom('127.0.0.21', 'request_booking', stay({ p_guest_email: guestEmail }));
    // the first dispatcher claims the e-mails and sends them, then dies before recording anything
    const { data: claimed } = await serviceClient().rpc('claim_emails', { p_limit: 10, p_lease_seconds: 60 });
    expect(claimed).toHaveLength(2);
    for (const email of claimed!) {
      const response = await fetch(`${platform().apiUrl}/inbox/api/messages`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${platform().serviceRoleKey}`,
          'content-type': 'application/json',
          'idempotency-key': `email-${email.email_id}`,
        },
        body: JSON.stringify({ to: email.recipient, subject: 'sent before the crash', text: '' }),
      });
      expect(response.status).toBe(201);
    }
    // a second dispatcher cannot take them while the lease lasts
    expect((await callEmails({ action: 'dispatch' })).body).toMatchObject({ claimed: 0 });
    await setClock(61);
    expect((await callEmails({ action: 'dispatch' })).body).toMatchObject({ claimed: 2, sent: 2 });
    expect(await inboxFor(guestEmail)).toHaveLength(1);
  });

  it('after the last try the e-mail fails and the admins get an alert', async () => {
    const guestEmail = email('fail');
    const answer = await rpcFrom('127.0.0.22', 'request_booking', stay({ p_guest_email: guestEmail }));
    await fault(100, 503);
    let clock = 0;
    for (let attempt = 0; attempt < 6; attempt++) {
      await callEmails({ action: 'dispatch' });
      clock += 9000;
      await setClock(clock);
    }
    await fault(0);
    expect((await emailsOf(String(answer.body.booking_id))).map((e) => [e.status, e.attempt_count])).toEqual([
      ['failed', 6],
      ['failed', 6],
    ]);
    const alerts = await sql(
      `select 1 from public.security_alerts where alert_type = 'email_delivery_failed' and metadata ->> 'booking_id' = $1`,
      [answer.body.booking_id],
    );
    expect(alerts).toHaveLength(2);
  });

  it("every guest e-mail links to the guest's page, a resent one too; the host's link finds the booking", async () => {
    const guestEmail = email('links');
    const answer = await rpcFrom('127.0.0.24', 'request_booking', stay({ p_guest_email: guestEmail }));
    const id = String(answer.body.booking_id);
    const reference = String(answer.body.reference);
    await staff.from('bookings').update({ status: 'confirmed' }).eq('id', id);
    const [ack] = await sql<{ id: string }>(
      `select id from public.email_outbox where booking_id = $1 and kind = 'request_acknowledgement'`,
      [id],
    );
    await callEmails({ action: 'dispatch' });
    expect((await staff.rpc('resend_booking_email', { p_email_id: ack.id })).error).toBeNull();
    await callEmails({ action: 'dispatch' });

    const mails = await inboxFor(guestEmail);
    expect(mails.map((m) => m.kind).sort()).toEqual([
      'booking_confirmed',
      'request_acknowledgement',
      'request_acknowledgement',
    ]);
    for (const mail of mails) {
      const link = new URL(new RegExp(`https?://\\S+/booking/${reference}\\?token=[A-Za-z0-9_-]+`).exec(mail.text)![0]);
      const shown = await anonClient().rpc('booking_by_link', {
        p_reference: reference,
        p_token: link.searchParams.get('token')!,
      });
      expect(shown.error, mail.kind).toBeNull();
    }

    const found = await staff.rpc('search_booking_list', { p_search: reference.toLowerCase() });
    expect(found.data?.map((row) => row.reference)).toEqual([reference]);
  });

  it('only the service role may run the dispatcher', async () => {
    expect((await callEmails({ action: 'dispatch' }, platform().anonKey)).status).toBe(403);
  });
});
