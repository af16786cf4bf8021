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

/** ISO weekdays as the database stores them (1 = Monday … 7 = Sunday). */
export const WEEKDAYS = [
  { value: 1, short: 'Mon', long: 'Monday' },
  { value: 2, short: 'Tue', long: 'Tuesday' },
  { value: 3, short: 'Wed', long: 'Wednesday' },
  { value: 4, short: 'Thu', long: 'Thursday' },
  { value: 5, short: 'Fri', long: 'Friday' },
  { value: 6, short: 'Sat', long: 'Saturday' },
  { value: 7, short: 'Sun', long: 'Sunday' },
] as const;

/** The database's refusal of a season in words staff can act on. */
export function seasonSaveError(error: unknown): string {
  const code = error && typeof error === 'object' && 'code' in error ? error.code : undefined;
  if (code === '23P01') return 'This season overlaps another season of the same room. Change its dates.';
  if (code === '23514') return 'Some values are out of range. Check the dates, prices and nights.';
  if (code === '42501') return 'Only staff can change rates.';
  return 'Failed to save the season. Please try again.';
}

/** "Fri, Sat" for a list of ISO weekdays; "—" for none. */
export function weekdayList(days: readonly number[]): string {
  const names = WEEKDAYS.filter((d) => days.includes(d.value)).map((d) => d.short);
  return names.length ? names.join(', ') : '—';
}
