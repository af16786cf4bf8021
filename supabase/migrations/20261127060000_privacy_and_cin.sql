-- The CIN and privacy the guest can read and exercise (issue 34, sections 6 and 7).
--
--   compliance_settings        one row, admins write, staff read: the CIN (codice identificativo
--                              nazionale), how long a stay's contact details and a contact message
--                              are kept, and whom guests write to about their data
--   public.site_compliance()   what every public page shows: the CIN and the retention periods of
--                              the privacy notice (anyone; nothing else of the row)
--   bookings.anonymised_at     when the stay's contact details were anonymised
--   privacy_requests           one row per export, erasure and retention run (audited), naming no one
--   private.anonymise_booking  the one anonymisation of a stay: name, e-mail, phone and requests,
--                              their copies in e-mails, webhooks, reviews and the audit trail, the
--                              guest's links. Amounts, dates, room, guests and country stay.
--   public.run_privacy_retention()   the scheduled job (service role)
--   public.privacy_guest_export(email) / privacy_guest_erase(email)   admins, on a guest's request

-- ---------------------------------------------------------------- settings (one row)
create table public.compliance_settings (
  id boolean primary key default true constraint compliance_settings_single_row check (id),
  cin text constraint compliance_settings_cin_format check (cin is null or cin ~ '^IT[0-9A-Z]{10,22}$'),
  stay_contact_retention_years integer not null default 2
    constraint compliance_settings_stay_years_range check (stay_contact_retention_years between 1 and 10),
  contact_message_retention_months integer not null default 12
    constraint compliance_settings_message_months_range check (contact_message_retention_months between 1 and 60),
  privacy_contact_email text constraint compliance_settings_privacy_email_format
    check (privacy_contact_email is null or (char_length(privacy_contact_email) <= 254
      and privacy_contact_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.compliance_settings is
  'The CIN shown on every public page, the retention periods the scheduler applies and the privacy notice states, and the privacy contact. Admins write, staff read; the public reads site_compliance().';
comment on column public.compliance_settings.stay_contact_retention_years is
  'A stay''s name, e-mail, phone and requests are anonymised this many years after departure (default 2).';
comment on column public.compliance_settings.contact_message_retention_months is
  'Contact-form messages are deleted this many months after they arrive (default 12).';
comment on column public.compliance_settings.privacy_contact_email is
  'Where guests write about their data; null: the site''s contact e-mail.';
insert into public.compliance_settings (id) values (true);

create trigger set_timestamps before insert or update on public.compliance_settings
  for each row execute function private.set_timestamps();
create trigger audit_row_change after insert or update or delete on public.compliance_settings
  for each row execute function private.audit_row_change();
-- the CIN and the notice are in every prerendered page: a change asks for a rebuild
create trigger request_site_rebuild after insert or update or delete on public.compliance_settings
  for each row execute function private.site_content_changed();

alter table public.compliance_settings enable row level security;
revoke all on table public.compliance_settings from public, anon, authenticated;
grant select on table public.compliance_settings to authenticated;
grant update (cin, stay_contact_retention_years, contact_message_retention_months, privacy_contact_email)
  on table public.compliance_settings to authenticated;
grant all on table public.compliance_settings to service_role;
create policy "staff read compliance settings" on public.compliance_settings
  for select to authenticated using ((select public.is_staff()));
create policy "admins update compliance settings" on public.compliance_settings
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- What every public page needs: the CIN and the privacy notice's figures. Redefined by later
-- migrations that add a figure (the identity data's retention, from online check-in).
create or replace function public.site_compliance()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'cin', s.cin,
    'stay_contact_retention_years', s.stay_contact_retention_years,
    'contact_message_retention_months', s.contact_message_retention_months,
    'privacy_contact_email', s.privacy_contact_email
  )
  from public.compliance_settings s where s.id
$$;
revoke execute on function public.site_compliance() from public;
grant execute on function public.site_compliance() to anon, authenticated, service_role;

-- ---------------------------------------------------------------- the log of requests
create table public.privacy_requests (
  id uuid primary key default gen_random_uuid(),
  kind text not null constraint privacy_requests_kind_known check (kind in ('export', 'erasure', 'retention')),
  -- the stays concerned, by reference only: the log never names the guest
  booking_references text[] not null default '{}',
  bookings integer not null default 0,
  contact_messages integer not null default 0,
  requested_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.privacy_requests is
  'Exports and erasures done on a guest''s request, and scheduled retention runs that changed something: counts and booking references, never a name or an address. Written by the functions only; admins read.';
create index privacy_requests_created_idx on public.privacy_requests (created_at desc);
create trigger audit_row_change after insert or update or delete on public.privacy_requests
  for each row execute function private.audit_row_change();
alter table public.privacy_requests enable row level security;
revoke all on table public.privacy_requests from public, anon, authenticated;
grant select on table public.privacy_requests to authenticated;
grant all on table public.privacy_requests to service_role;
create policy "admins read privacy requests" on public.privacy_requests
  for select to authenticated using ((select public.is_admin()));

-- ---------------------------------------------------------------- anonymising a stay
alter table public.bookings add column anonymised_at timestamptz;
comment on column public.bookings.anonymised_at is
  'When the guest''s name, e-mail, phone and requests were anonymised (retention or a request); null: never.';
create index bookings_retention_idx on public.bookings (check_out_date) where anonymised_at is null;
create index bookings_guest_email_lower_idx on public.bookings (lower(guest_email));

-- p_values with each key of p_replacements it has replaced (null stays null)
create or replace function private.replace_keys(p_values jsonb, p_replacements jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case when p_values is null or jsonb_typeof(p_values) <> 'object' then p_values
    else p_values || coalesce((
      select jsonb_object_agg(r.key, r.value) from jsonb_each(p_replacements) r where p_values ? r.key
    ), '{}'::jsonb) end
$$;

create or replace function private.anonymised_email(p_booking_id uuid)
returns text
language sql
immutable
set search_path = ''
as $$
  select 'anonymised-' || left(replace(p_booking_id::text, '-', ''), 12) || '@anonymised.invalid'
$$;

-- Erases what names the guest of one stay, wherever this product copied it. Later migrations
-- extend it (check-in's guest names) through private.anonymise_booking_extra.
create or replace function private.anonymise_booking_extra(p_booking_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- nothing else yet
end
$$;

create or replace function private.anonymise_booking(p_booking_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := private.anonymised_email(p_booking_id);
  v_booking_values jsonb := jsonb_build_object(
    'guest_name', 'Anonymised guest', 'guest_email', private.anonymised_email(p_booking_id),
    'guest_phone', null, 'special_requests', null);
  v_review_values jsonb := '{"guest_name": "Former guest", "guest_location": null}';
begin
  update public.bookings
  set guest_name = 'Anonymised guest', guest_email = v_email, guest_phone = null, special_requests = null,
      anonymised_at = private.clock_now()
  where id = p_booking_id;

  update public.email_outbox
  set recipient = v_email, data = '{}'::jsonb, last_error = null,
      status = case when status = 'pending' then 'failed'::public.email_status else status end
  where booking_id = p_booking_id;
  update public.webhook_deliveries
  set payload = payload #- '{data,guest}'
  where payload -> 'data' -> 'booking' ->> 'id' = p_booking_id::text and payload -> 'data' ? 'guest';
  update public.reviews set guest_name = 'Former guest', guest_location = null where booking_id = p_booking_id;
  delete from private.booking_access_tokens where booking_id = p_booking_id;
  delete from private.booking_request_origins where booking_id = p_booking_id;
  delete from private.review_tokens where booking_id = p_booking_id;
  perform private.anonymise_booking_extra(p_booking_id);

  -- the audit trail keeps copies of the rows: the same values there (the one update it allows)
  perform set_config('private.audit_retention', 'on', true);
  update public.audit_logs
  set old_values = private.replace_keys(old_values, v_booking_values),
      new_values = private.replace_keys(new_values, v_booking_values)
  where table_name = 'bookings' and record_id = p_booking_id::text;
  update public.audit_logs
  set old_values = private.replace_keys(old_values, v_review_values),
      new_values = private.replace_keys(new_values, v_review_values)
  where table_name = 'reviews' and record_id in (select r.id::text from public.reviews r where r.booking_id = p_booking_id);
  perform set_config('private.audit_retention', 'off', true);
end
$$;
revoke execute on function private.anonymise_booking(uuid) from public, anon, authenticated;
revoke execute on function private.anonymise_booking_extra(uuid) from public, anon, authenticated;

-- Today in Rome by the movable clock.
create or replace function private.rome_today()
returns date
language sql
stable
security definer
set search_path = ''
as $$
  select (private.clock_now() at time zone 'Europe/Rome')::date
$$;

-- ---------------------------------------------------------------- the scheduled job
-- Anonymises stays whose departure is the retention period ago or more, deletes contact messages
-- older than theirs. Service role (the scheduler) only.
create or replace function public.run_privacy_retention()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_settings public.compliance_settings;
  v_today date := private.rome_today();
  v_refs text[];
  v_messages integer;
  v_id uuid;
begin
  select * into v_settings from public.compliance_settings where id;
  select coalesce(array_agg(b.reference order by b.reference), '{}') into v_refs
  from public.bookings b
  where b.anonymised_at is null
    and b.check_out_date <= (v_today - make_interval(years => v_settings.stay_contact_retention_years))::date;
  for v_id in select b.id from public.bookings b where b.reference = any (v_refs) loop
    perform private.anonymise_booking(v_id);
  end loop;
  delete from public.contact_messages
  where created_at < private.clock_now() - make_interval(months => v_settings.contact_message_retention_months);
  get diagnostics v_messages = row_count;
  if cardinality(v_refs) > 0 or v_messages > 0 then
    insert into public.privacy_requests (kind, booking_references, bookings, contact_messages)
    values ('retention', v_refs, cardinality(v_refs), v_messages);
  end if;
  return jsonb_build_object('bookings_anonymised', cardinality(v_refs), 'contact_messages_deleted', v_messages);
end
$$;
revoke execute on function public.run_privacy_retention() from public, anon, authenticated;
grant execute on function public.run_privacy_retention() to service_role;

-- ---------------------------------------------------------------- a guest's request (admins)
-- What the house keeps about the guest with this e-mail (any case): stays, e-mails sent, reviews
-- of those stays, contact messages. Later migrations add sections through
-- private.privacy_export_extra (check-in guests).
create or replace function private.privacy_export_extra(p_booking_ids uuid[])
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select '{}'::jsonb
$$;
revoke execute on function private.privacy_export_extra(uuid[]) from public, anon, authenticated;

create or replace function public.privacy_guest_export(p_email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_ids uuid[];
  v_refs text[];
  v_messages jsonb;
  v_result jsonb;
begin
  perform private.require_admin('export a guest''s data');
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Enter the guest''s e-mail address.' using errcode = '22023';
  end if;
  select coalesce(array_agg(b.id order by b.check_in_date), '{}'), coalesce(array_agg(b.reference order by b.check_in_date), '{}')
    into v_ids, v_refs
  from public.bookings b where lower(b.guest_email) = v_email;
  select coalesce(jsonb_agg(jsonb_build_object('received_at', m.created_at, 'name', m.name, 'email', m.email,
      'phone', m.phone, 'message', m.message) order by m.created_at), '[]')
    into v_messages
  from public.contact_messages m where lower(m.email) = v_email;

  v_result := jsonb_build_object(
    'email', v_email,
    'exported_at', private.clock_now(),
    'stays', coalesce((
      select jsonb_agg(jsonb_build_object(
        'reference', b.reference, 'status', b.status, 'room', r.name, 'check_in', b.check_in_date,
        'check_out', b.check_out_date, 'guests', b.guests, 'name', b.guest_name, 'email', b.guest_email,
        'phone', b.guest_phone, 'special_requests', b.special_requests, 'language', b.guest_language,
        'total_amount', b.total_amount, 'discount_amount', b.discount_amount, 'promo_code', b.promo_code,
        'requested_at', b.created_at,
        'emails', coalesce((select jsonb_agg(jsonb_build_object('kind', e.kind, 'to', e.recipient, 'status', e.status,
            'sent_at', e.sent_at) order by e.created_at) from public.email_outbox e where e.booking_id = b.id), '[]'),
        'reviews', coalesce((select jsonb_agg(jsonb_build_object('name', v.guest_name, 'rating', v.rating,
            'comment', v.comment, 'date', v.review_date) order by v.created_at) from public.reviews v where v.booking_id = b.id), '[]')
      ) order by b.check_in_date)
      from public.bookings b join public.rooms r on r.id = b.room_id
      where b.id = any (v_ids)), '[]'),
    'contact_messages', v_messages
  ) || private.privacy_export_extra(v_ids);

  insert into public.privacy_requests (kind, booking_references, bookings, contact_messages, requested_by)
  values ('export', v_refs, cardinality(v_ids), jsonb_array_length(v_messages), auth.uid());
  return v_result;
end
$$;
revoke execute on function public.privacy_guest_export(text) from public, anon;
grant execute on function public.privacy_guest_export(text) to authenticated;

-- Erases at once what names the guest with this e-mail: every stay anonymised as the retention
-- job does, every contact message deleted. Refused while a stay is still ahead (or under way).
create or replace function public.privacy_guest_erase(p_email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_ahead text;
  v_refs text[];
  v_id uuid;
  v_messages integer;
begin
  perform private.require_admin('erase a guest''s data');
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Enter the guest''s e-mail address.' using errcode = '22023';
  end if;
  select string_agg(b.reference, ', ' order by b.check_in_date) into v_ahead
  from public.bookings b
  where lower(b.guest_email) = v_email and b.status in ('pending', 'confirmed', 'checked_in')
    and b.check_out_date >= private.rome_today();
  if v_ahead is not null then
    raise exception 'This guest has a stay still ahead (%): erase after it ends, or cancel it first.', v_ahead
      using errcode = 'P0001';
  end if;
  select coalesce(array_agg(b.reference order by b.check_in_date), '{}') into v_refs
  from public.bookings b where lower(b.guest_email) = v_email;
  for v_id in select b.id from public.bookings b where b.reference = any (v_refs) loop
    perform private.anonymise_booking(v_id);
  end loop;
  delete from public.contact_messages where lower(email) = v_email;
  get diagnostics v_messages = row_count;
  insert into public.privacy_requests (kind, booking_references, bookings, contact_messages, requested_by)
  values ('erasure', v_refs, cardinality(v_refs), v_messages, auth.uid());
  return jsonb_build_object('bookings_anonymised', cardinality(v_refs), 'contact_messages_deleted', v_messages,
    'booking_references', to_jsonb(v_refs));
end
$$;
revoke execute on function public.privacy_guest_erase(text) from public, anon;
grant execute on function public.privacy_guest_erase(text) to authenticated;

-- ---------------------------------------------------------------- hosted schedule
-- Hosted projects: the retention job daily at 03:15 with pg_cron (the local platform's scheduler
-- calls the privacy-retention function instead).
do $$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron missing: privacy retention is not scheduled here';
    return;
  end if;
  create extension if not exists pg_cron;
  perform cron.schedule('privacy-retention', '15 3 * * *', $job$ select public.run_privacy_retention() $job$);
end
$$;

revoke execute on function private.replace_keys(jsonb, jsonb) from public, anon, authenticated;
revoke execute on function private.anonymised_email(uuid) from public, anon, authenticated;
revoke execute on function private.rome_today() from public, anon, authenticated;
