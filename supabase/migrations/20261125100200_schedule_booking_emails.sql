-- Hosted projects: pg_cron ends the request holds that ran out every minute (in SQL, no HTTP
-- needed) and asks the `emails` function (through pg_net) to send the outbox every 5 seconds, as
-- supabase/local/scheduler.ts does locally. The function call runs only where pg_net and Vault hold
-- the project URL and service-role key (secrets `project_url` and `service_role_key`, see README);
-- elsewhere (the local platform, a plain PostgreSQL) nothing is scheduled here.
do $migration$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron not available: booking timers and e-mails are not scheduled in the database';
    return;
  end if;
  create extension if not exists pg_cron;
  perform cron.schedule('booking-timers', '* * * * *', $job$ select public.run_booking_timers() $job$);

  if not exists (select 1 from pg_available_extensions where name = 'pg_net') or to_regnamespace('vault') is null then
    raise notice 'pg_net or Vault not available: e-mail dispatch is not scheduled in the database';
    return;
  end if;
  create extension if not exists pg_net;
  perform cron.schedule(
    'emails-dispatch',
    '5 seconds',
    $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/emails',
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
