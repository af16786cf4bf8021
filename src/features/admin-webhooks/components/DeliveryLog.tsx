import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { DeliveryLogTable } from '@/components/delivery-log-table';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useReplayDelivery, webhookQueries } from '../api/webhooks';
import {
  answerSummary,
  deliveryStatusLabel,
  eventLabel,
  testResultText,
  type WebhookDelivery,
} from '../logic/webhooks';

/** The newest deliveries of one endpoint: time, event, attempts, state, answer, latency, response excerpt, Replay. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const deliveries = useQuery(webhookQueries.deliveries(endpointId));
  const replay = useReplayDelivery(endpointId);

  const onReplay = (delivery: WebhookDelivery) =>
    replay.mutate(delivery.id, {
      onSuccess: (result) => {
        if (result.outcome === 'delivered') toastSuccess('Delivery replayed', testResultText(result));
        else toastFailure('Replay failed', testResultText(result));
      },
    });

  if (deliveries.isPending) {
    return (
      <div className="space-y-2" aria-label="Loading deliveries">
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-full" />
      </div>
    );
  }
  const rows = deliveries.data ?? [];
  if (!rows.length) return <p className="text-sm text-muted-foreground">No deliveries yet.</p>;

  return (
    <DeliveryLogTable
      caption="Delivery log"
      rows={rows}
      event={(delivery) => (
        <>
          {eventLabel(delivery.event_type)}
          {delivery.replay_of && <span className="ml-1 text-xs text-muted-foreground">(replay)</span>}
        </>
      )}
      status={deliveryStatusLabel}
      columns={[
        { header: 'Answer', cell: answerSummary, className: 'max-w-[14rem] px-3 py-2' },
        {
          header: 'Latency',
          cell: (delivery) => (delivery.last_latency_ms !== null ? `${delivery.last_latency_ms} ms` : '—'),
          className: 'whitespace-nowrap px-3 py-2',
        },
        {
          header: 'Response',
          cell: (delivery) => (
            <code className="line-clamp-2 break-all text-xs text-muted-foreground">
              {delivery.last_response_excerpt || '—'}
            </code>
          ),
          className: 'max-w-[16rem] px-3 py-2',
        },
        {
          header: <span className="sr-only">Actions</span>,
          cell: (delivery) => (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onReplay(delivery)}
              disabled={replay.isPending}
              aria-label={`Replay ${eventLabel(delivery.event_type)} delivery`}
            >
              <RotateCcw className="h-4 w-4" />
              Replay
            </Button>
          ),
          className: 'px-3 py-2 text-right',
        },
      ]}
      minWidth="min-w-[720px]"
      rowTestId="webhook-delivery"
    />
  );
}
