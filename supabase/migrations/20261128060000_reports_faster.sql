-- The Reports screen's functions, faster (issue 32: the whole screen in at most 200 ms with 50,000
-- bookings, measured by `npm run bench:reports`). Same figures, same shapes; what changed, from the
-- plans (EXPLAIN ANALYZE on PostgreSQL with the benchmark's data):
-- * The helpers keep `set search_path = ''`, so PostgreSQL never inlines them: the database
--   advisors' function_search_path_mutable check requires the setting (schema-tooling.test.ts).
--   Inlining private.booking_occupied_until and private.report_sold_nights was tried: about 30 ms
--   less CPU per screen, mostly in pace (about 4 µs per call of a function that sets it).
-- * Sold nights split a stay by month with generate_series in the select list (one pass over the
--   stays) instead of a lateral function scan per stay.
-- * Sources: looked up the booking's INSERT audit row once per (stay, month) row, joined to the
--   roles (about 65,000 buffer reads for a year). Now the bookings staff entered are one set,
--   read from a small index of the audit trail's booking INSERT rows by account, hashed once.
-- * Outcomes: the requests were read twice and merged back; now one pass, the audit look-up only
--   for requests that have ended, counted by account before the accounts are named.
-- * Guest countries: counted by country code first, named after (40 rows instead of 36,000).

-- ---------------------------------------------------------------- sold nights
-- Each sold stay's nights (and revenue in cents) in each month of the period, by the occupancy
-- rule at p_at. Revenue: the stored total spread evenly over the nights, odd cents on the first.
create or replace function private.report_sold_nights(p_from date, p_to date, p_at timestamptz)
returns table (month date, booking_id uuid, room_id uuid, nights integer, revenue_cents bigint)
language sql
stable
set search_path = ''
as $$
  select part.month, part.id, part.room_id, part.after_last - part.first_night,
    (part.after_last - part.first_night) * (part.cents / part.n)
      + greatest(0, least(part.after_last, part.cents % part.n) - part.first_night)
  from (
    select s.month, s.id, s.room_id, s.cents, s.n,
      greatest(s.check_in_date, s.month, p_from) - s.check_in_date as first_night,
      least(s.check_out_date, (s.month + interval '1 month')::date, p_to) - s.check_in_date as after_last
    from (
      -- each month the stay touches inside the period
      select b.id, b.room_id, b.check_in_date, b.check_out_date,
        round(b.total_amount * 100)::bigint as cents, b.check_out_date - b.check_in_date as n,
        generate_series(
          date_trunc('month', greatest(b.check_in_date, p_from)::timestamp),
          (least(b.check_out_date, p_to) - 1)::timestamp,
          interval '1 month'
        )::date as month
      from public.bookings b
      where b.check_out_date > p_from and b.check_in_date < p_to
        and private.booking_occupied_until(b.status, b.hold_expires_at) > p_at
    ) s
  ) part
$$;

-- ---------------------------------------------------------------- sources
-- The bookings staff entered: the INSERT audit rows of bookings by account (a few per staff
-- member and day), so sources reads the staff accounts' rows instead of one row per stay.
create index audit_logs_booking_inserts_by_user_idx on public.audit_logs (user_id, record_id)
  where table_name = 'bookings' and action = 'INSERT';

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
    )
    select x.month, x.source, sum(x.nights)::integer
    from (
      select s.month,
        case when s.booking_id::text in (select e.record_id from staff_entered e) then 'staff' else 'site' end as source,
        s.nights
      from private.report_sold_nights(p_from, p_to, v_now) s
      union all
      select c.month, c.platform, c.nights from private.report_channel_nights(p_from, p_to) c
    ) x
    group by x.month, x.source
    order by x.month, x.source;
end
$$;

-- ---------------------------------------------------------------- outcomes
create or replace function public.report_outcomes(p_from date, p_to date)
returns table (outcome text, actor text, actor_name text, requests integer)
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
    with req as materialized (
      -- materialized, so the look-up below compares with a column and reads the status index
      select b.id,
        case
          when b.status in ('confirmed', 'checked_in', 'checked_out') then 'confirmed'
          when b.status in ('cancelled', 'expired') then b.status::text
          when private.booking_occupied_until(b.status, b.hold_expires_at) > v_now then 'open'
          else 'expired'
        end as outcome,
        case when b.status in ('confirmed', 'checked_in', 'checked_out') then 'confirmed' else b.status::text end as status
      from public.bookings b
      where b.created_at >= (p_from::timestamp at time zone 'Europe/Rome')
        and b.created_at < (p_to::timestamp at time zone 'Europe/Rome')
    ), decided as (
      -- who gave each request its present status: the account in the latest audit row that set
      -- it (none for a request still open); counted by account before the accounts are named
      select r.outcome, d.user_id, count(*) as requests
      from req r
      left join lateral (
        select a.user_id from public.audit_logs a
        where r.outcome <> 'open'
          and a.table_name = 'bookings' and a.record_id = r.id::text and a.new_values ->> 'status' = r.status
          and (a.old_values is null or a.old_values ->> 'status' is distinct from r.status)
        order by a.created_at desc limit 1
      ) d on true
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

-- ---------------------------------------------------------------- guest countries
create or replace function public.report_guest_countries(p_from date, p_to date)
returns table (country_code text, country text, guests integer, nights integer)
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
    with by_code as (
      select g.residence_state_code as code, count(*)::integer as guests,
        sum(least(b.check_out_date, p_to) - greatest(b.check_in_date, p_from))::integer as nights
      from public.bookings b
      join public.booking_guests g on g.booking_id = b.id
      where b.check_out_date > p_from and b.check_in_date < p_to
        and private.booking_occupied_until(b.status, b.hold_expires_at) > v_now
      group by g.residence_state_code
    )
    select c.code, coalesce(s.name, c.code), c.guests, c.nights
    from by_code c
    left join public.alloggiati_stati s on s.code = c.code
    order by 3 desc, 2 nulls last;
end
$$;
