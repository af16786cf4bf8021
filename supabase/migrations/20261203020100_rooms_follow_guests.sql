-- Rooms whose state follows their guests (issue 40, §3).
-- * A check-in marks the room occupied and a check-out frees it (a trigger on bookings' status, so
--   check_in_booking, check_out_booking, the cards' buttons and any later desk action all count);
--   the Rooms card's toggle stays as a manual override.
-- * Only maintenance and out_of_order keep a room off sale: the occupied flag says a guest is in
--   tonight, never that the dates ahead are taken (the no-overlap rule says that).
-- * Housekeeping: each room's cleaning state (clean, dirty, inspected, out_of_service); a check-out
--   makes it dirty; the day's list for the cleaner and the desk; a housekeeping role that reads the
--   list and changes cleaning states, nothing else.
-- * The room board's one query: every stay and block in a range, staff only.

-- ---------------------------------------------------------------- who may housekeep
create function public.is_housekeeping()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles ur
    where ur.user_id = (select auth.uid()) and ur.role = 'housekeeping'
  )
$$;
comment on function public.is_housekeeping() is 'True when the caller has the housekeeping role (the cleaner: the Housekeeping list only).';
revoke all on function public.is_housekeeping() from public, anon, authenticated;
grant execute on function public.is_housekeeping() to authenticated, service_role;

create function public.can_housekeep()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.is_staff() or public.is_housekeeping()
$$;
comment on function public.can_housekeep() is 'True for staff, admins and the housekeeping role: who reads the housekeeping list and changes a room''s cleaning state.';
revoke all on function public.can_housekeep() from public, anon, authenticated;
grant execute on function public.can_housekeep() to authenticated, service_role;

-- ---------------------------------------------------------------- on sale
create function private.room_on_sale(p_status public.room_status)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_status not in ('maintenance', 'out_of_order')
$$;
comment on function private.room_on_sale(public.room_status) is 'Whether a room with this status may be sold: every status but maintenance and out_of_order (occupied says a guest is in tonight, not that later nights are taken).';
revoke all on function private.room_on_sale(public.room_status) from public, anon, authenticated;

-- ---------------------------------------------------------------- cleaning state
create type public.cleaning_state as enum ('clean', 'dirty', 'inspected', 'out_of_service');

create table public.room_housekeeping (
  id uuid not null default gen_random_uuid() unique,
  room_id uuid primary key references public.rooms (id) on delete cascade,
  state public.cleaning_state not null default 'clean',
  changed_by uuid references auth.users (id) on delete set null,
  changed_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.room_housekeeping is 'One row per room: its cleaning state (clean, dirty, inspected, out_of_service), who changed it and when. A check-out makes it dirty; staff and the housekeeping role read it and change it with set_room_cleaning(), nobody writes it directly.';
create index room_housekeeping_changed_by_idx on public.room_housekeeping (changed_by);
alter table public.room_housekeeping enable row level security;
create policy "housekeeping and staff read cleaning states" on public.room_housekeeping
  for select to authenticated using ((select public.can_housekeep()));
revoke all on table public.room_housekeeping from public, anon, authenticated;
grant select on table public.room_housekeeping to authenticated;
grant all on table public.room_housekeeping to service_role;
create trigger set_timestamps before insert or update on public.room_housekeeping
  for each row execute function private.set_timestamps();
create trigger audit_row_change after insert or update or delete on public.room_housekeeping
  for each row execute function private.audit_row_change();

insert into public.room_housekeeping (room_id) select r.id from public.rooms r on conflict do nothing;

create function private.rooms_create_housekeeping()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.room_housekeeping (room_id) values (new.id) on conflict do nothing;
  return null;
end
$$;
revoke all on function private.rooms_create_housekeeping() from public, anon, authenticated;
create trigger create_housekeeping after insert on public.rooms
  for each row execute function private.rooms_create_housekeeping();

create function public.set_room_cleaning(p_room_id uuid, p_state public.cleaning_state)
returns public.room_housekeeping
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.room_housekeeping;
begin
  if not public.can_housekeep() then
    raise exception 'Only staff or housekeeping can change a room''s cleaning state.' using errcode = '42501';
  end if;
  if p_state is null then
    raise exception 'Choose a cleaning state.' using errcode = '22023', hint = 'value_missing';
  end if;
  update public.room_housekeeping h
     set state = p_state, changed_by = auth.uid(), changed_at = now()
   where h.room_id = p_room_id
  returning * into v_row;
  if not found then
    raise exception 'Please select a valid room.' using errcode = 'P0001', hint = 'room_not_valid';
  end if;
  return v_row;
end
$$;
comment on function public.set_room_cleaning(uuid, public.cleaning_state) is 'Staff and housekeeping: sets a room''s cleaning state (the one write the housekeeping role has); audited.';
revoke all on function public.set_room_cleaning(uuid, public.cleaning_state) from public, anon, authenticated;
grant execute on function public.set_room_cleaning(uuid, public.cleaning_state) to authenticated, service_role;

-- ---------------------------------------------------------------- the room follows its guests
create function private.booking_moves_room_state()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_was_in boolean := old.status = 'checked_in';
  v_is_in boolean := new.status = 'checked_in';
begin
  -- the guest left this room (a check-out, a cancellation of a stay in the house, a move)
  if v_was_in and (not v_is_in or new.room_id <> old.room_id) then
    if not exists (
      select 1 from public.bookings b
      where b.room_id = old.room_id and b.status = 'checked_in' and b.id <> new.id
    ) then
      update public.rooms r set status = 'available' where r.id = old.room_id and r.status = 'occupied';
    end if;
    if new.status = 'checked_out' or new.room_id <> old.room_id then
      update public.room_housekeeping h set state = 'dirty', changed_by = auth.uid(), changed_at = now()
      where h.room_id = old.room_id and h.state <> 'out_of_service';
    end if;
  end if;
  -- a guest is in: the room is occupied (a room in maintenance or out of order keeps its flag)
  if v_is_in and (not v_was_in or new.room_id <> old.room_id) then
    update public.rooms r set status = 'occupied' where r.id = new.room_id and r.status = 'available';
  end if;
  return null;
end
$$;
comment on function private.booking_moves_room_state() is 'AFTER UPDATE of a booking''s status or room: a check-in marks the room occupied (if it was available); leaving it (check-out, cancellation, a move) makes it available again when no other guest is in, and a check-out or move makes it dirty.';
revoke all on function private.booking_moves_room_state() from public, anon, authenticated;
create trigger room_follows_guests after update of status, room_id on public.bookings
  for each row when (old.status is distinct from new.status or old.room_id is distinct from new.room_id)
  execute function private.booking_moves_room_state();

-- ---------------------------------------------------------------- availability: only maintenance and out_of_order
create or replace function public.available_room_ids(p_check_in date, p_check_out date)
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.assert_stay_dates(p_check_in, p_check_out);
  return query
    select r.id from public.rooms r
    where private.room_on_sale(r.status)
      and not private.room_has_overlap(r.id, p_check_in, p_check_out)
    order by r.price_per_night, r.name, r.id;
end
$$;

create or replace function public.room_is_available(p_room_id uuid, p_check_in date, p_check_out date)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.assert_stay_dates(p_check_in, p_check_out);
  return exists (select 1 from public.rooms r where r.id = p_room_id and private.room_on_sale(r.status))
    and not private.room_has_overlap(p_room_id, p_check_in, p_check_out);
end
$$;

create or replace function public.room_calendar(p_room_id uuid, p_from date, p_to date)
returns table(night date, available boolean, price numeric, min_nights integer, closed_to_arrival boolean, closed_to_departure boolean)
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
      select r.id, private.room_on_sale(r.status) as open
      from public.rooms r
      where (p_room_id is null and private.room_on_sale(r.status)) or r.id = p_room_id
    ),
    taken as (
      select distinct rm.id as room_id, d::date as night
      from rooms rm
      cross join lateral private.room_taken_ranges(rm.id, p_from, p_to) t
      cross join lateral generate_series(greatest(t.check_in_date, p_from)::timestamp,
        least(t.check_out_date, p_to)::timestamp - interval '1 day', interval '1 day') d
    ),
    per_room as (
      select n.*, rm.open and n.night >= private.rome_today() and tk.night is null as free
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

-- ---------------------------------------------------------------- the dashboard counts stays
create function private.room_has_stay_tonight(p_room_id uuid, p_day date)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.bookings b
    where b.room_id = p_room_id
      and (b.status = 'checked_in'
           or (b.status = 'confirmed' and b.check_in_date <= p_day and b.check_out_date > p_day))
  ) or exists (
    select 1 from public.external_blocks e
    where e.room_id = p_room_id and e.status = 'active' and e.check_in_date <= p_day and e.check_out_date > p_day
  )
$$;
comment on function private.room_has_stay_tonight(uuid, date) is 'A guest sleeps in the room the night of p_day: a stay checked in, a confirmed stay over that night, or a channel''s reservation.';
revoke all on function private.room_has_stay_tonight(uuid, date) from public, anon, authenticated;

create or replace function public.admin_dashboard_stats()
returns table(total_rooms integer, occupied_rooms integer, unavailable_rooms integer, active_bookings integer, pending_bookings integer, revenue numeric, registered_guests integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_today date := private.rome_today();
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
        -- the stays of tonight, not the flag
        (count(*) filter (where private.room_has_stay_tonight(rm.id, v_today)))::integer as occupied_rooms,
        (count(*) filter (where rm.status in ('maintenance', 'out_of_order')))::integer as unavailable_rooms
      from public.rooms rm
    ) r,
    (
      select
        (count(*) filter (where bk.status in ('confirmed', 'checked_in')))::integer as active_bookings,
        (count(*) filter (where bk.status = 'pending' and bk.hold_expires_at > private.clock_now()
          and bk.hold_expires_at <= private.clock_now() + interval '6 hours'))::integer as pending_bookings,
        coalesce(sum(bk.total_amount) filter (where bk.status in ('confirmed', 'checked_in', 'checked_out')), 0)::numeric(12, 2) as revenue
      from public.bookings bk
    ) b,
    (
      select count(*)::integer as registered_guests from public.profiles pr
      where not exists (select 1 from public.user_roles ur where ur.user_id = pr.user_id and ur.role in ('staff', 'admin', 'housekeeping'))
    ) p;
end
$$;
comment on function public.admin_dashboard_stats() is 'Dashboard figures for staff: rooms (total; occupied = with a stay tonight: checked in, confirmed over tonight or a channel reservation; in maintenance or out of order), bookings (active = confirmed or checked in; pending = requests whose hold ends within 6 hours), revenue (confirmed, checked in and checked out, all time), guest accounts (no staff, admin or housekeeping role). Security definer for the hold clock; staff only.';

-- ---------------------------------------------------------------- the housekeeping list
create function public.housekeeping_list(p_day date default null)
returns table(room_id uuid, room_number text, room_name text, room_status public.room_status,
              state public.cleaning_state, changed_at timestamptz, day_kind text,
              departure boolean, stayover boolean, arrival boolean, guests integer, sort_order integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_day date := coalesce(p_day, private.rome_today());
begin
  if not public.can_housekeep() then
    raise exception 'Only staff or housekeeping can see the housekeeping list.' using errcode = '42501';
  end if;
  if v_day < private.rome_today() - 1 or v_day > private.rome_today() + 14 then
    raise exception 'The housekeeping list covers yesterday to two weeks ahead.' using errcode = 'P0001';
  end if;
  return query
    with stays as (
      select b.room_id, b.check_in_date, b.check_out_date, b.guests
      from public.bookings b
      where (b.status in ('confirmed', 'checked_in')
             -- a guest who already checked out today still leaves a room to make up
             or (b.status = 'checked_out' and b.check_out_date = v_day))
        and b.check_in_date <= v_day and b.check_out_date >= v_day
      union all
      select e.room_id, e.check_in_date, e.check_out_date, null::integer
      from public.external_blocks e
      where e.status = 'active' and e.check_in_date <= v_day and e.check_out_date >= v_day
    ),
    per_room as (
      select r.id, r.room_number, r.name, r.status, h.state, h.changed_at,
        coalesce(bool_or(s.check_out_date = v_day), false) as dep,
        coalesce(bool_or(s.check_in_date < v_day and s.check_out_date > v_day), false) as over,
        coalesce(bool_or(s.check_in_date = v_day), false) as arr,
        coalesce(sum(s.guests) filter (where s.check_in_date = v_day),
                 sum(s.guests) filter (where s.check_in_date < v_day and s.check_out_date > v_day))::integer as g
      from public.rooms r
      join public.room_housekeeping h on h.room_id = r.id
      left join stays s on s.room_id = r.id
      group by r.id, r.room_number, r.name, r.status, h.state, h.changed_at
    )
    select p.id, p.room_number, p.name, p.status, p.state, p.changed_at,
      case when p.dep then 'departure' when p.over then 'stayover' when p.arr then 'arrival' else 'vacant' end,
      p.dep, p.over, p.arr, p.g,
      case when p.dep then 1 when p.over then 2 when p.arr then 3 else 4 end
    from per_room p
    order by 12, p.room_number;
end
$$;
comment on function public.housekeeping_list(date) is 'Staff and housekeeping: each room for the day (default today, Rome) with its cleaning state and what the day holds (departure, stay-over, arrival, vacant; a departure with an arrival the same day is a departure), departures first. No guest names, contacts or money.';
revoke all on function public.housekeeping_list(date) from public, anon, authenticated;
grant execute on function public.housekeeping_list(date) to authenticated, service_role;

-- ---------------------------------------------------------------- the room board
create function public.room_board(p_from date, p_to date)
returns table(kind text, id uuid, room_id uuid, check_in_date date, check_out_date date, status text,
              source text, guest_name text, reference text, guests integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only staff can see the room board.' using errcode = '42501';
  end if;
  if p_from is null or p_to is null or p_to <= p_from or p_to - p_from > 62 then
    raise exception 'Choose a date range of at most 62 days.' using errcode = 'P0001';
  end if;
  return query
    select 'booking'::text, b.id, b.room_id, b.check_in_date, b.check_out_date, b.status::text, b.source,
      b.guest_name, b.reference, b.guests
    from public.bookings b
    where b.check_in_date < p_to and b.check_out_date > p_from
      and (b.status in ('confirmed', 'checked_in', 'checked_out')
           or (b.status = 'pending' and private.booking_occupies(b.status, b.hold_expires_at)))
    union all
    select 'external'::text, e.id, e.room_id, e.check_in_date, e.check_out_date, e.status::text,
      case f.platform when 'booking' then 'booking_com' when 'hotels' then 'other' else f.platform::text end,
      coalesce(nullif(btrim(e.summary), ''), ''), null::text, null::integer
    from public.external_blocks e join public.channel_feeds f on f.id = e.feed_id
    where e.status in ('active', 'conflict') and e.check_in_date < p_to and e.check_out_date > p_from
    union all
    select 'manual'::text, m.id, m.room_id, m.check_in_date, m.check_out_date, m.reason::text, 'manual'::text,
      coalesce(m.note, ''), null::text, null::integer
    from public.manual_blocks m
    where m.check_in_date < p_to and m.check_out_date > p_from
    order by 3, 4;
end
$$;
comment on function public.room_board(date, date) is 'Staff: every stay and block touching [p_from, p_to) (at most 62 days) for the room board, in one query: bookings (pending while held, confirmed, checked in, checked out) with guest name, reference, source and guests; channel reservations (active or in conflict; source = the platform as bookings.source names it); manual blocks (status = reason).';
revoke all on function public.room_board(date, date) from public, anon, authenticated;
grant execute on function public.room_board(date, date) to authenticated, service_role;
