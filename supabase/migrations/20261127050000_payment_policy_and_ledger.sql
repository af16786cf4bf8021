-- Deposits, extras and the payments ledger (issue 31), part 1: the schema and the money.
-- * public.payment_policy: one row, admins change it, staff read it; the public sees its figures
--   only through the quote (private.stay_money).
-- * services.pricing_unit: an extra is priced per stay, per night or per person.
-- * bookings: the money the guest agreed to, in integer cents, written once when the request is
--   made (rate plan, extras, total, deposit due now, balance at arrival, last day of free
--   cancellation). The policy may change later; a booking keeps the terms it was quoted.
-- * public.booking_extras: the services a booking includes, priced on the server.
-- * public.payments: the append-only ledger (charges, refunds, balances and city tax paid at the
--   property), staff read; nobody writes it directly: the functions below and the payments edge
--   function (service role) do.
-- * private.checkout_sessions, private.stripe_events, private.refund_requests: what the payment
--   provider was asked and told, each event applied once.
-- Money is integer cents in euros throughout.

-- ---------------------------------------------------------------- the policy
create type public.deposit_kind as enum ('percent', 'first_night');

create table public.payment_policy (
  singleton boolean primary key default true constraint payment_policy_singleton check (singleton),
  -- percent: deposit_percent of the total (0 = no online payment); first_night: the first night's price
  deposit_kind public.deposit_kind not null default 'percent',
  deposit_percent integer not null default 30
    constraint payment_policy_deposit_percent_range check (deposit_percent between 0 and 100),
  -- a flexible booking is refunded in full when cancelled until this many days before arrival
  free_cancellation_days integer not null default 7
    constraint payment_policy_free_cancellation_range check (free_cancellation_days between 0 and 365),
  -- the non-refundable rate: this much cheaper on the nights, paid in full now, never refunded
  nonrefundable_enabled boolean not null default true,
  nonrefundable_discount_percent integer not null default 10
    constraint payment_policy_nonrefundable_range check (nonrefundable_discount_percent between 1 and 50),
  -- with it, the payment link reaches the guest only when staff accept the request
  confirm_before_payment boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.payment_policy is
  'One row: deposit, free cancellation, the non-refundable rate. Admins change it, staff read it.';
insert into public.payment_policy default values;

create trigger set_timestamps before insert or update on public.payment_policy
  for each row execute function private.set_timestamps();
create trigger audit_row_change after insert or update or delete on public.payment_policy
  for each row execute function private.audit_row_change();

alter table public.payment_policy enable row level security;
revoke all on table public.payment_policy from public, anon, authenticated;
grant select, update (deposit_kind, deposit_percent, free_cancellation_days, nonrefundable_enabled,
  nonrefundable_discount_percent, confirm_before_payment) on table public.payment_policy to authenticated;
grant all on table public.payment_policy to service_role;
create policy "staff read the payment policy" on public.payment_policy
  for select to authenticated using ((select public.is_staff()));
create policy "admins change the payment policy" on public.payment_policy
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create or replace function private.payment_policy()
returns public.payment_policy
language sql
stable
security definer
set search_path = ''
as $$
  select p from public.payment_policy p where p.singleton
$$;

-- ---------------------------------------------------------------- extras
create type public.service_pricing_unit as enum ('per_stay', 'per_night', 'per_person');
alter table public.services add column pricing_unit public.service_pricing_unit not null default 'per_stay';
comment on column public.services.pricing_unit is
  'per_stay: price x quantity; per_night: price x quantity x nights; per_person: price x persons (quantity, at most the guests).';

-- ---------------------------------------------------------------- the booking's money
alter table public.bookings
  add column rate_plan text not null default 'flexible'
    constraint bookings_rate_plan_known check (rate_plan in ('flexible', 'non_refundable')),
  add column extras_cents integer not null default 0 constraint bookings_extras_not_negative check (extras_cents >= 0),
  add column total_cents integer constraint bookings_total_cents_not_negative check (total_cents >= 0),
  add column deposit_cents integer constraint bookings_deposit_not_negative check (deposit_cents >= 0),
  add column balance_cents integer constraint bookings_balance_not_negative check (balance_cents >= 0),
  add column free_cancellation_until date,
  add constraint bookings_deposit_plus_balance
    check (total_cents is null or (deposit_cents + balance_cents = total_cents));
comment on column public.bookings.total_cents is
  'What the guest pays in all (nights after discounts, plus extras; city tax apart), in cents.';
comment on column public.bookings.deposit_cents is 'Due online when the request is made.';
comment on column public.bookings.balance_cents is 'Due at the property.';
comment on column public.bookings.free_cancellation_until is
  'Last day on which cancelling refunds the deposit in full (flexible rate); null: never refunded.';

create table public.booking_extras (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  service_id uuid references public.services (id) on delete set null,
  service_name text not null,
  pricing_unit public.service_pricing_unit not null,
  quantity integer not null constraint booking_extras_quantity_range check (quantity between 1 and 20),
  unit_price_cents integer not null constraint booking_extras_unit_price_not_negative check (unit_price_cents >= 0),
  line_total_cents integer not null constraint booking_extras_line_total_not_negative check (line_total_cents >= 0),
  created_at timestamptz not null default now()
);
comment on table public.booking_extras is 'The services a booking includes, priced by the server. Staff read.';
create index booking_extras_booking_idx on public.booking_extras (booking_id);
create index booking_extras_service_idx on public.booking_extras (service_id);

alter table public.booking_extras enable row level security;
revoke all on table public.booking_extras from public, anon, authenticated;
grant select on table public.booking_extras to authenticated;
grant all on table public.booking_extras to service_role;
create policy "staff read booking extras" on public.booking_extras
  for select to authenticated using ((select public.is_staff()));

-- ---------------------------------------------------------------- the ledger
create type public.payment_kind as enum ('charge', 'refund', 'balance', 'city_tax');

create table public.payments (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete restrict,
  kind public.payment_kind not null,
  amount_cents integer not null constraint payments_amount_positive check (amount_cents > 0),
  currency text not null default 'eur' constraint payments_currency_format check (currency ~ '^[a-z]{3}$'),
  -- stripe: through the payment provider; cash or card: at the property
  method text not null constraint payments_method_known check (method in ('stripe', 'cash', 'card')),
  status text not null default 'succeeded' constraint payments_status_known check (status in ('succeeded', 'failed')),
  provider_session_id text,
  provider_payment_intent_id text,
  provider_refund_id text,
  provider_event_id text,
  reason text constraint payments_reason_length check (reason is null or char_length(reason) <= 500),
  -- who: the staff member, or the guest / stripe / system
  actor text not null constraint payments_actor_known check (actor in ('guest', 'staff', 'stripe', 'system')),
  actor_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
comment on table public.payments is
  'Append-only ledger of every charge, refund, balance and city tax. Staff read; written by server functions only.';
create index payments_booking_idx on public.payments (booking_id, created_at);
create index payments_created_idx on public.payments (created_at desc);
create index payments_actor_idx on public.payments (actor_id);
create unique index payments_one_refund_per_provider_id_idx on public.payments (provider_refund_id)
  where provider_refund_id is not null;
create unique index payments_one_charge_per_intent_idx on public.payments (provider_payment_intent_id)
  where kind = 'charge' and provider_payment_intent_id is not null;

create or replace function private.payments_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'The payments ledger is append-only.' using errcode = '42501';
end
$$;
create trigger append_only before update or delete on public.payments
  for each row execute function private.payments_append_only();

alter table public.payments enable row level security;
revoke all on table public.payments from public, anon, authenticated;
grant select on table public.payments to authenticated;
grant select, insert on table public.payments to service_role;
create policy "staff read payments" on public.payments
  for select to authenticated using ((select public.is_staff()));

-- ---------------------------------------------------------------- the provider's side (private)
create table private.checkout_sessions (
  session_id text primary key,
  booking_id uuid not null references public.bookings (id) on delete cascade,
  amount_cents integer not null,
  currency text not null,
  expires_at timestamptz not null,
  url text not null,
  -- open, complete, expired (the provider's status); paid once a payment was applied
  status text not null default 'open',
  paid boolean not null default false,
  client_address text,
  created_at timestamptz not null default now()
);
create index checkout_sessions_booking_idx on private.checkout_sessions (booking_id, created_at desc);
create index checkout_sessions_address_idx on private.checkout_sessions (client_address, created_at);
revoke all on table private.checkout_sessions from public, anon, authenticated;

create table private.stripe_events (
  event_id text primary key,
  event_type text not null,
  outcome text not null,
  received_at timestamptz not null default now()
);
revoke all on table private.stripe_events from public, anon, authenticated;

-- A refund the house owes: written in the transaction that decides it, carried out by the
-- payments function with the request's id as the provider's idempotency key (so a retry never
-- refunds twice), then recorded in the ledger.
create table private.refund_requests (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  payment_intent_id text not null,
  amount_cents integer not null constraint refund_requests_amount_positive check (amount_cents > 0),
  reason text not null,
  actor text not null,
  actor_id uuid,
  status text not null default 'pending' constraint refund_requests_status_known check (status in ('pending', 'done', 'failed')),
  attempt_count integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  done_at timestamptz
);
create index refund_requests_pending_idx on private.refund_requests (created_at) where status = 'pending';
create index refund_requests_booking_idx on private.refund_requests (booking_id);
revoke all on table private.refund_requests from public, anon, authenticated;

-- ---------------------------------------------------------------- the money, computed once
-- The refund a guest gets when cancelling on p_on, having paid p_paid_cents online: everything
-- until the last day of free cancellation (flexible rate), nothing afterwards, nothing ever on the
-- non-refundable rate (p_free_until null).
create or replace function private.refund_due(p_paid_cents integer, p_free_until date, p_on date)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case when p_free_until is not null and p_on <= p_free_until then greatest(coalesce(p_paid_cents, 0), 0) else 0 end
$$;

-- The whole money of a stay: private.price_stay's nights and discount, the rate plan, the extras
-- priced here ([{service_id, quantity}]), and the policy's deposit, balance and refunds.
-- Returns price_stay's figures plus {rate_plan, nights_cents, nonrefundable_discount_cents,
-- extras: [{service_id, name, pricing_unit, quantity, unit_price_cents, line_total_cents}],
-- extras_cents, total_cents, deposit_cents, balance_cents, pay_online, free_cancellation_until,
-- refund_schedule: [{from, until, refund_cents}], rate_plans: {non_refundable: {available, discount_percent}}}.
-- Refuses an unknown or unavailable extra, a quantity out of range, a rate plan not offered.
create or replace function private.stay_money(
  p_room_id uuid,
  p_check_in date,
  p_check_out date,
  p_guests integer,
  p_discount_percentage integer,
  p_extras jsonb default '[]',
  p_rate_plan text default 'flexible'
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_policy public.payment_policy := private.payment_policy();
  v_price jsonb := private.price_stay(p_room_id, p_check_in, p_check_out, p_guests, p_discount_percentage);
  v_rate text := coalesce(nullif(btrim(p_rate_plan), ''), 'flexible');
  v_nights integer;
  v_nights_cents integer;
  v_nr_cents integer := 0;
  v_first_cents integer;
  v_extras jsonb := '[]';
  v_extras_cents integer := 0;
  v_total integer;
  v_deposit integer;
  v_free_until date;
  v_item jsonb;
  v_service public.services;
  v_qty integer;
  v_unit integer;
  v_line integer;
  v_today date := (private.clock_now() at time zone 'Europe/Rome')::date;
begin
  if v_rate not in ('flexible', 'non_refundable') then
    raise exception 'Please choose a valid rate.' using errcode = 'P0001';
  end if;
  if v_rate = 'non_refundable' and not v_policy.nonrefundable_enabled then
    raise exception 'The non-refundable rate is not offered.' using errcode = 'P0001';
  end if;
  v_nights := (v_price ->> 'nights')::integer;
  v_nights_cents := round((v_price ->> 'total')::numeric * 100)::integer;
  -- the first night after the promo discount, rounded as the total's discount is
  v_first_cents := coalesce(round(
    ((v_price -> 'nightly' -> 0 ->> 'price')::numeric
      - round((v_price -> 'nightly' -> 0 ->> 'price')::numeric * coalesce(p_discount_percentage, 0) / 100.0, 2)) * 100
  )::integer, 0);
  if v_rate = 'non_refundable' then
    v_nr_cents := round(v_nights_cents * v_policy.nonrefundable_discount_percent / 100.0)::integer;
  end if;

  -- extras, priced from the service rows
  if p_extras is not null and jsonb_typeof(p_extras) = 'array' then
    if jsonb_array_length(p_extras) > 10 then
      raise exception 'Please choose at most 10 extras.' using errcode = 'P0001';
    end if;
    for v_item in select e from jsonb_array_elements(p_extras) e loop
      select * into v_service from public.services s
      where s.id = (case when v_item ->> 'service_id' ~* '^[0-9a-f-]{36}$' then (v_item ->> 'service_id')::uuid end)
        and s.available;
      if v_service.id is null then
        raise exception 'This extra is not available.' using errcode = 'P0001';
      end if;
      v_qty := case when v_item ->> 'quantity' ~ '^[0-9]{1,3}$' then (v_item ->> 'quantity')::integer end;
      if v_qty is null or v_qty < 1 or v_qty > 20
         or (v_service.pricing_unit = 'per_person' and v_qty > greatest(coalesce(p_guests, 1), 1)) then
        raise exception 'Please choose a valid quantity for %.', v_service.name using errcode = 'P0001';
      end if;
      if v_extras @> jsonb_build_array(jsonb_build_object('service_id', v_service.id)) then
        raise exception 'Each extra can be chosen once.' using errcode = 'P0001';
      end if;
      v_unit := round(v_service.price * 100)::integer;
      v_line := v_unit * v_qty * case when v_service.pricing_unit = 'per_night' then v_nights else 1 end;
      v_extras := v_extras || jsonb_build_object(
        'service_id', v_service.id, 'name', v_service.name, 'pricing_unit', v_service.pricing_unit,
        'quantity', v_qty, 'unit_price_cents', v_unit, 'line_total_cents', v_line);
      v_extras_cents := v_extras_cents + v_line;
      v_service := null;
    end loop;
  end if;

  v_total := v_nights_cents - v_nr_cents + v_extras_cents;
  if v_rate = 'non_refundable' then
    v_deposit := v_total;
  elsif v_policy.deposit_kind = 'first_night' then
    v_deposit := least(v_first_cents, v_total);
  else
    v_deposit := round(v_total * v_policy.deposit_percent / 100.0)::integer;
  end if;
  if v_rate = 'flexible' then
    v_free_until := p_check_in - v_policy.free_cancellation_days;
  end if;

  return v_price || jsonb_build_object(
    'rate_plan', v_rate,
    'nights_cents', v_nights_cents,
    'nonrefundable_discount_cents', v_nr_cents,
    'extras', v_extras,
    'extras_cents', v_extras_cents,
    'total_cents', v_total,
    'deposit_cents', v_deposit,
    'balance_cents', v_total - v_deposit,
    'pay_online', v_deposit > 0,
    'confirm_before_payment', v_policy.confirm_before_payment,
    'free_cancellation_until', v_free_until,
    'refund_schedule', case
      when v_deposit = 0 then '[]'::jsonb
      when v_free_until is null or v_free_until < v_today then
        jsonb_build_array(jsonb_build_object('from', v_today, 'until', p_check_in, 'refund_cents', 0))
      else jsonb_build_array(
        jsonb_build_object('from', v_today, 'until', v_free_until, 'refund_cents', private.refund_due(v_deposit, v_free_until, v_free_until)),
        jsonb_build_object('from', v_free_until + 1, 'until', p_check_in, 'refund_cents', private.refund_due(v_deposit, v_free_until, v_free_until + 1)))
    end,
    'rate_plans', jsonb_build_object('non_refundable', jsonb_build_object(
      'available', v_policy.nonrefundable_enabled and v_deposit >= 0,
      'discount_percent', v_policy.nonrefundable_discount_percent))
  );
end
$$;

-- What the booking has been paid online and refunded, net, in cents.
create or replace function private.booking_paid_cents(p_booking_id uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(case when p.kind = 'charge' then p.amount_cents when p.kind = 'refund' then -p.amount_cents else 0 end), 0)::integer
  from public.payments p where p.booking_id = p_booking_id and p.status = 'succeeded'
$$;

-- Stores the extras' lines of stay_money (its 'extras') for a new booking.
create or replace function private.store_booking_extras(p_booking_id uuid, p_extras jsonb)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.booking_extras (booking_id, service_id, service_name, pricing_unit, quantity, unit_price_cents, line_total_cents)
  select p_booking_id, (e ->> 'service_id')::uuid, e ->> 'name', (e ->> 'pricing_unit')::public.service_pricing_unit,
    (e ->> 'quantity')::integer, (e ->> 'unit_price_cents')::integer, (e ->> 'line_total_cents')::integer
  from jsonb_array_elements(coalesce(p_extras, '[]')) e
$$;


revoke execute on all functions in schema private from public, anon, authenticated;
