import type { DocumentType } from '@/lib/checkin/GuestFieldset';
import type { GuestField, ServerGuest } from '@/lib/checkin/guests';
import type { Filled } from '@/lib/rpc-rows';
import { formatEuro } from '@/lib/utils';
import type { Database } from '@/types/database';
import { blockingServerProblems, recordProblems, type PoliceRecord } from '@shared/alloggiati';

type Composite = Database['public']['CompositeTypes'];

/** One stay arriving on the day (public.arrivals_booking): every field filled but when staff checked it in. */
export type ArrivalBooking = Omit<Filled<Composite['arrivals_booking'], 'checked_in_at'>, 'guests'> & {
  guests: ServerGuest[];
};

/** staff_arrivals' answer (public.arrivals_day): the day's stays and the document types. */
export type ArrivalsDay = Omit<Filled<Composite['arrivals_day']>, 'bookings' | 'document_types'> & {
  bookings: ArrivalBooking[];
  document_types: DocumentType[];
};

/** Where a stay stands at the desk. */
export function deskState(booking: ArrivalBooking): { label: string; tone: 'done' | 'ready' | 'todo' } {
  if (booking.status !== 'confirmed') return { label: 'Checked in', tone: 'done' };
  const missing = booking.guests.reduce((sum, g) => sum + g.missing.length, 0);
  const absent = Math.max(booking.guests_expected - booking.guests.length, 0);
  if (missing + absent > 0) {
    const parts = [
      absent > 0 ? `${absent} guest${absent === 1 ? '' : 's'} not entered` : '',
      missing > 0 ? `${missing} field${missing === 1 ? '' : 's'} missing` : '',
    ].filter(Boolean);
    return { label: parts.join(' · '), tone: 'todo' };
  }
  const unverified = booking.guests.filter((g) => !g.verified_at).length;
  if (unverified > 0) return { label: `Complete · ${unverified} to verify in person`, tone: 'ready' };
  return { label: 'Ready to check in', tone: 'ready' };
}

/** The stay's folio at the desk: "Balance due €378.00 · City tax €36.00 · Extras: Airport transfer × 2". */
export function moneyLine(
  booking: Pick<ArrivalBooking, 'balance_due_cents' | 'city_tax_open_cents' | 'extras'>,
): string {
  return [
    booking.balance_due_cents > 0 ? `Balance due ${formatEuro(booking.balance_due_cents / 100)}` : 'Balance paid',
    booking.city_tax_open_cents > 0
      ? `City tax ${formatEuro(booking.city_tax_open_cents / 100)}`
      : 'City tax collected',
    booking.extras.length > 0 ? `Extras: ${booking.extras.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

const FIELD_WORDS: Record<GuestField, string> = {
  guest_type: 'relation to the stay',
  surname: 'surname',
  given_names: 'given names',
  sex: 'sex',
  birth_date: 'date of birth',
  birth_state: 'country of birth',
  birth_comune: 'comune of birth',
  citizenship: 'citizenship',
  residence_state: 'country of residence',
  residence_comune: 'comune of residence',
  document_type: 'document type',
  document_number: 'document number',
  document_issue_place: 'document place of issue',
};
export const missingWords = (fields: GuestField[]) => fields.map((field) => FIELD_WORDS[field]).join(', ');

// ---------------------------------------------------------------- the police file's day

/** Fields of a guest of the file that may be empty: what the guest or the desk has not entered yet. */
type PoliceGuestNullable = Exclude<keyof PoliceRecord, 'guest_id' | 'booking_id' | 'arrival_date' | 'departure_date'>;

/**
 * One guest of the day's file (public.police_file_guest): the police record, its stay and room,
 * whether staff verified the identity, its filing, and what the database found (codes not in the
 * current tables, missing, not verified).
 */
export type PoliceGuest = Omit<
  Filled<Composite['police_file_guest'], PoliceGuestNullable | 'filing_id'>,
  'guest_type' | 'sex'
> &
  Pick<PoliceRecord, 'guest_type' | 'sex'>;

/** police_file_day's answer (public.police_file_day_view): the day's guests and its filings so far. */
export type PoliceDay = Omit<Filled<Composite['police_file_day_view']>, 'guests' | 'filings'> & {
  guests: PoliceGuest[];
  filings: Filled<Composite['police_filing_summary']>[];
};

const SERVER_WORDS: Record<string, string> = {
  not_verified: 'Identity not yet verified in person.',
  unknown_birth_comune: 'The comune of birth is not in the current comuni table.',
  unknown_birth_state: 'The state of birth is not in the current stati table.',
  unknown_citizenship: 'The citizenship is not in the current stati table.',
  unknown_document_type: 'The document type is not in the current documenti table.',
  unknown_document_issue_place: 'The place of issue is in neither the comuni nor the stati table.',
};

/** Every problem of a guest of the file, in plain words: the database's checks, then the layout's. */
export function policeProblems(guest: PoliceGuest, all: PoliceGuest[]): string[] {
  const server = blockingServerProblems(guest.problems).map((problem) => SERVER_WORDS[problem] ?? problem);
  const layout = recordProblems(guest, all);
  return [...new Set([...server, ...layout])];
}

/** The guests a new file reports: those of the day not yet filed. */
export const unfiledGuests = (day: PoliceDay) => day.guests.filter((guest) => !guest.filing_id);
