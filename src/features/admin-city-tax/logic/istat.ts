import { toCsv, type CsvDialect } from '@/lib/csv';

/** A line of istat_movement: per country of residence, or per Italian region of residents. */
export interface MovementRow {
  breakdown: string;
  code: string;
  label: string;
  arrivals: number;
  nights: number;
}

/**
 * A way to hand the month's movement to ISTAT. Only CSV exists: Ross 1000-Lazio's upload format
 * could not be verified from here (docs/compliance.md); a format added later is one more
 * entry of MOVEMENT_FORMATS.
 */
export interface MovementFormat {
  id: string;
  label: string;
  fileName: (month: string) => string;
  write: (month: string, rows: readonly MovementRow[], dialect: CsvDialect) => string;
}

export const CSV_FORMAT: MovementFormat = {
  id: 'csv',
  label: 'CSV (spreadsheet)',
  fileName: (month) => `istat-movement-${month.slice(0, 7)}.csv`,
  write: (month, rows, dialect) =>
    toCsv(
      ['Month', 'Breakdown', 'Code', 'Residence', 'Arrivals', 'Nights'],
      rows.map((row) => [
        month.slice(0, 7),
        row.breakdown === 'region' ? 'Italian region' : 'Country of residence',
        row.code,
        row.label,
        row.arrivals,
        row.nights,
      ]),
      dialect,
    ),
};

export const MOVEMENT_FORMATS: readonly MovementFormat[] = [CSV_FORMAT];

export function splitMovement(rows: readonly MovementRow[]) {
  return {
    countries: rows.filter((row) => row.breakdown === 'country'),
    regions: rows.filter((row) => row.breakdown === 'region'),
  };
}
