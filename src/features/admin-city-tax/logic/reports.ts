import { cents, toCsv, type CsvDialect } from '@/lib/csv';

/** A period of the register, as city_tax_periods returns it. */
export interface PeriodRow {
  period_start: string;
  period_end: string;
  arrivals: number;
  arriving_guests: number;
  person_nights: number;
  beyond_cap: number;
  under_age: number;
  /** residents of Roma Capitale, from the check-in's residence comune */
  resident: number;
  patient_companion: number;
  coach_driver_guide: number;
  police_armed_forces: number;
  disability_caregiver: number;
  taxable: number;
  due_cents: number;
  collected_cents: number;
}

/** A stay of the register, as city_tax_register returns it. */
export interface RegisterRow {
  reference: string;
  guest_name: string;
  check_in: string;
  check_out: string;
  persons: number;
  person_nights: number;
  beyond_cap: number;
  under_age: number;
  /** residents of Roma Capitale, from the check-in's residence comune */
  resident: number;
  patient_companion: number;
  coach_driver_guide: number;
  police_armed_forces: number;
  disability_caregiver: number;
  taxable: number;
  due_cents: number;
  collected_cents: number;
}

/** The exemptions staff record (residents of Rome are counted from the check-in data). */
export const EXEMPTION_LABELS = {
  patient_companion: 'Patient or companion',
  coach_driver_guide: 'Coach driver or guide',
  police_armed_forces: 'Police or armed forces on duty',
  disability_caregiver: 'Severe disability or caregiver',
} as const;
export type ExemptionReason = keyof typeof EXEMPTION_LABELS;
export const EXEMPTION_REASONS = Object.keys(EXEMPTION_LABELS) as ExemptionReason[];

const FIGURE_HEADER = [
  'Person-nights',
  'Beyond the 10-night cap',
  'Under 10',
  'Residents of Rome',
  ...EXEMPTION_REASONS.map((reason) => EXEMPTION_LABELS[reason]),
  'Taxable nights',
  'Due (EUR)',
  'Collected (EUR)',
];

function figures(row: Omit<PeriodRow, 'period_start' | 'period_end' | 'arrivals' | 'arriving_guests'>) {
  return [
    row.person_nights,
    row.beyond_cap,
    row.under_age,
    row.resident,
    ...EXEMPTION_REASONS.map((reason) => row[reason]),
    row.taxable,
    cents(row.due_cents),
    cents(row.collected_cents),
  ];
}

/** The sum of several periods (a quarter's months, a year's quarters), as one row. */
export function totalOf(rows: readonly PeriodRow[]): Omit<PeriodRow, 'period_start' | 'period_end'> {
  const total = {
    arrivals: 0,
    arriving_guests: 0,
    person_nights: 0,
    beyond_cap: 0,
    under_age: 0,
    resident: 0,
    patient_companion: 0,
    coach_driver_guide: 0,
    police_armed_forces: 0,
    disability_caregiver: 0,
    taxable: 0,
    due_cents: 0,
    collected_cents: 0,
  };
  for (const row of rows) for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += row[key];
  return total;
}

/** The GECOS figures per period (months of a quarter, or quarters of a year), with a total line. */
export function periodsCsv(rows: readonly PeriodRow[], dialect: CsvDialect): string {
  const header = ['From', 'To', 'Arrivals (stays)', 'Arriving guests', ...FIGURE_HEADER];
  const lines = rows.map((row) => [
    row.period_start,
    row.period_end,
    row.arrivals,
    row.arriving_guests,
    ...figures(row),
  ]);
  const total = totalOf(rows);
  if (rows.length > 1) {
    lines.push([
      rows[0].period_start,
      rows[rows.length - 1].period_end,
      total.arrivals,
      total.arriving_guests,
      ...figures(total),
    ]);
  }
  return toCsv(header, lines, dialect);
}

/** One line per stay counted in the period. */
export function registerCsv(rows: readonly RegisterRow[], dialect: CsvDialect): string {
  const header = ['Booking', 'Guest', 'Check-in', 'Check-out', 'Guests', ...FIGURE_HEADER];
  return toCsv(
    header,
    rows.map((row) => [row.reference, row.guest_name, row.check_in, row.check_out, row.persons, ...figures(row)]),
    dialect,
  );
}

/** "2026-04-01" → "Q2 2026"; a month → "April 2026". */
export function periodLabel(start: string, period: 'month' | 'quarter' | 'year'): string {
  const [year, month] = start.split('-').map(Number);
  if (period === 'year') return String(year);
  if (period === 'quarter') return `Q${Math.floor((month - 1) / 3) + 1} ${year}`;
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The first and last day of the quarter holding `day` ('YYYY-MM-DD'). */
export function quarterOf(day: string): { from: string; to: string } {
  const [year, month] = day.split('-').map(Number);
  const first = Math.floor((month - 1) / 3) * 3 + 1;
  const last = new Date(Date.UTC(year, first + 2, 0)).getUTCDate();
  return {
    from: `${year}-${String(first).padStart(2, '0')}-01`,
    to: `${year}-${String(first + 2).padStart(2, '0')}-${last}`,
  };
}
