-- A no-show is an outcome of its own in the requests' report (the desk marks it after the arrival
-- day; until now it fell through to "expired"). The sold and on-request reports already leave it out.
CREATE OR REPLACE FUNCTION public.report_outcomes(p_from date, p_to date)
 RETURNS TABLE(outcome text, actor text, actor_name text, requests integer)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET jit TO 'off'
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
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
          when b.status in ('cancelled', 'expired', 'no_show') then b.status::text
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
$function$;

comment on function public.report_outcomes(date, date) is
  'Staff: requests made in the period by outcome (confirmed, cancelled, no_show, expired, open) and by who decided it.';
