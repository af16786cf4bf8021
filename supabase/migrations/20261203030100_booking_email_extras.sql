-- The host's new-request e-mail lists the extras, the rate, the deposit and the balance (issue 40 §4):
-- the e-mail data carries the booking's extras (as stored by private.store_booking_extras) and its
-- nightly rates, beside the rate plan, the deposit and the balance it already had.
create or replace function private.booking_email_data(p_booking public.bookings)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $$
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
    -- the extras the guest chose (public.booking_extras, priced by the server) and their sum
    'extras_cents', p_booking.extras_cents,
    'extras', coalesce((select jsonb_agg(jsonb_build_object(
        'name', x.service_name, 'pricing_unit', x.pricing_unit, 'quantity', x.quantity,
        'unit_price_cents', x.unit_price_cents, 'line_total_cents', x.line_total_cents)
        order by x.created_at, x.id)
      from public.booking_extras x where x.booking_id = p_booking.id), '[]'::jsonb),
    -- the rate night by night (bookings.nightly_rates, as priced by private.price_stay)
    'nightly_rates', p_booking.nightly_rates,
    'paid_cents', private.booking_paid_cents(p_booking.id),
    'payable_cents', private.deposit_payable_cents(p_booking),
    'payment_after_acceptance', p_booking.status = 'pending' and coalesce(p_booking.deposit_cents, 0) > 0
      and (private.payment_policy()).confirm_before_payment,
    -- the cancellation terms (public.cancellation_terms_view) and their sentences
    'cancellation', private.booking_cancellation_terms(p_booking),
    'cancellation_house', private.house_cancellation_terms((private.payment_policy()).free_cancellation_days),
    'cancellation_catalog', (select jsonb_object_agg(l.lang, private.cancellation_catalog() -> l.lang)
      from unnest(array['en', p_booking.guest_language]) l (lang))
  )
  from public.rooms r where r.id = p_booking.room_id
$$;
