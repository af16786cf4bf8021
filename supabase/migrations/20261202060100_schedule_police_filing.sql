-- Hosted projects: pg_cron asks the police-filing function every five minutes to send the guests
-- checked in and not yet reported to Alloggiati Web, as the local scheduler does (SCHEDULE in
-- supabase/local/scheduler.ts). Through private.call_edge_function, which skips with a notice while
-- pg_net or the Vault secrets are missing. Only where pg_cron is available.
do $migration$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available: the police report is not scheduled in the database';
    return;
  end if;
  create extension if not exists pg_cron;
  perform cron.schedule(
    'police-filing', '*/5 * * * *',
    $job$select private.call_edge_function('police-filing', '{"action":"send"}', 60000)$job$
  );
end
$migration$;
