-- The Reports screen's functions, faster (issue 32: the whole screen in at most 200 ms of database
-- time with 50,000 bookings; `npm run bench:reports`). Same figures, same shapes. From the plans
-- (auto_explain with analyze and buffers, PostgreSQL 15, the benchmark's data kept in a database):
-- * Sold nights were counted stay by stay four times per screen (occupancy twice, pace, sources):
--   about 12,900 stays for a year, each split by month, 20-25 ms of backend CPU a call. Now
--   private.report_night_totals keeps, per night and per value of the one occupancy rule
--   (private.booking_occupied_until), the rooms taken and their revenue in cents, by triggers on
--   public.bookings; a report sums the nights of its period whose value is later than its moment
--   (about 1,150 rows in all for the benchmark's three years), so an ended hold stops counting
--   without any write. Sources: every sold night less the nights of the stays staff entered.
-- * Pace asked the occupancy rule for each candidate's state a year ago (5,937 calls of a function
--   that is never inlined, about 4 µs each); now once per distinct state. The states are a
--   materialized CTE: in a plain subquery the planner pushed the rule's filter below the DISTINCT
--   and called it per candidate again (likely why "once per state" measured no gain before).
-- * The old and new functions side by side in one process on the benchmark's data (backend CPU per
--   call, ms; load average 11): occupancy last year 40.7 -> 18.2, the year before 28.1 -> 12.9,
--   pace 69.4 -> 20.9, sources 32.8 -> 16.7; the whole screen 252.4 -> 132.3 (plain scan 10.1).
--   Guests by country (16) and stay patterns (11) are unchanged.
-- * Outcomes hashed the deciders against the period's requests by text (16,700 ids turned into
--   text); the deciders now carry the booking's id as a uuid (a generated column): about 5 ms of 40.
-- * `SUPABASE_DB_URL=… npm run bench:reports` with everything here, load average 7.4-7.8: the
--   whole screen 180.8 ms median, 124.4 ms of backend CPU per run (plain scan 18.9 ms, 11.0 CPU).
--   On a quiet machine (load 0.9): 121.7 ms median, 123.9 ms CPU (plain scan 16.7, 15.3). The
--   lead's run before, quiet machine: 270.0 ms median, 280.3 ms CPU (plain scan 17.0, 16.2).
-- * Writes: a booking's insert or delete updates one row per night, a change of its state, dates
--   or total two per night. Holds are keyed by their own end, so concurrent requests for the same
--   nights do not queue on a shared row; confirmations of the same night queue until commit.

-- ---------------------------------------------------------------- sold nights, kept per night
-- Each night's rooms and revenue of the bookings that take it, by until when they take it
-- (private.booking_occupied_until, the one occupancy rule): a report asks "sold at p_at" as
-- occupied_until > p_at, so an ended hold never counts, whenever the report is called. Kept by
-- triggers on public.bookings; cancelled and expired bookings (never occupying) are left out.
-- A migration that changes private.booking_occupied_until must fill this table again (as below).
create table private.report_night_totals (
  night date not null,
  occupied_until timestamptz not null,
  rooms integer not null,
  revenue_cents bigint not null,
  constraint report_night_totals_pkey primary key (night, occupied_until)
);
alter table private.report_night_totals enable row level security;
create policy "night totals stay in the database" on private.report_night_totals as restrictive for all to public
  using (false) with check (false);
comment on table private.report_night_totals is 'For the Reports screen: per night and per private.booking_occupied_until value, the rooms the bookings in that state take and their revenue in cents (the stored total spread evenly over the nights, odd cents on the first). Kept by triggers on public.bookings only.';

-- one booking's nights added (p_sign 1) or taken off (-1), in night order (so two writers of the
-- same nights queue instead of deadlocking); a night left with no room is removed
create or replace function private.report_count_nights(
  p_sign integer, p_check_in date, p_check_out date, p_until timestamptz, p_cents bigint
)
returns void
language sql
set search_path = ''
as $$
  insert into private.report_night_totals as t (night, occupied_until, rooms, revenue_cents)
  select p_check_in + k, p_until, p_sign,
    p_sign * (p_cents / (p_check_out - p_check_in) + case when k < p_cents % (p_check_out - p_check_in) then 1 else 0 end)
  from generate_series(0, p_check_out - p_check_in - 1) k
  order by k
  on conflict (night, occupied_until) do update
    set rooms = t.rooms + excluded.rooms, revenue_cents = t.revenue_cents + excluded.revenue_cents;
  delete from private.report_night_totals t
  where t.occupied_until = p_until and t.night >= p_check_in and t.night < p_check_out and t.rooms = 0;
$$;

create or replace function private.report_keep_night_totals()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_until timestamptz;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    v_until := private.booking_occupied_until(old.status, old.hold_expires_at);
    if v_until > '-infinity' then
      perform private.report_count_nights(-1, old.check_in_date, old.check_out_date, v_until,
        round(old.total_amount * 100)::bigint);
    end if;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    v_until := private.booking_occupied_until(new.status, new.hold_expires_at);
    if v_until > '-infinity' then
      perform private.report_count_nights(1, new.check_in_date, new.check_out_date, v_until,
        round(new.total_amount * 100)::bigint);
    end if;
  end if;
  return null;
end
$$;

create trigger report_keep_night_totals after insert or delete on public.bookings
  for each row execute function private.report_keep_night_totals();
-- on any update (not "update of": a before trigger may change a column the statement did not name)
create trigger report_keep_night_totals_changed after update on public.bookings
  for each row
  when ((old.status, old.hold_expires_at, old.check_in_date, old.check_out_date, old.total_amount)
    is distinct from (new.status, new.hold_expires_at, new.check_in_date, new.check_out_date, new.total_amount))
  execute function private.report_keep_night_totals();

create or replace function private.report_clear_night_totals()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  truncate private.report_night_totals;
  return null;
end
$$;
create trigger report_clear_night_totals after truncate on public.bookings
  for each statement execute function private.report_clear_night_totals();

revoke execute on function private.report_count_nights(integer, date, date, timestamptz, bigint),
  private.report_keep_night_totals(), private.report_clear_night_totals() from public, anon, authenticated;

-- the bookings as they stand
insert into private.report_night_totals (night, occupied_until, rooms, revenue_cents)
select b.check_in_date + k, b.until, count(*),
  sum(b.cents / b.n + case when k < b.cents % b.n then 1 else 0 end)
from (
  select check_in_date, check_out_date - check_in_date as n, round(total_amount * 100)::bigint as cents,
    private.booking_occupied_until(status, hold_expires_at) as until
  from public.bookings
) b
cross join lateral generate_series(0, b.n - 1) k
where b.until > '-infinity'
group by 1, 2;

-- ---------------------------------------------------------------- sold nights by month
-- Sold nights and their revenue in cents in each month of the period, by the occupancy rule at
-- p_at, from the kept night totals.
create or replace function private.report_sold_by_month(p_from date, p_to date, p_at timestamptz)
returns table (month date, nights integer, revenue_cents bigint)
language sql
stable
set search_path = ''
as $$
  select date_trunc('month', t.night)::date, sum(t.rooms)::integer, sum(t.revenue_cents)::bigint
  from private.report_night_totals t
  where t.night >= p_from and t.night < p_to and t.occupied_until > p_at
  group by 1
$$;

-- ---------------------------------------------------------------- occupancy
create or replace function public.report_occupancy(p_from date, p_to date)
returns table (month date, available_nights integer, sold_nights integer, channel_nights integer, closed_nights integer,
  revenue_cents bigint, received_cents bigint, adr_cents integer, revpar_cents integer)
language plpgsql
stable
security definer
set search_path = ''
set jit = off
as $$
declare
  v_now timestamptz := private.clock_now();
  v_rooms integer := (select count(*) from public.rooms);
begin
  perform private.require_staff('see reports');
  perform private.report_assert_period(p_from, p_to);
  return query
    with channel as (
      select c.month, sum(c.nights)::integer as nights from private.report_channel_nights(p_from, p_to) c group by c.month
    ), figures as (
      select m.month, v_rooms * (m.ends - m.starts) - coalesce(x.nights, 0) as available,
        coalesce(s.nights, 0) as sold, coalesce(c.nights, 0) as channel, coalesce(x.nights, 0) as closed,
        coalesce(s.revenue_cents, 0) as revenue
      from private.report_months(p_from, p_to) m
      left join private.report_sold_by_month(p_from, p_to, v_now) s on s.month = m.month
      left join channel c on c.month = m.month
      left join private.report_closed_nights(p_from, p_to, v_now) x on x.month = m.month
    )
    select f.month, f.available, f.sold, f.channel, f.closed, f.revenue,
      coalesce(r.cents, 0)::bigint,
      case when f.sold > 0 then round(f.revenue::numeric / f.sold)::integer end,
      case when f.available > 0 then round(f.revenue::numeric / f.available)::integer end
    from figures f
    left join private.report_received(p_from, p_to) r on r.month = f.month
    order by f.month;
end
$$;

-- ---------------------------------------------------------------- sources
create or replace function public.report_sources(p_from date, p_to date)
returns table (month date, source text, nights integer)
language plpgsql
stable
security definer
set search_path = ''
set jit = off
as $$
declare
  v_now timestamptz := private.clock_now();
begin
  perform private.require_staff('see reports');
  perform private.report_assert_period(p_from, p_to);
  return query
    with staff_entered as (
      -- 'staff' when the account in the booking's INSERT audit row has the staff or admin role
      select a.record_id
      from public.user_roles r
      join public.audit_logs a on a.user_id = r.user_id and a.table_name = 'bookings' and a.action = 'INSERT'
      where r.role in ('staff', 'admin')
    ), staff_stays as (
      select b.check_in_date, b.check_out_date
      from public.bookings b
      where b.check_out_date > p_from and b.check_in_date < p_to
        and private.booking_occupied_until(b.status, b.hold_expires_at) > v_now
        and b.id::text in (select e.record_id from staff_entered e)
    ), staff as (
      select m.month, sum(least(s.check_out_date, m.ends) - greatest(s.check_in_date, m.starts))::integer as nights
      from staff_stays s
      join private.report_months(p_from, p_to) m on s.check_in_date < m.ends and s.check_out_date > m.starts
      group by m.month
    )
    select x.month, x.source, x.nights
    from (
      -- the site's nights: every sold night of the month (the kept totals) less the staff's
      select s.month, 'site' as source, s.nights - coalesce(t.nights, 0) as nights
      from private.report_sold_by_month(p_from, p_to, v_now) s
      left join staff t on t.month = s.month
      union all
      select t.month, 'staff', t.nights from staff t
      union all
      select c.month, c.platform, c.nights from private.report_channel_nights(p_from, p_to) c
    ) x
    where x.nights > 0
    order by x.month, x.source;
end
$$;

-- ---------------------------------------------------------------- pace
create or replace function public.report_pace(p_from date, p_to date)
returns table (month date, nights integer, nights_year_before integer)
language plpgsql
stable
security definer
set search_path = ''
set jit = off
as $$
declare
  v_now timestamptz := private.clock_now();
  v_then timestamptz := private.clock_now() - interval '1 year';
  v_from date := (p_from - interval '1 year')::date;
  v_to date := (p_to - interval '1 year')::date;
begin
  perform private.require_staff('see reports');
  perform private.report_assert_period(p_from, p_to);
  return query
    with candidates as (
      select b.id, b.check_in_date, b.check_out_date, b.status, b.hold_expires_at
      from public.bookings b
      where b.created_at <= v_then and b.check_out_date > v_from and b.check_in_date < v_to
    ), last_then as (
      -- each candidate's last audit row at or before then, in one pass
      select distinct on (a.record_id) a.record_id, a.new_values
      from candidates c
      join public.audit_logs a on a.record_id = c.id::text
      where a.table_name = 'bookings' and a.created_at <= v_then and a.new_values is not null
      order by a.record_id, a.created_at desc
    ), booked_then as (
      select c.check_in_date, c.check_out_date,
        case when h.new_values is null then c.status else (h.new_values ->> 'status')::public.booking_status end as status,
        case when h.new_values is null then c.hold_expires_at else (h.new_values ->> 'hold_expires_at')::timestamptz end as hold
      from candidates c
      left join last_then h on h.record_id = c.id::text
    ), states as materialized (
      -- the states the candidates were in (a few); materialized, so that the rule below is asked
      -- once per state: pushed into a plain subquery, it ran once per candidate again
      select distinct b.status, b.hold, b.hold is null as no_hold, coalesce(b.hold, 'epoch') as hold_key
      from booked_then b
    ), sold_states as (
      -- the occupancy rule is a function call that is never inlined (about 4 µs a call)
      select s.status, s.no_hold, s.hold_key from states s where private.booking_occupied_until(s.status, s.hold) > v_then
    ), then_nights as (
      select (m.month + interval '1 year')::date as month,
        sum(least(b.check_out_date, m.ends) - greatest(b.check_in_date, m.starts))::integer as nights
      from booked_then b
      join sold_states s on s.status = b.status and s.no_hold = (b.hold is null) and s.hold_key = coalesce(b.hold, 'epoch')
      join private.report_months(v_from, v_to) m on b.check_in_date < m.ends and b.check_out_date > m.starts
      group by m.month
    )
    select m.month, coalesce(n.nights, 0), coalesce(t.nights, 0)
    from private.report_months(p_from, p_to) m
    left join private.report_sold_by_month(p_from, p_to, v_now) n on n.month = m.month
    left join then_nights t on t.month = m.month
    order by m.month;
end
$$;

-- the sold nights' per-stay helper: no report reads it any more
drop function private.report_sold_nights(date, date, timestamptz);

-- ---------------------------------------------------------------- outcomes
-- The deciders joined by the booking's id as a uuid, not its text: the hash of the deciders (one row
-- per booking and status) is the report's largest cost. A record_id equals a booking's id::text
-- exactly when it is that uuid's lower-case text, so the match is the same.
alter table private.report_request_deciders add column booking_id uuid generated always as (
  case when record_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then record_id::uuid end
) stored;

create or replace function public.report_outcomes(p_from date, p_to date)
returns table (outcome text, actor text, actor_name text, requests integer)
language plpgsql
stable
security definer
set search_path = ''
set jit = off
-- a plan for the period given: a generic plan probes the deciders once per request (16,671
-- index scans for a year); the custom one hashes them once
set plan_cache_mode = force_custom_plan
as $$
declare
  v_now timestamptz := private.clock_now();
begin
  perform private.require_staff('see reports');
  perform private.report_assert_period(p_from, p_to);
  return query
    with req as (
      select b.id,
        case
          when b.status in ('confirmed', 'checked_in', 'checked_out') then 'confirmed'
          when b.status in ('cancelled', 'expired') then b.status::text
          when private.booking_occupied_until(b.status, b.hold_expires_at) > v_now then 'open'
          else 'expired'
        end as outcome,
        case when b.status in ('confirmed', 'checked_in', 'checked_out') then 'confirmed' else b.status::text end as status
      from public.bookings b
      where b.created_at >= (p_from::timestamp at time zone 'Europe/Rome') and b.created_at < (p_to::timestamp at time zone 'Europe/Rome')
    ), decided as (
      -- who gave each ended request its present status (private.report_request_deciders keeps
      -- the latest audit row's account per booking and status), counted by account before the
      -- accounts are named
      select r.outcome, d.user_id, count(*) as requests
      from req r
      left join private.report_request_deciders d
        on r.outcome <> 'open' and d.booking_id = r.id and d.status = r.status
      group by r.outcome, d.user_id
    ), who as (
      select d.outcome, d.user_id, d.requests,
        exists (select 1 from public.user_roles ur where ur.user_id = d.user_id and ur.role in ('staff', 'admin')) as staff
      from decided d
    )
    select w.outcome,
      case
        when w.outcome = 'open' then 'waiting'
        when w.staff then 'staff'
        when w.user_id is not null then 'guest'
        when w.outcome = 'cancelled' then 'guest'
        when w.outcome = 'expired' then 'system'
        else 'unrecorded'
      end as actor,
      case when w.staff then coalesce(nullif(btrim(p.name), ''), p.email, 'staff') end as actor_name,
      sum(w.requests)::integer
    from who w
    left join public.profiles p on w.staff and p.user_id = w.user_id
    group by 1, 2, 3
    order by 1, 2, 3;
end
$$;
