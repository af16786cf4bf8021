-- Stay requests that can be neither hoarded nor lost (issue 20).
--
-- * The client address: private.client_address() reads only what the trusted proxy in front set
--   (hosted: Cloudflare's cf-connecting-ip; the local gateway: the one x-forwarded-for entry it
--   writes after dropping every client-sent forwarding header). Limits count per address for
--   everyone; a request without an address is refused.
-- * Holds: a pending request holds its room until bookings.hold_expires_at (short until the guest
--   confirms from the e-mail, then long for the host to answer; public.booking_settings). An ended
--   hold never counts as occupancy, even before public.run_booking_timers() marks it 'expired'.
--   At most 2 open requests per e-mail address and per client address.
-- * E-mails: public.email_outbox, written in the same transaction as the change, delivered by the
--   `emails` edge function (claim with skip locked and a lease, retries with backoff, an alert
--   after the last try). Texts live in the function's templates, never here.
-- * The guest's private link: /booking/<reference>?token=…; only a hash of the token is stored
--   (private.booking_access_tokens), and the three guest functions answer one "not valid" error
--   for every wrong reference, token, expired or revoked link.

-- ---------------------------------------------------------------- the clock
-- Hold and outbox timings read private.clock_now(): now() plus an offset that only the database
-- owner can set. Tests move it to cross a boundary without sleeping; in production it is zero.
create table private.clock_offset (
  singleton boolean primary key default true constraint clock_offset_singleton check (singleton),
  offset_by interval not null default interval '0'
);
insert into private.clock_offset default values;
revoke all on table private.clock_offset from public, anon, authenticated, service_role;

create or replace function private.clock_now()
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select now() + coalesce((select c.offset_by from private.clock_offset c), interval '0')
$$;

-- ---------------------------------------------------------------- who is asking
-- The address the trusted proxy saw, or null. Hosted Supabase sits behind Cloudflare, which sets
-- cf-connecting-ip itself (a client-sent one is overwritten) and appends its address to any
-- x-forwarded-for the client sent; the local gateway drops every forwarding header a client sends
-- (cf-connecting-ip included) and writes x-forwarded-for with one entry. So: cf-connecting-ip
-- when present, else the last x-forwarded-for entry, the one the proxy wrote. Never x-real-ip,
-- forwarded or the first x-forwarded-for entry, which a client controls.
create or replace function private.client_address()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_headers json;
  v_candidate text;
begin
  begin
    v_headers := nullif(current_setting('request.headers', true), '')::json;
  exception when others then
    return null;
  end;
  if v_headers is null then
    return null;
  end if;
  v_candidate := nullif(btrim(v_headers ->> 'cf-connecting-ip'), '');
  if v_candidate is null then
    v_candidate := nullif(btrim(reverse(split_part(reverse(coalesce(v_headers ->> 'x-forwarded-for', '')), ',', 1))), '');
  end if;
  if v_candidate is null then
    return null;
  end if;
  begin
    return host(v_candidate::inet);
  exception when others then
    return null;
  end;
end
$$;
comment on function private.client_address() is
  'The caller''s address as the trusted proxy set it (cf-connecting-ip, else the last x-forwarded-for entry), or null.';

-- Every per-client limit keys on the address alone: signing in does not open a new bucket.
create or replace function private.request_client_key()
returns text
language sql
stable
set search_path = ''
as $$
  select 'ip:' || private.client_address()
$$;

-- ---------------------------------------------------------------- settings
create table public.booking_settings (
  singleton boolean primary key default true constraint booking_settings_singleton check (singleton),
  -- how long a new request holds its room until the guest confirms it from the e-mail
  unconfirmed_hold_minutes integer not null default 30
    constraint booking_settings_unconfirmed_hold_range check (unconfirmed_hold_minutes between 5 and 1440),
  -- how long a request the guest confirmed holds its room until the host answers
  confirmed_hold_hours integer not null default 48
    constraint booking_settings_confirmed_hold_range check (confirmed_hold_hours between 1 and 336),
  -- where new requests are announced; the site's contact e-mail when empty
  notification_email text
    constraint booking_settings_notification_email_format
    check (notification_email is null or (char_length(notification_email) <= 254 and notification_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.booking_settings is
  'One row: request hold durations and the booking notification address. Staff read, admins change.';
insert into public.booking_settings default values;

create trigger set_timestamps before insert or update on public.booking_settings
  for each row execute function private.set_timestamps();
create trigger audit_row_change after insert or update or delete on public.booking_settings
  for each row execute function private.audit_row_change();

alter table public.booking_settings enable row level security;
revoke all on table public.booking_settings from public, anon, authenticated;
grant select, update (unconfirmed_hold_minutes, confirmed_hold_hours, notification_email)
  on table public.booking_settings to authenticated;
grant all on table public.booking_settings to service_role;
create policy "staff read booking settings" on public.booking_settings
  for select to authenticated using ((select public.is_staff()));
create policy "admins change booking settings" on public.booking_settings
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create or replace function private.booking_settings()
returns public.booking_settings
language sql
stable
security definer
set search_path = ''
as $$
  select s from public.booking_settings s where s.singleton
$$;

-- ---------------------------------------------------------------- bookings: holds and language
alter table public.bookings
  add column hold_expires_at timestamptz,
  add column guest_confirmed_at timestamptz,
  add column guest_language text not null default 'en'
    constraint bookings_guest_language_known check (guest_language in ('en', 'it', 'fr'));
comment on column public.bookings.hold_expires_at is
  'A pending request holds its room until then; afterwards its nights are free and it becomes expired.';
comment on column public.bookings.guest_confirmed_at is
  'When the guest confirmed the request from the acknowledgement e-mail.';

-- requests that were pending before holds existed get the host's answering time from now
update public.bookings set hold_expires_at = now() + interval '48 hours' where status = 'pending';

create index bookings_pending_hold_idx on public.bookings (hold_expires_at) where status = 'pending';

-- A pending booking without a hold (an admin's insert) gets the host's answering time.
create or replace function private.bookings_default_hold()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'pending' and new.hold_expires_at is null then
    new.hold_expires_at := private.clock_now()
      + make_interval(hours => (private.booking_settings()).confirmed_hold_hours);
  end if;
  return new;
end
$$;
create trigger default_hold before insert on public.bookings
  for each row execute function private.bookings_default_hold();

-- Whether a booking takes its room's nights: not cancelled or expired, and a pending one only
-- while its hold lasts. The one statement of occupancy for bookings.
create or replace function private.booking_occupies(p_status public.booking_status, p_hold_expires_at timestamptz)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_status not in ('cancelled', 'expired')
    and (p_status <> 'pending' or p_hold_expires_at is null or p_hold_expires_at > private.clock_now())
$$;

create or replace function private.room_has_overlap(p_room_id uuid, p_check_in date, p_check_out date, p_except uuid default null)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.bookings b
    where b.room_id = p_room_id and b.id is distinct from p_except
      and private.booking_occupies(b.status, b.hold_expires_at)
      and b.check_in_date < p_check_out and p_check_in < b.check_out_date
  ) or exists (
    select 1 from public.external_blocks e
    where e.room_id = p_room_id and e.id is distinct from p_except and e.status = 'active'
      and e.check_in_date < p_check_out and p_check_in < e.check_out_date
  ) or exists (
    select 1 from public.manual_blocks m
    where m.room_id = p_room_id and m.id is distinct from p_except
      and m.check_in_date < p_check_out and p_check_in < m.check_out_date
  )
$$;

-- The check only a booking that did not already take its nights needs: a booking that starts to
-- occupy (inserted, confirmed after its hold ended, an expired one confirmed by staff) or moves.
create or replace function private.bookings_prevent_overlap()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.booking_occupies(new.status, new.hold_expires_at) then
    return new;
  end if;
  if tg_op = 'UPDATE' and private.booking_occupies(old.status, old.hold_expires_at) and new.room_id = old.room_id
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
drop trigger prevent_overlap on public.bookings;
create trigger prevent_overlap
  before insert or update of room_id, check_in_date, check_out_date, status, hold_expires_at on public.bookings
  for each row execute function private.bookings_prevent_overlap();

-- Status transitions: pending -> confirmed -> checked_in -> checked_out; cancelled from pending,
-- confirmed or checked_in; pending -> expired once its hold has ended; an expired request can
-- still be confirmed (if its nights are free: the overlap trigger) or cancelled. Staff (non-admin
-- API users) change the status only.
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
      or (old.status = 'pending' and new.status = 'expired' and old.hold_expires_at <= private.clock_now())
      or (old.status = 'expired' and new.status in ('confirmed', 'cancelled'))
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

-- The export feeds list what occupies the room, by the same rule.
create or replace function public.channel_export_events(p_token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_feed public.channel_feeds;
  v_today date := (now() at time zone 'Europe/Rome')::date;
  v_until date := ((now() at time zone 'Europe/Rome')::date + interval '18 months')::date;
begin
  select * into v_feed from public.channel_feeds where export_token = p_token;
  if not found then
    return null;
  end if;
  return jsonb_build_object(
    'room_id', v_feed.room_id,
    'platform', v_feed.platform,
    'events', coalesce((
      select jsonb_agg(jsonb_build_object('uid', t.uid, 'check_in', t.check_in, 'check_out', t.check_out, 'stamp', t.stamp)
                       order by t.check_in, t.uid)
      from (
        select 'booking-' || b.id as uid, b.check_in_date as check_in, b.check_out_date as check_out, b.updated_at as stamp
        from public.bookings b
        where b.room_id = v_feed.room_id and private.booking_occupies(b.status, b.hold_expires_at)
          and b.check_out_date > v_today and b.check_in_date < v_until
        union all
        select 'block-' || m.id, m.check_in_date, m.check_out_date, m.updated_at
        from public.manual_blocks m
        where m.room_id = v_feed.room_id and m.check_out_date > v_today and m.check_in_date < v_until
        union all
        select 'channel-' || e.id, e.check_in_date, e.check_out_date, e.updated_at
        from public.external_blocks e join public.channel_feeds f on f.id = e.feed_id
        where e.room_id = v_feed.room_id and e.status = 'active' and f.platform <> v_feed.platform
          and e.check_out_date > v_today and e.check_in_date < v_until
      ) t
    ), '[]'::jsonb)
  );
end
$$;

-- ---------------------------------------------------------------- who asked for what (not exposed)
-- One row per stored request: the address and e-mail the open-request limits count.
create table private.booking_request_origins (
  booking_id uuid primary key references public.bookings (id) on delete cascade,
  client_address text not null,
  email_key text not null,
  created_at timestamptz not null default now()
);
create index booking_request_origins_address_idx on private.booking_request_origins (client_address);
create index booking_request_origins_email_idx on private.booking_request_origins (email_key);
revoke all on table private.booking_request_origins from public, anon, authenticated;

-- ---------------------------------------------------------------- the guest's private link
create table private.booking_access_tokens (
  booking_id uuid primary key references public.bookings (id) on delete cascade,
  token_hash bytea not null constraint booking_access_tokens_hash_key unique,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
revoke all on table private.booking_access_tokens from public, anon, authenticated;

-- A new link for the booking (the previous one stops working); returns the token itself, which
-- is stored only as its hash. Valid until 30 days after check-out.
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
  values (p_booking.id, extensions.digest(v_token, 'sha256'), (p_booking.check_out_date + 30)::timestamptz)
  on conflict (booking_id) do update
    set token_hash = excluded.token_hash, expires_at = excluded.expires_at, revoked_at = null, created_at = now();
  return v_token;
end
$$;

-- The booking the link names, or the one refusal for everything else.
create or replace function private.booking_for_link(p_reference text, p_token text)
returns public.bookings
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
begin
  select b.* into v_booking
  from public.bookings b
  join private.booking_access_tokens t on t.booking_id = b.id
  where b.reference = upper(btrim(coalesce(p_reference, '')))
    and t.token_hash = extensions.digest(coalesce(p_token, ''), 'sha256')
    and t.revoked_at is null
    and t.expires_at > private.clock_now();
  if v_booking.id is null then
    raise exception 'This link is not valid.' using errcode = 'P0001', hint = 'link_not_valid';
  end if;
  return v_booking;
end
$$;

-- ---------------------------------------------------------------- the e-mail outbox
create type public.email_status as enum ('pending', 'sent', 'failed');

create or replace function private.email_kinds()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array[
    'request_received_host', 'request_acknowledgement', 'request_confirmed_by_guest_host',
    'booking_confirmed', 'booking_cancelled', 'booking_cancelled_by_guest_host', 'request_expired',
    'arrival_reminder', 'review_request'
  ]
$$;

create table public.email_outbox (
  id uuid primary key default gen_random_uuid(),
  kind text not null constraint email_outbox_kind_known check (kind = any (private.email_kinds())),
  recipient text not null constraint email_outbox_recipient_format
    check (char_length(recipient) <= 254 and recipient ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  language text not null default 'en' constraint email_outbox_language_known check (language in ('en', 'it', 'fr')),
  booking_id uuid references public.bookings (id) on delete set null,
  -- what the template needs (a link token among it): readable by the dispatcher only
  data jsonb not null default '{}'::jsonb,
  status public.email_status not null default 'pending',
  attempt_count integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_attempt_at timestamptz,
  last_error text,
  provider_message_id text,
  sent_at timestamptz,
  resend_of uuid references public.email_outbox (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.email_outbox is
  'E-mails to hosts and guests, written with the change that causes them; sent by the emails function.';
create index email_outbox_due_idx on public.email_outbox (next_attempt_at) where status = 'pending';
create index email_outbox_booking_idx on public.email_outbox (booking_id, created_at);
create index email_outbox_resend_of_idx on public.email_outbox (resend_of);
create unique index email_outbox_one_reminder_idx on public.email_outbox (booking_id)
  where kind = 'arrival_reminder' and resend_of is null;

create trigger set_timestamps before insert or update on public.email_outbox
  for each row execute function private.set_timestamps();

alter table public.email_outbox enable row level security;
revoke all on table public.email_outbox from public, anon, authenticated;
-- staff see the log on each booking card, never the data (links carry the guest's token)
grant select (id, kind, recipient, language, booking_id, status, attempt_count, next_attempt_at, last_attempt_at,
  last_error, sent_at, resend_of, created_at, updated_at) on table public.email_outbox to authenticated;
grant all on table public.email_outbox to service_role;
create policy "staff read e-mails" on public.email_outbox
  for select to authenticated using ((select public.is_staff()));

create or replace function private.enqueue_email(
  p_kind text,
  p_recipient text,
  p_booking_id uuid,
  p_data jsonb,
  p_language text default 'en'
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  insert into public.email_outbox (kind, recipient, booking_id, data, language, next_attempt_at)
  values (p_kind, p_recipient, p_booking_id, coalesce(p_data, '{}'::jsonb), coalesce(p_language, 'en'), private.clock_now())
  returning id into v_id;
  return v_id;
end
$$;

-- Where the host hears of requests: the settings' address, else the site's contact e-mail.
create or replace function private.host_email()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    nullif(btrim((private.booking_settings()).notification_email), ''),
    nullif(btrim((select c.value from public.site_content c where c.key = 'contact_email')), ''),
    'info@colosseumguesthouse.example'
  )
$$;

-- The facts every booking e-mail shows, as the template reads them.
create or replace function private.booking_email_data(p_booking public.bookings)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'booking_id', p_booking.id,
    'reference', p_booking.reference,
    'status', p_booking.status,
    'guest_name', p_booking.guest_name,
    'guest_email', p_booking.guest_email,
    'guest_phone', p_booking.guest_phone,
    'room_name', r.name,
    'room_number', r.room_number,
    'check_in', p_booking.check_in_date,
    'check_out', p_booking.check_out_date,
    'nights', p_booking.check_out_date - p_booking.check_in_date,
    'guests', p_booking.guests,
    'total_amount', p_booking.total_amount,
    'discount_amount', p_booking.discount_amount,
    'promo_code', p_booking.promo_code,
    'special_requests', p_booking.special_requests,
    'hold_expires_at', p_booking.hold_expires_at,
    'guest_confirmed', p_booking.guest_confirmed_at is not null,
    'house_address', (select nullif(btrim(c.value), '') from public.site_content c where c.key = 'contact_address'),
    'house_phone', (select nullif(btrim(c.value), '') from public.site_content c where c.key = 'contact_phone')
  )
  from public.rooms r where r.id = p_booking.room_id
$$;

-- The guest's e-mails follow the booking's status; the host's new-request e-mail is written by
-- request_booking (it carries the origin), the guest's acknowledgement too (it carries the link).
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
    perform private.enqueue_email(v_kind, new.guest_email, new.id, private.booking_email_data(new), new.guest_language);
  end if;
  return null;
end
$$;
create trigger enqueue_emails after update of status on public.bookings
  for each row execute function private.bookings_enqueue_emails();

-- Staff: send one of a booking's e-mails again (a new outbox row with the same content).
create or replace function public.resend_booking_email(p_email_id uuid)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  if not public.is_staff() then
    raise exception 'Only staff can resend e-mails.' using errcode = '42501';
  end if;
  insert into public.email_outbox (kind, recipient, language, booking_id, data, resend_of, next_attempt_at)
  select e.kind, e.recipient, e.language, e.booking_id, e.data, e.id, private.clock_now()
  from public.email_outbox e where e.id = p_email_id and e.booking_id is not null
  returning id into v_id;
  if v_id is null then
    raise exception 'E-mail not found.' using errcode = 'P0002';
  end if;
  return v_id;
end
$$;

-- The dispatcher (service role): claims due e-mails with row locks that skip what another
-- dispatcher is claiming, and a lease that keeps them away from it while they are sent.
create or replace function public.claim_emails(p_limit integer default 20, p_lease_seconds integer default 60)
returns table (
  email_id uuid,
  kind text,
  recipient text,
  language text,
  data jsonb,
  attempt integer
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  return query
  with due as (
    select e.id
    from public.email_outbox e
    where e.status = 'pending'
      and e.next_attempt_at <= private.clock_now()
      and (e.locked_until is null or e.locked_until <= private.clock_now())
    order by e.next_attempt_at
    limit greatest(1, least(p_limit, 100))
    for update skip locked
  )
  update public.email_outbox e
  set locked_until = private.clock_now() + make_interval(secs => p_lease_seconds), attempt_count = e.attempt_count + 1
  from due
  where e.id = due.id
  returning e.id, e.kind, e.recipient, e.language, e.data, e.attempt_count;
end
$$;

-- Records one attempt: sent, or the next try after 10 s, 1 min, 5 min, 30 min, 2 h (each ±10 %),
-- or failed after the sixth try, with an alert for the admins. Returns 'sent', 'retry' or 'failed'.
create or replace function public.record_email_attempt(
  p_email_id uuid,
  p_sent boolean,
  p_error text default null,
  p_provider_message_id text default null
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c_backoff constant integer[] := array[10, 60, 300, 1800, 7200];
  v_email public.email_outbox;
begin
  select * into v_email from public.email_outbox where id = p_email_id for update;
  if v_email.id is null then
    raise exception 'E-mail not found.' using errcode = 'P0002';
  end if;
  if v_email.status <> 'pending' then
    return v_email.status::text;
  end if;
  update public.email_outbox set locked_until = null, last_attempt_at = private.clock_now(), last_error = left(p_error, 500)
  where id = p_email_id;
  if p_sent then
    update public.email_outbox
    set status = 'sent', sent_at = private.clock_now(), provider_message_id = left(p_provider_message_id, 200),
        -- a sent e-mail's link token is not kept in the outbox
        data = data - 'token'
    where id = p_email_id;
    return 'sent';
  end if;
  if v_email.attempt_count > cardinality(c_backoff) then
    update public.email_outbox set status = 'failed' where id = p_email_id;
    perform private.raise_alert(
      'email_delivery_failed',
      'medium',
      format('An e-mail (%s) to %s could not be delivered: %s', v_email.kind, v_email.recipient, left(coalesce(p_error, 'unknown error'), 200)),
      'email:' || v_email.id,
      jsonb_build_object('email_id', v_email.id, 'kind', v_email.kind, 'booking_id', v_email.booking_id)
    );
    return 'failed';
  end if;
  update public.email_outbox
  set next_attempt_at = private.clock_now()
    + make_interval(secs => c_backoff[greatest(v_email.attempt_count, 1)] * (0.9 + random() * 0.2))
  where id = p_email_id;
  return 'retry';
end
$$;

-- ---------------------------------------------------------------- request_booking
-- Public booking request: validates everything again, limits per client address (10 per 10
-- minutes; at most 2 open requests per address and per e-mail address), applies a promo code
-- (counting the use atomically), prices the stay on the server and stores a pending booking that
-- holds its room for the unconfirmed hold. The host's and the guest's e-mails are written in the
-- same transaction. Returns {booking_id, reference, nights, price_per_night, subtotal,
-- discount_percentage, discount_amount, total_amount, hold_expires_at}.
drop function public.request_booking(uuid, date, date, integer, text, text, text, text, text);
create function public.request_booking(
  p_room_id uuid,
  p_check_in date,
  p_check_out date,
  p_guests integer,
  p_guest_name text,
  p_guest_email text,
  p_guest_phone text default null,
  p_special_requests text default null,
  p_promo_code text default null,
  p_language text default 'en'
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
  c_open_requests constant integer := 2;
  v_name text := btrim(coalesce(p_guest_name, ''));
  v_email text := btrim(coalesce(p_guest_email, ''));
  v_email_key text := lower(btrim(coalesce(p_guest_email, '')));
  v_phone text := nullif(btrim(coalesce(p_guest_phone, '')), '');
  v_requests text := nullif(btrim(coalesce(p_special_requests, '')), '');
  v_code text := nullif(upper(btrim(coalesce(p_promo_code, ''))), '');
  v_language text := coalesce(nullif(btrim(p_language), ''), 'en');
  v_address text := private.client_address();
  v_room public.rooms;
  v_promo public.room_promo_codes;
  v_pct integer := 0;
  v_nights integer;
  v_subtotal numeric(10, 2);
  v_discount numeric(10, 2) := 0;
  v_total numeric(10, 2);
  v_booking public.bookings;
  v_token text;
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
  if v_language not in ('en', 'it', 'fr') then
    v_language := 'en';
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

  -- who is asking: one bucket per address, whoever is signed in; no address, no request
  if v_address is null then
    raise exception 'We could not tell where your request comes from, so it was not sent. Please try again.'
      using errcode = 'P0001';
  end if;
  -- serialised per address and per e-mail address so parallel requests count correctly
  perform pg_advisory_xact_lock(hashtext('request_booking:ip:' || v_address));
  perform pg_advisory_xact_lock(hashtext('request_booking:email:' || v_email_key));
  if (
    select count(*) from private.rate_limit_hits h
    where h.action = 'request_booking' and h.client_key = 'ip:' || v_address and h.created_at > now() - c_rate_window
  ) >= c_rate_limit then
    raise exception 'Too many booking requests. Please try again in a few minutes.' using errcode = 'P0001';
  end if;
  if (
    select count(*) from private.booking_request_origins o join public.bookings b on b.id = o.booking_id
    where o.client_address = v_address and b.status = 'pending' and b.hold_expires_at > private.clock_now()
  ) >= c_open_requests then
    raise exception 'You already have 2 requests waiting for an answer. Please confirm or cancel one of them, or wait for the host''s reply.'
      using errcode = 'P0001';
  end if;
  if (
    select count(*) from private.booking_request_origins o join public.bookings b on b.id = o.booking_id
    where o.email_key = v_email_key and b.status = 'pending' and b.hold_expires_at > private.clock_now()
  ) >= c_open_requests then
    raise exception 'This e-mail address already has 2 requests waiting for an answer. Please confirm or cancel one of them, or wait for the host''s reply.'
      using errcode = 'P0001';
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
    total_amount, discount_amount, promo_code, status, special_requests, guest_language, hold_expires_at
  ) values (
    p_room_id, v_name, v_email, v_phone, p_check_in, p_check_out, p_guests,
    v_total, v_discount, case when v_pct > 0 then v_code end, 'pending', v_requests, v_language,
    private.clock_now() + make_interval(mins => (private.booking_settings()).unconfirmed_hold_minutes)
  )
  returning * into v_booking;

  insert into private.booking_request_origins (booking_id, client_address, email_key)
  values (v_booking.id, v_address, v_email_key);
  insert into private.rate_limit_hits (action, client_key) values ('request_booking', 'ip:' || v_address);
  delete from private.rate_limit_hits h
  where h.action = 'request_booking' and h.client_key = 'ip:' || v_address and h.created_at < now() - c_rate_window;

  v_token := private.issue_booking_token(v_booking);
  perform private.enqueue_email('request_received_host', private.host_email(), v_booking.id,
    private.booking_email_data(v_booking), 'en');
  perform private.enqueue_email('request_acknowledgement', v_booking.guest_email, v_booking.id,
    private.booking_email_data(v_booking) || jsonb_build_object('token', v_token), v_language);

  return jsonb_build_object(
    'booking_id', v_booking.id,
    'reference', v_booking.reference,
    'nights', v_nights,
    'price_per_night', v_room.price_per_night,
    'subtotal', v_subtotal,
    'discount_percentage', v_pct,
    'discount_amount', v_discount,
    'total_amount', v_total,
    'hold_expires_at', v_booking.hold_expires_at
  );
end
$$;

-- ---------------------------------------------------------------- the guest's link (anyone with it)
-- The spec's free cancellation: more than 24 hours before check-in (the check-in day's start in Rome).
create or replace function private.guest_may_cancel(p_booking public.bookings)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select (p_booking.status = 'confirmed'
      or (p_booking.status = 'pending' and p_booking.hold_expires_at > private.clock_now()))
    and (p_booking.check_in_date::timestamp at time zone 'Europe/Rome') - private.clock_now() > interval '24 hours'
$$;

-- What the private page shows: {reference, status, room_name, check_in, check_out, nights, guests,
-- total_amount, discount_amount, promo_code, hold_expires_at, guest_confirmed, can_confirm, can_cancel}.
create or replace function private.booking_link_view(p_booking public.bookings)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'reference', p_booking.reference,
    'status', case when p_booking.status = 'pending' and p_booking.hold_expires_at <= private.clock_now()
      then 'expired' else p_booking.status::text end,
    'guest_name', p_booking.guest_name,
    'room_name', r.name,
    'check_in', p_booking.check_in_date,
    'check_out', p_booking.check_out_date,
    'nights', p_booking.check_out_date - p_booking.check_in_date,
    'guests', p_booking.guests,
    'total_amount', p_booking.total_amount,
    'discount_amount', p_booking.discount_amount,
    'promo_code', p_booking.promo_code,
    'hold_expires_at', case when p_booking.status = 'pending' then p_booking.hold_expires_at end,
    'guest_confirmed', p_booking.guest_confirmed_at is not null,
    'can_confirm', p_booking.status = 'pending' and p_booking.guest_confirmed_at is null
      and p_booking.hold_expires_at > private.clock_now(),
    'can_cancel', private.guest_may_cancel(p_booking)
  )
  from public.rooms r where r.id = p_booking.room_id
$$;

create or replace function public.booking_by_link(p_reference text, p_token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return private.booking_link_view(private.booking_for_link(p_reference, p_token));
end
$$;

-- The guest confirms the request: the hold becomes the host's answering time; the host is told.
create or replace function public.confirm_booking_request(p_reference text, p_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings := private.booking_for_link(p_reference, p_token);
begin
  select * into v_booking from public.bookings where id = v_booking.id for update;
  if v_booking.status = 'pending' and v_booking.guest_confirmed_at is null then
    if v_booking.hold_expires_at <= private.clock_now() then
      raise exception 'This request has expired: its dates are no longer held. Please send a new request.'
        using errcode = 'P0001';
    end if;
    update public.bookings
    set guest_confirmed_at = private.clock_now(),
        hold_expires_at = private.clock_now() + make_interval(hours => (private.booking_settings()).confirmed_hold_hours)
    where id = v_booking.id
    returning * into v_booking;
    perform private.enqueue_email('request_confirmed_by_guest_host', private.host_email(), v_booking.id,
      private.booking_email_data(v_booking), 'en');
  end if;
  return private.booking_link_view(v_booking);
end
$$;

-- The guest cancels while the free-cancellation rule allows; the host is told.
create or replace function public.cancel_booking_request(p_reference text, p_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings := private.booking_for_link(p_reference, p_token);
begin
  select * into v_booking from public.bookings where id = v_booking.id for update;
  if v_booking.status = 'cancelled' then
    return private.booking_link_view(v_booking);
  end if;
  if not private.guest_may_cancel(v_booking) then
    raise exception 'This booking can no longer be cancelled online. Please contact us.' using errcode = 'P0001';
  end if;
  update public.bookings set status = 'cancelled' where id = v_booking.id returning * into v_booking;
  perform private.enqueue_email('booking_cancelled_by_guest_host', private.host_email(), v_booking.id,
    private.booking_email_data(v_booking), 'en');
  return private.booking_link_view(v_booking);
end
$$;

-- Staff: the guest's link stops working at once.
create or replace function public.revoke_booking_link(p_booking_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only staff can revoke a guest link.' using errcode = '42501';
  end if;
  update private.booking_access_tokens set revoked_at = now() where booking_id = p_booking_id and revoked_at is null;
end
$$;

-- ---------------------------------------------------------------- timers (service role, every minute)
-- Ends the holds that have run out (the bookings become expired, the guests are told) and writes
-- the arrival reminders for confirmed stays that start in three days. Returns {expired, reminders}.
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
  select 'arrival_reminder', b.guest_email, b.guest_language, b.id, private.booking_email_data(b), private.clock_now()
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

-- ---------------------------------------------------------------- dashboard
-- Pending Actions counts the requests whose hold ends within 6 hours; Registered Guests counts
-- the accounts without a staff or admin role.
drop function public.admin_dashboard_stats();
create function public.admin_dashboard_stats()
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
security definer
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
        (count(*) filter (where status = 'pending' and hold_expires_at > private.clock_now()
          and hold_expires_at <= private.clock_now() + interval '6 hours'))::integer as pending_bookings,
        coalesce(sum(total_amount) filter (where status in ('confirmed', 'checked_in', 'checked_out')), 0)::numeric(12, 2) as revenue
      from public.bookings
    ) b,
    (
      select count(*)::integer as registered_guests from public.profiles pr
      where not exists (select 1 from public.user_roles ur where ur.user_id = pr.user_id and ur.role in ('staff', 'admin'))
    ) p;
end
$$;
comment on function public.admin_dashboard_stats() is
  'Dashboard figures for staff: rooms (total, occupied, in maintenance or out of order), bookings '
  '(active = confirmed or checked in; pending = requests whose hold ends within 6 hours), revenue '
  '(confirmed, checked in and checked out, all time), guest accounts (no staff or admin role). '
  'Security definer for the hold clock; staff only.';

-- ---------------------------------------------------------------- function privileges
revoke execute on all functions in schema private from public, anon, authenticated;

revoke execute on function
  public.request_booking(uuid, date, date, integer, text, text, text, text, text, text),
  public.booking_by_link(text, text),
  public.confirm_booking_request(text, text),
  public.cancel_booking_request(text, text),
  public.revoke_booking_link(uuid),
  public.resend_booking_email(uuid),
  public.claim_emails(integer, integer),
  public.record_email_attempt(uuid, boolean, text, text),
  public.run_booking_timers(),
  public.admin_dashboard_stats()
from public, anon, authenticated;
grant execute on function
  public.request_booking(uuid, date, date, integer, text, text, text, text, text, text),
  public.booking_by_link(text, text),
  public.confirm_booking_request(text, text),
  public.cancel_booking_request(text, text)
to anon, authenticated;
grant execute on function public.revoke_booking_link(uuid), public.resend_booking_email(uuid), public.admin_dashboard_stats()
to authenticated;
grant execute on function
  public.claim_emails(integer, integer),
  public.record_email_attempt(uuid, boolean, text, text),
  public.run_booking_timers(),
  public.admin_dashboard_stats()
to service_role;
