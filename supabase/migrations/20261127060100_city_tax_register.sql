-- Rome's city-tax register (issue 34, section 4): rates with validity dates, exemptions recorded by
-- staff, what was collected, ONE computation of the tax, and the figures of the quarterly GECOS
-- declaration and of the annual return.
--
--   city_tax_rates           per person and night, valid_from..valid_to (inclusive nights; null: open),
--                            with the most nights charged per stay (10) and the age under which it is
--                            not due (10). Never two rates on one night. Staff read, admins write.
--   city_tax_exemptions      per booking: a reason and how many persons (declarations kept by the
--                            house on paper). Staff write; audited.
--   city_tax_collections     per booking: amount in cents, cash or card, when, by whom. Append-only
--                            (a correction is a negative row). Staff insert and read.
--   private.city_tax_nights  THE computation: per night of a stay, the persons, those beyond the cap,
--                            under age, exempt by reason, taxable, and the amount due in cents
--   private.city_tax_due     the same summed for a stay (what the quote's city-tax line should show)
--   public.booking_city_tax / city_tax_register / city_tax_periods   the screens (staff)
--
-- Precedence per person and night: a night past max_nights is "beyond the cap" for everyone; else
-- a guest under the age (from the check-in birth dates) is "under age"; else staff exemptions
-- cover the remaining persons, in the order recorded; the rest are taxable. Nights without a rate
-- are charged 0 with the default cap (10) and age (10). The register counts stays that happened:
-- bookings checked in or checked out.

create type public.city_tax_exemption_reason as enum (
  'patient_companion', 'coach_driver_guide', 'police_armed_forces', 'disability_caregiver'
);
comment on type public.city_tax_exemption_reason is
  'Rome''s exemptions recorded by staff: a patient and one companion; coach drivers and one guide per 25; police and armed forces on duty; severe disability with a caregiver.';

-- ---------------------------------------------------------------- rates
create table public.city_tax_rates (
  id uuid primary key default gen_random_uuid(),
  valid_from date not null,
  valid_to date,
  amount_cents integer not null constraint city_tax_rates_amount_range check (amount_cents between 0 and 10000),
  max_nights integer not null default 10 constraint city_tax_rates_max_nights_range check (max_nights between 1 and 365),
  exempt_under_age integer not null default 10 constraint city_tax_rates_age_range check (exempt_under_age between 0 and 18),
  note text constraint city_tax_rates_note_length check (note is null or char_length(note) <= 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint city_tax_rates_dates_order check (valid_to is null or valid_to >= valid_from),
  constraint city_tax_rates_no_overlap
    exclude using gist (daterange(valid_from, valid_to, '[]') with &&)
);
comment on table public.city_tax_rates is
  'Rome''s contributo di soggiorno per person and night from valid_from to valid_to (inclusive; null: until changed), at most max_nights per stay, not due under exempt_under_age. History kept.';
create trigger set_timestamps before insert or update on public.city_tax_rates
  for each row execute function private.set_timestamps();
create trigger audit_row_change after insert or update or delete on public.city_tax_rates
  for each row execute function private.audit_row_change();
create trigger request_site_rebuild after insert or update or delete on public.city_tax_rates
  for each row execute function private.site_content_changed();

-- The guest house's rate since 1 October 2023 (guest house / affittacamere of the 2nd category,
-- EUR 6.00, the product's default), from the settings the quote used so far.
insert into public.city_tax_rates (valid_from, amount_cents, max_nights, exempt_under_age, note)
select date '2023-10-01', round(s.amount_per_person_night * 100)::integer, s.max_nights, s.exempt_under_age,
  'Roma Capitale rates from 1 October 2023'
from public.city_tax_settings s where s.id;

-- ---------------------------------------------------------------- exemptions
create table public.city_tax_exemptions (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  reason public.city_tax_exemption_reason not null,
  persons integer not null default 1 constraint city_tax_exemptions_persons_range check (persons between 1 and 8),
  note text constraint city_tax_exemptions_note_length check (note is null or char_length(note) <= 500),
  recorded_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.city_tax_exemptions is
  'Exempt persons of a stay by reason, recorded by staff (the guest''s signed declaration is kept by the house). recorded_by is the signed-in user.';
create index city_tax_exemptions_booking_idx on public.city_tax_exemptions (booking_id, created_at);

-- ---------------------------------------------------------------- collections
create table public.city_tax_collections (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete restrict,
  amount_cents integer not null
    constraint city_tax_collections_amount_range check (amount_cents <> 0 and amount_cents between -1000000 and 1000000),
  method text not null constraint city_tax_collections_method_known check (method in ('cash', 'card')),
  collected_at timestamptz not null default now(),
  collected_by uuid,
  note text constraint city_tax_collections_note_length check (note is null or char_length(note) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.city_tax_collections is
  'City tax collected at the property: cents, cash or card, when and by whom. Append-only: a correction is a negative row.';
create index city_tax_collections_booking_idx on public.city_tax_collections (booking_id);
create index city_tax_collections_collected_idx on public.city_tax_collections (collected_at);

-- who recorded: always the signed-in user (a staff member cannot write someone else's name)
create or replace function private.city_tax_recorded_by()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'city_tax_collections' then
    new.collected_by := coalesce(auth.uid(), new.collected_by);
    if auth.uid() is not null and new.collected_at > private.clock_now() + interval '5 minutes' then
      raise exception 'A collection cannot be dated in the future.' using errcode = '22023';
    end if;
  else
    new.recorded_by := coalesce(auth.uid(), new.recorded_by);
  end if;
  return new;
end
$$;
create trigger set_recorded_by before insert or update on public.city_tax_exemptions
  for each row execute function private.city_tax_recorded_by();
create trigger set_recorded_by before insert on public.city_tax_collections
  for each row execute function private.city_tax_recorded_by();
do $$
declare
  t text;
begin
  foreach t in array array['city_tax_exemptions', 'city_tax_collections'] loop
    execute format('create trigger set_timestamps before insert or update on public.%I for each row execute function private.set_timestamps()', t);
    execute format('create trigger audit_row_change after insert or update or delete on public.%I for each row execute function private.audit_row_change()', t);
  end loop;
end
$$;

-- ---------------------------------------------------------------- row-level security
alter table public.city_tax_rates enable row level security;
alter table public.city_tax_exemptions enable row level security;
alter table public.city_tax_collections enable row level security;
revoke all on table public.city_tax_rates, public.city_tax_exemptions, public.city_tax_collections
  from public, anon, authenticated;
grant all on table public.city_tax_rates, public.city_tax_exemptions, public.city_tax_collections to service_role;

grant select, insert, update, delete on table public.city_tax_rates to authenticated;
create policy "staff read city tax rates" on public.city_tax_rates
  for select to authenticated using ((select public.is_staff()));
create policy "admins insert city tax rates" on public.city_tax_rates
  for insert to authenticated with check ((select public.is_admin()));
create policy "admins update city tax rates" on public.city_tax_rates
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admins delete city tax rates" on public.city_tax_rates
  for delete to authenticated using ((select public.is_admin()));

grant select, insert, update, delete on table public.city_tax_exemptions to authenticated;
create policy "staff read city tax exemptions" on public.city_tax_exemptions
  for select to authenticated using ((select public.is_staff()));
create policy "staff insert city tax exemptions" on public.city_tax_exemptions
  for insert to authenticated with check ((select public.is_staff()));
create policy "staff update city tax exemptions" on public.city_tax_exemptions
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "staff delete city tax exemptions" on public.city_tax_exemptions
  for delete to authenticated using ((select public.is_staff()));

grant select on table public.city_tax_collections to authenticated;
grant insert (id, booking_id, amount_cents, method, collected_at, note) on table public.city_tax_collections to authenticated;
create policy "staff read city tax collections" on public.city_tax_collections
  for select to authenticated using ((select public.is_staff()));
create policy "staff record city tax collections" on public.city_tax_collections
  for insert to authenticated with check ((select public.is_staff()));

-- ---------------------------------------------------------------- THE computation
-- Per night of the stay [p_check_in, p_check_out): the rate, the persons (the larger of p_persons
-- and the birth dates given), those beyond the cap, under the age on that night, exempt by
-- p_exempt (one element per exempt person, applied in order), taxable, and the cents due.
create or replace function private.city_tax_nights(
  p_check_in date,
  p_check_out date,
  p_persons integer,
  p_birth_dates date[] default '{}',
  p_exempt public.city_tax_exemption_reason[] default '{}'
)
returns table (
  night date,
  night_number integer,
  rate_cents integer,
  persons integer,
  beyond_cap integer,
  under_age integer,
  patient_companion integer,
  coach_driver_guide integer,
  police_armed_forces integer,
  disability_caregiver integer,
  taxable integer,
  due_cents integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
-- Written as a loop over the nights and the guests (at most a few dozen each): the register calls
-- it once per stay, and a loop costs far less than planning a set query at each call.
declare
  v_persons integer := greatest(coalesce(p_persons, 0), coalesce(cardinality(p_birth_dates), 0));
  v_rate record;
  v_birth date;
  v_young integer;
  v_exempt integer;
  v_reason public.city_tax_exemption_reason;
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
    patient_companion := 0;
    coach_driver_guide := 0;
    police_armed_forces := 0;
    disability_caregiver := 0;
    if night_number > coalesce(v_rate.max_nights, 10) then
      beyond_cap := v_persons;
    else
      v_young := 0;
      foreach v_birth in array coalesce(p_birth_dates, '{}') loop
        if v_birth is not null and night < (v_birth + make_interval(years => coalesce(v_rate.exempt_under_age, 10)))::date then
          v_young := v_young + 1;
        end if;
      end loop;
      under_age := least(v_young, v_persons);
      v_exempt := least(v_persons - under_age, coalesce(cardinality(p_exempt), 0));
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
    taxable := v_persons - beyond_cap - under_age - patient_companion - coach_driver_guide - police_armed_forces
      - disability_caregiver;
    due_cents := taxable * rate_cents;
    return next;
  end loop;
end
$$;
comment on function private.city_tax_nights(date, date, integer, date[], public.city_tax_exemption_reason[]) is
  'THE city-tax computation: per night, persons beyond the cap, under age, exempt by reason, taxable and cents due. The register, the booking view and the quote use it.';

-- The stay's total: what a quote shows (p_persons guests, no ages known: every guest counted).
create or replace function private.city_tax_due(
  p_check_in date,
  p_check_out date,
  p_persons integer,
  p_birth_dates date[] default '{}',
  p_exempt public.city_tax_exemption_reason[] default '{}'
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
  from private.city_tax_nights(p_check_in, p_check_out, p_persons, p_birth_dates, p_exempt) n
$$;

-- ---------------------------------------------------------------- a booking's inputs
-- The birth dates known for a booking's guests (online check-in). Empty until check-in's schema
-- exists; redefined by the migration that reads it.
create or replace function private.booking_birth_dates(p_booking_id uuid)
returns date[]
language sql
stable
security definer
set search_path = ''
as $$
  select '{}'::date[]
$$;

-- One element per exempt person, in the order staff recorded them.
create or replace function private.booking_exempt_persons(p_booking_id uuid)
returns public.city_tax_exemption_reason[]
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (select coalesce(array_agg(e.reason order by e.created_at, e.id), '{}')
    from public.city_tax_exemptions e, generate_series(1, e.persons)
    where e.booking_id = p_booking_id);
end
$$;

-- Every counted night (stays that happened) between p_from and p_to, per booking.
create or replace function private.city_tax_register_nights(p_from date, p_to date)
returns table (
  booking_id uuid, night date, rate_cents integer, persons integer, beyond_cap integer, under_age integer,
  patient_companion integer, coach_driver_guide integer, police_armed_forces integer, disability_caregiver integer,
  taxable integer, due_cents integer
)
language sql
stable
security definer
set search_path = ''
as $$
  select b.id, n.night, n.rate_cents, n.persons, n.beyond_cap, n.under_age, n.patient_companion,
    n.coach_driver_guide, n.police_armed_forces, n.disability_caregiver, n.taxable, n.due_cents
  from public.bookings b
  cross join lateral private.city_tax_nights(b.check_in_date, b.check_out_date, b.guests,
    private.booking_birth_dates(b.id), private.booking_exempt_persons(b.id)) n
  where b.status in ('checked_in', 'checked_out')
    and b.check_in_date <= p_to and b.check_out_date > p_from
    and n.night between p_from and p_to
$$;
revoke execute on function private.city_tax_recorded_by() from public, anon, authenticated;
revoke execute on function private.city_tax_nights(date, date, integer, date[], public.city_tax_exemption_reason[])
  from public, anon, authenticated;
revoke execute on function private.city_tax_due(date, date, integer, date[], public.city_tax_exemption_reason[])
  from public, anon, authenticated;
revoke execute on function private.booking_birth_dates(uuid) from public, anon, authenticated;
revoke execute on function private.booking_exempt_persons(uuid) from public, anon, authenticated;
revoke execute on function private.city_tax_register_nights(date, date) from public, anon, authenticated;

-- ---------------------------------------------------------------- staff functions
-- One booking: the nights, the exemptions, due and collected.
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
        private.booking_birth_dates(v_booking.id), private.booking_exempt_persons(v_booking.id)) n), '[]'),
    'due_cents', (select coalesce(sum(n.due_cents), 0)
      from private.city_tax_nights(v_booking.check_in_date, v_booking.check_out_date, v_booking.guests,
        private.booking_birth_dates(v_booking.id), private.booking_exempt_persons(v_booking.id)) n),
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

-- Per stay with nights in [p_from, p_to]: the register's lines. Collected: all of the stay's
-- collections, whenever made.
create or replace function public.city_tax_register(p_from date, p_to date)
returns table (
  booking_id uuid, reference text, guest_name text, check_in date, check_out date, status public.booking_status,
  persons integer, person_nights integer, beyond_cap integer, under_age integer, patient_companion integer,
  coach_driver_guide integer, police_armed_forces integer, disability_caregiver integer, taxable integer,
  due_cents integer, collected_cents integer
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
    sum(n.persons)::integer, sum(n.beyond_cap)::integer, sum(n.under_age)::integer, sum(n.patient_companion)::integer,
    sum(n.coach_driver_guide)::integer, sum(n.police_armed_forces)::integer, sum(n.disability_caregiver)::integer,
    sum(n.taxable)::integer, sum(n.due_cents)::integer,
    (select coalesce(sum(c.amount_cents), 0)::integer from public.city_tax_collections c where c.booking_id = b.id)
  from private.city_tax_register_nights(p_from, p_to) n
  join public.bookings b on b.id = n.booking_id
  group by b.id
  order by b.check_in_date, b.reference;
end
$$;

-- Per month, quarter or year from p_from to p_to: the GECOS figures. Arrivals: stays counted that
-- began in the period and their guests; nights are person-nights; collected: collections made in
-- the period (Rome time), whichever stay they belong to.
create or replace function public.city_tax_periods(p_from date, p_to date, p_period text)
returns table (
  period_start date, period_end date, arrivals integer, arriving_guests integer, person_nights integer,
  beyond_cap integer, under_age integer, patient_companion integer, coach_driver_guide integer,
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

revoke execute on function public.booking_city_tax(uuid) from public, anon;
revoke execute on function public.city_tax_register(date, date) from public, anon;
revoke execute on function public.city_tax_periods(date, date, text) from public, anon;
grant execute on function public.booking_city_tax(uuid) to authenticated;
grant execute on function public.city_tax_register(date, date) to authenticated;
grant execute on function public.city_tax_periods(date, date, text) to authenticated;
