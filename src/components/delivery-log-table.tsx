import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { deliveryTime, type DeliveryLogRow } from '@/lib/webhook-deliveries';

const HEADERS = [msg`Time`, msg`Event`, msg`Attempts`, msg`Status`];

const STATUS_VARIANT = { delivered: 'default', pending: 'secondary', failed: 'destructive' } as const;

export interface DeliveryLogColumn<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  className?: string;
}

interface DeliveryLogTableProps<Row extends DeliveryLogRow> {
  caption: string;
  rows: readonly Row[];
  event: (row: Row) => ReactNode;
  status: (row: Row) => string;
  /** The columns after Time, Event, Attempts and Status. */
  columns: DeliveryLogColumn<Row>[];
  /** e.g. `min-w-[560px]`: below it the table scrolls sideways inside its frame. */
  minWidth: string;
  rowTestId: string;
}

/** An outbox's deliveries, newest first: the Webhooks panel's log and the deploy hook's log. */
export function DeliveryLogTable<Row extends DeliveryLogRow>({
  caption,
  rows,
  event,
  status,
  columns,
  minWidth,
  rowTestId,
}: DeliveryLogTableProps<Row>) {
  const { i18n } = useLingui();
  return (
    <div className="relative overflow-x-auto rounded-md border">
      <table className={`w-full text-sm ${minWidth}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50 text-left text-xs uppercase text-muted-foreground">
          <tr>
            {HEADERS.map((header) => (
              <th key={header.id} className="px-3 py-2 font-medium">
                {i18n._(header)}
              </th>
            ))}
            {columns.map((column, i) => (
              <th key={i} className="px-3 py-2 font-medium">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((delivery) => (
            <tr key={delivery.id} className="border-t align-top" data-testid={rowTestId}>
              <td className="whitespace-nowrap px-3 py-2">
                {deliveryTime(delivery.last_attempt_at ?? delivery.created_at)}
              </td>
              <td className="px-3 py-2">{event(delivery)}</td>
              <td className="px-3 py-2">{delivery.attempt_count}</td>
              <td className="px-3 py-2">
                <Badge variant={STATUS_VARIANT[delivery.status]}>{status(delivery)}</Badge>
              </td>
              {columns.map((column, i) => (
                <td key={i} className={column.className ?? 'px-3 py-2'}>
                  {column.cell(delivery)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
