// emails: delivers the e-mail outbox (public.email_outbox) and runs the booking timers. Called by
// the scheduler with the service-role key only:
//   POST {action: 'dispatch', limit?} → 200 {claimed, sent, retried, failed}
//        sends what is due: claims rows (skip locked + a lease, so two dispatchers never take one
//        row), renders each from its template, sends it, records the attempt (retries with backoff,
//        an alert after the last one)
//   POST {action: 'timers'}           → 200 {expired, reminders} then the dispatch's figures
//        ends the holds that ran out and writes the arrival reminders (public.run_booking_timers)
//   400 bad input · 403 not the service role · 405 wrong method
import { z } from 'npm:zod@4';
import { bearerToken, env, serviceClient } from '../_shared/clients.ts';
import { errorResponse, jsonResponse } from '../_shared/cors.ts';
import { readInput, servePost } from '../_shared/serve.ts';
import { sendEmail } from './provider.ts';
import { renderEmail, type BookingEmailData } from './templates.ts';

const requestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('dispatch'), limit: z.number().int().min(1).max(100).default(20) }),
  z.object({ action: z.literal('timers') }),
]);

// one call stops claiming new rows after this long; the next call goes on
const DISPATCH_BUDGET_MS = 20_000;
const LEASE_SECONDS = 60;

interface ClaimedEmail {
  email_id: string;
  kind: string;
  recipient: string;
  language: string;
  data: BookingEmailData;
  attempt: number;
}

type Service = ReturnType<typeof serviceClient>;

async function deliver(service: Service, email: ClaimedEmail, siteUrl: string): Promise<string> {
  let result;
  try {
    const rendered = renderEmail(email.kind, email.language, email.data, siteUrl);
    result = await sendEmail({ id: email.email_id, kind: email.kind, to: email.recipient, ...rendered });
  } catch (error) {
    result = { sent: false as const, error: `The e-mail could not be rendered: ${(error as Error).message}` };
  }
  const { data, error } = await service.rpc('record_email_attempt', {
    p_email_id: email.email_id,
    p_sent: result.sent,
    p_error: result.sent ? undefined : result.error,
    p_provider_message_id: result.sent ? (result.providerMessageId ?? undefined) : undefined,
  });
  if (error) throw new Error(`record_email_attempt: ${error.message}`);
  return data as string;
}

async function dispatch(service: Service, limit: number) {
  const siteUrl = Deno.env.get('SITE_URL') ?? 'http://127.0.0.1:8080';
  const started = Date.now();
  const totals = { claimed: 0, sent: 0, retried: 0, failed: 0 };
  while (Date.now() - started < DISPATCH_BUDGET_MS) {
    const { data, error } = await service.rpc('claim_emails', { p_limit: limit, p_lease_seconds: LEASE_SECONDS });
    if (error) throw new Error(`claim_emails: ${error.message}`);
    const batch = (data ?? []) as ClaimedEmail[];
    if (!batch.length) break;
    totals.claimed += batch.length;
    for (const outcome of await Promise.all(batch.map((email) => deliver(service, email, siteUrl)))) {
      if (outcome === 'sent') totals.sent++;
      else if (outcome === 'retry') totals.retried++;
      else totals.failed++;
    }
    if (batch.length < limit) break;
  }
  return totals;
}

async function handle(request: Request): Promise<Response> {
  if (bearerToken(request) !== env('SUPABASE_SERVICE_ROLE_KEY')) {
    return errorResponse('Only the scheduler may send e-mails', 403);
  }
  const input = await readInput(request, 4 * 1024, requestSchema);
  const service = serviceClient();
  if (input.action === 'timers') {
    const { data, error } = await service.rpc('run_booking_timers');
    if (error) throw new Error(`run_booking_timers: ${error.message}`);
    return jsonResponse({ ...(data as Record<string, number>), ...(await dispatch(service, 20)) });
  }
  return jsonResponse(await dispatch(service, input.limit));
}

servePost('emails', 'The e-mail service failed', handle);
