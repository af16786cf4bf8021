-- Hosted projects: pg_cron asks the istat-filing function every fifteen minutes to send to Ross1000
-- the days not yet accepted (yesterday, once the day is over; a day the service could not take, after
-- its back-off), as the local scheduler does (SCHEDULE in supabase/local/scheduler.ts). Through
-- private.call_edge_function, which skips with a notice while pg_net or the Vault secrets are
-- missing. Only where pg_cron is available.
do $migration$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available: the ISTAT movement is not scheduled in the database';
    return;
  end if;
  create extension if not exists pg_cron;
  perform cron.schedule(
    'istat-filing', '*/15 * * * *',
    $job$select private.call_edge_function('istat-filing', '{"action":"send"}', 60000)$job$
  );
end
$migration$;
