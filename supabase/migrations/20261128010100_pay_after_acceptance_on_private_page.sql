-- The guest's private page with "Confirm each request before payment" (issue 31): while the host has
-- not accepted the request, the payment section says the deposit is paid once they do; once they
-- have, it offers the payment. can_pay is now private.deposit_payable_cents' rule, the rule of
-- payment_checkout_start (a confirmed stay is payable until its arrival day), so the page never
-- offers a payment the function would refuse.
create or replace function public.booking_payments_by_link(p_reference text, p_token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings := private.booking_for_limited_link(p_reference, p_token);
  v_paid integer;
  v_charged boolean;
begin
  if v_booking.id is null then
    return private.booking_link_not_valid();
  end if;
  v_paid := private.booking_paid_cents(v_booking.id);
  v_charged := exists (select 1 from public.payments p
    where p.booking_id = v_booking.id and p.kind = 'charge' and p.status = 'succeeded');
  return jsonb_build_object(
    'booking_id', v_booking.id,
    'total_cents', v_booking.total_cents,
    'deposit_cents', v_booking.deposit_cents,
    'balance_cents', v_booking.balance_cents,
    'extras_cents', v_booking.extras_cents,
    'rate_plan', v_booking.rate_plan,
    'paid_cents', v_paid,
    'due_now_cents', case when v_charged then 0 else greatest(coalesce(v_booking.deposit_cents, 0) - v_paid, 0) end,
    'free_cancellation_until', v_booking.free_cancellation_until,
    'refund_if_cancelled_today', private.refund_due(v_paid, v_booking.free_cancellation_until,
      (private.clock_now() at time zone 'Europe/Rome')::date),
    'refund_pending_cents', coalesce((select sum(q.amount_cents) from private.refund_requests q
      where q.booking_id = v_booking.id and q.status = 'pending'), 0),
    'can_pay', private.deposit_payable_cents(v_booking) > 0,
    -- a request still waiting for the host, who accepts each request before payment
    'payment_after_acceptance', not v_charged and coalesce(v_booking.deposit_cents, 0) > 0
      and v_booking.status = 'pending' and v_booking.hold_expires_at > private.clock_now()
      and (private.payment_policy()).confirm_before_payment,
    'extras', coalesce((select jsonb_agg(jsonb_build_object('name', e.service_name, 'pricing_unit', e.pricing_unit,
        'quantity', e.quantity, 'unit_price_cents', e.unit_price_cents, 'line_total_cents', e.line_total_cents)
        order by e.created_at)
      from public.booking_extras e where e.booking_id = v_booking.id), '[]'),
    'payments', coalesce((select jsonb_agg(jsonb_build_object('kind', p.kind, 'amount_cents', p.amount_cents,
        'currency', p.currency, 'method', p.method, 'status', p.status, 'created_at', p.created_at) order by p.created_at)
      from public.payments p where p.booking_id = v_booking.id), '[]')
  );
end
$$;
