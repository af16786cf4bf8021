// stripe-webhook: Stripe's payment notices. Stripe sends no Supabase key (verify_jwt = false), so
// the signature is the only gate: the SDK's constructEventAsync checks `Stripe-Signature` against
// STRIPE_WEBHOOK_SECRET with SubtleCrypto. Each event is applied by public.apply_stripe_event in
// one transaction keyed by the event's id (a replay changes nothing), and the answer is 2xx only
// after that commit, so Stripe retries anything that was not recorded. A refund notice carries the
// charge's refunds as Stripe's API lists them (asked here with the secret key, not taken from the
// notice), so the database applies each by its refund id, once.
//   200 {received: true, outcome}   applied, or already applied, refused as a violation (an alert),
//                                   or an event type not handled
//   400 {error}                     a missing or bad signature (recorded as a security event)
//   400 {error, code: 'malformed_event'}  signed but malformed (text or huge amounts, another
//                                   currency): recorded and alerted by the database, nothing changed
//   500 {error}                     not recorded: Stripe tries again later
import { clientAddress, errorResponse, jsonResponse } from '../_shared/cors.ts';
import { env, serviceClient } from '../_shared/clients.ts';
import { processRefunds } from '../_shared/refunds.ts';
import { cryptoProvider, stripeClient, type Stripe } from '../_shared/stripe.ts';

const HANDLED = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
]);
const MAX_BODY_BYTES = 512 * 1024;

async function securityEvent(request: Request, description: string) {
  const address = clientAddress(request);
  if (!address) return;
  const { error } = await serviceClient().rpc('record_security_events', {
    p_address: address,
    p_user_id: null,
    p_user_agent: request.headers.get('user-agent') ?? '',
    p_events: [{ event_type: 'suspicious_activity', description, metadata: { check: 'stripe_signature' } }],
    p_limit_per_minute: 60,
  });
  if (error) console.error(`[stripe-webhook] could not record a security event: ${error.message}`);
}

/** The charge with its refunds as Stripe lists them now (Stripe's notices no longer include them). */
async function withRefunds(stripe: Stripe, charge: Stripe.Charge): Promise<Record<string, unknown>> {
  if (typeof charge?.id !== 'string') return { ...charge, refunds: { object: 'list', data: [] } };
  try {
    const refunds = await stripe.refunds.list({ charge: charge.id, limit: 100 });
    return { ...charge, refunds: { object: 'list', data: refunds.data } };
  } catch (caught) {
    // a charge Stripe does not know has no refunds; anything else is retried by Stripe (500)
    if ((caught as { statusCode?: number }).statusCode === 404)
      return { ...charge, refunds: { object: 'list', data: [] } };
    throw caught;
  }
}

Deno.serve(async (request) => {
  if (request.method !== 'POST') return errorResponse('Method not allowed', 405, { Allow: 'POST' });
  const body = await request.text();
  if (new TextEncoder().encode(body).length > MAX_BODY_BYTES) return errorResponse('Payload too large', 413);
  const stripe = stripeClient();
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(
      body,
      request.headers.get('stripe-signature') ?? '',
      env('STRIPE_WEBHOOK_SECRET'),
      undefined,
      cryptoProvider,
    );
  } catch (error) {
    await securityEvent(
      request,
      `A payment notice with a bad signature was refused: ${(error as Error).message}`.slice(0, 500),
    );
    return errorResponse('Invalid signature', 400);
  }
  if (!HANDLED.has(event.type)) return jsonResponse({ received: true, outcome: 'ignored' });

  const service = serviceClient();
  const { data, error } = await service.rpc('apply_stripe_event', {
    p_event_id: event.id,
    p_event_type: event.type,
    p_object:
      event.type === 'charge.refunded'
        ? await withRefunds(stripe, event.data.object as Stripe.Charge)
        : event.data.object,
  });
  if (error) {
    console.error(`[stripe-webhook] ${event.type} ${event.id} not applied: ${error.message}`);
    return errorResponse('The event could not be recorded', 500);
  }
  const result = data as { outcome: string; booking_id: string | null; refunds: boolean };
  if (result.outcome === 'malformed')
    return jsonResponse({ error: 'The event is malformed: nothing was changed', code: 'malformed_event' }, 400);
  if (result.refunds) {
    // owed refunds are recorded already; if Stripe cannot be reached now the scheduler tries again
    await processRefunds(service, stripe, result.booking_id ?? undefined).catch((caught) =>
      console.error(`[stripe-webhook] refunds: ${(caught as Error).message}`),
    );
  }
  return jsonResponse({ received: true, outcome: result.outcome });
});
