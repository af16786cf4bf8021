/**
 * CSV for Italian spreadsheets: `;` between fields, CRLF between lines, a UTF-8 byte-order mark so
 * Excel reads accents, amounts in euros with a decimal comma. Text fields are quoted when needed
 * (RFC 4180) and never start a formula (=, +, -, @ get a leading apostrophe).
 */
export type Cell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;
/** a negative amount as `euros` writes it is a number, not a formula */
const NEGATIVE_AMOUNT = /^-\d+,\d{2}$/;

export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) && !NEGATIVE_AMOUNT.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** 1234 cents → "12,34" (a number cell: negative amounts keep their sign). */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** "12,50" or "12.50" → 1250; null when it is not an amount. */
export function parseEuros(text: string): number | null {
  const match = /^(-?)(\d{1,5})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const value = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -value : value;
}
