// Written once for the browser's download and the police-filing edge function's sender, so both
// produce byte-identical lines. Import-free: Deno imports it by relative path, Vite through `@shared`.
// The police report file of the Alloggiati Web portal (Polizia di Stato): one fixed-width line of
// 168 characters per guest, lines separated by CR LF (none after the last), family and group
// members right after their head with the same arrival date and blank document fields.
// Sources (docs/compliance.md): the portal's file layout as published by hosts' guides and
// open-source generators, the technical annex of the decree of 7 Jan 2013 / 16 Sep 2021
// (Gazzetta Ufficiale), and the portal's own code tables for the character set.

export type GuestType = 16 | 17 | 18 | 19 | 20;

/** One guest as the police file needs it (dates as YYYY-MM-DD). */
export interface PoliceRecord {
  guest_id: string;
  /** the stay: members follow the head of the same stay */
  booking_id: string;
  guest_type: GuestType | null;
  arrival_date: string;
  departure_date: string;
  surname: string | null;
  given_names: string | null;
  sex: 'M' | 'F' | null;
  birth_date: string | null;
  birth_comune_code: string | null;
  birth_province: string | null;
  birth_state_code: string | null;
  citizenship_code: string | null;
  document_type_code: string | null;
  document_number: string | null;
  document_issue_place_code: string | null;
}

/** The fields of a line, in order, with their widths (168 in all). */
export const ALLOGGIATI_FIELDS = [
  { key: 'guest_type', label: 'tipo alloggiato', width: 2 },
  { key: 'arrival_date', label: 'data arrivo', width: 10 },
  { key: 'nights', label: 'giorni di permanenza', width: 2 },
  { key: 'surname', label: 'cognome', width: 50 },
  { key: 'given_names', label: 'nome', width: 30 },
  { key: 'sex', label: 'sesso', width: 1 },
  { key: 'birth_date', label: 'data di nascita', width: 10 },
  { key: 'birth_comune_code', label: 'comune di nascita', width: 9 },
  { key: 'birth_province', label: 'provincia di nascita', width: 2 },
  { key: 'birth_state_code', label: 'stato di nascita', width: 9 },
  { key: 'citizenship_code', label: 'cittadinanza', width: 9 },
  { key: 'document_type_code', label: 'tipo documento', width: 5 },
  { key: 'document_number', label: 'numero documento', width: 20 },
  { key: 'document_issue_place_code', label: 'luogo di rilascio', width: 9 },
] as const;

export type AlloggiatiField = (typeof ALLOGGIATI_FIELDS)[number]['key'];
export const LINE_LENGTH = ALLOGGIATI_FIELDS.reduce((sum, field) => sum + field.width, 0);
/** The offset of each field in a line (0-based). */
export const FIELD_OFFSETS = Object.fromEntries(
  ALLOGGIATI_FIELDS.map((field, index) => [
    field.key,
    ALLOGGIATI_FIELDS.slice(0, index).reduce((sum, f) => sum + f.width, 0),
  ]),
) as Record<AlloggiatiField, number>;

export const ITALY = '100000100';
/** The portal takes at most 30 days of stay per line. */
export const MAX_NIGHTS = 30;
const MEMBER_OF: Record<number, GuestType> = { 19: 17, 20: 18 };

const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'SS',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'AE',
  Œ: 'OE',
  œ: 'OE',
  Ø: 'O',
  ø: 'O',
  Ł: 'L',
  ł: 'L',
  Đ: 'D',
  đ: 'D',
  Þ: 'TH',
  þ: 'TH',
  Ð: 'D',
  ð: 'D',
  ı: 'I',
};

/**
 * A name as the portal's tables write names: capitals A-Z, space, apostrophe and hyphen. A
 * final accented vowel becomes the vowel and an apostrophe (FORLI', NICOLO'), as the tables
 * write them; other accents are dropped (LEFEVRE); ß, æ, ø, ł … are spelled out. Typographic
 * apostrophes become "'", runs of spaces one space. Characters of other scripts are kept, so the
 * check can name them.
 */
export function portalText(value: string): string {
  const spelled = [...value.normalize('NFC')].map((ch) => SPECIAL_LETTERS[ch] ?? ch).join('');
  const accentedEnd = /([aeiouAEIOU])[\u0300-\u036f]+(?=$|[\s'-])/g;
  return spelled
    .normalize('NFD')
    .replace(accentedEnd, "$1'")
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/''+/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
}

const PORTAL_NAME = /^[A-Z][A-Z '-]*$/;

/** YYYY-MM-DD as the portal's gg/mm/aaaa; '' for no date. */
export function portalDate(date: string | null): string {
  if (!date) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** Nights between arrival and departure, capped at the portal's 30. */
export function portalNights(arrival_date: string, departure_date: string): number {
  const days = Math.round(
    (Date.parse(`${departure_date}T00:00:00Z`) - Date.parse(`${arrival_date}T00:00:00Z`)) / 86_400_000,
  );
  return Math.min(Math.max(days, 0), MAX_NIGHTS);
}

const isMember = (record: PoliceRecord) => record.guest_type === 19 || record.guest_type === 20;

function fit(value: string, width: number): string {
  return value.slice(0, width).padEnd(width, ' ');
}

/** One guest's line: exactly 168 characters, members' document fields blank. */
export function alloggiatiLine(record: PoliceRecord): string {
  const bornInItaly = record.birth_state_code === ITALY;
  const member = isMember(record);
  const values: Record<AlloggiatiField, string> = {
    guest_type: record.guest_type ? String(record.guest_type) : '',
    arrival_date: portalDate(record.arrival_date),
    nights: String(portalNights(record.arrival_date, record.departure_date)).padStart(2, '0'),
    surname: portalText(record.surname ?? ''),
    given_names: portalText(record.given_names ?? ''),
    sex: record.sex === 'M' ? '1' : record.sex === 'F' ? '2' : '',
    birth_date: portalDate(record.birth_date),
    birth_comune_code: bornInItaly ? (record.birth_comune_code ?? '') : '',
    birth_province: bornInItaly ? (record.birth_province ?? '') : '',
    birth_state_code: record.birth_state_code ?? '',
    citizenship_code: record.citizenship_code ?? '',
    document_type_code: member ? '' : (record.document_type_code ?? ''),
    document_number: member ? '' : (record.document_number ?? ''),
    document_issue_place_code: member ? '' : (record.document_issue_place_code ?? ''),
  };
  return ALLOGGIATI_FIELDS.map((field) => fit(values[field.key], field.width)).join('');
}

/**
 * The portal's order: within each stay, a head of family (17) followed by the family members
 * (19), a head of group (18) followed by the group members (20), then single guests (16); stays
 * in the order given.
 */
export function portalOrder<T extends PoliceRecord>(records: T[]): T[] {
  const rank = (type: GuestType | null) => ({ 17: 0, 19: 1, 18: 2, 20: 3, 16: 4 })[type ?? 16] ?? 5;
  const stays = [...new Set(records.map((r) => r.booking_id))];
  return stays.flatMap((stay) =>
    records
      .map((record, index) => ({ record, index }))
      .filter(({ record }) => record.booking_id === stay)
      .sort((a, b) => rank(a.record.guest_type) - rank(b.record.guest_type) || a.index - b.index)
      .map(({ record }) => record),
  );
}

/** What stops a guest's line, in words staff understand. */
export function recordProblems(record: PoliceRecord, all: PoliceRecord[] = [record]): string[] {
  const problems: string[] = [];
  const date = (value: string | null) => /^\d{4}-\d{2}-\d{2}$/.test(value ?? '') && !Number.isNaN(Date.parse(value!));
  const code = (value: string | null) => /^\d{9}$/.test(value ?? '');
  if (!record.guest_type) problems.push('The relation to the stay (single guest, head or member) is missing.');
  if (!date(record.arrival_date) || !date(record.departure_date) || record.departure_date <= record.arrival_date) {
    problems.push('The arrival or departure date is not valid.');
  }
  for (const [value, label] of [
    [record.surname, 'surname'],
    [record.given_names, 'given names'],
  ] as const) {
    const text = portalText(value ?? '');
    if (!text) problems.push(`The ${label} is missing.`);
    else if (!PORTAL_NAME.test(text)) {
      problems.push(`The ${label} has characters the portal does not accept: use the Latin spelling of the passport.`);
    }
  }
  if (record.sex !== 'M' && record.sex !== 'F') problems.push('The sex is missing.');
  if (!date(record.birth_date)) problems.push('The date of birth is missing.');
  else if (record.birth_date! > record.arrival_date) problems.push('The date of birth is after the arrival.');
  if (!code(record.birth_state_code)) problems.push('The state of birth is missing.');
  if (
    record.birth_state_code === ITALY &&
    (!code(record.birth_comune_code) || !/^[A-Z]{2}$/.test(record.birth_province ?? ''))
  ) {
    problems.push('The comune of birth (and its province) is missing.');
  }
  if (!code(record.citizenship_code)) problems.push('The citizenship is missing.');
  if (isMember(record)) {
    const head = MEMBER_OF[record.guest_type!];
    if (!all.some((other) => other.booking_id === record.booking_id && other.guest_type === head)) {
      problems.push(
        head === 17
          ? 'A family member must be reported with the head of family, who is not in this file.'
          : 'A group member must be reported with the head of group, who is not in this file.',
      );
    }
  } else {
    if (!/^[A-Z0-9]{1,5}$/.test(record.document_type_code ?? '')) problems.push('The document type is missing.');
    if (!/^[A-Z0-9]{2,20}$/.test(record.document_number ?? '')) problems.push('The document number is missing.');
    if (!code(record.document_issue_place_code)) problems.push('The document’s place of issue is missing.');
  }
  return problems;
}

/**
 * The database's problems of a guest (police_file_guest.problems) that stop the line: all but the
 * missing fields, which recordProblems names in its own words (and a missing residence, which ISTAT
 * needs, does not stop the police report).
 */
export function blockingServerProblems(problems: string[]): string[] {
  return problems.filter((problem) => !problem.startsWith('missing_'));
}

/** A day's file, ready to hand to a sender. */
export interface PoliceFile {
  day: string;
  fileName: string;
  content: string;
  /** the guests it reports, in file order */
  guestIds: string[];
}

/** Writes the file for the given guests; throws when a guest has a problem (check first). */
export function writeAlloggiatiFile(day: string, records: PoliceRecord[]): PoliceFile {
  const ordered = portalOrder(records);
  const blocked = ordered.find((record) => recordProblems(record, ordered).length > 0);
  if (blocked) throw new Error(`Guest ${blocked.guest_id} cannot be reported yet.`);
  const lines = ordered.map(alloggiatiLine);
  if (lines.some((line) => line.length !== LINE_LENGTH)) throw new Error('A line is not 168 characters long.');
  return {
    day,
    fileName: `alloggiati-${day}.txt`,
    content: lines.join('\r\n'),
    guestIds: ordered.map((record) => record.guest_id),
  };
}

/**
 * Where a file goes: the browser's download (staff upload it themselves, the fallback) or the
 * police-filing function's web-service sender (Test, then Send).
 */
export interface PoliceFileSender {
  readonly label: string;
  send(file: PoliceFile): Promise<void>;
}
