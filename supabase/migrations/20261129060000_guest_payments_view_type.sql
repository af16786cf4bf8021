-- The guest's private page reads booking_payments_by_link (issue 29, section 3), the last answer
-- the site still read through a hand-written interface. Its shape is now a declared type,
-- public.guest_payments_view, so `npm run db:types` types it (CompositeTypes) and the page reads it
-- without a hand mapper, as 20261128030200_guest_booking_view_type.sql did for booking_by_link.
-- The function still returns jsonb: a link that is not valid answers PostgREST's error document
-- (private.booking_link_not_valid) instead of raising, so that the rate-limit hit it records is
-- kept, and a composite answer cannot carry that document. Same keys, same values as before.
-- Body as in supabase/schema/payments.sql before this migration.

-- a service the booking includes, as the guest's payment section lists it
create type public.guest_payment_extra as (
  name text,
  pricing_unit public.service_pricing_unit,
  quantity integer,
  unit_price_cents integer,
  line_total_cents integer
);

-- one entry of the booking's payment timeline
create type public.guest_payment_entry as (
  kind public.payment_kind,
  amount_cents integer,
  currency text,
  method text,
  status text,
  created_at timestamptz
);

-- the guest's payment section (booking_payments_by_link), written as JSON; cents throughout
create type public.guest_payments_view as (
  booking_id uuid,
  -- null for a booking made before prices were kept in cents
  total_cents integer,
  deposit_cents integer,
  balance_cents integer,
  extras_cents integer,
  -- 'flexible' or 'non_refundable'
  rate_plan text,
  paid_cents integer,
  due_now_cents integer,
  -- null on the non-refundable rate
  free_cancellation_until date,
  refund_if_cancelled_today integer,
  refund_pending_cents bigint,
  can_pay boolean,
  -- a request still waiting for the host, who accepts each request before payment
  payment_after_acceptance boolean,
  -- in the order they were added
  extras public.guest_payment_extra[],
  -- in the order they were made
  payments public.guest_payment_entry[]
);

create or replace function public.booking_payments_by_link(p_reference text, p_token text)
 returns jsonb
 language plpgsql
 security definer
 set search_path to ''
as $function$
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
  return to_jsonb(row(
    v_booking.id,
    v_booking.total_cents,
    v_booking.deposit_cents,
    v_booking.balance_cents,
    v_booking.extras_cents,
    v_booking.rate_plan,
    v_paid,
    case when v_charged then 0 else greatest(coalesce(v_booking.deposit_cents, 0) - v_paid, 0) end,
    v_booking.free_cancellation_until,
    private.refund_due(v_paid, v_booking.free_cancellation_until,
      (private.clock_now() at time zone 'Europe/Rome')::date),
    coalesce((select sum(q.amount_cents) from private.refund_requests q
      where q.booking_id = v_booking.id and q.status = 'pending'), 0),
    private.deposit_payable_cents(v_booking) > 0,
    not v_charged and coalesce(v_booking.deposit_cents, 0) > 0
      and v_booking.status = 'pending' and v_booking.hold_expires_at > private.clock_now()
      and (private.payment_policy()).confirm_before_payment,
    array(select row(e.service_name, e.pricing_unit, e.quantity, e.unit_price_cents, e.line_total_cents)
            ::public.guest_payment_extra
          from public.booking_extras e where e.booking_id = v_booking.id order by e.created_at),
    array(select row(p.kind, p.amount_cents, p.currency, p.method, p.status, p.created_at)::public.guest_payment_entry
          from public.payments p where p.booking_id = v_booking.id order by p.created_at)
  )::public.guest_payments_view);
end
$function$;
