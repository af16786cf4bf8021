import { useQuery } from '@tanstack/react-query';
import { reportQueries } from '../api/reports';
import { euros, nextYearMonth, occupancyPoints, percent, type OccupancyRow, type PaceRow } from '../logic/figures';
import { lastNightOf, monthName, type Period } from '../logic/period';
import { occupancyReading, paceReading, revenueReading } from '../logic/readings';
import { BarsChart, RevenueChart } from './charts';
import { COLORS, type Series } from './chart-kit';
import { ReportCard } from './ReportCard';

interface Props {
  period: Period;
  /** the same period a year before, when the comparison is on */
  yearBefore: Period | null;
  /** the coming twelve months, for the pace */
  coming: Period;
}

const SOLD: Series = { key: 'soldPct', label: 'Sold', color: COLORS.terracotta, fill: 'solid' };
const CHANNEL: Series = { key: 'channelPct', label: 'Blocked by channels', color: COLORS.slate, fill: 'stripes' };
const BEFORE: Series = { key: 'yearBeforePct', label: 'Sold a year before', color: COLORS.grey, fill: 'open' };
const PACE_NOW: Series = { key: 'nights', label: 'On the books today', color: COLORS.terracotta, fill: 'solid' };
const PACE_THEN: Series = {
  key: 'nightsYearBefore',
  label: 'A year ago at this date',
  color: COLORS.slate,
  fill: 'stripes',
};

const pct = (value: number | null) => (value === null ? '–' : `${value} %`);

/** Occupancy, revenue (ADR, RevPAR) and pace. */
export function OccupancyReports({ period, yearBefore, coming }: Props) {
  const occupancy = useQuery(reportQueries.occupancy(period));
  const before = useQuery({ ...reportQueries.occupancy(yearBefore ?? period), enabled: yearBefore !== null });
  const pace = useQuery(reportQueries.pace(coming));
  const compare = yearBefore !== null;
  const state = {
    isPending: occupancy.isPending || (compare && before.isPending),
    isError: occupancy.isError || (compare && before.isError),
    refetch: () => Promise.all([occupancy.refetch(), compare ? before.refetch() : null]),
  };
  const rows = occupancy.data ?? [];
  const previous = compare ? before.data : undefined;
  const points = occupancyPoints(rows, previous);
  const beforeByMonth = new Map(points.map((point) => [point.month, point.yearBeforePct]));
  const revenueBefore = new Map((previous ?? []).map((row) => [nextYearMonth(row.month), row.revenueCents]));
  const periodInfo = { from: period.from, lastNight: lastNightOf(period) };

  const occupancyColumns = [
    { label: 'Month', value: (row: OccupancyRow) => monthName(row.month) },
    { label: 'Available nights', value: (row: OccupancyRow) => row.available },
    { label: 'Sold nights', value: (row: OccupancyRow) => row.sold },
    { label: 'Occupancy', value: (row: OccupancyRow) => pct(percent(row.sold, row.available)) },
    { label: 'Channel nights', value: (row: OccupancyRow) => row.channel },
    { label: 'Out of service', value: (row: OccupancyRow) => row.closed },
    ...(compare
      ? [{ label: 'Occupancy a year before', value: (row: OccupancyRow) => pct(beforeByMonth.get(row.month) ?? null) }]
      : []),
  ];
  const revenueColumns = [
    { label: 'Month', value: (row: OccupancyRow) => monthName(row.month) },
    { label: 'Booked value', value: (row: OccupancyRow) => euros(row.revenueCents) },
    {
      label: 'Received (month paid)',
      value: (row: OccupancyRow) => euros(row.receivedCents),
    },
    { label: 'ADR', value: (row: OccupancyRow) => euros(row.adrCents) },
    { label: 'RevPAR', value: (row: OccupancyRow) => euros(row.revparCents) },
    ...(compare
      ? [{ label: 'Revenue a year before', value: (row: OccupancyRow) => euros(revenueBefore.get(row.month) ?? null) }]
      : []),
  ];
  const paceColumns = [
    { label: 'Month', value: (row: PaceRow) => monthName(row.month) },
    { label: 'Nights on the books today', value: (row: PaceRow) => row.nights },
    { label: 'A year ago at this date', value: (row: PaceRow) => row.nightsYearBefore },
  ];

  return (
    <>
      <ReportCard
        id="occupancy"
        title="Occupancy by month"
        note="Sold room-nights out of available ones (rooms out of service left out); nights blocked by channels shown as their own band."
        state={state}
        reading={occupancy.data ? occupancyReading(rows, previous) : undefined}
        empty={rows.length === 0}
        chart={
          <BarsChart
            data={points as never}
            series={[SOLD, CHANNEL]}
            x="month"
            stacked
            unit=" %"
            yMax={100}
            line={compare ? BEFORE : undefined}
          />
        }
        columns={occupancyColumns}
        rows={rows}
        period={periodInfo}
      />
      <ReportCard
        id="revenue"
        title="Revenue, ADR and RevPAR"
        note="Booked value: stored totals of direct bookings, spread over their nights (by month of the night). Received: deposits and balances paid minus refunds, by month of the payment (city tax left out). Channel nights have no price here."
        state={state}
        reading={occupancy.data ? revenueReading(rows, previous) : undefined}
        empty={rows.length === 0}
        chart={
          <RevenueChart
            withYearBefore={compare}
            data={rows.map((row) => ({
              month: row.month,
              revenue: row.revenueCents / 100,
              received: row.receivedCents / 100,
              revenueYearBefore: (revenueBefore.get(row.month) ?? 0) / 100,
              adr: row.adrCents === null ? null : row.adrCents / 100,
              revpar: row.revparCents === null ? null : row.revparCents / 100,
            }))}
          />
        }
        columns={revenueColumns}
        rows={rows}
        period={periodInfo}
      />
      <ReportCard
        id="pace"
        title="Pace: the coming 12 months"
        note="Nights of direct bookings on the books today, against what was on the books for the same months at this date a year ago."
        state={pace}
        reading={pace.data ? paceReading(pace.data) : undefined}
        empty={(pace.data ?? []).length === 0}
        chart={<BarsChart data={(pace.data ?? []) as never} series={[PACE_NOW, PACE_THEN]} x="month" />}
        columns={paceColumns}
        rows={pace.data ?? []}
        period={{ from: coming.from, lastNight: lastNightOf(coming) }}
      />
    </>
  );
}
