import { t } from '@lingui/core/macro';
import Papa from 'papaparse';

/**
 * The one CSV writer of the app (every download but the police file, a fixed-width legal format).
 * - UTF-8 with a byte-order mark, so Excel reads accents; CRLF between lines.
 * - Two dialects: `semicolon` (Excel set to Italian: `;` between fields, a decimal comma) and
 *   `comma` (`,` between fields, a decimal point). Excel reads a CSV with the computer's regional
 *   list separator and decimal mark, so each dialect's numbers are numbers where it is opened.
 * - Numbers are numbers: a count as digits, `{ cents }` as euros with two decimals, a percentage as
 *   its figure (the header says the unit: "(EUR)", "(%)").
 * - Text never starts a formula (OWASP's CSV-injection rule): a cell beginning with `=`, `+`, `-`,
 *   `@`, tab or carriage return gets a leading `'` and is quoted. Numbers are never text, so a
 *   negative amount stays a number.
 * Quoting (separators, quotes, line breaks) is papaparse's `unparse`. Its own `escapeFormulae: true`
 * is not used: its pattern (`/^[=+\-@\t\r].*$/`) misses a formula followed by a line break, and it
 * would turn a number written with a decimal comma into text.
 */
export type CsvDialect = 'semicolon' | 'comma';
export interface Cents {
  cents: number;
}
export type CsvCell = string | number | Cents | null;

/** The dialects, named in the portal's language (the CSV's headers and texts follow it too). */
export const csvDialects = (): readonly { id: CsvDialect; label: string }[] => [
  { id: 'semicolon', label: t`Excel in Italian (; and 12,50)` },
  { id: 'comma', label: t`Other spreadsheets (, and 12.50)` },
];

const SEPARATOR: Record<CsvDialect, string> = { semicolon: ';', comma: ',' };
const FORMULA_START = /^[=+\-@\t\r]/;
const NEUTRALISED = /^'[=+\-@\t\r]/;

/** An amount in cents, written as euros with two decimals. */
export const cents = (value: number): Cents => ({ cents: value });

function decimal(text: string, dialect: CsvDialect) {
  return dialect === 'semicolon' ? text.replace('.', ',') : text;
}

function cellText(cell: CsvCell, dialect: CsvDialect): string | null {
  if (cell === null) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? decimal(String(cell), dialect) : null;
  if (typeof cell === 'object') {
    const abs = Math.abs(cell.cents);
    const euros = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
    return decimal(cell.cents < 0 ? `-${euros}` : euros, dialect);
  }
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[], dialect: CsvDialect): string {
  const lines = [header, ...rows].map((row) => row.map((cell) => cellText(cell, dialect)));
  const body = Papa.unparse(lines, {
    delimiter: SEPARATOR[dialect],
    newline: '\r\n',
    // a neutralised cell is always quoted (numbers never start with an apostrophe)
    quotes: (value: unknown) => typeof value === 'string' && NEUTRALISED.test(value),
  });
  return `\uFEFF${body}\r\n`;
}

const STORAGE_KEY = 'csv-dialect';
let chosen: CsvDialect | undefined;

/**
 * The dialect of this browser's downloads: it depends on the spreadsheet of the computer, not on
 * the house, so it is kept in the browser. Excel in Italian unless changed.
 */
export function csvDialect(): CsvDialect {
  if (!chosen) {
    try {
      chosen = window.localStorage.getItem(STORAGE_KEY) === 'comma' ? 'comma' : 'semicolon';
    } catch {
      chosen = 'semicolon';
    }
  }
  return chosen;
}

export function setCsvDialect(dialect: CsvDialect) {
  chosen = dialect;
  try {
    window.localStorage.setItem(STORAGE_KEY, dialect);
  } catch {
    // storage refused (private browsing): the choice lasts until the page is reloaded
  }
}
