-- Issue 41 §4: the city tax, declared.
--
-- * Rome's rates since 1 October 2023 (Delib. G.C. 255/2023) per category of the house:
--   affittacamere of the 1st, 2nd, 3rd category EUR 7 / 6 / 5, bed & breakfast EUR 6, at most 10
--   consecutive nights, not due under 10. public.city_tax_rates gains the category (the rows it held
--   are the house's, affittacamere of the 2nd category); one timeline per category, never two rates
--   on one night of one category. Admins add a rate from a date (public.add_city_tax_rate, now with
--   the category; none given: the house's).
-- * The house's category is a setting with the date from which it applies
--   (public.city_tax_house_categories; admins change it with public.set_city_tax_category): a
--   reclassification changes the nights from that date only, never a declared quarter before it.
-- * The rest of the exemptions (house_staff, emergency_housing, volunteer: the previous migration)
--   are counted by reason, and each exemption keeps the guest's declaration (who declared, what, on
--   which day): public.record_city_tax_exemption.
-- * What the house paid over to Roma Capitale (public.city_tax_remittances, admins record, staff
--   read), for the annual figures: public.city_tax_annual(year) gives per quarter the GECOS figures,
--   due, collected, paid over and the payments, the figures of the Modello 21 (conto giudiziale, by
--   30 January) and of the 30 June declaration.
-- * A reminder on the 1st of the month after a quarter (due by the 16th), of the Modello 21 on 1
--   January and of the declaration on 1 June: public.raise_city_tax_reminders(), a daily job,
--   raises one alert `city_tax_declaration_due` per declaration and never again
--   (private.city_tax_reminders remembers it).

-- ------------------------------------------------------------------ categories and rates
alter table public.city_tax_rates add column category text not null default 'affittacamere_2'
  constraint city_tax_rates_category_known
    check (category in ('affittacamere_1', 'affittacamere_2', 'affittacamere_3', 'bed_and_breakfast'));
comment on column public.city_tax_rates.category is
  'The category of accommodation the rate is for: affittacamere_1/2/3 (guest house of the 1st, 2nd, 3rd category) or bed_and_breakfast.';
alter table public.city_tax_rates drop constraint city_tax_rates_no_overlap;
alter table public.city_tax_rates add constraint city_tax_rates_no_overlap
  exclude using gist (category with =, daterange(valid_from, valid_to, '[]') with &&);
comment on table public.city_tax_rates is
  'Rome''s contributo di soggiorno per person and night for a category of accommodation, from valid_from to valid_to (inclusive; null: until changed), at most max_nights per stay, not due under exempt_under_age. History kept. The house pays the rate of its category (city_tax_house_categories).';

insert into public.city_tax_rates (category, valid_from, amount_cents, max_nights, exempt_under_age, note)
select c.category, date '2023-10-01', c.cents, 10, 10, 'Roma Capitale, Delib. G.C. 255/2023'
from (values ('affittacamere_1', 700), ('affittacamere_3', 500), ('bed_and_breakfast', 600)) c(category, cents)
where not exists (select 1 from public.city_tax_rates r where r.category = c.category);

create table public.city_tax_house_categories (
  valid_from date primary key,
  category text not null constraint city_tax_house_categories_known
    check (category in ('affittacamere_1', 'affittacamere_2', 'affittacamere_3', 'bed_and_breakfast')),
  changed_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.city_tax_house_categories is
  'The house''s category of accommodation for the city tax, from valid_from until the next row. Staff read; admins change it (set_city_tax_category).';
create index city_tax_house_categories_changed_by_idx on public.city_tax_house_categories (changed_by);
create trigger set_timestamps before insert or update on public.city_tax_house_categories
  for each row execute function private.set_timestamps();
create trigger audit_row_change after insert or update or delete on public.city_tax_house_categories
  for each row execute function private.audit_row_change();
alter table public.city_tax_house_categories enable row level security;
revoke all on table public.city_tax_house_categories from public, anon, authenticated;
grant all on table public.city_tax_house_categories to service_role;
grant select on table public.city_tax_house_categories to authenticated;
create policy "staff read the house's city-tax category" on public.city_tax_house_categories
  for select to authenticated using ((select public.is_staff()));
insert into public.city_tax_house_categories (valid_from, category) values (date '2000-01-01', 'affittacamere_2');

-- The house's category on a night (none before the first row).
create or replace function private.city_tax_category(p_night date)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select c.category from public.city_tax_house_categories c
  where c.valid_from <= p_night order by c.valid_from desc limit 1
$$;
revoke execute on function private.city_tax_category(date) from public, anon, authenticated;

-- ------------------------------------------------------------------ THE computation
-- As before (precedence per person and night: beyond the cap, under age, resident, then the
-- recorded exemptions in their order), the rate being the house's category's on that night, and
-- the three exemptions added in 20261203050000 counted by reason.
drop function private.city_tax_due(date, date, integer, date[], public.city_tax_exemption_reason[], boolean[]);
drop function private.city_tax_register_nights(date, date);
drop function private.city_tax_nights(date, date, integer, date[], public.city_tax_exemption_reason[], boolean[]);

create function private.city_tax_nights(p_check_in date, p_check_out date, p_persons integer,
  p_birth_dates date[] default '{}', p_exempt public.city_tax_exemption_reason[] default '{}',
  p_residents boolean[] default '{}')
returns table(night date, night_number integer, rate_cents integer, persons integer, beyond_cap integer,
  under_age integer, resident integer, patient_companion integer, coach_driver_guide integer,
  police_armed_forces integer, disability_caregiver integer, house_staff integer, emergency_housing integer,
  volunteer integer, taxable integer, due_cents integer)
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
  v_birth date;
  i integer;
begin
  night_number := 0;
  for night in select g::date from generate_series(p_check_in::timestamp, (p_check_out - 1)::timestamp, interval '1 day') g loop
    night_number := night_number + 1;
    select r.amount_cents, r.max_nights, r.exempt_under_age into v_rate
    from public.city_tax_rates r
    where r.category = private.city_tax_category(night)
      and night >= r.valid_from and (r.valid_to is null or night <= r.valid_to);
    rate_cents := coalesce(v_rate.amount_cents, 0);
    persons := v_persons;
    beyond_cap := 0;
    under_age := 0;
    resident := 0;
    patient_companion := 0;
    coach_driver_guide := 0;
    police_armed_forces := 0;
    disability_caregiver := 0;
    house_staff := 0;
    emergency_housing := 0;
    volunteer := 0;
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
        case p_exempt[i]
          when 'patient_companion' then patient_companion := patient_companion + 1;
          when 'coach_driver_guide' then coach_driver_guide := coach_driver_guide + 1;
          when 'police_armed_forces' then police_armed_forces := police_armed_forces + 1;
          when 'disability_caregiver' then disability_caregiver := disability_caregiver + 1;
          when 'house_staff' then house_staff := house_staff + 1;
          when 'emergency_housing' then emergency_housing := emergency_housing + 1;
          else volunteer := volunteer + 1;
        end case;
      end loop;
    end if;
    taxable := v_persons - beyond_cap - under_age - resident - patient_companion - coach_driver_guide
      - police_armed_forces - disability_caregiver - house_staff - emergency_housing - volunteer;
    due_cents := taxable * rate_cents;
    return next;
  end loop;
end
$$;
comment on function private.city_tax_nights(date, date, integer, date[], public.city_tax_exemption_reason[], boolean[]) is
  'THE city-tax computation: per night, the rate of the house''s category, persons beyond the cap, under age, resident of Rome, exempt by reason, taxable and cents due. The register, the booking view, the folio and the quote use it.';

create function private.city_tax_due(p_check_in date, p_check_out date, p_persons integer,
  p_birth_dates date[] default '{}', p_exempt public.city_tax_exemption_reason[] default '{}',
  p_residents boolean[] default '{}')
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
      where r.category = private.city_tax_category(p_check_in)
        and p_check_in >= r.valid_from and (r.valid_to is null or p_check_in <= r.valid_to)),
    'guests', greatest(coalesce(p_persons, 0), 0)
  )
  from private.city_tax_nights(p_check_in, p_check_out, p_persons, p_birth_dates, p_exempt, p_residents) n
$$;

create function private.city_tax_register_nights(p_from date, p_to date)
returns table(booking_id uuid, night date, rate_cents integer, persons integer, beyond_cap integer,
  under_age integer, resident integer, patient_companion integer, coach_driver_guide integer,
  police_armed_forces integer, disability_caregiver integer, house_staff integer, emergency_housing integer,
  volunteer integer, taxable integer, due_cents integer)
language sql
stable
security definer
set search_path = ''
as $$
  select b.id, n.night, n.rate_cents, n.persons, n.beyond_cap, n.under_age, n.resident, n.patient_companion,
    n.coach_driver_guide, n.police_armed_forces, n.disability_caregiver, n.house_staff, n.emergency_housing,
    n.volunteer, n.taxable, n.due_cents
  from public.bookings b
  cross join lateral private.city_tax_nights(b.check_in_date, b.check_out_date, b.guests,
    private.booking_birth_dates(b.id), private.booking_exempt_persons(b.id), private.booking_residents(b.id)) n
  where b.status in ('checked_in', 'checked_out')
    and b.check_in_date <= p_to and b.check_out_date > p_from
    and n.night between p_from and p_to
$$;
revoke execute on function private.city_tax_nights(date, date, integer, date[], public.city_tax_exemption_reason[], boolean[])
  from public, anon, authenticated;
revoke execute on function private.city_tax_due(date, date, integer, date[], public.city_tax_exemption_reason[], boolean[])
  from public, anon, authenticated;
revoke execute on function private.city_tax_register_nights(date, date) from public, anon, authenticated;

-- ------------------------------------------------------------------ the register and the GECOS figures
drop function public.city_tax_periods(date, date, text);
drop function public.city_tax_register(date, date);

create function public.city_tax_periods(p_from date, p_to date, p_period text)
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
    coalesce(sum(n.house_staff), 0)::integer, coalesce(sum(n.emergency_housing), 0)::integer,
    coalesce(sum(n.volunteer), 0)::integer,
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
$$;
comment on function public.city_tax_periods(date, date, text) is
  'Staff: the GECOS figures per month, quarter or year: stays arrived and their guests, person-nights, exempt nights by reason (beyond the cap, under age, residents, the recorded exemptions), taxable nights, due (the folio''s city-tax line) and collected (the folio''s city-tax payments recorded in the period).';

create function public.city_tax_register(p_from date, p_to date)
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
  select b.id, b.reference, b.guest_name, b.check_in_date, b.check_out_date, b.status, b.guests,
    sum(n.persons)::integer, sum(n.beyond_cap)::integer, sum(n.under_age)::integer, sum(n.resident)::integer,
    sum(n.patient_companion)::integer, sum(n.coach_driver_guide)::integer, sum(n.police_armed_forces)::integer,
    sum(n.disability_caregiver)::integer, sum(n.house_staff)::integer, sum(n.emergency_housing)::integer,
    sum(n.volunteer)::integer, sum(n.taxable)::integer, sum(n.due_cents)::integer,
    -- collected: the stay's city-tax lines on the folio, wherever they were recorded
    (select coalesce(sum(-private.folio_sign(c.kind, c.correction) * c.amount_cents), 0)::integer
      from public.payments c where c.booking_id = b.id and c.kind = 'city_tax' and c.status = 'succeeded')
  from private.city_tax_register_nights(p_from, p_to) n
  join public.bookings b on b.id = n.booking_id
  group by b.id
  order by b.check_in_date, b.reference;
end
$$;
revoke execute on function public.city_tax_periods(date, date, text) from public, anon;
revoke execute on function public.city_tax_register(date, date) from public, anon;
grant execute on function public.city_tax_periods(date, date, text) to authenticated, service_role;
grant execute on function public.city_tax_register(date, date) to authenticated, service_role;

-- ------------------------------------------------------------------ rates and category, by admins
drop function public.add_city_tax_rate(date, integer, integer, integer, text);
create function public.add_city_tax_rate(p_valid_from date, p_amount_cents integer, p_max_nights integer default 10,
  p_exempt_under_age integer default 10, p_note text default null, p_category text default null)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_category text := coalesce(p_category, private.city_tax_category(p_valid_from), 'affittacamere_2');
  v_id uuid;
begin
  perform private.require_admin('change the city-tax rates');
  if p_valid_from is null then
    raise exception 'Enter the first night the rate applies to.' using errcode = '22023';
  end if;
  if v_category not in ('affittacamere_1', 'affittacamere_2', 'affittacamere_3', 'bed_and_breakfast') then
    raise exception 'Choose a category: guest house of the 1st, 2nd or 3rd category, or bed and breakfast.'
      using errcode = '22023';
  end if;
  perform private.assert_one_line_text(p_note, 'The note');
  if exists (select 1 from public.city_tax_rates r where r.category = v_category and r.valid_from >= p_valid_from) then
    raise exception 'A rate already starts on or after this date: a new rate must start after the last one.'
      using errcode = '22023';
  end if;
  update public.city_tax_rates set valid_to = p_valid_from - 1
  where category = v_category and valid_from < p_valid_from and (valid_to is null or valid_to >= p_valid_from);
  insert into public.city_tax_rates (category, valid_from, amount_cents, max_nights, exempt_under_age, note)
  values (v_category, p_valid_from, p_amount_cents, coalesce(p_max_nights, 10), coalesce(p_exempt_under_age, 10),
    nullif(btrim(p_note), ''))
  returning id into v_id;
  return v_id;
end
$$;
comment on function public.add_city_tax_rate(date, integer, integer, integer, text, text) is
  'Admins: a new city-tax rate for a category (none given: the house''s on that date) from a night on; the rate open then ends the night before, in the same transaction.';
revoke execute on function public.add_city_tax_rate(date, integer, integer, integer, text, text) from public, anon;
grant execute on function public.add_city_tax_rate(date, integer, integer, integer, text, text) to authenticated, service_role;

create or replace function public.set_city_tax_category(p_category text, p_valid_from date)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('change the house''s city-tax category');
  if p_category is null
     or p_category not in ('affittacamere_1', 'affittacamere_2', 'affittacamere_3', 'bed_and_breakfast') then
    raise exception 'Choose a category: guest house of the 1st, 2nd or 3rd category, or bed and breakfast.'
      using errcode = '22023';
  end if;
  if p_valid_from is null or p_valid_from < date '2000-01-01' or p_valid_from > private.rome_today() + 730 then
    raise exception 'Enter the first night the category applies to (at most two years ahead).' using errcode = '22023';
  end if;
  insert into public.city_tax_house_categories (valid_from, category, changed_by)
  values (p_valid_from, p_category, auth.uid())
  on conflict (valid_from) do update set category = excluded.category, changed_by = excluded.changed_by;
end
$$;
comment on function public.set_city_tax_category(text, date) is
  'Admins: the house''s category for the city tax from a night on (until the next change); the nights before keep theirs.';
revoke execute on function public.set_city_tax_category(text, date) from public, anon;
grant execute on function public.set_city_tax_category(text, date) to authenticated, service_role;

-- ------------------------------------------------------------------ exemptions with the guest's declaration
alter table public.city_tax_exemptions
  add column declarant_name text
    constraint city_tax_exemptions_declarant_length check (declarant_name is null or char_length(declarant_name) between 1 and 200),
  add column declaration text
    constraint city_tax_exemptions_declaration_length check (declaration is null or char_length(declaration) <= 1000),
  add column declared_on date;
comment on column public.city_tax_exemptions.declarant_name is 'Who signed the declaration (D.P.R. 445/2000): the exempt guest, the patient or the companion, the group''s leader.';
comment on column public.city_tax_exemptions.declaration is 'What the guest declared: the place and period of care, the group and its size, the duty, the authority that housed them.';
comment on column public.city_tax_exemptions.declared_on is 'The day the declaration was signed.';

create or replace function public.record_city_tax_exemption(p_booking_id uuid, p_reason public.city_tax_exemption_reason,
  p_persons integer, p_declarant_name text, p_declaration text default null, p_declared_on date default null)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
  v_name text := nullif(btrim(coalesce(p_declarant_name, '')), '');
  v_text text := nullif(btrim(coalesce(p_declaration, '')), '');
  v_id uuid;
begin
  perform private.require_staff('record a city-tax exemption');
  v_booking := private.booking_or_refuse(p_booking_id);
  if p_reason is null then
    raise exception 'Choose the reason for the exemption.' using errcode = '22023';
  end if;
  if p_persons is null or p_persons < 1 or p_persons > greatest(v_booking.guests, 1) or p_persons > 8 then
    raise exception 'The exemption covers from 1 to % guests of this stay.', least(greatest(v_booking.guests, 1), 8)
      using errcode = '22023';
  end if;
  if v_name is null or char_length(v_name) > 200 then
    raise exception 'Enter who signed the declaration (at most 200 characters).' using errcode = '22023';
  end if;
  perform private.assert_one_line_text(v_name, 'The name');
  if v_text is not null and char_length(v_text) > 1000 then
    raise exception 'The declaration is at most 1000 characters.' using errcode = '22023';
  end if;
  v_text := private.assert_multiline_text(v_text, 'The declaration');
  if p_declared_on is not null and (p_declared_on > private.rome_today() or p_declared_on < v_booking.check_in_date - 60) then
    raise exception 'The declaration is dated between the booking and today.' using errcode = '22023';
  end if;
  insert into public.city_tax_exemptions (booking_id, reason, persons, declarant_name, declaration, declared_on)
  values (v_booking.id, p_reason, p_persons, v_name, v_text, coalesce(p_declared_on, private.rome_today()))
  returning id into v_id;
  return v_id;
end
$$;
comment on function public.record_city_tax_exemption(uuid, public.city_tax_exemption_reason, integer, text, text, date) is
  'Staff: exempt guests of a stay by reason, with the guest''s declaration (who signed it, what they declared, the day). Recorded in the signed-in user''s name; audited.';
revoke execute on function public.record_city_tax_exemption(uuid, public.city_tax_exemption_reason, integer, text, text, date) from public, anon;
grant execute on function public.record_city_tax_exemption(uuid, public.city_tax_exemption_reason, integer, text, text, date) to authenticated, service_role;

-- ------------------------------------------------------------------ paid over to Roma Capitale
create table public.city_tax_remittances (
  id uuid primary key default gen_random_uuid(),
  period_start date not null constraint city_tax_remittances_quarter
    check (period_start = date_trunc('quarter', period_start)::date),
  paid_on date not null,
  amount_cents integer not null constraint city_tax_remittances_amount_range check (amount_cents between 1 and 100000000),
  reference text not null constraint city_tax_remittances_reference_length check (char_length(reference) between 1 and 100),
  recorded_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.city_tax_remittances is
  'What the house paid over to Roma Capitale for a quarter (pagoPA): the day, the amount and the payment''s reference (IUV or receipt number). Admins record and remove (record_city_tax_remittance); staff read. For the Modello 21 and the 30 June declaration.';
create index city_tax_remittances_period_idx on public.city_tax_remittances (period_start);
create index city_tax_remittances_recorded_by_idx on public.city_tax_remittances (recorded_by);
create trigger set_timestamps before insert or update on public.city_tax_remittances
  for each row execute function private.set_timestamps();
create trigger audit_row_change after insert or update or delete on public.city_tax_remittances
  for each row execute function private.audit_row_change();
alter table public.city_tax_remittances enable row level security;
revoke all on table public.city_tax_remittances from public, anon, authenticated;
grant all on table public.city_tax_remittances to service_role;
grant select, delete on table public.city_tax_remittances to authenticated;
create policy "staff read city tax remittances" on public.city_tax_remittances
  for select to authenticated using ((select public.is_staff()));
create policy "admins remove city tax remittances" on public.city_tax_remittances
  for delete to authenticated using ((select public.is_admin()));

create or replace function public.record_city_tax_remittance(p_period_start date, p_paid_on date,
  p_amount_cents integer, p_reference text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reference text := nullif(btrim(coalesce(p_reference, '')), '');
  v_id uuid;
begin
  perform private.require_admin('record a payment to Roma Capitale');
  if p_period_start is null or p_period_start <> date_trunc('quarter', p_period_start)::date then
    raise exception 'Choose the quarter the payment is for.' using errcode = '22023';
  end if;
  if p_paid_on is null or p_paid_on > private.rome_today() or p_paid_on < p_period_start then
    raise exception 'The payment is dated between the start of its quarter and today.' using errcode = '22023';
  end if;
  if p_amount_cents is null or p_amount_cents < 1 or p_amount_cents > 100000000 then
    raise exception 'Please enter an amount between 0.01 and 1000000.00 euros.' using errcode = 'P0001',
      hint = 'amount_out_of_range', detail = jsonb_build_object('max_cents', 100000000)::text;
  end if;
  if v_reference is null or char_length(v_reference) > 100 then
    raise exception 'Enter the payment''s reference (IUV or receipt number, at most 100 characters).' using errcode = '22023';
  end if;
  perform private.assert_one_line_text(v_reference, 'The reference');
  insert into public.city_tax_remittances (period_start, paid_on, amount_cents, reference, recorded_by)
  values (p_period_start, p_paid_on, p_amount_cents, v_reference, auth.uid())
  returning id into v_id;
  return v_id;
end
$$;
revoke execute on function public.record_city_tax_remittance(date, date, integer, text) from public, anon;
grant execute on function public.record_city_tax_remittance(date, date, integer, text) to authenticated, service_role;

-- ------------------------------------------------------------------ the year: Modello 21 and the 30 June declaration
create or replace function public.city_tax_annual(p_year integer)
returns table(period_start date, period_end date, arriving_guests integer, person_nights integer,
  exempt_nights integer, taxable integer, due_cents integer, collected_cents integer, remitted_cents integer,
  remittances jsonb)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff('read the city-tax register');
  if p_year is null or p_year < 2000 or p_year > 2200 then
    raise exception 'Choose a year.' using errcode = '22023';
  end if;
  return query
  select q.period_start, q.period_end, q.arriving_guests, q.person_nights, q.person_nights - q.taxable,
    q.taxable, q.due_cents, q.collected_cents,
    (select coalesce(sum(r.amount_cents), 0)::integer from public.city_tax_remittances r
      where r.period_start = q.period_start),
    (select coalesce(jsonb_agg(jsonb_build_object('id', r.id, 'paid_on', r.paid_on, 'amount_cents', r.amount_cents,
        'reference', r.reference) order by r.paid_on, r.created_at), '[]')
      from public.city_tax_remittances r where r.period_start = q.period_start)
  from public.city_tax_periods(make_date(p_year, 1, 1), make_date(p_year, 12, 31), 'quarter') q
  order by q.period_start;
end
$$;
comment on function public.city_tax_annual(integer) is
  'Staff: per quarter of a year, the figures of the Modello 21 (conto giudiziale: collected and paid over, with the payments) and of the 30 June declaration (nights, exempt, taxable, due, collected, paid over).';
revoke execute on function public.city_tax_annual(integer) from public, anon;
grant execute on function public.city_tax_annual(integer) to authenticated, service_role;

-- ------------------------------------------------------------------ the reminders
create table private.city_tax_reminders (
  declaration text primary key,
  alert_id uuid,
  raised_at timestamptz not null default now()
);
comment on table private.city_tax_reminders is
  'The city-tax declarations already reminded once (public.raise_city_tax_reminders): quarter:YYYY-QN, modello21:YYYY, declaration:YYYY.';
alter table private.city_tax_reminders enable row level security;
create policy "city tax reminders stay in the database" on private.city_tax_reminders
  as restrictive for all to public using (false) with check (false);
revoke all on table private.city_tax_reminders from public, anon, authenticated, service_role;

-- Daily: on the 1st of the month after a quarter (until the 16th, its due day, if the job did not
-- run on the 1st), the quarter's GECOS declaration; from 1 to 30 January the Modello 21 of the year
-- before; from 1 to 30 June its 30 June declaration. Each once, ever. Returns the alerts raised.
create or replace function public.raise_city_tax_reminders()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_today date := private.rome_today();
  v_quarter date := (date_trunc('quarter', v_today) - interval '3 months')::date;
  v_year integer := extract(year from v_today)::integer - 1;
  v_due record;
  v_count integer := 0;
  v_figures record;
begin
  for v_due in
    select * from (values
      ('quarter:' || to_char(v_quarter, 'YYYY') || '-Q' || extract(quarter from v_quarter),
        extract(day from v_today) <= 16, make_date(extract(year from v_today)::integer, extract(month from v_today)::integer, 16),
        v_quarter, (v_quarter + interval '3 months' - interval '1 day')::date, 'quarter'),
      ('modello21:' || v_year, extract(month from v_today) = 1 and extract(day from v_today) <= 30,
        make_date(v_year + 1, 1, 30), make_date(v_year, 1, 1), make_date(v_year, 12, 31), 'modello21'),
      ('declaration:' || v_year, extract(month from v_today) = 6 and extract(day from v_today) <= 30,
        make_date(v_year + 1, 6, 30), make_date(v_year, 1, 1), make_date(v_year, 12, 31), 'declaration')
    ) d(declaration, open, due_on, period_from, period_to, kind)
    where d.open and (d.kind <> 'quarter' or extract(month from v_today)::integer in (1, 4, 7, 10))
      and not exists (select 1 from private.city_tax_reminders r where r.declaration = d.declaration)
  loop
    select coalesce(sum(n.due_cents), 0)::integer as due, coalesce(sum(n.persons), 0)::integer as nights
      into v_figures
    from private.city_tax_register_nights(v_due.period_from, v_due.period_to) n;
    insert into private.city_tax_reminders (declaration, alert_id)
    values (v_due.declaration, private.raise_alert('city_tax_declaration_due', 'medium',
      case v_due.kind
        when 'quarter' then format('City tax: declare %s on GECOS and pay Roma Capitale by %s (%s person-nights, EUR %s due).',
          replace(split_part(v_due.declaration, ':', 2), '-', ' '), to_char(v_due.due_on, 'DD/MM/YYYY'), v_figures.nights,
          to_char(v_figures.due / 100.0, 'FM9999990.00'))
        when 'modello21' then format('City tax: the Modello 21 (conto giudiziale) for %s is due by %s.',
          v_year, to_char(v_due.due_on, 'DD/MM/YYYY'))
        else format('City tax: the annual declaration for %s is due by %s.', v_year, to_char(v_due.due_on, 'DD/MM/YYYY'))
      end,
      'city_tax:' || v_due.declaration,
      jsonb_build_object('declaration', v_due.kind, 'period_from', v_due.period_from, 'period_to', v_due.period_to,
        'due_on', v_due.due_on, 'due_cents', v_figures.due, 'person_nights', v_figures.nights)));
    v_count := v_count + 1;
  end loop;
  return v_count;
end
$$;
comment on function public.raise_city_tax_reminders() is
  'Service (daily job city-tax-reminders): one alert city_tax_declaration_due per declaration, ever: the quarter''s GECOS declaration from the 1st to the 16th of the month after it, the Modello 21 in January, the 30 June declaration in June.';
revoke all on function public.raise_city_tax_reminders() from public, anon, authenticated;
grant execute on function public.raise_city_tax_reminders() to service_role;

-- ------------------------------------------------------------------ a stay's city tax, with the declarations
create or replace function public.booking_city_tax(p_booking_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
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
        'note', e.note, 'declarant_name', e.declarant_name, 'declaration', e.declaration, 'declared_on', e.declared_on,
        'recorded_by', p.name, 'recorded_at', e.created_at) order by e.created_at)
      from public.city_tax_exemptions e left join public.profiles p on p.user_id = e.recorded_by
      where e.booking_id = v_booking.id), '[]'),
    'collections', coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'amount_cents', c.amount_cents,
        'method', c.method, 'collected_at', c.collected_at, 'collected_by', p.name) order by c.collected_at)
      from public.city_tax_collections c left join public.profiles p on p.user_id = c.collected_by
      where c.booking_id = v_booking.id), '[]')
  );
end
$$;
