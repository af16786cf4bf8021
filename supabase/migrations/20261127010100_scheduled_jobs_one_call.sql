-- Hosted projects: every scheduled job that calls an edge function goes through one function,
-- private.call_edge_function, which reads the project URL and the service-role key from Supabase
-- Vault at each run and, when either secret (or pg_net) is missing, skips the call with a notice
-- instead of posting to a NULL address. The channel-sync and security-retention jobs did not check.
-- The jobs are those of supabase/local/scheduler.ts (SCHEDULE), which the local platform runs; a
-- test (supabase/tests/platform/scheduled-jobs.test.ts) checks that the migrations schedule the same.
create or replace function private.call_edge_function(p_function text, p_body jsonb, p_timeout_ms integer)
returns bigint
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_url text;
  v_key text;
begin
  if to_regnamespace('net') is null or to_regnamespace('vault') is null then
    raise notice 'pg_net or Supabase Vault is not installed: % was not called', p_function;
    return null;
  end if;
  select
    (select decrypted_secret from vault.decrypted_secrets where name = 'project_url'),
    (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
  into v_url, v_key;
  if v_url is null or v_key is null then
    raise notice 'Vault secrets project_url and service_role_key are not both set: % was not called', p_function;
    return null;
  end if;
  return net.http_post(
    url := rtrim(v_url, '/') || '/functions/v1/' || p_function,
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || v_key),
    body := p_body,
    timeout_milliseconds := p_timeout_ms
  );
end
$$;
comment on function private.call_edge_function(text, jsonb, integer) is
  'Scheduled jobs: POSTs p_body to the edge function with the service-role key from Vault; skips with a notice when a secret is missing.';
revoke execute on function private.call_edge_function(text, jsonb, integer) from public, anon, authenticated, service_role;

-- Scheduling a job under an existing name replaces it, so these supersede the earlier migrations.
do $migration$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available: the jobs are not scheduled in the database';
    return;
  end if;
  create extension if not exists pg_cron;
  if exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net;
  end if;
  perform cron.schedule(
    'webhooks-dispatch', '5 seconds',
    $job$select private.call_edge_function('webhooks', '{"action": "dispatch"}', 30000)$job$
  );
  perform cron.schedule(
    'emails-dispatch', '5 seconds',
    $job$select private.call_edge_function('emails', '{"action": "dispatch"}', 30000)$job$
  );
  perform cron.schedule('booking-timers', '* * * * *', $job$select public.run_booking_timers()$job$);
  perform cron.schedule(
    'channel-sync', '*/10 * * * *',
    $job$select private.call_edge_function('booking-integration', '{"action": "sync_feeds"}', 60000)$job$
  );
  perform cron.schedule(
    'security-retention', '0 * * * *',
    $job$select private.call_edge_function('security-logger', '{"action": "retention"}', 30000)$job$
  );
end
$migration$;
