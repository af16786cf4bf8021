-- The money in the quote and in the request (issue 31): quote_stay and request_booking price the
-- stay, its extras and the policy's deposit, balance and refunds once, through private.stay_money
-- (20261127050000_payment_policy_and_ledger.sql), and request_booking stores them on the booking
-- (rate plan, extras' lines, total, deposit, balance, last day of free cancellation, all in cents).
-- Both gain two arguments with defaults, so today's callers keep working:
--   p_extras     [{service_id, quantity}]: the guest's extras, priced on the server
--   p_rate_plan  'flexible' (the default) or 'non_refundable'
-- The bodies are those of 20261127000500_stay_request_checks.sql (branch harden), with
-- private.price_stay replaced by private.stay_money and the money stored and returned. A later
-- change of either function starts from this version.
-- A bookings' total_amount is now the total in all (nights after discounts plus extras).

drop function if exists public.quote_stay(uuid, date, date, integer, text);
drop function if exists public.request_booking(uuid, date, date, integer, text, text, text, text, text, text);

create or replace function public.quote_stay(
  p_room_id uuid, p_check_in date, p_check_out date, p_guests integer, p_promo_code text default null,
  p_extras jsonb default '[]', p_rate_plan text default 'flexible'
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
    raise exception 'Please select a valid room.' using errcode = 'P0001';
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

  -- the price and the money (extras, rate plan, deposit, balance, refunds) in one place
  v_price := private.stay_money(p_room_id, p_check_in, p_check_out, p_guests, v_pct, p_extras, p_rate_plan);
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
  p_language text default 'en',
  p_extras jsonb default '[]',
  p_rate_plan text default 'flexible'
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
      using errcode = 'P0001';
  end if;
  -- serialised per address and per e-mail address so parallel requests count correctly
  perform pg_advisory_xact_lock(hashtext('request_booking:ip:' || v_address));
  perform pg_advisory_xact_lock(hashtext('request_booking:email:' || v_email_key));
  if (
    select count(*) from private.rate_limit_hits h
    where h.action = 'request_booking' and h.client_key = 'ip:' || v_address and h.created_at > now() - c_rate_window
  ) >= c_rate_limit then
    raise exception 'Too many booking requests. Please try again in a few minutes.' using errcode = 'P0001';
  end if;
  if (
    select count(*) from private.booking_request_origins o join public.bookings b on b.id = o.booking_id
    where o.client_address = v_address and b.status = 'pending' and b.hold_expires_at > private.clock_now()
  ) >= c_open_requests then
    raise exception 'You already have 2 requests waiting for an answer. Please confirm or cancel one of them, or wait for the host''s reply.'
      using errcode = 'P0001';
  end if;
  if (
    select count(*) from private.booking_request_origins o join public.bookings b on b.id = o.booking_id
    where o.email_key = v_email_key and b.status = 'pending' and b.hold_expires_at > private.clock_now()
  ) >= c_open_requests then
    raise exception 'This e-mail address already has 2 requests waiting for an answer. Please confirm or cancel one of them, or wait for the host''s reply.'
      using errcode = 'P0001';
  end if;

  -- room (locked: concurrent requests for the same room run one after the other)
  if p_room_id is null then
    raise exception 'Please select a valid room.' using errcode = 'P0001';
  end if;
  select * into v_room from public.rooms r where r.id = p_room_id for no key update;
  if not found then
    raise exception 'Please select a valid room.' using errcode = 'P0001';
  end if;
  if v_room.status <> 'available' then
    raise exception 'This room is not available for booking.' using errcode = 'P0001';
  end if;
  if p_guests > v_room.max_guests then
    raise exception 'This room accommodates at most % guests.', v_room.max_guests using errcode = 'P0001';
  end if;
  if private.room_has_overlap(p_room_id, p_check_in, p_check_out) then
    raise exception 'This room is not available for the selected dates.' using errcode = 'P0001';
  end if;

  -- the season's stay rules (minimum stay, closed arrival or departure), in quote_stay's sentences
  v_rules := private.stay_rule_problems(p_room_id, p_check_in, p_check_out);
  if jsonb_array_length(v_rules) > 0 then
    raise exception '%', v_rules -> 0 ->> 'message' using errcode = 'P0001';
  end if;

  -- promo code (row locked: the last use of a limited code goes to one request only)
  if v_code is not null then
    select * into v_promo from public.room_promo_codes c
    where c.room_id = p_room_id and c.promo_code = v_code and c.is_active
    for update;
    if found then
      case private.promo_status(v_promo)
        when 'not_yet_valid' then
          raise exception 'This promo code is not yet active.' using errcode = 'P0001';
        when 'expired' then
          raise exception 'This promo code has expired.' using errcode = 'P0001';
        when 'limit_reached' then
          raise exception 'This promo code has reached its usage limit.' using errcode = 'P0001';
        else
          update public.room_promo_codes set current_uses = current_uses + 1 where id = v_promo.id;
          v_pct := v_promo.discount_percentage;
      end case;
    elsif private.fallback_promo_percentage(v_code) is not null then
      v_pct := private.fallback_promo_percentage(v_code);
    elsif exists (select 1 from public.room_promo_codes c where c.promo_code = v_code and c.is_active) then
      raise exception 'This promo code is not valid for the selected room.' using errcode = 'P0001';
    else
      raise exception 'Invalid promo code. Please check your promo code and try again.' using errcode = 'P0001';
    end if;
  end if;

  -- price: night by night, the pricing quote_stay shows (private.price_stay), the nights stored
  v_price := private.stay_money(p_room_id, p_check_in, p_check_out, p_guests, v_pct, p_extras, p_rate_plan);

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
    'city_tax', v_price -> 'city_tax',
    'rate_plan', v_price -> 'rate_plan',
    'nonrefundable_discount_cents', v_price -> 'nonrefundable_discount_cents',
    'extras', v_price -> 'extras',
    'extras_cents', v_price -> 'extras_cents',
    'total_cents', v_price -> 'total_cents',
    'deposit_cents', v_price -> 'deposit_cents',
    'balance_cents', v_price -> 'balance_cents',
    'pay_online', v_price -> 'pay_online',
    'confirm_before_payment', v_price -> 'confirm_before_payment',
    'free_cancellation_until', v_price -> 'free_cancellation_until',
    'refund_schedule', v_price -> 'refund_schedule'
  );
end
$$;


revoke execute on function public.quote_stay(uuid, date, date, integer, text, jsonb, text) from public;
grant execute on function public.quote_stay(uuid, date, date, integer, text, jsonb, text) to anon, authenticated, service_role;
revoke execute on function public.request_booking(uuid, date, date, integer, text, text, text, text, text, text, jsonb, text)
from public, anon, authenticated;
grant execute on function public.request_booking(uuid, date, date, integer, text, text, text, text, text, text, jsonb, text)
to anon, authenticated;

revoke execute on all functions in schema private from public, anon, authenticated;
