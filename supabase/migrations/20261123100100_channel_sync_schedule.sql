-- Hosted projects: import the channel calendars every 10 minutes, as the local platform's scheduler
-- does (supabase/local/scheduler.ts). Only where pg_cron and pg_net are available; the project URL
-- and the service-role key are read from Supabase Vault (secrets 'project_url' and
-- 'service_role_key') at each run, so nothing secret is stored in the job. Elsewhere (the local
-- platform, PGlite) this migration does nothing.
do $do$
begin
  if (select count(*) from pg_available_extensions where name in ('pg_cron', 'pg_net')) < 2 then
    raise notice 'pg_cron or pg_net is not available: the channel sync is not scheduled in the database';
    return;
  end if;
  create extension if not exists pg_cron;
  create extension if not exists pg_net;
  if not exists (select 1 from pg_namespace where nspname = 'vault') then
    raise notice 'Supabase Vault is not available: the channel sync is not scheduled in the database';
    return;
  end if;
  perform cron.schedule(
    'channel-sync',
    '*/10 * * * *',
    $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/booking-integration',
        headers := jsonb_build_object(
          'content-type', 'application/json',
          'authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
        ),
        body := '{"action":"sync_feeds"}'::jsonb,
        timeout_milliseconds := 60000
      )
    $job$
  );
end
$do$;
