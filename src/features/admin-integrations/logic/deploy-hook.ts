// The deploy hook as the Integrations card shows it: the server's masked settings, the URL rules
// of the form (the same as set_deploy_hook's in SQL) and the words of the delivery log.
import { t } from '@lingui/core/macro';
import type { WebhookAttemptResult } from '@shared/constants';
import type { Filled } from '@/lib/rpc-rows';
import { attemptText, deliveryStatusLabel, deliveryTime, type DeliveryLogRow } from '@/lib/webhook-deliveries';
import type { Database } from '@/types/database';

/**
 * What deploy_hook_settings(), set_deploy_hook() and remove_deploy_hook() answer
 * (public.deploy_hook_view), never the URL itself: whether one is set; its scheme, host and last 4
 * characters, e.g. "https://api.netlify.com/…9f1c"; when it was set; when the next rebuild is sent
 * (a change opened the window). The last three are null when there is nothing to say.
 */
export type DeployHookSettings = Filled<
  Database['public']['CompositeTypes']['deploy_hook_view'],
  'masked_url' | 'updated_at' | 'rebuild_due_at'
>;

export type DeployHookDelivery = DeliveryLogRow;

export const missingDeployHookUrl = () => t`Please enter the deploy hook URL.`;
export const httpsOnly = () =>
  t`The deploy hook URL must start with https:// (http:// is only for 127.0.0.1 or localhost in local development).`;

const LOOPBACK_HTTP = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?([/?#]|$)/i;

/** Whether the app talks to a local platform (then a receiver on http://127.0.0.1 may be tried). */
export function isLocalDevelopment(apiUrl: string): boolean {
  return LOOPBACK_HTTP.test(apiUrl);
}

/** The form's rules for a build-hook URL; `local`: plain http to loopback is allowed. */
export function deployHookUrlProblem(raw: string, local: boolean): string | null {
  const value = raw.trim();
  if (!value) return missingDeployHookUrl();
  if (value.length > 2000) return t`The URL must be at most 2000 characters.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return t`The URL is not valid.`;
  }
  if (/\s/.test(value) || !url.host) return t`The URL is not valid.`;
  if (url.username || url.password) return t`URLs with credentials are refused.`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && local && LOOPBACK_HTTP.test(value)) return null;
  return httpsOnly();
}

/** The log's "Event" column. */
export function deployDeliveryLabel(eventType: string): string {
  return eventType === 'deploy_hook.test' ? t`Test build` : t`Rebuild`;
}

/** What the webhooks function answers to "Send a test build": one attempt, as Test and Replay. */
export type TestBuildResult = WebhookAttemptResult;

/** The toast's detail after "Send a test build". */
export function testBuildText(result: Pick<TestBuildResult, 'status' | 'latency_ms' | 'error'>): string {
  return attemptText(result, 'host');
}

/** The log's "Status" column: Waiting (the window is open), Retrying, Delivered, Failed. */
export function deployStatusLabel(delivery: Pick<DeployHookDelivery, 'status' | 'attempt_count'>): string {
  return deliveryStatusLabel(delivery, t`Waiting`);
}

/** The log's "HTTP / error" column: when a waiting rebuild goes, the host's answer, or why there was none. */
export function deployAnswer(
  delivery: Pick<
    DeployHookDelivery,
    'status' | 'attempt_count' | 'next_attempt_at' | 'last_response_status' | 'last_error'
  >,
): string {
  if (delivery.status === 'pending' && delivery.attempt_count === 0) {
    const at = deliveryTime(delivery.next_attempt_at);
    return t`Goes at ${at}`;
  }
  const status = delivery.last_response_status !== null ? `HTTP ${delivery.last_response_status}` : null;
  return [status, delivery.last_error].filter(Boolean).join(' · ') || t`Not sent yet`;
}
