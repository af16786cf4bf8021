-- Issue 41 §1: a stay whose guests are not reported 2 hours before their deadline (24 hours after
-- check-in, 6 for a stay of one night) raises one alert on the dashboard (security_alerts, as the
-- other operational alerts), once per stay: private.police_deadline_alerts remembers it. The
-- police-filing function calls this after every run, whether or not an account is saved.
create table private.police_deadline_alerts (
  booking_id uuid primary key references public.bookings (id) on delete cascade,
  alert_id uuid,
  alerted_at timestamptz not null default now()
);
comment on table private.police_deadline_alerts is 'The stays whose late police report was alerted once (public.raise_police_deadline_alerts).';
alter table private.police_deadline_alerts enable row level security;
create policy "police deadline alerts stay in the database" on private.police_deadline_alerts
  as restrictive for all to public using (false) with check (false);
revoke all on table private.police_deadline_alerts from public, anon, authenticated, service_role;

create or replace function public.raise_police_deadline_alerts()
returns integer language plpgsql security definer set search_path to '' as $$
declare
  v_stay record;
  v_count integer := 0;
begin
  for v_stay in
    select b.id, b.reference, d.deadline_at,
      (select count(*)::integer from public.booking_guests g where g.booking_id = b.id and g.police_filing_id is null) as guests
    from public.booking_check_ins ci
    join public.bookings b on b.id = ci.booking_id
    cross join lateral (select private.police_deadline(ci.checked_in_at, b.check_in_date, b.check_out_date) as deadline_at) d
    where b.status in ('checked_in', 'checked_out')
      and d.deadline_at - interval '2 hours' <= private.clock_now()
      and exists (select 1 from public.booking_guests g where g.booking_id = b.id and g.police_filing_id is null)
      and not exists (select 1 from private.police_deadline_alerts a where a.booking_id = b.id)
    order by d.deadline_at
  loop
    insert into private.police_deadline_alerts (booking_id, alert_id)
    values (v_stay.id, private.raise_alert(
      'police_report_due', 'high',
      format('Stay %s: %s guest(s) not yet reported to the police (Alloggiati Web); the deadline is %s (Rome).',
        v_stay.reference, v_stay.guests, to_char(v_stay.deadline_at at time zone 'Europe/Rome', 'DD/MM/YYYY HH24:MI')),
      'police:' || v_stay.id,
      jsonb_build_object('booking_id', v_stay.id, 'reference', v_stay.reference, 'deadline_at', v_stay.deadline_at)));
    v_count := v_count + 1;
  end loop;
  return v_count;
end
$$;
revoke all on function public.raise_police_deadline_alerts() from public, anon, authenticated;
grant execute on function public.raise_police_deadline_alerts() to service_role;
