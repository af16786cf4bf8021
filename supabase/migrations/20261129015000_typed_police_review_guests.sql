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
