-- The guest's e-mails carry the stay's money and the way to pay (issue 31): the deposit, the
-- balance, the last day of free cancellation, what is still due online and whether it can be paid
-- online right now. The acknowledgement of a request then offers the deposit (unless the host
-- confirms each request before payment: then it says the link follows), and the e-mail that says
-- the host accepted a request offers it once the guest may pay.

-- What the guest may pay online for this booking right now, in cents (0: nothing, or not yet): the
-- same rule as payment_checkout_start's (a pending request while held, unless the host confirms each
-- request first; a confirmed stay until its arrival day), nothing once a deposit was paid.
create function private.deposit_payable_cents(p_booking public.bookings)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when coalesce(p_booking.deposit_cents, 0) <= 0
      or exists (select 1 from public.payments p
        where p.booking_id = p_booking.id and p.kind = 'charge' and p.status = 'succeeded') then 0
    when (p_booking.status = 'pending' and p_booking.hold_expires_at > private.clock_now()
          and not (private.payment_policy()).confirm_before_payment)
      or (p_booking.status = 'confirmed'
          and p_booking.check_in_date >= (private.clock_now() at time zone 'Europe/Rome')::date)
      then greatest(p_booking.deposit_cents - private.booking_paid_cents(p_booking.id), 0)
    else 0
  end
$$;
comment on function private.deposit_payable_cents(public.bookings) is
  'Cents the guest may pay online now (0: nothing due, already paid, or not payable yet); the rule of payment_checkout_start.';

create or replace function private.booking_email_data(p_booking public.bookings)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'booking_id', p_booking.id,
    'reference', p_booking.reference,
    'status', p_booking.status,
    'guest_name', p_booking.guest_name,
    'guest_email', p_booking.guest_email,
    'guest_phone', p_booking.guest_phone,
    'guest_language', p_booking.guest_language,
    'room_name', r.name,
    'room_name_local', nullif(btrim(r.translations -> p_booking.guest_language ->> 'name'), ''),
    'room_number', r.room_number,
    'check_in', p_booking.check_in_date,
    'check_out', p_booking.check_out_date,
    'nights', p_booking.check_out_date - p_booking.check_in_date,
    'guests', p_booking.guests,
    'total_amount', p_booking.total_amount,
    'discount_amount', p_booking.discount_amount,
    'promo_code', p_booking.promo_code,
    'special_requests', p_booking.special_requests,
    'hold_expires_at', p_booking.hold_expires_at,
    'guest_confirmed', p_booking.guest_confirmed_at is not null,
    'house_address', (select nullif(btrim(c.value), '') from public.site_content c where c.key = 'contact_address'),
    'house_phone', (select nullif(btrim(c.value), '') from public.site_content c where c.key = 'contact_phone'),
    -- the stay's money as quoted and stored on the booking (cents), and the way to pay it
    'total_cents', p_booking.total_cents,
    'deposit_cents', p_booking.deposit_cents,
    'balance_cents', p_booking.balance_cents,
    'free_cancellation_until', p_booking.free_cancellation_until,
    'rate_plan', p_booking.rate_plan,
    'paid_cents', private.booking_paid_cents(p_booking.id),
    'payable_cents', private.deposit_payable_cents(p_booking),
    'payment_after_acceptance', p_booking.status = 'pending' and coalesce(p_booking.deposit_cents, 0) > 0
      and (private.payment_policy()).confirm_before_payment
  )
  from public.rooms r where r.id = p_booking.room_id
$$;
