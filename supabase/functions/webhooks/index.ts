// webhooks: outgoing webhooks (Standard Webhooks signatures, delivered from the server only).
//   POST {action: 'dispatch', limit?}          service-role key only (the scheduler): sends due deliveries
//        → 200 {claimed, delivered, retried, failed, disabled}
//   Admin only (the caller's JWT; is_admin is checked here and again in every SQL function):
//   POST {action: 'create', url, description, event_types, include_guest_details} → 200 {endpoint, secret}
//   POST {action: 'update', id, url, description, event_types, include_guest_details, enabled} → 200 {endpoint}
//   POST {action: 'rotate_secret', id}         → 200 {secret}   (the only time the new secret is shown)
//   POST {action: 'test', id}                   → 200 {delivery_id, outcome, status, latency_ms, response_excerpt, error}
//   POST {action: 'replay', delivery_id}        → 200 (same as test)
//   POST {action: 'set_deploy_hook', url}       → 200 {settings}  (the deploy hook; answers masked, never the URL)
//   POST {action: 'remove_deploy_hook'}         → 200 {settings}
//   POST {action: 'test_deploy_hook'}           → 200 (same as test: one POST to the build hook now)
//   400 bad input or refused URL · 401/403 not allowed · 404 unknown id · 405 wrong method
// Test and Replay write a delivery row and send it at once through the same path as the dispatcher.
// The deploy hook's rebuilds (site.rebuild) are rows of the same outbox, written by triggers on
// published content and sent by `dispatch` once their debounce window ends (docs/deploying.md).
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { adminCaller, bearerToken, env, serviceClient } from '../_shared/clients.ts';
import { errorResponse, jsonResponse } from '../_shared/cors.ts';
import { HttpError, readInput, servePost } from '../_shared/serve.ts';
import { assertPublicTarget, OutboundError, parseTargetUrl } from '../_shared/outbound.ts';
import type { WebhookAttemptResult } from '../_shared/constants.ts';
import { claimDeliveries, sendDelivery } from './delivery.ts';
import { requestSchema, type WebhooksRequest } from './schema.ts';

const MAX_BODY_BYTES = 16 * 1024;
// one dispatch call stops claiming new rows after this long; the next call goes on
const DISPATCH_BUDGET_MS = 20_000;

/** A PostgREST error from one of the admin SQL functions, as an HTTP error. */
function fromDatabase(error: { code?: string; message: string }): HttpError {
  if (error.code === '42501') return new HttpError(error.message, 403);
  if (error.code === 'P0002') return new HttpError(error.message, 404);
  return new HttpError(error.message, 400);
}

/** Refuses URLs that could never be delivered to (scheme, credentials, private or local targets). */
async function checkTargetUrl(raw: string): Promise<void> {
  try {
    await assertPublicTarget(parseTargetUrl(raw));
  } catch (error) {
    // a host that does not resolve now may resolve later; the dispatcher checks again before each send
    if (error instanceof OutboundError && error.kind !== 'network') throw new HttpError(error.message, 400);
    if (!(error instanceof OutboundError)) throw error;
  }
}

async function dispatch(service: SupabaseClient, limit: number) {
  const started = Date.now();
  const totals = { claimed: 0, delivered: 0, retried: 0, failed: 0, disabled: 0 };
  while (Date.now() - started < DISPATCH_BUDGET_MS) {
    const batch = await claimDeliveries(service, { limit });
    if (!batch.length) break;
    totals.claimed += batch.length;
    const results = await Promise.all(batch.map((delivery) => sendDelivery(service, delivery)));
    for (const result of results) {
      if (result.outcome === 'delivered') totals.delivered++;
      else if (result.outcome === 'retry') totals.retried++;
      else if (result.outcome === 'failed') totals.failed++;
      else totals.disabled++;
    }
    if (batch.length < limit) break;
  }
  return totals;
}

/** Sends one delivery now (Test, Replay). */
async function sendNow(service: SupabaseClient, deliveryId: string): Promise<WebhookAttemptResult> {
  const [claimed] = await claimDeliveries(service, { limit: 1, deliveryId });
  if (!claimed) throw new HttpError('The delivery is being sent already.', 409);
  return sendDelivery(service, claimed);
}

async function adminAction(
  user: SupabaseClient,
  service: SupabaseClient,
  input: Exclude<WebhooksRequest, { action: 'dispatch' }>,
) {
  const call = async <T>(fn: string, args: Record<string, unknown>): Promise<T> => {
    const { data, error } = await user.rpc(fn, args);
    if (error) throw fromDatabase(error);
    return data as T;
  };
  switch (input.action) {
    case 'create':
      await checkTargetUrl(input.url);
      return call('create_webhook_endpoint', {
        p_url: input.url,
        p_description: input.description,
        p_event_types: input.event_types,
        p_include_guest_details: input.include_guest_details,
      });
    case 'update':
      await checkTargetUrl(input.url);
      return {
        endpoint: await call('update_webhook_endpoint', {
          p_id: input.id,
          p_url: input.url,
          p_description: input.description,
          p_event_types: input.event_types,
          p_include_guest_details: input.include_guest_details,
          p_enabled: input.enabled,
        }),
      };
    case 'rotate_secret':
      return { secret: await call<string>('rotate_webhook_secret', { p_id: input.id }) };
    case 'test':
      return sendNow(service, await call<string>('enqueue_webhook_test', { p_endpoint_id: input.id }));
    case 'replay':
      return sendNow(service, await call<string>('replay_webhook_delivery', { p_delivery_id: input.delivery_id }));
    case 'set_deploy_hook':
      await checkTargetUrl(input.url);
      return { settings: await call('set_deploy_hook', { p_url: input.url }) };
    case 'remove_deploy_hook':
      return { settings: await call('remove_deploy_hook', {}) };
    case 'test_deploy_hook':
      return sendNow(service, await call<string>('enqueue_deploy_hook_test', {}));
  }
}

async function handle(request: Request): Promise<Response> {
  const input = await readInput(request, MAX_BODY_BYTES, requestSchema);

  const service = serviceClient();
  if (input.action === 'dispatch') {
    if (bearerToken(request) !== env('SUPABASE_SERVICE_ROLE_KEY')) {
      return errorResponse('Only the scheduler may dispatch webhooks', 403);
    }
    return jsonResponse(await dispatch(service, input.limit));
  }

  const admin = await adminCaller(request, 'manage webhooks');
  if (admin instanceof Response) return admin;
  return jsonResponse(await adminAction(admin.db, service, input));
}

servePost('webhooks', 'The webhook service failed', handle);
