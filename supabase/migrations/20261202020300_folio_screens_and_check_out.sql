-- The folio (issue 39, section 2), part three: every screen reads it, and check-out asks first.
--
-- * booking_payments_by_link (the guest's private page) adds the folio's totals and lines
--   (`folio`, `folio_lines`): the same figures staff see, for the guest's own stay.
-- * staff_arrivals adds each arrival's balance due, open city tax and extras.
-- * check_out_booking (staff): checks a guest out. With money open (the stay's balance or the
--   city tax) it refuses with `balance_open` (its figures in detail) unless the desk settles it now
--   (card or cash: one folio line each for the city tax and the stay) or checks out with the amount
--   left owing (it stays on the folio, and money_received counts it as owed). Before the booked
--   departure it needs which nights are charged (`nights_choice_needed`): `stayed` (the nights
--   slept: nightly_rates, total_cents and total_amount become those nights, discounts kept in
--   proportion) or `booked` (every booked night, as the non-refundable rate keeps them). Either
--   way check_out_date becomes the day of departure and the booked one is kept in
--   booked_check_out_date, so the city tax, the register, the reports and availability follow the
--   nights stayed. One audit row names the desk, the choice and the figures.
-- * request_refund's refusals carry codes (reason_needed, refund_out_of_range, booking_not_found).

-- ------------------------------------------------------------------ the guest's page
alter type public.guest_payments_view add attribute folio public.folio_totals;
alter type public.guest_payments_view add attribute folio_lines public.folio_line[];

create or replace function public.booking_payments_by_link(p_reference text, p_token text)
 returns jsonb
 language plpgsql
 security definer
 set search_path to ''
as $function$
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
  return to_jsonb(row(
    v_booking.id,
    v_booking.total_cents,
    v_booking.deposit_cents,
    v_booking.balance_cents,
    v_booking.extras_cents,
    v_booking.rate_plan,
    v_paid,
    case when v_charged then 0 else greatest(coalesce(v_booking.deposit_cents, 0) - v_paid, 0) end,
    v_booking.free_cancellation_until,
    private.refund_due(v_paid, v_booking.free_cancellation_until,
      (private.clock_now() at time zone 'Europe/Rome')::date),
    coalesce((select sum(q.amount_cents) from private.refund_requests q
      where q.booking_id = v_booking.id and q.status = 'pending'), 0),
    private.deposit_payable_cents(v_booking) > 0,
    not v_charged and coalesce(v_booking.deposit_cents, 0) > 0
      and v_booking.status = 'pending' and v_booking.hold_expires_at > private.clock_now()
      and (private.payment_policy()).confirm_before_payment,
    array(select row(e.service_name, e.pricing_unit, e.quantity, e.unit_price_cents, e.line_total_cents)
            ::public.guest_payment_extra
          from public.booking_extras e where e.booking_id = v_booking.id order by e.created_at),
    array(select row(p.kind, p.amount_cents, p.currency, p.method, p.status, p.created_at)::public.guest_payment_entry
          from public.payments p where p.booking_id = v_booking.id and p.kind <> 'extra' order by p.created_at),
    private.folio_totals_of(v_booking),
    -- the guest sees the lines, not who recorded them nor the desk's notes
    array(select row(null, l.kind, l.side, case when l.kind = 'extra' then l.description end, l.night, l.quantity,
            l.unit_price_cents, l.amount_cents, l.method, l.correction, null, null, l.recorded_at)::public.folio_line
          from private.folio_lines(v_booking) l)
  )::public.guest_payments_view);
end
$function$;

-- ------------------------------------------------------------------ the arrivals
alter type public.arrivals_booking add attribute balance_due_cents integer;
alter type public.arrivals_booking add attribute city_tax_open_cents integer;
alter type public.arrivals_booking add attribute extras text[];

create or replace function public.staff_arrivals(p_day date)
 returns public.arrivals_day
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_ids uuid[];
begin
  perform private.require_staff('open the arrivals');
  if p_day is null then
    raise exception 'Please pick a day.' using errcode = '22023';
  end if;
  select coalesce(array_agg(b.id), '{}') into v_ids
  from public.bookings b where b.check_in_date = p_day and b.status in ('confirmed', 'checked_in', 'checked_out');
  perform private.audit_identity_read(
    array(select g.booking_id from public.booking_guests g where g.booking_id = any (v_ids) group by g.booking_id),
    'arrivals ' || p_day::text);
  return row(
    p_day,
    array(
      select row(
        b.id,
        b.reference,
        b.status,
        r.name,
        b.guest_name,
        b.check_in_date,
        b.check_out_date,
        b.check_out_date - b.check_in_date,
        b.guests,
        ci.checked_in_at,
        s.complete,
        private.checkin_guests(b.id),
        t.stay_balance_cents,
        t.city_tax_open_cents,
        array(select l.description || case when l.quantity > 1 then ' × ' || l.quantity else '' end
              from private.folio_lines(b) l where l.kind = 'extra' and not l.correction
                and not exists (select 1 from public.payments c where c.reverses_id = l.id))
      )::public.arrivals_booking
      from public.bookings b
      join public.rooms r on r.id = b.room_id
      cross join lateral private.booking_checkin_summary(b) s
      cross join lateral private.folio_totals_of(b) t
      left join public.booking_check_ins ci on ci.booking_id = b.id
      where b.id = any (v_ids)
      order by r.name, b.reference
    ),
    private.checkin_document_types()
  )::public.arrivals_day;
end
$function$;

-- ------------------------------------------------------------------ check-out
create type public.check_out_result as (
  booking_id uuid,
  status public.booking_status,
  check_out date,
  booked_check_out date,
  nights_charged integer,
  settled_cents integer,
  left_owing_cents integer,
  totals public.folio_totals
);

create or replace function public.check_out_booking(p_booking_id uuid, p_nights text default null,
  p_settle_method text default null, p_leave_owing boolean default false)
 returns public.check_out_result
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_booking public.bookings;
  v_old public.bookings;
  v_today date := private.rome_today();
  v_departure date;
  v_early boolean;
  v_nights jsonb;
  v_booked_sum bigint;
  v_kept_sum bigint;
  v_nights_cents integer;
  v_total integer;
  v_deposit integer;
  v_totals public.folio_totals;
  v_settled integer := 0;
  v_claims text := current_setting('request.jwt.claims', true);
  v_sub text := current_setting('request.jwt.claim.sub', true);
  v_actor uuid := auth.uid();
begin
  perform private.require_staff('check guests out');
  v_booking := private.booking_or_refuse(p_booking_id, true);
  v_old := v_booking;
  if v_booking.status <> 'checked_in' then
    raise exception 'Only a stay checked in can be checked out.' using errcode = 'P0001', hint = 'not_checked_in';
  end if;
  if p_settle_method is not null and p_settle_method not in ('cash', 'card') then
    raise exception 'Settle in cash or by card.' using errcode = 'P0001', hint = 'payment_method_invalid';
  end if;
  v_departure := greatest(v_today, v_booking.check_in_date + 1);
  v_early := v_departure < v_booking.check_out_date;
  if v_early and (p_nights is null or p_nights not in ('stayed', 'booked')) then
    raise exception 'The guest leaves before the booked departure: charge the nights stayed or every booked night?'
      using errcode = 'P0001', hint = 'nights_choice_needed',
        detail = jsonb_build_object('booked_check_out', v_booking.check_out_date, 'departure', v_departure,
          'rate_plan', v_booking.rate_plan)::text;
  end if;

  if v_early then
    v_booking.booked_check_out_date := coalesce(v_booking.booked_check_out_date, v_booking.check_out_date);
    v_booking.check_out_date := v_departure;
    if p_nights = 'stayed' then
      v_nights_cents := coalesce(v_booking.total_cents, round(v_booking.total_amount * 100)::integer) - v_booking.extras_cents;
      if jsonb_typeof(v_booking.nightly_rates) = 'array' and jsonb_array_length(v_booking.nightly_rates) > 0 then
        select coalesce(sum(round((e ->> 'price')::numeric * 100)), 0),
          coalesce(sum(round((e ->> 'price')::numeric * 100)) filter (where (e ->> 'night')::date < v_departure), 0),
          coalesce(jsonb_agg(e order by (e ->> 'night')) filter (where (e ->> 'night')::date < v_departure), '[]')
          into v_booked_sum, v_kept_sum, v_nights
        from jsonb_array_elements(v_booking.nightly_rates) e;
        v_booking.nightly_rates := v_nights;
      else
        v_booked_sum := v_old.check_out_date - v_old.check_in_date;
        v_kept_sum := v_departure - v_booking.check_in_date;
      end if;
      -- the nights kept, their discounts in proportion
      if v_booked_sum > 0 then
        v_nights_cents := round(v_nights_cents::numeric * v_kept_sum / v_booked_sum)::integer;
      end if;
      v_total := v_nights_cents + v_booking.extras_cents;
      v_deposit := least(coalesce(v_booking.deposit_cents, 0), v_total);
      v_booking.total_cents := v_total;
      v_booking.deposit_cents := v_deposit;
      v_booking.balance_cents := v_total - v_deposit;
      v_booking.total_amount := round(v_total / 100.0, 2);
    end if;
  end if;

  -- the figures after the change, before the booking is written
  v_totals := private.folio_totals_of(v_booking);
  if v_totals.balance_cents > 0 and p_settle_method is null and not coalesce(p_leave_owing, false) then
    raise exception 'Money is still open on this stay: settle it now or check out with it left owing.'
      using errcode = 'P0001', hint = 'balance_open',
        detail = jsonb_build_object('balance_cents', v_totals.balance_cents,
          'stay_balance_cents', v_totals.stay_balance_cents, 'city_tax_open_cents', v_totals.city_tax_open_cents)::text;
  end if;

  -- staff change only a booking's status (bookings_guard_update): the check-out is this function's
  -- own change, audited below with the desk's name
  perform set_config('request.jwt.claims', '', true);
  perform set_config('request.jwt.claim.sub', '', true);
  update public.bookings set status = 'checked_out', check_out_date = v_booking.check_out_date,
    booked_check_out_date = v_booking.booked_check_out_date, nightly_rates = v_booking.nightly_rates,
    total_cents = v_booking.total_cents, deposit_cents = v_booking.deposit_cents,
    balance_cents = v_booking.balance_cents, total_amount = v_booking.total_amount
  where id = v_booking.id
  returning * into v_booking;
  perform set_config('request.jwt.claims', coalesce(v_claims, ''), true);
  perform set_config('request.jwt.claim.sub', coalesce(v_sub, ''), true);

  if p_settle_method is not null and v_totals.balance_cents > 0 then
    if v_totals.city_tax_open_cents > 0 then
      perform private.folio_record(v_booking.id, 'city_tax', p_settle_method,
        least(v_totals.city_tax_open_cents, v_totals.balance_cents));
      v_settled := least(v_totals.city_tax_open_cents, v_totals.balance_cents);
    end if;
    if v_totals.balance_cents - v_settled > 0 then
      perform private.folio_record(v_booking.id, 'balance', p_settle_method, v_totals.balance_cents - v_settled);
      v_settled := v_totals.balance_cents;
    end if;
  end if;
  v_totals := private.folio_totals_of(v_booking);

  insert into public.audit_logs (action, table_name, record_id, user_id, old_values, new_values)
  values ('UPDATE', 'bookings', v_booking.id::text, v_actor,
    jsonb_build_object('status', v_old.status, 'check_out_date', v_old.check_out_date,
      'total_cents', v_old.total_cents),
    jsonb_build_object('status', v_booking.status, 'check_out_date', v_booking.check_out_date,
      'booked_check_out_date', v_booking.booked_check_out_date, 'total_cents', v_booking.total_cents,
      'check_out', jsonb_build_object('nights', case when v_early then p_nights end, 'settled_cents', v_settled,
        'settle_method', p_settle_method, 'left_owing_cents', greatest(v_totals.balance_cents, 0))));

  return row(v_booking.id, v_booking.status, v_booking.check_out_date, v_booking.booked_check_out_date,
    case when v_early and p_nights = 'booked' then v_old.check_out_date - v_old.check_in_date
      else v_booking.check_out_date - v_booking.check_in_date end,
    v_settled, greatest(v_totals.balance_cents, 0), v_totals)::public.check_out_result;
end
$function$;
comment on function public.check_out_booking(uuid, text, text, boolean) is
  'Staff: check a stay out. Refusals: booking_not_found, not_checked_in, payment_method_invalid, nights_choice_needed (leaving early: p_nights stayed or booked), balance_open (settle with p_settle_method cash or card, or p_leave_owing). Audited.';
revoke execute on function public.check_out_booking(uuid, text, text, boolean) from public, anon, authenticated, service_role;
grant execute on function public.check_out_booking(uuid, text, text, boolean) to authenticated, service_role;

-- ------------------------------------------------------------------ refunds: codes
create or replace function public.request_refund(p_booking_id uuid, p_amount_cents integer, p_reason text)
 returns integer
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_booking public.bookings;
  v_left integer := p_amount_cents;
  v_charge record;
  v_refundable integer;
begin
  if not public.is_admin() then
    raise exception 'Only admins can refund payments.' using errcode = '42501';
  end if;
  if nullif(btrim(coalesce(p_reason, '')), '') is null or char_length(p_reason) > 500 then
    raise exception 'Please give a reason for the refund (at most 500 characters).' using errcode = 'P0001',
      hint = 'reason_needed';
  end if;
  v_booking := private.booking_or_refuse(p_booking_id, true);
  v_refundable := private.booking_paid_cents(v_booking.id)
    - coalesce((select sum(q.amount_cents) from private.refund_requests q where q.booking_id = v_booking.id and q.status = 'pending'), 0);
  if p_amount_cents is null or p_amount_cents <= 0 or p_amount_cents > v_refundable then
    raise exception 'The refund must be more than 0 and at most what was paid online and not yet refunded.'
      using errcode = 'P0001', hint = 'refund_out_of_range',
        detail = jsonb_build_object('max_cents', greatest(v_refundable, 0))::text;
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
$function$;
