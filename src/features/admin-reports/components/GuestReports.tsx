import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { reportQueries } from '../api/reports';
import {
  actorLabel,
  bucketLabel,
  outcomePoints,
  OUTCOME_LABELS,
  SOURCE_LABELS,
  SOURCES,
  sourcePoints,
  type CountryRow,
  type OutcomeRow,
  type PatternRow,
  type SourceRow,
} from '../logic/figures';
import { lastNightOf, monthName, type Period } from '../logic/period';
import {
  countriesReading,
  leadTimeReading,
  lengthOfStayReading,
  outcomesReading,
  sourcesReading,
} from '../logic/readings';
import { BarsChart } from './charts';
import { COLORS, type Fill, type Series } from './chart-kit';
import { ReportCard } from './ReportCard';

const BOOKINGS: Series = {
  key: 'bookings',
  get label() {
    return t`Bookings`;
  },
  color: COLORS.terracotta,
  fill: 'solid',
};
const ACTORS: Series[] = [
  {
    key: 'staff',
    get label() {
      return t`By staff`;
    },
    color: COLORS.terracotta,
    fill: 'solid',
  },
  {
    key: 'guest',
    get label() {
      return t`By the guest`;
    },
    color: COLORS.slate,
    fill: 'stripes',
  },
  {
    key: 'system',
    get label() {
      return t`Hold ended`;
    },
    color: COLORS.gold,
    fill: 'dots',
  },
  {
    key: 'waiting',
    get label() {
      return t`Waiting for an answer`;
    },
    color: COLORS.grey,
    fill: 'open',
  },
  {
    key: 'unrecorded',
    get label() {
      return t`Not recorded`;
    },
    color: COLORS.plum,
    fill: 'cross',
  },
];
const GUEST_SERIES: Series[] = [
  {
    key: 'guests',
    get label() {
      return t`Guests`;
    },
    color: COLORS.terracotta,
    fill: 'solid',
  },
  {
    key: 'nights',
    get label() {
      return t`Guest nights`;
    },
    color: COLORS.slate,
    fill: 'stripes',
  },
];
const SOURCE_FILLS: Fill[] = ['solid', 'stripes', 'dots', 'cross', 'lines', 'open'];
const SOURCE_COLORS = [COLORS.terracotta, COLORS.slate, COLORS.teal, COLORS.gold, COLORS.plum, COLORS.grey];
const SOURCE_SERIES: Series[] = SOURCES.map((key, i) => ({
  key,
  get label() {
    return SOURCE_LABELS[key];
  },
  color: SOURCE_COLORS[i],
  fill: SOURCE_FILLS[i],
}));

const patternColumns = (what: string) => [
  { label: what, value: (row: PatternRow) => bucketLabel(row.bucket) },
  {
    get label() {
      return t`Bookings`;
    },
    value: (row: PatternRow) => row.bookings,
  },
  {
    get label() {
      return t`Nights`;
    },
    value: (row: PatternRow) => row.nights,
  },
];

/** Lead time, length of stay, outcomes of requests, sources of nights, guests by country. */
export function GuestReports({ period }: { period: Period }) {
  const patterns = useQuery(reportQueries.patterns(period));
  const outcomes = useQuery(reportQueries.outcomes(period));
  const sources = useQuery(reportQueries.sources(period));
  const countries = useQuery(reportQueries.countries(period));
  const periodInfo = { from: period.from, lastNight: lastNightOf(period) };
  const lead = (patterns.data ?? []).filter((row) => row.measure === 'lead_time');
  const length = (patterns.data ?? []).filter((row) => row.measure === 'length_of_stay');
  const noStays = lead.every((row) => row.bookings === 0);
  const sourceRows = sources.data ?? [];
  const present = SOURCE_SERIES.filter((s) => sourceRows.some((row) => row.source === s.key));

  return (
    <>
      <ReportCard
        id="lead-time"
        title={t`Lead time`}
        note={t`Sold stays arriving in the period, by days between the request and the arrival.`}
        state={patterns}
        reading={patterns.data ? leadTimeReading(patterns.data) : undefined}
        empty={noStays}
        chart={
          <BarsChart
            data={lead.map((row) => ({ ...row, bucket: bucketLabel(row.bucket) })) as never}
            series={[BOOKINGS]}
            x="bucket"
            horizontal
          />
        }
        columns={patternColumns(t`Booked ahead`)}
        rows={lead}
        period={periodInfo}
      />
      <ReportCard
        id="length-of-stay"
        title={t`Length of stay`}
        note={t`Sold stays arriving in the period, by nights.`}
        state={patterns}
        reading={patterns.data ? lengthOfStayReading(patterns.data) : undefined}
        empty={noStays}
        chart={
          <BarsChart
            data={length.map((row) => ({ ...row, bucket: bucketLabel(row.bucket) })) as never}
            series={[BOOKINGS]}
            x="bucket"
            horizontal
          />
        }
        columns={patternColumns(t`Length`)}
        rows={length}
        period={periodInfo}
      />
      <ReportCard
        id="outcomes"
        title={t`Outcomes of requests`}
        note={t`Requests made in the period: confirmed, cancelled, expired without an answer or still open, and who decided.`}
        state={outcomes}
        reading={outcomes.data ? outcomesReading(outcomes.data) : undefined}
        empty={(outcomes.data ?? []).length === 0}
        chart={
          <BarsChart
            data={outcomePoints(outcomes.data ?? []).map((point) => ({
              ...point,
              outcome: OUTCOME_LABELS[point.outcome],
            }))}
            series={ACTORS}
            x="outcome"
            stacked
            horizontal
          />
        }
        columns={[
          { label: t`Outcome`, value: (row: OutcomeRow) => OUTCOME_LABELS[row.outcome] ?? row.outcome },
          { label: t`Decided by`, value: actorLabel },
          { label: t`Requests`, value: (row: OutcomeRow) => row.requests },
        ]}
        rows={outcomes.data ?? []}
        period={periodInfo}
      />
      <ReportCard
        id="sources"
        title={t`Where the nights come from`}
        note={t`Sold nights by who entered them (the website or staff) and nights blocked by each channel's calendar.`}
        state={sources}
        reading={sources.data ? sourcesReading(sourceRows) : undefined}
        empty={sourceRows.length === 0}
        chart={<BarsChart data={sourcePoints(sourceRows)} series={present} x="month" stacked />}
        columns={[
          { label: t`Month`, value: (row: SourceRow) => monthName(row.month) },
          { label: t`Source`, value: (row: SourceRow) => SOURCE_LABELS[row.source] ?? row.source },
          { label: t`Nights`, value: (row: SourceRow) => row.nights },
        ]}
        rows={sourceRows}
        period={periodInfo}
      />
      <ReportCard
        id="countries"
        title={t`Guests by country of residence`}
        note={t`Guests of sold stays with nights in the period, from their check-in details; nights are theirs inside the period.`}
        state={countries}
        reading={countries.data ? countriesReading(countries.data) : undefined}
        empty={(countries.data ?? []).length === 0}
        chart={<BarsChart data={(countries.data ?? []) as never} series={GUEST_SERIES} x="country" horizontal />}
        columns={[
          { label: t`Country`, value: (row: CountryRow) => row.country },
          { label: t`Guests`, value: (row: CountryRow) => row.guests },
          { label: t`Guest nights`, value: (row: CountryRow) => row.nights },
        ]}
        rows={countries.data ?? []}
        period={periodInfo}
      />
    </>
  );
}
