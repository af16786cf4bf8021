-- Issue 44 part 2: the city-tax screen and the dashboard's "owed" under a second with 50,000
-- bookings. Same results, set-based: one pass over the stays and their nights with joins and
-- aggregates, instead of private.city_tax_nights (a loop) and three array look-ups per stay, a
-- category look-up per night, and private.folio_totals_of once per stay.
--
-- * private.city_tax_stays_nights(booking ids, from, to): THE computation of
--   private.city_tax_nights for many stays at once (the same precedence per person and night:
--   beyond the cap, under age, resident, then the recorded exemptions in their order).
--   city_tax_nights stays as it was for one stay (the booking view, the folio, the quote); the
--   test city-tax-set-based.test.ts holds the two to the same figures.
-- * private.city_tax_register_nights, public.city_tax_register and public.city_tax_periods read it
--   (public.city_tax_annual reads the periods, unchanged); the periods group by period instead of
--   a range join, and count arrivals and collections in one pass each.
-- * public.money_received's owed: each stay's folio balance from its parts (the contract's
--   nights or total, the booked extras, the city tax due, the stored lines), as folio_lines has
--   them for a checked-out stay.
-- Signatures, security, grants and comments unchanged.

-- ------------------------------------------------------------------ the computation, for many stays
create function private.city_tax_stays_nights(p_booking_ids uuid[], p_from date default null, p_to date default null)
returns table(booking_id uuid, night date, night_number integer, rate_cents integer, persons integer,
  beyond_cap integer, under_age integer, resident integer, patient_companion integer, coach_driver_guide integer,
  police_armed_forces integer, disability_caregiver integer, house_staff integer, emergency_housing integer,
  volunteer integer, taxable integer, due_cents integer)
language sql
stable
security definer
set search_path = ''
as $$
  with stays as materialized (
    select b.id, b.check_in_date, b.check_out_date,
      -- as city_tax_nights: the booked guests, or more when more checked in
      greatest(b.guests, (select count(*)::integer from public.booking_guests g where g.booking_id = b.id)) as persons
    from public.bookings b
    where b.id = any(p_booking_ids)
  ),
  stay_nights as (
    select s.id as booking_id, n::date as night, (n::date - s.check_in_date) + 1 as night_number, s.persons
    from stays s
    cross join generate_series(greatest(s.check_in_date, p_from)::timestamp,
      least(s.check_out_date - 1, p_to)::timestamp, interval '1 day') n
  ),
  -- the rate of each night: the house's category on that night, that category's rate then
  night_rates as (
    select d.night, r.amount_cents, r.max_nights, r.exempt_under_age
    from (select distinct sn.night from stay_nights sn) d
    left join public.city_tax_rates r
      on r.category = (select c.category from public.city_tax_house_categories c
          where c.valid_from <= d.night order by c.valid_from desc limit 1)
      and d.night >= r.valid_from and (r.valid_to is null or d.night <= r.valid_to)
  ),
  capped_nights as (
    select sn.booking_id, sn.night, sn.night_number, sn.persons, coalesce(r.amount_cents, 0) as rate_cents,
      sn.night_number > coalesce(r.max_nights, 10) as beyond, coalesce(r.exempt_under_age, 10) as exempt_under_age
    from stay_nights sn
    join night_rates r on r.night = sn.night
  ),
  -- per night within the cap: the guests under age that night, else resident of Rome
  young_and_residents as (
    select cn.booking_id, cn.night,
      count(*) filter (where g.birth_date is not null
        and cn.night < (g.birth_date + make_interval(years => cn.exempt_under_age))::date)::integer as young,
      count(*) filter (where not (g.birth_date is not null
          and cn.night < (g.birth_date + make_interval(years => cn.exempt_under_age))::date)
        and coalesce(g.residence_comune_code = '412058091', false))::integer as residents
    from capped_nights cn
    join public.booking_guests g on g.booking_id = cn.booking_id
    where not cn.beyond
    group by cn.booking_id, cn.night
  ),
  -- the recorded exemptions, one row per exempt person in their order (booking_exempt_persons),
  -- with the count by reason of the first k of them
  exempt_persons as (
    select e.booking_id, e.reason,
      row_number() over (partition by e.booking_id order by e.created_at, e.id)::integer as k
    from public.city_tax_exemptions e
    cross join generate_series(1, e.persons)
    where e.booking_id = any(p_booking_ids)
  ),
  first_exempt as (
    select x.booking_id, x.k,
      count(*) filter (where x.reason = 'patient_companion') over w as patient_companion,
      count(*) filter (where x.reason = 'coach_driver_guide') over w as coach_driver_guide,
      count(*) filter (where x.reason = 'police_armed_forces') over w as police_armed_forces,
      count(*) filter (where x.reason = 'disability_caregiver') over w as disability_caregiver,
      count(*) filter (where x.reason = 'house_staff') over w as house_staff,
      count(*) filter (where x.reason = 'emergency_housing') over w as emergency_housing,
      count(*) filter (where x.reason = 'volunteer') over w as volunteer,
      count(*) over (partition by x.booking_id) as exempt_persons
    from exempt_persons x
    window w as (partition by x.booking_id order by x.k rows between unbounded preceding and current row)
  ),
  counted as (
    select cn.booking_id, cn.night, cn.night_number, cn.rate_cents, cn.persons, cn.beyond,
      case when cn.beyond then cn.persons else 0 end as beyond_cap,
      least(coalesce(yr.young, 0), cn.persons) as under_age,
      least(coalesce(yr.residents, 0), cn.persons - least(coalesce(yr.young, 0), cn.persons)) as resident
    from capped_nights cn
    left join young_and_residents yr on yr.booking_id = cn.booking_id and yr.night = cn.night
  ),
  exempted as (
    select c.booking_id, c.night, c.night_number, c.rate_cents, c.persons, c.beyond_cap, c.under_age, c.resident,
      coalesce(f.patient_companion, 0)::integer as patient_companion,
      coalesce(f.coach_driver_guide, 0)::integer as coach_driver_guide,
      coalesce(f.police_armed_forces, 0)::integer as police_armed_forces,
      coalesce(f.disability_caregiver, 0)::integer as disability_caregiver,
      coalesce(f.house_staff, 0)::integer as house_staff,
      coalesce(f.emergency_housing, 0)::integer as emergency_housing,
      coalesce(f.volunteer, 0)::integer as volunteer
    from counted c
    -- the first (persons - under age - resident) exempt persons; none beyond the cap
    left join first_exempt f on f.booking_id = c.booking_id and not c.beyond
      and f.k = least(c.persons - c.under_age - c.resident, f.exempt_persons)
  )
  select x.booking_id, x.night, x.night_number, x.rate_cents, x.persons, x.beyond_cap, x.under_age, x.resident,
    x.patient_companion, x.coach_driver_guide, x.police_armed_forces, x.disability_caregiver, x.house_staff,
    x.emergency_housing, x.volunteer, t.taxable, t.taxable * x.rate_cents
  from exempted x
  cross join lateral (select x.persons - x.beyond_cap - x.under_age - x.resident - x.patient_companion
    - x.coach_driver_guide - x.police_armed_forces - x.disability_caregiver - x.house_staff - x.emergency_housing
    - x.volunteer as taxable) t
$$;
comment on function private.city_tax_stays_nights(uuid[], date, date) is
  'private.city_tax_nights for many stays at once (the register, the GECOS figures, the owed folios): per stay and night from p_from to p_to (null: the whole stay), the same figures, set-based.';
revoke execute on function private.city_tax_stays_nights(uuid[], date, date) from public, anon, authenticated;

create or replace function private.city_tax_register_nights(p_from date, p_to date)
returns table(booking_id uuid, night date, rate_cents integer, persons integer, beyond_cap integer,
  under_age integer, resident integer, patient_companion integer, coach_driver_guide integer,
  police_armed_forces integer, disability_caregiver integer, house_staff integer, emergency_housing integer,
  volunteer integer, taxable integer, due_cents integer)
language sql
stable
security definer
set search_path = ''
as $$
  select n.booking_id, n.night, n.rate_cents, n.persons, n.beyond_cap, n.under_age, n.resident, n.patient_companion,
    n.coach_driver_guide, n.police_armed_forces, n.disability_caregiver, n.house_staff, n.emergency_housing,
    n.volunteer, n.taxable, n.due_cents
  from private.city_tax_stays_nights(array(
      select b.id from public.bookings b
      where b.status in ('checked_in', 'checked_out')
        and b.check_in_date <= p_to and b.check_out_date > p_from),
    p_from, p_to) n
$$;

-- ------------------------------------------------------------------ the register and the GECOS figures
create or replace function public.city_tax_periods(p_from date, p_to date, p_period text)
returns table(period_start date, period_end date, arrivals integer, arriving_guests integer, person_nights integer,
  beyond_cap integer, under_age integer, resident integer, patient_companion integer, coach_driver_guide integer,
  police_armed_forces integer, disability_caregiver integer, house_staff integer, emergency_housing integer,
  volunteer integer, taxable integer, due_cents integer, collected_cents integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_step interval := case p_period when 'quarter' then interval '3 months' when 'year' then interval '1 year'
    else interval '1 month' end;
  v_first date;
  v_last date;
begin
  perform private.require_staff('read the city-tax register');
  if p_period is null or p_period not in ('month', 'quarter', 'year') then
    raise exception 'The period is month, quarter or year.' using errcode = '22023';
  end if;
  if p_from is null or p_to is null or p_to < p_from or p_to - p_from > 3700 then
    raise exception 'Choose a period of at most ten years.' using errcode = '22023';
  end if;
  -- from the first day of the first period to the last day of the last one
  v_first := date_trunc(p_period, p_from)::date;
  v_last := (date_trunc(p_period, p_to) + v_step - interval '1 day')::date;
  return query
  with periods as (
    select g::date as s, (g + v_step - interval '1 day')::date as e
    from generate_series(date_trunc(p_period, p_from)::timestamp, date_trunc(p_period, p_to)::timestamp,
      v_step) g
  ),
  -- each night, arrival and collection falls in the period its date truncates to
  nights_by_period as (
    select date_trunc(p_period, n.night::timestamp)::date as s,
      sum(n.persons) as persons, sum(n.beyond_cap) as beyond_cap, sum(n.under_age) as under_age,
      sum(n.resident) as resident, sum(n.patient_companion) as patient_companion,
      sum(n.coach_driver_guide) as coach_driver_guide, sum(n.police_armed_forces) as police_armed_forces,
      sum(n.disability_caregiver) as disability_caregiver, sum(n.house_staff) as house_staff,
      sum(n.emergency_housing) as emergency_housing, sum(n.volunteer) as volunteer,
      sum(n.taxable) as taxable, sum(n.due_cents) as due_cents
    from private.city_tax_register_nights(v_first, v_last) n
    group by 1
  ),
  arrivals_by_period as (
    select date_trunc(p_period, b.check_in_date::timestamp)::date as s, count(*) as arrivals, sum(b.guests) as guests
    from public.bookings b
    where b.status in ('checked_in', 'checked_out') and b.check_in_date between v_first and v_last
    group by 1
  ),
  -- collected: the folio's city-tax lines recorded in the period (a correction counts negative)
  collected_by_period as (
    select date_trunc(p_period, (c.created_at at time zone 'Europe/Rome')::date::timestamp)::date as s,
      sum(-private.folio_sign(c.kind, c.correction) * c.amount_cents) as cents
    from public.payments c
    where c.kind = 'city_tax' and c.status = 'succeeded'
      and (c.created_at at time zone 'Europe/Rome')::date between v_first and v_last
    group by 1
  )
  select p.s, p.e,
    coalesce(a.arrivals, 0)::integer, coalesce(a.guests, 0)::integer,
    coalesce(n.persons, 0)::integer, coalesce(n.beyond_cap, 0)::integer, coalesce(n.under_age, 0)::integer,
    coalesce(n.resident, 0)::integer,
    coalesce(n.patient_companion, 0)::integer, coalesce(n.coach_driver_guide, 0)::integer,
    coalesce(n.police_armed_forces, 0)::integer, coalesce(n.disability_caregiver, 0)::integer,
    coalesce(n.house_staff, 0)::integer, coalesce(n.emergency_housing, 0)::integer,
    coalesce(n.volunteer, 0)::integer,
    coalesce(n.taxable, 0)::integer, coalesce(n.due_cents, 0)::integer,
    coalesce(c.cents, 0)::integer
  from periods p
  left join nights_by_period n on n.s = p.s
  left join arrivals_by_period a on a.s = p.s
  left join collected_by_period c on c.s = p.s
  order by p.s;
end
$$;

create or replace function public.city_tax_register(p_from date, p_to date)
returns table(booking_id uuid, reference text, guest_name text, check_in date, check_out date,
  status public.booking_status, persons integer, person_nights integer, beyond_cap integer, under_age integer,
  resident integer, patient_companion integer, coach_driver_guide integer, police_armed_forces integer,
  disability_caregiver integer, house_staff integer, emergency_housing integer, volunteer integer,
  taxable integer, due_cents integer, collected_cents integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff('read the city-tax register');
  if p_from is null or p_to is null or p_to < p_from or p_to - p_from > 400 then
    raise exception 'Choose a period of at most 400 days.' using errcode = '22023';
  end if;
  return query
  with stay_sums as (
    select n.booking_id,
      sum(n.persons) as person_nights, sum(n.beyond_cap) as beyond_cap, sum(n.under_age) as under_age,
      sum(n.resident) as resident, sum(n.patient_companion) as patient_companion,
      sum(n.coach_driver_guide) as coach_driver_guide, sum(n.police_armed_forces) as police_armed_forces,
      sum(n.disability_caregiver) as disability_caregiver, sum(n.house_staff) as house_staff,
      sum(n.emergency_housing) as emergency_housing, sum(n.volunteer) as volunteer,
      sum(n.taxable) as taxable, sum(n.due_cents) as due_cents
    from private.city_tax_register_nights(p_from, p_to) n
    group by n.booking_id
  ),
  -- collected: the stay's city-tax lines on the folio, wherever they were recorded
  collected as (
    select c.booking_id, sum(-private.folio_sign(c.kind, c.correction) * c.amount_cents) as cents
    from public.payments c
    where c.kind = 'city_tax' and c.status = 'succeeded' and c.booking_id in (select ss.booking_id from stay_sums ss)
    group by c.booking_id
  )
  select b.id, b.reference, b.guest_name, b.check_in_date, b.check_out_date, b.status, b.guests,
    ss.person_nights::integer, ss.beyond_cap::integer, ss.under_age::integer, ss.resident::integer,
    ss.patient_companion::integer, ss.coach_driver_guide::integer, ss.police_armed_forces::integer,
    ss.disability_caregiver::integer, ss.house_staff::integer, ss.emergency_housing::integer,
    ss.volunteer::integer, ss.taxable::integer, ss.due_cents::integer,
    coalesce(c.cents, 0)::integer
  from stay_sums ss
  join public.bookings b on b.id = ss.booking_id
  left join collected c on c.booking_id = ss.booking_id
  order by b.check_in_date, b.reference;
end
$$;

-- ------------------------------------------------------------------ the dashboard's owed
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
  -- a line's sign depends on its kind and correction only: each group's sum is signed once
  with lines_by_kind as (
    select p.kind, p.correction, sum(p.amount_cents) as cents
    from public.payments p
    where p.status = 'succeeded' and (p_since is null or p.created_at >= p_since)
    group by p.kind, p.correction
  )
  select
    coalesce(sum(case when l.kind in ('charge', 'balance') then -private.folio_sign(l.kind, l.correction) * l.cents
      when l.kind = 'refund' then -private.folio_sign(l.kind, l.correction) * l.cents else 0 end), 0),
    coalesce(sum(private.folio_sign(l.kind, l.correction) * l.cents) filter (where l.kind = 'refund'), 0),
    coalesce(sum(-private.folio_sign(l.kind, l.correction) * l.cents) filter (where l.kind = 'city_tax'), 0)
  into v_result.received_cents, v_result.refunded_cents, v_result.city_tax_cents
  from lines_by_kind l;
  -- owed: what stays open on the folio of stays checked out (left owing) in the last year; each
  -- folio's balance is the sum of its lines, as private.folio_lines has them for a checked-out stay
  with checked_out as (
    select b.id, coalesce(b.total_cents, round(b.total_amount * 100)::integer) - b.extras_cents as target_cents,
      b.nightly_rates
    from public.bookings b
    where b.status = 'checked_out' and b.check_out_date >= private.rome_today() - 365
  ),
  folio_amounts as (
    -- the nights and the discount: the stored total, unless a night has no price (then there is
    -- no discount line, and only the nights with a price count)
    select s.id as booking_id,
      case when jsonb_typeof(s.nightly_rates) = 'array' and jsonb_array_length(s.nightly_rates) > 0 then
        (select case when bool_and(r.cents is not null) then s.target_cents else sum(r.cents) end
          from (select round((e ->> 'price')::numeric * 100)::integer as cents
            from jsonb_array_elements(s.nightly_rates) e) r)
        else s.target_cents end as cents
    from checked_out s
    union all
    -- the booked extras
    select e.booking_id, e.line_total_cents
    from public.booking_extras e
    join checked_out s on s.id = e.booking_id
    union all
    -- the city tax due, when there is some
    select t.booking_id, t.cents
    from (select n.booking_id, sum(n.due_cents) as cents
      from private.city_tax_stays_nights(array(select s.id from checked_out s)) n
      group by n.booking_id) t
    where t.cents > 0
    union all
    -- the stored lines, signed
    select p.booking_id, private.folio_sign(p.kind, p.correction) * p.amount_cents
    from public.payments p
    join checked_out s on s.id = p.booking_id
    where p.status = 'succeeded'
  ),
  balances as (
    select a.booking_id, sum(a.cents)::integer as balance_cents
    from folio_amounts a
    group by a.booking_id
  )
  select coalesce(sum(bl.balance_cents), 0) as cents, count(*)::integer as stays into v_owed
  from balances bl
  where bl.balance_cents > 0;
  v_result.owed_cents := v_owed.cents;
  v_result.owed_stays := v_owed.stays;
  return v_result;
end
$function$;
