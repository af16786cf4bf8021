import { useLingui } from '@lingui/react/macro';
import { DataTable } from '@/components/ui/table';
import { EXEMPTION_REASONS, exemptionLabel, periodLabel, totalOf, type PeriodRow } from '../logic/reports';
import { useTaxFormat } from '../logic/format';
import { TableFrame } from './TableFrame';

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
  const { t } = useLingui();
  const { cents } = useTaxFormat();
  const total = totalOf(rows);
  const lines = [
    ...rows.map((row) => ({ key: row.period_start, label: periodLabel(row.period_start, period), ...row })),
    ...(rows.length > 1 ? [{ key: 'total', label: t`Total`, ...total }] : []),
  ];
  return (
    <TableFrame label={caption}>
      <DataTable
        columns={[
          t`Period`,
          t`Arriving guests`,
          t`Person-nights`,
          t`Beyond cap`,
          t`Under 10`,
          t`Residents of Rome`,
          ...EXEMPTION_REASONS.map(exemptionLabel),
          t`Taxable`,
          t`Due`,
          t`Collected`,
          t`Outstanding`,
        ]}
        caption={caption}
      >
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
            <td className="py-2 pr-3">{cents(line.collected_cents)}</td>
            <td className="py-2">{cents(line.due_cents - line.collected_cents)}</td>
          </tr>
        ))}
      </DataTable>
    </TableFrame>
  );
}
