-- Outgoing webhooks (Standard Webhooks): endpoints the admins register, an outbox of deliveries
-- written by triggers in the same transaction as the change that caused them, and the functions the
-- `webhooks` edge function uses to claim, send and record them.
--
-- * public.webhook_endpoints: admin only (read, delete). Created and edited through the edge
--   function, which checks the URL first, by way of the admin-only functions below.
-- * private.webhook_endpoint_secrets: the `whsec_…` signing secrets. Not reachable through the API
--   by anyone; a secret leaves the database only once, in the answer to the call that made it, and
--   in claim_webhook_deliveries() (service role only) for signing.
-- * public.webhook_deliveries: one row per event and endpoint, admin read only. The dispatcher claims
--   due rows with `for update skip locked` plus a lease, so two dispatchers never send one row twice.
-- * private.enqueue_webhook_event(type, data): fans an event out to every enabled endpoint that
--   wants it. `data.guest` (name, e-mail) is kept only for endpoints that opted in.

-- ---------------------------------------------------------------- event types
create or replace function private.webhook_event_types()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['booking.requested', 'booking.status_changed', 'booking.cancelled', 'channel.conflict', 'webhook.test']
$$;
comment on function private.webhook_event_types() is
  'Every event type a delivery may carry; webhook.test is sent on demand and cannot be subscribed to.';

-- ---------------------------------------------------------------- tables
create table public.webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  url text not null constraint webhook_endpoints_url_format
    check (char_length(url) <= 2000 and url ~* '^https?://[^/\s]+'),
  description text not null default '' constraint webhook_endpoints_description_length
    check (char_length(description) <= 200),
  event_types text[] not null constraint webhook_endpoints_event_types_known
    check (cardinality(event_types) between 1 and 4
      and event_types <@ array['booking.requested', 'booking.status_changed', 'booking.cancelled', 'channel.conflict']),
  include_guest_details boolean not null default false,
  enabled boolean not null default true,
  -- why the server turned it off (410 Gone, 24 hours of failures); cleared when re-enabled
  disabled_reason text,
  -- first failure since the last success; 24 hours of failures disable the endpoint
  failing_since timestamptz,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.webhook_endpoints is
  'Outgoing webhook receivers (admin only). Signing secrets live in private.webhook_endpoint_secrets.';
create index webhook_endpoints_created_by_idx on public.webhook_endpoints (created_by);
create index webhook_endpoints_created_idx on public.webhook_endpoints (created_at desc);
create index webhook_endpoints_enabled_events_idx on public.webhook_endpoints using gin (event_types) where enabled;

create table private.webhook_endpoint_secrets (
  endpoint_id uuid primary key references public.webhook_endpoints (id) on delete cascade,
  secret text not null constraint webhook_endpoint_secrets_format check (secret ~ '^whsec_[A-Za-z0-9+/]+=*$'),
  created_at timestamptz not null default now()
);

create type public.webhook_delivery_status as enum ('pending', 'delivered', 'failed');

create table public.webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  endpoint_id uuid not null references public.webhook_endpoints (id) on delete cascade,
  -- the `webhook-id` header: one per event, kept by retries and by Replay (receivers deduplicate on it)
  message_id text not null,
  event_type text not null constraint webhook_deliveries_event_type_known
    check (event_type = any (private.webhook_event_types())),
  payload jsonb not null,
  status public.webhook_delivery_status not null default 'pending',
  attempt_count integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- a dispatcher's claim; another dispatcher may take the row once it has passed
  locked_until timestamptz,
  last_attempt_at timestamptz,
  last_response_status integer,
  last_latency_ms integer,
  last_response_excerpt text,
  last_error text,
  delivered_at timestamptz,
  replay_of uuid references public.webhook_deliveries (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.webhook_deliveries is
  'The webhook outbox and delivery log (admin read only): one row per event and endpoint.';
create index webhook_deliveries_endpoint_created_idx on public.webhook_deliveries (endpoint_id, created_at desc);
create index webhook_deliveries_due_idx on public.webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_replay_of_idx on public.webhook_deliveries (replay_of);
create index webhook_deliveries_message_idx on public.webhook_deliveries (message_id);

create trigger set_timestamps before insert or update on public.webhook_endpoints
  for each row execute function private.set_timestamps();
create trigger set_timestamps before insert or update on public.webhook_deliveries
  for each row execute function private.set_timestamps();
create trigger audit_row_change after insert or update or delete on public.webhook_endpoints
  for each row execute function private.audit_row_change();

-- ---------------------------------------------------------------- privileges and policies
alter table public.webhook_endpoints enable row level security;
alter table public.webhook_deliveries enable row level security;
alter table private.webhook_endpoint_secrets enable row level security;

revoke all on table public.webhook_endpoints, public.webhook_deliveries from public, anon, authenticated;
revoke all on table private.webhook_endpoint_secrets from public, anon, authenticated, service_role;
grant select, delete on table public.webhook_endpoints to authenticated;
grant select on table public.webhook_deliveries to authenticated;
grant all on table public.webhook_endpoints, public.webhook_deliveries to service_role;

create policy "admins read webhook endpoints" on public.webhook_endpoints
  for select to authenticated using ((select public.is_admin()));
create policy "admins delete webhook endpoints" on public.webhook_endpoints
  for delete to authenticated using ((select public.is_admin()));
create policy "admins read webhook deliveries" on public.webhook_deliveries
  for select to authenticated using ((select public.is_admin()));
-- no role has privileges on the secrets either; only the security definer functions below read them
create policy "secrets stay in the database" on private.webhook_endpoint_secrets
  as restrictive for all to public using (false) with check (false);

-- ---------------------------------------------------------------- helpers
create or replace function private.assert_admin()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only admins can manage webhooks.' using errcode = '42501';
  end if;
end
$$;

create or replace function private.new_webhook_secret()
returns text
language sql
volatile
set search_path = ''
as $$
  select 'whsec_' || encode(extensions.gen_random_bytes(32), 'base64')
$$;

create or replace function private.iso_now()
returns text
language sql
stable
set search_path = ''
as $$
  select to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

create or replace function private.new_webhook_message_id()
returns text
language sql
volatile
set search_path = ''
as $$
  select 'msg_' || replace(gen_random_uuid()::text, '-', '')
$$;

-- ---------------------------------------------------------------- the outbox
create or replace function private.enqueue_webhook_event(p_event_type text, p_data jsonb)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_message_id text := private.new_webhook_message_id();
  v_timestamp text := private.iso_now();
  v_count integer;
begin
  if not (p_event_type = any (private.webhook_event_types())) then
    raise exception 'Unknown webhook event type: %', p_event_type using errcode = '22023';
  end if;
  insert into public.webhook_deliveries (endpoint_id, message_id, event_type, payload)
  select
    e.id,
    v_message_id,
    p_event_type,
    jsonb_build_object(
      'type', p_event_type,
      'timestamp', v_timestamp,
      'data', case when e.include_guest_details then p_data else p_data - 'guest' end
    )
  from public.webhook_endpoints e
  where e.enabled and p_event_type = any (e.event_types);
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function private.enqueue_webhook_event(text, jsonb) is
  'Writes one pending delivery per enabled endpoint subscribed to the type; data.guest only for endpoints that opted in.';

create or replace function private.booking_webhook_data(p_booking public.bookings)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'booking', jsonb_build_object(
      'id', p_booking.id,
      'reference', p_booking.reference,
      'status', p_booking.status,
      'check_in', p_booking.check_in_date,
      'check_out', p_booking.check_out_date,
      'guests', p_booking.guests,
      'total_amount', p_booking.total_amount,
      'created_at', p_booking.created_at,
      'room', (
        select jsonb_build_object('id', r.id, 'name', r.name, 'room_number', r.room_number, 'room_type', r.room_type)
        from public.rooms r where r.id = p_booking.room_id
      )
    ),
    'guest', jsonb_build_object('name', p_booking.guest_name, 'email', p_booking.guest_email)
  )
$$;

create or replace function private.bookings_enqueue_webhooks()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.enqueue_webhook_event('booking.requested', private.booking_webhook_data(new));
  elsif new.status is distinct from old.status then
    perform private.enqueue_webhook_event(
      'booking.status_changed',
      private.booking_webhook_data(new) || jsonb_build_object('previous_status', old.status)
    );
    if new.status = 'cancelled' then
      perform private.enqueue_webhook_event('booking.cancelled', private.booking_webhook_data(new));
    end if;
  end if;
  return null;
end
$$;

create trigger enqueue_webhooks after insert or update of status on public.bookings
  for each row execute function private.bookings_enqueue_webhooks();

-- ---------------------------------------------------------------- admin actions (through the edge function)
create or replace function public.create_webhook_endpoint(
  p_url text,
  p_description text,
  p_event_types text[],
  p_include_guest_details boolean
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_endpoint public.webhook_endpoints;
  v_secret text := private.new_webhook_secret();
begin
  perform private.assert_admin();
  insert into public.webhook_endpoints (url, description, event_types, include_guest_details, created_by)
  values (btrim(p_url), btrim(coalesce(p_description, '')), p_event_types, coalesce(p_include_guest_details, false), auth.uid())
  returning * into v_endpoint;
  insert into private.webhook_endpoint_secrets (endpoint_id, secret) values (v_endpoint.id, v_secret);
  return jsonb_build_object('endpoint', to_jsonb(v_endpoint), 'secret', v_secret);
end
$$;

create or replace function public.update_webhook_endpoint(
  p_id uuid,
  p_url text,
  p_description text,
  p_event_types text[],
  p_include_guest_details boolean,
  p_enabled boolean
)
returns public.webhook_endpoints
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_endpoint public.webhook_endpoints;
begin
  perform private.assert_admin();
  update public.webhook_endpoints e set
    url = btrim(p_url),
    description = btrim(coalesce(p_description, '')),
    event_types = p_event_types,
    include_guest_details = coalesce(p_include_guest_details, false),
    enabled = p_enabled,
    -- turning an endpoint back on starts its failure clock afresh
    disabled_reason = case when p_enabled then null else e.disabled_reason end,
    failing_since = case when p_enabled and not e.enabled then null else e.failing_since end
  where e.id = p_id
  returning * into v_endpoint;
  if v_endpoint.id is null then
    raise exception 'Webhook endpoint not found.' using errcode = 'P0002';
  end if;
  return v_endpoint;
end
$$;

create or replace function public.rotate_webhook_secret(p_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_secret text := private.new_webhook_secret();
begin
  perform private.assert_admin();
  update private.webhook_endpoint_secrets set secret = v_secret, created_at = now() where endpoint_id = p_id;
  if not found then
    raise exception 'Webhook endpoint not found.' using errcode = 'P0002';
  end if;
  return v_secret;
end
$$;

create or replace function public.enqueue_webhook_test(p_endpoint_id uuid)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  perform private.assert_admin();
  if not exists (select 1 from public.webhook_endpoints e where e.id = p_endpoint_id) then
    raise exception 'Webhook endpoint not found.' using errcode = 'P0002';
  end if;
  insert into public.webhook_deliveries (endpoint_id, message_id, event_type, payload)
  values (
    p_endpoint_id,
    private.new_webhook_message_id(),
    'webhook.test',
    jsonb_build_object(
      'type', 'webhook.test',
      'timestamp', private.iso_now(),
      'triggered_from', 'admin_integrations',
      'test_booking', jsonb_build_object(
        'guest_name', 'Test Guest',
        'check_in', current_date + 7,
        'check_out', current_date + 10,
        'room_type', 'deluxe'
      )
    )
  )
  returning id into v_id;
  return v_id;
end
$$;

create or replace function public.replay_webhook_delivery(p_delivery_id uuid)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  perform private.assert_admin();
  insert into public.webhook_deliveries (endpoint_id, message_id, event_type, payload, replay_of)
  select d.endpoint_id, d.message_id, d.event_type, d.payload, d.id
  from public.webhook_deliveries d where d.id = p_delivery_id
  returning id into v_id;
  if v_id is null then
    raise exception 'Webhook delivery not found.' using errcode = 'P0002';
  end if;
  return v_id;
end
$$;

-- ---------------------------------------------------------------- the dispatcher (service role only)
-- Claims due deliveries of enabled endpoints (or exactly p_delivery_id, due or not, for Test and
-- Replay): row locks skip what another dispatcher is claiming, and the lease keeps the rows away
-- from other dispatchers while this one sends them.
create or replace function public.claim_webhook_deliveries(
  p_limit integer default 20,
  p_lease_seconds integer default 60,
  p_delivery_id uuid default null
)
returns table (
  delivery_id uuid,
  message_id text,
  event_type text,
  payload jsonb,
  attempt integer,
  url text,
  secret text
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  return query
  with due as (
    select d.id
    from public.webhook_deliveries d
    join public.webhook_endpoints e on e.id = d.endpoint_id
    where d.status = 'pending'
      and (d.locked_until is null or d.locked_until <= now())
      and case when p_delivery_id is null then d.next_attempt_at <= now() and e.enabled else d.id = p_delivery_id end
    order by d.next_attempt_at
    limit greatest(1, least(p_limit, 200))
    for update of d skip locked
  ),
  claimed as (
    update public.webhook_deliveries d
    set locked_until = now() + make_interval(secs => p_lease_seconds), attempt_count = d.attempt_count + 1
    from due
    where d.id = due.id
    returning d.id, d.message_id, d.event_type, d.payload, d.attempt_count, d.endpoint_id
  )
  select c.id, c.message_id, c.event_type, c.payload, c.attempt_count, e.url, s.secret
  from claimed c
  join public.webhook_endpoints e on e.id = c.endpoint_id
  join private.webhook_endpoint_secrets s on s.endpoint_id = c.endpoint_id;
end
$$;

-- Records one attempt and decides what follows: delivered; webhook.test never retried; 410 Gone
-- disables the endpoint; otherwise the next try after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 24 h
-- (each ±10 % jitter, never before Retry-After), until the endpoint has failed for 24 hours, when it
-- is disabled and the admins are alerted. Returns 'delivered', 'retry', 'failed' or 'endpoint_disabled'.
create or replace function public.record_webhook_attempt(
  p_delivery_id uuid,
  p_response_status integer,
  p_latency_ms integer,
  p_response_excerpt text,
  p_error text,
  p_retry_after_seconds integer default null
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c_backoff constant integer[] := array[5, 300, 1800, 7200, 18000, 36000, 86400];
  v_delivery public.webhook_deliveries;
  v_endpoint public.webhook_endpoints;
  v_delay double precision;
begin
  select * into v_delivery from public.webhook_deliveries where id = p_delivery_id for update;
  if v_delivery.id is null then
    raise exception 'Webhook delivery not found.' using errcode = 'P0002';
  end if;
  update public.webhook_deliveries set
    locked_until = null,
    last_attempt_at = now(),
    last_response_status = p_response_status,
    last_latency_ms = p_latency_ms,
    last_response_excerpt = left(p_response_excerpt, 500),
    last_error = left(p_error, 500)
  where id = p_delivery_id;

  if p_response_status between 200 and 299 then
    update public.webhook_deliveries set status = 'delivered', delivered_at = now() where id = p_delivery_id;
    if v_delivery.event_type <> 'webhook.test' then
      update public.webhook_endpoints set failing_since = null
      where id = v_delivery.endpoint_id and failing_since is not null;
    end if;
    return 'delivered';
  end if;

  if v_delivery.event_type = 'webhook.test' then
    update public.webhook_deliveries set status = 'failed' where id = p_delivery_id;
    return 'failed';
  end if;

  update public.webhook_endpoints set failing_since = coalesce(failing_since, now())
  where id = v_delivery.endpoint_id
  returning * into v_endpoint;

  if p_response_status = 410 or v_endpoint.failing_since <= now() - interval '24 hours' then
    update public.webhook_deliveries set status = 'failed' where id = p_delivery_id;
    if v_endpoint.enabled then
      update public.webhook_endpoints set
        enabled = false,
        disabled_reason = case when p_response_status = 410
          then 'The receiver answered 410 Gone'
          else 'Every delivery failed for 24 hours' end
      where id = v_endpoint.id;
      perform private.raise_alert(
        'webhook_endpoint_disabled',
        'high',
        format('Webhook endpoint %s was disabled: %s',
          v_endpoint.url,
          case when p_response_status = 410 then 'the receiver answered 410 Gone' else 'every delivery failed for 24 hours' end),
        v_endpoint.id::text,
        jsonb_build_object('endpoint_id', v_endpoint.id, 'url', v_endpoint.url, 'last_status', p_response_status,
          'last_error', left(p_error, 500))
      );
    end if;
    return 'endpoint_disabled';
  end if;

  if v_delivery.attempt_count > cardinality(c_backoff) then
    update public.webhook_deliveries set status = 'failed' where id = p_delivery_id;
    return 'failed';
  end if;

  v_delay := c_backoff[greatest(v_delivery.attempt_count, 1)] * (0.9 + random() * 0.2);
  v_delay := least(greatest(v_delay, coalesce(p_retry_after_seconds, 0)), 86400);
  update public.webhook_deliveries set next_attempt_at = now() + make_interval(secs => v_delay)
  where id = p_delivery_id;
  return 'retry';
end
$$;

-- ---------------------------------------------------------------- execute rights
revoke execute on all functions in schema private from public, anon, authenticated;
revoke execute on function
  public.create_webhook_endpoint(text, text, text[], boolean),
  public.update_webhook_endpoint(uuid, text, text, text[], boolean, boolean),
  public.rotate_webhook_secret(uuid),
  public.enqueue_webhook_test(uuid),
  public.replay_webhook_delivery(uuid),
  public.claim_webhook_deliveries(integer, integer, uuid),
  public.record_webhook_attempt(uuid, integer, integer, text, text, integer)
from public, anon, authenticated;
grant execute on function
  public.create_webhook_endpoint(text, text, text[], boolean),
  public.update_webhook_endpoint(uuid, text, text, text[], boolean, boolean),
  public.rotate_webhook_secret(uuid),
  public.enqueue_webhook_test(uuid),
  public.replay_webhook_delivery(uuid)
to authenticated;
grant execute on function
  public.claim_webhook_deliveries(integer, integer, uuid),
  public.record_webhook_attempt(uuid, integer, integer, text, text, integer)
to service_role;
