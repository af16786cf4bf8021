-- The Reports screen's functions, faster again (issue 32: the whole screen in at most 200 ms of
-- database time with 50,000 bookings; `npm run bench:reports`). Same figures, same shapes. From the
-- plans (EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL 15 with the benchmark's data):
-- * Outcomes looked up the audit trail once per request of the period (16,671 backward index scans,
--   56,303 buffer reads for a year). Who gave each booking each status is now kept as the audit rows
--   are written: private.report_request_deciders, one row per booking and status, maintained by
--   triggers on public.audit_logs (insert, update, delete, truncate), so that it follows the trail
--   whoever writes it; outcomes join it once, by hash. Filled here from the trail as it stands.
-- * Pace found each candidate's state a year ago with one audit look-up per candidate (5,862 for
--   the benchmark's year); now one join of the candidates to their audit rows up to then.
-- * Money received converted every payment's time to Rome time to find its month; now the months'
--   first instants are converted once and each payment's month is found by bisection.
-- A view for "a sold night" was measured and not kept: the sold nights' helper, inlined, was 2 ms
-- faster of about 30 (the occupancy index already spares the per-row call of
-- private.booking_occupied_until), and the one definition stays in that helper.

-- ---------------------------------------------------------------- who decided each request
create table private.report_request_deciders (
  record_id text not null,
  status text not null,
  user_id uuid,
  decided_at timestamptz not null,
  constraint report_request_deciders_pkey primary key (record_id, status)
);
alter table private.report_request_deciders enable row level security;
create policy "deciders stay in the database" on private.report_request_deciders as restrictive for all to public
  using (false) with check (false);
comment on table private.report_request_deciders is 'For the Reports screen''s outcomes: per booking (its audit record_id) and each status the audit trail shows it given, the account of the latest audit row that gave it (null: no account). Kept by triggers on public.audit_logs only.';

-- the pair read again from the audit trail (after an audit row was changed or removed)
create or replace function private.report_redecide(p_record_id text, p_status text)
returns void
language sql
set search_path = ''
as $$
  delete from private.report_request_deciders d where d.record_id = p_record_id and d.status = p_status;
  insert into private.report_request_deciders (record_id, status, user_id, decided_at)
  select a.record_id, p_status, a.user_id, a.created_at
  from public.audit_logs a
  where a.table_name = 'bookings' and a.record_id = p_record_id and a.new_values ->> 'status' = p_status
    and (a.old_values is null or a.old_values ->> 'status' is distinct from p_status)
  order by a.created_at desc
  limit 1;
$$;

create or replace function private.report_keep_deciders()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.new_values ->> 'status' is not null then
    perform private.report_redecide(old.record_id, old.new_values ->> 'status');
  end if;
  if tg_op = 'UPDATE' and new.table_name = 'bookings' and new.new_values ->> 'status' is not null then
    perform private.report_redecide(new.record_id, new.new_values ->> 'status');
  elsif tg_op = 'INSERT' and new.new_values ->> 'status' is not null
    and (new.old_values is null or new.old_values ->> 'status' is distinct from new.new_values ->> 'status') then
    insert into private.report_request_deciders as d (record_id, status, user_id, decided_at)
    values (new.record_id, new.new_values ->> 'status', new.user_id, new.created_at)
    on conflict (record_id, status) do update set user_id = excluded.user_id, decided_at = excluded.decided_at
      where d.decided_at <= excluded.decided_at;
  end if;
  return null;
end
$$;

create trigger report_keep_deciders after insert on public.audit_logs
  for each row when (new.table_name = 'bookings') execute function private.report_keep_deciders();
create trigger report_keep_deciders_changed after update or delete on public.audit_logs
  for each row when (old.table_name = 'bookings') execute function private.report_keep_deciders();
create or replace function private.report_clear_deciders()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  truncate private.report_request_deciders;
  return null;
end
$$;
create trigger report_clear_deciders after truncate on public.audit_logs
  for each statement execute function private.report_clear_deciders();

revoke execute on function private.report_redecide(text, text), private.report_keep_deciders(),
  private.report_clear_deciders() from public, anon, authenticated;

-- what the audit trail says today
insert into private.report_request_deciders (record_id, status, user_id, decided_at)
select distinct on (a.record_id, a.new_values ->> 'status') a.record_id, a.new_values ->> 'status', a.user_id, a.created_at
from public.audit_logs a
where a.table_name = 'bookings' and a.new_values ->> 'status' is not null
  and (a.old_values is null or a.old_values ->> 'status' is distinct from a.new_values ->> 'status')
order by a.record_id, a.new_values ->> 'status', a.created_at desc;

-- ---------------------------------------------------------------- outcomes
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
      select b.id::text as record_id,
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
        on r.outcome <> 'open' and d.record_id = r.record_id and d.status = r.status
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
    with now_nights as (
      select s.month, sum(s.nights)::integer as nights from private.report_sold_nights(p_from, p_to, v_now) s group by s.month
    ), candidates as (
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

-- ---------------------------------------------------------------- money received
create or replace function private.report_received(p_from date, p_to date)
returns table (month date, cents bigint)
language sql
stable
set search_path = ''
as $$
  -- each payment's month found by bisection among the months' first instants in Rome: one time
  -- zone conversion per month instead of one per payment
  select k.months[width_bucket(p.created_at, k.starts)],
    sum(case when p.kind = 'refund' then -p.amount_cents else p.amount_cents end)::bigint
  from (
    select array_agg(m.month order by m.month) as months,
      array_agg(m.starts::timestamp at time zone 'Europe/Rome' order by m.month) as starts
    from private.report_months(p_from, p_to) m
  ) k
  cross join public.payments p
  where p.status = 'succeeded' and p.kind in ('charge', 'balance', 'refund')
    and p.created_at >= (p_from::timestamp at time zone 'Europe/Rome')
    and p.created_at < (p_to::timestamp at time zone 'Europe/Rome')
  group by 1
$$;
