-- The front desk's bookings and stay changes, on the request engine that exists: one pricing
-- (private.stay_money_in_range, what quote_stay shows and request_booking stores), one set of stay
-- checks (private.assert_stay_request and private.assert_bookable_stay, shared with request_booking
-- below), one no-overlap rule (the bookings' prevent_overlap trigger), one audit trail
-- (public.audit_logs: who, when, before and after).
--
--   public.create_desk_booking   a booking taken by phone, e-mail, at the door or typed in from a
--                                channel: confirmed, or pending with a hold; the total may be
--                                overridden with a reason; optionally the guest's private link
--                                (desk_booking_link); a walk-in paid at the desk goes to the folio
--   public.quote_stay_change     a change of dates or room re-priced, with the difference (charge
--                                more, or refund per the cancellation policy), nothing written
--   public.change_booking_stay   the same, saved; the guest gets stay_changed
--   public.mark_no_show          a confirmed guest who did not come, once the arrival day has
--                                passed: the nights are released, the policy keeps what was paid
-- An early departure is public.check_out_booking's (its nights after today are released at once).

-- ---------------------------------------------------------------- occupancy and transitions
-- a no-show takes no nights (released at once), as a cancellation
create or replace function private.booking_occupied_until(p_status public.booking_status, p_hold_expires_at timestamp with time zone)
returns timestamp with time zone
language sql
immutable
set search_path = ''
as $$
  select case
    when p_status in ('cancelled', 'expired', 'no_show') then '-infinity'::timestamptz
    when p_status = 'pending' and p_hold_expires_at is not null then p_hold_expires_at
    else 'infinity'::timestamptz
  end
$$;
comment on function private.booking_occupied_until(p_status public.booking_status, p_hold_expires_at timestamp with time zone) is 'Until when a booking in this state takes its room''s nights. The one statement of occupancy.';

-- the index on it is an expression index: rebuilt so its stored values follow the new definition
reindex index public.bookings_occupancy_idx;

create or replace function private.bookings_guard_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    if not (
      (old.status = 'pending' and new.status in ('confirmed', 'cancelled'))
      or (old.status = 'pending' and new.status = 'expired' and old.hold_expires_at <= private.clock_now())
      or (old.status = 'expired' and new.status in ('confirmed', 'cancelled'))
      or (old.status = 'confirmed' and new.status in ('checked_in', 'cancelled'))
      -- a no-show: only once the arrival day (Rome) has passed
      or (old.status = 'confirmed' and new.status = 'no_show' and old.check_in_date < private.rome_today())
      or (old.status = 'checked_in' and new.status in ('checked_out', 'cancelled'))
    ) then
      raise exception 'A booking cannot change from % to %.', old.status, new.status using errcode = 'P0001';
    end if;
  end if;
  if auth.uid() is not null and not public.is_admin()
     and (to_jsonb(new) - 'status' - 'created_at' - 'updated_at') <> (to_jsonb(old) - 'status' - 'created_at' - 'updated_at') then
    raise exception 'Staff can only change the status of a booking.' using errcode = '42501';
  end if;
  return new;
end
$$;

-- ---------------------------------------------------------------- the shared stay checks
create or replace function private.assert_bookable_stay(p_room_id uuid, p_check_in date, p_check_out date,
  p_guests integer, p_except uuid default null)
returns public.rooms
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_room public.rooms;
  v_rules jsonb;
begin
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
  if private.room_has_overlap(p_room_id, p_check_in, p_check_out, p_except) then
    raise exception 'This room is not available for the selected dates.' using errcode = 'P0001',
      hint = 'unavailable';
  end if;

  -- the season's stay rules (minimum stay, closed arrival or departure), in quote_stay's sentences
  v_rules := private.stay_rule_problems(p_room_id, p_check_in, p_check_out);
  if jsonb_array_length(v_rules) > 0 then
    raise exception '%', v_rules -> 0 ->> 'message' using errcode = 'P0001', hint = v_rules -> 0 ->> 'code',
      detail = (v_rules -> 0 -> 'details')::text;
  end if;
  return v_room;
end
$$;
comment on function private.assert_bookable_stay(p_room_id uuid, p_check_in date, p_check_out date, p_guests integer, p_except uuid) is 'The room (locked) of a stay about to be booked or changed, or the refusal: room_not_valid, room_unavailable, guests, unavailable (nights taken by another stay than p_except, or a block), the season''s stay rules. One check for request_booking, create_desk_booking and change_booking_stay.';
revoke execute on function private.assert_bookable_stay(uuid, date, date, integer, uuid) from public;

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

  -- room and stay rules (the room locked: concurrent requests for it run one after the other), the
  -- same checks as a booking taken at the desk or a stay changed (private.assert_bookable_stay)
  v_room := private.assert_bookable_stay(p_room_id, p_check_in, p_check_out, p_guests);

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

-- ---------------------------------------------------------------- a booking's own pricing inputs
create or replace function private.booking_promo_percentage(p_booking public.bookings)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select case when p_booking.promo_code is null then 0 else coalesce(
    (select c.discount_percentage from public.room_promo_codes c
      where c.room_id = p_booking.room_id and c.promo_code = p_booking.promo_code limit 1),
    private.fallback_promo_percentage(p_booking.promo_code), 0) end
$$;
comment on function private.booking_promo_percentage(p_booking public.bookings) is 'The promo discount (percent) a booking was priced with, for re-pricing it: 0 without a code.';
revoke execute on function private.booking_promo_percentage(public.bookings) from public;

create or replace function private.booking_extras_input(p_booking_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('service_id', e.service_id, 'quantity', e.quantity) order by e.created_at, e.id), '[]')
  from public.booking_extras e where e.booking_id = p_booking_id
$$;
comment on function private.booking_extras_input(p_booking_id uuid) is 'A booking''s extras as the p_extras of quote_stay / private.stay_money (service and quantity), to price them again.';
revoke execute on function private.booking_extras_input(uuid) from public;

-- ---------------------------------------------------------------- the desk's own write
-- Staff change only a booking's status (bookings_guard_update); the desk's functions below make
-- their own checked changes and audit them with the desk's name, as check_out_booking does.
create or replace function private.desk_audit(p_booking_id uuid, p_action text, p_old jsonb, p_new jsonb)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.audit_logs (action, table_name, record_id, user_id, old_values, new_values)
  values (case when p_old is null then 'INSERT' else 'UPDATE' end, 'bookings', p_booking_id::text, auth.uid(),
    p_old, p_new || jsonb_build_object('desk_action', p_action))
$$;
revoke execute on function private.desk_audit(uuid, text, jsonb, jsonb) from public;

-- ---------------------------------------------------------------- a booking by hand
create or replace function public.create_desk_booking(
  p_room_id uuid,
  p_check_in date,
  p_check_out date,
  p_guests integer,
  p_guest_name text,
  p_guest_email text,
  p_guest_phone text default null,
  p_language text default 'en',
  p_source text default 'phone',
  p_rate_plan text default 'flexible',
  p_extras jsonb default '[]',
  p_notes text default null,
  p_status text default 'confirmed',
  p_hold_hours integer default null,
  p_total_cents integer default null,
  p_override_reason text default null,
  p_send_link boolean default false,
  p_paid_method text default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_name text := btrim(coalesce(p_guest_name, ''));
  v_email text := btrim(coalesce(p_guest_email, ''));
  v_phone text := nullif(btrim(coalesce(p_guest_phone, '')), '');
  v_notes text;
  v_reason text;
  v_language text := case when p_language in ('en', 'it', 'fr') then p_language else 'en' end;
  v_price jsonb;
  v_total integer;
  v_deposit integer;
  v_hold timestamptz;
  v_booking public.bookings;
  v_token text;
  v_paid integer := 0;
begin
  perform private.require_staff('take bookings at the desk');
  if p_source is null or p_source not in ('phone', 'email', 'walk_in', 'booking_com', 'expedia', 'airbnb', 'other') then
    raise exception 'Choose where the booking comes from: phone, e-mail, walk-in or a channel.' using errcode = 'P0001',
      hint = 'source_invalid';
  end if;
  if p_status is null or p_status not in ('confirmed', 'pending') then
    raise exception 'A booking taken at the desk is confirmed, or pending with a hold.' using errcode = 'P0001',
      hint = 'desk_status_invalid';
  end if;
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
  v_notes := private.assert_multiline_text(nullif(btrim(coalesce(p_notes, '')), ''), 'Special requests');
  if v_notes is not null and char_length(v_notes) > 1000 then
    raise exception 'Special requests must be at most 1000 characters.' using errcode = 'P0001',
      hint = 'requests_too_long', detail = jsonb_build_object('max_length', 1000)::text;
  end if;
  if p_check_in is not null and p_check_in < private.rome_today() then
    raise exception 'Check-in date cannot be in the past.' using errcode = 'P0001', hint = 'past';
  end if;
  perform private.assert_stay_request(p_check_in, p_check_out, p_guests);
  perform private.assert_bookable_stay(p_room_id, p_check_in, p_check_out, p_guests);
  if p_status = 'pending' then
    if p_hold_hours is not null and (p_hold_hours < 1 or p_hold_hours > 720) then
      raise exception 'A hold lasts 1 to 720 hours.' using errcode = 'P0001', hint = 'hold_hours_range',
        detail = jsonb_build_object('min_hours', 1, 'max_hours', 720)::text;
    end if;
    v_hold := private.clock_now()
      + make_interval(hours => coalesce(p_hold_hours, (private.booking_settings()).confirmed_hold_hours));
  end if;
  if p_paid_method is not null and (p_paid_method not in ('cash', 'card') or p_status <> 'confirmed') then
    raise exception 'A stay paid at the desk is confirmed, paid in cash or by card.' using errcode = 'P0001',
      hint = 'payment_method_invalid';
  end if;

  -- the guest's price, exactly (no promo code at the desk: an override says why it differs)
  v_price := private.stay_money_in_range(p_room_id, p_check_in, p_check_out, p_guests, 0, p_extras, p_rate_plan);
  v_total := (v_price ->> 'total_cents')::integer;
  v_deposit := (v_price ->> 'deposit_cents')::integer;
  if p_total_cents is not null and p_total_cents is distinct from v_total then
    v_reason := private.assert_one_line_text(nullif(btrim(coalesce(p_override_reason, '')), ''), 'Reason');
    if v_reason is null then
      raise exception 'Say why the total differs from the price.' using errcode = 'P0001', hint = 'override_reason_missing';
    end if;
    if char_length(v_reason) > 200 then
      raise exception 'The reason is at most 200 characters.' using errcode = 'P0001', hint = 'note_too_long';
    end if;
    if p_total_cents < 0 or p_total_cents > 10000000 then
      raise exception 'The total is between 0 and 100,000 euros.' using errcode = 'P0001', hint = 'amount_out_of_range',
        detail = jsonb_build_object('max_total_cents', 10000000)::text;
    end if;
    v_total := p_total_cents;
    v_deposit := least(v_deposit, v_total);
  end if;

  insert into public.bookings (
    room_id, guest_name, guest_email, guest_phone, check_in_date, check_out_date, guests,
    total_amount, discount_amount, status, special_requests, guest_language, hold_expires_at,
    nightly_rates, rate_plan, extras_cents, total_cents, deposit_cents, balance_cents, free_cancellation_until, source
  ) values (
    p_room_id, v_name, v_email, v_phone, p_check_in, p_check_out, p_guests,
    round(v_total / 100.0, 2), 0, p_status::public.booking_status, v_notes, v_language, v_hold,
    v_price -> 'nightly', v_price ->> 'rate_plan', (v_price ->> 'extras_cents')::integer,
    v_total, v_deposit, v_total - v_deposit, (v_price ->> 'free_cancellation_until')::date, p_source
  )
  returning * into v_booking;
  perform private.store_booking_extras(v_booking.id, v_price -> 'extras');

  perform private.desk_audit(v_booking.id, 'desk_booking', null, jsonb_build_object(
    'status', v_booking.status, 'source', p_source, 'room_id', p_room_id, 'check_in_date', p_check_in,
    'check_out_date', p_check_out, 'guests', p_guests, 'rate_plan', v_booking.rate_plan,
    'priced_total_cents', (v_price ->> 'total_cents')::integer, 'total_cents', v_total,
    'override_reason', v_reason, 'hold_expires_at', v_hold));

  -- a walk-in paid at the desk: the whole stay, on the folio
  if p_paid_method is not null and v_total > 0 then
    perform private.folio_record(v_booking.id, 'balance', p_paid_method, v_total);
    v_paid := v_total;
  end if;

  if coalesce(p_send_link, false) then
    v_token := private.issue_booking_token(v_booking);
    perform private.enqueue_email('desk_booking_link', v_booking.guest_email, v_booking.id,
      private.booking_email_data(v_booking) || jsonb_build_object('token', v_token,
        'payable_cents', private.deposit_payable_cents(v_booking), 'total_cents', v_booking.total_cents,
        'deposit_cents', v_booking.deposit_cents, 'balance_cents', v_booking.balance_cents,
        'rate_plan', v_booking.rate_plan, 'free_cancellation_until', v_booking.free_cancellation_until),
      v_language);
  end if;

  return jsonb_build_object('booking_id', v_booking.id, 'reference', v_booking.reference,
    'status', v_booking.status, 'priced_total_cents', (v_price ->> 'total_cents')::integer,
    'total_cents', v_total, 'deposit_cents', v_deposit, 'paid_cents', v_paid,
    'hold_expires_at', v_hold, 'link_sent', coalesce(p_send_link, false));
end
$$;
comment on function public.create_desk_booking(uuid, date, date, integer, text, text, text, text, text, text, jsonb, text, text, integer, integer, text, boolean, text) is 'Staff: a booking taken by phone, e-mail, at the door or from a channel, priced as a guest''s request (private.stay_money_in_range) with the same checks (assert_stay_request, assert_bookable_stay, the no-overlap trigger). Refusals: the request''s, source_invalid, desk_status_invalid, hold_hours_range, override_reason_missing, payment_method_invalid. Audited.';
revoke execute on function public.create_desk_booking(uuid, date, date, integer, text, text, text, text, text, text, jsonb, text, text, integer, integer, text, boolean, text) from public, anon;
grant execute on function public.create_desk_booking(uuid, date, date, integer, text, text, text, text, text, text, jsonb, text, text, integer, integer, text, boolean, text) to authenticated, service_role;

-- ---------------------------------------------------------------- a stay that changes
create or replace function private.stay_change_terms(p_booking public.bookings, p_room_id uuid, p_check_in date,
  p_check_out date)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_today date := private.rome_today();
  v_price jsonb;
  v_new public.bookings := p_booking;
  v_before public.folio_totals := private.folio_totals_of(p_booking);
  v_after public.folio_totals;
  v_credit integer;
  v_refund integer := 0;
  v_kept integer := 0;
  v_total integer;
begin
  if p_booking.status not in ('pending', 'confirmed', 'checked_in') then
    raise exception 'Only a booking to come or a stay in the house can change.' using errcode = 'P0001',
      hint = 'stay_not_changeable';
  end if;
  if p_check_in is distinct from p_booking.check_in_date then
    if p_booking.status = 'checked_in' then
      raise exception 'The guest is in the house: the arrival day cannot change.' using errcode = 'P0001',
        hint = 'arrival_fixed';
    end if;
    if p_check_in < v_today then
      raise exception 'Check-in date cannot be in the past.' using errcode = 'P0001', hint = 'past';
    end if;
  end if;
  if p_booking.status = 'checked_in' and p_check_out <= v_today then
    raise exception 'The guest leaves today or earlier: use Check Out (an early departure).' using errcode = 'P0001',
      hint = 'use_check_out';
  end if;
  if p_room_id is not distinct from p_booking.room_id and p_check_in is not distinct from p_booking.check_in_date
     and p_check_out is not distinct from p_booking.check_out_date then
    raise exception 'Choose other dates or another room.' using errcode = 'P0001', hint = 'stay_unchanged';
  end if;
  perform private.assert_stay_request(p_check_in, p_check_out, p_booking.guests);
  perform private.assert_bookable_stay(p_room_id, p_check_in, p_check_out, p_booking.guests, p_booking.id);

  -- the new stay priced as a new request of it: same guests, rate, extras and promo discount
  v_price := private.stay_money_in_range(p_room_id, p_check_in, p_check_out, p_booking.guests,
    private.booking_promo_percentage(p_booking), private.booking_extras_input(p_booking.id), p_booking.rate_plan);
  v_total := (v_price ->> 'total_cents')::integer;
  v_new.room_id := p_room_id;
  v_new.check_in_date := p_check_in;
  v_new.check_out_date := p_check_out;
  v_new.nightly_rates := v_price -> 'nightly';
  v_new.extras_cents := (v_price ->> 'extras_cents')::integer;
  v_new.discount_amount := (v_price ->> 'discount_amount')::numeric;
  v_new.free_cancellation_until := (v_price ->> 'free_cancellation_until')::date;
  v_new.total_cents := v_total;
  v_new.deposit_cents := (v_price ->> 'deposit_cents')::integer;
  v_new.balance_cents := v_total - v_new.deposit_cents;
  v_new.total_amount := round(v_total / 100.0, 2);
  v_after := private.folio_totals_of(v_new);

  -- paid beyond the new stay: refunded per the policy of the booking as it was (free cancellation
  -- until its deadline, nothing for the non-refundable rate); what the policy keeps stays charged
  v_credit := greatest(-v_after.stay_balance_cents, 0);
  if v_credit > 0 then
    v_refund := coalesce((private.cancellation_terms(p_booking.rate_plan, p_booking.free_cancellation_until,
      p_booking.deposit_cents, v_credit, false, v_today) ->> 'refund_cents')::integer, 0);
    v_kept := v_credit - v_refund;
    if v_kept > 0 then
      v_new.total_cents := v_total + v_kept;
      v_new.balance_cents := v_new.total_cents - v_new.deposit_cents;
      v_new.total_amount := round(v_new.total_cents / 100.0, 2);
      v_after := private.folio_totals_of(v_new);
    end if;
  end if;

  return jsonb_build_object(
    'booking', to_jsonb(v_new),
    'price', v_price,
    'before', jsonb_build_object('room_id', p_booking.room_id, 'check_in_date', p_booking.check_in_date,
      'check_out_date', p_booking.check_out_date, 'total_cents', p_booking.total_cents,
      'stay_balance_cents', v_before.stay_balance_cents),
    'after', jsonb_build_object('room_id', p_room_id, 'check_in_date', p_check_in, 'check_out_date', p_check_out,
      'total_cents', v_new.total_cents, 'priced_total_cents', v_total, 'stay_balance_cents', v_after.stay_balance_cents),
    'difference_cents', v_new.total_cents - coalesce(p_booking.total_cents, round(p_booking.total_amount * 100)::integer),
    'paid_cents', v_before.paid_cents - v_before.refunded_cents,
    'charge_cents', greatest(v_after.stay_balance_cents, 0) - greatest(v_before.stay_balance_cents, 0),
    'refund_cents', v_refund,
    'kept_cents', v_kept
  );
end
$$;
comment on function private.stay_change_terms(p_booking public.bookings, p_room_id uuid, p_check_in date, p_check_out date) is 'A change of a stay''s dates or room, checked and re-priced as a new request of the new stay (private.stay_money_in_range), with the difference: the booking after, the money before and after, what the policy refunds or keeps. Nothing written.';
revoke execute on function private.stay_change_terms(public.bookings, uuid, date, date) from public;

create or replace function public.quote_stay_change(p_booking_id uuid, p_room_id uuid, p_check_in date, p_check_out date)
returns jsonb
language plpgsql
-- volatile, not stable: the shared check locks the room as a booking would (nothing is written)
volatile
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
  v_terms jsonb;
begin
  perform private.require_staff('change stays');
  v_booking := private.booking_or_refuse(p_booking_id);
  v_terms := private.stay_change_terms(v_booking, p_room_id, p_check_in, p_check_out);
  return (v_terms - 'booking') || jsonb_build_object('nights', p_check_out - p_check_in,
    'rate_plan', v_booking.rate_plan, 'status', v_booking.status);
end
$$;
comment on function public.quote_stay_change(p_booking_id uuid, p_room_id uuid, p_check_in date, p_check_out date) is 'Staff: what a change of dates or room would cost (before, after, difference, charge or refund per the policy), refused with the engine''s own reasons. Nothing written.';
revoke execute on function public.quote_stay_change(uuid, uuid, date, date) from public, anon;
grant execute on function public.quote_stay_change(uuid, uuid, date, date) to authenticated, service_role;

create or replace function public.change_booking_stay(p_booking_id uuid, p_room_id uuid, p_check_in date,
  p_check_out date, p_notify boolean default true)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old public.bookings;
  v_booking public.bookings;
  v_new public.bookings;
  v_terms jsonb;
  v_claims text := current_setting('request.jwt.claims', true);
  v_sub text := current_setting('request.jwt.claim.sub', true);
  v_actor uuid := auth.uid();
begin
  perform private.require_staff('change stays');
  v_old := private.booking_or_refuse(p_booking_id, true);
  v_terms := private.stay_change_terms(v_old, p_room_id, p_check_in, p_check_out);
  v_new := jsonb_populate_record(null::public.bookings, v_terms -> 'booking');

  -- the function's own change (staff change only a status directly): the no-overlap trigger still
  -- has the last word, in its own sentence
  perform set_config('request.jwt.claims', '', true);
  perform set_config('request.jwt.claim.sub', '', true);
  update public.bookings set room_id = v_new.room_id, check_in_date = v_new.check_in_date,
    check_out_date = v_new.check_out_date, nightly_rates = v_new.nightly_rates, extras_cents = v_new.extras_cents,
    discount_amount = v_new.discount_amount, free_cancellation_until = v_new.free_cancellation_until,
    total_cents = v_new.total_cents, deposit_cents = v_new.deposit_cents, balance_cents = v_new.balance_cents,
    total_amount = v_new.total_amount
  where id = v_old.id
  returning * into v_booking;
  perform set_config('request.jwt.claims', coalesce(v_claims, ''), true);
  perform set_config('request.jwt.claim.sub', coalesce(v_sub, ''), true);

  -- the extras priced again for the new nights
  delete from public.booking_extras where booking_id = v_old.id;
  perform private.store_booking_extras(v_old.id, v_terms -> 'price' -> 'extras');

  insert into public.audit_logs (action, table_name, record_id, user_id, old_values, new_values)
  values ('UPDATE', 'bookings', v_old.id::text, v_actor,
    jsonb_build_object('room_id', v_old.room_id, 'check_in_date', v_old.check_in_date,
      'check_out_date', v_old.check_out_date, 'total_cents', v_old.total_cents, 'deposit_cents', v_old.deposit_cents),
    jsonb_build_object('room_id', v_booking.room_id, 'check_in_date', v_booking.check_in_date,
      'check_out_date', v_booking.check_out_date, 'total_cents', v_booking.total_cents,
      'deposit_cents', v_booking.deposit_cents, 'desk_action', 'stay_changed',
      'difference_cents', v_terms -> 'difference_cents', 'refund_cents', v_terms -> 'refund_cents',
      'kept_cents', v_terms -> 'kept_cents'));

  if coalesce(p_notify, true) then
    perform private.enqueue_email('stay_changed', v_booking.guest_email, v_booking.id,
      private.guest_email_data(v_booking) || jsonb_build_object(
        'total_cents', v_booking.total_cents, 'deposit_cents', v_booking.deposit_cents,
        'balance_cents', v_booking.balance_cents, 'rate_plan', v_booking.rate_plan,
        'free_cancellation_until', v_booking.free_cancellation_until,
        'previous', jsonb_build_object('room_name', (select r.name from public.rooms r where r.id = v_old.room_id),
          'check_in', v_old.check_in_date, 'check_out', v_old.check_out_date,
          'total_cents', v_old.total_cents),
        'difference_cents', v_terms -> 'difference_cents', 'refund_cents', v_terms -> 'refund_cents',
        'kept_cents', v_terms -> 'kept_cents'),
      v_booking.guest_language);
  end if;

  return (v_terms - 'booking' - 'price') || jsonb_build_object('booking_id', v_booking.id,
    'reference', v_booking.reference, 'notified', coalesce(p_notify, true));
end
$$;
comment on function public.change_booking_stay(p_booking_id uuid, p_room_id uuid, p_check_in date, p_check_out date, p_notify boolean) is 'Staff: new dates or another room for a booking to come or a stay in the house, re-priced as a new request of the new stay; the guest gets stay_changed (p_notify). Refusals: booking_not_found, stay_not_changeable, arrival_fixed, use_check_out, stay_unchanged, past, the request''s stay checks (unavailable: the nights are taken). Audited before and after.';
revoke execute on function public.change_booking_stay(uuid, uuid, date, date, boolean) from public, anon;
grant execute on function public.change_booking_stay(uuid, uuid, date, date, boolean) to authenticated, service_role;

-- ---------------------------------------------------------------- a no-show
create or replace function public.mark_no_show(p_booking_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old public.bookings;
  v_booking public.bookings;
  v_totals public.folio_totals;
  v_terms jsonb;
begin
  perform private.require_staff('mark a no-show');
  v_old := private.booking_or_refuse(p_booking_id, true);
  if v_old.status <> 'confirmed' or v_old.check_in_date >= private.rome_today() then
    raise exception 'Only a confirmed guest whose arrival day has passed can be a no-show.' using errcode = 'P0001',
      hint = 'not_no_show';
  end if;
  -- a status change, as staff may make (bookings_guard_update allows it after the arrival day)
  update public.bookings set status = 'no_show' where id = v_old.id returning * into v_booking;
  -- the policy decides what is kept: what was paid, unless still inside free cancellation
  v_totals := private.folio_totals_of(v_booking);
  v_terms := private.cancellation_terms(v_old.rate_plan, v_old.free_cancellation_until, v_old.deposit_cents,
    v_totals.paid_cents - v_totals.refunded_cents, false, private.rome_today());
  perform private.desk_audit(v_booking.id, 'no_show',
    jsonb_build_object('status', v_old.status),
    jsonb_build_object('status', v_booking.status, 'paid_cents', v_terms -> 'paid_cents',
      'kept_cents', v_terms -> 'kept_cents', 'refund_cents', v_terms -> 'refund_cents'));
  return jsonb_build_object('booking_id', v_booking.id, 'status', v_booking.status,
    'paid_cents', v_terms -> 'paid_cents', 'kept_cents', v_terms -> 'kept_cents',
    'refund_cents', v_terms -> 'refund_cents', 'released_nights', v_old.check_out_date - v_old.check_in_date);
end
$$;
comment on function public.mark_no_show(p_booking_id uuid) is 'Staff: a confirmed guest who did not come, once the arrival day (Rome) has passed: status no_show, the nights released at once, what the cancellation policy keeps of what was paid. Refusals: booking_not_found, not_no_show. Audited.';
revoke execute on function public.mark_no_show(uuid) from public, anon;
grant execute on function public.mark_no_show(uuid) to authenticated, service_role;
