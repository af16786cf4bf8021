import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();

  const onReplay = (delivery: WebhookDelivery) =>
    replay.mutate(delivery.id, {
      onSuccess: (result) => {
        if (result.outcome === 'delivered') toastSuccess(t`Delivery replayed`, testResultText(result));
        else toastFailure(t`Replay failed`, testResultText(result));
      },
    });

  if (deliveries.isPending) {
    return (
      <div className="space-y-2" aria-label={t`Loading deliveries`}>
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-full" />
      </div>
    );
  }
  const rows = deliveries.data ?? [];
  if (!rows.length)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No deliveries yet.</Trans>
      </p>
    );

  return (
    <DeliveryLogTable
      caption={t`Delivery log`}
      rows={rows}
      event={(delivery) => (
        <>
          {eventLabel(delivery.event_type)}
          {delivery.replay_of && (
            <span className="ml-1 text-xs text-muted-foreground">
              <Trans>(replay)</Trans>
            </span>
          )}
        </>
      )}
      status={deliveryStatusLabel}
      columns={[
        { header: t`Answer`, cell: answerSummary, className: 'max-w-[14rem] px-3 py-2' },
        {
          header: t`Latency`,
          cell: (delivery) => (delivery.last_latency_ms !== null ? t`${delivery.last_latency_ms} ms` : '—'),
          className: 'whitespace-nowrap px-3 py-2',
        },
        {
          header: t`Response`,
          cell: (delivery) => (
            <code className="line-clamp-2 break-all text-xs text-muted-foreground">
              {delivery.last_response_excerpt || '—'}
            </code>
          ),
          className: 'max-w-[16rem] px-3 py-2',
        },
        {
          header: (
            <span className="sr-only">
              <Trans>Actions</Trans>
            </span>
          ),
          cell: (delivery) => (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onReplay(delivery)}
              disabled={replay.isPending}
              aria-label={t`Replay ${eventLabel(delivery.event_type)} delivery`}
            >
              <RotateCcw className="h-4 w-4" />
              <Trans>Replay</Trans>
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
