import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { Tables, TablesInsert } from '@/types/database';

export type Season = Tables<'room_rate_seasons'>;
export type SeasonRow = Pick<
  TablesInsert<'room_rate_seasons'>,
  | 'room_id'
  | 'name'
  | 'starts_on'
  | 'ends_on'
  | 'price_per_night'
  | 'weekend_price'
  | 'min_nights'
  | 'weekend_min_nights'
  | 'closed_arrival_days'
  | 'closed_departure_days'
>;

/** ISO weekdays as the database stores them (1 = Monday … 7 = Sunday); names rendered with i18n._. */
export const WEEKDAYS = [
  { value: 1, short: msg`Mon`, long: msg`Monday` },
  { value: 2, short: msg`Tue`, long: msg`Tuesday` },
  { value: 3, short: msg`Wed`, long: msg`Wednesday` },
  { value: 4, short: msg`Thu`, long: msg`Thursday` },
  { value: 5, short: msg`Fri`, long: msg`Friday` },
  { value: 6, short: msg`Sat`, long: msg`Saturday` },
  { value: 7, short: msg`Sun`, long: msg`Sunday` },
] as const;

/** The database's refusal of a season in words staff can act on. */
export function seasonSaveError(error: unknown): string {
  const code = error && typeof error === 'object' && 'code' in error ? error.code : undefined;
  if (code === '23P01') return t`This season overlaps another season of the same room. Change its dates.`;
  if (code === '23514') return t`Some values are out of range. Check the dates, prices and nights.`;
  if (code === '42501') return t`Only staff can change rates.`;
  return t`Failed to save the season. Please try again.`;
}

/** "Fri, Sat" for a list of ISO weekdays; "—" for none. */
export function weekdayList(days: readonly number[]): string {
  const names = WEEKDAYS.filter((d) => days.includes(d.value)).map((d) => i18n._(d.short));
  return names.length ? names.join(', ') : '—';
}
