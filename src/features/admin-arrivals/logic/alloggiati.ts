// The police report file of the Alloggiati Web portal (Polizia di Stato): one fixed-width line of
// 168 characters per guest, lines separated by CR LF (none after the last), family and group
// members right after their head with the same arrival date and blank document fields.
// Sources (docs/compliance.md): the portal's file layout as published by hosts' guides and
// open-source generators, the technical annex of the decree of 7 Jan 2013 / 16 Sep 2021
// (Gazzetta Ufficiale), and the portal's own code tables for the character set.

export type GuestType = 16 | 17 | 18 | 19 | 20;

/** One guest as the police file needs it (dates as YYYY-MM-DD). */
export interface PoliceRecord {
  guestId: string;
  /** the stay: members follow the head of the same stay */
  bookingId: string;
  guestType: GuestType | null;
  arrivalDate: string;
  departureDate: string;
  surname: string | null;
  givenNames: string | null;
  sex: 'M' | 'F' | null;
  birthDate: string | null;
  birthComuneCode: string | null;
  birthProvince: string | null;
  birthStateCode: string | null;
  citizenshipCode: string | null;
  documentTypeCode: string | null;
  documentNumber: string | null;
  documentIssuePlaceCode: string | null;
}

/** The fields of a line, in order, with their widths (168 in all). */
export const ALLOGGIATI_FIELDS = [
  { key: 'guestType', label: 'tipo alloggiato', width: 2 },
  { key: 'arrivalDate', label: 'data arrivo', width: 10 },
  { key: 'nights', label: 'giorni di permanenza', width: 2 },
  { key: 'surname', label: 'cognome', width: 50 },
  { key: 'givenNames', label: 'nome', width: 30 },
  { key: 'sex', label: 'sesso', width: 1 },
  { key: 'birthDate', label: 'data di nascita', width: 10 },
  { key: 'birthComuneCode', label: 'comune di nascita', width: 9 },
  { key: 'birthProvince', label: 'provincia di nascita', width: 2 },
  { key: 'birthStateCode', label: 'stato di nascita', width: 9 },
  { key: 'citizenshipCode', label: 'cittadinanza', width: 9 },
  { key: 'documentTypeCode', label: 'tipo documento', width: 5 },
  { key: 'documentNumber', label: 'numero documento', width: 20 },
  { key: 'documentIssuePlaceCode', label: 'luogo di rilascio', width: 9 },
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
export function portalNights(arrivalDate: string, departureDate: string): number {
  const days = Math.round(
    (Date.parse(`${departureDate}T00:00:00Z`) - Date.parse(`${arrivalDate}T00:00:00Z`)) / 86_400_000,
  );
  return Math.min(Math.max(days, 0), MAX_NIGHTS);
}

const isMember = (record: PoliceRecord) => record.guestType === 19 || record.guestType === 20;

function fit(value: string, width: number): string {
  return value.slice(0, width).padEnd(width, ' ');
}

/** One guest's line: exactly 168 characters, members' document fields blank. */
export function alloggiatiLine(record: PoliceRecord): string {
  const bornInItaly = record.birthStateCode === ITALY;
  const member = isMember(record);
  const values: Record<AlloggiatiField, string> = {
    guestType: record.guestType ? String(record.guestType) : '',
    arrivalDate: portalDate(record.arrivalDate),
    nights: String(portalNights(record.arrivalDate, record.departureDate)).padStart(2, '0'),
    surname: portalText(record.surname ?? ''),
    givenNames: portalText(record.givenNames ?? ''),
    sex: record.sex === 'M' ? '1' : record.sex === 'F' ? '2' : '',
    birthDate: portalDate(record.birthDate),
    birthComuneCode: bornInItaly ? (record.birthComuneCode ?? '') : '',
    birthProvince: bornInItaly ? (record.birthProvince ?? '') : '',
    birthStateCode: record.birthStateCode ?? '',
    citizenshipCode: record.citizenshipCode ?? '',
    documentTypeCode: member ? '' : (record.documentTypeCode ?? ''),
    documentNumber: member ? '' : (record.documentNumber ?? ''),
    documentIssuePlaceCode: member ? '' : (record.documentIssuePlaceCode ?? ''),
  };
  return ALLOGGIATI_FIELDS.map((field) => fit(values[field.key], field.width)).join('');
}

/**
 * The portal's order: within each stay, a head of family (17) followed by the family members
 * (19), a head of group (18) followed by the group members (20), then single guests (16); stays
 * in the order given.
 */
export function portalOrder(records: PoliceRecord[]): PoliceRecord[] {
  const rank = (type: GuestType | null) => ({ 17: 0, 19: 1, 18: 2, 20: 3, 16: 4 })[type ?? 16] ?? 5;
  const stays = [...new Set(records.map((r) => r.bookingId))];
  return stays.flatMap((stay) =>
    records
      .map((record, index) => ({ record, index }))
      .filter(({ record }) => record.bookingId === stay)
      .sort((a, b) => rank(a.record.guestType) - rank(b.record.guestType) || a.index - b.index)
      .map(({ record }) => record),
  );
}

/** What stops a guest's line, in words staff understand. */
export function recordProblems(record: PoliceRecord, all: PoliceRecord[] = [record]): string[] {
  const problems: string[] = [];
  const date = (value: string | null) => /^\d{4}-\d{2}-\d{2}$/.test(value ?? '') && !Number.isNaN(Date.parse(value!));
  const code = (value: string | null) => /^\d{9}$/.test(value ?? '');
  if (!record.guestType) problems.push('The relation to the stay (single guest, head or member) is missing.');
  if (!date(record.arrivalDate) || !date(record.departureDate) || record.departureDate <= record.arrivalDate) {
    problems.push('The arrival or departure date is not valid.');
  }
  for (const [value, label] of [
    [record.surname, 'surname'],
    [record.givenNames, 'given names'],
  ] as const) {
    const text = portalText(value ?? '');
    if (!text) problems.push(`The ${label} is missing.`);
    else if (!PORTAL_NAME.test(text)) {
      problems.push(`The ${label} has characters the portal does not accept: use the Latin spelling of the passport.`);
    }
  }
  if (record.sex !== 'M' && record.sex !== 'F') problems.push('The sex is missing.');
  if (!date(record.birthDate)) problems.push('The date of birth is missing.');
  else if (record.birthDate! > record.arrivalDate) problems.push('The date of birth is after the arrival.');
  if (!code(record.birthStateCode)) problems.push('The state of birth is missing.');
  if (
    record.birthStateCode === ITALY &&
    (!code(record.birthComuneCode) || !/^[A-Z]{2}$/.test(record.birthProvince ?? ''))
  ) {
    problems.push('The comune of birth (and its province) is missing.');
  }
  if (!code(record.citizenshipCode)) problems.push('The citizenship is missing.');
  if (isMember(record)) {
    const head = MEMBER_OF[record.guestType!];
    if (!all.some((other) => other.bookingId === record.bookingId && other.guestType === head)) {
      problems.push(
        head === 17
          ? 'A family member must be reported with the head of family, who is not in this file.'
          : 'A group member must be reported with the head of group, who is not in this file.',
      );
    }
  } else {
    if (!/^[A-Z0-9]{1,5}$/.test(record.documentTypeCode ?? '')) problems.push('The document type is missing.');
    if (!/^[A-Z0-9]{2,20}$/.test(record.documentNumber ?? '')) problems.push('The document number is missing.');
    if (!code(record.documentIssuePlaceCode)) problems.push('The document’s place of issue is missing.');
  }
  return problems;
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
  if (blocked) throw new Error(`Guest ${blocked.guestId} cannot be reported yet.`);
  const lines = ordered.map(alloggiatiLine);
  if (lines.some((line) => line.length !== LINE_LENGTH)) throw new Error('A line is not 168 characters long.');
  return {
    day,
    fileName: `alloggiati-${day}.txt`,
    content: lines.join('\r\n'),
    guestIds: ordered.map((record) => record.guestId),
  };
}

/**
 * Where a file goes. Today staff download it and upload it to the portal themselves; a sender
 * for the portal's web service (GenerateToken / Send) can implement the same interface.
 */
export interface PoliceFileSender {
  readonly label: string;
  send(file: PoliceFile): Promise<void>;
}
