// Carries out the refunds the database decided (private.refund_requests): each through Stripe's
// refund API with the request's id as the idempotency key, so a retry after a crash or a timeout
// never refunds twice; then records the answer (a ledger row and the e-mails, or the error for a
// later try by the scheduler).
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import type { Stripe } from './stripe.ts';

interface RefundRequest {
  request_id: string;
  booking_id: string;
  payment_intent_id: string;
  amount_cents: number;
  reason: string;
}

export async function processRefunds(
  service: SupabaseClient,
  stripe: Stripe,
  bookingId?: string,
): Promise<{ refunded: number; failed: number }> {
  const { data, error } = await service.rpc('claim_refund_requests', { p_booking_id: bookingId ?? null });
  if (error) throw new Error(`claim_refund_requests: ${error.message}`);
  const totals = { refunded: 0, failed: 0 };
  for (const request of (data ?? []) as RefundRequest[]) {
    let refundId: string | null = null;
    let failure: string | null = null;
    try {
      const refund = await stripe.refunds.create(
        {
          payment_intent: request.payment_intent_id,
          amount: request.amount_cents,
          reason: request.reason.startsWith('Paid twice') ? 'duplicate' : 'requested_by_customer',
          metadata: { booking_id: request.booking_id, refund_request_id: request.request_id },
        },
        { idempotencyKey: `refund-${request.request_id}` },
      );
      refundId = refund.id;
    } catch (caught) {
      failure = (caught as Error).message;
    }
    const { error: recordError } = await service.rpc('record_refund', {
      p_request_id: request.request_id,
      p_refund_id: refundId,
      p_error: failure,
    });
    if (recordError) throw new Error(`record_refund: ${recordError.message}`);
    if (refundId) totals.refunded++;
    else totals.failed++;
  }
  return totals;
}
