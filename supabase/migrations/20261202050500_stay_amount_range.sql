-- An amount out of range gets its own refusal (issue 42): a stay whose money does not fit (a
-- staff-priced extra of €1,000,000 a night answered "integer out of range") or whose total is above
-- the sane maximum a checkout takes (10,000,000 cents, private.checkout_sessions' rule) is refused by
-- quote_stay and request_booking with hint amount_out_of_range, never a database error.

create or replace function private.stay_money_in_range(p_room_id uuid, p_check_in date, p_check_out date,
  p_guests integer, p_discount_percentage integer, p_extras jsonb, p_rate_plan text)
returns jsonb
language plpgsql
stable
security definer
set search_path to ''
as $$
declare
  v_price jsonb;
begin
  begin
    v_price := private.stay_money(p_room_id, p_check_in, p_check_out, p_guests, p_discount_percentage, p_extras,
      p_rate_plan);
  exception when numeric_value_out_of_range then
    v_price := null;
  end;
  if v_price is null or (v_price ->> 'total_cents')::bigint > 10000000 then
    raise exception 'This stay comes to more than can be booked online. Please contact us.' using errcode = 'P0001',
      hint = 'amount_out_of_range', detail = jsonb_build_object('max_total_cents', 10000000)::text;
  end if;
  return v_price;
end
$$;
comment on function private.stay_money_in_range(uuid, date, date, integer, integer, jsonb, text) is
  'private.stay_money, refused (amount_out_of_range) when it overflows or totals more than 10,000,000 cents.';


create or replace function public.quote_stay(p_room_id uuid, p_check_in date, p_check_out date, p_guests integer, p_promo_code text DEFAULT NULL::text, p_extras jsonb DEFAULT '[]'::jsonb, p_rate_plan text DEFAULT 'flexible'::text)
 RETURNS public.stay_quote
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_room public.rooms;
  v_code text := nullif(upper(btrim(coalesce(p_promo_code, ''))), '');
  v_promo public.promo_check;
  v_pct integer := 0;
  v_problems jsonb := '[]';
  v_price jsonb;
begin
  select * into v_room from public.rooms r where r.id = p_room_id;
  if not found then
    raise exception 'Please select a valid room.' using errcode = 'P0001', hint = 'room_not_valid';
  end if;
  perform private.assert_stay_request(p_check_in, p_check_out, p_guests);

  if p_check_in < private.rome_today() then
    v_problems := v_problems || jsonb_build_object('code', 'past', 'message', 'Check-in date cannot be in the past.');
  end if;
  if v_room.status <> 'available' then
    v_problems := v_problems || jsonb_build_object('code', 'room_unavailable', 'message', 'This room is not available for booking.');
  elsif private.room_has_overlap(p_room_id, p_check_in, p_check_out) then
    v_problems := v_problems || jsonb_build_object('code', 'unavailable', 'message', 'This room is not available for the selected dates.');
  end if;
  if p_guests > v_room.max_guests then
    v_problems := v_problems || jsonb_build_object('code', 'guests',
      'message', format('This room accommodates at most %s guests.', v_room.max_guests),
      'details', jsonb_build_object('max_guests', v_room.max_guests));
  end if;
  v_problems := v_problems || private.stay_rule_problems(p_room_id, p_check_in, p_check_out);

  if v_code is not null then
    v_promo := public.check_promo_code(v_code, p_room_id);
    if v_promo.status = 'valid' then
      v_pct := v_promo.discount_percentage;
    end if;
  end if;

  -- the price and the money (extras, rate plan, deposit, balance, refunds) in one place
  v_price := private.stay_money_in_range(p_room_id, p_check_in, p_check_out, p_guests, v_pct, p_extras, p_rate_plan);
  return jsonb_populate_record(null::public.stay_quote, v_price || jsonb_build_object(
    'room_id', p_room_id,
    'check_in', p_check_in,
    'check_out', p_check_out,
    'guests', p_guests,
    'promo_code', case when v_pct > 0 then v_code end,
    'promo_status', v_promo.status,
    'bookable', jsonb_array_length(v_problems) = 0,
    'problems', v_problems
  ));
end
$function$;

create or replace function public.request_booking(p_room_id uuid, p_check_in date, p_check_out date, p_guests integer, p_guest_name text, p_guest_email text, p_guest_phone text DEFAULT NULL::text, p_special_requests text DEFAULT NULL::text, p_promo_code text DEFAULT NULL::text, p_language text DEFAULT 'en'::text, p_extras jsonb DEFAULT '[]'::jsonb, p_rate_plan text DEFAULT 'flexible'::text)
 RETURNS public.booking_request_result
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    raise exception 'Name must be at most 100 characters.' using errcode = 'P0001', hint = 'name_too_long',
      detail = jsonb_build_object('max_length', 100)::text;
  end if;
  perform private.assert_one_line_text(v_name, 'Name');
  if v_email = '' then
    raise exception 'Please enter your email address.' using errcode = 'P0001', hint = 'email_missing';
  end if;
  if not private.is_valid_email(v_email) then
    raise exception 'Please enter a valid email address.' using errcode = 'P0001', hint = 'email_not_valid';
  end if;
  if v_phone is not null and char_length(v_phone) > 20 then
    raise exception 'Phone number must be at most 20 characters.' using errcode = 'P0001', hint = 'phone_too_long',
      detail = jsonb_build_object('max_length', 20)::text;
  end if;
  if v_phone is not null and v_phone !~ '^[0-9+()./ -]+$' then
    raise exception 'Please enter a valid phone number.' using errcode = 'P0001', hint = 'phone_not_valid';
  end if;
  v_requests := private.assert_multiline_text(v_requests, 'Special requests');
  if v_requests is not null and char_length(v_requests) > 1000 then
    raise exception 'Special requests must be at most 1000 characters.' using errcode = 'P0001',
      hint = 'requests_too_long', detail = jsonb_build_object('max_length', 1000)::text;
  end if;
  if v_language not in ('en', 'it', 'fr') then
    v_language := 'en';
  end if;
  -- the house's today (Europe/Rome), not the server's: between Rome's midnight and UTC's, Rome's
  -- yesterday is in the past
  if p_check_in is not null and p_check_in < private.rome_today() then
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
      using errcode = 'P0001', hint = 'open_requests',
      detail = jsonb_build_object('open_requests', c_open_requests)::text;
  end if;
  if (
    select count(*) from private.booking_request_origins o join public.bookings b on b.id = o.booking_id
    where o.email_key = v_email_key and b.status = 'pending' and b.hold_expires_at > private.clock_now()
  ) >= c_open_requests then
    raise exception 'This e-mail address already has 2 requests waiting for an answer. Please confirm or cancel one of them, or wait for the host''s reply.'
      using errcode = 'P0001', hint = 'open_requests_email',
      detail = jsonb_build_object('open_requests', c_open_requests)::text;
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
      hint = 'guests', detail = jsonb_build_object('max_guests', v_room.max_guests)::text;
  end if;
  if private.room_has_overlap(p_room_id, p_check_in, p_check_out) then
    raise exception 'This room is not available for the selected dates.' using errcode = 'P0001',
      hint = 'unavailable';
  end if;

  -- the season's stay rules (minimum stay, closed arrival or departure), in quote_stay's sentences
  v_rules := private.stay_rule_problems(p_room_id, p_check_in, p_check_out);
  if jsonb_array_length(v_rules) > 0 then
    raise exception '%', v_rules -> 0 ->> 'message' using errcode = 'P0001', hint = v_rules -> 0 ->> 'code',
      detail = (v_rules -> 0 -> 'details')::text;
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
  v_price := private.stay_money_in_range(p_room_id, p_check_in, p_check_out, p_guests, v_pct, p_extras, p_rate_plan);

  insert into public.bookings (
    room_id, guest_name, guest_email, guest_phone, check_in_date, check_out_date, guests,
    total_amount, discount_amount, promo_code, status, special_requests, guest_language, hold_expires_at,
    nightly_rates, rate_plan, extras_cents, total_cents, deposit_cents, balance_cents, free_cancellation_until
  ) values (
    p_room_id, v_name, v_email, v_phone, p_check_in, p_check_out, p_guests,
    (v_price ->> 'total_cents')::integer / 100.0, (v_price ->> 'discount_amount')::numeric,
    case when v_pct > 0 then v_code end, 'pending', v_requests, v_language,
    private.clock_now() + make_interval(mins => (private.booking_settings()).unconfirmed_hold_minutes),
    v_price -> 'nightly', v_price ->> 'rate_plan', (v_price ->> 'extras_cents')::integer,
    (v_price ->> 'total_cents')::integer, (v_price ->> 'deposit_cents')::integer, (v_price ->> 'balance_cents')::integer,
    (v_price ->> 'free_cancellation_until')::date
  )
  returning * into v_booking;
  perform private.store_booking_extras(v_booking.id, v_price -> 'extras');

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

  return jsonb_populate_record(null::public.booking_request_result, v_price || jsonb_build_object(
    'booking_id', v_booking.id,
    'reference', v_booking.reference,
    'price_per_night', (
      select case when count(distinct (n ->> 'price')::numeric) = 1 then min((n ->> 'price')::numeric) end
      from jsonb_array_elements(v_price -> 'nightly') n
    ),
    'discount_percentage', v_pct,
    'total_amount', (v_price ->> 'total')::numeric,
    'hold_expires_at', v_booking.hold_expires_at,
    -- the private link's token, the same as the acknowledgement's: the success step pays with it
    'access_token', v_token
  ));
end
$function$;
