// payments: the guest's deposit through Stripe Checkout, the payment pages' state and refunds. The amounts always come from the stored booking (public.payment_checkout_start),
// never from the caller.
//   POST {action: 'checkout', reference, token}      a Checkout Session for the booking of a private
//        link (the e-mails' page, or the success step with request_booking's access_token); never
//        by a booking id alone. Asked again: the session still open.
//        → 200 {url, session_id}; 404 {error, code: link_not_valid} (counted with every wrong
//        private link of the address); 409 (not_payable, nothing_due); 429 (rate_limited,
//        too_many_attempts)
//   POST {action: 'session', session_id, booking_id} → 200 {state: paid | confirming | pending |
//        expired | unknown, booking?}: what /booking-success may show
//   POST {action: 'settle', booking_id}              makes the refunds the database already owes this
//        booking (after the guest cancelled through cancel_booking_request): nothing new is decided
//        here, so anyone may ask; → 200 {refunded, failed}
//   POST {action: 'refund', booking_id, amount_cents, reason}   admins: a full or partial refund
//   POST {action: 'process_refunds'}                 the scheduler (service role): refunds owed
import { z } from 'npm:zod@4';
import { adminCaller, bearerToken, env, serviceClient } from '../_shared/clients.ts';
import { clientAddress, errorResponse, jsonResponse } from '../_shared/cors.ts';
import { type DbError, refusalResponse } from '../_shared/refusal.ts';
import { processRefunds } from '../_shared/refunds.ts';
import { HttpError, readInput, servePost } from '../_shared/serve.ts';
import { siteOrigin } from '../_shared/site.ts';
import { stripeClient } from '../_shared/stripe.ts';

const link = { reference: z.string().min(1).max(20), token: z.string().min(10).max(200) };
/** The admin's refund form says the same (request_refund's refusal). */
const REFUND_AMOUNT = 'The refund must be more than 0 and at most what was paid online and not yet refunded.';
const requestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('checkout'), ...link }),
  z.object({ action: z.literal('session'), session_id: z.string().min(8).max(200), booking_id: z.uuid() }),
  z.object({ action: z.literal('settle'), booking_id: z.uuid() }),
  z.object({
    action: z.literal('refund'),
    booking_id: z.uuid(),
    amount_cents: z.number(REFUND_AMOUNT).int(REFUND_AMOUNT).positive(REFUND_AMOUNT).max(10_000_000, REFUND_AMOUNT),
    reason: z.string().trim().min(1).max(500),
  }),
  z.object({ action: z.literal('process_refunds') }),
]);
type Input = z.infer<typeof requestSchema>;

type CheckoutAnswer = CheckoutTarget | { refused: 'link_not_valid'; message: string };

interface CheckoutTarget {
  booking_id: string;
  reference: string;
  amount_cents: number;
  currency: string;
  guest_email: string;
  language: 'en' | 'it' | 'fr';
  hold_expires_at: string | null;
  room_name: string;
  check_in: string;
  check_out: string;
  open_session: { session_id: string; url: string } | null;
}

const MIN_EXPIRY_S = 30 * 60 + 30; // Stripe's shortest expiry is 30 minutes; a little margin
const MAX_EXPIRY_S = 23 * 3600;
const DEPOSIT_NAME = { en: 'Deposit', it: 'Caparra', fr: 'Acompte' } as const;

/**
 * A refusal of the database as the caller's 4xx: P0001 with a hint as its code; a booking that does
 * not exist (P0002, or "… not found.") is a 404; the ledger's own rule (refunds never above what was
 * paid, SQLSTATE 23514 refund_exceeds_paid) a 409. Anything else is the server's fault.
 */
function refusal(error: DbError): Response {
  if (error.code === '23514' && error.message.startsWith('refund_exceeds_paid'))
    return jsonResponse({ error: REFUND_AMOUNT, code: 'refund_exceeds_paid' }, 409);
  return refusalResponse(error, 'not_found');
}

function pagePrefix(language: string): string {
  return language === 'it' || language === 'fr' ? `${language}/` : '';
}

async function checkout(request: Request, input: Extract<Input, { action: 'checkout' }>): Promise<Response> {
  const address = clientAddress(request);
  if (!address) return errorResponse("The caller's address is unknown", 400);
  const service = serviceClient();
  const { data, error } = await service.rpc('payment_checkout_start', {
    p_reference: input.reference,
    p_token: input.token,
    p_client_address: address,
  });
  if (error) return refusal(error);
  const answer = data as CheckoutAnswer;
  if ('refused' in answer) return jsonResponse({ error: answer.message, code: answer.refused }, 404);
  const target = answer;
  if (target.open_session)
    return jsonResponse({ url: target.open_session.url, session_id: target.open_session.session_id });

  // back to the page's own site (the dev server, a preview, the tests' site), never another one
  const site = siteOrigin(request);
  const prefix = pagePrefix(target.language);
  const now = Math.floor(Date.now() / 1000);
  const holdEnd = target.hold_expires_at ? Math.floor(Date.parse(target.hold_expires_at) / 1000) : now + 3600;
  const expiresAt = Math.min(Math.max(holdEnd, now + MIN_EXPIRY_S), now + MAX_EXPIRY_S);
  const metadata = { booking_id: target.booking_id, reference: target.reference };
  const session = await stripeClient().checkout.sessions.create({
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'eur',
          unit_amount: target.amount_cents,
          product_data: {
            name: `${DEPOSIT_NAME[target.language] ?? DEPOSIT_NAME.en} ${target.reference} · ${target.room_name}`,
          },
        },
      },
    ],
    customer_email: target.guest_email,
    client_reference_id: target.reference,
    metadata,
    payment_intent_data: { metadata },
    locale: target.language,
    success_url: `${site}/${prefix}booking-success?session_id={CHECKOUT_SESSION_ID}&booking_id=${target.booking_id}`,
    // back to the dates still held, with the link that may pay again
    cancel_url: `${site}/${prefix}booking-cancelled?${new URLSearchParams({ reference: target.reference, token: input.token })}`,
    expires_at: expiresAt,
  });
  const { error: recordError } = await service.rpc('payment_checkout_record', {
    p_session_id: session.id,
    p_booking_id: target.booking_id,
    p_amount_cents: session.amount_total ?? target.amount_cents,
    p_currency: session.currency ?? 'eur',
    p_expires_at: new Date(session.expires_at * 1000).toISOString(),
    p_url: session.url ?? '',
    p_client_address: address,
  });
  if (recordError) throw new Error(`payment_checkout_record: ${recordError.message}`);
  return jsonResponse({ url: session.url, session_id: session.id });
}

async function sessionState(input: Extract<Input, { action: 'session' }>): Promise<Response> {
  const { data, error } = await serviceClient().rpc('payment_session_state', {
    p_session_id: input.session_id,
    p_booking_id: input.booking_id,
  });
  if (error) throw new Error(`payment_session_state: ${error.message}`);
  const state = data as { state: string };
  if (state.state === 'pending') {
    // paid at Stripe, the notice not yet applied: the page says the payment is being confirmed
    const session = await stripeClient().checkout.sessions.retrieve(input.session_id);
    if (session.payment_status === 'paid') return jsonResponse({ ...state, state: 'confirming' });
  }
  return jsonResponse(state);
}

async function refund(request: Request, input: Extract<Input, { action: 'refund' }>): Promise<Response> {
  const caller = await adminCaller(request, 'refund payments');
  if (caller instanceof Response) return caller;
  const { data, error } = await caller.db.rpc('request_refund', {
    p_booking_id: input.booking_id,
    p_amount_cents: input.amount_cents,
    p_reason: input.reason,
  });
  if (error) return error.code === '42501' ? errorResponse(error.message, 403) : refusal(error);
  const result = await processRefunds(serviceClient(), stripeClient(), input.booking_id);
  return jsonResponse({ requested_cents: data, ...result });
}

async function handle(request: Request): Promise<Response> {
  const input = await readInput(request, 4 * 1024, requestSchema);
  switch (input.action) {
    case 'checkout':
      return checkout(request, input);
    case 'session':
      return sessionState(input);
    case 'settle':
      return jsonResponse(await processRefunds(serviceClient(), stripeClient(), input.booking_id));
    case 'refund':
      return refund(request, input);
    case 'process_refunds':
      if (bearerToken(request) !== env('SUPABASE_SERVICE_ROLE_KEY'))
        throw new HttpError('Only the scheduler may do this', 403);
      return jsonResponse(await processRefunds(serviceClient(), stripeClient()));
  }
}

servePost('payments', 'The payment service failed', handle);
