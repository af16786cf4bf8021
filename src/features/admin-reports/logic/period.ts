import { t } from '@lingui/core/macro';
import {
  addDays,
  addMonths,
  addYears,
  differenceInCalendarDays,
  format,
  parseISO,
  startOfMonth,
  startOfYear,
} from 'date-fns';
import { portalDate } from '@/lib/i18n/portal-format';

/** A period of nights [from, to): `to` is the first night after it (as the report functions take it). */
export interface Period {
  from: string;
  to: string;
}

export type PresetId = 'next12' | 'last12' | 'thisYear' | 'lastYear' | 'custom';

/** The presets, named in the portal's language. */
export const presets = (): { id: PresetId; label: string }[] => [
  { id: 'next12', label: t`Next 12 months` },
  { id: 'last12', label: t`Last 12 months` },
  { id: 'thisYear', label: t`This year` },
  { id: 'lastYear', label: t`Last year` },
  { id: 'custom', label: t`Custom range` },
];

/** The longest period the database reports on (report_assert_period). */
export const MAX_DAYS = 1128;

const iso = (date: Date) => format(date, 'yyyy-MM-dd');

/** The period of a preset, counted from `today` ('YYYY-MM-DD'); null for 'custom'. */
export function presetPeriod(preset: PresetId, today: string): Period | null {
  const month = startOfMonth(parseISO(today));
  const year = startOfYear(parseISO(today));
  switch (preset) {
    case 'next12':
      return { from: iso(month), to: iso(addMonths(month, 12)) };
    case 'last12':
      return { from: iso(addMonths(month, -12)), to: iso(month) };
    case 'thisYear':
      return { from: iso(year), to: iso(addYears(year, 1)) };
    case 'lastYear':
      return { from: iso(addYears(year, -1)), to: iso(year) };
    default:
      return null;
  }
}

/** The same period a year earlier (29 February becomes the 28th, as in the database). */
export function yearBefore(period: Period): Period {
  return { from: iso(addYears(parseISO(period.from), -1)), to: iso(addYears(parseISO(period.to), -1)) };
}

/**
 * A custom range from its first and last night, both included (what the form asks), or the
 * sentence that says what is wrong with it.
 */
export function customPeriod(first: string, last: string): Period | { error: string } {
  if (!first || !last) return { error: t`Choose the first and the last night.` };
  const days = differenceInCalendarDays(parseISO(last), parseISO(first)) + 1;
  if (days < 1) return { error: t`The last night comes before the first.` };
  if (days > MAX_DAYS) return { error: t`Choose a period of at most three years.` };
  return { from: first, to: iso(addDays(parseISO(last), 1)) };
}

/** "October 2026" ("ottobre 2026") for a month's first day. */
export const monthName = (month: string) => portalDate(month, 'month');
/** "Oct 26" ("ott 26"), short enough for a phone's axis. */
export const monthShort = (month: string) => portalDate(month, 'monthShort');

/** "1 Jan 2026 – 31 Dec 2026" (the last night, included), in the portal's language. */
export function periodLabel(period: Period): string {
  const last = addDays(parseISO(period.to), -1);
  return `${portalDate(period.from, 'day')} – ${portalDate(last, 'day')}`;
}

/** The period's last night ('YYYY-MM-DD'). */
export const lastNightOf = (period: Period) => iso(addDays(parseISO(period.to), -1));
