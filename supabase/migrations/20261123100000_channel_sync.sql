-- Channel calendar sync: per-room iCalendar feeds with Booking.com, Expedia, Hotels.com and Airbnb,
-- blocks imported from them, manual blocks (maintenance, owner stay), the platforms' API keys and
-- a record of every sync run. One rule for occupancy: bookings, active external blocks and manual
-- blocks of a room never overlap, whichever path writes them.

create type public.channel_platform as enum ('booking', 'expedia', 'hotels', 'airbnb');
create type public.external_block_status as enum ('active', 'conflict', 'cancelled');
create type public.manual_block_reason as enum ('maintenance', 'owner_stay', 'other');

-- ---------------------------------------------------------------- channel feeds
-- One row per room and platform (created with the room): the secret export token and the URL
-- of the platform's calendar to import (null until the admin pastes one).
create table public.channel_feeds (
  id uuid primary key default gen_random_uuid(),
  room_id uuid not null references public.rooms (id) on delete cascade,
  platform public.channel_platform not null,
  import_url text constraint channel_feeds_import_url_format
    check (import_url is null or (char_length(import_url) <= 2000 and import_url ~ '^https?://[^\s]+$')),
  export_token text not null default encode(extensions.gen_random_bytes(24), 'hex')
    constraint channel_feeds_export_token_key unique,
  etag text,
  last_synced_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint channel_feeds_room_platform_key unique (room_id, platform)
);
comment on table public.channel_feeds is
  'Per room and platform: secret export token (never readable through the API; admins get it from channel_export_tokens()) and import URL.';
create index channel_feeds_platform_idx on public.channel_feeds (platform) where import_url is not null;

-- ---------------------------------------------------------------- external blocks
-- Events imported from a feed. status: active (the room is taken), conflict (collides with a
-- booking or another block; kept and alerted, takes nothing), cancelled.
create table public.external_blocks (
  id uuid primary key default gen_random_uuid(),
  feed_id uuid not null references public.channel_feeds (id) on delete cascade,
  room_id uuid not null references public.rooms (id) on delete cascade,
  event_uid text not null constraint external_blocks_uid_length check (char_length(event_uid) between 1 and 500),
  summary text constraint external_blocks_summary_length check (summary is null or char_length(summary) <= 200),
  check_in_date date not null,
  check_out_date date not null,
  status public.external_block_status not null default 'active',
  -- syncs in a row whose feed no longer had the event
  missed_syncs integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint external_blocks_dates_order check (check_out_date > check_in_date),
  constraint external_blocks_feed_uid_key unique (feed_id, event_uid)
);
comment on table public.external_blocks is 'Stays and closures imported from channel calendars (Europe/Rome dates, check-out exclusive).';
create index external_blocks_room_dates_idx on public.external_blocks (room_id, check_in_date, check_out_date);
create index external_blocks_dates_idx on public.external_blocks (check_in_date, check_out_date);
create index external_blocks_conflicts_idx on public.external_blocks (feed_id) where status = 'conflict';

-- ---------------------------------------------------------------- manual blocks
create table public.manual_blocks (
  id uuid primary key default gen_random_uuid(),
  room_id uuid not null references public.rooms (id) on delete cascade,
  check_in_date date not null,
  check_out_date date not null,
  reason public.manual_block_reason not null default 'maintenance',
  note text constraint manual_blocks_note_length check (note is null or char_length(note) <= 200),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint manual_blocks_dates_order check (check_out_date > check_in_date)
);
comment on table public.manual_blocks is 'Dates staff close a room (maintenance, owner stay). Staff read and write.';
create index manual_blocks_room_dates_idx on public.manual_blocks (room_id, check_in_date, check_out_date);
create index manual_blocks_dates_idx on public.manual_blocks (check_in_date, check_out_date);
create index manual_blocks_created_by_idx on public.manual_blocks (created_by);

-- ---------------------------------------------------------------- sync runs
create table public.channel_sync_runs (
  id uuid primary key default gen_random_uuid(),
  feed_id uuid not null references public.channel_feeds (id) on delete cascade,
  room_id uuid not null references public.rooms (id) on delete cascade,
  platform public.channel_platform not null,
  trigger text not null constraint channel_sync_runs_trigger_known check (trigger in ('manual', 'scheduled')),
  started_at timestamptz not null,
  finished_at timestamptz not null default now(),
  http_status integer,
  created_count integer not null default 0,
  updated_count integer not null default 0,
  cancelled_count integer not null default 0,
  conflict_count integer not null default 0,
  unchanged_count integer not null default 0,
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.channel_sync_runs is 'One row per feed fetched (manual Sync Rooms or the 10-minute schedule). Admin read.';
create index channel_sync_runs_started_idx on public.channel_sync_runs (started_at desc);
create index channel_sync_runs_feed_started_idx on public.channel_sync_runs (feed_id, started_at desc);
create index channel_sync_runs_room_idx on public.channel_sync_runs (room_id);

-- ---------------------------------------------------------------- platform API keys (never exposed)
create table private.platform_api_keys (
  platform public.channel_platform primary key,
  api_key text not null constraint platform_api_keys_length check (char_length(api_key) between 4 and 200),
  updated_by uuid references auth.users (id) on delete set null,
  updated_at timestamptz not null default now()
);
create index platform_api_keys_updated_by_idx on private.platform_api_keys (updated_by);

-- ---------------------------------------------------------------- timestamps and audit
create trigger set_timestamps before insert or update on public.channel_feeds
  for each row execute function private.set_timestamps();
create trigger set_timestamps before insert or update on public.external_blocks
  for each row execute function private.set_timestamps();
create trigger set_timestamps before insert or update on public.manual_blocks
  for each row execute function private.set_timestamps();
create trigger set_timestamps before insert or update on public.channel_sync_runs
  for each row execute function private.set_timestamps();

-- Staff and admins change these two; external blocks and runs are written by the sync only.
-- Feeds: only what an admin changes (the sync's bookkeeping columns would flood the trail).
create trigger audit_row_change after insert or delete or update of import_url, export_token on public.channel_feeds
  for each row execute function private.audit_row_change();
create trigger audit_row_change after insert or update or delete on public.manual_blocks
  for each row execute function private.audit_row_change();

-- Every room gets a feed per platform, so each has its export URLs from the start.
create or replace function private.rooms_create_channel_feeds()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.channel_feeds (room_id, platform)
  select new.id, p from unnest(enum_range(null::public.channel_platform)) p
  on conflict (room_id, platform) do nothing;
  return null;
end
$$;

create trigger create_channel_feeds after insert on public.rooms
  for each row execute function private.rooms_create_channel_feeds();

insert into public.channel_feeds (room_id, platform)
select r.id, p from public.rooms r cross join unnest(enum_range(null::public.channel_platform)) p
on conflict (room_id, platform) do nothing;

-- ---------------------------------------------------------------- the occupancy rule
-- Whether anything that takes the room overlaps [check_in, check_out): a non-cancelled booking,
-- an active external block or a manual block, other than the row p_except. Check-out day may be
-- the next stay's check-in day. The one statement of this rule: the triggers of the three
-- tables, room_is_available, available_room_ids, request_booking and the feed import ask it.
create or replace function private.room_has_overlap(p_room_id uuid, p_check_in date, p_check_out date, p_except uuid default null)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.bookings b
    where b.room_id = p_room_id and b.id is distinct from p_except and b.status <> 'cancelled'
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

-- The check every writer of external and manual blocks goes through; the room row is locked (as
-- the bookings trigger and request_booking do), so concurrent writers of one room run in turn.
create or replace function private.blocks_prevent_overlap()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'external_blocks' then
    new.room_id := (select f.room_id from public.channel_feeds f where f.id = new.feed_id);
    if new.status <> 'active' then
      return new;
    end if;
  end if;
  perform 1 from public.rooms where id = new.room_id for no key update;
  if private.room_has_overlap(new.room_id, new.check_in_date, new.check_out_date, new.id) then
    raise exception 'This room is not available for the selected dates.' using errcode = 'P0001';
  end if;
  return new;
end
$$;

create trigger prevent_overlap before insert or update of feed_id, room_id, check_in_date, check_out_date, status
  on public.external_blocks for each row execute function private.blocks_prevent_overlap();
create trigger prevent_overlap before insert or update of room_id, check_in_date, check_out_date
  on public.manual_blocks for each row execute function private.blocks_prevent_overlap();

-- ---------------------------------------------------------------- row-level security
alter table public.channel_feeds enable row level security;
alter table public.external_blocks enable row level security;
alter table public.manual_blocks enable row level security;
alter table public.channel_sync_runs enable row level security;

revoke all on table public.channel_feeds, public.external_blocks, public.manual_blocks, public.channel_sync_runs
  from public, anon, authenticated;
-- private schema: not exposed through the API; only the definer functions below touch the keys
revoke all on table private.platform_api_keys from public, anon, authenticated, service_role;

-- feeds: admins read everything but the token, and set the import URL
grant select (id, room_id, platform, import_url, last_synced_at, last_error, created_at, updated_at)
  on table public.channel_feeds to authenticated;
grant update (import_url) on table public.channel_feeds to authenticated;
create policy "admins read channel feeds" on public.channel_feeds
  for select to authenticated using ((select public.is_admin()));
create policy "admins update channel feeds" on public.channel_feeds
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- external blocks: staff read (the occupancy calendar); written by the sync (service role) only
grant select on table public.external_blocks to authenticated;
create policy "staff read external blocks" on public.external_blocks
  for select to authenticated using ((select public.is_staff()));

-- manual blocks: staff read and write
grant select, insert, update, delete on table public.manual_blocks to authenticated;
create policy "staff read manual blocks" on public.manual_blocks
  for select to authenticated using ((select public.is_staff()));
create policy "staff insert manual blocks" on public.manual_blocks
  for insert to authenticated with check ((select public.is_staff()));
create policy "staff update manual blocks" on public.manual_blocks
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "staff delete manual blocks" on public.manual_blocks
  for delete to authenticated using ((select public.is_staff()));

-- sync runs: admins read
grant select on table public.channel_sync_runs to authenticated;
create policy "admins read sync runs" on public.channel_sync_runs
  for select to authenticated using ((select public.is_admin()));

grant all on table public.channel_feeds, public.external_blocks, public.manual_blocks, public.channel_sync_runs
  to service_role;

-- ---------------------------------------------------------------- admin functions
-- Export tokens, for the copyable export URLs on the Integrations screen (admins only).
create or replace function public.channel_export_tokens()
returns table (feed_id uuid, export_token text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only admins can see channel export URLs.' using errcode = '42501';
  end if;
  return query select f.id, f.export_token from public.channel_feeds f;
end
$$;

-- A new export token for the feed: the old URL stops working at once.
create or replace function public.rotate_channel_export_token(p_feed_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only admins can rotate export URLs.' using errcode = '42501';
  end if;
  update public.channel_feeds set export_token = encode(extensions.gen_random_bytes(24), 'hex') where id = p_feed_id;
  if not found then
    raise exception 'Channel feed not found.' using errcode = 'P0001';
  end if;
end
$$;

-- Stores a platform's API key (admins only; called by booking-integration with the admin's token).
create or replace function public.save_platform_api_key(p_platform public.channel_platform, p_api_key text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_key text := btrim(coalesce(p_api_key, ''));
begin
  if not public.is_admin() then
    raise exception 'Only admins can store platform API keys.' using errcode = '42501';
  end if;
  if char_length(v_key) < 4 or char_length(v_key) > 200 then
    raise exception 'The API key must be between 4 and 200 characters.' using errcode = 'P0001';
  end if;
  insert into private.platform_api_keys (platform, api_key, updated_by, updated_at)
  values (p_platform, v_key, auth.uid(), now())
  on conflict (platform) do update
    set api_key = excluded.api_key, updated_by = excluded.updated_by, updated_at = excluded.updated_at;
end
$$;

-- What the screen may show of the stored keys: the last 4 characters.
create or replace function public.platform_api_key_hints()
returns table (platform public.channel_platform, last4 text, updated_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only admins can see platform API keys.' using errcode = '42501';
  end if;
  return query select k.platform, right(k.api_key, 4), k.updated_at from private.platform_api_keys k;
end
$$;

-- ---------------------------------------------------------------- occupancy (calendar)
-- Most bookings lie in the past: the check-out date is what narrows a window of two weeks.
create index bookings_check_out_idx on public.bookings (check_out_date, check_in_date);

-- Everything that occupies a room within [p_from, p_to): bookings (any status), external blocks
-- (active and conflicts) with their channel, manual blocks. Staff only.
create or replace function public.room_occupancy(p_from date, p_to date)
returns table (
  kind text, id uuid, room_id uuid, check_in_date date, check_out_date date, status text, source text, label text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only staff can see the occupancy calendar.' using errcode = '42501';
  end if;
  if p_from is null or p_to is null or p_to <= p_from or p_to - p_from > 366 then
    raise exception 'Choose a date range of at most one year.' using errcode = 'P0001';
  end if;
  return query
    select 'booking', b.id, b.room_id, b.check_in_date, b.check_out_date, b.status::text, 'direct', b.guest_name || ' (' || b.reference || ')'
    from public.bookings b
    where b.check_in_date < p_to and b.check_out_date > p_from
    union all
    select 'external', e.id, e.room_id, e.check_in_date, e.check_out_date, e.status::text, f.platform::text, coalesce(e.summary, e.event_uid)
    from public.external_blocks e join public.channel_feeds f on f.id = e.feed_id
    where e.status <> 'cancelled' and e.check_in_date < p_to and e.check_out_date > p_from
    union all
    select 'manual', m.id, m.room_id, m.check_in_date, m.check_out_date, m.reason::text, 'manual', coalesce(m.note, '')
    from public.manual_blocks m
    where m.check_in_date < p_to and m.check_out_date > p_from;
end
$$;

-- ---------------------------------------------------------------- import (service role only)
-- Records one fetch of a feed and applies its events, all in one transaction:
--   p_error given        → a failed run; nothing else changes
--   p_events null        → the feed answered 304 Not Modified; nothing changes
--   p_events [{uid, check_in, check_out, summary, cancelled}] → the feed's whole content:
--     new events are created, moved ones updated, events the feed marks cancelled are cancelled,
--     events missing from two fetches in a row are cancelled if they start in the future; an event
--     that collides with what already takes the room is kept with status 'conflict' and alerted.
-- Returns the run row as JSON.
create or replace function public.channel_record_sync(
  p_feed_id uuid,
  p_trigger text,
  p_started_at timestamptz,
  p_http_status integer,
  p_etag text,
  p_events jsonb,
  p_error text
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_feed public.channel_feeds;
  v_today date := (now() at time zone 'Europe/Rome')::date;
  v_event record;
  v_block public.external_blocks;
  v_status public.external_block_status;
  v_created integer := 0;
  v_updated integer := 0;
  v_cancelled integer := 0;
  v_unchanged integer := 0;
  v_conflicts integer := 0;
  v_missing_cancelled integer;
  v_run public.channel_sync_runs;
begin
  select * into v_feed from public.channel_feeds where id = p_feed_id;
  if not found then
    raise exception 'Channel feed not found.' using errcode = 'P0001';
  end if;

  if p_error is not null then
    update public.channel_feeds set last_error = left(p_error, 500) where id = p_feed_id;
  elsif p_events is null then
    select count(*) filter (where status = 'active'), count(*) filter (where status = 'conflict')
      into v_unchanged, v_conflicts
    from public.external_blocks where feed_id = p_feed_id;
    update public.channel_feeds set last_synced_at = now(), last_error = null where id = p_feed_id;
  else
    -- the room is locked for the whole import: no booking can slip in between check and write
    perform 1 from public.rooms where id = v_feed.room_id for no key update;

    for v_event in
      select distinct on (x.uid) x.uid, x.check_in, x.check_out, left(x.summary, 200) as summary,
             coalesce(x.cancelled, false) as cancelled
      from jsonb_to_recordset(p_events) as x(uid text, check_in date, check_out date, summary text, cancelled boolean)
      where x.check_out > v_today and x.check_out > x.check_in
      order by x.uid
    loop
      select * into v_block from public.external_blocks where feed_id = p_feed_id and event_uid = v_event.uid;
      if v_event.cancelled then
        if found and v_block.status <> 'cancelled' and v_block.check_in_date > v_today then
          update public.external_blocks set status = 'cancelled', missed_syncs = 0 where id = v_block.id;
          v_cancelled := v_cancelled + 1;
        elsif found then
          v_unchanged := v_unchanged + 1;
        end if;
        continue;
      end if;

      -- an active block that did not move stays active: every other writer was checked against it
      if v_block.status = 'active' and v_block.check_in_date = v_event.check_in
         and v_block.check_out_date = v_event.check_out and v_block.summary is not distinct from v_event.summary then
        if v_block.missed_syncs <> 0 then
          update public.external_blocks set missed_syncs = 0 where id = v_block.id;
        end if;
        v_unchanged := v_unchanged + 1;
        continue;
      end if;

      v_status := case
        when private.room_has_overlap(v_feed.room_id, v_event.check_in, v_event.check_out, v_block.id) then 'conflict'
        else 'active'
      end::public.external_block_status;

      if v_block.id is null then
        insert into public.external_blocks (feed_id, room_id, event_uid, summary, check_in_date, check_out_date, status)
        values (p_feed_id, v_feed.room_id, v_event.uid, v_event.summary, v_event.check_in, v_event.check_out, v_status);
        if v_status = 'active' then v_created := v_created + 1; end if;
      elsif v_block.check_in_date = v_event.check_in and v_block.check_out_date = v_event.check_out
            and v_block.summary is not distinct from v_event.summary and v_block.status = v_status then
        if v_block.missed_syncs <> 0 then
          update public.external_blocks set missed_syncs = 0 where id = v_block.id;
        end if;
        if v_status = 'active' then v_unchanged := v_unchanged + 1; end if;
      else
        update public.external_blocks
        set check_in_date = v_event.check_in, check_out_date = v_event.check_out, summary = v_event.summary,
            status = v_status, missed_syncs = 0
        where id = v_block.id;
        if v_status = 'active' then v_updated := v_updated + 1; end if;
      end if;

      if v_status = 'conflict' then
        v_conflicts := v_conflicts + 1;
      end if;
      -- alerted once, when the event comes into conflict
      if v_status = 'conflict' and v_block.status is distinct from 'conflict' then
        perform private.raise_alert(
          'channel_conflict', 'high',
          format('Double booking risk: %s calendar event %s for room %s (%s to %s) collides with an existing stay or block.',
                 v_feed.platform, v_event.uid,
                 (select r.room_number from public.rooms r where r.id = v_feed.room_id), v_event.check_in, v_event.check_out),
          v_feed.id || ':' || v_event.uid,
          jsonb_build_object('feed_id', v_feed.id, 'room_id', v_feed.room_id, 'platform', v_feed.platform,
                             'event_uid', v_event.uid, 'check_in', v_event.check_in, 'check_out', v_event.check_out)
        );
      end if;
    end loop;

    -- events the feed no longer has: one more miss; cancelled at the second miss if still ahead
    update public.external_blocks e set missed_syncs = e.missed_syncs + 1
    where e.feed_id = p_feed_id and e.status <> 'cancelled'
      and e.event_uid not in (select x ->> 'uid' from jsonb_array_elements(p_events) x where x ->> 'uid' is not null);
    update public.external_blocks e set status = 'cancelled'
    where e.feed_id = p_feed_id and e.status <> 'cancelled' and e.missed_syncs >= 2 and e.check_in_date > v_today;
    get diagnostics v_missing_cancelled = row_count;
    v_cancelled := v_cancelled + v_missing_cancelled;

    update public.channel_feeds set etag = p_etag, last_synced_at = now(), last_error = null where id = p_feed_id;
  end if;

  insert into public.channel_sync_runs (
    feed_id, room_id, platform, trigger, started_at, http_status, created_count, updated_count,
    cancelled_count, conflict_count, unchanged_count, error
  ) values (
    p_feed_id, v_feed.room_id, v_feed.platform, p_trigger, coalesce(p_started_at, now()), p_http_status, v_created,
    v_updated, v_cancelled, v_conflicts, v_unchanged, left(p_error, 500)
  )
  returning * into v_run;
  return to_jsonb(v_run);
end
$$;

-- ---------------------------------------------------------------- export (service role only)
-- The calendar behind an export token: what takes the room from today to 18 months ahead, except
-- what was imported from the same platform (no loops). Null when the token is unknown.
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
        where b.room_id = v_feed.room_id and b.status <> 'cancelled'
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

-- ---------------------------------------------------------------- function privileges
revoke execute on function private.rooms_create_channel_feeds(), private.blocks_prevent_overlap()
  from public, anon, authenticated;

revoke execute on function
  public.channel_export_tokens(),
  public.rotate_channel_export_token(uuid),
  public.save_platform_api_key(public.channel_platform, text),
  public.platform_api_key_hints(),
  public.room_occupancy(date, date),
  public.channel_record_sync(uuid, text, timestamptz, integer, text, jsonb, text),
  public.channel_export_events(text)
from public, anon, authenticated, service_role;

grant execute on function
  public.channel_export_tokens(),
  public.rotate_channel_export_token(uuid),
  public.save_platform_api_key(public.channel_platform, text),
  public.platform_api_key_hints(),
  public.room_occupancy(date, date)
to authenticated;

grant execute on function
  public.channel_record_sync(uuid, text, timestamptz, integer, text, jsonb, text),
  public.channel_export_events(text)
to service_role;
