import { EXEMPTION_LABELS, EXEMPTION_REASONS, periodLabel, totalOf, type PeriodRow } from '../logic/reports';
import { formatEuro } from '@/lib/utils';
import { TableFrame } from './TableFrame';

const cents = (value: number) => formatEuro(value / 100);

/** The GECOS figures per period, with a total line when there are several periods. */
export function PeriodTable({
  rows,
  period,
  caption,
}: {
  rows: readonly PeriodRow[];
  period: 'month' | 'quarter';
  caption: string;
}) {
  const total = totalOf(rows);
  const lines = [
    ...rows.map((row) => ({ key: row.period_start, label: periodLabel(row.period_start, period), ...row })),
    ...(rows.length > 1 ? [{ key: 'total', label: 'Total', ...total }] : []),
  ];
  return (
    <TableFrame label={caption}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-left text-muted-foreground">
          <tr>
            <th className="py-2 pr-3 font-medium">Period</th>
            <th className="py-2 pr-3 font-medium">Arrivals</th>
            <th className="py-2 pr-3 font-medium">Person-nights</th>
            <th className="py-2 pr-3 font-medium">Beyond cap</th>
            <th className="py-2 pr-3 font-medium">Under 10</th>
            <th className="py-2 pr-3 font-medium">Residents of Rome</th>
            {EXEMPTION_REASONS.map((reason) => (
              <th key={reason} className="py-2 pr-3 font-medium">
                {EXEMPTION_LABELS[reason]}
              </th>
            ))}
            <th className="py-2 pr-3 font-medium">Taxable</th>
            <th className="py-2 pr-3 font-medium">Due</th>
            <th className="py-2 font-medium">Collected</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.key} className={line.key === 'total' ? 'border-t font-semibold' : 'border-t'}>
              <th scope="row" className="py-2 pr-3 text-left font-medium">
                {line.label}
              </th>
              <td className="py-2 pr-3">{line.arriving_guests}</td>
              <td className="py-2 pr-3">{line.person_nights}</td>
              <td className="py-2 pr-3">{line.beyond_cap}</td>
              <td className="py-2 pr-3">{line.under_age}</td>
              <td className="py-2 pr-3">{line.resident}</td>
              {EXEMPTION_REASONS.map((reason) => (
                <td key={reason} className="py-2 pr-3">
                  {line[reason]}
                </td>
              ))}
              <td className="py-2 pr-3">{line.taxable}</td>
              <td className="py-2 pr-3">{cents(line.due_cents)}</td>
              <td className="py-2">{cents(line.collected_cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
