-- The folio (issue 39, section 2): one ledger per stay, every charge and every payment on it, and a
-- balance derived from its lines, never stored apart: balance = charges - payments + refunds.
--
-- * The ledger stays public.payments (append-only, staff read, written by server functions only),
--   extended additively: `extra` lines (a service staff add during the stay), `correction` lines
--   (a new line that reverses one, `reverses_id`), a description, a quantity and a unit price,
--   and two more methods: `bank_transfer`, and `folio` for a charge posted to the stay. The kinds
--   written today (charge, refund, balance, city_tax) keep their meaning and their writers.
-- * The stay's contract lines (each night as priced, the discount, the extras booked with the stay,
--   the city tax due: per guest per night, exemptions applied, the 10-night cap) are read from the
--   booking as it stands (private.folio_lines): they change only with the booking itself (an early
--   departure, public.check_out_booking, audited). A cancelled stay keeps one line instead: what
--   was kept on cancellation.
-- * A database rule: a booking's refunds (made or asked for) never exceed what was paid for it
--   (triggers on public.payments and private.refund_requests; SQLSTATE 23514, message starting
--   `refund_exceeds_paid`).
-- * public.booking_folio(id) (staff) returns the lines and the totals: charged, paid, refunded,
--   balance, city tax due and collected.

-- ------------------------------------------------------------------ the ledger, extended
alter table public.payments
  add column reverses_id uuid references public.payments (id) on delete restrict,
  add column correction boolean not null default false,
  add column description text,
  add column quantity integer,
  add column unit_price_cents integer,
  add column service_id uuid references public.services (id) on delete set null;
alter table public.payments
  add constraint payments_description_length check (description is null or char_length(btrim(description)) between 1 and 200),
  add constraint payments_quantity_range check (quantity is null or quantity between 1 and 1000),
  add constraint payments_unit_price_range check (unit_price_cents is null or unit_price_cents between 0 and 1000000),
  add constraint payments_reversal_is_correction check (reverses_id is null or correction),
  drop constraint payments_method_known,
  add constraint payments_method_known check (method in ('stripe', 'cash', 'card', 'bank_transfer', 'folio'));
create unique index payments_one_reversal_idx on public.payments (reverses_id) where reverses_id is not null;
create index payments_service_idx on public.payments (service_id);
create index payments_booking_kind_idx on public.payments (booking_id, kind);
comment on table public.payments is
  'The folio''s stored lines: every payment (charge online, balance, city tax), refund, extra added during the stay, and correction (a line reversing one). Append-only. Staff read; written by server functions only.';
comment on column public.payments.correction is 'A correction counts with the opposite sign of its kind (it reverses reverses_id, when named).';

-- the booked departure, kept when a guest leaves early (check_out_date is then the actual one)
alter table public.bookings add column booked_check_out_date date;
comment on column public.bookings.booked_check_out_date is
  'The departure booked, when the guest left before it (check_out_booking); check_out_date is then the day they left.';

-- ------------------------------------------------------------------ types
-- one line of a stay's folio; amount_cents is its effect on the balance (charges +, payments -, refunds +)
create type public.folio_line as (
  id uuid,
  kind text,
  side text,
  description text,
  night date,
  quantity integer,
  unit_price_cents integer,
  amount_cents integer,
  method text,
  correction boolean,
  reverses_id uuid,
  actor text,
  recorded_at timestamptz
);

-- a folio's totals: balance = charged - paid + refunded; stay_balance leaves the open city tax out
create type public.folio_totals as (
  charged_cents integer,
  paid_cents integer,
  refunded_cents integer,
  balance_cents integer,
  city_tax_due_cents integer,
  city_tax_collected_cents integer,
  city_tax_open_cents integer,
  stay_balance_cents integer,
  paid_online_cents integer,
  refund_pending_cents integer,
  extras_cents integer
);

create type public.booking_folio_view as (
  booking_id uuid,
  reference text,
  status public.booking_status,
  guest_name text,
  check_in date,
  check_out date,
  booked_check_out date,
  rate_plan text,
  lines public.folio_line[],
  totals public.folio_totals,
  -- for a refund: what was paid online and is neither refunded nor being refunded, and what the
  -- booking's cancellation terms would refund today (private.refund_due)
  refundable_online_cents integer,
  policy_refund_today_cents integer
);

-- ------------------------------------------------------------------ the lines
create or replace function private.folio_sign(p_kind public.payment_kind, p_correction boolean)
 returns integer
 language sql
 immutable
 set search_path to ''
as $function$
  select (case when p_kind in ('extra', 'refund') then 1 else -1 end) * (case when p_correction then -1 else 1 end)
$function$;
comment on function private.folio_sign(public.payment_kind, boolean) is
  'The sign of a stored line on the balance: an extra or a refund +1, a payment -1; a correction the opposite.';

create or replace function private.folio_lines(p_booking public.bookings)
 returns setof public.folio_line
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
declare
  v_target integer;
  v_sum integer := 0;
  v_night record;
  v_extra record;
  v_tax record;
  v_kept integer;
  v_line record;
begin
  if p_booking.id is null then
    return;
  end if;
  if p_booking.status in ('cancelled', 'expired') then
    -- what was received and not refunded nor owed back stays as the one charge of the stay
    select
      coalesce(sum(-private.folio_sign(p.kind, p.correction) * p.amount_cents)
        filter (where p.kind in ('charge', 'balance', 'city_tax')), 0)
      - coalesce(sum(private.folio_sign(p.kind, p.correction) * p.amount_cents) filter (where p.kind = 'refund'), 0)
      - coalesce((select sum(q.amount_cents) from private.refund_requests q
          where q.booking_id = p_booking.id and q.status = 'pending'), 0)
      into v_kept
    from public.payments p where p.booking_id = p_booking.id and p.status = 'succeeded';
    if v_kept > 0 then
      return next row(null, 'kept', 'charge', null, null, null, null, v_kept, null, false, null, null,
        p_booking.updated_at)::public.folio_line;
    end if;
  else
    v_target := coalesce(p_booking.total_cents, round(p_booking.total_amount * 100)::integer) - p_booking.extras_cents;
    if jsonb_typeof(p_booking.nightly_rates) = 'array' and jsonb_array_length(p_booking.nightly_rates) > 0 then
      for v_night in
        select (e ->> 'night')::date as night, round((e ->> 'price')::numeric * 100)::integer as cents
        from jsonb_array_elements(p_booking.nightly_rates) e order by 1
      loop
        return next row(null, 'night', 'charge', null, v_night.night, 1, v_night.cents, v_night.cents, null, false,
          null, null, p_booking.created_at)::public.folio_line;
        v_sum := v_sum + v_night.cents;
      end loop;
      if v_target <> v_sum then
        -- the promo code's and the rate's discounts, as the stored total has them
        return next row(null, 'discount', 'charge', p_booking.promo_code, null, null, null, v_target - v_sum, null,
          false, null, null, p_booking.created_at)::public.folio_line;
      end if;
    else
      return next row(null, 'night', 'charge', null, null, p_booking.check_out_date - p_booking.check_in_date,
        null, v_target, null, false, null, null, p_booking.created_at)::public.folio_line;
    end if;
    for v_extra in
      select e.id, e.service_name, e.quantity, e.unit_price_cents, e.line_total_cents, e.created_at
      from public.booking_extras e where e.booking_id = p_booking.id order by e.created_at, e.id
    loop
      return next row(v_extra.id, 'extra', 'charge', v_extra.service_name, null, v_extra.quantity,
        v_extra.unit_price_cents, v_extra.line_total_cents, null, false, null, 'guest', v_extra.created_at)::public.folio_line;
    end loop;
    select coalesce(sum(n.due_cents), 0)::integer as due, coalesce(sum(n.taxable), 0)::integer as taxable,
      case when count(distinct n.rate_cents) = 1 then min(n.rate_cents) end as rate
      into v_tax
    from private.city_tax_nights(p_booking.check_in_date, p_booking.check_out_date, p_booking.guests,
      private.booking_birth_dates(p_booking.id), private.booking_exempt_persons(p_booking.id),
      private.booking_residents(p_booking.id)) n;
    if v_tax.due > 0 then
      return next row(null, 'city_tax', 'charge', null, null, v_tax.taxable, v_tax.rate, v_tax.due, null, false,
        null, null, p_booking.created_at)::public.folio_line;
    end if;
  end if;
  for v_line in
    select p.* from public.payments p
    where p.booking_id = p_booking.id and p.status = 'succeeded'
    order by p.created_at, p.id
  loop
    return next row(v_line.id,
      case v_line.kind when 'charge' then 'deposit' when 'city_tax' then 'city_tax_paid' else v_line.kind::text end,
      case v_line.kind when 'extra' then 'charge' when 'refund' then 'refund' else 'payment' end,
      coalesce(v_line.description, v_line.reason), null, v_line.quantity, v_line.unit_price_cents,
      private.folio_sign(v_line.kind, v_line.correction) * v_line.amount_cents, v_line.method, v_line.correction,
      v_line.reverses_id, v_line.actor, v_line.created_at)::public.folio_line;
  end loop;
end
$function$;
comment on function private.folio_lines(public.bookings) is
  'THE folio of a stay: its contract lines read from the booking (nights, discount, booked extras, city tax due; on a cancelled stay what was kept) and its stored lines (public.payments). amount_cents is signed: their sum is the balance.';
revoke execute on function private.folio_lines(public.bookings) from public, anon, authenticated;

create or replace function private.folio_totals_of(p_booking public.bookings)
 returns public.folio_totals
 language sql
 stable security definer
 set search_path to ''
as $function$
  select row(
    coalesce(sum(l.amount_cents) filter (where l.side = 'charge'), 0),
    -coalesce(sum(l.amount_cents) filter (where l.side = 'payment'), 0),
    coalesce(sum(l.amount_cents) filter (where l.side = 'refund'), 0),
    coalesce(sum(l.amount_cents), 0),
    coalesce(sum(l.amount_cents) filter (where l.kind = 'city_tax'), 0),
    -coalesce(sum(l.amount_cents) filter (where l.kind = 'city_tax_paid'), 0),
    coalesce(sum(l.amount_cents) filter (where l.kind in ('city_tax', 'city_tax_paid')), 0),
    coalesce(sum(l.amount_cents), 0) - coalesce(sum(l.amount_cents) filter (where l.kind in ('city_tax', 'city_tax_paid')), 0),
    -coalesce(sum(l.amount_cents) filter (where l.kind = 'deposit'), 0),
    (select coalesce(sum(q.amount_cents), 0)::integer from private.refund_requests q
      where q.booking_id = p_booking.id and q.status = 'pending'),
    coalesce(sum(l.amount_cents) filter (where l.kind = 'extra'), 0)
  )::public.folio_totals
  from private.folio_lines(p_booking) l
$function$;
revoke execute on function private.folio_totals_of(public.bookings) from public, anon, authenticated;

create or replace function private.folio_view(p_booking public.bookings)
 returns public.booking_folio_view
 language sql
 stable security definer
 set search_path to ''
as $function$
  select row(p_booking.id, p_booking.reference, p_booking.status, p_booking.guest_name, p_booking.check_in_date,
    p_booking.check_out_date, p_booking.booked_check_out_date, p_booking.rate_plan,
    array(select l from private.folio_lines(p_booking) l),
    private.folio_totals_of(p_booking),
    greatest(private.booking_paid_cents(p_booking.id)
      - (select coalesce(sum(q.amount_cents), 0)::integer from private.refund_requests q
         where q.booking_id = p_booking.id and q.status = 'pending'), 0),
    least(private.refund_due(private.booking_paid_cents(p_booking.id), p_booking.free_cancellation_until,
      private.rome_today()), greatest(private.booking_paid_cents(p_booking.id)
      - (select coalesce(sum(q.amount_cents), 0)::integer from private.refund_requests q
         where q.booking_id = p_booking.id and q.status = 'pending'), 0)))::public.booking_folio_view
$function$;
revoke execute on function private.folio_view(public.bookings) from public, anon, authenticated;

create or replace function private.booking_or_refuse(p_booking_id uuid, p_lock boolean default false)
 returns public.bookings
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_booking public.bookings;
begin
  if p_lock then
    select * into v_booking from public.bookings where id = p_booking_id for update;
  else
    select * into v_booking from public.bookings where id = p_booking_id;
  end if;
  if v_booking.id is null then
    raise exception 'Booking not found.' using errcode = 'P0001', hint = 'booking_not_found';
  end if;
  return v_booking;
end
$function$;
revoke execute on function private.booking_or_refuse(uuid, boolean) from public, anon, authenticated;

create or replace function public.booking_folio(p_booking_id uuid)
 returns public.booking_folio_view
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
begin
  perform private.require_staff('see a stay''s folio');
  return private.folio_view(private.booking_or_refuse(p_booking_id));
end
$function$;
comment on function public.booking_folio(uuid) is
  'Staff: a stay''s folio, its lines (private.folio_lines) and totals (charged, paid, refunded, balance, city tax due and collected). Unknown id: P0001 booking_not_found.';
revoke execute on function public.booking_folio(uuid) from public, anon, authenticated, service_role;
grant execute on function public.booking_folio(uuid) to authenticated, service_role;

-- ------------------------------------------------------------------ refunds never exceed what was paid
create or replace function private.folio_refund_room(p_booking_id uuid)
 returns void
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_paid integer;
  v_refunded integer;
  v_pending integer;
begin
  -- one writer at a time per booking: the sums below see what the others committed
  perform pg_advisory_xact_lock(hashtext('folio_refunds:' || p_booking_id::text));
  select
    coalesce(sum(-private.folio_sign(p.kind, p.correction) * p.amount_cents)
      filter (where p.kind in ('charge', 'balance', 'city_tax')), 0),
    coalesce(sum(private.folio_sign(p.kind, p.correction) * p.amount_cents) filter (where p.kind = 'refund'), 0)
    into v_paid, v_refunded
  from public.payments p where p.booking_id = p_booking_id and p.status = 'succeeded';
  select coalesce(sum(q.amount_cents), 0) into v_pending
  from private.refund_requests q where q.booking_id = p_booking_id and q.status = 'pending';
  -- (a correction alone may leave paid below zero for a moment: only refunds are held to it)
  if v_refunded + v_pending > 0 and v_refunded + v_pending > v_paid then
    raise exception 'refund_exceeds_paid: refunds of % cents would exceed the % cents paid for this booking.',
      v_refunded + v_pending, v_paid
      using errcode = '23514', hint = 'refund_exceeds_paid',
        detail = jsonb_build_object('paid_cents', v_paid, 'refunded_cents', v_refunded,
          'pending_cents', v_pending)::text;
  end if;
end
$function$;
revoke execute on function private.folio_refund_room(uuid) from public, anon, authenticated;

create or replace function private.payments_guard_refund()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
begin
  if new.status = 'succeeded' and (
    (new.kind = 'refund' and not new.correction)
    or (new.kind in ('charge', 'balance', 'city_tax') and new.correction)
  ) then
    -- a refund adds to what goes back; a payment reversed takes from what was paid (the row is
    -- in the sums already: an AFTER trigger sees every row of its statement, in any order)
    perform private.folio_refund_room(new.booking_id);
  end if;
  return null;
end
$function$;
create trigger guard_refund after insert on public.payments
  for each row execute function private.payments_guard_refund();

create or replace function private.refund_requests_guard()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
begin
  if new.status = 'pending' then
    perform private.folio_refund_room(new.booking_id);
  end if;
  return null;
end
$function$;
-- (record_refund marks its request done before it writes the refund's line: never counted twice)
create trigger guard_refund after insert on private.refund_requests
  for each row execute function private.refund_requests_guard();
