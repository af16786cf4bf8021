// The e-mails' one helper for cancellation terms: the terms the database wrote into the outbox row
// (private.booking_email_data: `cancellation`, `cancellation_house`, `cancellation_catalog`),
// rendered with the e-mail's date and euro formatters through the site's own function
// (supabase/functions/_shared/cancellation-terms.ts). No template writes a cancellation sentence.
import { cancellationSentences, refundReasonSentence, type CancellationTerms } from '../_shared/cancellation-terms.ts';
import { euros, type BookingEmailData, type Formatters } from './catalog.ts';

function catalogOf(d: BookingEmailData, f: Formatters) {
  return d.cancellation_catalog?.[f.language] ?? d.cancellation_catalog?.en ?? null;
}

/** The stay's terms today (or, once cancelled, what was refunded and kept, and why); the house's rule for a row without them. */
export function cancellationText(d: BookingEmailData, f: Formatters, terms?: CancellationTerms): string {
  const stated = terms ?? (d.cancellation?.lines?.length ? d.cancellation : d.cancellation_house);
  return cancellationSentences(stated, catalogOf(d, f), {
    day: (iso) => f.day(iso),
    cents: (cents) => f.money(euros(cents)),
  }).join(' ');
}

/** Why a refund was made: a code in the e-mail's language, else the staff's own words after `label`. */
export function refundReasonText(d: BookingEmailData, f: Formatters, label: string): string {
  return refundReasonSentence(d.reason, catalogOf(d, f)) ?? (d.reason ? `${label}${d.reason}` : '');
}
