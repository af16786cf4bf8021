-- Deposits (issue 31), part 2: what the payments and stripe-webhook edge functions, staff and the
-- guest's private link do with the money. The functions call the service-role RPCs; Stripe is
-- reached only from the functions.
--   payment_checkout_start / payment_checkout_record   a Checkout Session for a booking's deposit
--   payment_session_state                              what /booking-success may show
--   apply_stripe_event                                 a verified event, applied once per event id
--   claim_refund_requests / record_refund              refunds owed, carried out by the function
--   request_refund (admins), record_property_payment (staff), booking_payments_by_link (guest)
--   cancel_booking_request                             the guest cancels: the policy's refund is owed

-- ---------------------------------------------------------------- e-mails and outgoing events
create or replace function private.email_kinds()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array[
    'request_received_host', 'request_acknowledgement', 'request_confirmed_by_guest_host',
    'booking_confirmed', 'booking_cancelled', 'booking_cancelled_by_guest_host', 'request_expired',
    'arrival_reminder', 'review_request',
    'payment_receipt', 'payment_received_host', 'payment_refunded', 'payment_refunded_host'
  ]
$$;

create or replace function private.webhook_event_types()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['booking.requested', 'booking.status_changed', 'booking.cancelled', 'channel.conflict', 'webhook.test',
    'site.rebuild', 'deploy_hook.test', 'payment.received']
$$;
alter table public.webhook_endpoints drop constraint webhook_endpoints_event_types_known;
alter table public.webhook_endpoints add constraint webhook_endpoints_event_types_known
  check (cardinality(event_types) between 1 and 5
    and event_types <@ array['booking.requested', 'booking.status_changed', 'booking.cancelled', 'channel.conflict',
      'payment.received']);

-- The money facts an e-mail about a payment shows (added to private.booking_email_data).
create or replace function private.payment_email_data(p_booking public.bookings, p_amount_cents integer)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.booking_email_data(p_booking) || jsonb_build_object(
    'amount_cents', p_amount_cents,
    'total_cents', p_booking.total_cents,
    'deposit_cents', p_booking.deposit_cents,
    'balance_cents', p_booking.balance_cents,
    'paid_cents', private.booking_paid_cents(p_booking.id),
    'free_cancellation_until', p_booking.free_cancellation_until,
    'rate_plan', p_booking.rate_plan
  )
$$;

-- ---------------------------------------------------------------- starting a payment
-- The booking a guest may pay for now and what it owes, for the payments function (service role):
-- by the id the request answered with (while its hold lasts) or by the private link. Counts one
-- session start per client address (at most 10 in 10 minutes). Returns {booking_id, reference,
-- amount_cents, currency, guest_email, language, hold_expires_at, room_name, check_in, check_out,
-- open_session: {session_id, url} | null}.
create or replace function public.payment_checkout_start(
  p_booking_id uuid,
  p_reference text,
  p_token text,
  p_client_address text
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c_limit constant integer := 10;
  c_window constant interval := interval '10 minutes';
  v_booking public.bookings;
  v_due integer;
  v_open private.checkout_sessions;
begin
  if nullif(btrim(coalesce(p_client_address, '')), '') is null then
    raise exception 'We could not tell where your request comes from. Please try again.' using errcode = 'P0001';
  end if;
  perform pg_advisory_xact_lock(hashtext('payment_checkout:ip:' || p_client_address));
  if (select count(*) from private.rate_limit_hits h
      where h.action = 'payment_checkout' and h.client_key = 'ip:' || p_client_address
        and h.created_at > now() - c_window) >= c_limit then
    raise exception 'Too many payment attempts. Please try again in a few minutes.' using errcode = 'P0001',
      hint = 'rate_limited';
  end if;
  insert into private.rate_limit_hits (action, client_key) values ('payment_checkout', 'ip:' || p_client_address);

  if p_reference is not null then
    -- the private link (a wrong one is not counted here: the calls are limited per address above)
    select b.* into v_booking
    from public.bookings b
    join private.booking_access_tokens t on t.booking_id = b.id
    where b.reference = upper(btrim(p_reference))
      and t.token_hash = extensions.digest(coalesce(p_token, ''), 'sha256')
      and t.revoked_at is null
      and t.expires_at > private.clock_now();
    if v_booking.id is null then
      raise exception 'This link is not valid.' using errcode = 'P0001', hint = 'link_not_valid';
    end if;
  else
    select * into v_booking from public.bookings b where b.id = p_booking_id;
    -- by id only a request whose hold still runs (the visitor who just sent it)
    if v_booking.id is null or v_booking.status <> 'pending' or v_booking.hold_expires_at <= private.clock_now() then
      raise exception 'This booking cannot be paid online.' using errcode = 'P0001', hint = 'not_payable';
    end if;
  end if;
  select * into v_booking from public.bookings where id = v_booking.id for update;

  v_due := coalesce(v_booking.deposit_cents, 0) - private.booking_paid_cents(v_booking.id);
  if v_booking.deposit_cents is null or v_due <= 0
     or exists (select 1 from public.payments p where p.booking_id = v_booking.id and p.kind = 'charge' and p.status = 'succeeded') then
    raise exception 'Nothing is due online for this booking.' using errcode = 'P0001', hint = 'nothing_due';
  end if;
  if not (
    (v_booking.status = 'pending' and v_booking.hold_expires_at > private.clock_now()
      and not (private.payment_policy()).confirm_before_payment)
    or (v_booking.status = 'confirmed' and v_booking.check_in_date >= (private.clock_now() at time zone 'Europe/Rome')::date)
  ) then
    raise exception 'This booking cannot be paid online.' using errcode = 'P0001', hint = 'not_payable';
  end if;

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

-- The session the function created; a pending request's hold lasts at least until it expires.
create or replace function public.payment_checkout_record(
  p_session_id text,
  p_booking_id uuid,
  p_amount_cents integer,
  p_currency text,
  p_expires_at timestamptz,
  p_url text,
  p_client_address text
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  insert into private.checkout_sessions (session_id, booking_id, amount_cents, currency, expires_at, url, client_address)
  values (p_session_id, p_booking_id, p_amount_cents, lower(p_currency), p_expires_at, p_url, p_client_address)
  on conflict (session_id) do nothing;
  update public.bookings set hold_expires_at = p_expires_at
  where id = p_booking_id and status = 'pending' and hold_expires_at < p_expires_at;
end
$$;

-- What /booking-success may show for a session and a booking: {state: paid | pending | expired |
-- unknown, booking: {reference, status, room_name, check_in, check_out, guests, total_cents,
-- deposit_cents, balance_cents, paid_cents, free_cancellation_until} when the two belong together}.
create or replace function public.payment_session_state(p_session_id text, p_booking_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_session private.checkout_sessions;
  v_booking public.bookings;
begin
  select * into v_session from private.checkout_sessions s
  where s.session_id = p_session_id and s.booking_id = p_booking_id;
  if v_session.session_id is null then
    return jsonb_build_object('state', 'unknown');
  end if;
  select * into v_booking from public.bookings b where b.id = v_session.booking_id;
  return jsonb_build_object(
    'state', case when v_session.paid then 'paid'
      when v_session.status = 'expired' or v_session.expires_at <= private.clock_now() then 'expired'
      else 'pending' end,
    'hold_expires_at', case when v_booking.status = 'pending' then v_booking.hold_expires_at end,
    'booking', jsonb_build_object(
      'reference', v_booking.reference,
      'status', v_booking.status,
      'room_name', (select r.name from public.rooms r where r.id = v_booking.room_id),
      'room_translations', (select r.translations from public.rooms r where r.id = v_booking.room_id),
      'check_in', v_booking.check_in_date,
      'check_out', v_booking.check_out_date,
      'guests', v_booking.guests,
      'total_cents', v_booking.total_cents,
      'deposit_cents', v_booking.deposit_cents,
      'balance_cents', v_booking.balance_cents,
      'paid_cents', private.booking_paid_cents(v_booking.id),
      'free_cancellation_until', v_booking.free_cancellation_until
    )
  );
end
$$;

-- ---------------------------------------------------------------- refunds owed
create or replace function private.owe_refund(
  p_booking_id uuid, p_payment_intent text, p_amount_cents integer, p_reason text, p_actor text, p_actor_id uuid default null
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  if coalesce(p_amount_cents, 0) <= 0 or p_payment_intent is null then
    return null;
  end if;
  insert into private.refund_requests (booking_id, payment_intent_id, amount_cents, reason, actor, actor_id)
  values (p_booking_id, p_payment_intent, p_amount_cents, p_reason, p_actor, p_actor_id)
  returning id into v_id;
  return v_id;
end
$$;

-- Refunds the policy owes on cancelling a booking today, spread over its charges (newest first).
create or replace function private.owe_cancellation_refund(p_booking public.bookings, p_actor text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_refund integer := private.refund_due(private.booking_paid_cents(p_booking.id), p_booking.free_cancellation_until,
    (private.clock_now() at time zone 'Europe/Rome')::date);
  v_left integer := v_refund;
  v_charge record;
begin
  for v_charge in
    select p.provider_payment_intent_id as intent,
      p.amount_cents - coalesce((select sum(r.amount_cents) from public.payments r
        where r.kind = 'refund' and r.provider_payment_intent_id = p.provider_payment_intent_id), 0)
      - coalesce((select sum(q.amount_cents) from private.refund_requests q
        where q.payment_intent_id = p.provider_payment_intent_id and q.status = 'pending'), 0) as refundable
    from public.payments p
    where p.booking_id = p_booking.id and p.kind = 'charge' and p.status = 'succeeded'
    order by p.created_at desc
  loop
    exit when v_left <= 0;
    if v_charge.refundable > 0 then
      perform private.owe_refund(p_booking.id, v_charge.intent, least(v_left, v_charge.refundable)::integer,
        'Cancelled within the free-cancellation period', p_actor);
      v_left := v_left - least(v_left, v_charge.refundable)::integer;
    end if;
  end loop;
  return v_refund - v_left;
end
$$;

-- Pending refunds for the payments function (service role), optionally of one booking.
create or replace function public.claim_refund_requests(p_booking_id uuid default null)
returns table (request_id uuid, booking_id uuid, payment_intent_id text, amount_cents integer, reason text)
language sql
volatile
security definer
set search_path = ''
as $$
  update private.refund_requests q set attempt_count = attempt_count + 1
  where q.id in (
    select r.id from private.refund_requests r
    where r.status = 'pending' and r.attempt_count < 10 and (p_booking_id is null or r.booking_id = p_booking_id)
    order by r.created_at limit 20
  )
  returning q.id, q.booking_id, q.payment_intent_id, q.amount_cents, q.reason
$$;

-- What the provider answered to a refund; a refund done is a ledger row, its e-mails written.
create or replace function public.record_refund(p_request_id uuid, p_refund_id text, p_error text default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_request private.refund_requests;
  v_booking public.bookings;
begin
  select * into v_request from private.refund_requests where id = p_request_id for update;
  if v_request.id is null or v_request.status <> 'pending' then
    return;
  end if;
  if p_refund_id is null then
    update private.refund_requests
    set last_error = left(coalesce(p_error, 'unknown error'), 500),
        status = case when attempt_count >= 10 then 'failed' else 'pending' end
    where id = p_request_id;
    if v_request.attempt_count >= 10 then
      perform private.raise_alert('refund_failed', 'high', 'A refund could not be made: ' || left(coalesce(p_error, ''), 200),
        'refund:' || p_request_id, jsonb_build_object('booking_id', v_request.booking_id, 'amount_cents', v_request.amount_cents));
    end if;
    return;
  end if;
  update private.refund_requests set status = 'done', done_at = now(), last_error = null where id = p_request_id;
  insert into public.payments (booking_id, kind, amount_cents, method, provider_payment_intent_id, provider_refund_id,
    reason, actor, actor_id)
  values (v_request.booking_id, 'refund', v_request.amount_cents, 'stripe', v_request.payment_intent_id, p_refund_id,
    v_request.reason, v_request.actor, v_request.actor_id)
  on conflict (provider_refund_id) where provider_refund_id is not null do nothing;
  select * into v_booking from public.bookings where id = v_request.booking_id;
  perform private.enqueue_email('payment_refunded', v_booking.guest_email, v_booking.id,
    private.payment_email_data(v_booking, v_request.amount_cents) || jsonb_build_object('reason', v_request.reason),
    v_booking.guest_language);
  perform private.enqueue_email('payment_refunded_host', private.host_email(), v_booking.id,
    private.payment_email_data(v_booking, v_request.amount_cents) || jsonb_build_object('reason', v_request.reason), 'en');
end
$$;

-- ---------------------------------------------------------------- the provider's events
-- A verified Stripe event (the function checked its signature), applied once per event id in the
-- one transaction that records it. Returns {outcome, booking_id, refunds: whether refunds are owed}.
create or replace function public.apply_stripe_event(p_event_id text, p_event_type text, p_object jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_outcome text;
  v_booking public.bookings;
  v_session private.checkout_sessions;
  v_booking_id uuid;
  v_intent text := p_object ->> 'payment_intent';
  v_amount integer := (p_object ->> 'amount_total')::integer;
  v_expected integer;
  v_had_charge boolean;
  v_refunds boolean := false;
  v_recorded integer;
  v_stripe_refunded integer;
begin
  if p_event_id is null or p_event_type is null then
    raise exception 'An event needs its id and type.' using errcode = '22023';
  end if;
  insert into private.stripe_events (event_id, event_type, outcome) values (p_event_id, p_event_type, 'received')
  on conflict (event_id) do nothing;
  if not found then
    return jsonb_build_object('outcome', 'duplicate', 'refunds', exists (
      select 1 from private.refund_requests q where q.status = 'pending'));
  end if;

  if p_event_type in ('checkout.session.completed', 'checkout.session.async_payment_succeeded',
                      'checkout.session.async_payment_failed', 'checkout.session.expired') then
    v_booking_id := case when p_object -> 'metadata' ->> 'booking_id' ~* '^[0-9a-f-]{36}$'
      then (p_object -> 'metadata' ->> 'booking_id')::uuid end;
    select * into v_booking from public.bookings where id = v_booking_id for update;
    select * into v_session from private.checkout_sessions where session_id = p_object ->> 'id' for update;
    if v_booking.id is null then
      v_outcome := 'unknown_booking';
      perform private.raise_alert('payment_unknown_booking', 'high',
        'A payment notice names no booking of this house.', 'stripe:' || p_event_id,
        jsonb_build_object('event_id', p_event_id, 'session_id', p_object ->> 'id'));
    elsif p_event_type = 'checkout.session.expired' then
      update private.checkout_sessions set status = 'expired' where session_id = v_session.session_id;
      v_outcome := 'session_expired';
    elsif p_event_type = 'checkout.session.async_payment_failed' then
      v_outcome := 'payment_failed';
    elsif p_event_type = 'checkout.session.completed' and p_object ->> 'payment_status' <> 'paid' then
      v_outcome := 'awaiting_payment';
    else
      v_expected := coalesce(v_session.amount_cents, v_booking.deposit_cents);
      if lower(coalesce(p_object ->> 'currency', '')) <> 'eur' or v_amount is distinct from v_expected
         or v_session.session_id is null or v_intent is null then
        v_outcome := 'mismatch';
        perform private.raise_alert('payment_mismatch', 'high',
          format('A payment for booking %s does not match what was asked (%s %s, expected %s eur); it was not applied.',
            v_booking.reference, v_amount, p_object ->> 'currency', v_expected),
          'stripe:' || p_event_id,
          jsonb_build_object('booking_id', v_booking.id, 'event_id', p_event_id, 'session_id', p_object ->> 'id',
            'amount_total', v_amount, 'currency', p_object ->> 'currency', 'expected_cents', v_expected));
      else
        v_had_charge := exists (select 1 from public.payments p
          where p.booking_id = v_booking.id and p.kind = 'charge' and p.status = 'succeeded');
        insert into public.payments (booking_id, kind, amount_cents, currency, method, provider_session_id,
          provider_payment_intent_id, provider_event_id, actor)
        values (v_booking.id, 'charge', v_amount, 'eur', 'stripe', v_session.session_id, v_intent, p_event_id, 'stripe')
        on conflict (provider_payment_intent_id) where kind = 'charge' and provider_payment_intent_id is not null do nothing;
        if not found then
          v_outcome := 'already_recorded';
        else
          update private.checkout_sessions set paid = true, status = 'complete' where session_id = v_session.session_id;
          perform private.enqueue_webhook_event('payment.received', jsonb_build_object(
            'booking_id', v_booking.id, 'reference', v_booking.reference, 'amount_cents', v_amount, 'currency', 'eur',
            'kind', 'deposit'));
          if v_had_charge then
            perform private.owe_refund(v_booking.id, v_intent, v_amount, 'Paid twice: the second payment is refunded', 'system');
            v_refunds := true;
            v_outcome := 'refunded_second_payment';
          elsif v_booking.status in ('confirmed', 'checked_in', 'checked_out') then
            v_outcome := 'paid';
          elsif v_booking.status in ('pending', 'expired')
                and not private.room_has_overlap(v_booking.room_id, v_booking.check_in_date, v_booking.check_out_date, v_booking.id) then
            update public.bookings set status = 'confirmed', guest_confirmed_at = coalesce(guest_confirmed_at, private.clock_now())
            where id = v_booking.id returning * into v_booking;
            v_outcome := 'confirmed';
          else
            perform private.owe_refund(v_booking.id, v_intent, v_amount,
              'The nights were no longer free when the payment arrived: refunded in full', 'system');
            v_refunds := true;
            v_outcome := 'refunded_unavailable';
          end if;
          if v_outcome in ('confirmed', 'paid') then
            perform private.enqueue_email('payment_receipt', v_booking.guest_email, v_booking.id,
              private.payment_email_data(v_booking, v_amount), v_booking.guest_language);
            perform private.enqueue_email('payment_received_host', private.host_email(), v_booking.id,
              private.payment_email_data(v_booking, v_amount), 'en');
          end if;
        end if;
      end if;
    end if;
  elsif p_event_type = 'charge.refunded' then
    -- refunds made outside this site (the Stripe Dashboard) join the ledger; ours are there already
    select p.booking_id into v_booking_id from public.payments p
    where p.kind = 'charge' and p.provider_payment_intent_id = v_intent;
    if v_booking_id is null then
      v_outcome := 'unknown_charge';
    else
      v_stripe_refunded := coalesce((p_object ->> 'amount_refunded')::integer, 0);
      v_recorded := coalesce((select sum(r.amount_cents) from public.payments r
          where r.kind = 'refund' and r.provider_payment_intent_id = v_intent), 0)
        + coalesce((select sum(q.amount_cents) from private.refund_requests q
          where q.payment_intent_id = v_intent and q.status = 'pending'), 0);
      if v_stripe_refunded > v_recorded then
        insert into public.payments (booking_id, kind, amount_cents, method, provider_payment_intent_id, provider_event_id,
          reason, actor)
        values (v_booking_id, 'refund', v_stripe_refunded - v_recorded, 'stripe', v_intent, p_event_id,
          'Refunded in the Stripe Dashboard', 'stripe');
        v_outcome := 'refund_recorded';
      else
        v_outcome := 'refund_known';
      end if;
    end if;
  else
    v_outcome := 'ignored';
  end if;

  update private.stripe_events set outcome = v_outcome where event_id = p_event_id;
  return jsonb_build_object('outcome', v_outcome, 'booking_id', coalesce(v_booking.id, v_booking_id), 'refunds', v_refunds);
end
$$;

-- ---------------------------------------------------------------- staff and admins
-- Admins: refund part or all of what a booking was paid online, with a reason.
create or replace function public.request_refund(p_booking_id uuid, p_amount_cents integer, p_reason text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
  v_left integer := p_amount_cents;
  v_charge record;
begin
  if not public.is_admin() then
    raise exception 'Only admins can refund payments.' using errcode = '42501';
  end if;
  if nullif(btrim(coalesce(p_reason, '')), '') is null or char_length(p_reason) > 500 then
    raise exception 'Please give a reason for the refund (at most 500 characters).' using errcode = 'P0001';
  end if;
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if v_booking.id is null then
    raise exception 'Booking not found.' using errcode = 'P0001';
  end if;
  if p_amount_cents is null or p_amount_cents <= 0 or p_amount_cents > private.booking_paid_cents(v_booking.id)
       - coalesce((select sum(q.amount_cents) from private.refund_requests q where q.booking_id = v_booking.id and q.status = 'pending'), 0) then
    raise exception 'The refund must be more than 0 and at most what was paid online and not yet refunded.' using errcode = 'P0001';
  end if;
  for v_charge in
    select p.provider_payment_intent_id as intent,
      p.amount_cents - coalesce((select sum(r.amount_cents) from public.payments r
        where r.kind = 'refund' and r.provider_payment_intent_id = p.provider_payment_intent_id), 0)
      - coalesce((select sum(q.amount_cents) from private.refund_requests q
        where q.payment_intent_id = p.provider_payment_intent_id and q.status = 'pending'), 0) as refundable
    from public.payments p
    where p.booking_id = v_booking.id and p.kind = 'charge' and p.status = 'succeeded'
    order by p.created_at desc
  loop
    exit when v_left <= 0;
    if v_charge.refundable > 0 then
      perform private.owe_refund(v_booking.id, v_charge.intent, least(v_left, v_charge.refundable)::integer, btrim(p_reason),
        'staff', auth.uid());
      v_left := v_left - least(v_left, v_charge.refundable)::integer;
    end if;
  end loop;
  return p_amount_cents - v_left;
end
$$;

-- Staff: the balance or the city tax paid at the property, in cash or by card.
create or replace function public.record_property_payment(
  p_booking_id uuid, p_kind public.payment_kind, p_method text, p_amount_cents integer
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  if not public.is_staff() then
    raise exception 'Only staff can record payments.' using errcode = '42501';
  end if;
  if p_kind not in ('balance', 'city_tax') or p_method not in ('cash', 'card') then
    raise exception 'Record a balance or the city tax, paid in cash or by card.' using errcode = 'P0001';
  end if;
  if p_amount_cents is null or p_amount_cents <= 0 or p_amount_cents > 10000000 then
    raise exception 'Please enter an amount.' using errcode = 'P0001';
  end if;
  if not exists (select 1 from public.bookings b where b.id = p_booking_id) then
    raise exception 'Booking not found.' using errcode = 'P0001';
  end if;
  insert into public.payments (booking_id, kind, amount_cents, method, actor, actor_id)
  values (p_booking_id, p_kind, p_amount_cents, p_method, 'staff', auth.uid())
  returning id into v_id;
  return v_id;
end
$$;

-- Staff: money received (online deposits and balances at the property, minus refunds) since a day.
create or replace function public.money_received(p_since date default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only staff can see payments.' using errcode = '42501';
  end if;
  return (
    select jsonb_build_object(
      'received_cents', coalesce(sum(case when p.kind in ('charge', 'balance') then p.amount_cents
        when p.kind = 'refund' then -p.amount_cents else 0 end), 0),
      'refunded_cents', coalesce(sum(p.amount_cents) filter (where p.kind = 'refund'), 0),
      'city_tax_cents', coalesce(sum(p.amount_cents) filter (where p.kind = 'city_tax'), 0))
    from public.payments p
    where p.status = 'succeeded' and (p_since is null or p.created_at >= p_since)
  );
end
$$;

-- ---------------------------------------------------------------- the guest's private link
-- Behind the limited link (20261127000400_booking_link_limit.sql): {booking_id, total_cents,
-- deposit_cents, balance_cents, extras_cents, rate_plan, paid_cents, due_now_cents,
-- free_cancellation_until, refund_if_cancelled_today, refund_pending_cents, can_pay, extras: [...],
-- payments: [{kind, amount_cents, currency, status, created_at}]}
create or replace function public.booking_payments_by_link(p_reference text, p_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
  return jsonb_build_object(
    'booking_id', v_booking.id,
    'total_cents', v_booking.total_cents,
    'deposit_cents', v_booking.deposit_cents,
    'balance_cents', v_booking.balance_cents,
    'extras_cents', v_booking.extras_cents,
    'rate_plan', v_booking.rate_plan,
    'paid_cents', v_paid,
    'due_now_cents', case when v_charged then 0 else greatest(coalesce(v_booking.deposit_cents, 0) - v_paid, 0) end,
    'free_cancellation_until', v_booking.free_cancellation_until,
    'refund_if_cancelled_today', private.refund_due(v_paid, v_booking.free_cancellation_until,
      (private.clock_now() at time zone 'Europe/Rome')::date),
    'refund_pending_cents', coalesce((select sum(q.amount_cents) from private.refund_requests q
      where q.booking_id = v_booking.id and q.status = 'pending'), 0),
    'can_pay', not v_charged and coalesce(v_booking.deposit_cents, 0) > 0
      and ((v_booking.status = 'pending' and v_booking.hold_expires_at > private.clock_now()
            and not (private.payment_policy()).confirm_before_payment)
        or v_booking.status = 'confirmed'),
    'extras', coalesce((select jsonb_agg(jsonb_build_object('name', e.service_name, 'pricing_unit', e.pricing_unit,
        'quantity', e.quantity, 'unit_price_cents', e.unit_price_cents, 'line_total_cents', e.line_total_cents)
        order by e.created_at)
      from public.booking_extras e where e.booking_id = v_booking.id), '[]'),
    'payments', coalesce((select jsonb_agg(jsonb_build_object('kind', p.kind, 'amount_cents', p.amount_cents,
        'currency', p.currency, 'method', p.method, 'status', p.status, 'created_at', p.created_at) order by p.created_at)
      from public.payments p where p.booking_id = v_booking.id), '[]')
  );
end
$$;

-- The guest cancels while the rules allow (private.guest_may_cancel); the host is told; what the
-- policy refunds today is owed (private.refund_requests) and carried out by the payments function
-- (at once when the page asks it to settle, else by the scheduler within a minute). Same function
-- as in 20261127000400_booking_link_limit.sql (branch harden), plus the refund.
create or replace function public.cancel_booking_request(p_reference text, p_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
    raise exception 'This booking can no longer be cancelled online. Please contact us.' using errcode = 'P0001';
  end if;
  update public.bookings set status = 'cancelled' where id = v_booking.id returning * into v_booking;
  perform private.owe_cancellation_refund(v_booking, 'guest');
  perform private.enqueue_email('booking_cancelled_by_guest_host', private.host_email(), v_booking.id,
    private.booking_email_data(v_booking), 'en');
  return private.booking_link_view(v_booking);
end
$$;

-- ---------------------------------------------------------------- who may call what
revoke execute on function public.payment_checkout_start(uuid, text, text, text) from public, anon, authenticated;
revoke execute on function public.payment_checkout_record(text, uuid, integer, text, timestamptz, text, text)
  from public, anon, authenticated;
revoke execute on function public.payment_session_state(text, uuid) from public, anon, authenticated;
revoke execute on function public.claim_refund_requests(uuid) from public, anon, authenticated;
revoke execute on function public.record_refund(uuid, text, text) from public, anon, authenticated;
revoke execute on function public.apply_stripe_event(text, text, jsonb) from public, anon, authenticated;
grant execute on function public.payment_checkout_start(uuid, text, text, text) to service_role;
grant execute on function public.payment_checkout_record(text, uuid, integer, text, timestamptz, text, text) to service_role;
grant execute on function public.payment_session_state(text, uuid) to service_role;
grant execute on function public.claim_refund_requests(uuid) to service_role;
grant execute on function public.record_refund(uuid, text, text) to service_role;
grant execute on function public.apply_stripe_event(text, text, jsonb) to service_role;

revoke execute on function public.request_refund(uuid, integer, text) from public, anon;
revoke execute on function public.record_property_payment(uuid, public.payment_kind, text, integer) from public, anon;
revoke execute on function public.money_received(date) from public, anon;
grant execute on function public.request_refund(uuid, integer, text) to authenticated, service_role;
grant execute on function public.record_property_payment(uuid, public.payment_kind, text, integer) to authenticated, service_role;
grant execute on function public.money_received(date) to authenticated, service_role;
grant execute on function public.booking_payments_by_link(text, text) to anon, authenticated;

revoke execute on all functions in schema private from public, anon, authenticated;
