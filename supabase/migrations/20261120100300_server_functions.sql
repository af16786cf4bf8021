-- Server functions callable through PostgREST (/rest/v1/rpc/<name>).
-- User errors: errcode P0001 (PostgREST: HTTP 400, message in error.message).
-- Permission refusals: errcode 42501.

-- ---------------------------------------------------------------- rate limiting (not exposed)
-- One row per successful booking request. Tests (as the database owner) reset it with
--   truncate private.rate_limit_hits;
create table private.rate_limit_hits (
  id bigint generated always as identity primary key,
  action text not null,
  client_key text not null,
  created_at timestamptz not null default now()
);
create index rate_limit_hits_lookup_idx on private.rate_limit_hits (action, client_key, created_at);
revoke all on table private.rate_limit_hits from public, anon, authenticated;

-- The client's address as the gateway reports it (first x-forwarded-for entry),
-- else the signed-in user, else 'unknown'.
create or replace function private.request_client_key()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  headers text := nullif(current_setting('request.headers', true), '');
  forwarded text;
begin
  if headers is not null then
    forwarded := nullif(btrim(split_part(coalesce(headers::json ->> 'x-forwarded-for', ''), ',', 1)), '');
    if forwarded is not null then
      return 'ip:' || forwarded;
    end if;
  end if;
  if auth.uid() is not null then
    return 'user:' || auth.uid()::text;
  end if;
  return 'unknown';
end
$$;

-- ---------------------------------------------------------------- promo code status (shared)
create or replace function private.promo_status(p public.room_promo_codes)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when p.valid_from is not null and p.valid_from > current_date then 'not_yet_valid'
    when p.valid_until is not null and p.valid_until < current_date then 'expired'
    when p.max_uses is not null and p.current_uses >= p.max_uses then 'limit_reached'
    else 'valid'
  end
$$;

-- Built-in fallback codes of the spec, used when no active database row matches.
create or replace function private.fallback_promo_percentage(p_code text)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case p_code when 'SAVE15' then 15 when 'WINTER20' then 20 when 'WELCOME10' then 10 end
$$;

revoke execute on all functions in schema private from public, anon, authenticated;

-- ---------------------------------------------------------------- check_promo_code
-- {status: valid|not_yet_valid|expired|limit_reached|not_found, discount_percentage: int|null}
-- Active codes only; restricted to p_room_id when given (a code of another room is not_found).
-- With several matching rows (no room given) a valid one wins (highest discount).
-- Security definer only to reach the private helpers; it reads active codes only.
create or replace function public.check_promo_code(p_code text, p_room_id uuid default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_code text := nullif(upper(btrim(coalesce(p_code, ''))), '');
  v_row public.room_promo_codes;
  v_status text;
  v_first text;
  v_fallback integer;
begin
  if v_code is null then
    return jsonb_build_object('status', 'not_found', 'discount_percentage', null);
  end if;
  for v_row in
    select * from public.room_promo_codes c
    where c.promo_code = v_code and c.is_active and (p_room_id is null or c.room_id = p_room_id)
    order by c.discount_percentage desc, c.created_at, c.id
  loop
    v_status := private.promo_status(v_row);
    if v_status = 'valid' then
      return jsonb_build_object('status', 'valid', 'discount_percentage', v_row.discount_percentage);
    end if;
    v_first := coalesce(v_first, v_status);
  end loop;
  if v_first is not null then
    return jsonb_build_object('status', v_first, 'discount_percentage', null);
  end if;
  v_fallback := private.fallback_promo_percentage(v_code);
  if v_fallback is not null then
    return jsonb_build_object('status', 'valid', 'discount_percentage', v_fallback);
  end if;
  return jsonb_build_object('status', 'not_found', 'discount_percentage', null);
end
$$;

-- ---------------------------------------------------------------- availability
-- The stay's dates as both availability functions require them.
create or replace function private.assert_stay_dates(p_check_in date, p_check_out date)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_check_in is null or p_check_out is null then
    raise exception 'Please choose check-in and check-out dates.' using errcode = 'P0001';
  end if;
  if p_check_out <= p_check_in then
    raise exception 'Check-out date must be after check-in date.' using errcode = 'P0001';
  end if;
end
$$;

-- A room is available for [check_in, check_out) when its status is 'available' and no
-- non-cancelled booking overlaps.
create or replace function public.room_is_available(p_room_id uuid, p_check_in date, p_check_out date)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.assert_stay_dates(p_check_in, p_check_out);
  return exists (select 1 from public.rooms r where r.id = p_room_id and r.status = 'available')
    and not private.room_has_overlap(p_room_id, p_check_in, p_check_out);
end
$$;

-- Ids of the rooms available for the range, cheapest first.
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
    where r.status = 'available'
      and not private.room_has_overlap(r.id, p_check_in, p_check_out)
    order by r.price_per_night, r.name, r.id;
end
$$;

-- ---------------------------------------------------------------- request_booking
-- Public booking request: validates everything again, applies a promo code (counting the use
-- atomically), prices the stay on the server and stores a pending booking.
-- Returns {booking_id, reference, nights, price_per_night, subtotal, discount_percentage,
-- discount_amount, total_amount}. Rate limit: 10 stored requests per client per 10 minutes.
create or replace function public.request_booking(
  p_room_id uuid,
  p_check_in date,
  p_check_out date,
  p_guests integer,
  p_guest_name text,
  p_guest_email text,
  p_guest_phone text default null,
  p_special_requests text default null,
  p_promo_code text default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c_rate_limit constant integer := 10;
  c_rate_window constant interval := interval '10 minutes';
  v_name text := btrim(coalesce(p_guest_name, ''));
  v_email text := btrim(coalesce(p_guest_email, ''));
  v_phone text := nullif(btrim(coalesce(p_guest_phone, '')), '');
  v_requests text := nullif(btrim(coalesce(p_special_requests, '')), '');
  v_code text := nullif(upper(btrim(coalesce(p_promo_code, ''))), '');
  v_client text;
  v_room public.rooms;
  v_promo public.room_promo_codes;
  v_pct integer := 0;
  v_nights integer;
  v_subtotal numeric(10, 2);
  v_discount numeric(10, 2) := 0;
  v_total numeric(10, 2);
  v_booking public.bookings;
begin
  -- input
  if v_name = '' then
    raise exception 'Please enter your name.' using errcode = 'P0001';
  end if;
  if char_length(v_name) > 100 then
    raise exception 'Name must be at most 100 characters.' using errcode = 'P0001';
  end if;
  if v_email = '' then
    raise exception 'Please enter your email address.' using errcode = 'P0001';
  end if;
  if char_length(v_email) > 254 or v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Please enter a valid email address.' using errcode = 'P0001';
  end if;
  if v_phone is not null and char_length(v_phone) > 20 then
    raise exception 'Phone number must be at most 20 characters.' using errcode = 'P0001';
  end if;
  if v_phone is not null and v_phone !~ '^[0-9+()./ -]+$' then
    raise exception 'Please enter a valid phone number.' using errcode = 'P0001';
  end if;
  if v_requests is not null and char_length(v_requests) > 1000 then
    raise exception 'Special requests must be at most 1000 characters.' using errcode = 'P0001';
  end if;
  if p_check_in is null or p_check_out is null then
    raise exception 'Please choose check-in and check-out dates.' using errcode = 'P0001';
  end if;
  if p_check_in < current_date then
    raise exception 'Check-in date cannot be in the past.' using errcode = 'P0001';
  end if;
  if p_check_out <= p_check_in then
    raise exception 'Check-out date must be after check-in date.' using errcode = 'P0001';
  end if;
  if p_check_in > current_date + 730 then
    raise exception 'Check-in date must be within the next two years.' using errcode = 'P0001';
  end if;
  if p_check_out - p_check_in > 30 then
    raise exception 'A stay can be at most 30 nights.' using errcode = 'P0001';
  end if;
  if p_guests is null or p_guests < 1 or p_guests > 8 then
    raise exception 'Guests must be between 1 and 8.' using errcode = 'P0001';
  end if;

  -- rate limit per client (serialised per client so parallel calls count correctly)
  v_client := private.request_client_key();
  perform pg_advisory_xact_lock(hashtext('request_booking:' || v_client));
  if (
    select count(*) from private.rate_limit_hits h
    where h.action = 'request_booking' and h.client_key = v_client and h.created_at > now() - c_rate_window
  ) >= c_rate_limit then
    raise exception 'Too many booking requests. Please try again in a few minutes.' using errcode = 'P0001';
  end if;

  -- room (locked: concurrent requests for the same room run one after the other)
  if p_room_id is null then
    raise exception 'Please select a valid room.' using errcode = 'P0001';
  end if;
  select * into v_room from public.rooms r where r.id = p_room_id for no key update;
  if not found then
    raise exception 'Please select a valid room.' using errcode = 'P0001';
  end if;
  if v_room.status <> 'available' then
    raise exception 'This room is not available for booking.' using errcode = 'P0001';
  end if;
  if p_guests > v_room.max_guests then
    raise exception 'This room accommodates at most % guests.', v_room.max_guests using errcode = 'P0001';
  end if;
  if private.room_has_overlap(p_room_id, p_check_in, p_check_out) then
    raise exception 'This room is not available for the selected dates.' using errcode = 'P0001';
  end if;

  -- promo code (row locked: the last use of a limited code goes to one request only)
  if v_code is not null then
    select * into v_promo from public.room_promo_codes c
    where c.room_id = p_room_id and c.promo_code = v_code and c.is_active
    for update;
    if found then
      case private.promo_status(v_promo)
        when 'not_yet_valid' then
          raise exception 'This promo code is not yet active.' using errcode = 'P0001';
        when 'expired' then
          raise exception 'This promo code has expired.' using errcode = 'P0001';
        when 'limit_reached' then
          raise exception 'This promo code has reached its usage limit.' using errcode = 'P0001';
        else
          update public.room_promo_codes set current_uses = current_uses + 1 where id = v_promo.id;
          v_pct := v_promo.discount_percentage;
      end case;
    elsif private.fallback_promo_percentage(v_code) is not null then
      v_pct := private.fallback_promo_percentage(v_code);
    elsif exists (select 1 from public.room_promo_codes c where c.promo_code = v_code and c.is_active) then
      raise exception 'This promo code is not valid for the selected room.' using errcode = 'P0001';
    else
      raise exception 'Invalid promo code. Please check your promo code and try again.' using errcode = 'P0001';
    end if;
  end if;

  -- price
  v_nights := p_check_out - p_check_in;
  v_subtotal := round(v_room.price_per_night * v_nights, 2);
  v_discount := round(v_subtotal * v_pct / 100.0, 2);
  v_total := v_subtotal - v_discount;

  insert into public.bookings (
    room_id, guest_name, guest_email, guest_phone, check_in_date, check_out_date, guests,
    total_amount, discount_amount, promo_code, status, special_requests
  ) values (
    p_room_id, v_name, v_email, v_phone, p_check_in, p_check_out, p_guests,
    v_total, v_discount, case when v_pct > 0 then v_code end, 'pending', v_requests
  )
  returning * into v_booking;

  insert into private.rate_limit_hits (action, client_key) values ('request_booking', v_client);
  delete from private.rate_limit_hits h
  where h.action = 'request_booking' and h.client_key = v_client and h.created_at < now() - c_rate_window;

  return jsonb_build_object(
    'booking_id', v_booking.id,
    'reference', v_booking.reference,
    'nights', v_nights,
    'price_per_night', v_room.price_per_night,
    'subtotal', v_subtotal,
    'discount_percentage', v_pct,
    'discount_amount', v_discount,
    'total_amount', v_total
  );
end
$$;

-- ---------------------------------------------------------------- users and roles (admin)
-- Removes the user's other roles and gives the chosen one. Not your own role. The caller is an
-- admin other than the target, so the last admin is never the target here; the user_roles trigger
-- keeps the last admin for every other path.
create or replace function public.set_user_role(p_user_id uuid, p_role public.app_role)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  -- serialise role changes so two admins cannot demote each other at once
  perform pg_advisory_xact_lock(hashtext('public.user_roles:admin'));
  if not public.is_admin() then
    raise exception 'Only administrators can change user roles.' using errcode = '42501';
  end if;
  if p_user_id is null or p_role is null then
    raise exception 'Please choose a user and a role.' using errcode = 'P0001';
  end if;
  if p_user_id = auth.uid() then
    raise exception 'You cannot change your own role.' using errcode = 'P0001';
  end if;
  if not exists (select 1 from auth.users u where u.id = p_user_id) then
    raise exception 'User not found.' using errcode = 'P0001';
  end if;
  delete from public.user_roles ur where ur.user_id = p_user_id and ur.role <> p_role;
  insert into public.user_roles (user_id, role) values (p_user_id, p_role)
  on conflict (user_id, role) do nothing;
end
$$;

-- Deletes the account itself (cascading to profile and roles). Not yourself; the user_roles trigger
-- keeps the last admin.
create or replace function public.delete_user(p_user_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtext('public.user_roles:admin'));
  if not public.is_admin() then
    raise exception 'Only administrators can delete users.' using errcode = '42501';
  end if;
  if p_user_id is null then
    raise exception 'User not found.' using errcode = 'P0001';
  end if;
  if p_user_id = auth.uid() then
    raise exception 'You cannot delete your own account.' using errcode = 'P0001';
  end if;
  if not exists (select 1 from auth.users u where u.id = p_user_id) then
    raise exception 'User not found.' using errcode = 'P0001';
  end if;
  delete from auth.users u where u.id = p_user_id;
end
$$;

-- ---------------------------------------------------------------- room images (staff)
-- Makes the image its room's primary one; the room's previous primary is cleared in the same statement.
create or replace function public.set_primary_room_image(p_image_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only staff can change the primary image.' using errcode = '42501';
  end if;
  update public.room_images set is_primary = true where id = p_image_id;
  if not found then
    raise exception 'Image not found.' using errcode = 'P0001';
  end if;
end
$$;

-- ---------------------------------------------------------------- function privileges
-- private helpers run only inside the definer functions and triggers above
revoke execute on all functions in schema private from public, anon, authenticated;

revoke execute on function
  public.check_promo_code(text, uuid),
  public.room_is_available(uuid, date, date),
  public.available_room_ids(date, date),
  public.request_booking(uuid, date, date, integer, text, text, text, text, text),
  public.set_user_role(uuid, public.app_role),
  public.delete_user(uuid),
  public.set_primary_room_image(uuid)
from public, anon, authenticated, service_role;

grant execute on function
  public.check_promo_code(text, uuid),
  public.room_is_available(uuid, date, date),
  public.available_room_ids(date, date),
  public.request_booking(uuid, date, date, integer, text, text, text, text, text)
to anon, authenticated, service_role;

grant execute on function
  public.set_user_role(uuid, public.app_role),
  public.delete_user(uuid),
  public.set_primary_room_image(uuid)
to authenticated;
