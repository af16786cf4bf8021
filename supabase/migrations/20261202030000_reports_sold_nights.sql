-- Reports that reconcile (issue 39, section 3): occupancy, revenue, ADR, RevPAR, pace, sources,
-- stay patterns and guests by country count sold stays only (confirmed, checked in, checked out),
-- each night until the departure actually happened (an early departure moves check_out_date to the
-- day the guest left and the total to what is charged, so the nights follow check_out_date).
-- Requests that are not confirmed (pending, whether their hold lasts or has ended, and expired:
-- staff can still accept those) are no longer sold nights: the occupancy report shows them apart,
-- "on request". Cancelled stays count nowhere.
--
-- Which statuses are sold and which are on request is said once, by two immutable functions; a
-- query compares `status = any (private.report_sold_statuses())`, which the planner folds into a
-- constant array (no per-row call). The occupancy rule, private.booking_occupied_until, still says
-- whether a booking takes its room (the overlap triggers, the calendars, and here the closed nights:
-- a room out of service is closed on a night nothing else takes).
--
-- The kept night totals no longer depend on any rule: per night and per status, the rooms and the
-- revenue in cents, written by the same triggers on public.bookings. A change of what is sold or on
-- request changes only the two functions; the table needs no new fill for that.

create or replace function private.report_sold_statuses()
returns public.booking_status[]
language sql
immutable
set search_path = ''
as $$
  select array['confirmed', 'checked_in', 'checked_out']::public.booking_status[]
$$;
comment on function private.report_sold_statuses() is 'For the Reports screen: the statuses of a sold stay (its nights count in occupancy, revenue, ADR, RevPAR, pace, sources, stay patterns and guests by country).';

create or replace function private.report_on_request_statuses()
returns public.booking_status[]
language sql
immutable
set search_path = ''
as $$
  select array['pending', 'expired']::public.booking_status[]
$$;
comment on function private.report_on_request_statuses() is 'For the Reports screen: the statuses of a request not confirmed (pending, with a hold that lasts or has ended; expired, which staff can still accept), shown apart as on request.';

-- ---------------------------------------------------------------- night totals by status
drop function private.report_sold_by_month(date, date, timestamptz);
drop table private.report_night_totals;

create table private.report_night_totals (
  night date not null,
  status public.booking_status not null,
  rooms integer not null,
  revenue_cents bigint not null,
  constraint report_night_totals_pkey primary key (night, status)
);
alter table private.report_night_totals enable row level security;
create policy "night totals stay in the database" on private.report_night_totals as restrictive for all to public
  using (false) with check (false);
comment on table private.report_night_totals is 'For the Reports screen: per night and booking status, the rooms the bookings take and their revenue in cents (the stored total spread evenly over the nights, odd cents on the first). Kept by triggers on public.bookings only.';

drop function private.report_count_nights(integer, date, date, timestamptz, bigint);
-- one booking's nights added (p_sign 1) or taken off (-1), in night order (so two writers of the
-- same nights queue instead of deadlocking); a night left with no room is removed
create function private.report_count_nights(
  p_sign integer, p_check_in date, p_check_out date, p_status public.booking_status, p_cents bigint
)
returns void
language sql
set search_path = ''
as $$
  insert into private.report_night_totals as t (night, status, rooms, revenue_cents)
  select p_check_in + k, p_status, p_sign,
    p_sign * (p_cents / (p_check_out - p_check_in) + case when k < p_cents % (p_check_out - p_check_in) then 1 else 0 end)
  from generate_series(0, p_check_out - p_check_in - 1) k
  order by k
  on conflict (night, status) do update
    set rooms = t.rooms + excluded.rooms, revenue_cents = t.revenue_cents + excluded.revenue_cents;
  delete from private.report_night_totals t
  where t.status = p_status and t.night >= p_check_in and t.night < p_check_out and t.rooms = 0;
$$;

create or replace function private.report_keep_night_totals()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform private.report_count_nights(-1, old.check_in_date, old.check_out_date, old.status,
      round(old.total_amount * 100)::bigint);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform private.report_count_nights(1, new.check_in_date, new.check_out_date, new.status,
      round(new.total_amount * 100)::bigint);
  end if;
  return null;
end
$$;

-- the hold's end no longer matters to the totals
drop trigger report_keep_night_totals_changed on public.bookings;
create trigger report_keep_night_totals_changed after update on public.bookings
  for each row
  when ((old.status, old.check_in_date, old.check_out_date, old.total_amount)
    is distinct from (new.status, new.check_in_date, new.check_out_date, new.total_amount))
  execute function private.report_keep_night_totals();

revoke execute on function private.report_count_nights(integer, date, date, public.booking_status, bigint),
  private.report_keep_night_totals(), private.report_clear_night_totals() from public, anon, authenticated;

-- the bookings as they stand
insert into private.report_night_totals (night, status, rooms, revenue_cents)
select b.check_in_date + k, b.status, count(*),
  sum(b.cents / b.n + case when k < b.cents % b.n then 1 else 0 end)
from (
  select check_in_date, check_out_date - check_in_date as n, round(total_amount * 100)::bigint as cents, status
  from public.bookings
) b
cross join lateral generate_series(0, b.n - 1) k
group by 1, 2;

-- ---------------------------------------------------------------- nights by month
-- Sold nights and on-request nights, and their revenue in cents, in each month of the period, from
-- the kept night totals.
create function private.report_nights_by_month(p_from date, p_to date)
returns table (month date, sold_nights integer, sold_cents bigint, on_request_nights integer, on_request_cents bigint)
language sql
stable
set search_path = ''
as $$
  select date_trunc('month', t.night)::date,
    coalesce(sum(t.rooms) filter (where t.status = any (private.report_sold_statuses())), 0)::integer,
    coalesce(sum(t.revenue_cents) filter (where t.status = any (private.report_sold_statuses())), 0)::bigint,
    coalesce(sum(t.rooms) filter (where t.status = any (private.report_on_request_statuses())), 0)::integer,
    coalesce(sum(t.revenue_cents) filter (where t.status = any (private.report_on_request_statuses())), 0)::bigint
  from private.report_night_totals t
  where t.night >= p_from and t.night < p_to
  group by 1
$$;
revoke execute on function private.report_nights_by_month(date, date), private.report_sold_statuses(),
  private.report_on_request_statuses() from public, anon, authenticated;

-- ---------------------------------------------------------------- occupancy and revenue
drop function public.report_occupancy(date, date);
create function public.report_occupancy(p_from date, p_to date)
returns table (
  month date, available_nights integer, sold_nights integer, channel_nights integer, closed_nights integer,
  revenue_cents bigint, received_cents bigint, adr_cents integer, revpar_cents integer,
  on_request_nights integer, on_request_cents bigint
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
    with channel as (
      select c.month, sum(c.nights)::integer as nights from private.report_channel_nights(p_from, p_to) c group by c.month
    ), figures as (
      select m.month, v_rooms * (m.ends - m.starts) - coalesce(x.nights, 0) as available,
        coalesce(s.sold_nights, 0) as sold, coalesce(c.nights, 0) as channel, coalesce(x.nights, 0) as closed,
        coalesce(s.sold_cents, 0) as revenue,
        coalesce(s.on_request_nights, 0) as on_request, coalesce(s.on_request_cents, 0) as on_request_cents
      from private.report_months(p_from, p_to) m
      left join private.report_nights_by_month(p_from, p_to) s on s.month = m.month
      left join channel c on c.month = m.month
      left join private.report_closed_nights(p_from, p_to, v_now) x on x.month = m.month
    )
    select f.month, f.available, f.sold, f.channel, f.closed, f.revenue,
      coalesce(r.cents, 0)::bigint,
      case when f.sold > 0 then round(f.revenue::numeric / f.sold)::integer end,
      case when f.available > 0 then round(f.revenue::numeric / f.available)::integer end,
      f.on_request, f.on_request_cents
    from figures f
    left join private.report_received(p_from, p_to) r on r.month = f.month
    order by f.month;
end
$$;
comment on function public.report_occupancy(p_from date, p_to date) is 'Staff: per month, available room-nights (rooms minus closed nights), sold nights (confirmed, checked-in and checked-out stays), channel-blocked and closed nights, revenue of sold direct bookings in cents by month of the night, money received in cents by month of the payment (charges and balances minus refunds, city tax left out), ADR and RevPAR, and apart the nights and value of requests not confirmed (on request: pending or expired).';
revoke execute on function public.report_occupancy(date, date) from public, anon, authenticated, service_role;
grant execute on function public.report_occupancy(date, date) to authenticated;

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
  v_then timestamptz := private.clock_now() - interval '1 year';
  v_from date := (p_from - interval '1 year')::date;
  v_to date := (p_to - interval '1 year')::date;
begin
  perform private.require_staff('see reports');
  perform private.report_assert_period(p_from, p_to);
  return query
    with candidates as (
      select b.id, b.check_in_date, b.check_out_date, b.status
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
        case when h.new_values is null then c.status else (h.new_values ->> 'status')::public.booking_status end as status
      from candidates c
      left join last_then h on h.record_id = c.id::text
    ), then_nights as (
      select (m.month + interval '1 year')::date as month,
        sum(least(b.check_out_date, m.ends) - greatest(b.check_in_date, m.starts))::integer as nights
      from booked_then b
      join private.report_months(v_from, v_to) m on b.check_in_date < m.ends and b.check_out_date > m.starts
      where b.status = any (private.report_sold_statuses())
      group by m.month
    )
    select m.month, coalesce(n.sold_nights, 0), coalesce(t.nights, 0)
    from private.report_months(p_from, p_to) m
    left join private.report_nights_by_month(p_from, p_to) n on n.month = m.month
    left join then_nights t on t.month = m.month
    order by m.month;
end
$$;
comment on function public.report_pace(p_from date, p_to date) is 'Staff: per month, sold nights (confirmed, checked in, checked out) on the books now and, for the same month a year earlier, on the books a year ago.';

-- ---------------------------------------------------------------- sources
create or replace function public.report_sources(p_from date, p_to date)
returns table (month date, source text, nights integer)
language plpgsql
stable
security definer
set search_path = ''
set jit = off
as $$
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
        and b.status = any (private.report_sold_statuses())
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
      select s.month, 'site' as source, s.sold_nights - coalesce(t.nights, 0) as nights
      from private.report_nights_by_month(p_from, p_to) s
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
comment on function public.report_sources(p_from date, p_to date) is 'Staff: per month, sold nights (confirmed, checked in, checked out) by who entered them (site, staff) and channel nights by platform.';

-- ---------------------------------------------------------------- stay patterns
create or replace function public.report_stay_patterns(p_from date, p_to date)
returns table (measure text, bucket text, bucket_order integer, bookings integer, nights integer)
language plpgsql
stable
security definer
set search_path = ''
set jit = off
as $$
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
        and b.status = any (private.report_sold_statuses())
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
comment on function public.report_stay_patterns(p_from date, p_to date) is 'Staff: sold stays (confirmed, checked in, checked out) arriving in the period by lead time (days from request to arrival) and by length of stay (the nights actually stayed).';

-- ---------------------------------------------------------------- guests by country
create or replace function public.report_guest_countries(p_from date, p_to date)
returns table (country_code text, country text, guests integer, nights integer)
language plpgsql
stable
security definer
set search_path = ''
set jit = off
as $$
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
        and b.status = any (private.report_sold_statuses())
      group by g.residence_state_code
    )
    select c.code, coalesce(s.name, c.code), c.guests, c.nights
    from by_code c
    left join public.alloggiati_stati s on s.code = c.code
    order by 3 desc, 2 nulls last;
end
$$;
comment on function public.report_guest_countries(p_from date, p_to date) is 'Staff: guests of sold stays (confirmed, checked in, checked out) with nights in the period, and their nights in it, by country of residence (null code: not filled in yet). Counts only.';
