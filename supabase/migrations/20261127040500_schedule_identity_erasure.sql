-- Hosted projects: erase expired identity document numbers hourly with pg_cron, as the local
-- platform's scheduler does (SCHEDULE in supabase/local/scheduler.ts).
-- Only where pg_cron is available; does nothing elsewhere (PGlite, plain PostgreSQL).
do $$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron missing: identity erasure is not scheduled here';
    return;
  end if;
  create extension if not exists pg_cron;
  perform cron.schedule('identity-erasure', '17 * * * *', 'select public.erase_expired_identity_documents()');
end
$$;
