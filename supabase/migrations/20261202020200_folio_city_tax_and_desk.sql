-- The folio (issue 39, section 2), part two: the city tax has one home, and the desk works on it.
--
-- * Until now the city tax collected was written twice: payments of kind `city_tax`
--   (record_property_payment, the booking card) and public.city_tax_collections (the City-tax
--   register). The register's rows move, once, into the folio (kind `city_tax`; a negative
--   correction becomes a correction line) and the table goes. `public.city_tax_collections` stays
--   as a read view of the folio's city-tax lines (staff read, as the ledger), so readers keep
--   working; writing through it records on the folio (an INSTEAD OF trigger, staff only).
-- * The register (city_tax_register, city_tax_periods), booking_city_tax and the GECOS figures sum
--   the folio; booking_city_tax answers an unknown id with P0001 booking_not_found (400).
-- * record_property_payment takes a payment against the balance or the city tax, in cash, by card,
--   by bank transfer or online (a payment link); add_folio_extra adds a service during the stay;
--   reverse_folio_line corrects a line by a new one. Amounts out of range refuse with
--   `amount_out_of_range` (never "integer out of range").
-- * money_received counts what the folio received and what stays left owing.

-- ------------------------------------------------------------------ the city tax, migrated once
insert into public.payments (id, booking_id, kind, amount_cents, method, actor, actor_id, reason, correction, created_at)
select c.id, c.booking_id, 'city_tax', abs(c.amount_cents), c.method, 'staff', c.collected_by, c.note,
  c.amount_cents < 0, c.collected_at
from public.city_tax_collections c
where not exists (select 1 from public.payments p where p.id = c.id);

drop table public.city_tax_collections;

create view public.city_tax_collections with (security_invoker = true) as
  select p.id, p.booking_id, -private.folio_sign(p.kind, p.correction) * p.amount_cents as amount_cents, p.method,
    p.created_at as collected_at, p.actor_id as collected_by, p.reason as note, p.created_at, p.created_at as updated_at
  from public.payments p
  where p.kind = 'city_tax' and p.status = 'succeeded';
comment on view public.city_tax_collections is
  'The folio''s city-tax lines (public.payments, kind city_tax), signed: a correction is negative. Staff read; an insert records on the folio (staff).';
alter view public.city_tax_collections alter column id set default gen_random_uuid();
revoke all on public.city_tax_collections from public, anon, authenticated;
grant select, insert on public.city_tax_collections to authenticated;
grant select on public.city_tax_collections to service_role;

-- ------------------------------------------------------------------ recording on the folio
create or replace function private.folio_amount(p_amount bigint, p_max integer default 10000000)
 returns integer
 language plpgsql
 immutable
 set search_path to ''
as $function$
begin
  if p_amount is null or p_amount <= 0 or p_amount > p_max then
    raise exception 'Please enter an amount between 0.01 and % euros.', to_char(p_max / 100.0, 'FM999999990.00')
      using errcode = 'P0001', hint = 'amount_out_of_range',
        detail = jsonb_build_object('max_cents', p_max)::text;
  end if;
  return p_amount::integer;
end
$function$;
comment on function private.folio_amount(bigint, integer) is
  'Checks a folio amount (cents, bigint so that an overflow is refused, not an error): above 0 and at most p_max, else P0001 amount_out_of_range.';

create or replace function private.folio_record(p_booking_id uuid, p_kind public.payment_kind, p_method text,
  p_amount_cents integer, p_reason text default null, p_correction boolean default false,
  p_collected_at timestamptz default null, p_actor_id uuid default null, p_id uuid default null)
 returns uuid
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_id uuid;
begin
  if p_kind not in ('balance', 'city_tax') or p_method is null
     or p_method not in ('cash', 'card', 'bank_transfer', 'stripe') then
    raise exception 'Record a balance or the city tax, paid in cash or by card, by bank transfer or online.'
      using errcode = 'P0001', hint = 'payment_method_invalid';
  end if;
  if p_reason is not null and char_length(p_reason) > 500 then
    raise exception 'The note is at most 500 characters.' using errcode = 'P0001', hint = 'note_too_long';
  end if;
  if auth.uid() is not null and p_collected_at > private.clock_now() + interval '5 minutes' then
    raise exception 'A collection cannot be dated in the future.' using errcode = '22023', hint = 'date_in_future';
  end if;
  perform private.booking_or_refuse(p_booking_id);
  insert into public.payments (id, booking_id, kind, amount_cents, method, actor, actor_id, reason, correction, created_at)
  values (coalesce(p_id, gen_random_uuid()), p_booking_id, p_kind, private.folio_amount(p_amount_cents), p_method,
    case when coalesce(auth.uid(), p_actor_id) is null then 'system' else 'staff' end, coalesce(auth.uid(), p_actor_id),
    nullif(btrim(p_reason), ''),
    p_correction, coalesce(p_collected_at, clock_timestamp()))
  returning id into v_id;
  return v_id;
end
$function$;
revoke execute on function private.folio_record(uuid, public.payment_kind, text, integer, text, boolean, timestamptz, uuid, uuid)
  from public, anon, authenticated;

-- writing through the view records on the folio
create or replace function private.city_tax_collections_insert()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
begin
  if auth.uid() is not null and not public.is_staff() then
    raise exception 'Only staff can record the city tax.' using errcode = '42501';
  end if;
  if new.method is null or new.method not in ('cash', 'card') then
    raise exception 'The city tax is collected in cash or by card.' using errcode = '23514';
  end if;
  if new.amount_cents is null or new.amount_cents = 0 or abs(new.amount_cents) > 1000000 then
    raise exception 'Please enter an amount.' using errcode = '23514', hint = 'amount_out_of_range';
  end if;
  new.id := private.folio_record(new.booking_id, 'city_tax', new.method, abs(new.amount_cents), new.note,
    new.amount_cents < 0, new.collected_at, new.collected_by, new.id);
  select c.collected_at, c.collected_by, c.created_at, c.updated_at into new.collected_at, new.collected_by,
    new.created_at, new.updated_at
  from public.city_tax_collections c where c.id = new.id;
  return new;
end
$function$;
create trigger record_on_folio instead of insert on public.city_tax_collections
  for each row execute function private.city_tax_collections_insert();

create or replace function public.record_property_payment(p_booking_id uuid, p_kind public.payment_kind, p_method text,
  p_amount_cents integer)
 returns uuid
 language plpgsql
 security definer
 set search_path to ''
as $function$
begin
  if not public.is_staff() then
    raise exception 'Only staff can record payments.' using errcode = '42501';
  end if;
  return private.folio_record(p_booking_id, p_kind, p_method, p_amount_cents);
end
$function$;
comment on function public.record_property_payment(uuid, public.payment_kind, text, integer) is
  'Staff: a payment against the balance (kind balance) or the city tax (kind city_tax) on the folio, cash, card, bank_transfer or stripe (online, a payment link). Refusals: payment_method_invalid, amount_out_of_range, booking_not_found.';

create or replace function public.add_folio_extra(p_booking_id uuid, p_service_id uuid, p_description text,
  p_quantity integer, p_unit_price_cents integer default null)
 returns uuid
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_booking public.bookings;
  v_service public.services;
  v_unit bigint;
  v_id uuid;
begin
  perform private.require_staff('add an extra to a stay');
  v_booking := private.booking_or_refuse(p_booking_id);
  if v_booking.status not in ('confirmed', 'checked_in', 'checked_out') then
    raise exception 'Extras are added to a confirmed stay.' using errcode = 'P0001', hint = 'stay_not_open';
  end if;
  if p_service_id is not null then
    select * into v_service from public.services s where s.id = p_service_id;
    if v_service.id is null then
      raise exception 'This extra is not available.' using errcode = 'P0001', hint = 'extra_unavailable';
    end if;
  end if;
  if coalesce(nullif(btrim(p_description), ''), v_service.name) is null
     or char_length(btrim(coalesce(nullif(btrim(p_description), ''), v_service.name))) > 200 then
    raise exception 'Please name the extra (at most 200 characters).' using errcode = 'P0001', hint = 'extra_name';
  end if;
  if p_quantity is null or p_quantity < 1 or p_quantity > 100 then
    raise exception 'Please choose a quantity from 1 to 100.' using errcode = 'P0001', hint = 'extra_quantity',
      detail = jsonb_build_object('max_quantity', 100)::text;
  end if;
  v_unit := coalesce(p_unit_price_cents::bigint, round(v_service.price * 100)::bigint);
  if v_unit is null or v_unit < 0 or v_unit > 1000000 then
    raise exception 'Please enter a price between 0.00 and 10000.00 euros.' using errcode = 'P0001',
      hint = 'amount_out_of_range', detail = jsonb_build_object('max_cents', 1000000)::text;
  end if;
  insert into public.payments (booking_id, kind, amount_cents, method, actor, actor_id, description, quantity,
    unit_price_cents, service_id)
  values (v_booking.id, 'extra', private.folio_amount(v_unit * p_quantity), 'folio', 'staff', auth.uid(),
    btrim(coalesce(nullif(btrim(p_description), ''), v_service.name)), p_quantity, v_unit::integer, v_service.id)
  returning id into v_id;
  return v_id;
end
$function$;
comment on function public.add_folio_extra(uuid, uuid, text, integer, integer) is
  'Staff: an extra added to a stay (a service, priced from its row unless a unit price is given, or one named by staff). Refusals: stay_not_open, extra_unavailable, extra_name, extra_quantity, amount_out_of_range.';
revoke execute on function public.add_folio_extra(uuid, uuid, text, integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.add_folio_extra(uuid, uuid, text, integer, integer) to authenticated, service_role;

create or replace function public.reverse_folio_line(p_line_id uuid, p_reason text)
 returns uuid
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_line public.payments;
  v_id uuid;
begin
  perform private.require_staff('correct a folio');
  if nullif(btrim(coalesce(p_reason, '')), '') is null or char_length(p_reason) > 500 then
    raise exception 'Please give a reason for the correction (at most 500 characters).' using errcode = 'P0001',
      hint = 'reason_needed';
  end if;
  select * into v_line from public.payments p where p.id = p_line_id;
  if v_line.id is null or v_line.correction or v_line.kind not in ('extra', 'balance', 'city_tax') then
    raise exception 'Only an extra or a payment taken at the house can be corrected here.' using errcode = 'P0001',
      hint = 'line_not_correctable';
  end if;
  if exists (select 1 from public.payments p where p.reverses_id = v_line.id) then
    raise exception 'This line is already corrected.' using errcode = 'P0001', hint = 'line_already_corrected';
  end if;
  insert into public.payments (booking_id, kind, amount_cents, method, actor, actor_id, reason, correction,
    reverses_id, description, quantity, unit_price_cents, service_id)
  values (v_line.booking_id, v_line.kind, v_line.amount_cents, v_line.method, 'staff', auth.uid(), btrim(p_reason),
    true, v_line.id, v_line.description, v_line.quantity, v_line.unit_price_cents, v_line.service_id)
  returning id into v_id;
  return v_id;
end
$function$;
comment on function public.reverse_folio_line(uuid, text) is
  'Staff: a correction line reversing an extra or a payment taken at the house (never a change of the line). Refusals: reason_needed, line_not_correctable, line_already_corrected; a reversed payment that would leave refunds above what was paid: 23514 refund_exceeds_paid.';
revoke execute on function public.reverse_folio_line(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.reverse_folio_line(uuid, text) to authenticated, service_role;

-- ------------------------------------------------------------------ the city tax of a stay, and the register
create or replace function public.booking_city_tax(p_booking_id uuid)
 returns jsonb
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
declare
  v_booking public.bookings;
  v_totals public.folio_totals;
begin
  perform private.require_staff('see the city tax of a stay');
  v_booking := private.booking_or_refuse(p_booking_id);
  v_totals := private.folio_totals_of(v_booking);
  return jsonb_build_object(
    'booking_id', v_booking.id,
    'reference', v_booking.reference,
    'counted', v_booking.status in ('checked_in', 'checked_out'),
    'nights', coalesce((select jsonb_agg(to_jsonb(n) order by n.night)
      from private.city_tax_nights(v_booking.check_in_date, v_booking.check_out_date, v_booking.guests,
        private.booking_birth_dates(v_booking.id), private.booking_exempt_persons(v_booking.id),
        private.booking_residents(v_booking.id)) n), '[]'),
    'due_cents', v_totals.city_tax_due_cents,
    'collected_cents', v_totals.city_tax_collected_cents,
    'open_cents', v_totals.city_tax_open_cents,
    'exemptions', coalesce((select jsonb_agg(jsonb_build_object('id', e.id, 'reason', e.reason, 'persons', e.persons,
        'note', e.note, 'recorded_at', e.created_at) order by e.created_at) from public.city_tax_exemptions e
      where e.booking_id = v_booking.id), '[]'),
    'collections', coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'amount_cents', c.amount_cents,
        'method', c.method, 'collected_at', c.collected_at, 'collected_by', p.name) order by c.collected_at)
      from public.city_tax_collections c left join public.profiles p on p.user_id = c.collected_by
      where c.booking_id = v_booking.id), '[]')
  );
end
$function$;

create or replace function public.city_tax_periods(p_from date, p_to date, p_period text)
 returns table(period_start date, period_end date, arrivals integer, arriving_guests integer, person_nights integer,
   beyond_cap integer, under_age integer, resident integer, patient_companion integer, coach_driver_guide integer,
   police_armed_forces integer, disability_caregiver integer, taxable integer, due_cents integer, collected_cents integer)
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
declare
  v_step interval := case p_period when 'quarter' then interval '3 months' when 'year' then interval '1 year'
    else interval '1 month' end;
begin
  perform private.require_staff('read the city-tax register');
  if p_period is null or p_period not in ('month', 'quarter', 'year') then
    raise exception 'The period is month, quarter or year.' using errcode = '22023';
  end if;
  if p_from is null or p_to is null or p_to < p_from or p_to - p_from > 3700 then
    raise exception 'Choose a period of at most ten years.' using errcode = '22023';
  end if;
  return query
  with periods as (
    select g::date as s, (g + v_step - interval '1 day')::date as e
    from generate_series(date_trunc(p_period, p_from)::timestamp, date_trunc(p_period, p_to)::timestamp,
      v_step) g
  ),
  nights as materialized (select * from private.city_tax_register_nights(date_trunc(p_period, p_from)::date,
    (date_trunc(p_period, p_to) + v_step - interval '1 day')::date))
  select p.s, p.e,
    (select count(*)::integer from public.bookings b where b.status in ('checked_in', 'checked_out')
      and b.check_in_date between p.s and p.e),
    (select coalesce(sum(b.guests), 0)::integer from public.bookings b where b.status in ('checked_in', 'checked_out')
      and b.check_in_date between p.s and p.e),
    coalesce(sum(n.persons), 0)::integer, coalesce(sum(n.beyond_cap), 0)::integer, coalesce(sum(n.under_age), 0)::integer,
    coalesce(sum(n.resident), 0)::integer,
    coalesce(sum(n.patient_companion), 0)::integer, coalesce(sum(n.coach_driver_guide), 0)::integer,
    coalesce(sum(n.police_armed_forces), 0)::integer, coalesce(sum(n.disability_caregiver), 0)::integer,
    coalesce(sum(n.taxable), 0)::integer, coalesce(sum(n.due_cents), 0)::integer,
    -- collected: the folio's city-tax lines recorded in the period (a correction counts negative)
    (select coalesce(sum(-private.folio_sign(c.kind, c.correction) * c.amount_cents), 0)::integer
      from public.payments c
      where c.kind = 'city_tax' and c.status = 'succeeded'
        and (c.created_at at time zone 'Europe/Rome')::date between p.s and p.e)
  from periods p
  left join nights n on n.night between p.s and p.e
  group by p.s, p.e
  order by p.s;
end
$function$;

create or replace function public.city_tax_register(p_from date, p_to date)
 returns table(booking_id uuid, reference text, guest_name text, check_in date, check_out date,
   status public.booking_status, persons integer, person_nights integer, beyond_cap integer, under_age integer,
   resident integer, patient_companion integer, coach_driver_guide integer, police_armed_forces integer,
   disability_caregiver integer, taxable integer, due_cents integer, collected_cents integer)
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
begin
  perform private.require_staff('read the city-tax register');
  if p_from is null or p_to is null or p_to < p_from or p_to - p_from > 400 then
    raise exception 'Choose a period of at most 400 days.' using errcode = '22023';
  end if;
  return query
  select b.id, b.reference, b.guest_name, b.check_in_date, b.check_out_date, b.status, b.guests,
    sum(n.persons)::integer, sum(n.beyond_cap)::integer, sum(n.under_age)::integer, sum(n.resident)::integer,
    sum(n.patient_companion)::integer, sum(n.coach_driver_guide)::integer, sum(n.police_armed_forces)::integer,
    sum(n.disability_caregiver)::integer, sum(n.taxable)::integer, sum(n.due_cents)::integer,
    -- collected: the stay's city-tax lines on the folio, wherever they were recorded
    (select coalesce(sum(-private.folio_sign(c.kind, c.correction) * c.amount_cents), 0)::integer
      from public.payments c where c.booking_id = b.id and c.kind = 'city_tax' and c.status = 'succeeded')
  from private.city_tax_register_nights(p_from, p_to) n
  join public.bookings b on b.id = n.booking_id
  group by b.id
  order by b.check_in_date, b.reference;
end
$function$;

-- ------------------------------------------------------------------ money received, money owed
alter type public.money_received_totals add attribute owed_cents bigint;
alter type public.money_received_totals add attribute owed_stays integer;

create or replace function public.money_received(p_since date default null)
 returns public.money_received_totals
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
declare
  v_result public.money_received_totals;
  v_owed record;
begin
  if not public.is_staff() then
    raise exception 'Only staff can see payments.' using errcode = '42501';
  end if;
  select
    coalesce(sum(case when p.kind in ('charge', 'balance') then -private.folio_sign(p.kind, p.correction) * p.amount_cents
      when p.kind = 'refund' then -private.folio_sign(p.kind, p.correction) * p.amount_cents else 0 end), 0),
    coalesce(sum(private.folio_sign(p.kind, p.correction) * p.amount_cents) filter (where p.kind = 'refund'), 0),
    coalesce(sum(-private.folio_sign(p.kind, p.correction) * p.amount_cents) filter (where p.kind = 'city_tax'), 0)
  into v_result.received_cents, v_result.refunded_cents, v_result.city_tax_cents
  from public.payments p
  where p.status = 'succeeded' and (p_since is null or p.created_at >= p_since);
  -- owed: what stays open on the folio of stays checked out (left owing) in the last year
  select coalesce(sum(t.balance_cents), 0) as cents, count(*)::integer as stays into v_owed
  from public.bookings b
  cross join lateral private.folio_totals_of(b) t
  where b.status = 'checked_out' and b.check_out_date >= private.rome_today() - 365 and t.balance_cents > 0;
  v_result.owed_cents := v_owed.cents;
  v_result.owed_stays := v_owed.stays;
  return v_result;
end
$function$;
comment on function public.money_received(date) is
  'Staff: received (online charges and balances, net of corrections and refunds), refunded, city tax collected since p_since; owed: the open balance of stays checked out in the last year.';
