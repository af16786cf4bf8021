-- Hosted projects: the city-tax reminders each morning at 07:00 UTC, as the local scheduler does
-- (supabase/local/scheduler.ts, job city-tax-reminders).
do $migration$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available: the city-tax reminders are not scheduled in the database';
    return;
  end if;
  create extension if not exists pg_cron;
  perform cron.schedule('city-tax-reminders', '0 7 * * *', $job$select public.raise_city_tax_reminders()$job$);
end
$migration$;
