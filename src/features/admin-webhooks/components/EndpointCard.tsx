import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, ChevronUp, KeyRound, Pencil, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogActions,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Switch } from '@/components/ui/switch';
import { useDeleteEndpoint, useRotateSecret, useTestEndpoint, useUpdateEndpoint } from '../api/webhooks';
import { eventLabel, testResultText, type WebhookEndpoint } from '../logic/webhooks';
import { endpointFormDefaults } from '../logic/schemas';
import { DeliveryLog } from './DeliveryLog';
import { EndpointForm } from './EndpointForm';

type Confirm = 'rotate' | 'delete' | 'edit' | null;

export function EndpointCard({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (secret: string) => void;
}) {
  const [showLog, setShowLog] = useState(false);
  const [dialog, setDialog] = useState<Confirm>(null);
  const test = useTestEndpoint();
  const update = useUpdateEndpoint();
  const rotate = useRotateSecret();
  const remove = useDeleteEndpoint();
  const logId = `webhook-log-${endpoint.id}`;
  const { t } = useLingui();
  const TEST_FAILED = {
    title: t`Webhook Failed`,
    description: t`Failed to trigger Zapier webhook. Please check the URL.`,
  };

  const onTest = () =>
    test.mutate(endpoint.id, {
      onSuccess: (result) => {
        setShowLog(true);
        if (result.outcome === 'delivered') toastSuccess(t`Webhook Triggered`, testResultText(result));
        else toastFailure(TEST_FAILED.title, `${TEST_FAILED.description} ${testResultText(result)}`);
      },
      onError: (error) => {
        console.error(error);
        toastFailure(TEST_FAILED.title, TEST_FAILED.description);
      },
    });

  const onToggle = (enabled: boolean) =>
    update.mutate(
      { id: endpoint.id, enabled, values: endpointFormDefaults(endpoint) },
      {
        onSuccess: () => toastSuccess(enabled ? t`Webhook enabled` : t`Webhook disabled`),
      },
    );

  const onRotate = () =>
    rotate.mutate(endpoint.id, {
      onSuccess: ({ secret }) => {
        setDialog(null);
        onSecret(secret);
      },
    });

  const onDelete = () =>
    remove.mutate(endpoint.id, {
      onSuccess: () => {
        setDialog(null);
        toastSuccess(t`Webhook deleted`);
      },
    });

  return (
    <li className="space-y-3 rounded-lg border p-4" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="break-all font-mono text-sm">{endpoint.url}</p>
          {endpoint.description && <p className="text-sm text-muted-foreground">{endpoint.description}</p>}
          <div className="flex flex-wrap gap-1">
            {endpoint.event_types.map((type) => (
              <Badge key={type} variant="outline">
                {eventLabel(type)}
              </Badge>
            ))}
            {endpoint.include_guest_details && (
              <Badge variant="secondary">
                <Trans>Guest details</Trans>
              </Badge>
            )}
          </div>
          {!endpoint.enabled && endpoint.disabled_reason && (
            <p className="text-sm text-destructive">
              <Trans>Disabled: {endpoint.disabled_reason}</Trans>
            </p>
          )}
        </div>
        <div className="flex items-center gap-2">
          <Switch
            id={`webhook-enabled-${endpoint.id}`}
            checked={endpoint.enabled}
            onCheckedChange={onToggle}
            disabled={update.isPending}
            aria-label={endpoint.enabled ? t`Disable webhook` : t`Enable webhook`}
          />
          <span className="text-sm">{endpoint.enabled ? t`Enabled` : t`Disabled`}</span>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onTest} disabled={test.isPending}>
          <Send className="h-4 w-4" />
          {test.isPending ? t`Sending...` : t`Test Webhook`}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setDialog('edit')}>
          <Pencil className="h-4 w-4" />
          <Trans>Edit</Trans>
        </Button>
        <Button size="sm" variant="outline" onClick={() => setDialog('rotate')}>
          <KeyRound className="h-4 w-4" />
          <Trans>Rotate secret</Trans>
        </Button>
        <Button size="sm" variant="outline" onClick={() => setDialog('delete')}>
          <Trash2 className="h-4 w-4" />
          <Trans>Delete</Trans>
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setShowLog((shown) => !shown)}
          aria-expanded={showLog}
          aria-controls={logId}
        >
          {showLog ? <ChevronUp className="h-4 w-4" /> : <ChevronDown className="h-4 w-4" />}
          <Trans>Delivery log</Trans>
        </Button>
      </div>
      {showLog && (
        <div id={logId}>
          <DeliveryLog endpointId={endpoint.id} />
        </div>
      )}

      <Dialog open={dialog === 'edit'} onOpenChange={(open) => !open && setDialog(null)}>
        <DialogContent className="max-w-xl">
          <DialogHeader>
            <DialogTitle>
              <Trans>Edit webhook</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>The signing secret stays the same.</Trans>
            </DialogDescription>
          </DialogHeader>
          <EndpointForm
            endpoint={endpoint}
            idPrefix={`webhook-edit-${endpoint.id}`}
            submitLabel={t`Save`}
            pending={update.isPending}
            onCancel={() => setDialog(null)}
            onSubmit={(values) =>
              update.mutate(
                { id: endpoint.id, enabled: endpoint.enabled, values },
                {
                  onSuccess: () => {
                    setDialog(null);
                    toastSuccess(t`Webhook updated`);
                  },
                },
              )
            }
          />
        </DialogContent>
      </Dialog>

      <Dialog open={dialog === 'rotate' || dialog === 'delete'} onOpenChange={(open) => !open && setDialog(null)}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>{dialog === 'rotate' ? t`Rotate the signing secret?` : t`Delete this webhook?`}</DialogTitle>
            <DialogDescription>
              {dialog === 'rotate'
                ? t`The old secret stops working at once; give the new one to the receiver.`
                : t`Nothing more is sent to it, and its delivery log is deleted.`}
            </DialogDescription>
          </DialogHeader>
          {dialog === 'rotate' ? (
            <DialogActions
              label={t`Rotate secret`}
              pendingLabel={t`Rotating...`}
              pending={rotate.isPending}
              onConfirm={onRotate}
              onCancel={() => setDialog(null)}
            />
          ) : (
            <DialogActions
              label={t`Delete`}
              pendingLabel={t`Deleting...`}
              pending={remove.isPending}
              destructive
              onConfirm={onDelete}
              onCancel={() => setDialog(null)}
            />
          )}
        </DialogContent>
      </Dialog>
    </li>
  );
}
