-- Bookings search (admin Bookings screen) with trigram indexes instead of a full scan.
--
-- The screen searches public.booking_list with one PostgREST `or` filter: guest_name, guest_email
-- or room_number ILIKE '%text%'. A trigram GIN index answers such a substring ILIKE, but an OR can
-- only use indexes when every branch is a column of the same table; room_number lived in rooms,
-- so every search scanned all bookings. bookings now carries its room's number (kept by the
-- triggers below), the view reads it from there, and the three branches are three indexes of
-- bookings combined in one bitmap.
create extension if not exists pg_trgm with schema extensions;

alter table public.bookings add column room_number text;
comment on column public.bookings.room_number is
  'Copy of rooms.room_number for the bookings search (kept by triggers; never set by hand).';

update public.bookings b set room_number = r.room_number from public.rooms r where r.id = b.room_id;

create function private.set_booking_room_number() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.room_number := (select r.room_number from public.rooms r where r.id = new.room_id);
  return new;
end;
$$;

create trigger set_room_number before insert or update of room_id, room_number on public.bookings
for each row execute function private.set_booking_room_number();

create function private.copy_room_number_to_bookings() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.bookings set room_number = new.room_number where room_id = new.id;
  return null;
end;
$$;

create trigger copy_room_number after update of room_number on public.rooms
for each row when (old.room_number is distinct from new.room_number)
execute function private.copy_room_number_to_bookings();

-- Staff may rename a room; the copy above then changes room_number on its bookings, which the
-- bookings guard must not count as staff editing a booking. Same rule as before otherwise.
create or replace function private.bookings_guard_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    if not (
      (old.status = 'pending' and new.status in ('confirmed', 'cancelled'))
      or (old.status = 'confirmed' and new.status in ('checked_in', 'cancelled'))
      or (old.status = 'checked_in' and new.status in ('checked_out', 'cancelled'))
    ) then
      raise exception 'A booking cannot change from % to %.', old.status, new.status using errcode = 'P0001';
    end if;
  end if;
  if auth.uid() is not null and not public.is_admin()
     and (to_jsonb(new) - 'status' - 'created_at' - 'updated_at' - 'room_number')
         <> (to_jsonb(old) - 'status' - 'created_at' - 'updated_at' - 'room_number') then
    raise exception 'Staff can only change the status of a booking.' using errcode = '42501';
  end if;
  return new;
end
$$;

revoke execute on function private.set_booking_room_number() from public, anon, authenticated;
revoke execute on function private.copy_room_number_to_bookings() from public, anon, authenticated;

-- fastupdate off: new rows go straight into the index instead of a pending list that every
-- search must read until a vacuum clears it (PGlite never autovacuums). Bookings are written
-- rarely and searched often.
create index bookings_guest_name_trgm_idx on public.bookings
  using gin (guest_name extensions.gin_trgm_ops) with (fastupdate = off);
create index bookings_guest_email_trgm_idx on public.bookings
  using gin (guest_email extensions.gin_trgm_ops) with (fastupdate = off);
create index bookings_room_number_trgm_idx on public.bookings
  using gin (room_number extensions.gin_trgm_ops) with (fastupdate = off);

create or replace view public.booking_list
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
  b.room_number,
  r.room_type
from public.bookings b
join public.rooms r on r.id = b.room_id;
