-- Admin portal: the Bookings screen's searchable list and the Dashboard's figures.
--
-- * public.booking_list: bookings with their room's name, number and type in one flat row, so
--   PostgREST can search guest name / e-mail / room number with ilike, filter by status, order by
--   created_at and paginate with an exact count, without the browser downloading every booking.
--   security_invoker = true: the caller's row-level security on bookings (staff only) applies.
-- * public.admin_dashboard_stats(): the six dashboard figures computed in SQL (one row), so the
--   dashboard never downloads the bookings either. Staff only.

-- ---------------------------------------------------------------- booking list
create view public.booking_list
with (security_invoker = true)
as
select
  b.id,
  b.reference,
  b.room_id,
  b.guest_name,
  b.guest_email,
  b.guest_phone,
  b.check_in_date,
  b.check_out_date,
  b.guests,
  b.total_amount,
  b.discount_amount,
  b.promo_code,
  b.status,
  b.special_requests,
  b.created_at,
  b.updated_at,
  r.name as room_name,
  r.room_number,
  r.room_type
from public.bookings b
join public.rooms r on r.id = b.room_id;

comment on view public.booking_list is
  'Admin bookings list: bookings joined with their room (security invoker: bookings RLS applies, staff only).';

revoke all on table public.booking_list from public, anon, authenticated;
grant select on table public.booking_list to authenticated;
grant select on table public.booking_list to service_role;

-- The list is ordered newest first (created_at desc, id desc), optionally for one status.
create index bookings_status_created_idx on public.bookings (status, created_at desc, id desc);
create index bookings_created_id_idx on public.bookings (created_at desc, id desc);

-- ---------------------------------------------------------------- dashboard figures
create or replace function public.admin_dashboard_stats()
returns table (
  total_rooms integer,
  occupied_rooms integer,
  unavailable_rooms integer,
  active_bookings integer,
  pending_bookings integer,
  revenue numeric,
  registered_guests integer
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only staff can read the dashboard.' using errcode = '42501';
  end if;
  return query
  select
    r.total_rooms,
    r.occupied_rooms,
    r.unavailable_rooms,
    b.active_bookings,
    b.pending_bookings,
    b.revenue,
    p.registered_guests
  from
    (
      select
        count(*)::integer as total_rooms,
        (count(*) filter (where status = 'occupied'))::integer as occupied_rooms,
        (count(*) filter (where status in ('maintenance', 'out_of_order')))::integer as unavailable_rooms
      from public.rooms
    ) r,
    (
      select
        (count(*) filter (where status in ('confirmed', 'checked_in')))::integer as active_bookings,
        (count(*) filter (where status = 'pending'))::integer as pending_bookings,
        coalesce(sum(total_amount) filter (where status in ('confirmed', 'checked_in', 'checked_out')), 0)::numeric(12, 2) as revenue
      from public.bookings
    ) b,
    (select count(*)::integer as registered_guests from public.profiles) p;
end
$$;

comment on function public.admin_dashboard_stats() is
  'Dashboard figures for staff: rooms (total, occupied, in maintenance or out of order), bookings '
  '(active = confirmed or checked in, pending), revenue (confirmed, checked in and checked out, all time), '
  'registered accounts. Security invoker: reads through the caller''s row-level security.';

revoke execute on function public.admin_dashboard_stats() from public, anon;
grant execute on function public.admin_dashboard_stats() to authenticated, service_role;
