// The rows the report functions return, as the screen uses them (bigints and nulls made explicit),
// and the figures derived from them for the charts and tables.
import { t } from '@lingui/core/macro';
import { addYears, format, parseISO } from 'date-fns';
import { portalEuro } from '@/lib/i18n/portal-format';

export interface OccupancyRow {
  month: string;
  available: number;
  sold: number;
  channel: number;
  closed: number;
  revenueCents: number;
  /** money in by month of the payment: charges and balances minus refunds (city tax left out) */
  receivedCents: number;
  adrCents: number | null;
  revparCents: number | null;
  /** nights and value of requests not confirmed (pending or expired), apart from the sold ones */
  onRequest: number;
  onRequestCents: number;
}
export interface PaceRow {
  month: string;
  nights: number;
  nightsYearBefore: number;
}
export interface PatternRow {
  measure: 'lead_time' | 'length_of_stay';
  bucket: string;
  bookings: number;
  nights: number;
}
export interface OutcomeRow {
  outcome: string;
  actor: string;
  actorName: string | null;
  requests: number;
}
export interface SourceRow {
  month: string;
  source: string;
  nights: number;
}
export interface CountryRow {
  /** the Alloggiati Web state code; null for guests whose country is not filled in yet */
  countryCode: string | null;
  country: string;
  guests: number;
  /** the guests' nights inside the period */
  nights: number;
}

/** The buckets of report_stay_patterns, named by the database in English, in the portal's language. */
const BUCKETS: Record<string, () => string> = {
  'Same day': () => t`Same day`,
  '1–7 days': () => t`1–7 days`,
  '8–30 days': () => t`8–30 days`,
  '31–90 days': () => t`31–90 days`,
  '91–180 days': () => t`91–180 days`,
  'Over 180 days': () => t`Over 180 days`,
  '1 night': () => t`1 night`,
  '2 nights': () => t`2 nights`,
  '3 nights': () => t`3 nights`,
  '4 nights': () => t`4 nights`,
  '5–6 nights': () => t`5–6 nights`,
  '7–13 nights': () => t`7–13 nights`,
  '14 nights or more': () => t`14 nights or more`,
};
export const bucketLabel = (bucket: string) => BUCKETS[bucket]?.() ?? bucket;

/** The label of guests whose country of residence is not filled in yet. */
export const countryNotGiven = () => t`Not given yet`;

/** Sold nights out of available ones, in whole per cent (null when nothing was available). */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((100 * part) / whole) : null);

/** The same month a year later, to pair a year-before row with this period's. */
export const nextYearMonth = (month: string) => format(addYears(parseISO(month), 1), 'yyyy-MM-dd');

export interface OccupancyPoint {
  month: string;
  soldPct: number | null;
  channelPct: number | null;
  yearBeforePct: number | null;
}

/** Per month: sold and channel nights in per cent of available ones, and the year before's sold per cent. */
export function occupancyPoints(rows: OccupancyRow[], yearBefore: OccupancyRow[] | undefined): OccupancyPoint[] {
  const before = new Map((yearBefore ?? []).map((row) => [nextYearMonth(row.month), row]));
  return rows.map((row) => {
    const previous = before.get(row.month);
    return {
      month: row.month,
      soldPct: percent(row.sold, row.available),
      channelPct: percent(row.channel, row.available),
      yearBeforePct: previous ? percent(previous.sold, previous.available) : null,
    };
  });
}

export interface Totals {
  available: number;
  sold: number;
  channel: number;
  revenueCents: number;
  adrCents: number | null;
  revparCents: number | null;
}

/** The period's totals, with ADR and RevPAR over the whole period. */
export function totals(rows: OccupancyRow[]): Totals {
  const sum = (pick: (row: OccupancyRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const available = sum((row) => row.available);
  const sold = sum((row) => row.sold);
  const revenueCents = sum((row) => row.revenueCents);
  return {
    available,
    sold,
    channel: sum((row) => row.channel),
    revenueCents,
    adrCents: sold > 0 ? Math.round(revenueCents / sold) : null,
    revparCents: available > 0 ? Math.round(revenueCents / available) : null,
  };
}

/** The sources in a fixed order: the site, staff, then each channel. */
export const SOURCES = ['site', 'staff', 'booking', 'expedia', 'hotels', 'airbnb'] as const;
export const SOURCE_LABELS: Record<string, string> = {
  get site() {
    return t`Website`;
  },
  get staff() {
    return t`Staff entry`;
  },
  booking: 'Booking.com',
  expedia: 'Expedia',
  hotels: 'Hotels.com',
  airbnb: 'Airbnb',
};

/** One row per month with a column per source (0 where none). */
export function sourcePoints(rows: SourceRow[]): ({ month: string } & Record<string, number | string>)[] {
  const months = new Map<string, { month: string } & Record<string, number | string>>();
  for (const row of rows) {
    const point = months.get(row.month) ?? { month: row.month, ...Object.fromEntries(SOURCES.map((s) => [s, 0])) };
    point[row.source] = Number(point[row.source] ?? 0) + row.nights;
    months.set(row.month, point);
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}

export const OUTCOMES = ['confirmed', 'cancelled', 'no_show', 'expired', 'open'] as const;
export const OUTCOME_LABELS: Record<string, string> = {
  get confirmed() {
    return t`Confirmed`;
  },
  get cancelled() {
    return t`Cancelled`;
  },
  get no_show() {
    return t`No-show`;
  },
  get expired() {
    return t`Expired (no answer)`;
  },
  get open() {
    return t`Still open`;
  },
};
export const ACTOR_LABELS: Record<string, string> = {
  get staff() {
    return t`Staff`;
  },
  get guest() {
    return t`Guest`;
  },
  get system() {
    return t`Hold ended`;
  },
  get waiting() {
    return t`Waiting for an answer`;
  },
  get unrecorded() {
    return t`Not recorded`;
  },
};

/** Requests per outcome and who decided them: one point per outcome with a count per actor. */
export function outcomePoints(rows: OutcomeRow[]) {
  return OUTCOMES.map((outcome) => {
    const mine = rows.filter((row) => row.outcome === outcome);
    const by = (actor: string) => mine.filter((row) => row.actor === actor).reduce((n, row) => n + row.requests, 0);
    return {
      outcome,
      staff: by('staff'),
      guest: by('guest'),
      system: by('system'),
      waiting: by('waiting'),
      unrecorded: by('unrecorded'),
    };
  });
}

/** "Staff (Maria Rossi)" or "Guest": who decided, for the table. */
export const actorLabel = (row: OutcomeRow) =>
  row.actorName ? `${ACTOR_LABELS[row.actor] ?? row.actor} (${row.actorName})` : (ACTOR_LABELS[row.actor] ?? row.actor);

export const euros = (cents: number | null) => (cents === null ? '–' : portalEuro(cents / 100, { whole: true }));
