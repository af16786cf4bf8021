import type { DocumentType } from '@/lib/checkin/GuestFieldset';
import type { GuestField, ServerGuest } from '@/lib/checkin/guests';
import type { Filled } from '@/lib/rpc-rows';
import type { Database } from '@/types/database';
import { recordProblems, type GuestType, type PoliceRecord } from './alloggiati';

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

export interface PoliceGuest extends PoliceRecord {
  reference: string;
  roomName: string;
  verified: boolean;
  filingId: string | null;
  /** what the database found (codes not in the current tables, missing, not verified) */
  serverProblems: string[];
}

export interface PoliceDay {
  day: string;
  guests: PoliceGuest[];
  filings: { id: string; filedAt: string; filedBy: string; guestCount: number }[];
}

type Json = Record<string, unknown>;
const rows = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

export function parsePoliceDay(data: unknown): PoliceDay {
  const value = (data ?? {}) as Json;
  return {
    day: String(value.day ?? ''),
    guests: rows(value.guests).map((g) => ({
      guestId: String(g.guest_id),
      bookingId: String(g.booking_id),
      reference: String(g.reference),
      roomName: String(g.room_name ?? ''),
      guestType: (g.guest_type as GuestType | null) ?? null,
      arrivalDate: String(g.arrival_date),
      departureDate: String(g.departure_date),
      surname: text(g.surname),
      givenNames: text(g.given_names),
      sex: (text(g.sex) as 'M' | 'F' | null) ?? null,
      birthDate: text(g.birth_date),
      birthComuneCode: text(g.birth_comune_code),
      birthProvince: text(g.birth_province),
      birthStateCode: text(g.birth_state_code),
      citizenshipCode: text(g.citizenship_code),
      documentTypeCode: text(g.document_type_code),
      documentNumber: text(g.document_number),
      documentIssuePlaceCode: text(g.document_issue_place_code),
      verified: g.verified === true,
      filingId: text(g.filing_id),
      serverProblems: Array.isArray(g.problems) ? (g.problems as string[]) : [],
    })),
    filings: rows(value.filings).map((f) => ({
      id: String(f.id),
      filedAt: String(f.filed_at),
      filedBy: String(f.filed_by ?? ''),
      guestCount: Number(f.guest_count),
    })),
  };
}

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
  const server = guest.serverProblems
    .filter((problem) => !problem.startsWith('missing_'))
    .map((problem) => SERVER_WORDS[problem] ?? problem);
  const layout = recordProblems(guest, all);
  return [...new Set([...server, ...layout])];
}

/** The guests a new file reports: those of the day not yet filed. */
export const unfiledGuests = (day: PoliceDay) => day.guests.filter((guest) => !guest.filingId);
