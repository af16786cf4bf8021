// Each chart's one-line reading in words (the admin is in English).
import { monthName } from './period';
import {
  euros,
  nextYearMonth,
  percent,
  SOURCE_LABELS,
  totals,
  type CountryRow,
  type OccupancyRow,
  type OutcomeRow,
  type PaceRow,
  type PatternRow,
  type SourceRow,
} from './figures';

const count = (n: number) => n.toLocaleString('en-GB');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** "9 points more than a year before" / "the same as a year before". */
function pointsChange(now: number, before: number): string {
  const diff = now - before;
  if (diff === 0) return 'the same as a year before';
  return `${plural(Math.abs(diff), 'point', 'points')} ${diff > 0 ? 'more' : 'less'} than a year before`;
}

/** "12 % more than a year before" for money and counts. */
function relativeChange(now: number, before: number, what = ''): string {
  if (before === 0) return now === 0 ? 'the same as a year before' : 'none a year before';
  const diff = Math.round((100 * (now - before)) / before);
  if (diff === 0) return `about the same${what} as a year before`;
  return `${Math.abs(diff)} % ${diff > 0 ? 'more' : 'less'}${what} than a year before`;
}

/**
 * The fullest month, e.g. "October 2026: 82 % full, 9 points more than a year before (the
 * fullest month)". Full means sold nights out of available ones.
 */
export function occupancyReading(rows: OccupancyRow[], yearBefore?: OccupancyRow[]): string {
  const measured = rows.filter((row) => row.available > 0);
  if (measured.length === 0) return 'No room was available in this period.';
  if (measured.every((row) => row.sold === 0)) return 'No nights sold in this period.';
  const best = measured.reduce((top, row) =>
    (percent(row.sold, row.available) ?? 0) > (percent(top.sold, top.available) ?? 0) ? row : top,
  );
  const pct = percent(best.sold, best.available)!;
  const previous = yearBefore?.find((row) => nextYearMonth(row.month) === best.month);
  const before =
    previous && previous.available > 0 ? `, ${pointsChange(pct, percent(previous.sold, previous.available)!)}` : '';
  const asked = rows.reduce((n, row) => n + row.onRequest, 0);
  const onRequest = asked > 0 ? `; ${plural(asked, 'night', 'nights')} more on request, not confirmed` : '';
  return `${monthName(best.month)}: ${pct} % full${before} (the fullest month)${onRequest}.`;
}

/** "Revenue €48,200: ADR €96, RevPAR €61; 12 % more than a year before." */
export function revenueReading(rows: OccupancyRow[], yearBefore?: OccupancyRow[]): string {
  const now = totals(rows);
  if (now.sold === 0) return 'No direct booking earned anything in this period.';
  const before = yearBefore ? `; ${relativeChange(now.revenueCents, totals(yearBefore).revenueCents)}` : '';
  const received = rows.reduce((n, row) => n + row.receivedCents, 0);
  const money = received !== 0 ? `; ${euros(received)} received in these months` : '';
  return `Revenue ${euros(now.revenueCents)}: ADR ${euros(now.adrCents)}, RevPAR ${euros(now.revparCents)}${before}${money}.`;
}

/** "1,234 nights on the books for these months, 210 more than at this date a year ago." */
export function paceReading(rows: PaceRow[]): string {
  const now = rows.reduce((n, row) => n + row.nights, 0);
  const then = rows.reduce((n, row) => n + row.nightsYearBefore, 0);
  if (now === 0 && then === 0) return 'Nothing on the books for these months, nor a year ago.';
  const diff = now - then;
  const change = diff === 0 ? 'as many as' : `${count(Math.abs(diff))} ${diff > 0 ? 'more' : 'fewer'} than`;
  return `${plural(now, 'night', 'nights')} on the books for these months, ${change} at this date a year ago.`;
}

/** The most common bucket: "Most bookings are made 31–90 days ahead (42 %)." */
export function leadTimeReading(rows: PatternRow[]): string {
  const mine = rows.filter((row) => row.measure === 'lead_time');
  const all = mine.reduce((n, row) => n + row.bookings, 0);
  if (all === 0) return 'No sold stays begin in this period.';
  const top = mine.reduce((best, row) => (row.bookings > best.bookings ? row : best));
  const when = top.bucket === 'Same day' ? 'on the day of arrival' : `${top.bucket} ahead`;
  return `Most bookings are made ${when} (${percent(top.bookings, all)} % of ${plural(all, 'booking', 'bookings')}).`;
}

/** "Most stays last 2 nights (35 %); 3.1 nights on average." */
export function lengthOfStayReading(rows: PatternRow[]): string {
  const mine = rows.filter((row) => row.measure === 'length_of_stay');
  const all = mine.reduce((n, row) => n + row.bookings, 0);
  if (all === 0) return 'No sold stays begin in this period.';
  const top = mine.reduce((best, row) => (row.bookings > best.bookings ? row : best));
  const nights = mine.reduce((n, row) => n + row.nights, 0);
  const average = (nights / all).toLocaleString('en-GB', { maximumFractionDigits: 1 });
  return `Most stays last ${top.bucket} (${percent(top.bookings, all)} %); ${average} nights on average.`;
}

/** "Of 120 requests, 80 were confirmed (67 %), 25 cancelled and 15 expired; 9 cancelled by guests." */
export function outcomesReading(rows: OutcomeRow[]): string {
  const all = rows.reduce((n, row) => n + row.requests, 0);
  if (all === 0) return 'No requests were made in this period.';
  const of = (outcome: string) => rows.filter((row) => row.outcome === outcome).reduce((n, row) => n + row.requests, 0);
  const confirmed = of('confirmed');
  const byGuests = rows
    .filter((row) => row.outcome === 'cancelled' && row.actor === 'guest')
    .reduce((n, row) => n + row.requests, 0);
  const open = of('open');
  return (
    `Of ${plural(all, 'request', 'requests')}, ${count(confirmed)} ${confirmed === 1 ? 'was' : 'were'} confirmed ` +
    `(${percent(confirmed, all)} %), ${count(of('cancelled'))} cancelled (${count(byGuests)} by the guest) and ` +
    `${count(of('expired'))} expired${open ? `; ${count(open)} still open` : ''}.`
  );
}

/** "The website brought 1,200 of 2,000 nights (60 %); channels 500 (25 %)." */
export function sourcesReading(rows: SourceRow[]): string {
  const all = rows.reduce((n, row) => n + row.nights, 0);
  if (all === 0) return 'No nights were sold or blocked by a channel in this period.';
  const by = new Map<string, number>();
  for (const row of rows) by.set(row.source, (by.get(row.source) ?? 0) + row.nights);
  const [topSource, topNights] = [...by.entries()].reduce((best, entry) => (entry[1] > best[1] ? entry : best));
  const channels = [...by.entries()]
    .filter(([source]) => source !== 'site' && source !== 'staff')
    .reduce((n, [, nights]) => n + nights, 0);
  return (
    `${SOURCE_LABELS[topSource] ?? topSource} brought the most nights: ${count(topNights)} of ${count(all)} ` +
    `(${percent(topNights, all)} %); all channels together ${count(channels)} (${percent(channels, all)} %).`
  );
}

/** Guests by country: the country most guests live in, or why there is nothing to show. */
export function countriesReading(rows: CountryRow[]): string {
  if (rows.length === 0)
    return 'No check-in records yet for stays in this period: countries come from the guests’ check-in details.';
  const all = rows.reduce((n, row) => n + row.guests, 0);
  const known = rows.filter((row) => row.countryCode !== null);
  const unknown = all - known.reduce((n, row) => n + row.guests, 0);
  if (known.length === 0)
    return `${plural(all, 'guest', 'guests')} checked in; none has given a country of residence yet.`;
  const top = known.reduce((best, row) => (row.guests > best.guests ? row : best));
  const missing =
    unknown > 0 ? `; ${count(unknown)} ${unknown === 1 ? 'has' : 'have'} not given their country yet` : '';
  return `Most guests live in ${top.country}: ${count(top.guests)} of ${count(all)} (${percent(top.guests, all)} %)${missing}.`;
}
