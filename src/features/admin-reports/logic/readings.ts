// Each chart's one-line reading in words, in the portal's language (English or Italian).
import { plural, t } from '@lingui/core/macro';
import { portalNumber } from '@/lib/i18n/portal-format';
import { monthName } from './period';
import {
  euros,
  nextYearMonth,
  percent,
  bucketLabel,
  SOURCE_LABELS,
  totals,
  type CountryRow,
  type OccupancyRow,
  type OutcomeRow,
  type PaceRow,
  type PatternRow,
  type SourceRow,
} from './figures';

const count = (n: number) => portalNumber(n);

/** "9 points more than a year before" / "the same as a year before". */
function pointsChange(now: number, before: number): string {
  const diff = now - before;
  if (diff === 0) return t`the same as a year before`;
  const points = count(Math.abs(diff));
  const n = Math.abs(diff);
  return diff > 0
    ? plural(n, { one: `${points} point more than a year before`, other: `${points} points more than a year before` })
    : plural(n, { one: `${points} point less than a year before`, other: `${points} points less than a year before` });
}

/** "12 % more than a year before" for money and counts. */
function relativeChange(now: number, before: number): string {
  if (before === 0) return now === 0 ? t`the same as a year before` : t`none a year before`;
  const diff = Math.round((100 * (now - before)) / before);
  if (diff === 0) return t`about the same as a year before`;
  const pct = Math.abs(diff);
  return diff > 0 ? t`${pct} % more than a year before` : t`${pct} % less than a year before`;
}

/**
 * The fullest month, e.g. "October 2026: 82 % full, 9 points more than a year before (the
 * fullest month)". Full means sold nights out of available ones.
 */
export function occupancyReading(rows: OccupancyRow[], yearBefore?: OccupancyRow[]): string {
  const measured = rows.filter((row) => row.available > 0);
  if (measured.length === 0) return t`No room was available in this period.`;
  if (measured.every((row) => row.sold === 0)) return t`No nights sold in this period.`;
  const best = measured.reduce((top, row) =>
    (percent(row.sold, row.available) ?? 0) > (percent(top.sold, top.available) ?? 0) ? row : top,
  );
  const pct = percent(best.sold, best.available)!;
  const previous = yearBefore?.find((row) => nextYearMonth(row.month) === best.month);
  const before =
    previous && previous.available > 0 ? `, ${pointsChange(pct, percent(previous.sold, previous.available)!)}` : '';
  const asked = rows.reduce((n, row) => n + row.onRequest, 0);
  const askedText = count(asked);
  const onRequest =
    asked > 0
      ? `; ${plural(asked, { one: `${askedText} night more on request, not confirmed`, other: `${askedText} nights more on request, not confirmed` })}`
      : '';
  const month = monthName(best.month);
  return t`${month}: ${pct} % full${before} (the fullest month)${onRequest}.`;
}

/** "Revenue €48,200: ADR €96, RevPAR €61; 12 % more than a year before." */
export function revenueReading(rows: OccupancyRow[], yearBefore?: OccupancyRow[]): string {
  const now = totals(rows);
  if (now.sold === 0) return t`No direct booking earned anything in this period.`;
  const before = yearBefore ? `; ${relativeChange(now.revenueCents, totals(yearBefore).revenueCents)}` : '';
  const received = rows.reduce((n, row) => n + row.receivedCents, 0);
  const receivedText = euros(received);
  const money = received !== 0 ? `; ${t`${receivedText} received in these months`}` : '';
  const revenue = euros(now.revenueCents);
  const adr = euros(now.adrCents);
  const revpar = euros(now.revparCents);
  return t`Revenue ${revenue}: ADR ${adr}, RevPAR ${revpar}${before}${money}.`;
}

/** "1,234 nights on the books for these months, 210 more than at this date a year ago." */
export function paceReading(rows: PaceRow[]): string {
  const now = rows.reduce((n, row) => n + row.nights, 0);
  const then = rows.reduce((n, row) => n + row.nightsYearBefore, 0);
  if (now === 0 && then === 0) return t`Nothing on the books for these months, nor a year ago.`;
  const diff = now - then;
  const gap = count(Math.abs(diff));
  const change = diff === 0 ? t`as many as` : diff > 0 ? t`${gap} more than` : t`${gap} fewer than`;
  const nights = count(now);
  return plural(now, {
    one: `${nights} night on the books for these months, ${change} at this date a year ago.`,
    other: `${nights} nights on the books for these months, ${change} at this date a year ago.`,
  });
}

/** The most common bucket: "Most bookings are made 31–90 days ahead (42 %)." */
export function leadTimeReading(rows: PatternRow[]): string {
  const mine = rows.filter((row) => row.measure === 'lead_time');
  const all = mine.reduce((n, row) => n + row.bookings, 0);
  if (all === 0) return t`No sold stays begin in this period.`;
  const top = mine.reduce((best, row) => (row.bookings > best.bookings ? row : best));
  const bucket = bucketLabel(top.bucket);
  const when = top.bucket === 'Same day' ? t`on the day of arrival` : t`${bucket} ahead`;
  const pct = percent(top.bookings, all) ?? 0;
  const allText = count(all);
  return plural(all, {
    one: `Most bookings are made ${when} (${pct} % of ${allText} booking).`,
    other: `Most bookings are made ${when} (${pct} % of ${allText} bookings).`,
  });
}

/** "Most stays last 2 nights (35 %); 3.1 nights on average." */
export function lengthOfStayReading(rows: PatternRow[]): string {
  const mine = rows.filter((row) => row.measure === 'length_of_stay');
  const all = mine.reduce((n, row) => n + row.bookings, 0);
  if (all === 0) return t`No sold stays begin in this period.`;
  const top = mine.reduce((best, row) => (row.bookings > best.bookings ? row : best));
  const nights = mine.reduce((n, row) => n + row.nights, 0);
  const average = portalNumber(nights / all, { maximumFractionDigits: 1 });
  const bucket = bucketLabel(top.bucket);
  const pct = percent(top.bookings, all) ?? 0;
  return t`Most stays last ${bucket} (${pct} %); ${average} nights on average.`;
}

/** "Of 120 requests, 80 were confirmed (67 %), 25 cancelled and 15 expired; 9 cancelled by guests." */
export function outcomesReading(rows: OutcomeRow[]): string {
  const all = rows.reduce((n, row) => n + row.requests, 0);
  if (all === 0) return t`No requests were made in this period.`;
  const of = (outcome: string) => rows.filter((row) => row.outcome === outcome).reduce((n, row) => n + row.requests, 0);
  const confirmed = of('confirmed');
  const byGuests = rows
    .filter((row) => row.outcome === 'cancelled' && row.actor === 'guest')
    .reduce((n, row) => n + row.requests, 0);
  const open = of('open');
  const allText = count(all);
  const confirmedText = count(confirmed);
  const requests = plural(all, { one: `Of ${allText} request`, other: `Of ${allText} requests` });
  const confirmedPart = plural(confirmed, {
    one: `${confirmedText} was confirmed`,
    other: `${confirmedText} were confirmed`,
  });
  const pct = percent(confirmed, all) ?? 0;
  const cancelled = count(of('cancelled'));
  const guests = count(byGuests);
  const expired = count(of('expired'));
  const openText = count(open);
  const stillOpen = open ? `; ${t`${openText} still open`}` : '';
  return t`${requests}, ${confirmedPart} (${pct} %), ${cancelled} cancelled (${guests} by the guest) and ${expired} expired${stillOpen}.`;
}

/** "The website brought 1,200 of 2,000 nights (60 %); channels 500 (25 %)." */
export function sourcesReading(rows: SourceRow[]): string {
  const all = rows.reduce((n, row) => n + row.nights, 0);
  if (all === 0) return t`No nights were sold or blocked by a channel in this period.`;
  const by = new Map<string, number>();
  for (const row of rows) by.set(row.source, (by.get(row.source) ?? 0) + row.nights);
  const [topSource, topNights] = [...by.entries()].reduce((best, entry) => (entry[1] > best[1] ? entry : best));
  const channels = [...by.entries()]
    .filter(([source]) => source !== 'site' && source !== 'staff')
    .reduce((n, [, nights]) => n + nights, 0);
  const source = SOURCE_LABELS[topSource] ?? topSource;
  const top = count(topNights);
  const allText = count(all);
  const topPct = percent(topNights, all) ?? 0;
  const channelText = count(channels);
  const channelPct = percent(channels, all) ?? 0;
  return t`${source} brought the most nights: ${top} of ${allText} (${topPct} %); all channels together ${channelText} (${channelPct} %).`;
}

/** Guests by country: the country most guests live in, or why there is nothing to show. */
export function countriesReading(rows: CountryRow[]): string {
  if (rows.length === 0)
    return t`No check-in records yet for stays in this period: countries come from the guests’ check-in details.`;
  const all = rows.reduce((n, row) => n + row.guests, 0);
  const known = rows.filter((row) => row.countryCode !== null);
  const unknown = all - known.reduce((n, row) => n + row.guests, 0);
  const allText = count(all);
  if (known.length === 0)
    return plural(all, {
      one: `${allText} guest checked in; none has given a country of residence yet.`,
      other: `${allText} guests checked in; none has given a country of residence yet.`,
    });
  const top = known.reduce((best, row) => (row.guests > best.guests ? row : best));
  const unknownText = count(unknown);
  const missing =
    unknown > 0
      ? `; ${plural(unknown, { one: `${unknownText} has not given their country yet`, other: `${unknownText} have not given their country yet` })}`
      : '';
  const country = top.country;
  const guests = count(top.guests);
  const pct = percent(top.guests, all) ?? 0;
  return t`Most guests live in ${country}: ${guests} of ${allText} (${pct} %)${missing}.`;
}
