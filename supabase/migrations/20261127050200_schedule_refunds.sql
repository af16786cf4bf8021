-- Hosted projects: pg_cron asks the `payments` function every minute to make the refunds that are
-- owed but could not be made at once (Stripe unreachable when the guest cancelled or a payment had
-- to be returned), as the local scheduler does (SCHEDULE in supabase/local/scheduler.ts). The call
-- goes through private.call_edge_function, which skips with a notice while pg_net or the Vault
-- secrets are missing. Only where pg_cron is available; does nothing elsewhere.
do $migration$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available: refunds are not scheduled in the database';
    return;
  end if;
  create extension if not exists pg_cron;
  perform cron.schedule(
    'payments-refunds', '* * * * *',
    $job$select private.call_edge_function('payments', '{"action": "process_refunds"}', 30000)$job$
  );
end
$migration$;
