import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Hammer, Pencil, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DeliveryLogTable } from '@/components/delivery-log-table';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogActions,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { InputField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { SUPABASE_URL } from '@/lib/env';
import { deliveryTime } from '@/lib/webhook-deliveries';
import { toastFailure, toastSuccess } from '@/lib/toast';
import {
  deployHookDeliveriesQuery,
  deployHookSettingsQuery,
  useRemoveDeployHook,
  useSetDeployHook,
  useTestDeployHook,
} from '../api/deploy-hook';
import {
  deployAnswer,
  deployDeliveryLabel,
  deployStatusLabel,
  isLocalDevelopment,
  testBuildText,
} from '../logic/deploy-hook';
import { deployHookFormSchema, type DeployHookFormValues } from '../logic/schemas';

// an example of the URL asked for (a URL, the same in every language)
const HOOK_URL_EXAMPLE = 'https://api.netlify.com/build_hooks/...';

const LOCAL = isLocalDevelopment(SUPABASE_URL);

/** Write-only URL field: saving answers the masked URL, never the URL itself. */
function DeployHookForm({ submitLabel, onDone }: { submitLabel: string; onDone?: () => void }) {
  const { t } = useLingui();
  const save = useSetDeployHook();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<DeployHookFormValues>({ resolver: zodResolver(deployHookFormSchema(LOCAL)), defaultValues: { url: '' } });

  const submit = handleSubmit(({ url }) =>
    save.mutate(url, {
      onSuccess: (settings) => {
        reset({ url: '' });
        const masked = settings.masked_url;
        toastSuccess(t`Deploy hook saved`, t`Stored as ${masked}`);
        onDone?.();
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <InputField
        id="deploy-hook-url"
        label={t`Deploy hook URL`}
        error={errors.url?.message}
        hint={t`The build hook your static host gives you, e.g. https://api.netlify.com/build_hooks/…`}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder={HOOK_URL_EXAMPLE}
        {...register('url')}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? t`Saving...` : submitLabel}
        </Button>
        {onDone && (
          <Button type="button" size="sm" variant="outline" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
        )}
      </div>
    </form>
  );
}

function DeployHookLog() {
  const { t } = useLingui();
  const deliveries = useQuery(deployHookDeliveriesQuery());
  if (deliveries.isPending) return <Skeleton className="h-16 w-full" />;
  const rows = deliveries.data ?? [];
  if (!rows.length)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No rebuilds requested yet.</Trans>
      </p>
    );
  return (
    <DeliveryLogTable
      caption={t`Deploy hook deliveries`}
      rows={rows}
      event={(delivery) => deployDeliveryLabel(delivery.event_type)}
      status={deployStatusLabel}
      columns={[{ header: t`HTTP / error`, cell: deployAnswer, className: 'max-w-[18rem] break-words px-3 py-2' }]}
      minWidth="min-w-[560px]"
      rowTestId="deploy-hook-delivery"
    />
  );
}

/** Integrations → Deploy hook: the static host's build hook, called once after published content changes. */
export function DeployHookCard() {
  const { t } = useLingui();
  const settings = useQuery(deployHookSettingsQuery());
  const remove = useRemoveDeployHook();
  const test = useTestDeployHook();
  const [replacing, setReplacing] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);

  const onTest = () =>
    test.mutate(undefined, {
      onSuccess: (result) => {
        if (result.outcome === 'delivered') toastSuccess(t`Test build requested`, testBuildText(result));
        else toastFailure(t`The test build was refused`, testBuildText(result));
      },
    });

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirmRemove(false);
        toastSuccess(t`Deploy hook removed`);
      },
    });

  const current = settings.data;
  const rebuildDue = current?.rebuild_due_at ? deliveryTime(current.rebuild_due_at) : null;
  return (
    <Card role="region" aria-labelledby="deploy-hook-title">
      <CardHeader>
        <CardTitle id="deploy-hook-title" className="flex items-center gap-2">
          <Hammer className="h-5 w-5" aria-hidden />
          <Trans>Deploy hook</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            The public pages are built ahead of time. When rooms, rates, texts, amenities, services, approved reviews or
            the published design change, the server asks your static host (Netlify, Vercel, Cloudflare Pages) to
            rebuild, once, within a minute of the first change.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {settings.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : current?.configured && !replacing ? (
          <div className="space-y-3">
            <div className="space-y-1">
              <p className="text-sm font-medium">
                <Trans>Deploy hook URL</Trans>
              </p>
              <code className="block break-all rounded bg-muted px-2 py-1 text-sm" data-testid="deploy-hook-masked">
                {current.masked_url}
              </code>
              <p className="text-xs text-muted-foreground">
                <Trans>Shown masked: whoever has the full URL can start builds.</Trans>
                {rebuildDue && ' '}
                {rebuildDue && <Trans>A rebuild is due at {rebuildDue}.</Trans>}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={onTest} disabled={test.isPending}>
                <Send className="h-4 w-4" />
                {test.isPending ? t`Sending...` : t`Send a test build`}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setReplacing(true)}>
                <Pencil className="h-4 w-4" />
                <Trans>Replace</Trans>
              </Button>
              <Button size="sm" variant="outline" onClick={() => setConfirmRemove(true)}>
                <Trash2 className="h-4 w-4" />
                <Trans>Remove</Trans>
              </Button>
            </div>
          </div>
        ) : (
          <DeployHookForm
            submitLabel={current?.configured ? t`Replace deploy hook` : t`Save deploy hook`}
            onDone={current?.configured ? () => setReplacing(false) : undefined}
          />
        )}
        <section aria-labelledby="deploy-hook-log-title" className="space-y-3">
          <h3 id="deploy-hook-log-title" className="text-sm font-semibold">
            <Trans>Last deliveries</Trans>
          </h3>
          <DeployHookLog />
        </section>
      </CardContent>

      <Dialog open={confirmRemove} onOpenChange={setConfirmRemove}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>
              <Trans>Remove the deploy hook?</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>Changes no longer rebuild the public site; a rebuild not sent yet is dropped.</Trans>
            </DialogDescription>
          </DialogHeader>
          <DialogActions
            label={t`Remove`}
            pendingLabel={t`Removing...`}
            pending={remove.isPending}
            destructive
            onConfirm={onRemove}
            onCancel={() => setConfirmRemove(false)}
          />
        </DialogContent>
      </Dialog>
    </Card>
  );
}
