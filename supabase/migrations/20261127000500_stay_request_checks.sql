-- quote_stay and request_booking refuse the same stays with the same sentences (issue 30, item 6),
-- and request_booking follows the one text and e-mail rules (items 1 and 3).
--
--   private.assert_stay_request(check_in, check_out, guests): dates given and in order, check-in
--       within the next 730 days, at most 30 nights, 1 to 8 guests. Raises P0001 with the sentence
--       and a stable code in the hint (dates_missing, dates_order, too_far, too_long, guests_range).
--       quote_stay called 0 or -1 guests and a stay two years out "bookable"; now both call this.
--   public.quote_stay: same function as in 20261125200000_room_rate_seasons.sql, with that check.
--   public.request_booking: same function as in 20261125200100_request_booking_seasonal_prices.sql,
--       with that check, the one-line name (private.assert_one_line_text), the multi-line special
--       requests (private.assert_multiline_text) and the one e-mail rule (private.is_valid_email).
--       A past check-in stays request_booking's refusal and quote_stay's 'past' problem, as before.
--       Every refusal of request_booking carries a stable code in its hint: the input's (name_missing,
--       name_too_long, text_not_allowed, email_missing, email_not_valid, phone_too_long,
--       phone_not_valid, requests_too_long, past), the check above, the limits (no_address,
--       too_many_requests, open_requests, open_requests_email), the room (room_not_valid,
--       room_unavailable, guests, unavailable: quote_stay's problem codes), the stay rules
--       (private.stay_rule_problems' codes) and the promo code (promo_not_yet_valid, promo_expired,
--       promo_limit_reached, promo_wrong_room, promo_invalid).

create or replace function private.assert_stay_request(p_check_in date, p_check_out date, p_guests integer)
returns void
language plpgsql
stable
set search_path = ''
as $$
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
    raise exception 'A stay can be at most 30 nights.' using errcode = 'P0001', hint = 'too_long';
  end if;
  if p_guests is null or p_guests < 1 or p_guests > 8 then
    raise exception 'Guests must be between 1 and 8.' using errcode = 'P0001', hint = 'guests_range';
  end if;
end
$$;

create or replace function public.quote_stay(
  p_room_id uuid, p_check_in date, p_check_out date, p_guests integer, p_promo_code text default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_room public.rooms;
  v_code text := nullif(upper(btrim(coalesce(p_promo_code, ''))), '');
  v_promo jsonb;
  v_pct integer := 0;
  v_problems jsonb := '[]';
  v_price jsonb;
begin
  select * into v_room from public.rooms r where r.id = p_room_id;
  if not found then
    raise exception 'Please select a valid room.' using errcode = 'P0001', hint = 'room_not_valid';
  end if;
  perform private.assert_stay_request(p_check_in, p_check_out, p_guests);

  if p_check_in < current_date then
    v_problems := v_problems || jsonb_build_object('code', 'past', 'message', 'Check-in date cannot be in the past.');
  end if;
  if v_room.status <> 'available' then
    v_problems := v_problems || jsonb_build_object('code', 'room_unavailable', 'message', 'This room is not available for booking.');
  elsif private.room_has_overlap(p_room_id, p_check_in, p_check_out) then
    v_problems := v_problems || jsonb_build_object('code', 'unavailable', 'message', 'This room is not available for the selected dates.');
  end if;
  if p_guests > v_room.max_guests then
    v_problems := v_problems || jsonb_build_object('code', 'guests',
      'message', format('This room accommodates at most %s guests.', v_room.max_guests));
  end if;
  v_problems := v_problems || private.stay_rule_problems(p_room_id, p_check_in, p_check_out);

  if v_code is not null then
    v_promo := public.check_promo_code(v_code, p_room_id);
    if v_promo ->> 'status' = 'valid' then
      v_pct := (v_promo ->> 'discount_percentage')::integer;
    end if;
  end if;

  v_price := private.price_stay(p_room_id, p_check_in, p_check_out, p_guests, v_pct);
  return v_price || jsonb_build_object(
    'room_id', p_room_id,
    'check_in', p_check_in,
    'check_out', p_check_out,
    'guests', p_guests,
    'promo_code', case when v_pct > 0 then v_code end,
    'promo_status', v_promo ->> 'status',
    'bookable', jsonb_array_length(v_problems) = 0,
    'problems', v_problems
  );
end
$$;

create or replace function public.request_booking(
  p_room_id uuid,
  p_check_in date,
  p_check_out date,
  p_guests integer,
  p_guest_name text,
  p_guest_email text,
  p_guest_phone text default null,
  p_special_requests text default null,
  p_promo_code text default null,
  p_language text default 'en'
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c_rate_limit constant integer := 10;
  c_rate_window constant interval := interval '10 minutes';
  c_open_requests constant integer := 2;
  v_name text := btrim(coalesce(p_guest_name, ''));
  v_email text := btrim(coalesce(p_guest_email, ''));
  v_email_key text := lower(btrim(coalesce(p_guest_email, '')));
  v_phone text := nullif(btrim(coalesce(p_guest_phone, '')), '');
  v_requests text := nullif(btrim(coalesce(p_special_requests, '')), '');
  v_code text := nullif(upper(btrim(coalesce(p_promo_code, ''))), '');
  v_language text := coalesce(nullif(btrim(p_language), ''), 'en');
  v_address text := private.client_address();
  v_room public.rooms;
  v_promo public.room_promo_codes;
  v_pct integer := 0;
  v_rules jsonb;
  v_price jsonb;
  v_booking public.bookings;
  v_token text;
begin
  -- input: the guest's own fields (one rule for texts and e-mail addresses), then the stay's
  if v_name = '' then
    raise exception 'Please enter your name.' using errcode = 'P0001', hint = 'name_missing';
  end if;
  if char_length(v_name) > 100 then
    raise exception 'Name must be at most 100 characters.' using errcode = 'P0001', hint = 'name_too_long';
  end if;
  perform private.assert_one_line_text(v_name, 'Name');
  if v_email = '' then
    raise exception 'Please enter your email address.' using errcode = 'P0001', hint = 'email_missing';
  end if;
  if not private.is_valid_email(v_email) then
    raise exception 'Please enter a valid email address.' using errcode = 'P0001', hint = 'email_not_valid';
  end if;
  if v_phone is not null and char_length(v_phone) > 20 then
    raise exception 'Phone number must be at most 20 characters.' using errcode = 'P0001', hint = 'phone_too_long';
  end if;
  if v_phone is not null and v_phone !~ '^[0-9+()./ -]+$' then
    raise exception 'Please enter a valid phone number.' using errcode = 'P0001', hint = 'phone_not_valid';
  end if;
  v_requests := private.assert_multiline_text(v_requests, 'Special requests');
  if v_requests is not null and char_length(v_requests) > 1000 then
    raise exception 'Special requests must be at most 1000 characters.' using errcode = 'P0001',
      hint = 'requests_too_long';
  end if;
  if v_language not in ('en', 'it', 'fr') then
    v_language := 'en';
  end if;
  if p_check_in is not null and p_check_in < current_date then
    raise exception 'Check-in date cannot be in the past.' using errcode = 'P0001', hint = 'past';
  end if;
  perform private.assert_stay_request(p_check_in, p_check_out, p_guests);

  -- who is asking: one bucket per address, whoever is signed in; no address, no request
  if v_address is null then
    raise exception 'We could not tell where your request comes from, so it was not sent. Please try again.'
      using errcode = 'P0001', hint = 'no_address';
  end if;
  -- serialised per address and per e-mail address so parallel requests count correctly
  perform pg_advisory_xact_lock(hashtext('request_booking:ip:' || v_address));
  perform pg_advisory_xact_lock(hashtext('request_booking:email:' || v_email_key));
  if (
    select count(*) from private.rate_limit_hits h
    where h.action = 'request_booking' and h.client_key = 'ip:' || v_address and h.created_at > now() - c_rate_window
  ) >= c_rate_limit then
    raise exception 'Too many booking requests. Please try again in a few minutes.' using errcode = 'P0001',
      hint = 'too_many_requests';
  end if;
  if (
    select count(*) from private.booking_request_origins o join public.bookings b on b.id = o.booking_id
    where o.client_address = v_address and b.status = 'pending' and b.hold_expires_at > private.clock_now()
  ) >= c_open_requests then
    raise exception 'You already have 2 requests waiting for an answer. Please confirm or cancel one of them, or wait for the host''s reply.'
      using errcode = 'P0001', hint = 'open_requests';
  end if;
  if (
    select count(*) from private.booking_request_origins o join public.bookings b on b.id = o.booking_id
    where o.email_key = v_email_key and b.status = 'pending' and b.hold_expires_at > private.clock_now()
  ) >= c_open_requests then
    raise exception 'This e-mail address already has 2 requests waiting for an answer. Please confirm or cancel one of them, or wait for the host''s reply.'
      using errcode = 'P0001', hint = 'open_requests_email';
  end if;

  -- room (locked: concurrent requests for the same room run one after the other)
  if p_room_id is null then
    raise exception 'Please select a valid room.' using errcode = 'P0001', hint = 'room_not_valid';
  end if;
  select * into v_room from public.rooms r where r.id = p_room_id for no key update;
  if not found then
    raise exception 'Please select a valid room.' using errcode = 'P0001', hint = 'room_not_valid';
  end if;
  if v_room.status <> 'available' then
    raise exception 'This room is not available for booking.' using errcode = 'P0001', hint = 'room_unavailable';
  end if;
  if p_guests > v_room.max_guests then
    raise exception 'This room accommodates at most % guests.', v_room.max_guests using errcode = 'P0001',
      hint = 'guests';
  end if;
  if private.room_has_overlap(p_room_id, p_check_in, p_check_out) then
    raise exception 'This room is not available for the selected dates.' using errcode = 'P0001',
      hint = 'unavailable';
  end if;

  -- the season's stay rules (minimum stay, closed arrival or departure), in quote_stay's sentences
  v_rules := private.stay_rule_problems(p_room_id, p_check_in, p_check_out);
  if jsonb_array_length(v_rules) > 0 then
    raise exception '%', v_rules -> 0 ->> 'message' using errcode = 'P0001', hint = v_rules -> 0 ->> 'code';
  end if;

  -- promo code (row locked: the last use of a limited code goes to one request only)
  if v_code is not null then
    select * into v_promo from public.room_promo_codes c
    where c.room_id = p_room_id and c.promo_code = v_code and c.is_active
    for update;
    if found then
      case private.promo_status(v_promo)
        when 'not_yet_valid' then
          raise exception 'This promo code is not yet active.' using errcode = 'P0001', hint = 'promo_not_yet_valid';
        when 'expired' then
          raise exception 'This promo code has expired.' using errcode = 'P0001', hint = 'promo_expired';
        when 'limit_reached' then
          raise exception 'This promo code has reached its usage limit.' using errcode = 'P0001',
            hint = 'promo_limit_reached';
        else
          update public.room_promo_codes set current_uses = current_uses + 1 where id = v_promo.id;
          v_pct := v_promo.discount_percentage;
      end case;
    elsif private.fallback_promo_percentage(v_code) is not null then
      v_pct := private.fallback_promo_percentage(v_code);
    elsif exists (select 1 from public.room_promo_codes c where c.promo_code = v_code and c.is_active) then
      raise exception 'This promo code is not valid for the selected room.' using errcode = 'P0001',
        hint = 'promo_wrong_room';
    else
      raise exception 'Invalid promo code. Please check your promo code and try again.' using errcode = 'P0001',
        hint = 'promo_invalid';
    end if;
  end if;

  -- price: night by night, the pricing quote_stay shows (private.price_stay), the nights stored
  v_price := private.price_stay(p_room_id, p_check_in, p_check_out, p_guests, v_pct);

  insert into public.bookings (
    room_id, guest_name, guest_email, guest_phone, check_in_date, check_out_date, guests,
    total_amount, discount_amount, promo_code, status, special_requests, guest_language, hold_expires_at,
    nightly_rates
  ) values (
    p_room_id, v_name, v_email, v_phone, p_check_in, p_check_out, p_guests,
    (v_price ->> 'total')::numeric, (v_price ->> 'discount_amount')::numeric,
    case when v_pct > 0 then v_code end, 'pending', v_requests, v_language,
    private.clock_now() + make_interval(mins => (private.booking_settings()).unconfirmed_hold_minutes),
    v_price -> 'nightly'
  )
  returning * into v_booking;

  insert into private.booking_request_origins (booking_id, client_address, email_key)
  values (v_booking.id, v_address, v_email_key);
  insert into private.rate_limit_hits (action, client_key) values ('request_booking', 'ip:' || v_address);
  delete from private.rate_limit_hits h
  where h.action = 'request_booking' and h.client_key = 'ip:' || v_address and h.created_at < now() - c_rate_window;

  v_token := private.issue_booking_token(v_booking);
  perform private.enqueue_email('request_received_host', private.host_email(), v_booking.id,
    private.booking_email_data(v_booking), 'en');
  perform private.enqueue_email('request_acknowledgement', v_booking.guest_email, v_booking.id,
    private.booking_email_data(v_booking) || jsonb_build_object('token', v_token), v_language);

  return jsonb_build_object(
    'booking_id', v_booking.id,
    'reference', v_booking.reference,
    'nights', (v_price ->> 'nights')::integer,
    'price_per_night', (
      select case when count(distinct (n ->> 'price')::numeric) = 1 then min((n ->> 'price')::numeric) end
      from jsonb_array_elements(v_price -> 'nightly') n
    ),
    'subtotal', (v_price ->> 'subtotal')::numeric,
    'discount_percentage', v_pct,
    'discount_amount', (v_price ->> 'discount_amount')::numeric,
    'total_amount', (v_price ->> 'total')::numeric,
    'hold_expires_at', v_booking.hold_expires_at,
    'nightly', v_price -> 'nightly',
    'city_tax', v_price -> 'city_tax'
  );
end
$$;

revoke execute on function public.request_booking(uuid, date, date, integer, text, text, text, text, text, text)
from public, anon, authenticated;
grant execute on function public.request_booking(uuid, date, date, integer, text, text, text, text, text, text)
to anon, authenticated;

revoke execute on all functions in schema private from public, anon, authenticated;
