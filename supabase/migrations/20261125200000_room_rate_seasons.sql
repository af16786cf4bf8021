-- Seasonal rates and stay rules, Rome's city tax, one pricing of a stay night by night, and the
-- public availability calendar (issue 22).
--
--   room_rate_seasons   per room: named date ranges (nights starts_on..ends_on inclusive) with a
--                       nightly price, an optional Friday/Saturday-night price, minimum nights for
--                       an arrival in the season (optionally another one for Friday/Saturday
--                       arrivals), ISO weekdays (1 = Monday … 7 = Sunday) closed to arrival and to
--                       departure. Nights outside every season cost the room's price_per_night
--                       with no minimum. Two seasons of one room never overlap.
--   city_tax_settings   one row: the contributo di soggiorno per person and night, the most nights
--                       charged, the age under which it is not due. Shown, never added to a total.
--   private.room_nights        the one statement of a night's price and rules
--   private.room_taken_ranges  the one statement of what takes a room (room_has_overlap asks it)
--   private.price_stay         the one pricing of a stay (quote_stay and request_booking use it)
--   public.quote_stay          a stay's nights, totals, city tax and the reasons it cannot be booked
--   public.room_calendar       per night: available, price, min_nights, closed to arrival/departure
--   bookings.nightly_rates     the per-night breakdown stored with each request
-- request_booking uses private.price_stay and the stay rules from 20261125200100.

create extension if not exists btree_gist with schema extensions;

-- ---------------------------------------------------------------- seasons
create table public.room_rate_seasons (
  id uuid primary key default gen_random_uuid(),
  room_id uuid not null references public.rooms (id) on delete cascade,
  name text not null constraint room_rate_seasons_name_length check (char_length(btrim(name)) between 1 and 80),
  starts_on date not null,
  ends_on date not null,
  price_per_night numeric(10, 2) not null constraint room_rate_seasons_price_positive check (price_per_night > 0),
  weekend_price numeric(10, 2) constraint room_rate_seasons_weekend_price_positive check (weekend_price is null or weekend_price > 0),
  min_nights integer not null default 1 constraint room_rate_seasons_min_nights_range check (min_nights between 1 and 30),
  weekend_min_nights integer constraint room_rate_seasons_weekend_min_nights_range
    check (weekend_min_nights is null or weekend_min_nights between 1 and 30),
  closed_arrival_days smallint[] not null default '{}' constraint room_rate_seasons_arrival_days_valid
    check (closed_arrival_days <@ '{1,2,3,4,5,6,7}'::smallint[] and array_position(closed_arrival_days, null) is null),
  closed_departure_days smallint[] not null default '{}' constraint room_rate_seasons_departure_days_valid
    check (closed_departure_days <@ '{1,2,3,4,5,6,7}'::smallint[] and array_position(closed_departure_days, null) is null),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint room_rate_seasons_dates_order check (ends_on >= starts_on),
  constraint room_rate_seasons_no_overlap
    exclude using gist (room_id with =, daterange(starts_on, ends_on, '[]') with &&)
);
comment on table public.room_rate_seasons is
  'Per room: seasonal nightly price, Friday/Saturday price, minimum stay and weekdays closed to arrival/departure (ISO weekdays). Public read, staff write.';
comment on column public.room_rate_seasons.ends_on is 'The last night of the season (inclusive).';
comment on column public.room_rate_seasons.weekend_price is 'Price of a Friday or Saturday night; null: price_per_night.';
comment on column public.room_rate_seasons.weekend_min_nights is 'Minimum nights for a Friday or Saturday arrival; null: min_nights.';

create trigger set_timestamps before insert or update on public.room_rate_seasons
  for each row execute function private.set_timestamps();
create trigger audit_row_change after insert or update or delete on public.room_rate_seasons
  for each row execute function private.audit_row_change();

-- ---------------------------------------------------------------- city tax (one row)
create table public.city_tax_settings (
  id boolean primary key default true constraint city_tax_settings_single_row check (id),
  amount_per_person_night numeric(6, 2) not null default 6.00
    constraint city_tax_settings_amount_range check (amount_per_person_night between 0 and 100),
  max_nights integer not null default 10 constraint city_tax_settings_max_nights_range check (max_nights between 1 and 365),
  exempt_under_age integer not null default 10 constraint city_tax_settings_age_range check (exempt_under_age between 0 and 18),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.city_tax_settings is
  'Rome''s contributo di soggiorno: per person and night, at most max_nights, not due under exempt_under_age. Shown on quotes as payable at the property; never in a total.';
insert into public.city_tax_settings (id) values (true);

create trigger set_timestamps before insert or update on public.city_tax_settings
  for each row execute function private.set_timestamps();
create trigger audit_row_change after insert or update or delete on public.city_tax_settings
  for each row execute function private.audit_row_change();

-- ---------------------------------------------------------------- the booking's nights
alter table public.bookings add column nightly_rates jsonb;
comment on column public.bookings.nightly_rates is
  'The per-night breakdown request_booking priced the stay with: [{night, price, season}]; null for bookings made otherwise.';

-- ---------------------------------------------------------------- row-level security
alter table public.room_rate_seasons enable row level security;
alter table public.city_tax_settings enable row level security;
revoke all on table public.room_rate_seasons, public.city_tax_settings from public, anon, authenticated;

grant select on table public.room_rate_seasons, public.city_tax_settings to anon, authenticated;
grant insert, update, delete on table public.room_rate_seasons to authenticated;
grant update (amount_per_person_night, max_nights, exempt_under_age) on table public.city_tax_settings to authenticated;
grant all on table public.room_rate_seasons, public.city_tax_settings to service_role;

create policy "rate seasons are public" on public.room_rate_seasons
  for select to anon, authenticated using (true);
create policy "staff insert rate seasons" on public.room_rate_seasons
  for insert to authenticated with check ((select public.is_staff()));
create policy "staff update rate seasons" on public.room_rate_seasons
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "staff delete rate seasons" on public.room_rate_seasons
  for delete to authenticated using ((select public.is_staff()));

create policy "city tax is public" on public.city_tax_settings
  for select to anon, authenticated using (true);
create policy "staff update city tax" on public.city_tax_settings
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));

-- ---------------------------------------------------------------- indexes
-- The seasons' exclusion constraint is the (room_id, dates) index; the room's calendar and the
-- occupancy rule find what overlaps a window through these, however many past stays a room has.
create index room_rate_seasons_room_idx on public.room_rate_seasons (room_id, starts_on);
create index bookings_room_stay_gist_idx on public.bookings
  using gist (room_id, daterange(check_in_date, check_out_date));
create index external_blocks_room_stay_gist_idx on public.external_blocks
  using gist (room_id, daterange(check_in_date, check_out_date));
create index manual_blocks_room_stay_gist_idx on public.manual_blocks
  using gist (room_id, daterange(check_in_date, check_out_date));

-- ---------------------------------------------------------------- the occupancy rule
-- What takes the room within [p_from, p_to): a booking that occupies (private.booking_occupies:
-- not cancelled or expired, a pending one only while its hold lasts), an active external block or
-- a manual block, other than the row p_except. Check-out day may be the next stay's check-in day.
-- The rule of 20261125100100's room_has_overlap, stated once and found through the gist indexes
-- below: room_has_overlap (the triggers, room_is_available, available_room_ids, request_booking,
-- quote_stay, the feed import) and room_calendar ask it.
create or replace function private.room_taken_ranges(p_room_id uuid, p_from date, p_to date, p_except uuid default null)
returns table (check_in_date date, check_out_date date)
language sql
stable
security definer
set search_path = ''
as $$
  select b.check_in_date, b.check_out_date from public.bookings b
  where b.room_id = p_room_id and b.id is distinct from p_except
    and private.booking_occupies(b.status, b.hold_expires_at)
    and daterange(b.check_in_date, b.check_out_date) && daterange(p_from, greatest(p_from, p_to))
  union all
  select e.check_in_date, e.check_out_date from public.external_blocks e
  where e.room_id = p_room_id and e.id is distinct from p_except and e.status = 'active'
    and daterange(e.check_in_date, e.check_out_date) && daterange(p_from, greatest(p_from, p_to))
  union all
  select m.check_in_date, m.check_out_date from public.manual_blocks m
  where m.room_id = p_room_id and m.id is distinct from p_except
    and daterange(m.check_in_date, m.check_out_date) && daterange(p_from, greatest(p_from, p_to))
$$;

create or replace function private.room_has_overlap(p_room_id uuid, p_check_in date, p_check_out date, p_except uuid default null)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from private.room_taken_ranges(p_room_id, p_check_in, p_check_out, p_except))
$$;

-- ---------------------------------------------------------------- a night's price and rules
-- For each night of [p_from, p_to) of a room: its price (season's Friday/Saturday price, season's
-- price, else the room's), the season's name, the minimum stay for an arrival that night, whether
-- an arrival or a departure on that date is closed (the rules of the season holding that date).
create or replace function private.room_nights(p_room_id uuid, p_from date, p_to date)
returns table (
  night date, price numeric, season text, min_nights integer, closed_to_arrival boolean, closed_to_departure boolean
)
language sql
stable
security definer
set search_path = ''
as $$
  select
    n.night,
    case
      when s.id is null then r.price_per_night
      when extract(isodow from n.night) in (5, 6) then coalesce(s.weekend_price, s.price_per_night)
      else s.price_per_night
    end,
    s.name,
    case
      when s.id is null then 1
      when extract(isodow from n.night) in (5, 6) then coalesce(s.weekend_min_nights, s.min_nights)
      else s.min_nights
    end,
    coalesce(extract(isodow from n.night)::smallint = any (s.closed_arrival_days), false),
    coalesce(extract(isodow from n.night)::smallint = any (s.closed_departure_days), false)
  from public.rooms r
  cross join lateral (
    select d::date as night from generate_series(p_from::timestamp, p_to::timestamp - interval '1 day', interval '1 day') d
  ) n
  left join public.room_rate_seasons s
    on s.room_id = r.id and s.starts_on <= n.night and n.night <= s.ends_on
  where r.id = p_room_id
  order by n.night
$$;

-- ---------------------------------------------------------------- pricing a stay
-- The stay's nights with their prices, subtotal (the sum of the nights), the discount of
-- p_discount_percentage on it rounded to cents, the total, and the city tax (shown apart).
create or replace function private.price_stay(
  p_room_id uuid, p_check_in date, p_check_out date, p_guests integer, p_discount_percentage integer
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_nights jsonb;
  v_count integer;
  v_subtotal numeric(10, 2);
  v_discount numeric(10, 2);
  v_tax public.city_tax_settings;
  v_taxed integer;
begin
  select coalesce(jsonb_agg(jsonb_build_object('night', n.night, 'price', n.price, 'season', n.season) order by n.night), '[]'),
         count(*), coalesce(sum(n.price), 0)
    into v_nights, v_count, v_subtotal
  from private.room_nights(p_room_id, p_check_in, p_check_out) n;
  v_discount := round(v_subtotal * coalesce(p_discount_percentage, 0) / 100.0, 2);
  select * into v_tax from public.city_tax_settings where id;
  v_taxed := least(v_count, coalesce(v_tax.max_nights, 0));
  return jsonb_build_object(
    'nights', v_count,
    'nightly', v_nights,
    'subtotal', v_subtotal,
    'discount_percentage', case when v_discount > 0 then p_discount_percentage else 0 end,
    'discount_amount', v_discount,
    'total', v_subtotal - v_discount,
    'city_tax', jsonb_build_object(
      'per_person_per_night', coalesce(v_tax.amount_per_person_night, 0),
      'nights_charged', v_taxed,
      'guests', greatest(coalesce(p_guests, 0), 0),
      'exempt_under_age', coalesce(v_tax.exempt_under_age, 0),
      'amount', round(coalesce(v_tax.amount_per_person_night, 0) * v_taxed * greatest(coalesce(p_guests, 0), 0), 2),
      'payable', 'at the property'
    )
  );
end
$$;

-- The stay rules of an arrival on p_check_in and a departure on p_check_out, as sentences:
-- [{code: min_stay|closed_to_arrival|closed_to_departure, message}].
create or replace function private.stay_rule_problems(p_room_id uuid, p_check_in date, p_check_out date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_arrival record;
  v_departure record;
  v_problems jsonb := '[]';
begin
  select * into v_arrival from private.room_nights(p_room_id, p_check_in, p_check_in + 1);
  select * into v_departure from private.room_nights(p_room_id, p_check_out, p_check_out + 1);
  if v_arrival.night is not null and p_check_out - p_check_in < v_arrival.min_nights then
    v_problems := v_problems || jsonb_build_object(
      'code', 'min_stay',
      'min_nights', v_arrival.min_nights,
      'message', format('A stay arriving on %s must be at least %s nights.',
        to_char(p_check_in, 'FMDay FMDD FMMonth YYYY'), v_arrival.min_nights));
  end if;
  if v_arrival.closed_to_arrival then
    v_problems := v_problems || jsonb_build_object(
      'code', 'closed_to_arrival',
      'message', format('Check-in is not possible on %ss for these dates. Please choose another arrival day.',
        to_char(p_check_in, 'FMDay')));
  end if;
  if v_departure.closed_to_departure then
    v_problems := v_problems || jsonb_build_object(
      'code', 'closed_to_departure',
      'message', format('Check-out is not possible on %ss for these dates. Please choose another departure day.',
        to_char(p_check_out, 'FMDay')));
  end if;
  return v_problems;
end
$$;

-- ---------------------------------------------------------------- quote_stay
-- What a stay costs and whether it can be booked, before sending:
-- {room_id, check_in, check_out, guests, nights, nightly: [{night, price, season}], subtotal,
--  promo_code, promo_status, discount_percentage, discount_amount, total,
--  city_tax: {per_person_per_night, nights_charged, guests, exempt_under_age, amount, payable},
--  bookable, problems: [{code, message}]}
-- Promo codes as check_promo_code reads them (this room's active codes, else the built-in ones).
-- Nothing is stored and no promo use is counted.
create or replace function public.quote_stay(
  p_room_id uuid, p_check_in date, p_check_out date, p_guests integer, p_promo_code text default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_room public.rooms;
  v_code text := nullif(upper(btrim(coalesce(p_promo_code, ''))), '');
  v_promo jsonb;
  v_pct integer := 0;
  v_problems jsonb := '[]';
  v_price jsonb;
begin
  select * into v_room from public.rooms r where r.id = p_room_id;
  if not found then
    raise exception 'Please select a valid room.' using errcode = 'P0001';
  end if;
  perform private.assert_stay_dates(p_check_in, p_check_out);
  if p_check_out - p_check_in > 30 then
    raise exception 'A stay can be at most 30 nights.' using errcode = 'P0001';
  end if;

  if p_check_in < current_date then
    v_problems := v_problems || jsonb_build_object('code', 'past', 'message', 'Check-in date cannot be in the past.');
  end if;
  if v_room.status <> 'available' then
    v_problems := v_problems || jsonb_build_object('code', 'room_unavailable', 'message', 'This room is not available for booking.');
  elsif private.room_has_overlap(p_room_id, p_check_in, p_check_out) then
    v_problems := v_problems || jsonb_build_object('code', 'unavailable', 'message', 'This room is not available for the selected dates.');
  end if;
  if p_guests is not null and p_guests > v_room.max_guests then
    v_problems := v_problems || jsonb_build_object('code', 'guests',
      'message', format('This room accommodates at most %s guests.', v_room.max_guests));
  end if;
  v_problems := v_problems || private.stay_rule_problems(p_room_id, p_check_in, p_check_out);

  if v_code is not null then
    v_promo := public.check_promo_code(v_code, p_room_id);
    if v_promo ->> 'status' = 'valid' then
      v_pct := (v_promo ->> 'discount_percentage')::integer;
    end if;
  end if;

  v_price := private.price_stay(p_room_id, p_check_in, p_check_out, p_guests, v_pct);
  return v_price || jsonb_build_object(
    'room_id', p_room_id,
    'check_in', p_check_in,
    'check_out', p_check_out,
    'guests', p_guests,
    'promo_code', case when v_pct > 0 then v_code end,
    'promo_status', v_promo ->> 'status',
    'bookable', jsonb_array_length(v_problems) = 0,
    'problems', v_problems
  );
end
$$;

-- ---------------------------------------------------------------- room_calendar
-- One row per night of [p_from, p_to) (at most 549 nights, 18 months): whether the room is free
-- that night (past nights are not), its price, the minimum stay for an arrival that night, and
-- whether an arrival or a departure on that date is closed. Nothing about why a night is taken.
-- p_room_id null: any room open for booking — a night is free when some room is, with the lowest
-- price among the free rooms (else among all), the smallest minimum, closed only when closed for
-- every free room.
create or replace function public.room_calendar(p_room_id uuid, p_from date, p_to date)
returns table (
  night date, available boolean, price numeric, min_nights integer, closed_to_arrival boolean, closed_to_departure boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_from is null or p_to is null or p_to <= p_from then
    raise exception 'Choose a date range.' using errcode = 'P0001';
  end if;
  if p_to - p_from > 549 then
    raise exception 'The calendar serves at most 18 months at a time.' using errcode = 'P0001';
  end if;
  if p_room_id is not null and not exists (select 1 from public.rooms r where r.id = p_room_id) then
    raise exception 'Please select a valid room.' using errcode = 'P0001';
  end if;
  return query
    with rooms as (
      select r.id, r.status = 'available' as open
      from public.rooms r
      where (p_room_id is null and r.status = 'available') or r.id = p_room_id
    ),
    taken as (
      select distinct rm.id as room_id, d::date as night
      from rooms rm
      cross join lateral private.room_taken_ranges(rm.id, p_from, p_to) t
      cross join lateral generate_series(greatest(t.check_in_date, p_from)::timestamp,
        least(t.check_out_date, p_to)::timestamp - interval '1 day', interval '1 day') d
    ),
    per_room as (
      select n.*, rm.open and n.night >= current_date and tk.night is null as free
      from rooms rm
      cross join lateral private.room_nights(rm.id, p_from, p_to) n
      left join taken tk on tk.room_id = rm.id and tk.night = n.night
    )
    select p.night,
      bool_or(p.free),
      coalesce(min(p.price) filter (where p.free), min(p.price)),
      coalesce(min(p.min_nights) filter (where p.free), min(p.min_nights))::integer,
      coalesce(bool_and(p.closed_to_arrival) filter (where p.free), bool_and(p.closed_to_arrival)),
      coalesce(bool_and(p.closed_to_departure) filter (where p.free), bool_and(p.closed_to_departure))
    from per_room p
    group by p.night
    order by p.night;
end
$$;

-- ---------------------------------------------------------------- function privileges
revoke execute on all functions in schema private from public, anon, authenticated;

revoke execute on function
  public.quote_stay(uuid, date, date, integer, text),
  public.room_calendar(uuid, date, date)
from public, anon, authenticated, service_role;
grant execute on function
  public.quote_stay(uuid, date, date, integer, text),
  public.room_calendar(uuid, date, date)
to anon, authenticated, service_role;
