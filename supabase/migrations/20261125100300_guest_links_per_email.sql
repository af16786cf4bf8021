-- Every guest e-mail carries a working private link, and the Bookings search finds a reference.
--
-- * A booking may have several link tokens: each guest e-mail (acknowledgement, confirmed,
--   cancelled, expired, arrival reminder, and a resent copy) gets a token of its own, written into
--   its outbox data and removed from it once sent; only the hashes stay, in
--   private.booking_access_tokens. Revoking a booking's link revokes all of them.
-- * search_booking_list also matches a booking reference exactly (the host e-mail's
--   /admin/bookings?search=CG-XXXXXX link), on the reference's unique index.

alter table private.booking_access_tokens drop constraint booking_access_tokens_pkey;
alter table private.booking_access_tokens add primary key (token_hash);
alter table private.booking_access_tokens drop constraint booking_access_tokens_hash_key;
create index booking_access_tokens_booking_idx on private.booking_access_tokens (booking_id);

-- A new link for the booking, valid until 30 days after check-out; returns the token itself,
-- which is stored only as its hash.
create or replace function private.issue_booking_token(p_booking public.bookings)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_token text := translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_');
begin
  insert into private.booking_access_tokens (booking_id, token_hash, expires_at)
  values (p_booking.id, extensions.digest(v_token, 'sha256'), (p_booking.check_out_date + 30)::timestamptz);
  return v_token;
end
$$;

-- A guest e-mail's data: the booking's facts and a link token of its own.
create or replace function private.guest_email_data(p_booking public.bookings)
returns jsonb
language sql
volatile
security definer
set search_path = ''
as $$
  select private.booking_email_data(p_booking) || jsonb_build_object('token', private.issue_booking_token(p_booking))
$$;

create or replace function private.bookings_enqueue_emails()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind text;
begin
  if new.status is not distinct from old.status then
    return null;
  end if;
  v_kind := case new.status
    when 'confirmed' then 'booking_confirmed'
    when 'cancelled' then 'booking_cancelled'
    when 'expired' then 'request_expired'
  end;
  if v_kind is not null then
    perform private.enqueue_email(v_kind, new.guest_email, new.id, private.guest_email_data(new), new.guest_language);
  end if;
  return null;
end
$$;

-- A resent guest e-mail gets a new link (the first one's token left the outbox when it was sent).
create or replace function public.resend_booking_email(p_email_id uuid)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_email public.email_outbox;
  v_booking public.bookings;
  v_id uuid;
begin
  if not public.is_staff() then
    raise exception 'Only staff can resend e-mails.' using errcode = '42501';
  end if;
  select * into v_email from public.email_outbox e where e.id = p_email_id and e.booking_id is not null;
  if v_email.id is null then
    raise exception 'E-mail not found.' using errcode = 'P0002';
  end if;
  select * into v_booking from public.bookings b where b.id = v_email.booking_id;
  insert into public.email_outbox (kind, recipient, language, booking_id, data, resend_of, next_attempt_at)
  values (
    v_email.kind, v_email.recipient, v_email.language, v_email.booking_id,
    case when v_email.kind like '%\_host' then private.booking_email_data(v_booking)
      else private.guest_email_data(v_booking) end,
    v_email.id, private.clock_now()
  )
  returning id into v_id;
  return v_id;
end
$$;

create or replace function public.run_booking_timers()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_expired integer;
  v_reminders integer;
  v_today date := (private.clock_now() at time zone 'Europe/Rome')::date;
begin
  update public.bookings set status = 'expired'
  where status = 'pending' and hold_expires_at <= private.clock_now();
  get diagnostics v_expired = row_count;

  insert into public.email_outbox (kind, recipient, language, booking_id, data, next_attempt_at)
  select 'arrival_reminder', b.guest_email, b.guest_language, b.id, private.guest_email_data(b), private.clock_now()
  from public.bookings b
  where b.status = 'confirmed' and b.check_in_date = v_today + 3
    and not exists (
      select 1 from public.email_outbox e
      where e.booking_id = b.id and e.kind = 'arrival_reminder' and e.resend_of is null
    )
  on conflict do nothing;
  get diagnostics v_reminders = row_count;
  return jsonb_build_object('expired', v_expired, 'reminders', v_reminders);
end
$$;

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
    -- each column on its own index (an OR of them is not planned that way)
    v_matches := array(
      select b.id from public.bookings b where b.guest_name ilike v_pattern
      union
      select b.id from public.bookings b where b.guest_email ilike v_pattern
      union
      select b.id from public.bookings b join public.rooms r on r.id = b.room_id where r.room_number ilike v_pattern
      union
      select b.id from public.bookings b where b.reference = upper(v_text)
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

revoke execute on all functions in schema private from public, anon, authenticated;
