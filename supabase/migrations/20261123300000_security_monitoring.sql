-- Security monitoring: events recorded by the security-logger function (address, user, severity and
-- risk decided on the server, rate-limited per address), detection rules raising alerts through
-- private.raise_alert, an append-only audit trail, the admin screen's reads, alert resolution, the
-- auth audit log for admins and the 90-day address retention.

-- ---------------------------------------------------------------- indexes for the rules and the screen
create index security_logs_ip_created_idx on public.security_logs (ip_address, created_at desc);
create index security_logs_failed_email_idx on public.security_logs ((metadata ->> 'email'), created_at desc)
  where event_type = 'failed_login';
create index security_logs_high_risk_created_idx on public.security_logs (created_at desc)
  where severity in ('high', 'critical');
create index security_alerts_status_created_idx on public.security_alerts (status, created_at desc);
create index audit_logs_deletions_by_user_idx on public.audit_logs (user_id, created_at desc) where action = 'DELETE';

-- ---------------------------------------------------------------- rate limit of the logger
-- One row per address and minute. The logger counts and inserts in one statement, so parallel
-- requests queue on the row lock and cannot slip past the limit together.
create table private.security_logger_hits (
  address text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (address, window_start)
);
create index security_logger_hits_window_idx on private.security_logger_hits (window_start);
revoke all on table private.security_logger_hits from public, anon, authenticated;

-- ---------------------------------------------------------------- severity and risk, decided here
create or replace function private.security_event_rating(
  p_event_type text,
  p_metadata jsonb,
  out severity public.security_severity,
  out risk_score integer
)
language sql
immutable
set search_path = ''
as $$
  select
    case
      when p_event_type = 'login_attempt' then 'low'
      when p_event_type = 'api_access' and coalesce(p_metadata ->> 'status', '') ~ '^5\d\d$' then 'high'
      when p_event_type = 'suspicious_activity' then 'high'
      else 'medium'
    end::public.security_severity,
    case
      when p_event_type = 'login_attempt' then 1
      when p_event_type = 'admin_action' then 3
      when p_event_type = 'failed_login' then 4
      when p_event_type = 'api_access' and coalesce(p_metadata ->> 'status', '') ~ '^5\d\d$' then 6
      when p_event_type = 'api_access' then 4
      when p_event_type = 'suspicious_activity' then 7
      else 5
    end
$$;

-- ---------------------------------------------------------------- recording events (service role only)
-- p_events: [{event_type, description, metadata, session_id}] already validated by security-logger.
-- Returns {"accepted": n} or {"rate_limited": true}. An admin_action from a caller without a staff
-- role is recorded as suspicious activity instead.
create or replace function public.record_security_events(
  p_address text,
  p_user_id uuid,
  p_user_agent text,
  p_events jsonb,
  p_limit_per_minute integer default 60
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_hits integer;
  v_event jsonb;
  v_type text;
  v_description text;
  v_metadata jsonb;
  v_rating record;
  v_is_staff boolean := p_user_id is not null and exists (
    select 1 from public.user_roles where user_id = p_user_id and role in ('staff', 'admin'));
begin
  if jsonb_typeof(p_events) <> 'array' or jsonb_array_length(p_events) = 0 then
    raise exception 'p_events must be a non-empty array' using errcode = '22023';
  end if;

  insert into private.security_logger_hits as h (address, window_start, hits)
  values (p_address, date_trunc('minute', now()), jsonb_array_length(p_events))
  on conflict (address, window_start) do update set hits = h.hits + excluded.hits
  returning hits into v_hits;
  if v_hits > p_limit_per_minute then
    return jsonb_build_object('rate_limited', true);
  end if;

  for v_event in select value from jsonb_array_elements(p_events) loop
    v_type := v_event ->> 'event_type';
    v_description := left(v_event ->> 'description', 500);
    v_metadata := nullif(v_event -> 'metadata', 'null'::jsonb);
    if v_type = 'admin_action' and not v_is_staff then
      v_metadata := coalesce(v_metadata, '{}'::jsonb) || jsonb_build_object('reported_as', 'admin_action');
      v_type := 'suspicious_activity';
      v_description := left('Admin action reported without a staff role: ' || v_description, 500);
    end if;
    v_rating := private.security_event_rating(v_type, v_metadata);
    insert into public.security_logs (event_type, severity, risk_score, description, user_id, ip_address, user_agent,
      session_id, metadata)
    values (v_type, v_rating.severity, v_rating.risk_score, v_description, p_user_id, left(p_address, 64),
      left(p_user_agent, 300), left(v_event ->> 'session_id', 100), v_metadata);
  end loop;
  return jsonb_build_object('accepted', jsonb_array_length(p_events));
end
$$;

revoke execute on function public.record_security_events(text, uuid, text, jsonb, integer) from public, anon, authenticated;
grant execute on function public.record_security_events(text, uuid, text, jsonb, integer) to service_role;

-- ---------------------------------------------------------------- detection rules
-- Failed logins (5 in 15 minutes from one address or for one e-mail) and the client's request
-- frequency check (more than 30 requests in 60 seconds).
create or replace function private.detect_from_security_log()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := lower(new.metadata ->> 'email');
  v_failures integer;
  v_requests text := new.metadata ->> 'requests_last_minute';
begin
  if new.event_type = 'failed_login' then
    if new.ip_address is not null then
      select count(*) into v_failures from public.security_logs
      where ip_address = new.ip_address and event_type = 'failed_login' and created_at > now() - interval '15 minutes';
      if v_failures >= 5 then
        perform private.raise_alert('failed_logins_address', 'high',
          format('%s failed logins from %s within 15 minutes', v_failures, new.ip_address),
          'ip:' || new.ip_address, jsonb_build_object('failed_logins', v_failures), new.ip_address);
      end if;
    end if;
    if v_email is not null and v_email <> '' then
      select count(*) into v_failures from public.security_logs
      where (metadata ->> 'email') = v_email and event_type = 'failed_login'
        and created_at > now() - interval '15 minutes';
      if v_failures >= 5 then
        perform private.raise_alert('failed_logins_account', 'high',
          format('%s failed logins for %s within 15 minutes', v_failures, v_email),
          'email:' || v_email, jsonb_build_object('failed_logins', v_failures, 'email', v_email), new.ip_address);
      end if;
    end if;
  elsif new.event_type = 'suspicious_activity' and new.metadata ->> 'check' = 'request_frequency'
    and v_requests ~ '^\d{1,9}$' and v_requests::integer > 30 then
    perform private.raise_alert('request_flood', 'high',
      format('%s requests in 60 seconds reported by one client', v_requests),
      'ip:' || coalesce(new.ip_address, 'unknown'), jsonb_build_object('requests_last_minute', v_requests::integer),
      new.ip_address);
  end if;
  return null;
end
$$;

create trigger detect_threats after insert on public.security_logs
  for each row execute function private.detect_from_security_log();

-- A role granted to or removed from an admin (or the admin role itself granted or removed).
create or replace function private.detect_admin_role_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.user_roles := coalesce(new, old);
  v_operation text := case tg_op when 'INSERT' then 'granted' when 'DELETE' then 'removed' else 'changed' end;
begin
  if tg_op = 'UPDATE' and new.role = old.role and new.user_id = old.user_id then
    return null;
  end if;
  if (tg_op <> 'DELETE' and new.role = 'admin') or (tg_op <> 'INSERT' and old.role = 'admin')
    or exists (select 1 from public.user_roles where user_id = v_row.user_id and role = 'admin') then
    perform private.raise_alert('admin_role_change', 'high',
      format('Role %s %s for admin account %s', v_row.role, v_operation, v_row.user_id),
      'user:' || v_row.user_id,
      jsonb_build_object('user_id', v_row.user_id, 'role', v_row.role, 'operation', v_operation, 'changed_by', auth.uid()));
  end if;
  return null;
end
$$;

create trigger detect_admin_role_change after insert or update or delete on public.user_roles
  for each row execute function private.detect_admin_role_change();

-- More than 20 deletions by one user within 5 minutes.
create or replace function private.detect_mass_deletion()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_deletions integer;
begin
  select count(*) into v_deletions from public.audit_logs
  where user_id = new.user_id and action = 'DELETE' and created_at > now() - interval '5 minutes';
  if v_deletions > 20 then
    perform private.raise_alert('mass_deletion', 'high',
      format('%s deletions by one user within 5 minutes', v_deletions),
      'user:' || new.user_id, jsonb_build_object('user_id', new.user_id, 'deletions', v_deletions));
  end if;
  return null;
end
$$;

create trigger detect_mass_deletion after insert on public.audit_logs
  for each row when (new.action = 'DELETE' and new.user_id is not null)
  execute function private.detect_mass_deletion();

-- ---------------------------------------------------------------- the audit trail is append-only
-- No role has update or delete on it through the API; this trigger also refuses them inside any
-- function an API request runs (PostgREST always sets request.jwt.claims). Exceptions: the
-- retention job (transaction-local flag) and the owner's own sessions outside the API (seed,
-- tests' cleanup), which could drop the trigger anyway.
create or replace function private.audit_logs_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and current_setting('private.audit_retention', true) = 'on' then
    return new;
  end if;
  if coalesce(current_setting('request.jwt.claims', true), '') = ''
    and current_user not in ('anon', 'authenticated', 'service_role') then
    return coalesce(new, old);
  end if;
  raise exception 'The audit trail is append-only' using errcode = '42501';
end
$$;

create trigger append_only before update or delete on public.audit_logs
  for each row execute function private.audit_logs_append_only();
create trigger append_only_truncate before truncate on public.audit_logs
  for each statement execute function private.audit_logs_append_only();

revoke update, delete, truncate on table public.audit_logs from service_role;

-- ---------------------------------------------------------------- resolving an alert (admins)
-- Resolves and records the admin action in one transaction; the audit trigger on security_alerts
-- records the change itself. Direct updates are no longer granted.
revoke update on table public.security_alerts from authenticated;
drop policy "admins resolve security alerts" on public.security_alerts;

create or replace function public.resolve_security_alert(p_alert_id uuid)
returns public.security_alerts
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_alert public.security_alerts;
begin
  if not public.is_admin() then
    raise exception 'Only admins can resolve security alerts.' using errcode = '42501';
  end if;
  update public.security_alerts set status = 'resolved', resolved_at = now()
  where id = p_alert_id and status = 'active'
  returning * into v_alert;
  if v_alert.id is null then
    raise exception 'This alert does not exist or is no longer active.' using errcode = 'P0002';
  end if;
  insert into public.security_logs (event_type, severity, risk_score, description, user_id, metadata)
  select 'admin_action', r.severity, r.risk_score, 'Resolve Security Alert', auth.uid(),
    jsonb_build_object('alert_id', v_alert.id)
  from private.security_event_rating('admin_action', null) r;
  return v_alert;
end
$$;

revoke execute on function public.resolve_security_alert(uuid) from public, anon;
grant execute on function public.resolve_security_alert(uuid) to authenticated;

-- ---------------------------------------------------------------- the screen's reads (admins)
-- '%term%' with the LIKE wildcards of the term escaped; null for an empty term.
create or replace function private.like_pattern(p_term text)
returns text
language sql
immutable
set search_path = ''
as $$
  select '%' || replace(replace(replace(nullif(btrim(p_term), ''), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;

-- Checked: other callers get a clear error (the tables' own policies also allow admins only).
create or replace function public.admin_security_logs(
  p_since timestamptz default null,
  p_severity public.security_severity default null,
  p_event_type text default null,
  p_search text default null,
  p_limit integer default 100
)
returns setof public.security_logs
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_pattern text := private.like_pattern(p_search);
begin
  if not public.is_admin() then
    raise exception 'Only admins can read security events.' using errcode = '42501';
  end if;
  if v_pattern is null then
    return query
    select l.* from public.security_logs l
    where (p_since is null or l.created_at >= p_since)
      and (p_severity is null or l.severity = p_severity)
      and (p_event_type is null or l.event_type = p_event_type)
    order by l.created_at desc
    limit least(greatest(p_limit, 1), 500);
    return;
  end if;
  -- with a search term: find the matches first (trigram indexes), then sort them, rather than
  -- walking the newest-first index until enough rows match
  return query
  with matching as materialized (
    select l.* from public.security_logs l
    where (l.description ilike v_pattern or l.event_type ilike v_pattern or l.ip_address ilike v_pattern)
      and (p_since is null or l.created_at >= p_since)
      and (p_severity is null or l.severity = p_severity)
      and (p_event_type is null or l.event_type = p_event_type)
  )
  select m.* from matching m
  order by m.created_at desc
  limit least(greatest(p_limit, 1), 500);
end
$$;


create or replace function public.admin_security_counts(
  p_since timestamptz default null,
  p_severity public.security_severity default null,
  p_event_type text default null,
  p_search text default null
)
returns table (security_events bigint, active_alerts bigint, admin_actions bigint, high_risk_events bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_pattern text := private.like_pattern(p_search);
begin
  if not public.is_admin() then
    raise exception 'Only admins can read security events.' using errcode = '42501';
  end if;
  return query
  with matching as (
    select l.severity from public.security_logs l
    where (p_since is null or l.created_at >= p_since)
      and (p_severity is null or l.severity = p_severity)
      and (p_event_type is null or l.event_type = p_event_type)
      and (v_pattern is null or l.description ilike v_pattern or l.event_type ilike v_pattern
        or l.ip_address ilike v_pattern)
  )
  select
    (select count(*) from matching),
    (select count(*) from public.security_alerts a where a.status = 'active'),
    (select count(*) from public.audit_logs a where p_since is null or a.created_at >= p_since),
    (select count(*) from matching m where m.severity in ('high', 'critical'));
end
$$;

revoke execute on function public.admin_security_logs(timestamptz, public.security_severity, text, text, integer) from public, anon;
revoke execute on function public.admin_security_counts(timestamptz, public.security_severity, text, text) from public, anon;
grant execute on function public.admin_security_logs(timestamptz, public.security_severity, text, text, integer) to authenticated;
grant execute on function public.admin_security_counts(timestamptz, public.security_severity, text, text) to authenticated;

-- ---------------------------------------------------------------- auth audit log (admins)
-- GoTrue's own log of sign-ups, logins, logouts, token refreshes, deletions and password changes.
create or replace function public.admin_auth_events(p_since timestamptz default null, p_limit integer default 100)
returns table (id uuid, created_at timestamptz, action text, actor_id uuid, actor_username text, ip_address text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only admins can read the sign-in log.' using errcode = '42501';
  end if;
  return query
  select e.id, e.created_at, e.payload ->> 'action', nullif(e.payload ->> 'actor_id', '')::uuid,
    e.payload ->> 'actor_username', nullif(e.ip_address, '')::text
  from auth.audit_log_entries e
  where p_since is null or e.created_at >= p_since
  order by e.created_at desc
  limit least(greatest(p_limit, 1), 500);
end
$$;

revoke execute on function public.admin_auth_events(timestamptz, integer) from public, anon;
grant execute on function public.admin_auth_events(timestamptz, integer) to authenticated;

-- ---------------------------------------------------------------- retention (service role)
-- Erases addresses older than 90 days wherever they are kept, and old rate-limit counters.
create or replace function public.security_retention()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_cutoff timestamptz := now() - interval '90 days';
  v_logs integer;
  v_alerts integer;
  v_audit integer;
  v_auth integer := 0;
begin
  update public.security_logs set ip_address = null where created_at < v_cutoff and ip_address is not null;
  get diagnostics v_logs = row_count;
  update public.security_alerts set ip_address = null where created_at < v_cutoff and ip_address is not null;
  get diagnostics v_alerts = row_count;

  -- audit rows keep copies of audited rows: strip addresses of rows created before the cutoff
  perform set_config('private.audit_retention', 'on', true);
  update public.audit_logs
  set old_values = old_values - 'ip_address' - 'client_ip', new_values = new_values - 'ip_address' - 'client_ip'
  where (created_at < v_cutoff or (coalesce(old_values, new_values) ->> 'created_at')::timestamptz < v_cutoff)
    and (old_values ?| array['ip_address', 'client_ip'] or new_values ?| array['ip_address', 'client_ip']);
  get diagnostics v_audit = row_count;
  perform set_config('private.audit_retention', 'off', true);

  begin
    update auth.audit_log_entries set ip_address = '' where created_at < v_cutoff and ip_address <> '';
    get diagnostics v_auth = row_count;
  exception when insufficient_privilege then
    raise notice 'auth.audit_log_entries is not writable here; its addresses are left to the auth service';
  end;

  delete from private.security_logger_hits where window_start < now() - interval '1 hour';
  return jsonb_build_object('security_logs', v_logs, 'security_alerts', v_alerts, 'audit_logs', v_audit,
    'auth_audit_log_entries', v_auth);
end
$$;

revoke execute on function public.security_retention() from public, anon, authenticated;
grant execute on function public.security_retention() to service_role;
