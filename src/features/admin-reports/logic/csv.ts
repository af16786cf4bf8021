// A report's table as CSV through the app's one writer (`@/lib/csv`): the same figures the table
// view shows, as numbers (euros with two decimals, per cent), the unit in the header.
import { cents, toCsv, type CsvCell, type CsvDialect } from '@/lib/csv';
import { euros } from './figures';

/** A column of amounts (its value in cents) or of percentages (13 for 13 %); else text and counts. */
export type ColumnKind = 'euros' | 'percent';
export interface Column<Row> {
  label: string;
  value: (row: Row) => string | number | null;
  kind?: ColumnKind;
}

const UNIT: Record<ColumnKind, string> = { euros: ' (EUR)', percent: ' (%)' };

/** The table view's text of a cell ("€3,242", "13 %", "–" where there is none). */
export function shown<Row>(column: Column<Row>, row: Row): string | number {
  const value = column.value(row);
  if (value === null) return '–';
  if (column.kind === 'euros') return euros(Number(value));
  if (column.kind === 'percent') return `${value} %`;
  return value;
}

export function reportCsv<Row>(columns: Column<Row>[], rows: Row[], dialect: CsvDialect): string {
  const header = columns.map((column) => `${column.label}${column.kind ? UNIT[column.kind] : ''}`);
  const cell = (column: Column<Row>, row: Row): CsvCell => {
    const value = column.value(row);
    return column.kind === 'euros' && value !== null ? cents(Number(value)) : value;
  };
  return toCsv(
    header,
    rows.map((row) => columns.map((column) => cell(column, row))),
    dialect,
  );
}

/** "occupancy-2026-01-01-to-2026-12-31.csv" (the last night, included). */
export function csvFileName(report: string, from: string, lastNight: string): string {
  return `${report}-${from}-to-${lastNight}.csv`;
}
