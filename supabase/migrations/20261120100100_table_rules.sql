-- Role helpers and the rules the tables keep by themselves (triggers):
-- timestamps, upper-case promo codes, one primary image per room, booking references,
-- booking status transitions, no overlapping bookings, alert resolution, role guards,
-- and a profile for every new account.
-- Trigger functions live in the non-exposed schema `private`.

-- ---------------------------------------------------------------- role helpers
create or replace function public.is_staff()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles ur
    where ur.user_id = (select auth.uid()) and ur.role in ('staff', 'admin')
  )
$$;
comment on function public.is_staff() is 'True when the caller has the staff or admin role.';

create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles ur
    where ur.user_id = (select auth.uid()) and ur.role = 'admin'
  )
$$;
comment on function public.is_admin() is 'True when the caller has the admin role.';

-- ---------------------------------------------------------------- timestamps
-- created_at/updated_at are kept by the database. Requests from the API roles cannot set them;
-- the service role and migrations/seed may backdate created_at on insert.
create or replace function private.set_timestamps()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if current_user in ('anon', 'authenticated') or new.created_at is null then
      new.created_at := now();
    end if;
    new.updated_at := greatest(now(), new.created_at);
  else
    new.created_at := old.created_at;
    new.updated_at := now();
  end if;
  return new;
end
$$;

do $$
declare
  t text;
begin
  foreach t in array array['rooms', 'room_images', 'room_promo_codes', 'amenities', 'services', 'reviews', 'bookings',
    'site_content', 'profiles', 'user_roles', 'contact_messages', 'security_logs', 'security_alerts', 'audit_logs']
  loop
    execute format('create trigger set_timestamps before insert or update on public.%I for each row execute function private.set_timestamps()', t);
  end loop;
end
$$;

-- ---------------------------------------------------------------- promo codes: upper-case
create or replace function private.normalize_promo_code()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.promo_code := upper(btrim(new.promo_code));
  return new;
end
$$;

create trigger normalize_promo_code before insert or update of promo_code on public.room_promo_codes
  for each row execute function private.normalize_promo_code();

-- ---------------------------------------------------------------- room images: exactly one primary
-- * the first image of a room becomes primary;
-- * setting an image primary clears the room's other primary in the same statement;
-- * the primary cannot be unset directly (set another image primary instead);
-- * deleting the primary promotes the next image (display_order, created_at).
create or replace function private.room_images_keep_primary()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    if new.room_id <> old.room_id then
      raise exception 'An image cannot be moved to another room.' using errcode = 'P0001';
    end if;
    if old.is_primary and not new.is_primary and pg_trigger_depth() = 1 then
      raise exception 'A room must keep one primary image: set another image as primary instead.' using errcode = 'P0001';
    end if;
    if new.is_primary and not old.is_primary then
      -- serialise primary changes per room
      perform 1 from public.rooms where id = new.room_id for no key update;
      update public.room_images set is_primary = false
        where room_id = new.room_id and is_primary and id <> new.id;
    end if;
  else
    perform 1 from public.rooms where id = new.room_id for no key update;
    if not exists (select 1 from public.room_images where room_id = new.room_id and is_primary) then
      new.is_primary := true;
    elsif new.is_primary then
      update public.room_images set is_primary = false where room_id = new.room_id and is_primary;
    end if;
  end if;
  return new;
end
$$;

create trigger keep_primary before insert or update of is_primary, room_id on public.room_images
  for each row execute function private.room_images_keep_primary();

create or replace function private.room_images_promote_after_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.is_primary then
    update public.room_images set is_primary = true
    where id = (
      select ri.id from public.room_images ri
      where ri.room_id = old.room_id
      order by ri.display_order, ri.created_at, ri.id
      limit 1
    );
  end if;
  return null;
end
$$;

create trigger promote_primary after delete on public.room_images
  for each row execute function private.room_images_promote_after_delete();

-- ---------------------------------------------------------------- bookings
-- reference: 'CG-' + 6 characters without look-alikes (no 0/O/1/I)
create or replace function private.new_booking_reference()
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  alphabet constant text := '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  bytes bytea;
  ref text;
begin
  loop
    bytes := extensions.gen_random_bytes(6);
    ref := 'CG-';
    for i in 0..5 loop
      ref := ref || substr(alphabet, (get_byte(bytes, i) % 32) + 1, 1);
    end loop;
    exit when not exists (select 1 from public.bookings b where b.reference = ref);
  end loop;
  return ref;
end
$$;

create or replace function private.bookings_set_reference()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.reference is null then
    new.reference := private.new_booking_reference();
  end if;
  return new;
end
$$;

create trigger set_reference before insert on public.bookings
  for each row execute function private.bookings_set_reference();

-- Status transitions (whoever asks): pending -> confirmed -> checked_in -> checked_out;
-- cancelled from pending, confirmed or checked_in. Staff (non-admin API users) may change
-- the status only; admins may edit the other fields too.
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
     and (to_jsonb(new) - 'status' - 'created_at' - 'updated_at') <> (to_jsonb(old) - 'status' - 'created_at' - 'updated_at') then
    raise exception 'Staff can only change the status of a booking.' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger guard_update before update on public.bookings
  for each row execute function private.bookings_guard_update();

-- Whether a non-cancelled booking of the room (other than p_except) overlaps [check_in, check_out);
-- check-out day may be the next guest's check-in day. The one statement of this rule: the trigger
-- below, the availability functions and request_booking all ask it.
create or replace function private.room_has_overlap(p_room_id uuid, p_check_in date, p_check_out date, p_except uuid default null)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.bookings b
    where b.room_id = p_room_id
      and b.id is distinct from p_except
      and b.status <> 'cancelled'
      and b.check_in_date < p_check_out
      and p_check_in < b.check_out_date
  )
$$;

-- No two non-cancelled bookings of a room overlap.
-- The room row is locked so concurrent requests for the same room are serialised.
create or replace function private.bookings_prevent_overlap()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'cancelled' then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.status <> 'cancelled' and new.room_id = old.room_id
     and new.check_in_date = old.check_in_date and new.check_out_date = old.check_out_date then
    return new;
  end if;
  perform 1 from public.rooms where id = new.room_id for no key update;
  if private.room_has_overlap(new.room_id, new.check_in_date, new.check_out_date, new.id) then
    raise exception 'This room is not available for the selected dates.' using errcode = 'P0001';
  end if;
  return new;
end
$$;

create trigger prevent_overlap before insert or update of room_id, check_in_date, check_out_date, status on public.bookings
  for each row execute function private.bookings_prevent_overlap();

-- ---------------------------------------------------------------- security alerts
-- resolved_at / resolved_by follow the status.
create or replace function private.security_alerts_track_resolution()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'resolved' then
    if tg_op = 'INSERT' or old.status <> 'resolved' then
      new.resolved_at := coalesce(new.resolved_at, now());
      new.resolved_by := coalesce(auth.uid(), new.resolved_by);
    end if;
  else
    new.resolved_at := null;
    new.resolved_by := null;
  end if;
  return new;
end
$$;

create trigger track_resolution before insert or update on public.security_alerts
  for each row execute function private.security_alerts_track_resolution();

-- ---------------------------------------------------------------- user roles
-- Nobody changes their own roles; the last admin role cannot be removed or demoted (whoever asks).
create or replace function private.user_roles_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
  if caller is not null
     and ((tg_op <> 'INSERT' and old.user_id = caller) or (tg_op <> 'DELETE' and new.user_id = caller)) then
    raise exception 'You cannot change your own role.' using errcode = '42501';
  end if;
  if tg_op <> 'INSERT' and old.role = 'admin'
     and (tg_op = 'DELETE' or new.role <> 'admin' or new.user_id <> old.user_id) then
    perform pg_advisory_xact_lock(hashtext('public.user_roles:admin'));
    if not exists (select 1 from public.user_roles ur where ur.role = 'admin' and ur.id <> old.id) then
      raise exception 'The last administrator cannot be removed or demoted.' using errcode = 'P0001';
    end if;
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end
$$;

create trigger guard_roles before insert or update or delete on public.user_roles
  for each row execute function private.user_roles_guard();

-- ---------------------------------------------------------------- new accounts
-- A new account gets a profile (name from metadata or the e-mail's local part) and no role.
create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (user_id, email, name)
  values (
    new.id,
    new.email,
    coalesce(nullif(btrim(new.raw_user_meta_data ->> 'name'), ''), nullif(split_part(coalesce(new.email, ''), '@', 1), ''))
  )
  on conflict (user_id) do nothing;
  return new;
end
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();

-- Keep the profile's e-mail in step with the account's.
create or replace function private.handle_user_email_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set email = new.email where user_id = new.id;
  return new;
end
$$;

create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (new.email is distinct from old.email)
  execute function private.handle_user_email_change();

-- ---------------------------------------------------------------- function privileges
revoke execute on all functions in schema private from public, anon, authenticated;
revoke execute on function public.is_staff(), public.is_admin() from public;
-- policies call them as the requesting role
grant execute on function public.is_staff(), public.is_admin() to anon, authenticated, service_role;
