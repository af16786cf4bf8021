-- One way for server code (detection rules, channel sync, webhook delivery) to raise an alert for
-- the admins: while an alert with the same type and key is active, raising it again only counts the
-- repeat and keeps the first one, so a recurring cause never floods the Active Alerts tab.

alter table public.security_alerts
  add column dedup_key text,
  add column occurrences integer not null default 1,
  add column last_seen_at timestamptz not null default now();

comment on column public.security_alerts.dedup_key is
  'What makes two alerts of one type the same cause (an address, an e-mail, a feed id); one active alert per type and key.';

create unique index security_alerts_one_active_per_cause
  on public.security_alerts (alert_type, dedup_key)
  where status = 'active' and dedup_key is not null;

create or replace function private.raise_alert(
  p_alert_type text,
  p_severity public.security_severity,
  p_description text,
  p_dedup_key text,
  p_metadata jsonb default null,
  p_ip_address text default null
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  insert into public.security_alerts (alert_type, severity, description, dedup_key, metadata, ip_address)
  values (p_alert_type, p_severity, left(p_description, 1000), p_dedup_key, p_metadata, p_ip_address)
  on conflict (alert_type, dedup_key) where status = 'active' and dedup_key is not null
  do update set occurrences = public.security_alerts.occurrences + 1, last_seen_at = now()
  returning id into v_id;
  return v_id;
end
$$;

revoke execute on function private.raise_alert(text, public.security_severity, text, text, jsonb, text)
  from public, anon, authenticated;
