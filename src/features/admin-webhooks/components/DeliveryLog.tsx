import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { deliveryTime } from '@/lib/webhook-deliveries';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
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

const STATUS_VARIANT = { delivered: 'default', pending: 'secondary', failed: 'destructive' } as const;

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
    <div className="relative overflow-x-auto rounded-md border">
      <table className="w-full min-w-[720px] text-sm">
        <caption className="sr-only">Delivery log</caption>
        <thead className="bg-muted/50 text-left text-xs uppercase text-muted-foreground">
          <tr>
            <th className="px-3 py-2 font-medium">Time</th>
            <th className="px-3 py-2 font-medium">Event</th>
            <th className="px-3 py-2 font-medium">Attempts</th>
            <th className="px-3 py-2 font-medium">Status</th>
            <th className="px-3 py-2 font-medium">Answer</th>
            <th className="px-3 py-2 font-medium">Latency</th>
            <th className="px-3 py-2 font-medium">Response</th>
            <th className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((delivery) => (
            <tr key={delivery.id} className="border-t align-top" data-testid="webhook-delivery">
              <td className="whitespace-nowrap px-3 py-2">
                {deliveryTime(delivery.last_attempt_at ?? delivery.created_at)}
              </td>
              <td className="px-3 py-2">
                {eventLabel(delivery.event_type)}
                {delivery.replay_of && <span className="ml-1 text-xs text-muted-foreground">(replay)</span>}
              </td>
              <td className="px-3 py-2">{delivery.attempt_count}</td>
              <td className="px-3 py-2">
                <Badge variant={STATUS_VARIANT[delivery.status]}>{deliveryStatusLabel(delivery)}</Badge>
              </td>
              <td className="max-w-[14rem] px-3 py-2">{answerSummary(delivery)}</td>
              <td className="whitespace-nowrap px-3 py-2">
                {delivery.last_latency_ms !== null ? `${delivery.last_latency_ms} ms` : '—'}
              </td>
              <td className="max-w-[16rem] px-3 py-2">
                <code className="line-clamp-2 break-all text-xs text-muted-foreground">
                  {delivery.last_response_excerpt || '—'}
                </code>
              </td>
              <td className="px-3 py-2 text-right">
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
