import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { reportQueries } from '../api/reports';
import type { Column } from '../logic/csv';
import { nextYearMonth, occupancyPoints, percent, type OccupancyRow, type PaceRow } from '../logic/figures';
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

const SOLD: Series = {
  key: 'soldPct',
  get label() {
    return t`Sold`;
  },
  color: COLORS.terracotta,
  fill: 'solid',
};
const CHANNEL: Series = {
  key: 'channelPct',
  get label() {
    return t`Blocked by channels`;
  },
  color: COLORS.slate,
  fill: 'stripes',
};
const BEFORE: Series = {
  key: 'yearBeforePct',
  get label() {
    return t`Sold a year before`;
  },
  color: COLORS.grey,
  fill: 'open',
};
const PACE_NOW: Series = {
  key: 'nights',
  get label() {
    return t`On the books today`;
  },
  color: COLORS.terracotta,
  fill: 'solid',
};
const PACE_THEN: Series = {
  key: 'nightsYearBefore',
  get label() {
    return t`A year ago at this date`;
  },
  color: COLORS.slate,
  fill: 'stripes',
};

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

  const occupancyColumns: Column<OccupancyRow>[] = [
    { label: t`Month`, value: (row) => monthName(row.month) },
    { label: t`Available nights`, value: (row) => row.available },
    { label: t`Sold nights`, value: (row) => row.sold },
    { label: t`Occupancy`, value: (row) => percent(row.sold, row.available), kind: 'percent' },
    { label: t`Channel nights`, value: (row) => row.channel },
    { label: t`Out of service`, value: (row) => row.closed },
    { label: t`On request (nights)`, value: (row) => row.onRequest },
    ...(compare
      ? [
          {
            label: t`Occupancy a year before`,
            value: (row: OccupancyRow) => beforeByMonth.get(row.month) ?? null,
            kind: 'percent' as const,
          },
        ]
      : []),
  ];
  const revenueColumns: Column<OccupancyRow>[] = [
    { label: t`Month`, value: (row) => monthName(row.month) },
    { label: t`Booked value`, value: (row) => row.revenueCents, kind: 'euros' },
    { label: t`Received (month paid)`, value: (row) => row.receivedCents, kind: 'euros' },
    { label: t`ADR`, value: (row) => row.adrCents, kind: 'euros' },
    { label: t`RevPAR`, value: (row) => row.revparCents, kind: 'euros' },
    { label: t`On request (value)`, value: (row) => row.onRequestCents, kind: 'euros' },
    ...(compare
      ? [
          {
            label: t`Revenue a year before`,
            value: (row: OccupancyRow) => revenueBefore.get(row.month) ?? null,
            kind: 'euros' as const,
          },
        ]
      : []),
  ];
  const paceColumns: Column<PaceRow>[] = [
    { label: t`Month`, value: (row) => monthName(row.month) },
    { label: t`Nights on the books today`, value: (row) => row.nights },
    { label: t`A year ago at this date`, value: (row) => row.nightsYearBefore },
  ];

  return (
    <>
      <ReportCard
        id="occupancy"
        title={t`Occupancy by month`}
        note={t`Sold room-nights (confirmed, checked-in and checked-out stays, up to the day the guest left) out of available ones (rooms out of service left out); nights blocked by channels shown as their own band. Requests not confirmed (waiting for an answer or whose hold ended) are counted apart, on request.`}
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
        title={t`Revenue, ADR and RevPAR`}
        note={t`Booked value: what sold direct bookings charge, spread over the nights stayed (by month of the night); ADR and RevPAR from it. On request: the value of requests not confirmed, apart. Received: deposits and balances paid minus refunds, by month of the payment (city tax left out). Channel nights have no price here.`}
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
        title={t`Pace: the coming 12 months`}
        note={t`Sold nights of direct bookings on the books today, against what was sold for the same months at this date a year ago (requests not confirmed left out).`}
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
