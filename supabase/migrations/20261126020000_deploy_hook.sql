-- A deploy hook (issue 23): the public pages are prerendered at build time, so the static host must
-- rebuild when what the public sees changes. Admins paste the host's build-hook URL (Netlify,
-- Vercel, Cloudflare Pages) on Integrations; a change to published content then sends ONE POST to
-- it after a short window, through the webhooks' outbox, dispatcher and outbound rules.
--
-- * private.deploy_hook: the URL (one row). A build-hook URL is a credential (whoever has it can
--   start builds), so it is outside the API: admins set, replace and remove it through the functions
--   below and read it back masked only (scheme, host and its last 4 characters).
-- * Deliveries are rows of public.webhook_deliveries without an endpoint (endpoint_id null):
--   'site.rebuild' (debounced, retried with the webhooks' backoff) and 'deploy_hook.test' (sent at
--   once, never retried). Admins read them as the hook's delivery log; the Zapier endpoints' logs
--   do not show them (those filter by endpoint).
-- * Debounce: the first change opens a window of private.site_rebuild_window() (45 s); changes in
--   the window join the same pending row (a partial unique index keeps one), which the dispatcher
--   sends when the window ends. Once it is sent, the next change opens a new window. Time reads
--   private.clock_now(), which tests move instead of waiting.
-- * What triggers a rebuild: rows of rooms, room images, promo codes, rate seasons, the city tax,
--   site texts, amenities, services and the published design that really change (a no-op update
--   does not count, nor a promo code's use count until the code is used up); reviews only when
--   the public sees the review before or after the change (approving, un-approving, deleting an
--   approved one, editing or replying to an approved one).
--   The design draft, pending reviews, bookings and settings the public does not see send nothing.
--   Other tables of published content attach private.site_content_changed() the same way.

-- ---------------------------------------------------------------- the hook
create table private.deploy_hook (
  id boolean primary key default true constraint deploy_hook_single_row check (id),
  url text not null constraint deploy_hook_url_format check (
    char_length(url) <= 2000
    and url !~ '\s'
    and (url ~* '^https://[^/?#@]+([/?#]|$)' or url ~* '^http://(127\.0\.0\.1|localhost|\[::1\])(:[0-9]+)?([/?#]|$)')
  ),
  updated_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table private.deploy_hook is
  'The static host''s build-hook URL (one row). Not reachable through the API; admins read it masked through public.deploy_hook_settings().';
create index deploy_hook_updated_by_idx on private.deploy_hook (updated_by);
create trigger set_timestamps before insert or update on private.deploy_hook
  for each row execute function private.set_timestamps();

alter table private.deploy_hook enable row level security;
revoke all on table private.deploy_hook from public, anon, authenticated, service_role;
create policy "the deploy hook stays in the database" on private.deploy_hook
  as restrictive for all to public using (false) with check (false);

-- ---------------------------------------------------------------- deliveries without an endpoint
create or replace function private.webhook_event_types()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['booking.requested', 'booking.status_changed', 'booking.cancelled', 'channel.conflict', 'webhook.test',
    'site.rebuild', 'deploy_hook.test']
$$;
comment on function private.webhook_event_types() is
  'Every event type a delivery may carry; webhook.test is sent on demand and cannot be subscribed to; site.rebuild and deploy_hook.test go to the deploy hook only.';

alter table public.webhook_deliveries alter column endpoint_id drop not null;
alter table public.webhook_deliveries add constraint webhook_deliveries_deploy_hook_events
  check ((endpoint_id is null) = (event_type in ('site.rebuild', 'deploy_hook.test')));
comment on column public.webhook_deliveries.endpoint_id is
  'The Zapier endpoint; null for deliveries to the deploy hook (site.rebuild, deploy_hook.test).';

-- one open window: the rebuild that has not been tried yet
create unique index webhook_deliveries_one_rebuild_window_idx on public.webhook_deliveries (event_type)
  where event_type = 'site.rebuild' and status = 'pending' and attempt_count = 0;
-- the deploy hook's delivery log, newest first
create index webhook_deliveries_deploy_hook_created_idx on public.webhook_deliveries (created_at desc)
  where endpoint_id is null;

-- ---------------------------------------------------------------- helpers
create or replace function private.site_rebuild_window()
returns interval
language sql
immutable
set search_path = ''
as $$
  select interval '45 seconds'
$$;
comment on function private.site_rebuild_window() is
  'How long after the first change of published content the rebuild is sent; later changes in the window join it.';

-- https://api.netlify.com/build_hooks/abc…123 -> https://api.netlify.com/…c123
create or replace function private.mask_url(p_url text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when p_url is null then null
    else coalesce(substring(p_url from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]+'), '') || '/…' || right(p_url, 4) end
$$;

-- The URL rules of the form, with the form's messages (the edge function also checks the address).
create or replace function private.check_deploy_hook_url(p_url text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_url text := btrim(coalesce(p_url, ''));
begin
  if v_url = '' then
    raise exception 'Please enter the deploy hook URL.' using errcode = '22023';
  end if;
  if char_length(v_url) > 2000 then
    raise exception 'The URL must be at most 2000 characters.' using errcode = '22023';
  end if;
  if v_url ~ '\s' or v_url !~* '^[a-z][a-z0-9+.-]*://[^/?#]+' then
    raise exception 'The URL is not valid.' using errcode = '22023';
  end if;
  if substring(v_url from '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#]+)') like '%@%' then
    raise exception 'URLs with credentials are refused.' using errcode = '22023';
  end if;
  if not (v_url ~* '^https://' or v_url ~* '^http://(127\.0\.0\.1|localhost|\[::1\])(:[0-9]+)?([/?#]|$)') then
    raise exception 'The deploy hook URL must start with https:// (http:// is only for 127.0.0.1 or localhost in local development).'
      using errcode = '22023';
  end if;
  return v_url;
end
$$;

-- ---------------------------------------------------------------- the outbox
-- Opens a rebuild window, or joins the open one (adding p_source to the list of what changed). A
-- rebuild that failed and waits for its retry builds the latest content when it goes: nothing new.
create or replace function private.enqueue_site_rebuild(p_source text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from private.deploy_hook) then
    return;
  end if;
  if exists (
    select 1 from public.webhook_deliveries d
    where d.event_type = 'site.rebuild' and d.status = 'pending' and d.attempt_count > 0
      and (d.locked_until is null or d.locked_until <= now())
  ) then
    return;
  end if;
  insert into public.webhook_deliveries as d (endpoint_id, message_id, event_type, payload, next_attempt_at)
  values (
    null,
    private.new_webhook_message_id(),
    'site.rebuild',
    jsonb_build_object(
      'type', 'site.rebuild',
      'timestamp', private.iso_now(),
      'data', jsonb_build_object('changed', jsonb_build_array(p_source))
    ),
    private.clock_now() + private.site_rebuild_window()
  )
  on conflict (event_type) where event_type = 'site.rebuild' and status = 'pending' and attempt_count = 0
  do update set payload = jsonb_set(d.payload, '{data,changed}', (d.payload -> 'data' -> 'changed') || to_jsonb(p_source))
  where not ((d.payload -> 'data' -> 'changed') ? p_source);
end
$$;
comment on function private.enqueue_site_rebuild(text) is
  'Asks for one rebuild of the static site: opens a debounce window or joins the open one. No-op without a deploy hook.';

-- Row trigger for tables of published content: a rebuild when the row really changed (updated_at
-- aside); reviews only when the public sees the review before or after the change; a promo code's
-- use count only when it uses the code up (request_booking counts every use).
create or replace function private.site_content_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb;
  v_new jsonb;
begin
  -- without a deploy hook there is nothing to do (and nothing to compare)
  if not exists (select 1 from private.deploy_hook) then
    return null;
  end if;
  v_old := case when tg_op <> 'INSERT' then to_jsonb(old) - 'updated_at' end;
  v_new := case when tg_op <> 'DELETE' then to_jsonb(new) - 'updated_at' end;
  -- a promo code's use count is not shown; the code disappears from the site once used up
  if tg_table_name = 'room_promo_codes' and tg_op = 'UPDATE' then
    v_old := v_old - 'current_uses' || jsonb_build_object('used_up',
      old.max_uses is not null and old.current_uses >= old.max_uses);
    v_new := v_new - 'current_uses' || jsonb_build_object('used_up',
      new.max_uses is not null and new.current_uses >= new.max_uses);
  end if;
  if tg_op = 'UPDATE' and v_old = v_new then
    return null;
  end if;
  if tg_table_name = 'reviews'
    and not (coalesce((v_old ->> 'approved')::boolean, false) or coalesce((v_new ->> 'approved')::boolean, false)) then
    return null;
  end if;
  perform private.enqueue_site_rebuild(tg_table_name);
  return null;
end
$$;
comment on function private.site_content_changed() is
  'After-row trigger of published content: asks for a rebuild of the static site (reviews: only visible ones).';

do $triggers$
declare
  v_table text;
begin
  foreach v_table in array array['rooms', 'room_images', 'room_promo_codes', 'room_rate_seasons', 'city_tax_settings',
    'site_content', 'amenities', 'services', 'reviews', 'design_published']
  loop
    execute format(
      'create trigger request_site_rebuild after insert or update or delete on public.%I
         for each row execute function private.site_content_changed()',
      v_table
    );
  end loop;
end
$triggers$;

-- ---------------------------------------------------------------- admin functions
-- What the Integrations card shows: never the URL itself.
create or replace function public.deploy_hook_settings()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_hook private.deploy_hook;
begin
  perform private.require_admin('see the deploy hook');
  select * into v_hook from private.deploy_hook;
  return jsonb_build_object(
    'configured', v_hook.url is not null,
    'masked_url', private.mask_url(v_hook.url),
    'updated_at', v_hook.updated_at,
    'rebuild_due_at', (
      select min(d.next_attempt_at) - (private.clock_now() - now())
      from public.webhook_deliveries d
      where d.event_type = 'site.rebuild' and d.status = 'pending'
    )
  );
end
$$;
comment on function public.deploy_hook_settings() is
  'Admins: whether a deploy hook is set, its masked URL (host and last 4 characters), when it was set and when the next rebuild is due.';

create or replace function public.set_deploy_hook(p_url text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_url text;
begin
  perform private.require_admin('set the deploy hook');
  v_url := private.check_deploy_hook_url(p_url);
  insert into private.deploy_hook (id, url, updated_by) values (true, v_url, auth.uid())
  on conflict (id) do update set url = excluded.url, updated_by = excluded.updated_by;
  -- a rebuild waiting for its retry goes to the new URL now
  update public.webhook_deliveries d set next_attempt_at = least(d.next_attempt_at, now())
  where d.event_type = 'site.rebuild' and d.status = 'pending' and d.attempt_count > 0;
  insert into public.audit_logs (table_name, record_id, action, new_values, user_id)
  values ('deploy_hook', 'deploy_hook', 'UPDATE', jsonb_build_object('url', private.mask_url(v_url)), auth.uid());
  return public.deploy_hook_settings();
end
$$;
comment on function public.set_deploy_hook(text) is
  'Admins: sets or replaces the deploy hook URL (https; http only to loopback for local development). Answers with the masked settings.';

create or replace function public.remove_deploy_hook()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('remove the deploy hook');
  delete from private.deploy_hook;
  if found then
    update public.webhook_deliveries set status = 'failed', locked_until = null, last_error = 'The deploy hook was removed'
    where endpoint_id is null and status = 'pending';
    insert into public.audit_logs (table_name, record_id, action, old_values, user_id)
    values ('deploy_hook', 'deploy_hook', 'DELETE', '{}'::jsonb, auth.uid());
  end if;
  return public.deploy_hook_settings();
end
$$;
comment on function public.remove_deploy_hook() is 'Admins: removes the deploy hook; rebuilds not yet sent are dropped.';

-- "Send a test build": one POST now, never retried (the webhooks function sends it at once).
create or replace function public.enqueue_deploy_hook_test()
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  perform private.require_admin('send a test build');
  if not exists (select 1 from private.deploy_hook) then
    raise exception 'No deploy hook is set.' using errcode = 'P0002';
  end if;
  insert into public.webhook_deliveries (endpoint_id, message_id, event_type, payload)
  values (
    null,
    private.new_webhook_message_id(),
    'deploy_hook.test',
    jsonb_build_object('type', 'deploy_hook.test', 'timestamp', private.iso_now(), 'triggered_from', 'admin_integrations')
  )
  returning id into v_id;
  return v_id;
end
$$;

-- ---------------------------------------------------------------- the dispatcher, with the deploy hook
-- As in 20261123200000, plus deliveries without an endpoint, which go to the deploy hook (no secret:
-- sent unsigned) while one is set. Due times read private.clock_now().
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
    left join public.webhook_endpoints e on e.id = d.endpoint_id
    where d.status = 'pending'
      and (d.locked_until is null or d.locked_until <= now())
      and (e.id is not null or (d.endpoint_id is null and exists (select 1 from private.deploy_hook)))
      and case when p_delivery_id is null
        then d.next_attempt_at <= private.clock_now() and (e.enabled or d.endpoint_id is null)
        else d.id = p_delivery_id end
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
  select c.id, c.message_id, c.event_type, c.payload, c.attempt_count, coalesce(e.url, h.url), s.secret
  from claimed c
  left join public.webhook_endpoints e on e.id = c.endpoint_id
  left join private.webhook_endpoint_secrets s on s.endpoint_id = c.endpoint_id
  left join private.deploy_hook h on c.endpoint_id is null
  where (c.endpoint_id is not null and s.secret is not null) or (c.endpoint_id is null and h.url is not null);
end
$$;

-- As in 20261123200000 for endpoints. For the deploy hook: 2xx delivered; a test is never retried;
-- otherwise the webhooks' backoff (never before Retry-After), and after the last try (or 410 Gone)
-- the rebuild fails and the admins get a deploy_hook_failed alert (the URL masked).
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
    if v_delivery.event_type <> 'webhook.test' and v_delivery.endpoint_id is not null then
      update public.webhook_endpoints set failing_since = null
      where id = v_delivery.endpoint_id and failing_since is not null;
    end if;
    return 'delivered';
  end if;

  if v_delivery.event_type in ('webhook.test', 'deploy_hook.test') then
    update public.webhook_deliveries set status = 'failed' where id = p_delivery_id;
    return 'failed';
  end if;

  -- ---- the deploy hook
  if v_delivery.endpoint_id is null then
    if p_response_status = 410 or v_delivery.attempt_count > cardinality(c_backoff) then
      update public.webhook_deliveries set status = 'failed' where id = p_delivery_id;
      perform private.raise_alert(
        'deploy_hook_failed',
        'medium',
        format('The static site was not rebuilt: the deploy hook %s %s',
          (select private.mask_url(h.url) from private.deploy_hook h),
          case when p_response_status = 410 then 'answered 410 Gone'
            else format('failed %s times', v_delivery.attempt_count) end),
        'deploy_hook',
        jsonb_build_object('delivery_id', p_delivery_id, 'last_status', p_response_status, 'last_error', left(p_error, 500))
      );
      return 'failed';
    end if;
    v_delay := c_backoff[greatest(v_delivery.attempt_count, 1)] * (0.9 + random() * 0.2);
    v_delay := least(greatest(v_delay, coalesce(p_retry_after_seconds, 0)), 86400);
    update public.webhook_deliveries set next_attempt_at = private.clock_now() + make_interval(secs => v_delay)
    where id = p_delivery_id;
    return 'retry';
  end if;

  -- ---- Zapier endpoints (unchanged)
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

-- Replay stays for the Zapier endpoints' deliveries (a rebuild is asked for by a change or by a test).
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
  from public.webhook_deliveries d where d.id = p_delivery_id and d.endpoint_id is not null
  returning id into v_id;
  if v_id is null then
    raise exception 'Webhook delivery not found.' using errcode = 'P0002';
  end if;
  return v_id;
end
$$;

-- ---------------------------------------------------------------- execute rights
revoke execute on function
  private.site_rebuild_window(),
  private.mask_url(text),
  private.check_deploy_hook_url(text),
  private.enqueue_site_rebuild(text),
  private.site_content_changed()
from public, anon, authenticated;
revoke execute on function
  public.deploy_hook_settings(),
  public.set_deploy_hook(text),
  public.remove_deploy_hook(),
  public.enqueue_deploy_hook_test()
from public, anon;
grant execute on function
  public.deploy_hook_settings(),
  public.set_deploy_hook(text),
  public.remove_deploy_hook(),
  public.enqueue_deploy_hook_test()
to authenticated;
-- create or replace keeps the rights of 20261123200000 on the dispatcher's functions; stated again
revoke execute on function
  public.claim_webhook_deliveries(integer, integer, uuid),
  public.record_webhook_attempt(uuid, integer, integer, text, text, integer)
from public, anon, authenticated;
grant execute on function
  public.claim_webhook_deliveries(integer, integer, uuid),
  public.record_webhook_attempt(uuid, integer, integer, text, text, integer)
to service_role;
