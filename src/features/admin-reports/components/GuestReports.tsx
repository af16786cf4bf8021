import { useQuery } from '@tanstack/react-query';
import { reportQueries } from '../api/reports';
import {
  actorLabel,
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

const BOOKINGS: Series = { key: 'bookings', label: 'Bookings', color: COLORS.terracotta, fill: 'solid' };
const ACTORS: Series[] = [
  { key: 'staff', label: 'By staff', color: COLORS.terracotta, fill: 'solid' },
  { key: 'guest', label: 'By the guest', color: COLORS.slate, fill: 'stripes' },
  { key: 'system', label: 'Hold ended', color: COLORS.gold, fill: 'dots' },
  { key: 'waiting', label: 'Waiting for an answer', color: COLORS.grey, fill: 'open' },
  { key: 'unrecorded', label: 'Not recorded', color: COLORS.plum, fill: 'cross' },
];
const GUEST_SERIES: Series[] = [
  { key: 'guests', label: 'Guests', color: COLORS.terracotta, fill: 'solid' },
  { key: 'nights', label: 'Guest nights', color: COLORS.slate, fill: 'stripes' },
];
const SOURCE_FILLS: Fill[] = ['solid', 'stripes', 'dots', 'cross', 'lines', 'open'];
const SOURCE_COLORS = [COLORS.terracotta, COLORS.slate, COLORS.teal, COLORS.gold, COLORS.plum, COLORS.grey];
const SOURCE_SERIES: Series[] = SOURCES.map((key, i) => ({
  key,
  label: SOURCE_LABELS[key],
  color: SOURCE_COLORS[i],
  fill: SOURCE_FILLS[i],
}));

const patternColumns = (what: string) => [
  { label: what, value: (row: PatternRow) => row.bucket },
  { label: 'Bookings', value: (row: PatternRow) => row.bookings },
  { label: 'Nights', value: (row: PatternRow) => row.nights },
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
        title="Lead time"
        note="Sold stays arriving in the period, by days between the request and the arrival."
        state={patterns}
        reading={patterns.data ? leadTimeReading(patterns.data) : undefined}
        empty={noStays}
        chart={<BarsChart data={lead as never} series={[BOOKINGS]} x="bucket" horizontal />}
        columns={patternColumns('Booked ahead')}
        rows={lead}
        period={periodInfo}
      />
      <ReportCard
        id="length-of-stay"
        title="Length of stay"
        note="Sold stays arriving in the period, by nights."
        state={patterns}
        reading={patterns.data ? lengthOfStayReading(patterns.data) : undefined}
        empty={noStays}
        chart={<BarsChart data={length as never} series={[BOOKINGS]} x="bucket" horizontal />}
        columns={patternColumns('Length')}
        rows={length}
        period={periodInfo}
      />
      <ReportCard
        id="outcomes"
        title="Outcomes of requests"
        note="Requests made in the period: confirmed, cancelled, expired without an answer or still open, and who decided."
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
          { label: 'Outcome', value: (row: OutcomeRow) => OUTCOME_LABELS[row.outcome] ?? row.outcome },
          { label: 'Decided by', value: actorLabel },
          { label: 'Requests', value: (row: OutcomeRow) => row.requests },
        ]}
        rows={outcomes.data ?? []}
        period={periodInfo}
      />
      <ReportCard
        id="sources"
        title="Where the nights come from"
        note="Sold nights by who entered them (the website or staff) and nights blocked by each channel's calendar."
        state={sources}
        reading={sources.data ? sourcesReading(sourceRows) : undefined}
        empty={sourceRows.length === 0}
        chart={<BarsChart data={sourcePoints(sourceRows)} series={present} x="month" stacked />}
        columns={[
          { label: 'Month', value: (row: SourceRow) => monthName(row.month) },
          { label: 'Source', value: (row: SourceRow) => SOURCE_LABELS[row.source] ?? row.source },
          { label: 'Nights', value: (row: SourceRow) => row.nights },
        ]}
        rows={sourceRows}
        period={periodInfo}
      />
      <ReportCard
        id="countries"
        title="Guests by country of residence"
        note="Guests of sold stays with nights in the period, from their check-in details; nights are theirs inside the period."
        state={countries}
        reading={countries.data ? countriesReading(countries.data) : undefined}
        empty={(countries.data ?? []).length === 0}
        chart={<BarsChart data={(countries.data ?? []) as never} series={GUEST_SERIES} x="country" horizontal />}
        columns={[
          { label: 'Country', value: (row: CountryRow) => row.country },
          { label: 'Guests', value: (row: CountryRow) => row.guests },
          { label: 'Guest nights', value: (row: CountryRow) => row.nights },
        ]}
        rows={countries.data ?? []}
        period={periodInfo}
      />
    </>
  );
}
