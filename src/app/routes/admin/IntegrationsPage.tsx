import { WebhooksPanel } from '@/features/admin-webhooks/components/WebhooksPanel';

/** /admin/integrations (admin only): the Zapier automation panel; the booking platform panels join it. */
export default function IntegrationsPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">Integrations</h1>
        <p className="text-muted-foreground">Connect booking platforms and automation tools</p>
      </div>
      <WebhooksPanel />
    </div>
  );
}
