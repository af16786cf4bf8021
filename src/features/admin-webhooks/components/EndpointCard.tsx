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

const TEST_FAILED = { title: 'Webhook Failed', description: 'Failed to trigger Zapier webhook. Please check the URL.' };

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

  const onTest = () =>
    test.mutate(endpoint.id, {
      onSuccess: (result) => {
        setShowLog(true);
        if (result.outcome === 'delivered') toastSuccess('Webhook Triggered', testResultText(result));
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
        onSuccess: () => toastSuccess(enabled ? 'Webhook enabled' : 'Webhook disabled'),
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
        toastSuccess('Webhook deleted');
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
            {endpoint.include_guest_details && <Badge variant="secondary">Guest details</Badge>}
          </div>
          {!endpoint.enabled && endpoint.disabled_reason && (
            <p className="text-sm text-destructive">Disabled: {endpoint.disabled_reason}</p>
          )}
        </div>
        <div className="flex items-center gap-2">
          <Switch
            id={`webhook-enabled-${endpoint.id}`}
            checked={endpoint.enabled}
            onCheckedChange={onToggle}
            disabled={update.isPending}
            aria-label={endpoint.enabled ? 'Disable webhook' : 'Enable webhook'}
          />
          <span className="text-sm">{endpoint.enabled ? 'Enabled' : 'Disabled'}</span>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onTest} disabled={test.isPending}>
          <Send className="h-4 w-4" />
          {test.isPending ? 'Sending...' : 'Test Webhook'}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setDialog('edit')}>
          <Pencil className="h-4 w-4" />
          Edit
        </Button>
        <Button size="sm" variant="outline" onClick={() => setDialog('rotate')}>
          <KeyRound className="h-4 w-4" />
          Rotate secret
        </Button>
        <Button size="sm" variant="outline" onClick={() => setDialog('delete')}>
          <Trash2 className="h-4 w-4" />
          Delete
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setShowLog((shown) => !shown)}
          aria-expanded={showLog}
          aria-controls={logId}
        >
          {showLog ? <ChevronUp className="h-4 w-4" /> : <ChevronDown className="h-4 w-4" />}
          Delivery log
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
            <DialogTitle>Edit webhook</DialogTitle>
            <DialogDescription>The signing secret stays the same.</DialogDescription>
          </DialogHeader>
          <EndpointForm
            endpoint={endpoint}
            idPrefix={`webhook-edit-${endpoint.id}`}
            submitLabel="Save"
            pending={update.isPending}
            onCancel={() => setDialog(null)}
            onSubmit={(values) =>
              update.mutate(
                { id: endpoint.id, enabled: endpoint.enabled, values },
                {
                  onSuccess: () => {
                    setDialog(null);
                    toastSuccess('Webhook updated');
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
            <DialogTitle>{dialog === 'rotate' ? 'Rotate the signing secret?' : 'Delete this webhook?'}</DialogTitle>
            <DialogDescription>
              {dialog === 'rotate'
                ? 'The old secret stops working at once; give the new one to the receiver.'
                : 'Nothing more is sent to it, and its delivery log is deleted.'}
            </DialogDescription>
          </DialogHeader>
          {dialog === 'rotate' ? (
            <DialogActions
              label="Rotate secret"
              pendingLabel="Rotating..."
              pending={rotate.isPending}
              onConfirm={onRotate}
              onCancel={() => setDialog(null)}
            />
          ) : (
            <DialogActions
              label="Delete"
              pendingLabel="Deleting..."
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
