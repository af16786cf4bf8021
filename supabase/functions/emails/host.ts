// The host's e-mails: English, as the staff portal is, saying which language the guest wrote in
// (the guest's own e-mails go out in it, and the host may want to answer in it too).
import { euros, languageOf, type BookingEmailData, type HostKind, type Template } from './catalog.ts';
import { cancellationText, refundReasonText } from './cancellation.ts';
import { stayLines } from './catalogs/en.ts';

const LANGUAGE_NAMES = { en: 'English', it: 'Italian', fr: 'French' } as const;

/** The guest's language, or null for rows written before the data carried it. */
function guestLanguage(d: BookingEmailData): string | null {
  return d.guest_language ? LANGUAGE_NAMES[languageOf(d.guest_language)] : null;
}

function guestLines(d: BookingEmailData): string {
  const language = guestLanguage(d);
  return [
    `Guest: ${d.guest_name}`,
    `E-mail: ${d.guest_email}`,
    `Phone: ${d.guest_phone ?? 'Not provided'}`,
    language ? `Language: ${language} (the guest's e-mails are sent in ${language})` : '',
    `Special requests: ${d.special_requests ?? 'None'}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** "The guest wrote in Italian." for a guest who did not use English. */
function otherLanguage(d: BookingEmailData): string {
  const language = guestLanguage(d);
  return language && language !== 'English' ? `The guest wrote in ${language}.` : '';
}

export const HOST: Record<HostKind, Template> = {
  request_received_host: (d, links, f) => ({
    subject: `New stay request ${d.reference}: ${d.room_name}, ${f.date(d.check_in)} to ${f.date(d.check_out)}`,
    blocks: [
      `${d.guest_name} asked for a stay through the website.`,
      stayLines(d, f),
      guestLines(d),
      d.hold_expires_at
        ? `The room is held until ${f.moment(d.hold_expires_at)} (Rome time) while the guest confirms the request by e-mail; once confirmed, the hold lasts until you answer.`
        : '',
      { link: links.admin, label: 'Open the request in the admin' },
    ],
  }),
  request_confirmed_by_guest_host: (d, links, f) => ({
    subject: `Request ${d.reference} confirmed by the guest: please answer`,
    blocks: [
      `${d.guest_name} confirmed the request by e-mail. ${otherLanguage(d)}`.trim(),
      stayLines(d, f),
      d.hold_expires_at ? `The room is held until ${f.moment(d.hold_expires_at)} (Rome time) for your answer.` : '',
      { link: links.admin, label: 'Open the request in the admin' },
    ],
  }),
  booking_cancelled_by_guest_host: (d, links, f) => ({
    subject: `Booking ${d.reference} cancelled by the guest`,
    blocks: [
      `${d.guest_name} cancelled through the private booking page. The nights are free again. ${otherLanguage(d)}`.trim(),
      `What the guest was told: ${cancellationText(d, f)}`,
      stayLines(d, f),
      { link: links.admin, label: 'Open the booking in the admin' },
    ],
  }),
  payment_received_host: (d, links, f) => ({
    subject: `Payment received ${d.reference}: ${f.money(euros(d.amount_cents))}`,
    blocks: [
      `${d.guest_name} paid ${f.money(euros(d.amount_cents))} online through Stripe; the stay is confirmed. ${otherLanguage(d)}`.trim(),
      stayLines(d, f),
      `Paid online: ${f.money(euros(d.paid_cents))} · balance due at arrival: ${f.money(euros(d.balance_cents))}`,
      guestLines(d),
      { link: links.admin, label: 'Open the booking in the admin' },
    ],
  }),
  payment_refunded_host: (d, links, f) => ({
    subject: `Refund made ${d.reference}: ${f.money(euros(d.amount_cents))}`,
    blocks: [
      `${f.money(euros(d.amount_cents))} was refunded to ${d.guest_name} through Stripe.`,
      refundReasonText(d, f, 'Reason: '),
      stayLines(d, f),
      { link: links.admin, label: 'Open the booking in the admin' },
    ],
  }),
};
