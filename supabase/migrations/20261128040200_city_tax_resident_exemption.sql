-- Residents of Roma Capitale owe no contributo di soggiorno (Regolamento, art. 3: the taxpayer is
-- whoever stays the night "e non risulta residente nel territorio di Roma Capitale"; issue 34 §4).
-- The register now counts them from the check-in data: a guest whose residence comune is Roma
-- (the portal's code 412058091) is exempt as "resident". Per night and person, in this order:
-- beyond the rate's cap; under the rate's age; resident of Rome; staff-recorded exemptions in the
-- order recorded; everyone else taxable. A resident child counts once, as under age.
--
-- city_tax_nights gains p_residents (one flag per check-in guest, in the order of p_birth_dates)
-- and a `resident` column, so it and everything returning its columns are dropped and created
-- again: city_tax_due (same call without residents: the quote), the register's nights, periods
-- and stay lines, and booking_city_tax.

create or replace function private.booking_residents(p_booking_id uuid)
returns boolean[]
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- aligned with private.booking_birth_dates: one entry per check-in guest, by position
  return (select coalesce(array_agg(coalesce(g.residence_comune_code = '412058091', false) order by g.position), '{}')
    from public.booking_guests g where g.booking_id = p_booking_id);
end
$$;
comment on function private.booking_residents(uuid) is
  'Per check-in guest (by position, as booking_birth_dates): resident of Roma Capitale (residence comune 412058091).';

drop function public.city_tax_register(date, date);
drop function public.city_tax_periods(date, date, text);
drop function private.city_tax_register_nights(date, date);
drop function private.city_tax_due(date, date, integer, date[], public.city_tax_exemption_reason[]);
drop function private.city_tax_nights(date, date, integer, date[], public.city_tax_exemption_reason[]);

create function private.city_tax_nights(
  p_check_in date, p_check_out date, p_persons integer, p_birth_dates date[] default '{}',
  p_exempt public.city_tax_exemption_reason[] default '{}', p_residents boolean[] default '{}'
)
returns table (
  night date, night_number integer, rate_cents integer, persons integer, beyond_cap integer, under_age integer,
  resident integer, patient_companion integer, coach_driver_guide integer, police_armed_forces integer,
  disability_caregiver integer, taxable integer, due_cents integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
-- Written as a loop over the nights and the guests (at most a few dozen each): the register calls
-- it once per stay, and a loop costs far less than planning a set query at each call.
declare
  v_persons integer := greatest(coalesce(p_persons, 0), coalesce(cardinality(p_birth_dates), 0),
    coalesce(cardinality(p_residents), 0));
  v_rate record;
  v_young integer;
  v_residents integer;
  v_exempt integer;
  v_reason public.city_tax_exemption_reason;
  v_birth date;
  i integer;
begin
  night_number := 0;
  for night in select g::date from generate_series(p_check_in::timestamp, (p_check_out - 1)::timestamp, interval '1 day') g loop
    night_number := night_number + 1;
    select r.amount_cents, r.max_nights, r.exempt_under_age into v_rate
    from public.city_tax_rates r
    where night >= r.valid_from and (r.valid_to is null or night <= r.valid_to);
    rate_cents := coalesce(v_rate.amount_cents, 0);
    persons := v_persons;
    beyond_cap := 0;
    under_age := 0;
    resident := 0;
    patient_companion := 0;
    coach_driver_guide := 0;
    police_armed_forces := 0;
    disability_caregiver := 0;
    if night_number > coalesce(v_rate.max_nights, 10) then
      beyond_cap := v_persons;
    else
      v_young := 0;
      v_residents := 0;
      for i in 1 .. greatest(coalesce(cardinality(p_birth_dates), 0), coalesce(cardinality(p_residents), 0)) loop
        v_birth := p_birth_dates[i];
        if v_birth is not null and night < (v_birth + make_interval(years => coalesce(v_rate.exempt_under_age, 10)))::date then
          v_young := v_young + 1;
        elsif coalesce(p_residents[i], false) then
          v_residents := v_residents + 1;
        end if;
      end loop;
      under_age := least(v_young, v_persons);
      resident := least(v_residents, v_persons - under_age);
      v_exempt := least(v_persons - under_age - resident, coalesce(cardinality(p_exempt), 0));
      for i in 1 .. v_exempt loop
        v_reason := p_exempt[i];
        case v_reason
          when 'patient_companion' then patient_companion := patient_companion + 1;
          when 'coach_driver_guide' then coach_driver_guide := coach_driver_guide + 1;
          when 'police_armed_forces' then police_armed_forces := police_armed_forces + 1;
          else disability_caregiver := disability_caregiver + 1;
        end case;
      end loop;
    end if;
    taxable := v_persons - beyond_cap - under_age - resident - patient_companion - coach_driver_guide
      - police_armed_forces - disability_caregiver;
    due_cents := taxable * rate_cents;
    return next;
  end loop;
end
$$;
comment on function private.city_tax_nights(date, date, integer, date[], public.city_tax_exemption_reason[], boolean[]) is
  'THE city-tax computation: per night, persons beyond the cap, under age, resident of Rome, exempt by reason, taxable and cents due. The register, the booking view and the quote use it.';

create function private.city_tax_due(
  p_check_in date, p_check_out date, p_persons integer, p_birth_dates date[] default '{}',
  p_exempt public.city_tax_exemption_reason[] default '{}', p_residents boolean[] default '{}'
)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'amount_cents', coalesce(sum(n.due_cents), 0),
    'nights_charged', count(*) filter (where n.beyond_cap = 0),
    'taxable_person_nights', coalesce(sum(n.taxable), 0),
    -- the rate of the first night; null when it changes during the stay
    'per_person_per_night_cents', case when count(distinct n.rate_cents) = 1 then min(n.rate_cents) end,
    'exempt_under_age', (select coalesce(r.exempt_under_age, 10) from public.city_tax_rates r
      where p_check_in >= r.valid_from and (r.valid_to is null or p_check_in <= r.valid_to)),
    'guests', greatest(coalesce(p_persons, 0), 0)
  )
  from private.city_tax_nights(p_check_in, p_check_out, p_persons, p_birth_dates, p_exempt, p_residents) n
$$;

create function private.city_tax_register_nights(p_from date, p_to date)
returns table (
  booking_id uuid, night date, rate_cents integer, persons integer, beyond_cap integer, under_age integer,
  resident integer, patient_companion integer, coach_driver_guide integer, police_armed_forces integer,
  disability_caregiver integer, taxable integer, due_cents integer
)
language sql
stable
security definer
set search_path = ''
as $$
  select b.id, n.night, n.rate_cents, n.persons, n.beyond_cap, n.under_age, n.resident, n.patient_companion,
    n.coach_driver_guide, n.police_armed_forces, n.disability_caregiver, n.taxable, n.due_cents
  from public.bookings b
  cross join lateral private.city_tax_nights(b.check_in_date, b.check_out_date, b.guests,
    private.booking_birth_dates(b.id), private.booking_exempt_persons(b.id), private.booking_residents(b.id)) n
  where b.status in ('checked_in', 'checked_out')
    and b.check_in_date <= p_to and b.check_out_date > p_from
    and n.night between p_from and p_to
$$;

create function public.city_tax_periods(p_from date, p_to date, p_period text)
returns table (
  period_start date, period_end date, arrivals integer, arriving_guests integer, person_nights integer,
  beyond_cap integer, under_age integer, resident integer, patient_companion integer, coach_driver_guide integer,
  police_armed_forces integer, disability_caregiver integer, taxable integer, due_cents integer,
  collected_cents integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
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
    (select coalesce(sum(c.amount_cents), 0)::integer from public.city_tax_collections c
      where (c.collected_at at time zone 'Europe/Rome')::date between p.s and p.e)
  from periods p
  left join nights n on n.night between p.s and p.e
  group by p.s, p.e
  order by p.s;
end
$$;
revoke execute on function public.city_tax_periods(date, date, text) from public, anon;
grant execute on function public.city_tax_periods(date, date, text) to authenticated, service_role;

create function public.city_tax_register(p_from date, p_to date)
returns table (
  booking_id uuid, reference text, guest_name text, check_in date, check_out date, status public.booking_status,
  persons integer, person_nights integer, beyond_cap integer, under_age integer, resident integer,
  patient_companion integer, coach_driver_guide integer, police_armed_forces integer, disability_caregiver integer,
  taxable integer, due_cents integer, collected_cents integer
)
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
  select b.id, b.reference, b.guest_name, b.check_in_date, b.check_out_date, b.status, b.guests,
    sum(n.persons)::integer, sum(n.beyond_cap)::integer, sum(n.under_age)::integer, sum(n.resident)::integer,
    sum(n.patient_companion)::integer, sum(n.coach_driver_guide)::integer, sum(n.police_armed_forces)::integer,
    sum(n.disability_caregiver)::integer, sum(n.taxable)::integer, sum(n.due_cents)::integer,
    (select coalesce(sum(c.amount_cents), 0)::integer from public.city_tax_collections c where c.booking_id = b.id)
  from private.city_tax_register_nights(p_from, p_to) n
  join public.bookings b on b.id = n.booking_id
  group by b.id
  order by b.check_in_date, b.reference;
end
$$;
revoke execute on function public.city_tax_register(date, date) from public, anon;
grant execute on function public.city_tax_register(date, date) to authenticated, service_role;

create or replace function public.booking_city_tax(p_booking_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
begin
  perform private.require_staff('see the city tax of a stay');
  select * into v_booking from public.bookings where id = p_booking_id;
  if not found then
    raise exception 'Booking not found' using errcode = 'P0002';
  end if;
  return jsonb_build_object(
    'booking_id', v_booking.id,
    'reference', v_booking.reference,
    'counted', v_booking.status in ('checked_in', 'checked_out'),
    'nights', coalesce((select jsonb_agg(to_jsonb(n) order by n.night)
      from private.city_tax_nights(v_booking.check_in_date, v_booking.check_out_date, v_booking.guests,
        private.booking_birth_dates(v_booking.id), private.booking_exempt_persons(v_booking.id),
        private.booking_residents(v_booking.id)) n), '[]'),
    'due_cents', (select coalesce(sum(n.due_cents), 0)
      from private.city_tax_nights(v_booking.check_in_date, v_booking.check_out_date, v_booking.guests,
        private.booking_birth_dates(v_booking.id), private.booking_exempt_persons(v_booking.id),
        private.booking_residents(v_booking.id)) n),
    'collected_cents', (select coalesce(sum(c.amount_cents), 0) from public.city_tax_collections c where c.booking_id = v_booking.id),
    'exemptions', coalesce((select jsonb_agg(jsonb_build_object('id', e.id, 'reason', e.reason, 'persons', e.persons,
        'note', e.note, 'recorded_at', e.created_at) order by e.created_at) from public.city_tax_exemptions e
      where e.booking_id = v_booking.id), '[]'),
    'collections', coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'amount_cents', c.amount_cents,
        'method', c.method, 'collected_at', c.collected_at, 'collected_by', p.name) order by c.collected_at)
      from public.city_tax_collections c left join public.profiles p on p.user_id = c.collected_by
      where c.booking_id = v_booking.id), '[]')
  );
end
$$;

revoke execute on function private.booking_residents(uuid) from public, anon, authenticated;
revoke execute on function private.city_tax_nights(date, date, integer, date[], public.city_tax_exemption_reason[], boolean[])
  from public, anon, authenticated;
revoke execute on function private.city_tax_due(date, date, integer, date[], public.city_tax_exemption_reason[], boolean[])
  from public, anon, authenticated;
revoke execute on function private.city_tax_register_nights(date, date) from public, anon, authenticated;
