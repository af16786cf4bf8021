import { Trans } from '@lingui/react/macro';
import { WebhooksPanel } from '@/features/admin-webhooks/components/WebhooksPanel';
import { DeployHookCard } from '@/features/admin-integrations/components/DeployHookCard';
import { IntegrationsPanels } from '@/features/admin-integrations/components/IntegrationsPanels';
import { IntegrationGuide } from '@/features/admin-integrations/components/IntegrationGuide';
import { SyncActivity } from '@/features/admin-integrations/components/SyncActivity';

export default function IntegrationsPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">
          <Trans>Integrations</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>Connect booking platforms and automation tools, and keep every calendar in step</Trans>
        </p>
      </div>
      <IntegrationsPanels />
      <SyncActivity />
      <WebhooksPanel />
      <DeployHookCard />
      <IntegrationGuide />
    </div>
  );
}
