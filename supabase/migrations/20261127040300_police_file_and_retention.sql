-- The police report (issue 34, section 3) and the erasure of document numbers (section 1).
--
-- * police_file_day(day): the guests checked in on that day (Rome), with what the Alloggiati
--   file needs and the problems the database can see (codes not in the current tables, missing
--   fields, not verified in person); an audited read. The fixed-width file itself is written by
--   the client's pure writer (src/features/admin-arrivals/logic/alloggiati.ts).
-- * mark_police_file_filed(day, guest ids): staff uploaded the file to the portal; the filing
--   records who and when, and the guests it covered.
-- * unreported_check_ins(): the dashboard's "checked in but not reported", with the deadline:
--   24 hours after check-in, 6 hours for a stay of one night (24 hours or less).
-- * import_alloggiati_table(table, rows, file name): admins replace a code table with the
--   portal's file in one transaction; the previous table stays unless the import succeeds.
-- * erase_expired_identity_documents(): the scheduled job (service role) that erases document
--   numbers checkin_settings.document_retention_days after departure.

-- ---------------------------------------------------------------- the day's file
create or replace function private.police_guest_problems(g public.booking_guests)
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select array_remove(
    array(select 'missing_' || m from unnest(private.booking_guest_missing(g)) m)
    || array[
      case when g.verified_at is null then 'not_verified' end,
      case when g.birth_comune_code is not null
        and not exists (select 1 from public.alloggiati_comuni c where c.code = g.birth_comune_code)
        then 'unknown_birth_comune' end,
      case when g.birth_state_code is not null
        and not exists (select 1 from public.alloggiati_stati s where s.code = g.birth_state_code)
        then 'unknown_birth_state' end,
      case when g.citizenship_code is not null
        and not exists (select 1 from public.alloggiati_stati s where s.code = g.citizenship_code)
        then 'unknown_citizenship' end,
      case when g.document_type_code is not null
        and not exists (select 1 from public.alloggiati_documenti d where d.code = g.document_type_code)
        then 'unknown_document_type' end,
      case when g.document_issue_place_code is not null
        and not exists (select 1 from public.alloggiati_comuni c where c.code = g.document_issue_place_code)
        and not exists (select 1 from public.alloggiati_stati s where s.code = g.document_issue_place_code)
        then 'unknown_document_issue_place' end
    ], null)
$$;

-- {day, guests: [{guest_id, booking_id, reference, room_name, position, guest_type, arrival_date,
-- departure_date, surname, given_names, sex, birth_date, birth_comune_code, birth_province,
-- birth_state_code, citizenship_code, document_type_code, document_number,
-- document_issue_place_code, verified, filing_id, problems}], filings: [{id, filed_at, filed_by, guest_count}]}
create or replace function public.police_file_day(p_day date)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  perform private.require_staff('open the police file');
  if p_day is null then
    raise exception 'Please pick a day.' using errcode = '22023';
  end if;
  perform private.audit_identity_read(
    array(select ci.booking_id from public.booking_check_ins ci
          where (ci.checked_in_at at time zone 'Europe/Rome')::date = p_day),
    'police file ' || p_day::text);
  select jsonb_build_object(
    'day', p_day,
    'guests', coalesce((
      select jsonb_agg(jsonb_build_object(
        'guest_id', g.id,
        'booking_id', b.id,
        'reference', b.reference,
        'room_name', r.name,
        'position', g.position,
        'guest_type', g.guest_type,
        'arrival_date', p_day,
        'departure_date', b.check_out_date,
        'surname', g.surname,
        'given_names', g.given_names,
        'sex', g.sex,
        'birth_date', g.birth_date,
        'birth_comune_code', g.birth_comune_code,
        'birth_province', g.birth_province,
        'birth_state_code', g.birth_state_code,
        'citizenship_code', g.citizenship_code,
        'document_type_code', g.document_type_code,
        'document_number', g.document_number,
        'document_issue_place_code', g.document_issue_place_code,
        'verified', g.verified_at is not null,
        'filing_id', g.police_filing_id,
        'problems', to_jsonb(private.police_guest_problems(g))
      ) order by ci.checked_in_at, b.reference, g.position)
      from public.booking_check_ins ci
      join public.bookings b on b.id = ci.booking_id
      join public.rooms r on r.id = b.room_id
      join public.booking_guests g on g.booking_id = b.id
      where (ci.checked_in_at at time zone 'Europe/Rome')::date = p_day
        and b.status in ('checked_in', 'checked_out')
    ), '[]'::jsonb),
    'filings', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', f.id, 'filed_at', f.filed_at, 'guest_count', f.guest_count,
        'filed_by', coalesce(p.name, p.email, u.email, 'unknown')
      ) order by f.filed_at)
      from public.police_filings f
      left join public.profiles p on p.user_id = f.filed_by
      left join auth.users u on u.id = f.filed_by
      where f.arrival_day = p_day
    ), '[]'::jsonb)
  ) into v_result;
  return v_result;
end
$$;

-- Staff uploaded the day's file to the portal: the guests it held are reported.
create or replace function public.mark_police_file_filed(p_day date, p_guest_ids uuid[])
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_filing uuid;
  v_count integer := cardinality(array(select distinct unnest(coalesce(p_guest_ids, '{}'))));
begin
  perform private.require_staff('mark a police file as filed');
  if p_day is null or v_count = 0 then
    raise exception 'There is no guest to report.' using errcode = '22023';
  end if;
  perform 1 from public.booking_guests g where g.id = any (p_guest_ids) for update;
  if (
    select count(*) from public.booking_guests g
    join public.booking_check_ins ci on ci.booking_id = g.booking_id
    join public.bookings b on b.id = g.booking_id
    where g.id = any (p_guest_ids)
      and (ci.checked_in_at at time zone 'Europe/Rome')::date = p_day
      and b.status in ('checked_in', 'checked_out')
      and g.police_filing_id is null
      and cardinality(private.police_guest_problems(g)) = 0
  ) <> v_count then
    raise exception 'Some of these guests are not ready to be reported for that day, or were reported already.'
      using errcode = 'P0001';
  end if;
  insert into public.police_filings (arrival_day, guest_count, filed_by, filed_at)
  values (p_day, v_count, auth.uid(), private.clock_now())
  returning id into v_filing;
  update public.booking_guests set police_filing_id = v_filing where id = any (p_guest_ids);
  return v_filing;
end
$$;

-- Stays checked in whose guests are not all reported: the deadline and the hours left (negative
-- when late). No identity data.
create or replace function public.unreported_check_ins()
returns table (
  booking_id uuid,
  reference text,
  room_name text,
  checked_in_at timestamptz,
  deadline_at timestamptz,
  hours_left integer,
  unreported_guests integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff('read the police report''s deadlines');
  return query
  select b.id, b.reference, r.name, ci.checked_in_at, d.deadline_at,
    floor(extract(epoch from d.deadline_at - private.clock_now()) / 3600)::integer,
    (select count(*)::integer from public.booking_guests g where g.booking_id = b.id and g.police_filing_id is null)
  from public.booking_check_ins ci
  join public.bookings b on b.id = ci.booking_id
  join public.rooms r on r.id = b.room_id
  cross join lateral (
    select ci.checked_in_at + case when b.check_out_date - b.check_in_date <= 1 then interval '6 hours'
      else interval '24 hours' end as deadline_at
  ) d
  where b.status in ('checked_in', 'checked_out')
    and exists (select 1 from public.booking_guests g where g.booking_id = b.id and g.police_filing_id is null)
  order by d.deadline_at;
end
$$;

-- ---------------------------------------------------------------- code table imports (admins)
-- p_rows: the file's data rows (header left out), each an array of its fields as text:
-- comuni [code, name, province, end date], stati [code, name, province 'ES', end date],
-- documenti [code, name]. End dates as the portal writes them (dd/mm/yyyy, a time may follow)
-- or yyyy-mm-dd. A row is rejected for a malformed code, name, province or date, or a repeated
-- code. The import succeeds, replacing the whole table, when at least one row is valid, at most
-- 5 % are rejected and (stati) Italia 100000100 is present; otherwise nothing changes. Either
-- way it is logged. Returns {succeeded, rows_read, rows_rejected, rejected: [{line, reason}],
-- message}; line = the row's line in the file (the header is line 1).
create or replace function private.portal_date(p_text text)
returns date
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text := btrim(coalesce(p_text, ''));
begin
  if v = '' then
    return null;
  elsif v ~ '^\d{2}/\d{2}/\d{4}( \d{2}:\d{2}(:\d{2})?)?$' then
    return to_date(substr(v, 1, 10), 'DD/MM/YYYY');
  elsif v ~ '^\d{4}-\d{2}-\d{2}$' then
    return v::date;
  end if;
  raise exception 'bad date';
end
$$;

create or replace function public.import_alloggiati_table(p_table text, p_rows jsonb, p_file_name text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_row jsonb;
  v_line integer := 1;
  v_read integer := 0;
  v_rejected jsonb := '[]'::jsonb;
  v_rejected_count integer := 0;
  v_reason text;
  v_code text;
  v_name text;
  v_province text;
  v_ended date;
  v_succeeded boolean;
  v_message text;
begin
  perform private.require_admin('import code tables');
  if p_table not in ('comuni', 'stati', 'documenti') then
    raise exception 'Unknown table.' using errcode = '22023';
  end if;
  if p_rows is null or jsonb_typeof(p_rows) <> 'array' then
    raise exception 'The file has no rows.' using errcode = '22023';
  end if;
  if jsonb_array_length(p_rows) > 50000 then
    raise exception 'The file has too many rows.' using errcode = '22023';
  end if;

  create temporary table if not exists alloggiati_import_rows (
    code text primary key, name text not null, province text, ended_on date
  ) on commit drop;
  truncate alloggiati_import_rows;

  for v_row in select e from jsonb_array_elements(p_rows) e loop
    v_line := v_line + 1;
    v_read := v_read + 1;
    v_reason := null;
    if jsonb_typeof(v_row) <> 'array' then
      v_reason := 'not a row of fields';
    else
      v_code := upper(btrim(coalesce(v_row ->> 0, '')));
      v_name := upper(btrim(coalesce(v_row ->> 1, '')));
      v_province := upper(btrim(coalesce(v_row ->> 2, '')));
      v_ended := null;
      if p_table in ('comuni', 'stati') and v_code !~ '^[0-9]{9}$' then
        v_reason := 'the code is not 9 digits';
      elsif p_table = 'documenti' and v_code !~ '^[A-Z0-9]{1,5}$' then
        v_reason := 'the code is not 1 to 5 letters or digits';
      elsif char_length(v_name) not between 1 and 100 then
        v_reason := 'the name is empty or too long';
      elsif p_table = 'comuni' and v_province !~ '^[A-Z]{2}$' then
        v_reason := 'the province is not 2 letters';
      elsif exists (select 1 from alloggiati_import_rows t where t.code = v_code) then
        v_reason := 'the code appears twice';
      else
        if p_table in ('comuni', 'stati') then
          begin
            v_ended := private.portal_date(v_row ->> 3);
          exception when others then
            v_reason := 'the end date is not a date';
          end;
        end if;
      end if;
    end if;
    if v_reason is null then
      insert into alloggiati_import_rows (code, name, province, ended_on)
      values (v_code, v_name, nullif(v_province, ''), v_ended);
    else
      v_rejected_count := v_rejected_count + 1;
      if jsonb_array_length(v_rejected) < 50 then
        v_rejected := v_rejected || jsonb_build_object('line', v_line, 'reason', v_reason);
      end if;
    end if;
  end loop;

  v_succeeded := v_read > v_rejected_count and v_rejected_count * 20 <= v_read;
  if not v_succeeded then
    v_message := case when v_read = 0 then 'The file has no rows.'
      else 'Too many rows were rejected: the current table is unchanged.' end;
  elsif p_table = 'stati' and not exists (select 1 from alloggiati_import_rows t where t.code = '100000100') then
    v_succeeded := false;
    v_message := 'The file lacks ITALIA (100000100): the current table is unchanged.';
  end if;

  if v_succeeded then
    if p_table = 'comuni' then
      delete from public.alloggiati_comuni where true;
      insert into public.alloggiati_comuni (code, name, province, region, ended_on)
      select t.code, t.name, t.province, p.region, t.ended_on
      from alloggiati_import_rows t left join public.italian_provinces p on p.code = t.province;
    elsif p_table = 'stati' then
      delete from public.alloggiati_stati where true;
      insert into public.alloggiati_stati (code, name, ended_on)
      select t.code, t.name, t.ended_on from alloggiati_import_rows t;
    else
      delete from public.alloggiati_documenti where true;
      insert into public.alloggiati_documenti (code, name)
      select t.code, t.name from alloggiati_import_rows t;
    end if;
    v_message := format('%s rows imported.', v_read - v_rejected_count);
  end if;

  insert into public.alloggiati_imports (table_name, file_name, rows_read, rows_rejected, rejected, succeeded, imported_by)
  values (p_table, left(p_file_name, 200), v_read, v_rejected_count, v_rejected, v_succeeded, auth.uid());
  return jsonb_build_object('succeeded', v_succeeded, 'rows_read', v_read, 'rows_rejected', v_rejected_count,
    'rejected', v_rejected, 'message', v_message);
end
$$;

-- ---------------------------------------------------------------- erasure of document numbers
-- Service role, hourly: numbers of stays that ended document_retention_days ago (Rome) or more.
create or replace function public.erase_expired_identity_documents()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  update public.booking_guests g
  set document_number = null, document_number_erased_at = private.clock_now(), updated_source = 'staff', updated_by = null
  from public.bookings b
  where b.id = g.booking_id and g.document_number is not null
    and b.check_out_date + (private.checkin_settings()).document_retention_days
      <= (private.clock_now() at time zone 'Europe/Rome')::date;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

-- ---------------------------------------------------------------- privileges
revoke execute on all functions in schema private from public, anon, authenticated;
revoke execute on function
  public.police_file_day(date),
  public.mark_police_file_filed(date, uuid[]),
  public.unreported_check_ins(),
  public.import_alloggiati_table(text, jsonb, text),
  public.erase_expired_identity_documents()
from public, anon, authenticated, service_role;
grant execute on function
  public.police_file_day(date),
  public.mark_police_file_filed(date, uuid[]),
  public.unreported_check_ins(),
  public.import_alloggiati_table(text, jsonb, text)
to authenticated;
grant execute on function public.erase_expired_identity_documents() to service_role;
