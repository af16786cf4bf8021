// The charts (Recharts, loaded with the Reports screen's chunk only). Each is drawn from the same
// rows its table shows; series carry a pattern and a legend label besides their colour.
import { t } from '@lingui/core/macro';
import { portalEuro, portalNumber } from '@/lib/i18n/portal-format';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { monthShort } from '../logic/period';
import { AXIS, COLORS, GRID, INK, usePatterns, type Series } from './chart-kit';

type Point = Record<string, string | number | null>;

const legendStyle = { fontSize: 12, color: INK };
const monthTick = (month: string) => monthShort(month);

interface BarsProps {
  data: Point[];
  series: Series[];
  /** the category axis: a month or a bucket label */
  x: string;
  stacked?: boolean;
  unit?: string;
  /** a line over the bars (the year before) */
  line?: Series;
  yMax?: number;
  horizontal?: boolean;
}

/** Bars per month or bucket, stacked or side by side, with an optional dashed line with markers. */
export function BarsChart({ data, series, x, stacked, unit = '', line, yMax, horizontal }: BarsProps) {
  const { defs, fillOf } = usePatterns(series);
  const tick = x === 'month' ? monthTick : undefined;
  const value = (v: unknown) => `${portalNumber(Number(v))}${unit}`;
  const Chart = line ? ComposedChart : BarChart;
  return (
    <ResponsiveContainer width="100%" height="100%">
      <Chart
        data={data}
        layout={horizontal ? 'vertical' : 'horizontal'}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        {defs}
        <CartesianGrid stroke={GRID} vertical={false} />
        {horizontal ? (
          <>
            <XAxis type="number" tick={AXIS} tickFormatter={value} />
            <YAxis type="category" dataKey={x} tick={AXIS} width={110} />
          </>
        ) : (
          <>
            <XAxis dataKey={x} tick={AXIS} tickFormatter={tick} interval="preserveStartEnd" minTickGap={8} />
            <YAxis tick={AXIS} width={44} tickFormatter={value} domain={yMax ? [0, yMax] : undefined} />
          </>
        )}
        <Tooltip formatter={value} labelFormatter={(label) => (tick ? tick(String(label)) : String(label))} />
        <Legend wrapperStyle={legendStyle} />
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            stackId={stacked ? 'all' : undefined}
            fill={fillOf(s)}
            stroke={s.color}
            strokeWidth={1}
            isAnimationActive={false}
          />
        ))}
        {line && (
          <Line
            dataKey={line.key}
            name={line.label}
            stroke={line.color}
            strokeWidth={2}
            strokeDasharray="6 3"
            dot={{ r: 4, fill: 'white', stroke: line.color, strokeWidth: 2 }}
            connectNulls
            isAnimationActive={false}
          />
        )}
      </Chart>
    </ResponsiveContainer>
  );
}

interface MoneyProps {
  data: Point[];
  withYearBefore: boolean;
}

/** Booked value and money received as bars (euros), ADR and RevPAR as lines with different markers and dashes. */
export function RevenueChart({ data, withYearBefore }: MoneyProps) {
  const revenue: Series = { key: 'revenue', label: t`Revenue`, color: COLORS.terracotta, fill: 'solid' };
  const before: Series = {
    key: 'revenueYearBefore',
    label: t`Revenue a year before`,
    color: COLORS.slate,
    fill: 'stripes',
  };
  const received: Series = { key: 'received', label: t`Received (by month paid)`, color: COLORS.gold, fill: 'dots' };
  const { defs, fillOf } = usePatterns([revenue, received, before]);
  const euro = (v: unknown) => portalEuro(Number(v), { whole: true });
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={data} margin={{ top: 8, right: 0, bottom: 0, left: 0 }} accessibilityLayer={false}>
        {defs}
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="month" tick={AXIS} tickFormatter={monthTick} interval="preserveStartEnd" minTickGap={8} />
        <YAxis yAxisId="total" tick={AXIS} width={56} tickFormatter={euro} />
        <YAxis yAxisId="night" orientation="right" tick={AXIS} width={44} tickFormatter={euro} />
        <Tooltip formatter={euro} labelFormatter={(label) => monthTick(String(label))} />
        <Legend wrapperStyle={legendStyle} />
        <Bar
          yAxisId="total"
          dataKey="revenue"
          name={t`Booked value`}
          fill={fillOf(revenue)}
          isAnimationActive={false}
        />
        <Bar
          yAxisId="total"
          dataKey="received"
          name={received.label}
          fill={fillOf(received)}
          stroke={received.color}
          isAnimationActive={false}
        />
        {withYearBefore && (
          <Bar
            yAxisId="total"
            dataKey="revenueYearBefore"
            name={before.label}
            fill={fillOf(before)}
            stroke={before.color}
            isAnimationActive={false}
          />
        )}
        <Line
          yAxisId="night"
          dataKey="adr"
          name={t`ADR (per sold night)`}
          stroke={INK}
          strokeWidth={2}
          dot={{ r: 4, fill: INK }}
          isAnimationActive={false}
        />
        <Line
          yAxisId="night"
          dataKey="revpar"
          name={t`RevPAR (per available night)`}
          stroke={COLORS.teal}
          strokeWidth={2}
          strokeDasharray="4 3"
          dot={{ r: 4, fill: 'white', stroke: COLORS.teal, strokeWidth: 2 }}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
