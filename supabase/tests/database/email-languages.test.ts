// The guest's e-mails in the guest's language (issue 23): a request made on the Italian or French
// site gets its acknowledgement, confirmation, cancellation and review request in that language
// (subject, body, dates and amounts as that language writes them, links to that language's
// pages), the host's e-mails stay English and name the guest's language, and any other language
// is English. Driven through the real gateway, the dispatcher (the `emails` function) and the
// local inbox, as stay-requests-emails.test.ts does. Requests use dates from current_date + 620 on and
// e-mails @languages.test.example.com.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, SEED, anonClient, dbDate, inboxFor, platform, signedInClient, sql, type Client } from '../support';
import { GUEST_KINDS, LANGUAGES, type BookingEmailData } from '../../functions/emails/catalog.ts';
import { CATALOGS, renderEmail } from '../../functions/emails/templates.ts';
import type { InboxMessage } from '../inbox';

const EMAIL_DOMAIN = 'languages.test.example.com';
const email = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@${EMAIL_DOMAIN}`;

let today: string;
let staff: Client;
let hostAddress: string;

const day = (n: number) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
};
let nextFreeDay = 620;
/** Two nights, neither end on the 1st of a month (written "1°" / "1er", checked apart). */
function freshRange() {
  while (day(nextFreeDay).endsWith('-01') || day(nextFreeDay + 2).endsWith('-01')) nextFreeDay++;
  const start = nextFreeDay;
  nextFreeDay += 3;
  return { p_check_in: day(start), p_check_out: day(start + 2) };
}

/** A day as the guest's language writes it in full: "martedì 14 marzo 2028", "mardi 14 mars 2028". */
const longDay = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));

async function requestStay(language: string | undefined, guestEmail: string) {
  const range = freshRange();
  const { data, error } = await anonClient().rpc('request_booking', {
    p_room_id: SEED.room(3),
    ...range,
    p_guests: 2,
    p_guest_name: 'Giulia Rossi',
    p_guest_email: guestEmail,
    ...(language === undefined ? {} : { p_language: language }),
  });
  expect(error).toBeNull();
  const answer = data as { booking_id: string; reference: string };
  return { id: answer.booking_id, reference: answer.reference, ...range };
}

async function callEmails(action: 'dispatch' | 'timers') {
  const response = await fetch(`${platform().apiUrl}/functions/v1/emails`, {
    method: 'POST',
    headers: { authorization: `Bearer ${platform().serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ action }),
  });
  expect(response.status).toBe(200);
}
const dispatch = () => callEmails('dispatch');

/** Moves private.clock_now() (holds, timers) by `seconds`; 0 puts it back. */
const setClock = (seconds: number) =>
  sql('update private.clock_offset set offset_by = make_interval(secs => $1)', [seconds]);

async function mailOf(address: string, kind: string): Promise<InboxMessage> {
  const found = (await inboxFor(address)).filter((message) => message.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0];
}

const hostMailFor = async (reference: string, kind: string) =>
  (await inboxFor(hostAddress)).filter((message) => message.kind === kind && message.subject.includes(reference));

/** The link of the private page in an e-mail, checked against the database like the page does. */
async function bookingLink(message: InboxMessage, reference: string): Promise<URL> {
  const link = new RegExp(`https?://\\S+/booking/${reference}\\?token=[A-Za-z0-9_-]+`).exec(message.text);
  expect(link, message.kind).not.toBeNull();
  const url = new URL(link![0]);
  const shown = await anonClient().rpc('booking_by_link', {
    p_reference: reference,
    p_token: url.searchParams.get('token')!,
  });
  expect(shown.error, message.kind).toBeNull();
  return url;
}

beforeAll(async () => {
  today = await dbDate(0);
  staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
  [{ value: hostAddress }] = await sql<{ value: string }>(
    `select value from public.site_content where key = 'contact_email'`,
  );
});

beforeEach(async () => {
  // e-mails of other suites' bookings are not this suite's to send; nor are its own earlier ones
  await sql(`update public.email_outbox set status = 'sent' where status = 'pending'`);
  await sql('truncate private.rate_limit_hits, private.booking_request_origins');
});

afterEach(() => setClock(0));

afterAll(async () => {
  await setClock(0);
  await sql(
    'delete from public.email_outbox where booking_id in (select id from public.bookings where guest_email like $1)',
    [`%@${EMAIL_DOMAIN}`],
  );
  await sql('delete from public.bookings where guest_email like $1', [`%@${EMAIL_DOMAIN}`]);
  await sql('truncate private.rate_limit_hits, private.booking_request_origins');
});

describe('a request made on the Italian site', () => {
  it('gets its acknowledgement and confirmation in Italian, with Italian dates and /it/ links; the host’s e-mails are English', async () => {
    const guestEmail = email('it');
    const stay = await requestStay('it', guestEmail);
    await dispatch();

    const ack = await mailOf(guestEmail, 'request_acknowledgement');
    expect(ack.subject).toBe(`Abbiamo ricevuto la tua richiesta ${stay.reference}: manca solo la tua conferma`);
    expect(ack.text).toMatch(/^Ciao Giulia Rossi,\n\ngrazie per aver scelto Colosseum Guest House\./);
    expect(ack.text).toContain(`Arrivo: ${longDay(stay.p_check_in, 'it-IT')}, check-in dalle 15:00 alle 20:00`);
    expect(ack.text).toContain(`Partenza: ${longDay(stay.p_check_out, 'it-IT')}, check-out entro le 10:30`);
    expect(ack.text).toMatch(/Arrivo: (lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica) \d{1,2} [a-z]+ \d{4}/);
    expect(ack.text).toMatch(/Totale: \d+(\.\d{3})*,\d{2}\u00a0€/);
    expect(ack.text).toMatch(/fino (?:al |all')\d{1,2}°? [a-z]+ \d{4} alle ore \d{2}:\d{2} \(ora di Roma\)/);
    expect(ack.text).toMatch(
      new RegExp(`Conferma la richiesta: https?://\\S+/it/booking/${stay.reference}\\?token=\\S+&action=confirm`),
    );
    expect((await bookingLink(ack, stay.reference)).pathname).toBe(`/it/booking/${stay.reference}`);
    expect(ack.html).toContain('<html lang="it">');
    expect(ack.html).toMatch(/<a href="[^"]+\/it\/booking\/[^"]+"[^>]*>Conferma la richiesta<\/a>/);
    expect(ack.text).not.toMatch(/Dear|Thank you|Check-in:|Rome time/);
    // the room as the Italian site names it (rooms.translations); the host keeps the English name
    expect(ack.text).toContain('Camera: Matrimoniale Standard (n. 103)');

    const [host, ...more] = await hostMailFor(stay.reference, 'request_received_host');
    expect(more).toHaveLength(0);
    expect(host.subject).toMatch(new RegExp(`^New stay request ${stay.reference}: Standard King, [A-Z][a-z]{2}, `));
    expect(host.text).toMatch(/Check-in: (Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]+ \d{4}, from 3:00 PM/);
    expect(host.text).toContain("Language: Italian (the guest's e-mails are sent in Italian)");
    expect(host.text).toMatch(/Open the request in the admin: https?:\/\/\S+\/admin\/bookings\?search=/);

    // staff confirm (in English); the guest hears it in Italian
    expect((await staff.from('bookings').update({ status: 'confirmed' }).eq('id', stay.id)).error).toBeNull();
    await dispatch();
    const confirmed = await mailOf(guestEmail, 'booking_confirmed');
    expect(confirmed.subject).toBe(`Il tuo soggiorno ${stay.reference} è confermato`);
    expect(confirmed.text).toContain('siamo felici di confermarti il soggiorno');
    expect((await bookingLink(confirmed, stay.reference)).pathname).toBe(`/it/booking/${stay.reference}`);
  });
});

describe('the timers write to the guest in the guest’s language', () => {
  it('an Italian request whose hold ran out: the expiry e-mail is Italian and points to the Italian site', async () => {
    const guestEmail = email('it-expired');
    const stay = await requestStay('it', guestEmail);
    await setClock(31 * 60);
    await callEmails('timers');
    const expired = await mailOf(guestEmail, 'request_expired');
    expect(expired.subject).toBe(`La tua richiesta ${stay.reference} è scaduta`);
    expect(expired.text).toContain('la tua richiesta non è stata confermata in tempo');
    expect(expired.text).toContain(`Arrivo: ${longDay(stay.p_check_in, 'it-IT')}`);
    expect(expired.text).toMatch(/dal nostro sito \(le date potrebbero essere ancora libere\): https?:\/\/\S+\/it\/\n/);
  });

  it('a confirmed French stay three days before check-in: the arrival reminder is French, with the /fr/ link', async () => {
    const guestEmail = email('fr-reminder');
    const stay = await requestStay('fr', guestEmail);
    expect((await staff.from('bookings').update({ status: 'confirmed' }).eq('id', stay.id)).error).toBeNull();
    // noon in Rome three days before check-in (whole days from now would cross midnight in Rome late
    // in the evening when a change to or from summer time lies in between)
    const [{ offset }] = await sql<{ offset: number }>(
      `select extract(epoch from ((($1::date - 3) + time '12:00') at time zone 'Europe/Rome') - now())::int as offset`,
      [stay.p_check_in],
    );
    await setClock(offset);
    await callEmails('timers');
    const reminder = await mailOf(guestEmail, 'arrival_reminder');
    expect(reminder.subject).toBe(
      `À très bientôt\u00a0! Votre séjour ${stay.reference} commence le ${longDay(stay.p_check_in, 'fr-FR')}`,
    );
    expect(reminder.text).toContain('Plus que trois jours avant votre séjour chez Colosseum Guest House\u00a0!');
    expect(reminder.text).toContain("L'arrivée se fait entre 15\u00a0h et 20\u00a0h.");
    expect((await bookingLink(reminder, stay.reference)).pathname).toBe(`/fr/booking/${stay.reference}`);
  });
});

describe('a request made on the French site', () => {
  it('gets its acknowledgement and cancellation in French (vous, French dates and spacing, /fr/ links); the host’s e-mail is English', async () => {
    const guestEmail = email('fr');
    const stay = await requestStay('fr', guestEmail);
    await dispatch();

    const ack = await mailOf(guestEmail, 'request_acknowledgement');
    expect(ack.subject).toBe(`Nous avons bien reçu votre demande ${stay.reference}\u00a0: merci de la confirmer`);
    expect(ack.text).toMatch(
      /^Bonjour Giulia Rossi,\n\nMerci pour votre demande de séjour chez Colosseum Guest House\./,
    );
    expect(ack.text).toContain(`Arrivée\u00a0: ${longDay(stay.p_check_in, 'fr-FR')}, entre 15\u00a0h et 20\u00a0h`);
    expect(ack.text).toContain(`Départ\u00a0: ${longDay(stay.p_check_out, 'fr-FR')}, avant 10\u00a0h\u00a030`);
    expect(ack.text).toMatch(/Arrivée\u00a0: (lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2} \S+ \d{4}/);
    expect(ack.text).toMatch(/Total\u00a0: \d{1,3}(\u202f\d{3})*,\d{2}\u00a0€/);
    expect(ack.text).toMatch(/jusqu'au \d{1,2}(er)? \S+ \d{4} à \d{2}:\d{2} \(heure de Rome\)/);
    expect(ack.text).toMatch(
      new RegExp(
        `Confirmer votre demande\u00a0: https?://\\S+/fr/booking/${stay.reference}\\?token=\\S+&action=confirm`,
      ),
    );
    expect((await bookingLink(ack, stay.reference)).pathname).toBe(`/fr/booking/${stay.reference}`);
    expect(ack.html).toContain('<html lang="fr">');
    expect(ack.text).not.toMatch(/Dear|Thank you|Check-in:|Rome time/);

    const [host] = await hostMailFor(stay.reference, 'request_received_host');
    expect(host.text).toContain("Language: French (the guest's e-mails are sent in French)");
    expect(host.text).toContain('Check-in: ');

    expect((await staff.from('bookings').update({ status: 'cancelled' }).eq('id', stay.id)).error).toBeNull();
    await dispatch();
    const cancelled = await mailOf(guestEmail, 'booking_cancelled');
    expect(cancelled.subject).toBe(`Votre réservation ${stay.reference} est annulée`);
    expect(cancelled.text).toContain('Votre réservation chez Colosseum Guest House a été annulée');
    expect(cancelled.text).toMatch(/Voir votre réservation\u00a0: https?:\/\/\S+\/fr\/booking\//);
  });
});

describe('any other language is English', () => {
  for (const language of ['de', undefined]) {
    it(`a request with ${language === undefined ? 'no language' : `the language "${language}"`} is answered in English, links without a prefix`, async () => {
      const guestEmail = email(language ?? 'none');
      const stay = await requestStay(language, guestEmail);
      const [row] = await sql<{ guest_language: string }>('select guest_language from public.bookings where id = $1', [
        stay.id,
      ]);
      expect(row.guest_language).toBe('en');
      await dispatch();

      const ack = await mailOf(guestEmail, 'request_acknowledgement');
      expect(ack.subject).toBe(`We received your request ${stay.reference}: please confirm it`);
      expect(ack.text).toMatch(/^Dear Giulia Rossi,/);
      expect(ack.text).toMatch(/Check-in: (Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]+ \d{4}, from 3:00 PM/);
      expect((await bookingLink(ack, stay.reference)).pathname).toBe(`/booking/${stay.reference}`);
      expect(ack.html).toContain('<html lang="en">');

      const [host] = await hostMailFor(stay.reference, 'request_received_host');
      expect(host.text).toContain("Language: English (the guest's e-mails are sent in English)");
    });
  }
});

describe('the review request after check-out', () => {
  for (const [language, subject, label, reviewPath] of [
    ['it', "Com'è andato il tuo soggiorno, Luc Martin? (", 'Scrivi una recensione: ', '/it/review/'],
    ['fr', "Comment s'est passé votre séjour, Luc Martin\u00a0? (", 'Laisser un avis\u00a0: ', '/fr/review/'],
    ['en', 'How was your stay, Luc Martin? (', 'Review your stay: ', '/review/'],
  ] as const) {
    it(`is written in the guest's language (${language}) and links to that language's review form`, async () => {
      const guestEmail = email(`review-${language}`);
      const { p_check_in, p_check_out } = freshRange();
      const [row] = await sql<{ id: string }>(
        `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status, guest_language)
         values ($1, 'Luc Martin', $2, $3, $4, 2, 'checked_in', $5) returning id::text`,
        [SEED.room(3), guestEmail, p_check_in, p_check_out, language],
      );
      expect((await staff.from('bookings').update({ status: 'checked_out' }).eq('id', row.id)).error).toBeNull();
      await dispatch();

      const mail = await mailOf(guestEmail, 'review_request');
      expect(mail.subject.startsWith(subject)).toBe(true);
      const link = new RegExp(`${label}(https?://\\S+)`).exec(mail.text);
      expect(link).not.toBeNull();
      const url = new URL(link![1]);
      expect(url.pathname.startsWith(reviewPath)).toBe(true);
      const token = url.pathname.slice(reviewPath.length);
      expect((await anonClient().rpc('review_invitation', { p_token: token })).data).toMatchObject({
        status: 'valid',
        guest_name: 'Luc Martin',
      });
      if (language === 'it')
        expect(mail.text).toContain(`da ${longDay(p_check_in, 'it-IT')} a ${longDay(p_check_out, 'it-IT')}`);
      if (language === 'fr')
        expect(mail.text).toContain(`du ${longDay(p_check_in, 'fr-FR')} au ${longDay(p_check_out, 'fr-FR')}`);
    });
  }
});

// ---------------------------------------------------------------- the catalogues themselves
const SAMPLE: BookingEmailData = {
  booking_id: '00000000-0000-4000-8000-000000000000',
  reference: 'CG-ABC123',
  guest_name: 'Giulia Rossi',
  guest_email: 'giulia@example.com',
  guest_phone: null,
  guest_language: 'it',
  room_name: 'Deluxe King',
  room_number: '102',
  check_in: '2027-10-01',
  check_out: '2027-10-03',
  nights: 2,
  guests: 2,
  total_amount: 1234.5,
  discount_amount: 24,
  promo_code: 'WELCOME10',
  special_requests: null,
  hold_expires_at: '2027-09-20T14:05:00Z',
  guest_confirmed: false,
  house_address: null,
  house_phone: null,
  token: 'a-token',
  review_expires_at: '2027-11-02T10:00:00Z',
};

describe('the catalogues', () => {
  it('every language has every key and every guest e-mail', () => {
    const keys = (value: object) => Object.keys(value).sort();
    for (const language of LANGUAGES) {
      expect(keys(CATALOGS[language]), language).toEqual(keys(CATALOGS.en));
      expect(keys(CATALOGS[language].templates), language).toEqual([...GUEST_KINDS].sort());
    }
  });

  it('no Italian or French e-mail repeats an English sentence, whatever its variant', () => {
    for (const kind of GUEST_KINDS) {
      for (const variant of [
        SAMPLE,
        { ...SAMPLE, guest_confirmed: true, hold_expires_at: null, review_expires_at: undefined },
      ]) {
        const english = renderEmail(kind, 'en', variant, 'https://site.example');
        const sentences = english.text.split('\n').filter((line) => line.length > 30 && !line.includes('http'));
        expect(sentences.length, kind).toBeGreaterThan(0);
        for (const language of ['it', 'fr']) {
          const rendered = renderEmail(kind, language, variant, 'https://site.example');
          expect(rendered.subject, `${kind} ${language}`).not.toBe(english.subject);
          expect(rendered.subject, `${kind} ${language}`).toContain('CG-ABC123');
          for (const sentence of sentences) expect(rendered.text, `${kind} ${language}`).not.toContain(sentence);
        }
      }
    }
  });

  it('writes the first of the month as each language does', () => {
    const date = (language: string) => renderEmail('booking_confirmed', language, SAMPLE, 'https://site.example').text;
    expect(date('en')).toContain('Check-in: Fri, 1 October 2027, from 3:00 PM to 8:00 PM');
    expect(date('it')).toContain('Arrivo: venerdì 1° ottobre 2027, check-in dalle 15:00 alle 20:00');
    expect(date('fr')).toContain('Arrivée\u00a0: vendredi 1er octobre 2027, entre 15\u00a0h et 20\u00a0h');
  });

  it("elides the article before the 8th and the 11th in Italian (fino all'8 dicembre)", () => {
    const ack = (hold: string) =>
      renderEmail('request_acknowledgement', 'it', { ...SAMPLE, hold_expires_at: hold }, 'https://site.example').text;
    expect(ack('2027-12-08T14:05:00Z')).toContain("fino all'8 dicembre 2027 alle ore 15:05 (ora di Roma)");
    expect(ack('2027-12-11T14:05:00Z')).toContain("fino all'11 dicembre 2027");
    expect(ack('2027-12-09T14:05:00Z')).toContain('fino al 9 dicembre 2027');
  });

  it('speaks to the guest with "tu" in Italian', () => {
    const texts = GUEST_KINDS.filter((kind) => kind !== 'payment_refunded').map(
      (kind) => renderEmail(kind, 'it', SAMPLE, 'https://site.example').text,
    );
    for (const text of texts) {
      expect(text).toMatch(/^Ciao Giulia Rossi,/);
      expect(text).not.toMatch(/\b(la preghiamo|la ringraziamo|desidera|accoglierla|riaverla)\b/i);
    }
  });

  it("an unknown language is English; host e-mails are in the house's language (en or it), else English", () => {
    const english = renderEmail('booking_confirmed', 'en', SAMPLE, 'https://site.example');
    expect(renderEmail('booking_confirmed', 'de', SAMPLE, 'https://site.example')).toEqual(english);
    expect(renderEmail('booking_confirmed', '', SAMPLE, 'https://site.example')).toEqual(english);
    // the outbox row's language is the house's choice (booking_settings.host_email_language)
    const host = renderEmail('request_received_host', 'fr', SAMPLE, 'https://site.example');
    expect(host.subject).toBe('New stay request CG-ABC123: Deluxe King, Fri, 1 October 2027 to Sun, 3 October 2027');
    expect(host.text).toContain('Language: Italian');
    const italian = renderEmail('request_received_host', 'it', SAMPLE, 'https://site.example');
    expect(italian.subject).toBe(
      'Nuova richiesta di soggiorno CG-ABC123: Deluxe King, dal 1° ottobre 2027 al 3 ottobre 2027',
    );
    expect(italian.text).toContain('Lingua: italiano');
    expect(() => renderEmail('no_such_kind', 'en', SAMPLE, 'https://site.example')).toThrow('No e-mail template');
  });
});
