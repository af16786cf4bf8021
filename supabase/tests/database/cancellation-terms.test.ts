// One cancellation policy, rendered everywhere (issue 39, section 1): the terms the database states
// (public.house_cancellation_terms, quote_stay's and request_booking's `cancellation`,
// booking_cancellation_by_link, the e-mails' data) rendered through the one function both media
// use (supabase/functions/_shared/cancellation-terms.ts) with the catalog the database delivers:
// the house's rule and a stay's terms for 0, 1, 7 and 30 days in English, Italian and French; a
// deadline that has passed is never promised; a cancellation outside the free window refunds
// nothing and its e-mails to the guest and the host say what was kept, and why. A room of its own;
// guests @cancellation-terms.test.example.com.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cancellationSentences,
  type CancellationCatalog,
  type CancellationTerms,
} from '../../functions/_shared/cancellation-terms';
import { anonClient, dbDate, dispatchEmails, inboxFor, sql } from '../support';

const EMAIL_DOMAIN = 'cancellation-terms.test.example.com';
const LOCALES = { en: 'en-GB', it: 'it-IT', fr: 'fr-FR' } as const;
type Language = keyof typeof LOCALES;
let roomId: string;
let today: string;
let catalog: Record<Language, CancellationCatalog>;
let policyBefore: number;

function addDays(iso: string, days: number) {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The site's formatters (src/lib/i18n/intl-format.ts): "26 March 2027", "€90.00". */
function render(terms: Pick<CancellationTerms, 'lines'> | null | undefined, language: Language) {
  const day = new Intl.DateTimeFormat(LOCALES[language], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const euro = new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'EUR' });
  return cancellationSentences(terms, catalog[language], {
    day: (iso) => day.format(new Date(`${iso}T00:00:00Z`)),
    cents: (cents) => euro.format(cents / 100),
  }).join(' ');
}
const longDay = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(LOCALES[language], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
/** The day as an e-mail writes it: the Italian and French e-mails say "1° ottobre", "1er octobre". */
const mailDay = (iso: string, language: Language) =>
  longDay(iso, language).replace(/^1 /, language === 'it' ? '1° ' : language === 'fr' ? '1er ' : '1 ');

const setDays = (days: number) =>
  sql('update public.payment_policy set free_cancellation_days = $1 where singleton', [days]);

async function house() {
  const { data, error } = await anonClient().rpc('house_cancellation_terms');
  expect(error).toBeNull();
  return data!;
}

async function quote(checkIn: string, ratePlan = 'flexible') {
  const { data, error } = await anonClient().rpc('quote_stay', {
    p_room_id: roomId,
    p_check_in: checkIn,
    p_check_out: addDays(checkIn, 3),
    p_guests: 2,
    p_rate_plan: ratePlan,
  });
  expect(error).toBeNull();
  return data!;
}

beforeAll(async () => {
  today = await dbDate(0);
  const [room] = await sql<{ id: string }>(
    `insert into public.rooms (name, room_number, room_type, status, price_per_night, max_guests)
     values ('Cancellation room', $1, 'classic', 'available', 100, 2) returning id::text`,
    [`CT-${Math.random().toString(36).slice(2, 8)}`],
  );
  roomId = room.id;
  const [policy] = await sql<{ free_cancellation_days: number }>(
    'select free_cancellation_days from public.payment_policy',
  );
  policyBefore = policy.free_cancellation_days;
  catalog = (await house()).catalog as Record<Language, CancellationCatalog>;
});

beforeEach(async () => {
  await sql(`update public.email_outbox set status = 'sent' where status = 'pending'`);
  await sql('truncate private.rate_limit_hits, private.booking_request_origins');
});

afterEach(() => setDays(policyBefore));

afterAll(async () => {
  await setDays(policyBefore);
  await sql(`do $$ begin
    set local session_replication_role = replica;
    delete from private.refund_requests q using public.bookings b where b.id = q.booking_id and b.room_id = '${roomId}';
    delete from public.payments p using public.bookings b where b.id = p.booking_id and b.room_id = '${roomId}';
    delete from public.email_outbox where booking_id in (select id from public.bookings where room_id = '${roomId}');
    delete from public.bookings where room_id = '${roomId}';
    delete from public.rooms where id = '${roomId}';
  end $$`);
  await sql('truncate private.rate_limit_hits, private.booking_request_origins');
});

describe('the default policy', () => {
  it("is the spec's: free cancellation until 24 hours before check-in, on a new database", async () => {
    const [column] = await sql<{ value: string }>(
      `select column_default as value from information_schema.columns
       where table_schema = 'public' and table_name = 'payment_policy' and column_name = 'free_cancellation_days'`,
    );
    expect(column.value).toBe('1');
    expect(policyBefore).toBe(1);
    expect(render((await house()).terms, 'en')).toBe('Free cancellation until 24 hours before check-in');
  });
});

describe('the terms for 0, 1, 7 and 30 days, in each language', () => {
  const HOUSE: Record<number, Record<Language, string>> = {
    0: {
      en: 'Free cancellation until the day before check-in',
      it: 'Cancellazione gratuita fino al giorno prima del check-in',
      fr: 'Annulation gratuite jusqu’à la veille de l’arrivée',
    },
    1: {
      en: 'Free cancellation until 24 hours before check-in',
      it: 'Cancellazione gratuita fino a 24 ore prima del check-in',
      fr: 'Annulation gratuite jusqu’à 24 heures avant l’arrivée',
    },
    7: {
      en: 'Free cancellation until 7 days before check-in',
      it: 'Cancellazione gratuita fino a 7 giorni prima del check-in',
      fr: 'Annulation gratuite jusqu’à 7 jours avant l’arrivée',
    },
    30: {
      en: 'Free cancellation until 30 days before check-in',
      it: 'Cancellazione gratuita fino a 30 giorni prima del check-in',
      fr: 'Annulation gratuite jusqu’à 30 jours avant l’arrivée',
    },
  };
  const STAY: Record<Language, (until: string) => string> = {
    en: (until) =>
      `Free cancellation until ${until}. After that day, a cancellation refunds nothing: the deposit of €90.00 is kept.`,
    it: (until) =>
      `Cancellazione gratuita fino al giorno ${until} incluso. Dal giorno dopo la cancellazione non dà più diritto a rimborsi: la caparra di 90,00\u00a0€ viene trattenuta.`,
    fr: (until) =>
      `Annulation gratuite jusqu’au ${until} inclus. Passé ce jour, une annulation n’est plus remboursée : l’acompte de 90,00\u00a0€ est conservé.`,
  };

  for (const days of [0, 1, 7, 30]) {
    it(`${days} days: the house's rule, a stay 40 days out (free until ${days} × 24 hours before the arrival day) and an arrival today`, async () => {
      await setDays(days);
      const rule = await house();
      expect(rule.free_cancellation_days).toBe(days);
      const checkIn = addDays(today, 40);
      const later = await quote(checkIn);
      // the last whole day of free cancellation, in Rome: N days before the arrival day begins
      expect(later.free_cancellation_until).toBe(addDays(checkIn, -days - 1));
      expect(later.cancellation?.state).toBe('free');
      const now = await quote(today);
      expect(now.cancellation?.state).toBe('not_free');
      for (const language of ['en', 'it', 'fr'] as const) {
        expect(render(rule.terms, language)).toBe(HOUSE[days][language]);
        expect(render(later.cancellation, language)).toBe(
          STAY[language](longDay(later.free_cancellation_until!, language)),
        );
        // a deadline that has passed is never promised: what a cancellation now refunds instead
        expect(render(now.cancellation, language)).toBe(
          {
            en: 'This stay can no longer be cancelled for free. If you cancel, the deposit of €90.00 is not refunded.',
            it: 'Questo soggiorno non si può più cancellare gratuitamente. In caso di cancellazione, la caparra di 90,00\u00a0€ non viene rimborsata.',
            fr: 'Ce séjour ne peut plus être annulé gratuitement. En cas d’annulation, l’acompte de 90,00\u00a0€ n’est pas remboursé.',
          }[language],
        );
      }
    });
  }

  it('the non-refundable rate says so, whatever the days', async () => {
    const nr = await quote(addDays(today, 45), 'non_refundable');
    expect(nr.cancellation?.state).toBe('non_refundable');
    expect(render(nr.cancellation, 'en')).toBe('This rate cannot be refunded.');
    expect(render(nr.cancellation, 'it')).toBe('Questa tariffa non è rimborsabile.');
    expect(render(nr.cancellation, 'fr')).toBe('Ce tarif n’est pas remboursable.');
  });
});

interface Stay {
  id: string;
  reference: string;
  token: string;
  guestEmail: string;
}

/** A request for three nights from `checkIn`, its private link from the acknowledgement, and its deposit paid online. */
async function paidStay(language: Language, checkIn: string): Promise<Stay> {
  const guestEmail = `${language}-${Math.random().toString(36).slice(2, 8)}@${EMAIL_DOMAIN}`;
  const { data, error } = await anonClient().rpc('request_booking', {
    p_room_id: roomId,
    p_check_in: checkIn,
    p_check_out: addDays(checkIn, 3),
    p_guests: 2,
    p_guest_name: 'Camille Martin',
    p_guest_email: guestEmail,
    p_language: language,
  });
  expect(error).toBeNull();
  await dispatchEmails();
  const [ack] = (await inboxFor(guestEmail)).filter((message) => message.kind === 'request_acknowledgement');
  const token = /\/booking\/CG-[0-9A-Z]{6}\?token=([\w-]+)/.exec(ack.text)![1];
  // paid through Stripe: the charge in the ledger, the stay confirmed (apply_stripe_event)
  await sql(
    `insert into public.payments (booking_id, kind, amount_cents, method, provider_payment_intent_id, actor)
     values ($1, 'charge', 9000, 'stripe', $2, 'stripe')`,
    [data!.booking_id, `pi_ct_${data!.booking_id!.slice(0, 8)}`],
  );
  await sql(`update public.bookings set status = 'confirmed' where id = $1`, [data!.booking_id]);
  return { id: data!.booking_id!, reference: data!.reference!, token, guestEmail };
}

const byLink = async (stay: Stay) => {
  const { data, error } = await anonClient().rpc('booking_cancellation_by_link', {
    p_reference: stay.reference,
    p_token: stay.token,
  });
  expect(error).toBeNull();
  return data as unknown as CancellationTerms;
};

async function hostMail(reference: string, kind: string) {
  const [host] = await sql<{ address: string }>('select private.host_email() as address');
  const found = (await inboxFor(host.address)).filter((m) => m.kind === kind && m.text.includes(reference));
  expect(found, kind).toHaveLength(1);
  return found[0];
}

describe('a cancellation', () => {
  it('outside the free window: the page says before the click that €0 is refunded; the e-mails say the €90 deposit is kept, and why', async () => {
    await setDays(7);
    const stay = await paidStay('fr', addDays(today, 3));
    const before = await byLink(stay);
    expect(before).toMatchObject({ state: 'not_free', paid_cents: 9000, refund_cents: 0, kept_cents: 9000 });
    expect(render(before, 'fr')).toBe(
      'Ce séjour ne peut plus être annulé gratuitement. Si vous annulez maintenant, nous ne remboursons rien : les 90,00\u00a0€ réglés sont conservés.',
    );

    const { error } = await anonClient().rpc('cancel_booking_request', {
      p_reference: stay.reference,
      p_token: stay.token,
    });
    expect(error).toBeNull();
    expect(await byLink(stay)).toMatchObject({
      state: 'cancelled',
      reason: 'after_deadline',
      refund_cents: 0,
      kept_cents: 9000,
    });
    const [owed] = await sql<{ n: number }>(
      'select count(*)::int as n from private.refund_requests where booking_id = $1',
      [stay.id],
    );
    expect(owed.n).toBe(0);

    await dispatchEmails();
    const [cancelled] = (await inboxFor(stay.guestEmail)).filter((message) => message.kind === 'booking_cancelled');
    const [freeUntil] = await sql<{ d: string }>(
      `select free_cancellation_until::text as d from public.bookings where id = $1`,
      [stay.id],
    );
    expect(cancelled.text).toContain(
      `Nous conservons les 90,00\u00a0€ réglés\u00a0: l’annulation est arrivée après le ${mailDay(freeUntil.d, 'fr')}, dernier jour d’annulation gratuite.`,
    );
    const host = await hostMail(stay.reference, 'booking_cancelled_by_guest_host');
    expect(host.text).toContain(
      `What the guest was told: We keep the €90.00 paid: the cancellation came after ${mailDay(freeUntil.d, 'en')}, the last day of free cancellation.`,
    );
  });

  it('inside the free window: the page promises the refund, the cancellation owes it and the e-mails say it is refunded, with the reason as a code', async () => {
    const stay = await paidStay('it', addDays(today, 30));
    const before = await byLink(stay);
    expect(before).toMatchObject({ state: 'free', refund_cents: 9000, kept_cents: 0 });
    expect(render(before, 'it')).toContain('Cancellando oggi, rimborsiamo per intero quanto pagato: 90,00\u00a0€.');

    expect(
      (await anonClient().rpc('cancel_booking_request', { p_reference: stay.reference, p_token: stay.token })).error,
    ).toBeNull();
    const owed = await sql<{ amount_cents: number; reason: string }>(
      'select amount_cents, reason from private.refund_requests where booking_id = $1',
      [stay.id],
    );
    expect(owed).toEqual([{ amount_cents: 9000, reason: 'free_cancellation' }]);
    await dispatchEmails();
    const [cancelled] = (await inboxFor(stay.guestEmail)).filter((message) => message.kind === 'booking_cancelled');
    expect(cancelled.text).toContain(
      'Rimborsiamo per intero quanto pagato, 90,00\u00a0€: la cancellazione è arrivata entro il periodo di cancellazione gratuita.',
    );
    const host = await hostMail(stay.reference, 'booking_cancelled_by_guest_host');
    expect(host.text).toContain(
      'What the guest was told: We are refunding €90.00, everything you paid: you cancelled within the free-cancellation period.',
    );
  });

  it('a link that is not valid reads no terms', async () => {
    const { error } = await anonClient().rpc('booking_cancellation_by_link', {
      p_reference: 'CG-NOPE00',
      p_token: 'x',
    });
    expect(error).toMatchObject({ hint: 'link_not_valid' });
  });
});
