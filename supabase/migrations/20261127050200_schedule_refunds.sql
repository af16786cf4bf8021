-- Hosted projects: pg_cron asks the `payments` function (through pg_net) every minute to make the
-- refunds that are owed but could not be made at once (Stripe unreachable when the guest cancelled
-- or a payment had to be returned), as supabase/local/scheduler.ts does locally. Runs only where
-- pg_cron, pg_net and Vault hold the project URL and service-role key (see
-- 20261125100200_schedule_booking_emails.sql); elsewhere nothing is scheduled here.
do $migration$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron')
     or not exists (select 1 from pg_available_extensions where name = 'pg_net')
     or to_regnamespace('vault') is null then
    raise notice 'pg_cron, pg_net or Vault not available: refunds are not scheduled in the database';
    return;
  end if;
  create extension if not exists pg_cron;
  create extension if not exists pg_net;
  perform cron.schedule(
    'payments-refunds',
    '* * * * *',
    $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/payments',
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
        ),
        body := '{"action": "process_refunds"}'::jsonb,
        timeout_milliseconds := 30000
      )
      where (select count(*) from vault.decrypted_secrets where name in ('project_url', 'service_role_key')) = 2
    $job$
  );
end
$migration$;
