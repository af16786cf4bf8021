-- Issue 41 §2 and §3: the ISTAT movement sent to Lazio's Ross1000 (lazioturismo.ross1000.it) by its
-- web service, one `movimento` a day. The edge function istat-filing (service role) asks here which
-- days are due (istat_filing_due: the first days not yet accepted, in date order, each with its
-- record built by private.ross1000_movimento), sends them one by one and records each outcome
-- (record_istat_day). A day is sent only after every earlier day is accepted: a refused day stops
-- the days after it until staff fix what it names (the record then differs) or ask for a retry.
-- The service down: the day waits with a back-off (5 minutes, doubled each attempt, at most 6 hours).
-- A day still not accepted on the 3rd of the next month raises one alert (istat_day_unsent).
--
-- One builder: private.istat_people gives every person of the stays of a period (their type, birth,
-- citizenship, residence), and both the monthly summary (public.istat_movement) and the day's record
-- read it.

-- ---------------------------------------------------------------- the account
-- user and password (HTTP Basic) and the structure's code (the record's <codice>), as saved by
-- set_paperwork_credentials('ross1000', …) since 20261202060000; now tested when saved, and the
-- first day the service sends (the day before the account was first saved: earlier days were
-- filed by hand).
alter table private.paperwork_credentials
  add column ross1000_tested_at timestamptz,
  add column ross1000_start_day date;

alter type public.paperwork_account_view add attribute ross1000_tested_at timestamptz;
alter type public.paperwork_account_view add attribute ross1000_start_day date;

create or replace function public.paperwork_credentials_settings()
returns public.paperwork_account_view language plpgsql stable security definer set search_path to '' as $$
declare
  c private.paperwork_credentials;
begin
  perform private.require_admin('read the portals'' accounts');
  perform private.require_aal2();
  select * into c from private.paperwork_credentials;
  return row(
    coalesce(c.alloggiati_user, '') <> '', private.mask_secret(c.alloggiati_user), c.alloggiati_tested_at,
    coalesce(c.ross1000_user, '') <> '', private.mask_secret(c.ross1000_user), c.ross1000_structure,
    c.updated_at, c.ross1000_tested_at, c.ross1000_start_day)::public.paperwork_account_view;
end
$$;

create or replace function public.set_paperwork_credentials(
  p_service text, p_user text, p_password text, p_key text, p_tested boolean default false)
returns public.paperwork_account_view language plpgsql security definer set search_path to '' as $$
declare
  v_user text := btrim(coalesce(p_user, ''));
  v_password text := coalesce(p_password, '');
  v_key text := btrim(coalesce(p_key, ''));
begin
  perform private.require_admin('change the portals'' accounts');
  perform private.require_aal2();
  if p_service not in ('alloggiati', 'ross1000') then
    raise exception 'Unknown portal.' using errcode = '22023', hint = 'unknown_portal';
  end if;
  if v_user = '' or v_password = '' or v_key = '' then
    raise exception 'Please enter the user, the password and the key.' using errcode = '22023',
      hint = 'credentials_missing';
  end if;
  if char_length(v_user) > 100 or char_length(v_password) > 200 or char_length(v_key) > 500
    or v_user ~ '[[:cntrl:]]' or v_key ~ '[[:cntrl:]]' or v_password ~ '[[:cntrl:]]'
    or (p_service = 'ross1000' and char_length(v_key) > 50) then
    raise exception 'These credentials are too long or contain control characters.' using errcode = '22023',
      hint = 'credentials_invalid';
  end if;
  insert into private.paperwork_credentials (id) values (true) on conflict (id) do nothing;
  if p_service = 'alloggiati' then
    update private.paperwork_credentials set alloggiati_user = v_user, alloggiati_password = v_password,
      alloggiati_wskey = v_key, alloggiati_tested_at = case when p_tested then private.clock_now() end,
      alloggiati_token = null, alloggiati_token_expires_at = null, updated_by = auth.uid()
    where id;
  else
    update private.paperwork_credentials set ross1000_user = v_user, ross1000_password = v_password,
      ross1000_structure = v_key, ross1000_tested_at = case when p_tested then private.clock_now() end,
      ross1000_start_day = coalesce(ross1000_start_day, private.rome_today() - 1), updated_by = auth.uid()
    where id;
  end if;
  insert into public.audit_logs (action, table_name, record_id, user_id, new_values)
  values ('UPDATE', 'paperwork_credentials', null, auth.uid(), jsonb_build_object('portal', p_service));
  return public.paperwork_credentials_settings();
end
$$;

-- The istat-filing function's read of the account (service role only).
create or replace function public.istat_filing_credentials()
returns table (utente text, password text, structure text)
language sql stable security definer set search_path to '' as $$
  select c.ross1000_user, c.ross1000_password, c.ross1000_structure
  from private.paperwork_credentials c where coalesce(c.ross1000_user, '') <> ''
$$;
revoke all on function public.istat_filing_credentials() from public, anon, authenticated;
grant execute on function public.istat_filing_credentials() to service_role;

-- ---------------------------------------------------------------- the one builder
-- Every person of the stays that happened (checked in or out) and overlap [p_from, p_to]: one row per
-- guest of the check-in, then one per guest the stay counts beyond them (nothing known of them).
-- Not an identity read: no names or documents, only what ISTAT counts.
create or replace function private.istat_people(p_from date, p_to date)
returns table (
  booking_id uuid, reference text, source text, room_id uuid, check_in_date date, check_out_date date,
  "position" integer, guest_type integer, sex text, birth_date date, birth_state_code text,
  birth_comune_code text, citizenship_code text, residence_state_code text, residence_comune_code text,
  region text)
language sql stable security definer set search_path to '' as $$
  with stays as (
    select b.id, b.reference, b.source, b.room_id, b.guests, b.check_in_date, b.check_out_date
    from public.bookings b
    where b.status in ('checked_in', 'checked_out') and b.check_in_date <= p_to and b.check_out_date > p_from
  )
  select s.id, s.reference, s.source, s.room_id, s.check_in_date, s.check_out_date, g.position::integer,
    g.guest_type::integer, g.sex, g.birth_date, g.birth_state_code, g.birth_comune_code, g.citizenship_code,
    g.residence_state_code, g.residence_comune_code, c.region
  from stays s
  join public.booking_guests g on g.booking_id = s.id
  left join public.alloggiati_comuni c on c.code = g.residence_comune_code
  union all
  select s.id, s.reference, s.source, s.room_id, s.check_in_date, s.check_out_date,
    (known.n + extra.n)::integer, null, null, null, null, null, null, null, null, null
  from stays s
  cross join lateral (select count(*)::integer as n from public.booking_guests g where g.booking_id = s.id) known
  cross join lateral generate_series(1, greatest(s.guests - known.n, 0)) extra(n)
$$;
revoke all on function private.istat_people(date, date) from public, anon, authenticated;

-- One month of stays: per country of residence and, for residents of Italy, per region: arrivals
-- (guests whose stay began in the month) and nights (person-nights in the month). Guests of a stay
-- without check-in data count as 'unknown'. Read from private.istat_people, as the Ross1000 record is.
create or replace function public.istat_movement(p_month date)
returns table (breakdown text, code text, label text, arrivals integer, nights integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_from date := date_trunc('month', p_month)::date;
  v_to date := (date_trunc('month', p_month) + interval '1 month' - interval '1 day')::date;
begin
  perform private.require_staff('read the ISTAT figures');
  if p_month is null then
    raise exception 'Choose a month.' using errcode = '22023';
  end if;
  return query
  with counted as (
    select p.residence_state_code as state_code, p.region,
      (p.check_in_date between v_from and v_to)::integer as arrived,
      (least(p.check_out_date, v_to + 1) - greatest(p.check_in_date, v_from))::integer as nights_in_month
    from private.istat_people(v_from, v_to) p
  )
  select 'country'::text, coalesce(c.state_code, 'unknown'), coalesce(st.name, 'Unknown'),
    sum(c.arrived)::integer, sum(c.nights_in_month)::integer
  from counted c left join public.alloggiati_stati st on st.code = c.state_code
  group by c.state_code, st.name
  union all
  select 'region'::text, coalesce(c.region, 'unknown'), coalesce(c.region, 'Unknown'),
    sum(c.arrived)::integer, sum(c.nights_in_month)::integer
  from counted c where c.state_code = '100000100'
  group by c.region
  order by 1, 5 desc, 3;
end
$$;
revoke execute on function public.istat_movement(date) from public, anon;
grant execute on function public.istat_movement(date) to authenticated;

-- The booking channel as Ross1000 names it, from bookings.source.
create or replace function private.ross1000_channel(p_source text)
returns text language sql immutable set search_path to '' as $$
  select case p_source
    when 'website' then 'Sito web della struttura'
    when 'phone' then 'Diretto'
    when 'email' then 'Diretto'
    when 'walk_in' then 'Diretto'
    when 'booking_com' then 'OTA'
    when 'expedia' then 'OTA'
    when 'airbnb' then 'OTA'
    else 'Altro' end
$$;

-- The day's `movimento` (as JSON, in the service's element names; the function writes it as XML):
--   data (YYYYMMDD), struttura {apertura SI/NO, camereoccupate, cameredisponibili, lettidisponibili,
--   lettioccupati}, arrivi {arrivo [...]}, partenze {partenza [...]}.
-- Rooms available: the rooms not closed by a manual block that night; beds: their guests' places
-- (rooms.max_guests); occupied: the rooms and guests of the stays over the night of the day. The
-- house is closed (apertura NO) on a day every room is blocked. Each guest is identified by the
-- stay's reference and position (idswh); members of a family or group name their leader (idcapo).
-- Tourism type and means of transport are not asked of guests: 'Non specificato'.
create or replace function private.ross1000_movimento(p_day date)
returns jsonb language plpgsql stable security definer set search_path to '' as $$
declare
  v_rooms integer;
  v_beds integer;
  v_occupied integer;
  v_guests integer;
  v_arrivals jsonb;
  v_departures jsonb;
begin
  select count(*)::integer, coalesce(sum(r.max_guests), 0)::integer into v_rooms, v_beds
  from public.rooms r
  where not exists (select 1 from public.manual_blocks m where m.room_id = r.id
    and m.check_in_date <= p_day and m.check_out_date > p_day);
  select count(distinct p.room_id)::integer, count(*)::integer into v_occupied, v_guests
  from private.istat_people(p_day, p_day) p
  where p.check_in_date <= p_day and p.check_out_date > p_day;

  with people as (
    select p.*, p.reference || '-' || lpad(p.position::text, 2, '0') as idswh,
      coalesce(p.guest_type, case when p.position = 1 then 16 else 20 end) as kind
    from private.istat_people(p_day, p_day) p
  ), leaders as (
    select distinct on (p.booking_id) p.booking_id, p.idswh from people p
    where p.kind in (17, 18) order by p.booking_id, p.position
  )
  select coalesce(jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
      'idswh', p.idswh,
      'tipoalloggiato', p.kind::text,
      'idcapo', case when p.kind in (19, 20) then l.idswh end,
      'sesso', p.sex,
      'cittadinanza', p.citizenship_code,
      'statoresidenza', p.residence_state_code,
      'luogoresidenza', p.residence_comune_code,
      'datanascita', to_char(p.birth_date, 'YYYYMMDD'),
      'statonascita', p.birth_state_code,
      'comunenascita', p.birth_comune_code,
      'tipoturismo', 'Non specificato',
      'mezzotrasporto', 'Non specificato',
      'canaleprenotazione', private.ross1000_channel(p.source)
    )) order by p.reference, p.position), '[]')
  into v_arrivals
  from people p left join leaders l on l.booking_id = p.booking_id
  where p.check_in_date = p_day;

  select coalesce(jsonb_agg(jsonb_build_object(
      'idswh', p.reference || '-' || lpad(p.position::text, 2, '0'),
      'tipoalloggiato', coalesce(p.guest_type, case when p.position = 1 then 16 else 20 end)::text,
      'arrivo', to_char(p.check_in_date, 'YYYYMMDD')
    ) order by p.reference, p.position), '[]')
  into v_departures
  from private.istat_people(p_day - 1, p_day - 1) p
  where p.check_out_date = p_day;

  return jsonb_build_object(
    'data', to_char(p_day, 'YYYYMMDD'),
    'struttura', jsonb_build_object(
      'apertura', case when v_rooms > 0 then 'SI' else 'NO' end,
      'camereoccupate', v_occupied,
      'cameredisponibili', v_rooms,
      'lettidisponibili', v_beds,
      'lettioccupati', v_guests),
    'arrivi', jsonb_build_object('arrivo', v_arrivals),
    'partenze', jsonb_build_object('partenza', v_departures));
end
$$;
revoke all on function private.ross1000_movimento(date) from public, anon, authenticated;

-- ---------------------------------------------------------------- each day's outcome
create table public.istat_days (
  day date primary key,
  status text not null default 'pending',
  arrivals integer not null default 0,
  departures integer not null default 0,
  open boolean not null default true,
  attempts integer not null default 0,
  last_attempt_at timestamptz,
  next_attempt_at timestamptz,
  sent_at timestamptz,
  error_code text,
  error_text text,
  errors jsonb not null default '[]',
  record_hash text,
  retry_requested_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint istat_days_status check (status in ('pending', 'sent', 'refused')),
  constraint istat_days_sent_at check ((status = 'sent') = (sent_at is not null)),
  constraint istat_days_errors check (jsonb_typeof(errors) = 'array'),
  constraint istat_days_texts check (
    char_length(coalesce(error_code, '')) <= 40 and char_length(coalesce(error_text, '')) <= 500
    and char_length(coalesce(record_hash, '')) <= 64)
);
comment on table public.istat_days is 'Each day''s ISTAT movement sent to Ross1000 by the istat-filing function: pending (not yet sent, or the service down: next_attempt_at), sent, or refused with the service''s errors until staff fix the data or retry. Staff read; only the service role writes.';
create index istat_days_status_idx on public.istat_days (status, day) where status <> 'sent';
alter table public.istat_days enable row level security;
create policy "staff read the ISTAT days" on public.istat_days
  as permissive for select to authenticated using ((select public.is_staff()));
create policy "two factors for the ISTAT days" on public.istat_days as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
revoke all on table public.istat_days from public, anon, authenticated;
grant select on table public.istat_days to authenticated;
grant all on table public.istat_days to service_role;
create trigger set_timestamps before insert or update on public.istat_days
  for each row execute function private.set_timestamps();

-- The months whose unsent day was alerted once.
create table private.istat_month_alerts (
  month date primary key,
  alert_id uuid,
  alerted_at timestamptz not null default now()
);
comment on table private.istat_month_alerts is 'The months with a day not accepted by Ross1000 on the 3rd of the next month, alerted once (public.raise_istat_unsent_alerts).';
alter table private.istat_month_alerts enable row level security;
create policy "ISTAT month alerts stay in the database" on private.istat_month_alerts
  as restrictive for all to public using (false) with check (false);
revoke all on table private.istat_month_alerts from public, anon, authenticated, service_role;

-- Every day from the account's first day to yesterday (Rome) has its row.
create or replace function private.istat_track_days()
returns void language sql security definer set search_path to '' as $$
  insert into public.istat_days (day)
  select d::date
  from private.paperwork_credentials c
  cross join lateral generate_series(c.ross1000_start_day, private.rome_today() - 1, interval '1 day') d
  where c.id and c.ross1000_start_day is not null
  on conflict (day) do nothing
$$;
revoke all on function private.istat_track_days() from public, anon, authenticated;

-- The days to send now, in date order, each with its record and the record's hash: from the first
-- day not accepted, stopping at a day that must wait (its back-off, or refused and unchanged) and
-- at most 62 days a run.
create or replace function public.istat_filing_due()
returns table (day date, movimento jsonb, record_hash text)
language plpgsql security definer set search_path to '' as $$
declare
  v_day public.istat_days;
  v_record jsonb;
  v_hash text;
  v_count integer := 0;
begin
  perform private.istat_track_days();
  for v_day in select * from public.istat_days d where d.status <> 'sent' order by d.day loop
    exit when v_count >= 62;
    v_record := private.ross1000_movimento(v_day.day);
    v_hash := md5(v_record::text);
    exit when v_day.next_attempt_at is not null and v_day.next_attempt_at > private.clock_now();
    exit when v_day.status = 'refused' and v_day.record_hash = v_hash
      and (v_day.retry_requested_at is null or v_day.retry_requested_at <= v_day.last_attempt_at);
    day := v_day.day;
    movimento := v_record;
    record_hash := v_hash;
    v_count := v_count + 1;
    return next;
  end loop;
end
$$;
revoke all on function public.istat_filing_due() from public, anon, authenticated;
grant execute on function public.istat_filing_due() to service_role;

-- Records one day's outcome: 'sent', 'refused' (p_errors: [{record, code, text}]) or 'unavailable'
-- (the service down or slow: the day waits 5 minutes, doubled each attempt, at most 6 hours).
-- A day is accepted only after every earlier day.
create or replace function public.record_istat_day(
  p_day date, p_outcome text, p_record jsonb, p_record_hash text, p_errors jsonb default '[]')
returns public.istat_days language plpgsql security definer set search_path to '' as $$
declare
  v_now timestamptz := private.clock_now();
  v_row public.istat_days;
  v_errors jsonb := coalesce(p_errors, '[]');
begin
  if p_outcome not in ('sent', 'refused', 'unavailable') then
    raise exception 'Unknown outcome.' using errcode = '22023';
  end if;
  if jsonb_typeof(v_errors) <> 'array' then
    raise exception 'The errors must be a list.' using errcode = '22023';
  end if;
  if p_outcome = 'sent' and exists (select 1 from public.istat_days d where d.day < p_day and d.status <> 'sent') then
    raise exception 'An earlier day is not yet accepted.' using errcode = '55000';
  end if;
  update public.istat_days d set
    status = case p_outcome when 'sent' then 'sent' when 'refused' then 'refused' else
      case when d.status = 'refused' then 'refused' else 'pending' end end,
    attempts = d.attempts + 1,
    last_attempt_at = v_now,
    next_attempt_at = case when p_outcome = 'unavailable'
      then v_now + least(interval '5 minutes' * power(2, least(d.attempts, 10)), interval '6 hours') end,
    sent_at = case when p_outcome = 'sent' then v_now end,
    arrivals = coalesce(jsonb_array_length(p_record #> '{arrivi,arrivo}'), d.arrivals),
    departures = coalesce(jsonb_array_length(p_record #> '{partenze,partenza}'), d.departures),
    open = coalesce((p_record #>> '{struttura,apertura}') = 'SI', d.open),
    error_code = case p_outcome when 'sent' then null when 'refused' then left(v_errors -> 0 ->> 'code', 40)
      else 'service_unavailable' end,
    error_text = case p_outcome when 'sent' then null else left(v_errors -> 0 ->> 'text', 500) end,
    errors = case p_outcome when 'refused' then
      (select coalesce(jsonb_agg(jsonb_build_object('record', left(e ->> 'record', 40), 'code', left(e ->> 'code', 40),
        'text', left(e ->> 'text', 500))), '[]') from (select e from jsonb_array_elements(v_errors) e limit 50) x)
      when 'sent' then '[]' else d.errors end,
    record_hash = case when p_outcome = 'unavailable' then d.record_hash else left(p_record_hash, 64) end
  where d.day = p_day
  returning * into v_row;
  if v_row.day is null then
    raise exception 'No such day to send.' using errcode = 'P0002';
  end if;
  return v_row;
end
$$;
revoke all on function public.record_istat_day(date, text, jsonb, text, jsonb) from public, anon, authenticated;
grant execute on function public.record_istat_day(date, text, jsonb, text, jsonb) to service_role;

-- On the 3rd of a month or later, one alert per earlier month with a day Ross1000 has not accepted.
create or replace function public.raise_istat_unsent_alerts()
returns integer language plpgsql security definer set search_path to '' as $$
declare
  v_month record;
  v_count integer := 0;
begin
  perform private.istat_track_days();
  for v_month in
    select date_trunc('month', d.day)::date as month, count(*)::integer as days, min(d.day) as first_day
    from public.istat_days d
    where d.status <> 'sent'
      and (date_trunc('month', d.day) + interval '1 month' + interval '2 days')::date <= private.rome_today()
      and not exists (select 1 from private.istat_month_alerts a where a.month = date_trunc('month', d.day)::date)
    group by 1 order by 1
  loop
    insert into private.istat_month_alerts (month, alert_id)
    values (v_month.month, private.raise_alert(
      'istat_day_unsent', 'high',
      format('ISTAT (Ross1000): %s day(s) of %s not yet accepted, the first %s. The month was due by the 3rd.',
        v_month.days, to_char(v_month.month, 'MM/YYYY'), to_char(v_month.first_day, 'DD/MM/YYYY')),
      'istat:' || to_char(v_month.month, 'YYYY-MM'),
      jsonb_build_object('month', to_char(v_month.month, 'YYYY-MM'), 'days', v_month.days,
        'first_day', v_month.first_day)));
    v_count := v_count + 1;
  end loop;
  return v_count;
end
$$;
revoke all on function public.raise_istat_unsent_alerts() from public, anon, authenticated;
grant execute on function public.raise_istat_unsent_alerts() to service_role;

-- Staff ask for a day to go again now (a refused day after a fix the record does not show, or a
-- day waiting for its back-off). The istat-filing function sends it on its next run.
create or replace function public.retry_istat_day(p_day date)
returns public.istat_days language plpgsql security definer set search_path to '' as $$
declare
  v_row public.istat_days;
begin
  perform private.require_staff('send an ISTAT day again');
  perform private.require_aal2();
  update public.istat_days d set retry_requested_at = private.clock_now(), next_attempt_at = null
  where d.day = p_day and d.status <> 'sent'
  returning * into v_row;
  if v_row.day is null then
    raise exception 'This day is already accepted, or not yet due.' using errcode = '22023';
  end if;
  return v_row;
end
$$;
revoke all on function public.retry_istat_day(date) from public, anon;
grant execute on function public.retry_istat_day(date) to authenticated;
