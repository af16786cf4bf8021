import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Zap } from 'lucide-react';
import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCreateEndpoint, webhookQueries } from '../api/webhooks';
import { EndpointCard } from './EndpointCard';
import { EndpointForm } from './EndpointForm';
import { SecretDialog } from './SecretDialog';

/** The Zapier automation panel: webhook endpoints, Test Webhook, signing secrets and the delivery log. */
export function WebhooksPanel() {
  const endpoints = useQuery(webhookQueries.endpoints());
  const create = useCreateEndpoint();
  const [secret, setSecret] = useState<string | null>(null);
  const { t } = useLingui();

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Zap className="h-5 w-5" aria-hidden />
          <Trans>Zapier Automation</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Booking events are sent from the server to your webhook URL, signed, and retried for a day if the receiver
            is down.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <EndpointForm
          idPrefix="webhook-new"
          submitLabel={t`Add Webhook`}
          pending={create.isPending}
          onSubmit={(values, reset) =>
            create.mutate(values, {
              onSuccess: (created) => {
                reset();
                setSecret(created.secret);
              },
            })
          }
        />
        <section aria-labelledby="webhook-list-title" className="space-y-3">
          <h3 id="webhook-list-title" className="text-sm font-semibold">
            <Trans>Webhooks</Trans>
          </h3>
          {endpoints.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : endpoints.data?.length ? (
            <ul className="space-y-3">
              {endpoints.data.map((endpoint) => (
                <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">
              <Trans>No webhooks yet. Add your Zapier webhook URL above.</Trans>
            </p>
          )}
        </section>
      </CardContent>
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </Card>
  );
}
