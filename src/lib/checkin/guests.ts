// The guests of a stay as the check-in form edits them, shared by the guest's online check-in and
// the arrivals desk. The server (private.save_booking_guests) applies the same rules and answers
// bad input with {"<index>.<field>": "<reason>"}; `checkGuests` gives the same answer first.
import { isOneLineText } from '@shared/constants';
import type { Filled } from '@/lib/rpc-rows';
import type { Database } from '@/types/database';

/** A comune or state from the portal's tables. */
export interface Place {
  code: string;
  name: string | null;
  province?: string | null;
  kind: 'comune' | 'stato' | null;
  ended_on?: string | null;
  /** a country's ISO 3166-1 code (public.alloggiati_stati_iso), to name it in the guest's language */
  iso_code?: string | null;
}

export const ITALY = '100000100';
export const GUEST_TYPES = ['16', '17', '18', '19', '20'] as const;
export type GuestTypeValue = (typeof GUEST_TYPES)[number];

/** The fields a guest row can lack (private.booking_guest_missing), in form order. */
export const GUEST_FIELDS = [
  'guest_type',
  'surname',
  'given_names',
  'sex',
  'birth_date',
  'birth_state',
  'birth_comune',
  'citizenship',
  'residence_state',
  'residence_comune',
  'document_type',
  'document_number',
  'document_issue_place',
] as const;
export type GuestField = (typeof GUEST_FIELDS)[number];

type GuestRow = Database['public']['CompositeTypes']['checkin_guest'];
type PlaceField =
  'birth_state' | 'birth_comune' | 'citizenship' | 'residence_state' | 'residence_comune' | 'document_issue_place';
/** The fields of a guest's row always set: the rest stays null until entered (or verified, reported). */
type SetField = 'id' | 'position' | 'document_number_erased' | 'reported' | 'missing';

/**
 * One guest as the server answers it (public.checkin_guest, in checkin_by_link's and
 * staff_arrivals' answers). The table's checks narrow `sex`; `missing` holds GuestField keys
 * (private.booking_guest_missing); a place's kind is comune or stato (private.place_json).
 */
export type ServerGuest = Omit<Filled<GuestRow, Exclude<keyof GuestRow, SetField>>, PlaceField | 'sex' | 'missing'> &
  Record<PlaceField, Place | null> & { sex: 'M' | 'F' | null; missing: GuestField[] };

/** One guest as the form holds it. */
export interface GuestValues {
  id?: string;
  guest_type: '' | GuestTypeValue;
  surname: string;
  given_names: string;
  sex: '' | 'M' | 'F';
  birth_date: string;
  birth_state: Place | null;
  birth_comune: Place | null;
  citizenship: Place | null;
  residence_state: Place | null;
  residence_comune: Place | null;
  document_type: string;
  document_number: string;
  document_number_erased: boolean;
  document_issue_place: Place | null;
}

export type GuestErrorCode =
  | 'invalid'
  | 'text_not_allowed'
  | 'too_long'
  | 'future'
  | 'unknown_code'
  | 'only_for_italy'
  | 'not_for_members'
  | 'one_head'
  | 'head_missing'
  | 'required'
  | 'too_many';

/** Errors by "<index>.<field>" (or "guests" for the list). */
export type GuestErrors = Record<string, GuestErrorCode>;

export const emptyGuest = (guestType: '' | GuestTypeValue = ''): GuestValues => ({
  guest_type: guestType,
  surname: '',
  given_names: '',
  sex: '',
  birth_date: '',
  birth_state: null,
  birth_comune: null,
  citizenship: null,
  residence_state: null,
  residence_comune: null,
  document_type: '',
  document_number: '',
  document_number_erased: false,
  document_issue_place: null,
});

const asType = (value: number | null): '' | GuestTypeValue => GUEST_TYPES.find((type) => type === String(value)) ?? '';

export function guestValues(guest: ServerGuest): GuestValues {
  return {
    id: guest.id,
    guest_type: asType(guest.guest_type),
    surname: guest.surname ?? '',
    given_names: guest.given_names ?? '',
    sex: guest.sex ?? '',
    birth_date: guest.birth_date ?? '',
    birth_state: guest.birth_state,
    birth_comune: guest.birth_comune,
    citizenship: guest.citizenship,
    residence_state: guest.residence_state,
    residence_comune: guest.residence_comune,
    document_type: guest.document_type ?? '',
    document_number: guest.document_number ?? '',
    document_number_erased: guest.document_number_erased,
    document_issue_place: guest.document_issue_place,
  };
}

/**
 * The form's guests: the saved ones, then empty ones up to the stay's number of guests (the
 * first one a single guest when nothing is saved yet).
 */
export function formGuests(saved: ServerGuest[], expected: number): GuestValues[] {
  const guests = saved.map(guestValues);
  while (guests.length < Math.max(expected, 1))
    guests.push(emptyGuest(guests.length === 0 && expected === 1 ? '16' : ''));
  return guests;
}

export const isMember = (type: string) => type === '19' || type === '20';
export const needsDocument = (type: string) => !isMember(type);

/** The payload of save_checkin_by_link / staff_save_booking_guests: fields that do not apply are left out. */
export function guestPayload(guests: GuestValues[]) {
  return guests.map((guest) => {
    const bornInItaly = guest.birth_state?.code === ITALY;
    const livesInItaly = guest.residence_state?.code === ITALY;
    const document = needsDocument(guest.guest_type);
    return {
      ...(guest.id ? { id: guest.id } : {}),
      guest_type: guest.guest_type === '' ? null : Number(guest.guest_type),
      surname: guest.surname.trim() || null,
      given_names: guest.given_names.trim() || null,
      sex: guest.sex || null,
      birth_date: guest.birth_date || null,
      birth_state_code: guest.birth_state?.code ?? null,
      birth_comune_code: bornInItaly ? (guest.birth_comune?.code ?? null) : null,
      citizenship_code: guest.citizenship?.code ?? null,
      residence_state_code: guest.residence_state?.code ?? null,
      residence_comune_code: livesInItaly ? (guest.residence_comune?.code ?? null) : null,
      document_type_code: document ? guest.document_type || null : null,
      document_number: document ? normalDocumentNumber(guest.document_number) || null : null,
      document_issue_place_code: document ? (guest.document_issue_place?.code ?? null) : null,
    };
  });
}

export const normalDocumentNumber = (value: string) => value.replace(/\s/g, '').toUpperCase();

// letters of any alphabet, spaces, apostrophes, hyphens and dots (the server's checkin_name_valid)
const NAME_FORBIDDEN = /[0-9\p{Cc}<>{}[\]()@#$%&*_=+|\\/:;"!?~^`,]/u;
const NAME_LETTER = /[A-Za-z\u00C0-\uFFFF]/;

export function nameProblem(value: string): GuestErrorCode | null {
  // control, bidi and zero-width characters: the rule of every text (private.assert_one_line_text)
  if (!isOneLineText(value)) return 'text_not_allowed';
  const name = value.trim().replace(/\s+/g, ' ');
  if (!name) return null;
  if (name.length > 100) return 'too_long';
  return NAME_FORBIDDEN.test(name) || !NAME_LETTER.test(name) ? 'invalid' : null;
}

/** The same refusals as the server, for what the form can send; `today` as YYYY-MM-DD. */
export function checkGuests(guests: GuestValues[], expected: number, today: string): GuestErrors {
  const errors: GuestErrors = {};
  if (guests.length === 0) return { guests: 'required' };
  if (guests.length > expected) return { guests: 'too_many' };
  const heads = { '17': 0, '18': 0 };
  guests.forEach((guest, index) => {
    const at = (field: GuestField, code: GuestErrorCode) => {
      errors[`${index}.${field}`] = code;
    };
    const surname = nameProblem(guest.surname);
    if (surname) at('surname', surname);
    const given = nameProblem(guest.given_names);
    if (given) at('given_names', given);
    if (guest.birth_date) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(guest.birth_date) || guest.birth_date < '1900-01-01') at('birth_date', 'invalid');
      else if (guest.birth_date > today) at('birth_date', 'future');
    }
    if (needsDocument(guest.guest_type)) {
      const number = normalDocumentNumber(guest.document_number);
      if (!isOneLineText(guest.document_number)) at('document_number', 'text_not_allowed');
      else if (number && !/^[A-Z0-9]{2,20}$/.test(number))
        at('document_number', number.length > 20 ? 'too_long' : 'invalid');
    }
    if (guest.guest_type === '17' || guest.guest_type === '18') {
      heads[guest.guest_type] += 1;
      if (heads[guest.guest_type] > 1) at('guest_type', 'one_head');
    }
  });
  guests.forEach((guest, index) => {
    if ((guest.guest_type === '19' && heads['17'] === 0) || (guest.guest_type === '20' && heads['18'] === 0)) {
      errors[`${index}.guest_type`] = 'head_missing';
    }
  });
  return errors;
}

/** The server's field errors (SQLSTATE 22023, hint checkin_invalid), or null for another refusal. */
export function serverGuestErrors(error: {
  code?: string;
  hint?: string | null;
  details?: string | null;
}): GuestErrors | null {
  if (error.code !== '22023' || error.hint !== 'checkin_invalid' || !error.details) return null;
  try {
    const parsed: unknown = JSON.parse(error.details);
    return parsed && typeof parsed === 'object' ? (parsed as GuestErrors) : null;
  } catch {
    return null;
  }
}

/** The error of one field, if any. */
export const fieldError = (
  errors: GuestErrors,
  index: number,
  field: GuestField | 'guest',
): GuestErrorCode | undefined => errors[`${index}.${field}`];
