-- The host's e-mails say which language the guest wrote in (issue 23): the facts every booking
-- e-mail shows carry bookings.guest_language. The guest's own e-mails already go out in it (the
-- outbox's `language`, written from guest_language by request_booking, the status trigger, the
-- arrival reminder and the review request); the host's rows stay 'en', the staff portal's language.
-- The guest's e-mails name the room as the site does in their language ('room_name_local', from
-- rooms.translations, 20261126010000); the host's keep the English name.
-- Same function as in 20261125100100_stay_request_holds_and_emails.sql, plus 'guest_language' and
-- 'room_name_local'.
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
    'house_phone', (select nullif(btrim(c.value), '') from public.site_content c where c.key = 'contact_phone')
  )
  from public.rooms r where r.id = p_booking.room_id
$$;
