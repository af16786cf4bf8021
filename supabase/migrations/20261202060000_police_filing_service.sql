-- Issue 41 §1 and §3: the police report sent to Alloggiati Web by its web service. The edge function
-- police-filing (service role) reads the credentials and the queue here, sends the lines it builds
-- with supabase/functions/_shared/alloggiati.ts (the same builder as the download) and records each
-- guest's outcome. The credentials sit in a private table no API role reads; admins see them masked.

-- A web-service filing has no person behind it: filed_by stays null and via_service says so.
alter table public.police_filings alter column filed_by drop not null;
alter table public.police_filings add column via_service boolean not null default false;
alter table public.police_filings add constraint police_filings_filed_by_or_service
  check (filed_by is not null or via_service);

-- The portals' accounts: one row, never readable back (as private.deploy_hook).
create table private.paperwork_credentials (
  id boolean primary key default true,
  alloggiati_user text,
  alloggiati_password text,
  alloggiati_wskey text,
  alloggiati_tested_at timestamptz,
  alloggiati_token text,
  alloggiati_token_expires_at timestamptz,
  ross1000_user text,
  ross1000_password text,
  ross1000_structure text,
  updated_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint paperwork_credentials_single_row check (id),
  constraint paperwork_credentials_lengths check (
    char_length(coalesce(alloggiati_user, '')) <= 100 and char_length(coalesce(alloggiati_password, '')) <= 200
    and char_length(coalesce(alloggiati_wskey, '')) <= 500 and char_length(coalesce(ross1000_user, '')) <= 100
    and char_length(coalesce(ross1000_password, '')) <= 200 and char_length(coalesce(ross1000_structure, '')) <= 50)
);
comment on table private.paperwork_credentials is 'The Alloggiati Web and Ross1000 accounts (one row). Not reachable through the API; admins read them masked through public.paperwork_credentials_settings(); the police-filing function through police_filing_credentials() (service role).';
create index paperwork_credentials_updated_by_idx on private.paperwork_credentials (updated_by);
alter table private.paperwork_credentials enable row level security;
create policy "the portals' credentials stay in the database" on private.paperwork_credentials
  as restrictive for all to public using (false) with check (false);
revoke all on table private.paperwork_credentials from public, anon, authenticated, service_role;
create trigger set_timestamps before insert or update on private.paperwork_credentials
  for each row execute function private.set_timestamps();

-- Each guest's submission to the web service and its outcome (the last attempt).
create table public.police_submissions (
  guest_id uuid primary key references public.booking_guests (id) on delete cascade,
  booking_id uuid not null references public.bookings (id) on delete cascade,
  arrival_day date not null,
  deadline_at timestamptz not null,
  status text not null,
  error_code text,
  error_text text,
  error_detail text,
  attempts integer not null default 1,
  last_attempt_at timestamptz not null,
  sent_at timestamptz,
  filing_id uuid references public.police_filings (id) on delete set null,
  alerted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint police_submissions_status check (status in ('sent', 'refused')),
  constraint police_submissions_sent_at check ((status = 'sent') = (sent_at is not null)),
  constraint police_submissions_texts check (
    char_length(coalesce(error_code, '')) <= 20 and char_length(coalesce(error_text, '')) <= 500
    and char_length(coalesce(error_detail, '')) <= 1000)
);
comment on table public.police_submissions is 'Each guest sent to Alloggiati Web by the police-filing function: sent, or refused with the service''s error (TipoErrore, in Italian) until staff fix the guest and the next run sends again.';
create index police_submissions_booking_idx on public.police_submissions (booking_id);
create index police_submissions_day_idx on public.police_submissions (arrival_day);
create index police_submissions_filing_idx on public.police_submissions (filing_id);
alter table public.police_submissions enable row level security;
create policy "staff read police submissions" on public.police_submissions
  as permissive for select to authenticated using ((select public.is_staff()));
revoke all on table public.police_submissions from public, anon, authenticated;
grant select on table public.police_submissions to authenticated;
grant all on table public.police_submissions to service_role;
create trigger set_timestamps before insert or update on public.police_submissions
  for each row execute function private.set_timestamps();

-- Masked settings for the admin screen: whether each account is set, the user's first letters.
create or replace function private.mask_secret(p_value text)
returns text language sql immutable set search_path to '' as $$
  select case when coalesce(p_value, '') = '' then null
    else left(p_value, 2) || '…' || case when char_length(p_value) > 8 then right(p_value, 2) else '' end end
$$;

create type public.paperwork_account_view as (
  alloggiati_set boolean,
  alloggiati_user_masked text,
  alloggiati_tested_at timestamptz,
  ross1000_set boolean,
  ross1000_user_masked text,
  ross1000_structure text,
  updated_at timestamptz
);

create or replace function public.paperwork_credentials_settings()
returns public.paperwork_account_view language plpgsql stable security definer set search_path to '' as $$
declare
  c private.paperwork_credentials;
begin
  perform private.require_admin('read the portals'' accounts');
  select * into c from private.paperwork_credentials;
  return row(
    coalesce(c.alloggiati_user, '') <> '', private.mask_secret(c.alloggiati_user), c.alloggiati_tested_at,
    coalesce(c.ross1000_user, '') <> '', private.mask_secret(c.ross1000_user), c.ross1000_structure,
    c.updated_at)::public.paperwork_account_view;
end
$$;
revoke all on function public.paperwork_credentials_settings() from public, anon;
grant execute on function public.paperwork_credentials_settings() to authenticated;

-- Saves one portal's account (the police-filing function tests Alloggiati's with Authentication_Test
-- first and calls this with the admin's own token). p_service: 'alloggiati' or 'ross1000'.
create or replace function public.set_paperwork_credentials(
  p_service text, p_user text, p_password text, p_key text, p_tested boolean default false)
returns public.paperwork_account_view language plpgsql security definer set search_path to '' as $$
declare
  v_user text := btrim(coalesce(p_user, ''));
  v_password text := coalesce(p_password, '');
  v_key text := btrim(coalesce(p_key, ''));
begin
  perform private.require_admin('change the portals'' accounts');
  if p_service not in ('alloggiati', 'ross1000') then
    raise exception 'Unknown portal.' using errcode = '22023', hint = 'unknown_portal';
  end if;
  if v_user = '' or v_password = '' or v_key = '' then
    raise exception 'Please enter the user, the password and the key.' using errcode = '22023',
      hint = 'credentials_missing';
  end if;
  if char_length(v_user) > 100 or char_length(v_password) > 200 or char_length(v_key) > 500
    or v_user ~ '[[:cntrl:]]' or v_key ~ '[[:cntrl:]]' or v_password ~ '[[:cntrl:]]' then
    raise exception 'These credentials are too long or contain control characters.' using errcode = '22023',
      hint = 'credentials_invalid';
  end if;
  insert into private.paperwork_credentials (id) values (true) on conflict (id) do nothing;
  if p_service = 'alloggiati' then
    update private.paperwork_credentials set alloggiati_user = v_user, alloggiati_password = v_password,
      alloggiati_wskey = v_key, alloggiati_tested_at = case when p_tested then private.clock_now() end,
      alloggiati_token = null, alloggiati_token_expires_at = null, updated_by = auth.uid();
  else
    update private.paperwork_credentials set ross1000_user = v_user, ross1000_password = v_password,
      ross1000_structure = v_key, updated_by = auth.uid();
  end if;
  insert into public.audit_logs (action, table_name, record_id, user_id, new_values)
  values ('UPDATE', 'paperwork_credentials', null, auth.uid(), jsonb_build_object('portal', p_service));
  return public.paperwork_credentials_settings();
end
$$;
revoke all on function public.set_paperwork_credentials(text, text, text, text, boolean) from public, anon;
grant execute on function public.set_paperwork_credentials(text, text, text, text, boolean) to authenticated;

-- The police-filing function's read of the account and its cached token (service role only).
create or replace function public.police_filing_credentials()
returns table (utente text, password text, wskey text, token text, token_expires_at timestamptz)
language sql stable security definer set search_path to '' as $$
  select c.alloggiati_user, c.alloggiati_password, c.alloggiati_wskey, c.alloggiati_token,
    c.alloggiati_token_expires_at
  from private.paperwork_credentials c where coalesce(c.alloggiati_user, '') <> ''
$$;
revoke all on function public.police_filing_credentials() from public, anon, authenticated;
grant execute on function public.police_filing_credentials() to service_role;

-- Keeps the token GenerateToken gave until it expires (null: forget it).
create or replace function public.police_filing_keep_token(p_token text, p_expires_at timestamptz)
returns void language sql security definer set search_path to '' as $$
  update private.paperwork_credentials set alloggiati_token = p_token, alloggiati_token_expires_at = p_expires_at
$$;
revoke all on function public.police_filing_keep_token(text, timestamptz) from public, anon, authenticated;
grant execute on function public.police_filing_keep_token(text, timestamptz) to service_role;

-- A guest's deadline: 24 hours after check-in, 6 hours for a stay of one night.
create or replace function private.police_deadline(p_checked_in_at timestamptz, p_check_in date, p_check_out date)
returns timestamptz language sql immutable set search_path to '' as $$
  select p_checked_in_at + case when p_check_out - p_check_in <= 1 then interval '6 hours' else interval '24 hours' end
$$;

-- The guests to send: checked in, not yet reported, and not refused since their last change (a
-- refused guest comes back once staff correct them). As police_file_day gives them (arrival_date
-- the day of check-in), stays in check-in order. An audited identity read.
create or replace function public.police_filing_queue()
returns setof public.police_file_guest language plpgsql security definer set search_path to '' as $$
declare
  v_bookings uuid[];
begin
  select coalesce(array_agg(b.id order by ci.checked_in_at, b.reference), '{}') into v_bookings
  from public.booking_check_ins ci
  join public.bookings b on b.id = ci.booking_id
  where b.status in ('checked_in', 'checked_out')
    and exists (
      select 1 from public.booking_guests g
      left join public.police_submissions s on s.guest_id = g.id
      where g.booking_id = b.id and g.police_filing_id is null
        and (s.guest_id is null or s.status <> 'refused' or g.updated_at > s.last_attempt_at));
  perform private.audit_identity_read(v_bookings, 'police web service');
  return query
  select g.id, b.id, b.reference, r.name, g.position, g.guest_type, (ci.checked_in_at at time zone 'Europe/Rome')::date,
    b.check_out_date, g.surname, g.given_names, g.sex, g.birth_date, g.birth_comune_code, g.birth_province,
    g.birth_state_code, g.citizenship_code, g.document_type_code, g.document_number,
    g.document_issue_place_code, g.verified_at is not null, g.police_filing_id,
    private.police_guest_problems(g)
  from unnest(v_bookings) with ordinality q(booking_id, n)
  join public.bookings b on b.id = q.booking_id
  join public.booking_check_ins ci on ci.booking_id = b.id
  join public.rooms r on r.id = b.room_id
  join public.booking_guests g on g.booking_id = b.id
  left join public.police_submissions s on s.guest_id = g.id
  where g.police_filing_id is null
    and (s.guest_id is null or s.status <> 'refused' or g.updated_at > s.last_attempt_at)
  order by q.n, g.position;
end
$$;
revoke all on function public.police_filing_queue() from public, anon, authenticated;
grant execute on function public.police_filing_queue() to service_role;

-- Records one Send's outcome. p_results: [{guest_id, ok, code, text, detail}] in the order sent.
-- Accepted guests of a day share one filing (via the service); refused ones keep the error.
create or replace function public.record_police_submissions(p_results jsonb)
returns integer language plpgsql security definer set search_path to '' as $$
declare
  v_now timestamptz := private.clock_now();
  v_day record;
  v_filing uuid;
  v_count integer := 0;
begin
  create temporary table if not exists police_results (
    guest_id uuid, ok boolean, code text, text text, detail text, booking_id uuid, arrival_day date,
    deadline_at timestamptz, filing_id uuid) on commit drop;
  truncate pg_temp.police_results;
  insert into pg_temp.police_results
  select r.guest_id, coalesce(r.ok, false), left(r.code, 20), left(r.text, 500), left(r.detail, 1000), b.id,
    (ci.checked_in_at at time zone 'Europe/Rome')::date,
    private.police_deadline(ci.checked_in_at, b.check_in_date, b.check_out_date), null
  from jsonb_to_recordset(coalesce(p_results, '[]')) r(guest_id uuid, ok boolean, code text, text text, detail text)
  join public.booking_guests g on g.id = r.guest_id and g.police_filing_id is null
  join public.bookings b on b.id = g.booking_id
  join public.booking_check_ins ci on ci.booking_id = b.id;
  for v_day in select arrival_day, count(*)::integer as n from pg_temp.police_results where ok group by arrival_day loop
    insert into public.police_filings (arrival_day, guest_count, filed_by, filed_at, via_service)
    values (v_day.arrival_day, v_day.n, null, v_now, true) returning id into v_filing;
    update public.booking_guests g set police_filing_id = v_filing
    from pg_temp.police_results r where r.guest_id = g.id and r.ok and r.arrival_day = v_day.arrival_day;
    update pg_temp.police_results r set filing_id = v_filing where r.ok and r.arrival_day = v_day.arrival_day;
    v_count := v_count + v_day.n;
  end loop;
  insert into public.police_submissions as s (guest_id, booking_id, arrival_day, deadline_at, status, error_code,
    error_text, error_detail, last_attempt_at, sent_at, filing_id)
  select r.guest_id, r.booking_id, r.arrival_day, r.deadline_at, case when r.ok then 'sent' else 'refused' end,
    case when r.ok then null else r.code end, case when r.ok then null else r.text end,
    case when r.ok then null else r.detail end, v_now, case when r.ok then v_now end,
    r.filing_id
  from pg_temp.police_results r
  on conflict (guest_id) do update set status = excluded.status, error_code = excluded.error_code,
    error_text = excluded.error_text, error_detail = excluded.error_detail, attempts = s.attempts + 1,
    last_attempt_at = excluded.last_attempt_at, sent_at = excluded.sent_at, filing_id = excluded.filing_id;
  return v_count;
end
$$;
revoke all on function public.record_police_submissions(jsonb) from public, anon, authenticated;
grant execute on function public.record_police_submissions(jsonb) to service_role;

-- The arrivals screen's figures of a day: the filings the web service made (police_file_day names
-- no person for them), the guests refused and not yet corrected, and the guests not yet reported
-- whose deadline falls today. Each guest's answer: the police_submissions table (staff read it).
create type public.police_service_day_view as (
  day date,
  service_filings uuid[],
  refused integer,
  due_today integer
);

create or replace function public.police_submissions_day(p_day date)
returns public.police_service_day_view language plpgsql stable security definer set search_path to '' as $$
begin
  perform private.require_staff('read the police submissions');
  if p_day is null then
    raise exception 'Please pick a day.' using errcode = '22023';
  end if;
  return row(
    p_day,
    array(select f.id from public.police_filings f where f.arrival_day = p_day and f.via_service order by f.filed_at),
    (select count(*)::integer from public.police_submissions s join public.booking_guests g on g.id = s.guest_id
     where s.arrival_day = p_day and s.status = 'refused' and g.updated_at <= s.last_attempt_at),
    (select count(*)::integer from public.booking_check_ins ci
     join public.bookings b on b.id = ci.booking_id
     join public.booking_guests g on g.booking_id = b.id
     where b.status in ('checked_in', 'checked_out') and g.police_filing_id is null
       and (private.police_deadline(ci.checked_in_at, b.check_in_date, b.check_out_date)
            at time zone 'Europe/Rome')::date = private.rome_today())
  )::public.police_service_day_view;
end
$$;
revoke all on function public.police_submissions_day(date) from public, anon;
grant execute on function public.police_submissions_day(date) to authenticated;
