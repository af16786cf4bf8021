-- Refusal codes (issue 29, section 3): every refusal a guest can meet in the booking functions
-- carries a stable code in the error's `hint` and, where its sentence holds values, those values as
-- JSON in the error's `detail` (PostgREST's `details`), e.g. hint 'min_stay', detail
-- {"min_nights": 3, "check_in": "2027-03-05"}. quote_stay's problems carry the same code and values
-- (`details`). The English `message` stays for the API; the site translates the code
-- (src/lib/refusals/refusals.ts). Bodies as in supabase/schema/bookings.sql before this migration,
-- with codes and values added; grants unchanged (create or replace keeps them).

create or replace function private.assert_stay_request(p_check_in date, p_check_out date, p_guests integer)
 returns void
 language plpgsql
 stable
 set search_path to ''
as $function$
begin
  if p_check_in is null or p_check_out is null then
    raise exception 'Please choose check-in and check-out dates.' using errcode = 'P0001', hint = 'dates_missing';
  end if;
  if p_check_out <= p_check_in then
    raise exception 'Check-out date must be after check-in date.' using errcode = 'P0001', hint = 'dates_order';
  end if;
  if p_check_in > current_date + 730 then
    raise exception 'Check-in date must be within the next two years.' using errcode = 'P0001', hint = 'too_far';
  end if;
  if p_check_out - p_check_in > 30 then
    raise exception 'A stay can be at most 30 nights.' using errcode = 'P0001', hint = 'too_long',
      detail = jsonb_build_object('max_nights', 30)::text;
  end if;
  if p_guests is null or p_guests < 1 or p_guests > 8 then
    raise exception 'Guests must be between 1 and 8.' using errcode = 'P0001', hint = 'guests_range',
      detail = jsonb_build_object('min_guests', 1, 'max_guests', 8)::text;
  end if;
end
$function$;

-- The season's stay rules as quote_stay's problems: {code, message, details}; request_booking
-- raises the first with its code as hint and its details as detail.
create or replace function private.stay_rule_problems(p_room_id uuid, p_check_in date, p_check_out date)
 returns jsonb
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
declare
  v_arrival record;
  v_departure record;
  v_problems jsonb := '[]';
begin
  select * into v_arrival from private.room_nights(p_room_id, p_check_in, p_check_in + 1);
  select * into v_departure from private.room_nights(p_room_id, p_check_out, p_check_out + 1);
  if v_arrival.night is not null and p_check_out - p_check_in < v_arrival.min_nights then
    v_problems := v_problems || jsonb_build_object(
      'code', 'min_stay',
      'message', format('A stay arriving on %s must be at least %s nights.',
        to_char(p_check_in, 'FMDay FMDD FMMonth YYYY'), v_arrival.min_nights),
      'details', jsonb_build_object('min_nights', v_arrival.min_nights, 'check_in', p_check_in));
  end if;
  if v_arrival.closed_to_arrival then
    v_problems := v_problems || jsonb_build_object(
      'code', 'closed_to_arrival',
      'message', format('Check-in is not possible on %ss for these dates. Please choose another arrival day.',
        to_char(p_check_in, 'FMDay')),
      'details', jsonb_build_object('check_in', p_check_in));
  end if;
  if v_departure.closed_to_departure then
    v_problems := v_problems || jsonb_build_object(
      'code', 'closed_to_departure',
      'message', format('Check-out is not possible on %ss for these dates. Please choose another departure day.',
        to_char(p_check_out, 'FMDay')),
      'details', jsonb_build_object('check_out', p_check_out));
  end if;
  return v_problems;
end
$function$;

create or replace function private.booking_for_limited_link(p_reference text, p_token text)
 RETURNS public.bookings
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c_limit constant integer := 60;
  c_window constant interval := interval '10 minutes';
  v_client text := private.request_client_key();
  v_booking public.bookings;
begin
  if v_client is null then
    raise exception 'We could not tell where your request comes from. Please try again.' using errcode = 'P0001',
      hint = 'no_address';
  end if;
  perform pg_advisory_xact_lock(hashtext('booking_link:' || v_client));
  if (
    select count(*) from private.rate_limit_hits h
    where h.action = 'booking_link' and h.client_key = v_client and h.created_at > now() - c_window
  ) >= c_limit then
    raise exception 'Too many attempts. Please try again in a few minutes.' using errcode = 'P0001',
      hint = 'too_many_attempts';
  end if;
  select b.* into v_booking
  from public.bookings b
  join private.booking_access_tokens t on t.booking_id = b.id
  where b.reference = upper(btrim(coalesce(p_reference, '')))
    and t.token_hash = extensions.digest(coalesce(p_token, ''), 'sha256')
    and t.revoked_at is null
    and t.expires_at > private.clock_now();
  if v_booking.id is null then
    insert into private.rate_limit_hits (action, client_key) values ('booking_link', v_client);
    delete from private.rate_limit_hits h
    where h.action = 'booking_link' and h.client_key = v_client and h.created_at < now() - c_window;
    return null;
  end if;
  return v_booking;
end
$function$;

create or replace function public.confirm_booking_request(p_reference text, p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_booking public.bookings := private.booking_for_limited_link(p_reference, p_token);
begin
  if v_booking.id is null then
    return private.booking_link_not_valid();
  end if;
  select * into v_booking from public.bookings where id = v_booking.id for update;
  if v_booking.status = 'pending' and v_booking.guest_confirmed_at is null then
    if v_booking.hold_expires_at <= private.clock_now() then
      raise exception 'This request has expired: its dates are no longer held. Please send a new request.'
        using errcode = 'P0001', hint = 'request_expired';
    end if;
    update public.bookings
    set guest_confirmed_at = private.clock_now(),
        hold_expires_at = private.clock_now() + make_interval(hours => (private.booking_settings()).confirmed_hold_hours)
    where id = v_booking.id
    returning * into v_booking;
    perform private.enqueue_email('request_confirmed_by_guest_host', private.host_email(), v_booking.id,
      private.booking_email_data(v_booking), 'en');
  end if;
  return private.booking_link_view(v_booking);
end
$function$;

create or replace function public.cancel_booking_request(p_reference text, p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_booking public.bookings := private.booking_for_limited_link(p_reference, p_token);
begin
  if v_booking.id is null then
    return private.booking_link_not_valid();
  end if;
  select * into v_booking from public.bookings where id = v_booking.id for update;
  if v_booking.status = 'cancelled' then
    return private.booking_link_view(v_booking);
  end if;
  if not private.guest_may_cancel(v_booking) then
    raise exception 'This booking can no longer be cancelled online. Please contact us.' using errcode = 'P0001',
      hint = 'cancel_not_allowed';
  end if;
  update public.bookings set status = 'cancelled' where id = v_booking.id returning * into v_booking;
  perform private.owe_cancellation_refund(v_booking, 'guest');
  perform private.enqueue_email('booking_cancelled_by_guest_host', private.host_email(), v_booking.id,
    private.booking_email_data(v_booking), 'en');
  return private.booking_link_view(v_booking);
end
$function$;
