-- The Reports screen (issue 32): staff-only functions that return each report's rows for a
-- period [p_from, p_to) of nights (a night is named by its date; check-out exclusive), by month.
--
-- One definition of each figure, shared by every report:
-- * A sold night: a night of a booking that occupies its room by the rule bookings share,
--   private.booking_occupied_until below (private.booking_occupies is now that rule at
--   private.clock_now()): not cancelled or expired, and a pending request only while its hold lasts.
-- * A channel night: a night of an active external block (a channel's stay or closure).
-- * A closed night (out of service): a night of a manual block (maintenance, owner stay, other),
--   or, from today on, a night of a room whose status is maintenance or out of order that nothing
--   else takes. The room's status says nothing about the past, so past nights stay open.
-- * Available: every room's nights minus closed nights. Bookings, active external blocks and
--   manual blocks of a room never overlap (the overlap triggers), so a night is one of sold,
--   channel, closed or free.
-- * Revenue: the stored total of a direct booking, spread evenly over its nights in cents (the
--   odd cents on the first nights), so a stay across two months splits its total between them.
-- * Source: 'staff' when the account that created the booking (the audit trail's INSERT row) has
--   the staff or admin role, else 'site'; channel nights by platform.
-- * Then and now: what was on the books at a moment T is a booking created by T whose state at T
--   (its last audit row at or before T, else its current row) occupied by the same rule at T.

-- ---------------------------------------------------------------- the occupancy rule
-- The rule of private.booking_occupies (20261125100100), written once as "until when a booking in
-- this state takes its nights": never when cancelled or expired, until its hold ends when pending
-- with a hold, else for good. It does not read the clock, so an index can hold it: the reports
-- ask "occupies at T" as booking_occupied_until(...) > T over many rows, and the index below
-- answers that from its entries instead of calling the function per row.
create or replace function private.booking_occupied_until(p_status public.booking_status, p_hold_expires_at timestamptz)
returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select case
    when p_status in ('cancelled', 'expired') then '-infinity'::timestamptz
    when p_status = 'pending' and p_hold_expires_at is not null then p_hold_expires_at
    else 'infinity'::timestamptz
  end
$$;
comment on function private.booking_occupied_until(public.booking_status, timestamptz) is
  'Until when a booking in this state takes its room''s nights. The one statement of occupancy.';

create or replace function private.booking_occupies(p_status public.booking_status, p_hold_expires_at timestamptz)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.booking_occupied_until(p_status, p_hold_expires_at) > private.clock_now()
$$;

-- The reports' one read of bookings: those that overlap a period and occupy at a moment.
create index bookings_occupancy_idx on public.bookings
  (check_out_date, check_in_date, private.booking_occupied_until(status, hold_expires_at));

-- ---------------------------------------------------------------- shared pieces
-- Reports read the audit trail by booking: its state at a moment (pace), its creator (sources)
-- and the change that gave it its status (outcomes), without reading every row's JSON.
create index audit_logs_bookings_record_idx on public.audit_logs (record_id, created_at)
  where table_name = 'bookings';
create index audit_logs_bookings_status_idx on public.audit_logs (record_id, (new_values ->> 'status'), created_at)
  where table_name = 'bookings';

create or replace function private.report_assert_period(p_from date, p_to date)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_from is null or p_to is null or p_to <= p_from or p_to - p_from > 1128 then
    raise exception 'Choose a period of at most three years.' using errcode = 'P0001';
  end if;
end
$$;

-- The months of the period, each with the part of it inside the period.
create or replace function private.report_months(p_from date, p_to date)
returns table (month date, starts date, ends date)
language sql
immutable
set search_path = ''
as $$
  select m::date, greatest(m::date, p_from), least((m + interval '1 month')::date, p_to)
  from generate_series(date_trunc('month', p_from::timestamp), (p_to - 1)::timestamp, interval '1 month') m
$$;

-- Sold nights per month and booking: the bookings that occupy at p_at, their nights inside each
-- month of [p_from, p_to) and their stored total spread over the nights in cents.
create or replace function private.report_sold_nights(p_from date, p_to date, p_at timestamptz)
returns table (month date, booking_id uuid, room_id uuid, nights integer, revenue_cents bigint)
language sql
stable
set search_path = ''
as $$
  with b as (
    select b.id, b.room_id, b.check_in_date, b.check_out_date,
      round(b.total_amount * 100)::bigint as cents, b.check_out_date - b.check_in_date as n
    from public.bookings b
    where b.check_out_date > p_from and b.check_in_date < p_to
      and private.booking_occupied_until(b.status, b.hold_expires_at) > p_at
  ), part as (
    -- each month the stay touches inside the period (no join against every month)
    select m::date as month, b.id, b.room_id, b.cents, b.n,
      greatest(b.check_in_date, m::date, p_from) - b.check_in_date as first_night,
      least(b.check_out_date, (m + interval '1 month')::date, p_to) - b.check_in_date as after_last
    from b
    cross join lateral generate_series(
      date_trunc('month', greatest(b.check_in_date, p_from)::timestamp),
      (least(b.check_out_date, p_to) - 1)::timestamp,
      interval '1 month'
    ) m
  )
  select part.month, part.id, part.room_id, part.after_last - part.first_night,
    (part.after_last - part.first_night) * (part.cents / part.n)
      + greatest(0, least(part.after_last, part.cents % part.n) - part.first_night)
  from part
$$;

-- Channel nights per month and platform.
create or replace function private.report_channel_nights(p_from date, p_to date)
returns table (month date, platform text, nights integer)
language sql
stable
set search_path = ''
as $$
  select m.month, f.platform::text,
    sum(least(e.check_out_date, m.ends) - greatest(e.check_in_date, m.starts))::integer
  from public.external_blocks e
  join public.channel_feeds f on f.id = e.feed_id
  join private.report_months(p_from, p_to) m on e.check_in_date < m.ends and e.check_out_date > m.starts
  where e.status = 'active' and e.check_out_date > p_from and e.check_in_date < p_to
  group by m.month, f.platform
$$;

-- Closed (out of service) nights per month.
create or replace function private.report_closed_nights(p_from date, p_to date, p_at timestamptz)
returns table (month date, nights integer)
language sql
stable
set search_path = ''
as $$
  with manual as (
    select m.month, least(x.check_out_date, m.ends) - greatest(x.check_in_date, m.starts) as nights
    from public.manual_blocks x
    join private.report_months(p_from, p_to) m on x.check_in_date < m.ends and x.check_out_date > m.starts
    where x.check_out_date > p_from and x.check_in_date < p_to
  ), flagged as (
    select date_trunc('month', d)::date as month, 1 as nights
    from public.rooms r
    cross join generate_series(
      greatest(p_from, (p_at at time zone 'Europe/Rome')::date)::timestamp, (p_to - 1)::timestamp, interval '1 day'
    ) d
    where r.status in ('maintenance', 'out_of_order')
      and not exists (
        select 1 from public.bookings b
        where b.room_id = r.id and b.check_in_date <= d::date and b.check_out_date > d::date
          and private.booking_occupied_until(b.status, b.hold_expires_at) > p_at)
      and not exists (
        select 1 from public.external_blocks e
        where e.room_id = r.id and e.status = 'active' and e.check_in_date <= d::date and e.check_out_date > d::date)
      and not exists (
        select 1 from public.manual_blocks x
        where x.room_id = r.id and x.check_in_date <= d::date and x.check_out_date > d::date)
  )
  select month, sum(nights)::integer from (select * from manual union all select * from flagged) c group by month
$$;

-- ---------------------------------------------------------------- occupancy and revenue by month
create or replace function public.report_occupancy(p_from date, p_to date)
returns table (
  month date,
  available_nights integer,
  sold_nights integer,
  channel_nights integer,
  closed_nights integer,
  revenue_cents bigint,
  received_cents bigint,
  adr_cents integer,
  revpar_cents integer
)
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
    with sold as (
      select s.month, sum(s.nights)::integer as nights, sum(s.revenue_cents)::bigint as revenue
      from private.report_sold_nights(p_from, p_to, v_now) s group by s.month
    ), channel as (
      select c.month, sum(c.nights)::integer as nights from private.report_channel_nights(p_from, p_to) c group by c.month
    ), figures as (
      select m.month, v_rooms * (m.ends - m.starts) - coalesce(x.nights, 0) as available,
        coalesce(s.nights, 0) as sold, coalesce(c.nights, 0) as channel, coalesce(x.nights, 0) as closed,
        coalesce(s.revenue, 0) as revenue
      from private.report_months(p_from, p_to) m
      left join sold s on s.month = m.month
      left join channel c on c.month = m.month
      left join private.report_closed_nights(p_from, p_to, v_now) x on x.month = m.month
    )
    select f.month, f.available, f.sold, f.channel, f.closed, f.revenue,
      -- money received: there is no payments ledger yet
      null::bigint,
      case when f.sold > 0 then round(f.revenue::numeric / f.sold)::integer end,
      case when f.available > 0 then round(f.revenue::numeric / f.available)::integer end
    from figures f
    order by f.month;
end
$$;
comment on function public.report_occupancy(date, date) is
  'Staff: per month, available room-nights (rooms minus closed nights), sold, channel-blocked and closed nights, '
  'revenue of direct bookings in cents, ADR and RevPAR. received_cents is null until payments are recorded.';

-- ---------------------------------------------------------------- pace
-- For each month of the period: nights on the books now, and the same month a year earlier as it
-- stood on the books a year ago today.
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
    with now_nights as (
      select s.month, sum(s.nights)::integer as nights from private.report_sold_nights(p_from, p_to, v_now) s group by s.month
    ), candidates as (
      select b.id, b.check_in_date, b.check_out_date, b.status, b.hold_expires_at
      from public.bookings b
      where b.created_at <= v_then and b.check_out_date > v_from and b.check_in_date < v_to
    ), booked_then as (
      select c.check_in_date, c.check_out_date,
        case when h.new_values is null then c.status else (h.new_values ->> 'status')::public.booking_status end as status,
        case when h.new_values is null then c.hold_expires_at else (h.new_values ->> 'hold_expires_at')::timestamptz end as hold
      from candidates c
      -- its last audit row at or before then
      left join lateral (
        select a.new_values from public.audit_logs a
        where a.table_name = 'bookings' and a.record_id = c.id::text and a.created_at <= v_then and a.new_values is not null
        order by a.created_at desc limit 1
      ) h on true
    ), then_nights as (
      select (m.month + interval '1 year')::date as month,
        sum(least(b.check_out_date, m.ends) - greatest(b.check_in_date, m.starts))::integer as nights
      from booked_then b
      join private.report_months(v_from, v_to) m on b.check_in_date < m.ends and b.check_out_date > m.starts
      where private.booking_occupied_until(b.status, b.hold) > v_then
      group by m.month
    )
    select m.month, coalesce(n.nights, 0), coalesce(t.nights, 0)
    from private.report_months(p_from, p_to) m
    left join now_nights n on n.month = m.month
    left join then_nights t on t.month = m.month
    order by m.month;
end
$$;
comment on function public.report_pace(date, date) is
  'Staff: per month, sold nights on the books now and, for the same month a year earlier, on the books a year ago.';

-- ---------------------------------------------------------------- lead time and length of stay
create or replace function public.report_stay_patterns(p_from date, p_to date)
returns table (measure text, bucket text, bucket_order integer, bookings integer, nights integer)
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
    with buckets (measure, bucket, bucket_order, low, high) as (
      values
        ('lead_time', 'Same day', 1, 0, 0),
        ('lead_time', '1–7 days', 2, 1, 7),
        ('lead_time', '8–30 days', 3, 8, 30),
        ('lead_time', '31–90 days', 4, 31, 90),
        ('lead_time', '91–180 days', 5, 91, 180),
        ('lead_time', 'Over 180 days', 6, 181, null),
        ('length_of_stay', '1 night', 1, 1, 1),
        ('length_of_stay', '2 nights', 2, 2, 2),
        ('length_of_stay', '3 nights', 3, 3, 3),
        ('length_of_stay', '4 nights', 4, 4, 4),
        ('length_of_stay', '5–6 nights', 5, 5, 6),
        ('length_of_stay', '7–13 nights', 6, 7, 13),
        ('length_of_stay', '14 nights or more', 7, 14, null)
    ), stays as (
      -- counted by (lead time, length) first, so each bucket reads a few hundred rows
      select greatest(0, b.check_in_date - (b.created_at at time zone 'Europe/Rome')::date) as lead_days,
        b.check_out_date - b.check_in_date as n, count(*) as stays
      from public.bookings b
      where b.check_out_date > p_from and b.check_in_date < p_to
        and private.booking_occupied_until(b.status, b.hold_expires_at) > v_now
        and b.check_in_date >= p_from
      group by 1, 2
    )
    select k.measure, k.bucket, k.bucket_order, coalesce(sum(s.stays), 0)::integer, coalesce(sum(s.stays * s.n), 0)::integer
    from buckets k
    left join stays s on (case k.measure when 'lead_time' then s.lead_days else s.n end) >= k.low
      and (k.high is null or (case k.measure when 'lead_time' then s.lead_days else s.n end) <= k.high)
    group by k.measure, k.bucket, k.bucket_order
    order by k.measure, k.bucket_order;
end
$$;
comment on function public.report_stay_patterns(date, date) is
  'Staff: sold bookings arriving in the period by lead time (days from request to arrival) and by length of stay.';

-- ---------------------------------------------------------------- outcomes of requests
-- Requests made in the period (Rome dates) by where they ended and who ended them: the account in
-- the audit row that gave the booking that status (staff by name; a guest's link or a signed-in
-- guest: 'guest'; the hold timer: 'system'; a confirmation the trail does not show: 'unrecorded').
-- Open requests ('waiting') are still held.
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
      where b.created_at >= (p_from::timestamp at time zone 'Europe/Rome')
        and b.created_at < (p_to::timestamp at time zone 'Europe/Rome')
    ), decided as (
      -- the audit row that gave each request its present status (the latest such change)
      select r.id, l.user_id
      from req r
      cross join lateral (
        select a.user_id from public.audit_logs a
        where a.table_name = 'bookings' and a.record_id = r.id::text and a.new_values ->> 'status' = r.status
          and (a.old_values is null or a.old_values ->> 'status' is distinct from r.status)
        order by a.created_at desc limit 1
      ) l
      where r.outcome <> 'open'
    ), who as (
      select r.outcome, d.user_id,
        exists (select 1 from public.user_roles ur where ur.user_id = d.user_id and ur.role in ('staff', 'admin')) as staff
      from req r
      left join decided d on d.id = r.id
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
      count(*)::integer
    from who w
    left join public.profiles p on w.staff and p.user_id = w.user_id
    group by 1, 2, 3
    order by 1, 2, 3;
end
$$;
comment on function public.report_outcomes(date, date) is
  'Staff: requests made in the period by outcome (confirmed, cancelled, expired, open) and by who decided it.';

-- ---------------------------------------------------------------- source of nights
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
    select x.month, x.source, sum(x.nights)::integer
    from (
      -- 'staff' when the account in the booking's INSERT audit row has the staff or admin role
      select s.month, case when exists (
          select 1 from public.audit_logs a
          join public.user_roles r on r.user_id = a.user_id and r.role in ('staff', 'admin')
          where a.table_name = 'bookings' and a.record_id = s.booking_id::text and a.action = 'INSERT'
        ) then 'staff' else 'site' end as source, s.nights
      from private.report_sold_nights(p_from, p_to, v_now) s
      union all
      select c.month, c.platform, c.nights from private.report_channel_nights(p_from, p_to) c
    ) x
    group by x.month, x.source
    order by x.month, x.source;
end
$$;
comment on function public.report_sources(date, date) is
  'Staff: per month, sold nights by who entered them (site, staff) and channel nights by platform.';

-- ---------------------------------------------------------------- guests by country
-- Countries of residence come from check-in records, which this database does not keep yet: the
-- function answers no rows (and the screen says why) until a guests table exists to count from.
create or replace function public.report_guest_countries(p_from date, p_to date)
returns table (country text, guests integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff('see reports');
  perform private.report_assert_period(p_from, p_to);
  return;
end
$$;
comment on function public.report_guest_countries(date, date) is
  'Staff: guests by country of residence. No rows until check-in records (the guests of a booking) exist.';

-- ---------------------------------------------------------------- privileges
revoke execute on all functions in schema private from public, anon, authenticated;
revoke execute on function
  public.report_occupancy(date, date),
  public.report_pace(date, date),
  public.report_stay_patterns(date, date),
  public.report_outcomes(date, date),
  public.report_sources(date, date),
  public.report_guest_countries(date, date)
from public, anon, authenticated, service_role;
grant execute on function
  public.report_occupancy(date, date),
  public.report_pace(date, date),
  public.report_stay_patterns(date, date),
  public.report_outcomes(date, date),
  public.report_sources(date, date),
  public.report_guest_countries(date, date)
to authenticated;
