-- Online check-in and the arrivals desk (issue 34, sections 1 and 2): the functions.
--
-- * A guest, through its private link: checkin_by_link() reads its own stay's guests,
--   save_checkin_by_link() replaces them (from confirmation until the day of arrival),
--   search_checkin_places() finds comuni and states for the pickers. Every call counts against
--   the caller's address; a wrong link answers null (nothing to show), never an error that tells
--   links apart.
-- * Staff: staff_arrivals() (a day's arrivals with their guests: an audited read),
--   staff_save_booking_guests() (complete or correct at the desk), verify_booking_guest()
--   ("identity verified in person"), check_in_booking(), booking_checkin_status() (completeness of
--   bookings, no identity data).
-- * One validation for both: private.save_booking_guests() refuses bad input with SQLSTATE 22023,
--   hint 'checkin_invalid' and, in detail, a JSON object {"<index>.<field>": "<reason>"}; nothing
--   changes. Missing fields are not errors: the rows are saved and the missing keys reported.

-- ---------------------------------------------------------------- reading a guest row
-- A comune or state code with its name as the current tables name it: {code, name, province,
-- kind ('comune' | 'stato')}; name null when the code is not in the tables; null for no code.
create or replace function private.place_json(p_code text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case when p_code is null then null else coalesce(
    (select jsonb_build_object('code', c.code, 'name', c.name, 'province', c.province, 'kind', 'comune')
     from public.alloggiati_comuni c where c.code = p_code),
    (select jsonb_build_object('code', s.code, 'name', s.name, 'province', null, 'kind', 'stato')
     from public.alloggiati_stati s where s.code = p_code),
    jsonb_build_object('code', p_code, 'name', null, 'province', null, 'kind', null)
  ) end
$$;

create or replace function private.booking_guest_json(g public.booking_guests)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', g.id,
    'position', g.position,
    'guest_type', g.guest_type,
    'surname', g.surname,
    'given_names', g.given_names,
    'sex', g.sex,
    'birth_date', g.birth_date,
    'birth_state', private.place_json(g.birth_state_code),
    'birth_comune', private.place_json(g.birth_comune_code),
    'birth_province', g.birth_province,
    'citizenship', private.place_json(g.citizenship_code),
    'residence_state', private.place_json(g.residence_state_code),
    'residence_comune', private.place_json(g.residence_comune_code),
    'document_type', g.document_type_code,
    'document_number', g.document_number,
    'document_number_erased', g.document_number_erased_at is not null,
    'document_issue_place', private.place_json(g.document_issue_place_code),
    'verified_at', g.verified_at,
    'reported', g.police_filing_id is not null,
    'missing', to_jsonb(private.booking_guest_missing(g))
  )
$$;

create or replace function private.booking_guests_json(p_booking_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(private.booking_guest_json(g) order by g.position), '[]'::jsonb)
  from public.booking_guests g where g.booking_id = p_booking_id
$$;

-- ---------------------------------------------------------------- validating and saving
create or replace function private.checkin_name_valid(p_name text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  -- letters of any alphabet, spaces, apostrophes, hyphens and dots; no digits or symbols
  select p_name !~ '[0-9[:cntrl:]<>{}\[\]()@#$%&*_=+|\\/:;"!?~^`,]'
    and p_name ~ '[A-Za-z\u00C0-\uFFFF]'
$$;

-- Replaces a booking's guests with p_guests (an array in form order). Each element:
-- {id?, guest_type, surname, given_names, sex, birth_date, birth_state_code, birth_comune_code,
--  citizenship_code, residence_state_code, residence_comune_code, document_type_code,
--  document_number, document_issue_place_code}; absent or empty means not given yet.
create or replace function private.save_booking_guests(p_booking public.bookings, p_guests jsonb, p_source text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c_italy constant text := '100000100';
  v_errors jsonb := '{}'::jsonb;
  v_item jsonb;
  v_index integer := 0;
  v_ids uuid[] := '{}';
  v_id uuid;
  v_rows public.booking_guests[] := '{}';
  g public.booking_guests;
  v_old public.booking_guests;
  v_date_text text;
  v_heads_17 integer := 0;
  v_heads_18 integer := 0;
  v_members_19 integer := 0;
  v_members_20 integer := 0;
  v_identity_changed boolean;
begin
  if p_guests is null or jsonb_typeof(p_guests) <> 'array' or jsonb_array_length(p_guests) = 0 then
    raise exception 'Please enter at least one guest.' using errcode = '22023', hint = 'checkin_invalid',
      detail = jsonb_build_object('guests', 'required')::text;
  end if;
  if jsonb_array_length(p_guests) > p_booking.guests then
    raise exception 'This stay is for % guests.', p_booking.guests using errcode = '22023', hint = 'checkin_invalid',
      detail = jsonb_build_object('guests', 'too_many')::text;
  end if;

  for v_item in select e from jsonb_array_elements(p_guests) e loop
    g := null;
    if jsonb_typeof(v_item) <> 'object' then
      v_errors := v_errors || jsonb_build_object(v_index || '.guest', 'invalid');
      v_index := v_index + 1;
      continue;
    end if;
    g.booking_id := p_booking.id;
    g.position := v_index + 1;
    -- id: one of this booking's guests, or a new row
    if nullif(v_item ->> 'id', '') is not null then
      begin
        v_id := (v_item ->> 'id')::uuid;
      exception when others then
        v_id := null;
      end;
      if v_id is null or v_id = any (v_ids)
         or not exists (select 1 from public.booking_guests b where b.id = v_id and b.booking_id = p_booking.id) then
        v_errors := v_errors || jsonb_build_object(v_index || '.guest', 'invalid');
      else
        g.id := v_id;
        v_ids := v_ids || v_id;
      end if;
    end if;

    -- relation to the stay
    if nullif(v_item ->> 'guest_type', '') is not null then
      if (v_item ->> 'guest_type') !~ '^(16|17|18|19|20)$' then
        v_errors := v_errors || jsonb_build_object(v_index || '.guest_type', 'invalid');
      else
        g.guest_type := (v_item ->> 'guest_type')::smallint;
      end if;
    end if;

    -- names: trimmed, inner spaces collapsed
    g.surname := nullif(regexp_replace(btrim(coalesce(v_item ->> 'surname', '')), '\s+', ' ', 'g'), '');
    g.given_names := nullif(regexp_replace(btrim(coalesce(v_item ->> 'given_names', '')), '\s+', ' ', 'g'), '');
    if g.surname is not null and (char_length(g.surname) > 100 or not private.checkin_name_valid(g.surname)) then
      v_errors := v_errors || jsonb_build_object(v_index || '.surname',
        case when char_length(g.surname) > 100 then 'too_long' else 'invalid' end);
      g.surname := null;
    end if;
    if g.given_names is not null and (char_length(g.given_names) > 100 or not private.checkin_name_valid(g.given_names)) then
      v_errors := v_errors || jsonb_build_object(v_index || '.given_names',
        case when char_length(g.given_names) > 100 then 'too_long' else 'invalid' end);
      g.given_names := null;
    end if;

    g.sex := nullif(upper(btrim(coalesce(v_item ->> 'sex', ''))), '');
    if g.sex is not null and g.sex not in ('M', 'F') then
      v_errors := v_errors || jsonb_build_object(v_index || '.sex', 'invalid');
      g.sex := null;
    end if;

    v_date_text := nullif(btrim(coalesce(v_item ->> 'birth_date', '')), '');
    if v_date_text is not null then
      if v_date_text !~ '^\d{4}-\d{2}-\d{2}$' then
        v_errors := v_errors || jsonb_build_object(v_index || '.birth_date', 'invalid');
      else
        begin
          g.birth_date := v_date_text::date;
        exception when others then
          v_errors := v_errors || jsonb_build_object(v_index || '.birth_date', 'invalid');
        end;
        if g.birth_date > (private.clock_now() at time zone 'Europe/Rome')::date then
          v_errors := v_errors || jsonb_build_object(v_index || '.birth_date', 'future');
          g.birth_date := null;
        elsif g.birth_date < date '1900-01-01' then
          v_errors := v_errors || jsonb_build_object(v_index || '.birth_date', 'invalid');
          g.birth_date := null;
        end if;
      end if;
    end if;

    -- places: codes of the current tables
    g.birth_state_code := nullif(btrim(coalesce(v_item ->> 'birth_state_code', '')), '');
    if g.birth_state_code is not null
       and not exists (select 1 from public.alloggiati_stati s where s.code = g.birth_state_code) then
      v_errors := v_errors || jsonb_build_object(v_index || '.birth_state', 'unknown_code');
      g.birth_state_code := null;
    end if;
    g.birth_comune_code := nullif(btrim(coalesce(v_item ->> 'birth_comune_code', '')), '');
    if g.birth_comune_code is not null then
      if g.birth_state_code is distinct from c_italy then
        v_errors := v_errors || jsonb_build_object(v_index || '.birth_comune', 'only_for_italy');
        g.birth_comune_code := null;
      else
        select c.province into g.birth_province from public.alloggiati_comuni c where c.code = g.birth_comune_code;
        if not found then
          v_errors := v_errors || jsonb_build_object(v_index || '.birth_comune', 'unknown_code');
          g.birth_comune_code := null;
        end if;
      end if;
    end if;
    g.citizenship_code := nullif(btrim(coalesce(v_item ->> 'citizenship_code', '')), '');
    if g.citizenship_code is not null
       and not exists (select 1 from public.alloggiati_stati s where s.code = g.citizenship_code) then
      v_errors := v_errors || jsonb_build_object(v_index || '.citizenship', 'unknown_code');
      g.citizenship_code := null;
    end if;
    g.residence_state_code := nullif(btrim(coalesce(v_item ->> 'residence_state_code', '')), '');
    if g.residence_state_code is not null
       and not exists (select 1 from public.alloggiati_stati s where s.code = g.residence_state_code) then
      v_errors := v_errors || jsonb_build_object(v_index || '.residence_state', 'unknown_code');
      g.residence_state_code := null;
    end if;
    g.residence_comune_code := nullif(btrim(coalesce(v_item ->> 'residence_comune_code', '')), '');
    if g.residence_comune_code is not null then
      if g.residence_state_code is distinct from c_italy then
        v_errors := v_errors || jsonb_build_object(v_index || '.residence_comune', 'only_for_italy');
        g.residence_comune_code := null;
      elsif not exists (select 1 from public.alloggiati_comuni c where c.code = g.residence_comune_code) then
        v_errors := v_errors || jsonb_build_object(v_index || '.residence_comune', 'unknown_code');
        g.residence_comune_code := null;
      end if;
    end if;

    -- the identity document: heads and single guests only
    g.document_type_code := nullif(upper(btrim(coalesce(v_item ->> 'document_type_code', ''))), '');
    g.document_number := nullif(upper(regexp_replace(coalesce(v_item ->> 'document_number', ''), '\s', '', 'g')), '');
    g.document_issue_place_code := nullif(btrim(coalesce(v_item ->> 'document_issue_place_code', '')), '');
    if g.guest_type in (19, 20) then
      if g.document_type_code is not null then
        v_errors := v_errors || jsonb_build_object(v_index || '.document_type', 'not_for_members');
      end if;
      if g.document_number is not null then
        v_errors := v_errors || jsonb_build_object(v_index || '.document_number', 'not_for_members');
      end if;
      if g.document_issue_place_code is not null then
        v_errors := v_errors || jsonb_build_object(v_index || '.document_issue_place', 'not_for_members');
      end if;
    else
      if g.document_type_code is not null
         and not exists (select 1 from public.alloggiati_documenti d where d.code = g.document_type_code) then
        v_errors := v_errors || jsonb_build_object(v_index || '.document_type', 'unknown_code');
      end if;
      if g.document_number is not null and g.document_number !~ '^[A-Z0-9]{2,20}$' then
        v_errors := v_errors || jsonb_build_object(v_index || '.document_number',
          case when char_length(g.document_number) > 20 then 'too_long' else 'invalid' end);
      end if;
      if g.document_issue_place_code is not null
         and not exists (select 1 from public.alloggiati_comuni c where c.code = g.document_issue_place_code)
         and not exists (select 1 from public.alloggiati_stati s where s.code = g.document_issue_place_code) then
        v_errors := v_errors || jsonb_build_object(v_index || '.document_issue_place', 'unknown_code');
      end if;
    end if;

    case g.guest_type
      when 17 then v_heads_17 := v_heads_17 + 1;
        if v_heads_17 > 1 then v_errors := v_errors || jsonb_build_object(v_index || '.guest_type', 'one_head'); end if;
      when 18 then v_heads_18 := v_heads_18 + 1;
        if v_heads_18 > 1 then v_errors := v_errors || jsonb_build_object(v_index || '.guest_type', 'one_head'); end if;
      when 19 then v_members_19 := v_members_19 + 1;
      when 20 then v_members_20 := v_members_20 + 1;
      else null;
    end case;
    v_rows := v_rows || g;
    v_index := v_index + 1;
  end loop;

  -- members follow a head of their kind
  v_index := 0;
  foreach g in array v_rows loop
    if (g.guest_type = 19 and v_heads_17 = 0) or (g.guest_type = 20 and v_heads_18 = 0) then
      v_errors := v_errors || jsonb_build_object(v_index || '.guest_type', 'head_missing');
    end if;
    v_index := v_index + 1;
  end loop;

  if v_errors <> '{}'::jsonb then
    raise exception 'Some details are not valid.' using errcode = '22023', hint = 'checkin_invalid',
      detail = v_errors::text;
  end if;

  -- a guest already reported to the police stays as reported
  if exists (
    select 1 from public.booking_guests b
    where b.booking_id = p_booking.id and b.police_filing_id is not null and not (b.id = any (v_ids))
  ) then
    raise exception 'A guest who was already reported cannot be removed.' using errcode = 'P0001';
  end if;
  delete from public.booking_guests b where b.booking_id = p_booking.id and not (b.id = any (v_ids));

  foreach g in array v_rows loop
    if g.id is null then
      insert into public.booking_guests (
        booking_id, position, guest_type, surname, given_names, sex, birth_date, birth_comune_code, birth_province,
        birth_state_code, citizenship_code, residence_state_code, residence_comune_code, document_type_code,
        document_number, document_issue_place_code, updated_source, updated_by
      ) values (
        g.booking_id, g.position, g.guest_type, g.surname, g.given_names, g.sex, g.birth_date, g.birth_comune_code,
        g.birth_province, g.birth_state_code, g.citizenship_code, g.residence_state_code, g.residence_comune_code,
        g.document_type_code, g.document_number, g.document_issue_place_code, p_source, auth.uid()
      );
    else
      select * into v_old from public.booking_guests b where b.id = g.id for update;
      -- an erased number is not asked again; a change of identity needs a new check in person
      if g.document_number is null and v_old.document_number_erased_at is not null then
        g.document_number_erased_at := v_old.document_number_erased_at;
      end if;
      v_identity_changed := (g.surname, g.given_names, g.sex, g.birth_date, g.document_type_code, g.document_number)
        is distinct from (v_old.surname, v_old.given_names, v_old.sex, v_old.birth_date, v_old.document_type_code,
          v_old.document_number);
      update public.booking_guests b set
        position = g.position, guest_type = g.guest_type, surname = g.surname, given_names = g.given_names,
        sex = g.sex, birth_date = g.birth_date, birth_comune_code = g.birth_comune_code,
        birth_province = g.birth_province, birth_state_code = g.birth_state_code,
        citizenship_code = g.citizenship_code, residence_state_code = g.residence_state_code,
        residence_comune_code = g.residence_comune_code, document_type_code = g.document_type_code,
        document_number = g.document_number, document_issue_place_code = g.document_issue_place_code,
        document_number_erased_at = g.document_number_erased_at,
        verified_at = case when v_identity_changed and p_source = 'guest' then null else b.verified_at end,
        verified_by = case when v_identity_changed and p_source = 'guest' then null else b.verified_by end,
        updated_source = p_source, updated_by = auth.uid()
      where b.id = g.id;
    end if;
  end loop;
end
$$;

-- ---------------------------------------------------------------- the guest's link
create or replace function private.checkin_link_booking(p_reference text, p_token text)
returns public.bookings
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
begin
  select b.* into v_booking
  from public.bookings b
  join private.booking_access_tokens t on t.booking_id = b.id
  where b.reference = upper(btrim(coalesce(p_reference, '')))
    and t.token_hash = extensions.digest(coalesce(p_token, ''), 'sha256')
    and t.revoked_at is null
    and t.expires_at > private.clock_now();
  return v_booking;
end
$$;

-- From confirmation until the day of arrival (Rome).
create or replace function private.checkin_editable(p_booking public.bookings)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_booking.status = 'confirmed'
    and p_booking.check_in_date >= (private.clock_now() at time zone 'Europe/Rome')::date
$$;

-- Completeness of a booking's check-in: guests entered, missing fields, verified, complete.
create or replace function private.booking_checkin_summary(p_booking public.bookings)
returns table (guests_entered integer, missing_fields integer, verified integer, complete boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select
    count(*)::integer,
    coalesce(sum(cardinality(private.booking_guest_missing(g))), 0)::integer,
    (count(*) filter (where g.verified_at is not null))::integer,
    count(*) >= p_booking.guests and coalesce(sum(cardinality(private.booking_guest_missing(g))), 0) = 0
  from public.booking_guests g where g.booking_id = p_booking.id
$$;

-- What the private page's check-in section shows: {reference, status, check_in, check_out,
-- guests_expected, editable, checked_in, retention_days, complete, missing_count, guests: [...],
-- document_types: [{code, name}]}; null when the stay has nothing to check in (not confirmed,
-- or no longer ahead and not checked in).
create or replace function private.checkin_view(p_booking public.bookings)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case when p_booking.status = 'checked_in'
      or (p_booking.status = 'confirmed' and private.checkin_editable(p_booking)) then
    jsonb_build_object(
      'reference', p_booking.reference,
      'status', p_booking.status,
      'check_in', p_booking.check_in_date,
      'check_out', p_booking.check_out_date,
      'guests_expected', p_booking.guests,
      'editable', private.checkin_editable(p_booking),
      'checked_in', p_booking.status = 'checked_in',
      'retention_days', (private.checkin_settings()).document_retention_days,
      'complete', s.complete,
      'missing_count', s.missing_fields + greatest(p_booking.guests - s.guests_entered, 0),
      'guests', private.booking_guests_json(p_booking.id),
      'document_types', (select coalesce(jsonb_agg(jsonb_build_object('code', d.code, 'name', d.name) order by d.name), '[]')
                         from public.alloggiati_documenti d)
    ) end
  from private.booking_checkin_summary(p_booking) s
$$;

create or replace function public.checkin_by_link(p_reference text, p_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
begin
  perform private.review_rate_limit('checkin_link', 300, interval '10 minutes');
  v_booking := private.checkin_link_booking(p_reference, p_token);
  if v_booking.id is null then
    return null;
  end if;
  return private.checkin_view(v_booking);
end
$$;

create or replace function public.save_checkin_by_link(p_reference text, p_token text, p_guests jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
begin
  perform private.review_rate_limit('checkin_link', 300, interval '10 minutes');
  v_booking := private.checkin_link_booking(p_reference, p_token);
  if v_booking.id is null then
    raise exception 'This link is not valid.' using errcode = 'P0001', hint = 'link_not_valid';
  end if;
  select * into v_booking from public.bookings where id = v_booking.id for update;
  if not private.checkin_editable(v_booking) then
    raise exception 'Online check-in is closed for this stay. Please see us at the desk.'
      using errcode = 'P0001', hint = 'checkin_closed';
  end if;
  perform private.save_booking_guests(v_booking, p_guests, 'guest');
  return private.checkin_view(v_booking);
end
$$;

-- Comuni and states for the pickers, as the portal's tables name them: staff, or a valid link.
-- p_kind: 'comune', 'stato' or 'place' (either: a document's place of issue). At most 20 rows,
-- names starting with the query first. Ended comuni are listed with their end date.
create or replace function public.search_checkin_places(
  p_kind text,
  p_query text,
  p_reference text default null,
  p_token text default null
)
returns table (code text, name text, province text, kind text, ended_on date)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_query text := lower(btrim(coalesce(p_query, '')));
begin
  if not public.is_staff() then
    perform private.review_rate_limit('checkin_search', 600, interval '10 minutes');
    if (private.checkin_link_booking(p_reference, p_token)).id is null then
      return;
    end if;
  end if;
  if char_length(v_query) < 2 or char_length(v_query) > 60 or p_kind not in ('comune', 'stato', 'place') then
    return;
  end if;
  return query
  select t.code, t.name, t.province, t.kind, t.ended_on
  from (
    select c.code, c.name, c.province, 'comune'::text as kind, c.ended_on
    from public.alloggiati_comuni c
    where p_kind in ('comune', 'place') and lower(c.name) like '%' || private.like_pattern(v_query) || '%'
    union all
    select s.code, s.name, null, 'stato', s.ended_on
    from public.alloggiati_stati s
    where p_kind in ('stato', 'place') and lower(s.name) like '%' || private.like_pattern(v_query) || '%'
  ) t
  order by (lower(t.name) = v_query) desc, (lower(t.name) like private.like_pattern(v_query) || '%') desc,
    (t.ended_on is null) desc, t.name, t.code
  limit 20;
end
$$;

-- ---------------------------------------------------------------- staff
-- Completeness per booking (no identity data): guests expected and entered, fields missing,
-- guests verified in person, complete, checked in.
create or replace function public.booking_checkin_status(p_booking_ids uuid[])
returns table (
  booking_id uuid,
  guests_expected integer,
  guests_entered integer,
  missing_fields integer,
  verified integer,
  complete boolean,
  checked_in_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff('read check-in status');
  return query
  select b.id, b.guests, s.guests_entered, s.missing_fields, s.verified, s.complete, ci.checked_in_at
  from public.bookings b
  cross join lateral private.booking_checkin_summary(b) s
  left join public.booking_check_ins ci on ci.booking_id = b.id
  where b.id = any (coalesce(p_booking_ids, '{}'));
end
$$;

-- A day's arrivals (check-in date, confirmed or checked in) with each guest's details: an audited
-- read. {day, bookings: [{booking_id, reference, status, room_name, guest_name, check_in, check_out,
-- nights, guests_expected, checked_in_at, complete, guests: [...]}], document_types: [...]}
create or replace function public.staff_arrivals(p_day date)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
  v_ids uuid[];
begin
  perform private.require_staff('open the arrivals');
  if p_day is null then
    raise exception 'Please pick a day.' using errcode = '22023';
  end if;
  select coalesce(array_agg(b.id), '{}') into v_ids
  from public.bookings b where b.check_in_date = p_day and b.status in ('confirmed', 'checked_in', 'checked_out');
  perform private.audit_identity_read(
    array(select g.booking_id from public.booking_guests g where g.booking_id = any (v_ids) group by g.booking_id),
    'arrivals ' || p_day::text);
  select jsonb_build_object(
    'day', p_day,
    'bookings', coalesce(jsonb_agg(jsonb_build_object(
      'booking_id', b.id,
      'reference', b.reference,
      'status', b.status,
      'room_name', r.name,
      'guest_name', b.guest_name,
      'check_in', b.check_in_date,
      'check_out', b.check_out_date,
      'nights', b.check_out_date - b.check_in_date,
      'guests_expected', b.guests,
      'checked_in_at', ci.checked_in_at,
      'complete', s.complete,
      'guests', private.booking_guests_json(b.id)
    ) order by r.name, b.reference), '[]'::jsonb),
    'document_types', (select coalesce(jsonb_agg(jsonb_build_object('code', d.code, 'name', d.name) order by d.name), '[]')
                       from public.alloggiati_documenti d)
  ) into v_result
  from public.bookings b
  join public.rooms r on r.id = b.room_id
  cross join lateral private.booking_checkin_summary(b) s
  left join public.booking_check_ins ci on ci.booking_id = b.id
  where b.id = any (v_ids);
  return v_result;
end
$$;

-- Staff complete or correct a stay's guests at the desk (same validation as the guest's form).
-- Returns the stay's guests (an audited read).
create or replace function public.staff_save_booking_guests(p_booking_id uuid, p_guests jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
begin
  perform private.require_staff('change guests'' details');
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if v_booking.id is null then
    raise exception 'Booking not found.' using errcode = 'P0002';
  end if;
  if v_booking.status not in ('confirmed', 'checked_in') then
    raise exception 'Guests can be entered for confirmed or checked-in stays only.' using errcode = 'P0001';
  end if;
  perform private.save_booking_guests(v_booking, p_guests, 'staff');
  perform private.audit_identity_read(array[v_booking.id], 'desk correction');
  return private.booking_guests_json(v_booking.id);
end
$$;

-- "Identity verified in person" (de visu), or withdrawn; a reported guest stays verified.
create or replace function public.verify_booking_guest(p_guest_id uuid, p_verified boolean)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_guest public.booking_guests;
begin
  perform private.require_staff('verify a guest''s identity');
  select * into v_guest from public.booking_guests where id = p_guest_id for update;
  if v_guest.id is null then
    raise exception 'Guest not found.' using errcode = 'P0002';
  end if;
  if not coalesce(p_verified, false) and v_guest.police_filing_id is not null then
    raise exception 'This guest was already reported to the police.' using errcode = 'P0001';
  end if;
  update public.booking_guests set
    verified_at = case when p_verified then coalesce(verified_at, private.clock_now()) end,
    verified_by = case when p_verified then coalesce(verified_by, auth.uid()) end,
    updated_source = 'staff', updated_by = auth.uid()
  where id = p_guest_id;
end
$$;

-- Check in at the desk: every guest of the stay entered, complete and verified in person, on or
-- after the day of arrival. The police report's clock starts now.
create or replace function public.check_in_booking(p_booking_id uuid)
returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
  v_summary record;
  v_now timestamptz := private.clock_now();
begin
  perform private.require_staff('check guests in');
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if v_booking.id is null then
    raise exception 'Booking not found.' using errcode = 'P0002';
  end if;
  if v_booking.status <> 'confirmed' then
    raise exception 'Only a confirmed booking can be checked in.' using errcode = 'P0001';
  end if;
  if v_booking.check_in_date > (v_now at time zone 'Europe/Rome')::date then
    raise exception 'This stay starts on %: check in on the day of arrival.', v_booking.check_in_date using errcode = 'P0001';
  end if;
  select * into v_summary from private.booking_checkin_summary(v_booking);
  if v_summary.guests_entered < v_booking.guests then
    raise exception 'This stay is for % guests and % are entered.', v_booking.guests, v_summary.guests_entered
      using errcode = 'P0001';
  end if;
  if not v_summary.complete then
    raise exception 'Some guests'' details are missing.' using errcode = 'P0001';
  end if;
  if v_summary.verified < v_summary.guests_entered then
    raise exception 'Every guest''s identity must be verified in person first.' using errcode = 'P0001';
  end if;
  update public.bookings set status = 'checked_in' where id = v_booking.id;
  insert into public.booking_check_ins (booking_id, checked_in_at, checked_in_by)
  values (v_booking.id, v_now, auth.uid())
  on conflict (booking_id) do update set checked_in_at = excluded.checked_in_at, checked_in_by = excluded.checked_in_by;
  return v_now;
end
$$;

-- ---------------------------------------------------------------- privileges
revoke execute on all functions in schema private from public, anon, authenticated;

revoke execute on function
  public.checkin_by_link(text, text),
  public.save_checkin_by_link(text, text, jsonb),
  public.search_checkin_places(text, text, text, text),
  public.booking_checkin_status(uuid[]),
  public.staff_arrivals(date),
  public.staff_save_booking_guests(uuid, jsonb),
  public.verify_booking_guest(uuid, boolean),
  public.check_in_booking(uuid)
from public, anon, authenticated, service_role;
grant execute on function
  public.checkin_by_link(text, text),
  public.save_checkin_by_link(text, text, jsonb),
  public.search_checkin_places(text, text, text, text)
to anon, authenticated;
grant execute on function
  public.booking_checkin_status(uuid[]),
  public.staff_arrivals(date),
  public.staff_save_booking_guests(uuid, jsonb),
  public.verify_booking_guest(uuid, boolean),
  public.check_in_booking(uuid)
to authenticated;
