// The guest's e-mails in English (the fallback of every other language).
import {
  DEFAULT_PHONE,
  euros,
  type Block,
  type BookingEmailData,
  type Catalog,
  type Formatters,
  type Links,
  type PaymentMoment,
} from '../catalog.ts';
import { cancellationText, refundReasonText } from '../cancellation.ts';

/** The stay as every guest e-mail lists it (the host's e-mails use it too). */
export function stayLines(d: BookingEmailData, f: Formatters): string {
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

/**
 * The stay's money and the way to pay it: the deposit (or the whole non-refundable stay), the
 * balance at the house, the last day of free cancellation, and "Pay the deposit", which opens the
 * private page (its payment section starts a fresh Checkout). Nothing when no deposit is asked.
 */
function paymentBlocks(d: BookingEmailData, links: Links, f: Formatters, moment: PaymentMoment): Block[] {
  const later = moment === 'request' && d.payment_after_acceptance === true;
  if (!d.payable_cents && !later) return [];
  const due = f.money(euros(d.payable_cents || d.deposit_cents));
  const nonRefundable = d.rate_plan === 'non_refundable';
  const figures = [
    later
      ? nonRefundable
        ? `Non-refundable rate, paid in full online once we accept your request: ${due}`
        : `Deposit, paid online once we accept your request: ${due}`
      : nonRefundable
        ? `Due now (non-refundable rate): ${due}`
        : `Deposit, due now: ${due}`,
    d.balance_cents ? `Balance, paid at the house on arrival: ${f.money(euros(d.balance_cents))}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  if (later) {
    return [
      figures,
      'We look at every request before taking any payment. As soon as we accept yours, we will e-mail you the link to pay the deposit.',
    ];
  }
  return [
    figures,
    moment === 'request'
      ? 'Pay it now and your stay is confirmed straight away, with no need to confirm your request as well.'
      : 'To secure your stay, please pay the deposit online:',
    { link: links.booking, label: `Pay the deposit (${due})` },
  ];
}

const SIGN_OFF = 'Kind regards,\nColosseum Guest House';

export const EN: Catalog = {
  locale: 'en-GB',
  weekday: 'short',
  colon: ': ',
  footer: 'Colosseum Guest House · Rome',
  defaultAddress: 'Via dei Serpenti 42, 00184 Rome, Italy',
  polish: (text) => text,
  templates: {
    request_acknowledgement: (d, links, f) => ({
      subject: `We received your request ${d.reference}: please confirm it`,
      blocks: [
        `Dear ${d.guest_name},`,
        'Thank you for your request at Colosseum Guest House. Here is what you asked for:',
        stayLines(d, f),
        d.hold_expires_at
          ? `We are holding the room for you until ${f.moment(d.hold_expires_at)} (Rome time). Please confirm your request before then, so that we keep the dates while we prepare our answer.`
          : '',
        { link: links.confirm, label: 'Confirm your request' },
        ...paymentBlocks(d, links, f, 'request'),
        cancellationText(d, f),
        `You can follow your request, or cancel it, on its private page: ${links.booking}`,
        'No payment has been taken. We will write to you as soon as your stay is confirmed.',
        SIGN_OFF,
      ],
    }),
    booking_confirmed: (d, links, f) => ({
      subject: `Your stay ${d.reference} is confirmed`,
      blocks: [
        `Dear ${d.guest_name},`,
        'Good news: your stay at Colosseum Guest House is confirmed. We look forward to welcoming you.',
        stayLines(d, f),
        ...paymentBlocks(d, links, f, 'accepted'),
        cancellationText(d, f),
        `You can cancel on your booking's page: ${links.booking}`,
        SIGN_OFF,
      ],
    }),
    booking_cancelled: (d, links, f) => ({
      subject: `Your booking ${d.reference} is cancelled`,
      blocks: [
        `Dear ${d.guest_name},`,
        'Your booking at Colosseum Guest House has been cancelled, and the dates are free again.',
        cancellationText(d, f),
        stayLines(d, f),
        `If this is a mistake, or you would like other dates, simply reply to this e-mail or call us at ${d.house_phone ?? DEFAULT_PHONE}.`,
        { link: links.booking, label: 'See your booking' },
        SIGN_OFF,
      ],
    }),
    request_expired: (d, links, f) => ({
      subject: `Your request ${d.reference} has expired`,
      blocks: [
        `Dear ${d.guest_name},`,
        d.guest_confirmed
          ? 'We are sorry: we could not answer your request in time, so the dates are no longer held for you.'
          : 'Your request was not confirmed in time, so the dates are no longer held for you.',
        stayLines(d, f),
        `If you would still like to stay with us, please send a new request on our website; the dates may still be free: ${links.home}`,
        SIGN_OFF,
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
          ? `The link is yours alone and works once, until ${f.moment(d.review_expires_at)} (Rome time).`
          : 'The link is yours alone and works once, for 30 days.',
        'Grazie, and we hope to welcome you back.',
        SIGN_OFF,
      ],
    }),
    arrival_reminder: (d, links, f) => ({
      subject: `See you soon: your stay ${d.reference} starts on ${f.date(d.check_in)}`,
      blocks: [
        `Dear ${d.guest_name},`,
        'Your stay at Colosseum Guest House begins in three days.',
        stayLines(d, f),
        `Our address: ${d.house_address ?? EN.defaultAddress}. The nearest metro stations are Cavour and Colosseo on line B, a few minutes' walk away; from Termini station, Cavour is one stop.`,
        `Check-in is from 3:00 PM to 8:00 PM. Arriving later? Call or message us at ${d.house_phone ?? DEFAULT_PHONE}: reception answers 24/7.`,
        !d.checkin
          ? ''
          : d.checkin.complete
            ? 'Thank you for checking in online. Please bring the identity documents you entered: we will check them at the desk.'
            : `Save time at the desk: Italian law asks us to register every guest with the police, and ${d.checkin.missing === 1 ? '1 detail is' : `${d.checkin.missing} details are`} still missing for your party. You can enter them online now; on arrival we will only need to see your documents.`,
        { link: links.booking, label: d.checkin && !d.checkin.complete ? 'Check in online' : 'See your booking' },
        SIGN_OFF,
      ],
    }),
    payment_receipt: (d, _links, f) => ({
      subject: `Payment received for your stay ${d.reference}`,
      blocks: [
        `Dear ${d.guest_name},`,
        `Thank you: we have received your payment of ${f.money(euros(d.amount_cents))}, and your stay at Colosseum Guest House is confirmed.`,
        stayLines(d, f),
        d.balance_cents
          ? `Still to pay at the house on arrival: ${f.money(euros(d.balance_cents))}, in cash or by card. The city tax is paid there too.`
          : 'Your stay is paid in full; only the city tax is paid at the house on arrival.',
        cancellationText(d, f),
        SIGN_OFF,
      ],
    }),
    desk_booking_link: (d, links, f) => ({
      subject: `Your stay ${d.reference} at Colosseum Guest House`,
      blocks: [
        `Dear ${d.guest_name},`,
        'Thank you for booking with us. Here is the stay we have noted for you:',
        stayLines(d, f),
        ...paymentBlocks(d, links, f, 'accepted'),
        cancellationText(d, f),
        `Your booking's private page, where you can follow it: ${links.booking}`,
        SIGN_OFF,
      ],
    }),
    stay_changed: (d, links, f) => ({
      subject: `Your stay ${d.reference} has changed`,
      blocks: [
        `Dear ${d.guest_name},`,
        'As agreed, we have changed your stay. Here are its new terms:',
        stayLines(d, f),
        d.previous
          ? `Before: ${d.previous.room_name ?? ''}, ${f.date(d.previous.check_in)} to ${f.date(d.previous.check_out)}.`
          : '',
        d.difference_cents && d.difference_cents > 0
          ? `The new stay costs ${f.money(euros(d.difference_cents))} more, paid at the house.`
          : '',
        d.refund_cents ? `We will refund ${f.money(euros(d.refund_cents))} to you.` : '',
        d.kept_cents
          ? `As the cancellation terms of your booking say, ${f.money(euros(d.kept_cents))} already paid is not refunded.`
          : '',
        cancellationText(d, f),
        { link: links.booking, label: 'See your booking' },
        SIGN_OFF,
      ],
    }),
    payment_refunded: (d, _links, f) => ({
      subject: `Refund of ${f.money(euros(d.amount_cents))} for ${d.reference}`,
      blocks: [
        `Dear ${d.guest_name},`,
        `We have refunded ${f.money(euros(d.amount_cents))} to the card you paid with. Depending on your bank, it shows on your statement within 5 to 10 days.`,
        refundReasonText(d, f, 'Reason: '),
        stayLines(d, f),
        `Any question? Simply reply to this e-mail or call us at ${d.house_phone ?? DEFAULT_PHONE}.`,
        SIGN_OFF,
      ],
    }),
  },
};
