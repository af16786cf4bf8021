// The booking e-mails' texts, one entry per kind (private.email_kinds() in SQL). Every message has a
// plain-text and an HTML part built from the same lines, and the booking reference in its subject.
// Texts are English; a language adds its own `Catalog` beside ENGLISH and `catalogFor` picks it,
// so the outbox's `language` column (the one the guest used) is all a translation needs.

export interface BookingEmailData {
  booking_id: string;
  reference: string;
  guest_name: string;
  guest_email: string;
  guest_phone: string | null;
  room_name: string;
  room_number: string;
  check_in: string;
  check_out: string;
  nights: number;
  guests: number;
  total_amount: number;
  discount_amount: number;
  promo_code: string | null;
  special_requests: string | null;
  hold_expires_at: string | null;
  guest_confirmed: boolean;
  house_address: string | null;
  house_phone: string | null;
  /** the guest's private link token (acknowledgement only) */
  token?: string;
  /** the end of the review link (review_request only, whose `token` is the review link's) */
  review_expires_at?: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** A paragraph of text, or a button-like link. */
type Block = string | { link: string; label: string };

interface Message {
  subject: string;
  blocks: Block[];
}

interface Links {
  /** the guest's private page */
  booking: string;
  /** the private page, opened on its Confirm button */
  confirm: string;
  /** the request in the admin */
  admin: string;
  /** the stay's review form (review_request only) */
  review: string;
}

type Template = (data: BookingEmailData, links: Links, format: Formatters) => Message;

interface Formatters {
  date(iso: string): string;
  dateTime(iso: string): string;
  money(amount: number): string;
}

const DEFAULT_ADDRESS = 'Via dei Serpenti 42, 00184 Rome, Italy';
const DEFAULT_PHONE = '+39 06 1234 5678';

function stayLines(d: BookingEmailData, f: Formatters): string {
  return [
    `Reference: ${d.reference}`,
    `Room: ${d.room_name} (${d.room_number})`,
    `Check-in: ${f.date(d.check_in)}, from 3:00 PM to 8:00 PM`,
    `Check-out: ${f.date(d.check_out)}, by 10:30 AM`,
    `Nights: ${d.nights} · Guests: ${d.guests}`,
    d.discount_amount > 0
      ? `Total: ${f.money(d.total_amount)} (promo code ${d.promo_code ?? ''}, ${f.money(d.discount_amount)} off)`
      : `Total: ${f.money(d.total_amount)}`,
  ].join('\n');
}

function guestLines(d: BookingEmailData): string {
  return [
    `Guest: ${d.guest_name}`,
    `E-mail: ${d.guest_email}`,
    `Phone: ${d.guest_phone ?? 'Not provided'}`,
    `Special requests: ${d.special_requests ?? 'None'}`,
  ].join('\n');
}

const ENGLISH: Record<string, Template> = {
  request_received_host: (d, links, f) => ({
    subject: `New stay request ${d.reference}: ${d.room_name}, ${f.date(d.check_in)} to ${f.date(d.check_out)}`,
    blocks: [
      `${d.guest_name} asked for a stay through the website.`,
      stayLines(d, f),
      guestLines(d),
      d.hold_expires_at
        ? `The room is held until ${f.dateTime(d.hold_expires_at)} while the guest confirms the request by e-mail; once confirmed, the hold lasts until you answer.`
        : '',
      { link: links.admin, label: 'Open the request in the admin' },
    ],
  }),
  request_acknowledgement: (d, links, f) => ({
    subject: `We received your request ${d.reference}: please confirm it`,
    blocks: [
      `Dear ${d.guest_name},`,
      'Thank you for your request at Colosseum Guest House. Here is what you asked for:',
      stayLines(d, f),
      d.hold_expires_at
        ? `We are holding the room for you until ${f.dateTime(d.hold_expires_at)}. Please confirm your request before then, so that we keep the dates while we prepare our answer.`
        : '',
      { link: links.confirm, label: 'Confirm your request' },
      `You can follow your request, or cancel it free of charge up to 24 hours before check-in, on its private page: ${links.booking}`,
      'No payment has been taken. We will write to you as soon as your stay is confirmed.',
    ],
  }),
  request_confirmed_by_guest_host: (d, links, f) => ({
    subject: `Request ${d.reference} confirmed by the guest: please answer`,
    blocks: [
      `${d.guest_name} confirmed the request by e-mail.`,
      stayLines(d, f),
      d.hold_expires_at ? `The room is held until ${f.dateTime(d.hold_expires_at)} for your answer.` : '',
      { link: links.admin, label: 'Open the request in the admin' },
    ],
  }),
  booking_confirmed: (d, links, f) => ({
    subject: `Your stay ${d.reference} is confirmed`,
    blocks: [
      `Dear ${d.guest_name},`,
      'Good news: your stay at Colosseum Guest House is confirmed. We look forward to welcoming you.',
      stayLines(d, f),
      `Free cancellation up to 24 hours before check-in, on your booking's page: ${links.booking}`,
    ],
  }),
  booking_cancelled: (d, links, f) => ({
    subject: `Your booking ${d.reference} is cancelled`,
    blocks: [
      `Dear ${d.guest_name},`,
      'Your booking at Colosseum Guest House has been cancelled, and the dates are free again.',
      stayLines(d, f),
      `If this is a mistake, or you would like other dates, simply reply to this e-mail or call us at ${d.house_phone ?? DEFAULT_PHONE}.`,
      { link: links.booking, label: 'See your booking' },
    ],
  }),
  booking_cancelled_by_guest_host: (d, links, f) => ({
    subject: `Booking ${d.reference} cancelled by the guest`,
    blocks: [
      `${d.guest_name} cancelled through the private booking page. The nights are free again.`,
      stayLines(d, f),
      { link: links.admin, label: 'Open the booking in the admin' },
    ],
  }),
  request_expired: (d, _links, f) => ({
    subject: `Your request ${d.reference} has expired`,
    blocks: [
      `Dear ${d.guest_name},`,
      d.guest_confirmed
        ? 'We are sorry: we could not answer your request in time, so the dates are no longer held for you.'
        : 'Your request was not confirmed in time, so the dates are no longer held for you.',
      stayLines(d, f),
      'If you would still like to stay with us, please send a new request on our website; the dates may still be free.',
    ],
  }),
  review_request: (d, links, f) => ({
    subject: `How was your stay, ${d.guest_name}? (${d.reference})`,
    blocks: [
      `Dear ${d.guest_name},`,
      `Thank you for staying at Colosseum Guest House, in the ${d.room_name} from ${f.date(d.check_in)} to ${f.date(d.check_out)}. We hope Rome treated you well.`,
      'Would you tell other travellers about your stay? It takes two minutes: a rating, a few words, and the name you would like us to show.',
      { link: links.review, label: 'Review your stay' },
      d.review_expires_at
        ? `The link is yours alone and works once, until ${f.dateTime(d.review_expires_at)}.`
        : 'The link is yours alone and works once, for 30 days.',
      'Grazie, and we hope to welcome you back.',
    ],
  }),
  arrival_reminder: (d, links, f) => ({
    subject: `See you soon: your stay ${d.reference} starts on ${f.date(d.check_in)}`,
    blocks: [
      `Dear ${d.guest_name},`,
      'Your stay at Colosseum Guest House begins in three days.',
      stayLines(d, f),
      `Our address: ${d.house_address ?? DEFAULT_ADDRESS}. The nearest metro stations are Cavour and Colosseo on line B, a few minutes' walk away; from Termini station, Cavour is one stop.`,
      `Check-in is from 3:00 PM to 8:00 PM. Arriving later? Call or message us at ${d.house_phone ?? DEFAULT_PHONE}: reception answers 24/7.`,
      { link: links.booking, label: 'See your booking' },
    ],
  }),
};

function catalogFor(_language: string): Record<string, Template> {
  return ENGLISH;
}

function formatters(language: string): Formatters {
  const locale = { en: 'en-GB', it: 'it-IT', fr: 'fr-FR' }[language] ?? 'en-GB';
  const day = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const moment = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Rome' });
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  return {
    date: (iso) => day.format(new Date(`${iso}T00:00:00Z`)),
    dateTime: (iso) => `${moment.format(new Date(iso))} (Rome time)`,
    money: (amount) => money.format(Number(amount)),
  };
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** The links an e-mail may carry, from the site's address. */
export function bookingLinks(siteUrl: string, data: BookingEmailData): Links {
  const base = siteUrl.replace(/\/+$/, '');
  const booking = `${base}/booking/${encodeURIComponent(data.reference)}?token=${encodeURIComponent(data.token ?? '')}`;
  return {
    booking,
    confirm: `${booking}&action=confirm`,
    admin: `${base}/admin/bookings?search=${encodeURIComponent(data.reference)}`,
    review: `${base}/review/${encodeURIComponent(data.token ?? '')}`,
  };
}

export function renderEmail(kind: string, language: string, data: BookingEmailData, siteUrl: string): RenderedEmail {
  const template = catalogFor(language)[kind];
  if (!template) throw new Error(`No e-mail template for ${kind}`);
  const message = template(data, bookingLinks(siteUrl, data), formatters(language));
  const blocks = message.blocks.filter((block) => block !== '');
  const text = blocks
    .map((block) => (typeof block === 'string' ? block : `${block.label}: ${block.link}`))
    .join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:Georgia,serif;color:#1f2937;line-height:1.5;max-width:600px">',
    ...blocks.map((block) =>
      typeof block === 'string'
        ? `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`
        : `<p><a href="${escapeHtml(block.link)}" style="display:inline-block;background:#b91c1c;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(block.label)}</a></p>`,
    ),
    '<p style="color:#6b7280;font-size:13px">Colosseum Guest House · Rome</p>',
    '</body></html>',
  ].join('\n');
  return { subject: message.subject, text, html };
}
