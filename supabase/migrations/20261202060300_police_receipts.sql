-- Issue 41 §1: the portal's receipt (Ricevuta) of each day, downloaded each morning by the
-- police-filing function and kept 5 years in a private bucket only staff read; the same function
-- deletes receipts older than that (its daily run is the receipts' retention job).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('police-receipts', 'police-receipts', false, 10485760, array['application/pdf'])
on conflict (id) do nothing;

create policy "staff read police receipts" on storage.objects
  for select to authenticated
  using (bucket_id = 'police-receipts' and (select public.is_staff()));

create table public.police_receipts (
  day date primary key,
  object_path text not null,
  size_bytes integer not null,
  stored_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint police_receipts_path check (object_path ~ '^[0-9]{4}/[0-9]{4}-[0-9]{2}-[0-9]{2}\.pdf$'),
  constraint police_receipts_size check (size_bytes > 0)
);
comment on table public.police_receipts is 'The Alloggiati Web receipt of each day, stored in the police-receipts bucket (kept 5 years).';
alter table public.police_receipts enable row level security;
create policy "staff read police receipts" on public.police_receipts
  as permissive for select to authenticated using ((select public.is_staff()));
revoke all on table public.police_receipts from public, anon, authenticated;
grant select on table public.police_receipts to authenticated;
grant all on table public.police_receipts to service_role;
create trigger set_timestamps before insert or update on public.police_receipts
  for each row execute function private.set_timestamps();

-- Records a stored receipt (service role).
create or replace function public.record_police_receipt(p_day date, p_path text, p_size integer)
returns void language sql security definer set search_path to '' as $$
  insert into public.police_receipts (day, object_path, size_bytes, stored_at)
  values (p_day, p_path, p_size, private.clock_now())
  on conflict (day) do update set object_path = excluded.object_path, size_bytes = excluded.size_bytes,
    stored_at = excluded.stored_at
$$;
revoke all on function public.record_police_receipt(date, text, integer) from public, anon, authenticated;
grant execute on function public.record_police_receipt(date, text, integer) to service_role;

-- Forgets the receipts older than 5 years and answers their paths, for the function to delete
-- the files (service role).
create or replace function public.expire_police_receipts()
returns setof text language sql security definer set search_path to '' as $$
  delete from public.police_receipts where day < (private.rome_today() - interval '5 years')::date
  returning object_path
$$;
revoke all on function public.expire_police_receipts() from public, anon, authenticated;
grant execute on function public.expire_police_receipts() to service_role;

-- Hosted projects: each morning at 06:30 UTC, as the local scheduler does.
do $migration$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available: the police receipts are not scheduled in the database';
    return;
  end if;
  create extension if not exists pg_cron;
  perform cron.schedule(
    'police-receipts', '30 6 * * *',
    $job$select private.call_edge_function('police-filing', '{"action":"receipts"}', 60000)$job$
  );
end
$migration$;
