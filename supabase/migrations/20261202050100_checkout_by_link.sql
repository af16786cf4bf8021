-- A checkout needs the private link's token, never a booking id alone (issue 42): the `payments`
-- function's checkout takes {reference, token} (the e-mails' private page, and the success step,
-- which gets the same token from request_booking as `access_token`); a wrong link is counted in the
-- one counter of private-link guesses (60 wrong links per address in 10 minutes, the rule of
-- booking_by_link). Asking again returns the open session, and only a booking's first session may
-- hold its dates longer (Stripe's 30-minute minimum): a checkout asked every 26 minutes no longer
-- stretches the hold. request_booking also takes the house's today (Europe/Rome).

-- ------------------------------------------------------------ the one counter of link guesses

create or replace function private.link_attempts_guard(p_client text)
returns void
language plpgsql
set search_path to ''
as $$
begin
  if p_client is null then
    raise exception 'We could not tell where your request comes from. Please try again.' using errcode = 'P0001',
      hint = 'no_address';
  end if;
  -- serialised per address, so parallel guesses count correctly
  perform pg_advisory_xact_lock(hashtext('booking_link:' || p_client));
  if (
    select count(*) from private.rate_limit_hits h
    where h.action = 'booking_link' and h.client_key = p_client and h.created_at > now() - interval '10 minutes'
  ) >= 60 then
    raise exception 'Too many attempts. Please try again in a few minutes.' using errcode = 'P0001',
      hint = 'too_many_attempts';
  end if;
end
$$;
comment on function private.link_attempts_guard(text) is
  'Refuses an address that sent 60 wrong private links (booking, check-in, review, checkout) in 10 minutes.';

create or replace function private.link_attempt_missed(p_client text)
returns void
language plpgsql
set search_path to ''
as $$
begin
  insert into private.rate_limit_hits (action, client_key) values ('booking_link', p_client);
  delete from private.rate_limit_hits h
  where h.action = 'booking_link' and h.client_key = p_client and h.created_at < now() - interval '10 minutes';
end
$$;
comment on function private.link_attempt_missed(text) is
  'Counts one wrong private link of an address (kept only when the caller answers instead of raising).';

create or replace function private.booking_for_link(p_reference text, p_token text)
returns public.bookings
language sql
stable
security definer
set search_path to ''
as $$
  select b.*
  from public.bookings b
  join private.booking_access_tokens t on t.booking_id = b.id
  where b.reference = upper(btrim(coalesce(p_reference, '')))
    and t.token_hash = extensions.digest(coalesce(p_token, ''), 'sha256')
    and t.revoked_at is null
    and t.expires_at > private.clock_now()
$$;
comment on function private.booking_for_link(text, text) is
  'The booking a private link opens, or null; not limited: callers go through the link counter.';

create or replace function private.booking_for_limited_link(p_reference text, p_token text)
returns public.bookings
language plpgsql
security definer
set search_path to ''
as $$
declare
  v_client text := private.request_client_key();
  v_booking public.bookings;
begin
  perform private.link_attempts_guard(v_client);
  v_booking := private.booking_for_link(p_reference, p_token);
  if v_booking.id is null then
    perform private.link_attempt_missed(v_client);
    return null;
  end if;
  return v_booking;
end
$$;

-- ------------------------------------------------------------ the success step gets the link's token

alter type public.booking_request_result add attribute access_token text;

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
-- ------------------------------------------------------------ the checkout, by the private link only

drop function public.payment_checkout_start(uuid, text, text, text);

create function public.payment_checkout_start(p_reference text, p_token text, p_client_address text)
returns jsonb
language plpgsql
security definer
set search_path to ''
as $$
declare
  c_limit constant integer := 10;
  c_window constant interval := interval '10 minutes';
  v_address text;
  v_client text;
  v_booking public.bookings;
  v_due integer;
  v_open private.checkout_sessions;
begin
  -- the address the function read from the gateway's header (never the caller's own headers)
  begin
    v_address := host(nullif(btrim(coalesce(p_client_address, '')), '')::inet);
  exception when others then
    v_address := null;
  end;
  v_client := 'ip:' || v_address;
  perform private.link_attempts_guard(v_client);
  v_booking := private.booking_for_link(p_reference, p_token);
  if v_booking.id is null then
    -- an answer, not a raise: the wrong link stays counted
    perform private.link_attempt_missed(v_client);
    return jsonb_build_object('refused', 'link_not_valid', 'message', 'This link is not valid.');
  end if;

  perform pg_advisory_xact_lock(hashtext('payment_checkout:' || v_client));
  if (select count(*) from private.rate_limit_hits h
      where h.action = 'payment_checkout' and h.client_key = v_client
        and h.created_at > now() - c_window) >= c_limit then
    raise exception 'Too many payment attempts. Please try again in a few minutes.' using errcode = 'P0001',
      hint = 'rate_limited';
  end if;
  insert into private.rate_limit_hits (action, client_key) values ('payment_checkout', v_client);

  select * into v_booking from public.bookings where id = v_booking.id for update;
  v_due := coalesce(v_booking.deposit_cents, 0) - private.booking_paid_cents(v_booking.id);
  if v_booking.deposit_cents is null or v_due <= 0
     or exists (select 1 from public.payments p where p.booking_id = v_booking.id and p.kind = 'charge' and p.status = 'succeeded') then
    raise exception 'Nothing is due online for this booking.' using errcode = 'P0001', hint = 'nothing_due';
  end if;
  if private.deposit_payable_cents(v_booking) <= 0 then
    raise exception 'This booking cannot be paid online.' using errcode = 'P0001', hint = 'not_payable';
  end if;

  -- asked again: the session still open (with time to pay) is the answer
  select * into v_open from private.checkout_sessions s
  where s.booking_id = v_booking.id and s.status = 'open' and not s.paid and s.amount_cents = v_due
    and s.expires_at > private.clock_now() + interval '5 minutes'
  order by s.created_at desc limit 1;

  return jsonb_build_object(
    'booking_id', v_booking.id,
    'reference', v_booking.reference,
    'amount_cents', v_due,
    'currency', 'eur',
    'guest_email', v_booking.guest_email,
    'language', v_booking.guest_language,
    'hold_expires_at', case when v_booking.status = 'pending' then v_booking.hold_expires_at end,
    'room_name', (select coalesce(nullif(btrim(r.translations -> v_booking.guest_language ->> 'name'), ''), r.name)
                  from public.rooms r where r.id = v_booking.room_id),
    'check_in', v_booking.check_in_date,
    'check_out', v_booking.check_out_date,
    'open_session', case when v_open.session_id is not null
      then jsonb_build_object('session_id', v_open.session_id, 'url', v_open.url) end
  );
end
$$;
comment on function public.payment_checkout_start(text, text, text) is
  'What a checkout for the private link asks (amount, e-mail, language), or the open session; {refused} for a wrong link.';
revoke execute on function public.payment_checkout_start(text, text, text) from public, anon, authenticated;
grant execute on function public.payment_checkout_start(text, text, text) to service_role;

create or replace function public.payment_checkout_record(p_session_id text, p_booking_id uuid, p_amount_cents integer,
  p_currency text, p_expires_at timestamp with time zone, p_url text, p_client_address text)
returns void
language plpgsql
security definer
set search_path to ''
as $$
declare
  v_first boolean;
begin
  perform 1 from public.bookings where id = p_booking_id for update;
  v_first := not exists (select 1 from private.checkout_sessions s where s.booking_id = p_booking_id);
  insert into private.checkout_sessions (session_id, booking_id, amount_cents, currency, expires_at, url, client_address)
  values (p_session_id, p_booking_id, p_amount_cents, lower(p_currency), p_expires_at, p_url, p_client_address)
  on conflict (session_id) do nothing;
  -- only the first session holds the dates until it expires (Stripe's 30 minutes); later ones never
  -- stretch the hold past that end
  if v_first then
    update public.bookings set hold_expires_at = p_expires_at
    where id = p_booking_id and status = 'pending' and hold_expires_at < p_expires_at;
  end if;
end
$$;
