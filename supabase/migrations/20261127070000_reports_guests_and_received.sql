-- Reports (issue 32), the two figures that waited for other work:
-- * guests by country of residence, now that check-in records exist (public.booking_guests);
-- * money received beside booked value, now that the payments ledger exists (public.payments).

-- ---------------------------------------------------------------- guests by country
-- Guests of sold stays (the one occupancy rule, at the clock's now) with nights in [p_from, p_to),
-- by their country of residence (the Alloggiati Web state code, named from its table). A guest
-- counts once per stay; nights are that guest's nights inside the period. A guest whose country is
-- not filled in yet is counted with a null code. Only counts leave: no name, date or document.
drop function public.report_guest_countries(date, date);
create function public.report_guest_countries(p_from date, p_to date)
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
    select g.residence_state_code,
      coalesce(s.name, g.residence_state_code),
      count(*)::integer,
      sum(least(b.check_out_date, p_to) - greatest(b.check_in_date, p_from))::integer
    from public.bookings b
    join public.booking_guests g on g.booking_id = b.id
    left join public.alloggiati_stati s on s.code = g.residence_state_code
    where b.check_out_date > p_from and b.check_in_date < p_to
      and private.booking_occupied_until(b.status, b.hold_expires_at) > v_now
    group by g.residence_state_code, s.name
    order by 3 desc, 2 nulls last;
end
$$;
comment on function public.report_guest_countries(date, date) is
  'Staff: guests of sold stays with nights in the period, and their nights in it, by country of residence '
  '(null code: not filled in yet). Counts only.';

-- ---------------------------------------------------------------- money received
-- Money received per month of the payment (its Rome date inside the period): succeeded charges
-- (deposits) and balances minus succeeded refunds. City tax is the city's money, not the house's,
-- and is left out. Booked revenue stays by month of the night, so the two answer different
-- questions: what the nights are worth, and when the money came in.
create or replace function private.report_received(p_from date, p_to date)
returns table (month date, cents bigint)
language sql
stable
set search_path = ''
as $$
  select date_trunc('month', p.created_at at time zone 'Europe/Rome')::date,
    sum(case when p.kind = 'refund' then -p.amount_cents else p.amount_cents end)::bigint
  from public.payments p
  where p.status = 'succeeded' and p.kind in ('charge', 'balance', 'refund')
    and p.created_at >= (p_from::timestamp at time zone 'Europe/Rome')
    and p.created_at < (p_to::timestamp at time zone 'Europe/Rome')
  group by 1
$$;
revoke execute on function private.report_received(date, date) from public, anon, authenticated;

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
      coalesce(r.cents, 0)::bigint,
      case when f.sold > 0 then round(f.revenue::numeric / f.sold)::integer end,
      case when f.available > 0 then round(f.revenue::numeric / f.available)::integer end
    from figures f
    left join private.report_received(p_from, p_to) r on r.month = f.month
    order by f.month;
end
$$;
comment on function public.report_occupancy(date, date) is
  'Staff: per month, available room-nights (rooms minus closed nights), sold, channel-blocked and closed nights, '
  'revenue of direct bookings in cents by month of the night, money received in cents by month of the payment '
  '(charges and balances minus refunds, city tax left out), ADR and RevPAR.';

revoke execute on function public.report_guest_countries(date, date) from public, anon, authenticated, service_role;
grant execute on function public.report_guest_countries(date, date) to authenticated;
