import { t } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
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
  house_staff: number;
  emergency_housing: number;
  volunteer: number;
  taxable: number;
  due_cents: number;
  collected_cents: number;
}

/** A stay of the register, as city_tax_register returns it. */
export type RegisterRow = Omit<PeriodRow, 'period_start' | 'period_end' | 'arrivals' | 'arriving_guests'> & {
  reference: string;
  guest_name: string;
  check_in: string;
  check_out: string;
  persons: number;
};

/** A quarter of the year's figures, as city_tax_annual returns it (Modello 21, 30 June declaration). */
export interface AnnualRow {
  period_start: string;
  period_end: string;
  arriving_guests: number;
  person_nights: number;
  exempt_nights: number;
  taxable: number;
  due_cents: number;
  collected_cents: number;
  remitted_cents: number;
  remittances: Remittance[];
}
export interface Remittance {
  id: string;
  paid_on: string;
  amount_cents: number;
  reference: string;
}

/** The exemptions staff record on the guest's declaration (under 10 and residents come from the check-in). */
export const EXEMPTION_REASONS = [
  'patient_companion',
  'coach_driver_guide',
  'police_armed_forces',
  'disability_caregiver',
  'house_staff',
  'emergency_housing',
  'volunteer',
] as const;
export type ExemptionReason = (typeof EXEMPTION_REASONS)[number];

export function exemptionLabel(reason: ExemptionReason): string {
  switch (reason) {
    case 'patient_companion':
      return t`Patient or companion`;
    case 'coach_driver_guide':
      return t`Coach driver or guide`;
    case 'police_armed_forces':
      return t`Police or armed forces on duty`;
    case 'disability_caregiver':
      return t`Severe disability or caregiver`;
    case 'house_staff':
      return t`House staff staying for work`;
    case 'emergency_housing':
      return t`Housed in an emergency`;
    case 'volunteer':
      return t`Civil-protection volunteer`;
  }
}

/** What the guest's declaration must say, per reason (the regulation, art. 5). */
export function declarationHint(reason: ExemptionReason): string {
  switch (reason) {
    case 'patient_companion':
      return t`The patient's and the companion's names, where the care is given and its dates.`;
    case 'coach_driver_guide':
      return t`The group's travel agency and how many are in the group (one guide for every 25).`;
    case 'police_armed_forces':
      return t`The force and the public-order duty they are staying for.`;
    case 'disability_caregiver':
      return t`The disability certificate (L. 104/1992) and the caregiver's name.`;
    case 'house_staff':
      return t`The staff member's role and the dates they stay for work.`;
    case 'emergency_housing':
      return t`The authority that housed them and its order.`;
    case 'volunteer':
      return t`The organisation and the emergency they serve in.`;
  }
}

export const CATEGORIES = ['affittacamere_1', 'affittacamere_2', 'affittacamere_3', 'bed_and_breakfast'] as const;
export type Category = (typeof CATEGORIES)[number];

export function categoryLabel(category: string): string {
  switch (category) {
    case 'affittacamere_1':
      return t`Guest house, 1st category`;
    case 'affittacamere_2':
      return t`Guest house, 2nd category`;
    case 'affittacamere_3':
      return t`Guest house, 3rd category`;
    case 'bed_and_breakfast':
      return t`Bed and breakfast`;
    default:
      return category;
  }
}

/** The figures' column names, shared by the screen and the files. */
function figureHeader() {
  return [
    t`Person-nights`,
    t`Beyond the 10-night cap`,
    t`Under 10`,
    t`Residents of Rome`,
    ...EXEMPTION_REASONS.map(exemptionLabel),
    t`Taxable nights`,
  ];
}

function figures(row: Omit<RegisterRow, 'reference' | 'guest_name' | 'check_in' | 'check_out' | 'persons'>) {
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

type Totals = Omit<PeriodRow, 'period_start' | 'period_end'>;

/** The sum of several periods (a quarter's months, a year's quarters), as one row. */
export function totalOf(rows: readonly PeriodRow[]): Totals {
  const total: Totals = {
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
    house_staff: 0,
    emergency_housing: 0,
    volunteer: 0,
    taxable: 0,
    due_cents: 0,
    collected_cents: 0,
  };
  for (const row of rows) for (const key of Object.keys(total) as (keyof Totals)[]) total[key] += row[key];
  return total;
}

/** The GECOS figures per period (months of a quarter, or quarters of a year), with a total line. */
export function periodsCsv(rows: readonly PeriodRow[], dialect: CsvDialect): string {
  const header = [
    t`From`,
    t`To`,
    t`Arrivals (stays)`,
    t`Arriving guests`,
    ...figureHeader(),
    t`Due (EUR)`,
    t`Collected (EUR)`,
  ];
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
  const header = [
    t`Booking`,
    t`Guest`,
    t`Check-in`,
    t`Check-out`,
    t`Guests`,
    ...figureHeader(),
    t`Due (EUR)`,
    t`Collected (EUR)`,
  ];
  return toCsv(
    header,
    rows.map((row) => [row.reference, row.guest_name, row.check_in, row.check_out, row.persons, ...figures(row)]),
    dialect,
  );
}

/** The year's totals of the annual figures. */
export function annualTotal(rows: readonly AnnualRow[]) {
  const sum = (key: keyof Omit<AnnualRow, 'period_start' | 'period_end' | 'remittances'>) =>
    rows.reduce((total, row) => total + row[key], 0);
  return {
    arriving_guests: sum('arriving_guests'),
    person_nights: sum('person_nights'),
    exempt_nights: sum('exempt_nights'),
    taxable: sum('taxable'),
    due_cents: sum('due_cents'),
    collected_cents: sum('collected_cents'),
    remitted_cents: sum('remitted_cents'),
  };
}

/**
 * The Modello 21 (conto giudiziale) of a year: per quarter what was collected and paid over to Roma
 * Capitale, one line per payment (day, amount, reference), and the year's totals.
 */
export function modello21Csv(rows: readonly AnnualRow[], dialect: CsvDialect): string {
  const header = [
    t`Quarter`,
    t`From`,
    t`To`,
    t`Collected (EUR)`,
    t`Paid over (EUR)`,
    t`Paid on`,
    t`Payment (EUR)`,
    t`Payment reference`,
  ];
  const lines = rows.flatMap((row) => {
    const label = periodLabel(row.period_start, 'quarter');
    const head = [label, row.period_start, row.period_end, cents(row.collected_cents), cents(row.remitted_cents)];
    if (row.remittances.length === 0) return [[...head, null, null, null]];
    return row.remittances.map((payment) => [...head, payment.paid_on, cents(payment.amount_cents), payment.reference]);
  });
  const total = annualTotal(rows);
  lines.push([
    t`Total`,
    rows[0]?.period_start ?? null,
    rows[rows.length - 1]?.period_end ?? null,
    cents(total.collected_cents),
    cents(total.remitted_cents),
    null,
    null,
    null,
  ]);
  return toCsv(header, lines, dialect);
}

/** The 30 June declaration's figures of a year: per quarter and for the year. */
export function declarationCsv(rows: readonly AnnualRow[], dialect: CsvDialect): string {
  const header = [
    t`Quarter`,
    t`Arriving guests`,
    t`Person-nights`,
    t`Exempt nights`,
    t`Taxable nights`,
    t`Due (EUR)`,
    t`Collected (EUR)`,
    t`Paid over (EUR)`,
  ];
  const line = (label: string, row: ReturnType<typeof annualTotal>) => [
    label,
    row.arriving_guests,
    row.person_nights,
    row.exempt_nights,
    row.taxable,
    cents(row.due_cents),
    cents(row.collected_cents),
    cents(row.remitted_cents),
  ];
  return toCsv(
    header,
    [...rows.map((row) => line(periodLabel(row.period_start, 'quarter'), row)), line(t`Total`, annualTotal(rows))],
    dialect,
  );
}

/** "2026-04-01" → "Q2 2026" ("2° trim. 2026"); a month → "April 2026" ("aprile 2026"). */
export function periodLabel(start: string, period: 'month' | 'quarter' | 'year'): string {
  const [year, month] = start.split('-').map(Number);
  if (period === 'year') return String(year);
  if (period === 'quarter') {
    const quarter = Math.floor((month - 1) / 3) + 1;
    return t`Q${quarter} ${year}`;
  }
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleString(i18n.locale === 'it' ? 'it-IT' : 'en-GB', {
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

/** The day a quarter's declaration and payment are due: the 16th of the month after it. */
export function quarterDueDate(start: string): string {
  const [year, month] = start.split('-').map(Number);
  const next = month + 3;
  return next > 12
    ? `${year + 1}-${String(next - 12).padStart(2, '0')}-16`
    : `${year}-${String(next).padStart(2, '0')}-16`;
}
