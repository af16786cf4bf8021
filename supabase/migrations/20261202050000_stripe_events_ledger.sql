-- Stripe's notices can never make the ledger wrong (issue 42, "Money that cannot be wrong"):
-- - a payment is applied only to the booking its Checkout Session was created for: the session id
--   recorded by payment_checkout_record decides the booking, whatever the metadata says;
-- - amounts are whole cents from 0 to 10,000,000 (€100,000) and the currency is the house's (eur);
--   a signed event that breaks this is malformed: recorded, refused (the webhook answers 400),
--   raised as a security event and an alert, and changes nothing;
-- - refund notices (charge.refunded) are applied by Stripe's refund id, once each, under a lock on
--   the booking, and never past the charge: the ledger equals Stripe's.
-- Every violation is a security event (public.security_logs) and an alert for the admins
-- (private.raise_alert), and never changes the ledger.

create or replace function private.payment_violation(p_kind text, p_description text, p_event_id text,
  p_metadata jsonb default '{}')
returns void
language plpgsql
security definer
set search_path to ''
as $$
begin
  insert into public.security_logs (event_type, severity, risk_score, description, metadata)
  select 'suspicious_activity', r.severity, r.risk_score, left(p_description, 500),
    coalesce(p_metadata, '{}') || jsonb_build_object('check', p_kind, 'event_id', p_event_id)
  from private.security_event_rating('suspicious_activity', jsonb_build_object('check', p_kind)) r;
  perform private.raise_alert(p_kind, 'high', p_description, 'stripe:' || p_event_id,
    coalesce(p_metadata, '{}') || jsonb_build_object('event_id', p_event_id));
end
$$;
comment on function private.payment_violation(text, text, text, jsonb) is
  'A payment notice that breaks the ledger''s rules: a security event and an admins'' alert; the caller changes nothing.';
revoke execute on function private.payment_violation(text, text, text, jsonb) from public;

-- whole cents within the sane maximum, from a JSON number only (text such as "6600.5" is not money)
create or replace function private.stripe_cents(p_value jsonb)
returns integer
language sql
immutable
set search_path to ''
as $$
  select case when jsonb_typeof(p_value) = 'number' then
    case when (p_value #>> '{}')::numeric = trunc((p_value #>> '{}')::numeric)
          and (p_value #>> '{}')::numeric between 0 and 10000000
      then (p_value #>> '{}')::numeric::integer end
  end
$$;
comment on function private.stripe_cents(jsonb) is
  'An amount of a Stripe object as integer cents (0 to 10,000,000), or null when it is not a whole number in range.';

-- why a signed object cannot be applied at all (null: well formed)
create or replace function private.stripe_object_problem(p_event_type text, p_object jsonb)
returns text
language plpgsql
immutable
set search_path to ''
as $$
declare
  v_refund jsonb;
begin
  if jsonb_typeof(p_object) is distinct from 'object' then
    return 'the event carries no object';
  end if;
  if p_event_type like 'checkout.session.%' then
    if jsonb_typeof(p_object -> 'id') is distinct from 'string' then
      return 'the session has no id';
    end if;
    if p_object ? 'amount_total' and jsonb_typeof(p_object -> 'amount_total') <> 'null'
       and private.stripe_cents(p_object -> 'amount_total') is null then
      return format('the amount %s is not whole cents from 0 to 10000000', left(p_object ->> 'amount_total', 40));
    end if;
    if p_event_type in ('checkout.session.completed', 'checkout.session.async_payment_succeeded')
       and private.stripe_cents(p_object -> 'amount_total') is null then
      return 'a paid session without its amount';
    end if;
    if p_event_type in ('checkout.session.completed', 'checkout.session.async_payment_succeeded')
       and lower(coalesce(p_object ->> 'currency', '')) <> 'eur' then
      return format('the currency %s is not the house''s (eur)', left(coalesce(p_object ->> 'currency', 'none'), 20));
    end if;
  elsif p_event_type = 'charge.refunded' then
    if jsonb_typeof(p_object -> 'payment_intent') is distinct from 'string' then
      return 'the charge names no payment intent';
    end if;
    if private.stripe_cents(p_object -> 'amount') is null or private.stripe_cents(p_object -> 'amount_refunded') is null then
      return format('the amounts %s / %s are not whole cents from 0 to 10000000',
        left(p_object ->> 'amount', 40), left(p_object ->> 'amount_refunded', 40));
    end if;
    if private.stripe_cents(p_object -> 'amount_refunded') > private.stripe_cents(p_object -> 'amount') then
      return format('refunded %s of a charge of %s', p_object ->> 'amount_refunded', p_object ->> 'amount');
    end if;
    if lower(coalesce(p_object ->> 'currency', '')) <> 'eur' then
      return format('the currency %s is not the house''s (eur)', left(coalesce(p_object ->> 'currency', 'none'), 20));
    end if;
    if jsonb_typeof(p_object #> '{refunds,data}') is distinct from 'array' then
      return 'the charge comes without its refunds';
    end if;
    for v_refund in select r from jsonb_array_elements(p_object #> '{refunds,data}') r loop
      if jsonb_typeof(v_refund -> 'id') is distinct from 'string' or v_refund ->> 'id' !~ '^re_[A-Za-z0-9_]{1,200}$'
         or coalesce(private.stripe_cents(v_refund -> 'amount'), 0) <= 0 then
        return format('a refund is not well formed: %s', left(v_refund::text, 200));
      end if;
    end loop;
  end if;
  return null;
end
$$;

create or replace function public.apply_stripe_event(p_event_id text, p_event_type text, p_object jsonb)
returns jsonb
language plpgsql
security definer
set search_path to ''
as $$
declare
  v_outcome text;
  v_problem text;
  v_booking public.bookings;
  v_session private.checkout_sessions;
  v_booking_id uuid;
  v_named uuid;
  v_intent text := p_object ->> 'payment_intent';
  v_amount integer;
  v_had_charge boolean;
  v_refunds boolean := false;
  v_charge public.payments;
  v_refund jsonb;
  v_recorded integer;
  v_applied integer := 0;
  v_refused integer := 0;
begin
  if p_event_id is null or p_event_type is null then
    raise exception 'An event needs its id and type.' using errcode = '22023';
  end if;
  insert into private.stripe_events (event_id, event_type, outcome) values (p_event_id, p_event_type, 'received')
  on conflict (event_id) do nothing;
  if not found then
    -- a replay: applied (or refused) once already
    return jsonb_build_object(
      'outcome', case when (select e.outcome from private.stripe_events e where e.event_id = p_event_id) = 'malformed'
        then 'malformed' else 'duplicate' end,
      'refunds', exists (select 1 from private.refund_requests q where q.status = 'pending'));
  end if;

  if p_event_type in ('checkout.session.completed', 'checkout.session.async_payment_succeeded',
                      'checkout.session.async_payment_failed', 'checkout.session.expired', 'charge.refunded') then
    v_problem := private.stripe_object_problem(p_event_type, p_object);
  end if;

  if v_problem is not null then
    v_outcome := 'malformed';
    perform private.payment_violation('payment_malformed',
      format('A signed payment notice (%s) was refused: %s. Nothing was changed.', p_event_type, v_problem),
      p_event_id, jsonb_build_object('event_type', p_event_type, 'problem', v_problem,
        'object_id', left(p_object ->> 'id', 200)));

  elsif p_event_type like 'checkout.session.%' then
    -- the booking is the one the session was created for, never the one the metadata names
    select s.booking_id into v_booking_id from private.checkout_sessions s where s.session_id = p_object ->> 'id';
    v_named := case when p_object -> 'metadata' ->> 'booking_id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      then (p_object -> 'metadata' ->> 'booking_id')::uuid end;
    select * into v_booking from public.bookings where id = v_booking_id for update;
    select * into v_session from private.checkout_sessions where session_id = p_object ->> 'id' for update;
    v_amount := private.stripe_cents(p_object -> 'amount_total');
    if v_session.session_id is null or v_booking.id is null then
      v_outcome := 'unknown_session';
      if p_event_type in ('checkout.session.completed', 'checkout.session.async_payment_succeeded') then
        perform private.payment_violation('payment_unknown_booking',
          'A payment notice names a Checkout Session this house never created; it was not applied.', p_event_id,
          jsonb_build_object('session_id', left(p_object ->> 'id', 200), 'metadata_booking_id', v_named));
      end if;
    elsif v_named is distinct from v_session.booking_id then
      v_outcome := 'session_mismatch';
      perform private.payment_violation('payment_session_mismatch',
        format('A payment notice for the session of booking %s names another booking in its metadata; it was not applied.',
          v_booking.reference),
        p_event_id, jsonb_build_object('booking_id', v_session.booking_id, 'metadata_booking_id', v_named,
          'session_id', v_session.session_id));
    elsif p_event_type = 'checkout.session.expired' then
      update private.checkout_sessions set status = 'expired' where session_id = v_session.session_id and not paid;
      v_outcome := 'session_expired';
    elsif p_event_type = 'checkout.session.async_payment_failed' then
      v_outcome := 'payment_failed';
    elsif p_event_type = 'checkout.session.completed' and p_object ->> 'payment_status' is distinct from 'paid' then
      v_outcome := 'awaiting_payment';
    elsif v_amount is distinct from v_session.amount_cents or v_intent is null then
      v_outcome := 'mismatch';
      perform private.payment_violation('payment_mismatch',
        format('A payment for booking %s does not match what was asked (%s eur, expected %s eur); it was not applied.',
          v_booking.reference, v_amount, v_session.amount_cents),
        p_event_id, jsonb_build_object('booking_id', v_booking.id, 'session_id', v_session.session_id,
          'amount_total', v_amount, 'currency', p_object ->> 'currency', 'expected_cents', v_session.amount_cents));
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

  elsif p_event_type = 'charge.refunded' then
    -- refunds made outside this site (the Stripe Dashboard) join the ledger, each by Stripe's refund id
    -- (the webhook adds the charge's refunds as Stripe's API lists them); ours are recorded by
    -- record_refund, which names the same id
    select p.booking_id into v_booking_id from public.payments p
    where p.kind = 'charge' and p.provider_payment_intent_id = v_intent;
    if v_booking_id is null then
      v_outcome := 'unknown_charge';
    else
      -- one notice at a time per booking: the sums below are read under this lock
      select * into v_booking from public.bookings where id = v_booking_id for update;
      select * into v_charge from public.payments p
      where p.kind = 'charge' and p.provider_payment_intent_id = v_intent;
      if private.stripe_cents(p_object -> 'amount') <> v_charge.amount_cents then
        v_outcome := 'refund_refused';
        perform private.payment_violation('refund_mismatch',
          format('A refund notice for booking %s names a charge of %s cents; the ledger''s is %s. Nothing was changed.',
            v_booking.reference, p_object ->> 'amount', v_charge.amount_cents),
          p_event_id, jsonb_build_object('booking_id', v_booking.id, 'payment_intent', v_intent,
            'amount', p_object -> 'amount', 'charge_cents', v_charge.amount_cents));
      else
        for v_refund in
          select r from jsonb_array_elements(p_object #> '{refunds,data}') r
          where coalesce(r ->> 'status', 'succeeded') in ('succeeded', 'pending')
          order by (r ->> 'created') nulls last, r ->> 'id'
        loop
          continue when exists (select 1 from public.payments p where p.provider_refund_id = v_refund ->> 'id');
          -- one of ours: record_refund records it under its own request
          continue when v_refund -> 'metadata' ->> 'refund_request_id' ~* '^[0-9a-f-]{36}$'
            and exists (select 1 from private.refund_requests q
              where q.id = (v_refund -> 'metadata' ->> 'refund_request_id')::uuid and q.payment_intent_id = v_intent);
          v_recorded := coalesce((select sum(r.amount_cents) from public.payments r
            where r.kind = 'refund' and r.provider_payment_intent_id = v_intent), 0);
          if v_recorded + (v_refund ->> 'amount')::integer > v_charge.amount_cents then
            v_refused := v_refused + 1;
            perform private.payment_violation('refund_exceeds_paid',
              format('A refund of %s cents for booking %s would refund more than its charge (%s cents, %s refunded); it was not recorded.',
                v_refund ->> 'amount', v_booking.reference, v_charge.amount_cents, v_recorded),
              p_event_id, jsonb_build_object('booking_id', v_booking.id, 'refund_id', v_refund ->> 'id',
                'amount_cents', (v_refund ->> 'amount')::integer, 'charge_cents', v_charge.amount_cents,
                'refunded_cents', v_recorded));
            continue;
          end if;
          begin
            insert into public.payments (booking_id, kind, amount_cents, method, provider_payment_intent_id,
              provider_refund_id, provider_event_id, reason, actor)
            values (v_booking.id, 'refund', (v_refund ->> 'amount')::integer, 'stripe', v_intent, v_refund ->> 'id',
              p_event_id, 'Refunded in the Stripe Dashboard', 'stripe')
            on conflict (provider_refund_id) where provider_refund_id is not null do nothing;
            if found then
              v_applied := v_applied + 1;
            end if;
          exception when check_violation then
            -- the ledger's own rule (a refund never exceeds what was paid): refused the same way
            if sqlerrm not like 'refund_exceeds_paid%' then
              raise;
            end if;
            v_refused := v_refused + 1;
            perform private.payment_violation('refund_exceeds_paid',
              format('A refund of %s cents for booking %s would refund more than was paid; it was not recorded.',
                v_refund ->> 'amount', v_booking.reference),
              p_event_id, jsonb_build_object('booking_id', v_booking.id, 'refund_id', v_refund ->> 'id'));
          end;
        end loop;
        v_outcome := case when v_refused > 0 then 'refund_refused' when v_applied > 0 then 'refund_recorded'
          else 'refund_known' end;
      end if;
    end if;
  else
    v_outcome := 'ignored';
  end if;

  update private.stripe_events set outcome = v_outcome where event_id = p_event_id;
  return jsonb_build_object('outcome', v_outcome, 'booking_id', coalesce(v_booking.id, v_booking_id), 'refunds', v_refunds);
end
$$;
