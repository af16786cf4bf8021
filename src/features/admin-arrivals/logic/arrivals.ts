import { plural, t } from '@lingui/core/macro';
import type { DocumentType } from '@/lib/checkin/GuestFieldset';
import { GUEST_TYPES, type GuestField, type ServerGuest } from '@/lib/checkin/guests';
import { fieldLabel, guestTypeLabel } from '@/lib/checkin/messages';
import type { Filled } from '@/lib/rpc-rows';
import type { Database } from '@/types/database';
import { blockingServerProblems, recordProblems, type PoliceRecord } from '@shared/alloggiati';
import { euros } from './days';

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

/** Where a stay stands at the desk; `ready` only when it can be checked in now. */
export function deskState(booking: ArrivalBooking): { label: string; tone: 'done' | 'ready' | 'todo'; ready: boolean } {
  if (booking.status !== 'confirmed') return { label: t`Checked in`, tone: 'done', ready: false };
  const missing = booking.guests.reduce((sum, g) => sum + g.missing.length, 0);
  const absent = Math.max(booking.guests_expected - booking.guests.length, 0);
  if (missing + absent > 0) {
    const parts = [
      absent > 0 ? plural(absent, { one: '# guest not entered', other: '# guests not entered' }) : '',
      missing > 0 ? plural(missing, { one: '# field missing', other: '# fields missing' }) : '',
    ].filter(Boolean);
    return { label: parts.join(' · '), tone: 'todo', ready: false };
  }
  const unverified = booking.guests.filter((g) => !g.verified_at).length;
  if (unverified > 0) return { label: t`Complete · ${unverified} to verify in person`, tone: 'ready', ready: false };
  return { label: t`Ready to check in`, tone: 'ready', ready: true };
}

/** The stay's folio at the desk: "Balance due €378.00 · City tax €36.00 · Extras: Airport transfer × 2". */
export function moneyLine(
  booking: Pick<ArrivalBooking, 'balance_due_cents' | 'city_tax_open_cents' | 'extras'>,
  locale = 'en',
): string {
  const balance = euros(booking.balance_due_cents, locale);
  const tax = euros(booking.city_tax_open_cents, locale);
  const extras = booking.extras.join(', ');
  return [
    booking.balance_due_cents > 0 ? t`Balance due ${balance}` : t`Balance paid`,
    booking.city_tax_open_cents > 0 ? t`City tax ${tax}` : t`City tax collected`,
    booking.extras.length > 0 ? t`Extras: ${extras}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The fields a guest lacks, by the check-in form's own labels: "Country of birth, Document number". */
export const missingWords = (fields: GuestField[]) => fields.map(fieldLabel).join(', ');

/** The relation to the stay (Alloggiati Web's "tipo alloggiato"), by the check-in form's own words. */
export function guestTypeName(type: number | null): string {
  const value = GUEST_TYPES.find((code) => code === String(type));
  return value ? guestTypeLabel(value) : t`Relation missing`;
}

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

/** The database's problems of a guest of the file (police_guest_problems), in words. */
function serverProblemText(problem: string): string {
  switch (problem) {
    case 'not_verified':
      return t`Identity not yet verified in person.`;
    case 'unknown_birth_comune':
      return t`The comune of birth is not in the current comuni table.`;
    case 'unknown_birth_state':
      return t`The state of birth is not in the current stati table.`;
    case 'unknown_citizenship':
      return t`The citizenship is not in the current stati table.`;
    case 'unknown_document_type':
      return t`The document type is not in the current documenti table.`;
    case 'unknown_document_issue_place':
      return t`The place of issue is in neither the comuni nor the stati table.`;
    default:
      return problem;
  }
}

/** Every problem of a guest of the file, in plain words: the database's checks, then the layout's. */
export function policeProblems(guest: PoliceGuest, all: PoliceGuest[]): string[] {
  const server = blockingServerProblems(guest.problems).map(serverProblemText);
  const layout = recordProblems(guest, all).map(layoutProblemText);
  return [...new Set([...server, ...layout])];
}

/** The guests a new file reports: those of the day not yet filed. */
export const unfiledGuests = (day: PoliceDay) => day.guests.filter((guest) => !guest.filing_id);

/**
 * The layout's problems (recordProblems, shared with the police-filing function, which writes them
 * in English) in the portal's language: each sentence it can write, by its words.
 */
export function layoutProblemText(problem: string): string {
  switch (problem) {
    case 'The relation to the stay (single guest, head or member) is missing.':
      return t`The relation to the stay (single guest, head or member) is missing.`;
    case 'The arrival or departure date is not valid.':
      return t`The arrival or departure date is not valid.`;
    case 'The surname is missing.':
      return t`The surname is missing.`;
    case 'The given names is missing.':
      return t`The given names are missing.`;
    case 'The surname has characters the portal does not accept: use the Latin spelling of the passport.':
      return t`The surname has characters the portal does not accept: use the Latin spelling of the passport.`;
    case 'The given names has characters the portal does not accept: use the Latin spelling of the passport.':
      return t`The given names have characters the portal does not accept: use the Latin spelling of the passport.`;
    case 'The sex is missing.':
      return t`The sex is missing.`;
    case 'The date of birth is missing.':
      return t`The date of birth is missing.`;
    case 'The date of birth is after the arrival.':
      return t`The date of birth is after the arrival.`;
    case 'The state of birth is missing.':
      return t`The state of birth is missing.`;
    case 'The comune of birth (and its province) is missing.':
      return t`The comune of birth (and its province) is missing.`;
    case 'The citizenship is missing.':
      return t`The citizenship is missing.`;
    case 'A family member must be reported with the head of family, who is not in this file.':
      return t`A family member must be reported with the head of family, who is not in this file.`;
    case 'A group member must be reported with the head of group, who is not in this file.':
      return t`A group member must be reported with the head of group, who is not in this file.`;
    case 'The document type is missing.':
      return t`The document type is missing.`;
    case 'The document number is missing.':
      return t`The document number is missing.`;
    case 'The document’s place of issue is missing.':
      return t`The document’s place of issue is missing.`;
    default:
      return problem;
  }
}
