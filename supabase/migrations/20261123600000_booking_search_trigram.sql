-- The Bookings screen's search (guest name, guest e-mail, room number; case-insensitive substring)
-- on trigram indexes. Through the booking_list view the bookings policy stays in force, and
-- PostgreSQL never evaluates a non-leakproof operator such as ILIKE inside an index scan below a
-- policy, so every search read all bookings. search_booking_list checks the caller is staff
-- itself and searches each column on its own index.

create extension if not exists pg_trgm with schema extensions;

create index bookings_guest_name_trgm_idx on public.bookings using gin (guest_name extensions.gin_trgm_ops);
create index bookings_guest_email_trgm_idx on public.bookings using gin (guest_email extensions.gin_trgm_ops);
create index rooms_room_number_trgm_idx on public.rooms using gin (room_number extensions.gin_trgm_ops);

create or replace function public.search_booking_list(
  p_search text default null,
  p_status public.booking_status default null,
  p_offset integer default 0,
  p_limit integer default 20
)
returns table (
  id uuid,
  reference text,
  room_id uuid,
  guest_name text,
  guest_email text,
  guest_phone text,
  check_in_date date,
  check_out_date date,
  guests integer,
  total_amount numeric,
  discount_amount numeric,
  promo_code text,
  status public.booking_status,
  special_requests text,
  created_at timestamptz,
  room_name text,
  room_number text,
  room_type public.room_type,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_text text := btrim(coalesce(p_search, ''));
  -- LIKE wildcards typed by the user match themselves
  v_pattern text := '%' || replace(replace(replace(v_text, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_matches uuid[];
  v_total bigint;
  v_page uuid[];
begin
  if not public.is_staff() then
    raise exception 'Only staff can list bookings.' using errcode = '42501';
  end if;
  if p_limit not between 1 and 100 or p_offset < 0 then
    raise exception 'Ask for 1 to 100 bookings from offset 0 or more.' using errcode = '22023';
  end if;

  if v_text = '' then
    select count(*) into v_total from public.bookings b where p_status is null or b.status = p_status;
    v_page := array(
      select b.id from public.bookings b
      where p_status is null or b.status = p_status
      order by b.created_at desc, b.id desc
      offset p_offset limit p_limit
    );
  else
    -- each column on its own trigram index (an OR of the three is not planned that way)
    v_matches := array(
      select b.id from public.bookings b where b.guest_name ilike v_pattern
      union
      select b.id from public.bookings b where b.guest_email ilike v_pattern
      union
      select b.id from public.bookings b join public.rooms r on r.id = b.room_id where r.room_number ilike v_pattern
    );
    select count(*) into v_total
    from public.bookings b where b.id = any (v_matches) and (p_status is null or b.status = p_status);
    v_page := array(
      select b.id from public.bookings b
      where b.id = any (v_matches) and (p_status is null or b.status = p_status)
      order by b.created_at desc, b.id desc
      offset p_offset limit p_limit
    );
  end if;

  return query
  select l.id, l.reference, l.room_id, l.guest_name, l.guest_email, l.guest_phone, l.check_in_date,
    l.check_out_date, l.guests, l.total_amount, l.discount_amount, l.promo_code, l.status,
    l.special_requests, l.created_at, l.room_name, l.room_number, l.room_type, v_total
  from unnest(v_page) with ordinality as page (id, position)
  join public.booking_list l on l.id = page.id
  order by page.position;
end
$$;

comment on function public.search_booking_list(text, public.booking_status, integer, integer) is
  'Staff only: one page of the Bookings screen, newest first, searched on trigram indexes, with the number of matches in total_count.';

revoke execute on function public.search_booking_list(text, public.booking_status, integer, integer) from public, anon;
grant execute on function public.search_booking_list(text, public.booking_status, integer, integer) to authenticated, service_role;
