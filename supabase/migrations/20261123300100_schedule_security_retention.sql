-- Hosted projects: run the security retention job hourly with pg_cron + pg_net, as the local
-- platform's scheduler does (supabase/local/scheduler.ts). Only where both extensions are
-- available; the project URL and service key come from Supabase Vault (secrets 'project_url'
-- and 'service_role_key'). Does nothing elsewhere (PGlite, plain PostgreSQL).
do $$
begin
  if (select count(*) from pg_available_extensions where name in ('pg_cron', 'pg_net')) < 2
    or not exists (select 1 from pg_namespace where nspname = 'vault') then
    raise notice 'pg_cron, pg_net or Vault missing: security retention is not scheduled here';
    return;
  end if;
  create extension if not exists pg_cron;
  create extension if not exists pg_net;
  perform cron.schedule(
    'security-retention',
    '0 * * * *',
    $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/security-logger',
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
        ),
        body := '{"action": "retention"}'::jsonb
      )
    $job$
  );
end
$$;
