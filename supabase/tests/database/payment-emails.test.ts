// The way to pay in the guest's e-mails (issue 31), through the real gateway, the dispatcher (the
// `emails` function), the payments function and the local inbox: the request's acknowledgement
// carries the deposit, the balance, the last day of free cancellation and "Pay the deposit" (a link
// to the private page, whose payment section starts Checkout) in the guest's language; with
// "Confirm each request before payment" on, it carries no pay link and payment is refused until
// staff accept the request, whose e-mail then brings the link. Works on a room of its own from
// current_date + 360 on; guests @payment-emails.test.example.com.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, dispatchEmails, anonClient, dbDate, inboxFor, platform, signedInClient, sql } from '../support';
import type { InboxMessage } from '../inbox';

const EMAIL_DOMAIN = 'payment-emails.test.example.com';
const email = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@${EMAIL_DOMAIN}`;
let roomId: string;
let start: string;
let nextDay = 0;

function addDays(iso: string, days: number) {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A day as the cancellation terms write it: "1 October 2026", "1° ottobre 2026", "1er octobre 2026". */
function plainDay(iso: string, locale: string) {
  const text = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
  return text.replace(/^1 /, locale === 'it-IT' ? '1° ' : locale === 'fr-FR' ? '1er ' : '1 ');
}

interface Request {
  id: string;
  reference: string;
  deposit: number;
  balance: number;
  freeUntil: string;
  confirmBeforePayment: boolean;
  guestEmail: string;
}

/** Three nights at €100 (the room's price), sent in `language`. */
async function requestStay(language: string): Promise<Request> {
  const guestEmail = email(language);
  const offset = (nextDay += 5);
  const { data, error } = await anonClient().rpc('request_booking', {
    p_room_id: roomId,
    p_check_in: addDays(start, offset),
    p_check_out: addDays(start, offset + 3),
    p_guests: 2,
    p_guest_name: 'Giulia Rossi',
    p_guest_email: guestEmail,
    p_language: language,
  });
  expect(error).toBeNull();
  const answer = data as Record<string, unknown>;
  return {
    id: answer.booking_id as string,
    reference: answer.reference as string,
    deposit: answer.deposit_cents as number,
    balance: answer.balance_cents as number,
    freeUntil: answer.free_cancellation_until as string,
    confirmBeforePayment: answer.confirm_before_payment as boolean,
    guestEmail,
  };
}

async function mailOf(address: string, kind: string): Promise<InboxMessage> {
  const found = (await inboxFor(address)).filter((message) => message.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0];
}

/** The payments function, as the private page calls it from the site. */
async function startCheckout(body: Record<string, unknown>) {
  const response = await fetch(`${platform().apiUrl}/functions/v1/payments`, {
    method: 'POST',
    headers: {
      apikey: platform().anonKey,
      authorization: `Bearer ${platform().anonKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ action: 'checkout', ...body }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The link a button of the e-mail leads to (plain-text part: "label: link"). */
function buttonLink(message: InboxMessage, label: string): URL | null {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`${escaped}\u00a0?: (\\S+)`).exec(message.text);
  return found ? new URL(found[1]) : null;
}

/** What the private page's payment section shows for the link's token. */
async function pageSays(link: URL, reference: string) {
  const { data, error } = await anonClient().rpc('booking_payments_by_link', {
    p_reference: reference,
    p_token: link.searchParams.get('token')!,
  });
  expect(error).toBeNull();
  return data as { can_pay: boolean; due_now_cents: number; payment_after_acceptance: boolean };
}

const setConfirmFirst = (on: boolean) =>
  sql('update public.payment_policy set confirm_before_payment = $1 where singleton', [on]);

beforeAll(async () => {
  start = await dbDate(360);
  const [room] = await sql<{ id: string }>(
    `insert into public.rooms (name, room_number, room_type, status, price_per_night, max_guests)
     values ('Pay-link room', $1, 'classic', 'available', 100, 2) returning id::text`,
    [`PE-${Math.random().toString(36).slice(2, 8)}`],
  );
  roomId = room.id;
});

beforeEach(async () => {
  // e-mails of other suites' bookings are not this suite's to send
  await sql(`update public.email_outbox set status = 'sent' where status = 'pending'`);
  await sql('truncate private.rate_limit_hits, private.booking_request_origins');
});

afterEach(() => setConfirmFirst(false));

afterAll(async () => {
  await setConfirmFirst(false);
  await sql(`do $$ begin
    set local session_replication_role = replica;
    delete from public.payments p using public.bookings b where b.id = p.booking_id and b.room_id = '${roomId}';
    delete from public.email_outbox where booking_id in (select id from public.bookings where room_id = '${roomId}');
    delete from public.bookings where room_id = '${roomId}';
    delete from public.rooms where id = '${roomId}';
  end $$`);
  await sql('truncate private.rate_limit_hits, private.booking_request_origins');
});

describe('the acknowledgement of a request offers the deposit', () => {
  const cases = [
    {
      language: 'en',
      locale: 'en-GB',
      prefix: '',
      lines: (until: string) => [
        'Deposit, due now: €90.00',
        'Balance, paid at the house on arrival: €210.00',
        `Free cancellation until ${until}. After that day, a cancellation refunds nothing: the deposit of €90.00 is kept.`,
      ],
      button: 'Pay the deposit (€90.00)',
      confirm: 'Confirm your request',
    },
    {
      language: 'it',
      locale: 'it-IT',
      prefix: '/it',
      lines: (until: string) => [
        'Caparra, da versare ora: 90,00\u00a0€',
        "Saldo, da pagare in struttura all'arrivo: 210,00\u00a0€",
        `Cancellazione gratuita fino al giorno ${until} incluso. Dal giorno dopo la cancellazione non dà più diritto a rimborsi: la caparra di 90,00\u00a0€ viene trattenuta.`,
      ],
      button: 'Paga la caparra (90,00\u00a0€)',
      confirm: 'Conferma la richiesta',
    },
    {
      language: 'fr',
      locale: 'fr-FR',
      prefix: '/fr',
      lines: (until: string) => [
        'Acompte, à régler maintenant\u00a0: 90,00\u00a0€',
        'Solde, à régler sur place à votre arrivée\u00a0: 210,00\u00a0€',
        `Annulation gratuite jusqu’au ${until} inclus. Passé ce jour, une annulation n’est plus remboursée\u00a0: l’acompte de 90,00\u00a0€ est conservé.`,
      ],
      button: "Payer l'acompte (90,00\u00a0€)",
      confirm: 'Confirmer votre demande',
    },
  ];

  for (const c of cases) {
    it(`in ${c.language}: the figures request_booking quoted, and a link to the private page that pays them`, async () => {
      const stay = await requestStay(c.language);
      expect(stay).toMatchObject({ deposit: 9000, balance: 21000, confirmBeforePayment: false });
      await dispatchEmails();
      const ack = await mailOf(stay.guestEmail, 'request_acknowledgement');
      // the cancellation terms write the day without its weekday (supabase/functions/emails/cancellation.ts)
      const until = plainDay(stay.freeUntil, c.locale);
      for (const line of c.lines(until)) expect(ack.text).toContain(line);

      // the button leads to the booking's private page in the guest's language, where the deposit is payable
      const link = buttonLink(ack, c.button);
      expect(link, ack.text).not.toBeNull();
      expect(link!.pathname).toBe(`${c.prefix}/booking/${stay.reference}`);
      expect(await pageSays(link!, stay.reference)).toMatchObject({
        can_pay: true,
        due_now_cents: 9000,
        payment_after_acceptance: false,
      });
      const started = await startCheckout({ reference: stay.reference, token: link!.searchParams.get('token') });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(started.body.url).toMatch(/\/checkout\/pay\/cs_/);

      // the spec's confirmation stays, and the HTML part carries the same button
      expect(buttonLink(ack, c.confirm)?.searchParams.get('action')).toBe('confirm');
      expect(ack.html).toContain(`>${c.button.replace("'", '&#39;')}</a>`);
    });
  }

  it('asks for no payment when the policy asks no deposit', async () => {
    const [before] = await sql<{ deposit_percent: number }>('select deposit_percent from public.payment_policy');
    await sql('update public.payment_policy set deposit_percent = 0 where singleton');
    try {
      const stay = await requestStay('en');
      expect(stay.deposit).toBe(0);
      await dispatchEmails();
      const ack = await mailOf(stay.guestEmail, 'request_acknowledgement');
      expect(ack.text).not.toMatch(/deposit/i);
      expect(ack.text).toContain('No payment has been taken.');
    } finally {
      await sql('update public.payment_policy set deposit_percent = $1 where singleton', [before.deposit_percent]);
    }
  });
});

describe('"Confirm each request before payment"', () => {
  it('sends no pay link with the request and refuses payment; once staff accept, the e-mail brings the link and the page pays', async () => {
    await setConfirmFirst(true);
    const stay = await requestStay('it');
    // the request's answer tells the dialog and the form not to offer the payment
    expect(stay).toMatchObject({ deposit: 9000, confirmBeforePayment: true });
    await dispatchEmails();
    const ack = await mailOf(stay.guestEmail, 'request_acknowledgement');
    expect(ack.text).toContain('Caparra, da versare online quando avremo accettato la richiesta: 90,00\u00a0€');
    expect(ack.text).toContain(
      'appena avremo accettato la tua, ti manderemo per e-mail il link per versare la caparra',
    );
    expect(ack.text).not.toContain('Paga la caparra');
    expect(ack.html).not.toContain('Paga la caparra');
    const pageLink = new URL(/https?:\/\/\S+\/it\/booking\/\S+\?token=[\w-]+(?=\s|$)/.exec(ack.text)![0]);
    // the private page says the deposit is paid once the host accepts
    expect(await pageSays(pageLink, stay.reference)).toMatchObject({ can_pay: false, payment_after_acceptance: true });
    // a booking id alone never starts a checkout
    expect((await startCheckout({ booking_id: stay.id })).status).toBe(400);
    expect(
      (await startCheckout({ reference: stay.reference, token: pageLink.searchParams.get('token') })).body,
    ).toMatchObject({ code: 'not_payable' });

    // staff accept the request on the Bookings screen (the status update it makes)
    const staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
    const { error } = await staff.from('bookings').update({ status: 'confirmed' }).eq('id', stay.id);
    expect(error).toBeNull();
    await dispatchEmails();
    const accepted = await mailOf(stay.guestEmail, 'booking_confirmed');
    expect(accepted.text).toContain('Caparra, da versare ora: 90,00\u00a0€');
    expect(accepted.text).toContain('Per assicurarti il soggiorno, versa la caparra online:');
    const link = buttonLink(accepted, 'Paga la caparra (90,00\u00a0€)');
    expect(link?.pathname).toBe(`/it/booking/${stay.reference}`);
    expect(await pageSays(link!, stay.reference)).toMatchObject({
      can_pay: true,
      due_now_cents: 9000,
      payment_after_acceptance: false,
    });
    const started = await startCheckout({ reference: stay.reference, token: link!.searchParams.get('token') });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
  });

  it('with it off, a request staff accept before any payment still gets the link; a paid one does not', async () => {
    const unpaid = await requestStay('fr');
    const paid = await requestStay('en');
    // paid through Stripe: the charge is in the ledger before the status changes (apply_stripe_event)
    await sql(
      `insert into public.payments (booking_id, kind, amount_cents, method, provider_payment_intent_id, actor)
       values ($1, 'charge', 9000, 'stripe', $2, 'stripe')`,
      [paid.id, `pi_test_${paid.id.slice(0, 8)}`],
    );
    const staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
    for (const stay of [unpaid, paid]) {
      expect((await staff.from('bookings').update({ status: 'confirmed' }).eq('id', stay.id)).error).toBeNull();
    }
    await dispatchEmails();
    const accepted = await mailOf(unpaid.guestEmail, 'booking_confirmed');
    expect(buttonLink(accepted, "Payer l'acompte (90,00\u00a0€)")?.pathname).toBe(`/fr/booking/${unpaid.reference}`);
    const confirmed = await mailOf(paid.guestEmail, 'booking_confirmed');
    expect(confirmed.text).not.toMatch(/pay the deposit|deposit, due now/i);
    // its terms say what a cancellation today refunds: the €90.00 paid
    expect(confirmed.text).toContain('If you cancel today, we refund €90.00 in full.');
  });
});
