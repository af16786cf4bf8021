-- Hosted projects: every 5 seconds, pg_cron asks the `webhooks` function (through pg_net) to send
-- due deliveries, as supabase/local/scheduler.ts does locally. Only where both extensions are
-- available; the project URL and the service-role key are read from Supabase Vault at each run
-- (secrets `project_url` and `service_role_key`, see README). Elsewhere (the local platform, a
-- plain PostgreSQL) this does nothing.
do $migration$
begin
  if (select count(*) from pg_available_extensions where name in ('pg_cron', 'pg_net')) < 2
    or to_regnamespace('vault') is null then
    raise notice 'pg_cron, pg_net or Vault not available: webhook dispatch is not scheduled in the database';
    return;
  end if;
  create extension if not exists pg_cron;
  create extension if not exists pg_net;
  perform cron.schedule(
    'webhooks-dispatch',
    '5 seconds',
    $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/webhooks',
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
        ),
        body := '{"action": "dispatch"}'::jsonb,
        timeout_milliseconds := 30000
      )
      where (select count(*) from vault.decrypted_secrets where name in ('project_url', 'service_role_key')) = 2
    $job$
  );
end
$migration$;
