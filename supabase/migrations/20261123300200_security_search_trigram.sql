-- The Security screen's text search (description, event type, address; ILIKE '%term%') served by
-- trigram indexes where pg_trgm is available (hosted Supabase, the local platform); elsewhere the
-- search scans the rows of the chosen time range.
do $$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
    raise notice 'pg_trgm is not available: the security search runs without trigram indexes';
    return;
  end if;
  create extension if not exists pg_trgm with schema extensions;
  create index if not exists security_logs_description_trgm_idx
    on public.security_logs using gin (description extensions.gin_trgm_ops);
  create index if not exists security_logs_event_type_trgm_idx
    on public.security_logs using gin (event_type extensions.gin_trgm_ops);
  create index if not exists security_logs_ip_trgm_idx
    on public.security_logs using gin (ip_address extensions.gin_trgm_ops);
end
$$;
