-- The last untyped answers the site read by hand (issue 29, section 3), after
-- 20261129010000_typed_guest_and_staff_rpcs.sql:
-- * police_file_day returns the declared type public.police_file_day_view (its guests
--   public.police_file_guest, its filings public.police_filing_summary), so `npm run db:types`
--   types it; the JSON keeps its field names. A change of return type needs drop function; it is
--   granted as before (staff check in the body, authenticated only).
-- * submit_review keeps returning jsonb, written from the declared type public.review_submit_answer
--   (its status a public.review_submit_status): a link that takes no review answers its status
--   rather than raising, so the rate-limit hit recorded first is kept.
-- * staff_save_booking_guests answers nothing: the desk reads the guests again from staff_arrivals
--   and nothing used its jsonb. private.booking_guests_json, its last user gone, is dropped.
-- * import_alloggiati_table returns the declared type public.alloggiati_import_result (its
--   rejected lines public.alloggiati_import_rejection, at most 50 as before; the import's record
--   keeps them as jsonb). Granted as before: authenticated, the admin check in the body.
-- * private.review_rate_limit's refusals carry the codes the site translates (no_address,
--   too_many_attempts), so review_invitation, submit_review, checkin_by_link, save_checkin_by_link
--   and search_checkin_places are refused in the guest's language (src/lib/refusals/refusals.ts).
-- Bodies as in supabase/schema/{compliance,reviews,bookings,security}.sql before this migration.

-- ------------------------------------------------------------------ the rate limit's codes

create or replace function private.review_rate_limit(p_action text, p_limit integer, p_window interval)
 returns text
 language plpgsql
 set search_path to ''
as $function$
declare
  v_client text := private.request_client_key();
begin
  -- one bucket per address (issue 20); no address, no answer
  if v_client is null then
    raise exception 'We could not tell where your request comes from. Please try again.'
      using errcode = 'P0001', hint = 'no_address';
  end if;
  perform pg_advisory_xact_lock(hashtext(p_action || ':' || v_client));
  if (
    select count(*) from private.rate_limit_hits h
    where h.action = p_action and h.client_key = v_client and h.created_at > now() - p_window
  ) >= p_limit then
    raise exception 'Too many attempts. Please try again in a few minutes.'
      using errcode = 'P0001', hint = 'too_many_attempts';
  end if;
  insert into private.rate_limit_hits (action, client_key) values (p_action, v_client);
  delete from private.rate_limit_hits h
  where h.action = p_action and h.client_key = v_client and h.created_at < now() - p_window;
  return v_client;
end
$function$;

-- ------------------------------------------------------------------ the police file's day

-- one guest of the day's file, as the Alloggiati Web layout needs it
create type public.police_file_guest as (
  guest_id uuid,
  booking_id uuid,
  reference text,
  room_name text,
  "position" smallint,
  guest_type smallint,
  arrival_date date,
  departure_date date,
  surname text,
  given_names text,
  sex text,
  birth_date date,
  birth_comune_code text,
  birth_province text,
  birth_state_code text,
  citizenship_code text,
  document_type_code text,
  document_number text,
  document_issue_place_code text,
  verified boolean,
  filing_id uuid,
  problems text[]
);

-- a filing of the day: when, by whom, how many guests
create type public.police_filing_summary as (id uuid, filed_at timestamptz, guest_count integer, filed_by text);

-- police_file_day's answer
create type public.police_file_day_view as (
  day date,
  guests public.police_file_guest[],
  filings public.police_filing_summary[]
);

drop function public.police_file_day(date);

create function public.police_file_day(p_day date)
 returns public.police_file_day_view
 language plpgsql
 security definer
 set search_path to ''
as $function$
begin
  perform private.require_staff('open the police file');
  if p_day is null then
    raise exception 'Please pick a day.' using errcode = '22023';
  end if;
  perform private.audit_identity_read(
    array(select ci.booking_id from public.booking_check_ins ci
          where (ci.checked_in_at at time zone 'Europe/Rome')::date = p_day),
    'police file ' || p_day::text);
  return row(
    p_day,
    array(
      select row(
        g.id, b.id, b.reference, r.name, g.position, g.guest_type, p_day, b.check_out_date,
        g.surname, g.given_names, g.sex, g.birth_date, g.birth_comune_code, g.birth_province,
        g.birth_state_code, g.citizenship_code, g.document_type_code, g.document_number,
        g.document_issue_place_code, g.verified_at is not null, g.police_filing_id,
        private.police_guest_problems(g)
      )::public.police_file_guest
      from public.booking_check_ins ci
      join public.bookings b on b.id = ci.booking_id
      join public.rooms r on r.id = b.room_id
      join public.booking_guests g on g.booking_id = b.id
      where (ci.checked_in_at at time zone 'Europe/Rome')::date = p_day
        and b.status in ('checked_in', 'checked_out')
      order by ci.checked_in_at, b.reference, g.position
    ),
    array(
      select row(f.id, f.filed_at, f.guest_count, coalesce(p.name, p.email, u.email, 'unknown'))::public.police_filing_summary
      from public.police_filings f
      left join public.profiles p on p.user_id = f.filed_by
      left join auth.users u on u.id = f.filed_by
      where f.arrival_day = p_day
      order by f.filed_at
    )
  )::public.police_file_day_view;
end
$function$;
revoke execute on function public.police_file_day(date) from public, anon, authenticated, service_role;
grant execute on function public.police_file_day(date) to authenticated;

-- ------------------------------------------------------------------ the review form's answer

-- what became of a review sent: submitted, or why the link no longer takes one
create type public.review_submit_status as enum ('submitted', 'used', 'expired', 'invalid');
create type public.review_submit_answer as (status public.review_submit_status);

create or replace function public.submit_review(p_token text, p_rating integer, p_comment text, p_guest_name text,
  p_guest_location text default null::text, p_cleanliness_rating integer default null::integer,
  p_location_rating integer default null::integer, p_staff_rating integer default null::integer)
 returns jsonb
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_token private.review_tokens;
  v_state text;
  v_name text;
  v_place text;
  v_comment text;
  v_now timestamptz;
  v_review_id uuid;
begin
  perform private.review_rate_limit('submit_review', 10, interval '10 minutes');
  -- the row is locked: two submissions of one link run one after the other
  select * into v_token from private.review_tokens t where t.token_hash = private.review_token_hash(p_token) for update;
  v_state := private.review_token_state(v_token);
  if v_state <> 'valid' then
    -- an answer, not a raise: the rate-limit hit above is kept
    return to_jsonb(row(v_state::public.review_submit_status)::public.review_submit_answer);
  end if;

  if p_rating is null or p_rating not between 1 and 5 then
    raise exception 'Please give an overall rating from 1 to 5 stars.' using errcode = 'P0001';
  end if;
  if p_cleanliness_rating not between 1 and 5 or p_location_rating not between 1 and 5
     or p_staff_rating not between 1 and 5 then
    raise exception 'Scores for cleanliness, location and staff go from 1 to 5.' using errcode = 'P0001';
  end if;
  v_name := private.review_plain_text(p_guest_name, 'name', 1, 100);
  v_place := private.review_plain_text(p_guest_location, 'country', 0, 100);
  v_comment := private.review_plain_text(p_comment, 'comment', 20, 2000);

  v_now := private.clock_now();
  insert into public.reviews (
    source, booking_id, guest_name, guest_location, rating, cleanliness_rating, location_rating, staff_rating,
    comment, review_date, approved, hidden
  ) values (
    'stay', v_token.booking_id, v_name, v_place, p_rating, p_cleanliness_rating, p_location_rating, p_staff_rating,
    v_comment, (v_now at time zone 'Europe/Rome')::date, false, false
  )
  returning id into v_review_id;
  update private.review_tokens set used_at = v_now, review_id = v_review_id where id = v_token.id;
  return to_jsonb(row('submitted'::public.review_submit_status)::public.review_submit_answer);
end
$function$;

-- ------------------------------------------------------------------ the desk's correction of guests

drop function public.staff_save_booking_guests(uuid, jsonb);

create function public.staff_save_booking_guests(p_booking_id uuid, p_guests jsonb)
 returns void
 language plpgsql
 security definer
 set search_path to ''
as $function$
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
end
$function$;
revoke execute on function public.staff_save_booking_guests(uuid, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.staff_save_booking_guests(uuid, jsonb) to authenticated;

drop function private.booking_guests_json(uuid);

-- ------------------------------------------------------------------ importing the police code tables

-- a line of the file the import left out, and why
create type public.alloggiati_import_rejection as (line integer, reason text);

-- what an import did: whether the table was replaced, the lines read and rejected, in words
create type public.alloggiati_import_result as (
  succeeded boolean,
  rows_read integer,
  rows_rejected integer,
  rejected public.alloggiati_import_rejection[],
  message text
);

drop function public.import_alloggiati_table(text, jsonb, text);

create function public.import_alloggiati_table(p_table text, p_rows jsonb, p_file_name text default null::text)
 returns public.alloggiati_import_result
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  return row(v_succeeded, v_read, v_rejected_count,
    array(select jsonb_populate_record(null::public.alloggiati_import_rejection, r.e)
          from jsonb_array_elements(v_rejected) with ordinality r(e, n) order by r.n),
    v_message)::public.alloggiati_import_result;
end
$function$;
revoke execute on function public.import_alloggiati_table(text, jsonb, text) from public, anon, authenticated, service_role;
grant execute on function public.import_alloggiati_table(text, jsonb, text) to authenticated;
