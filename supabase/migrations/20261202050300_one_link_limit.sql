-- One limit for every private-link read (issue 42): the booking page's RPCs, the payments
-- checkout, online check-in (checkin_by_link, save_checkin_by_link, search_checkin_places) and the
-- review link (review_invitation, submit_review) count wrong links in one counter per client
-- address (private.link_attempts_guard / link_attempt_missed: 60 in 10 minutes, booking_by_link's
-- rule), the address the trusted gateway wrote (private.request_client_key), never a client header.
-- A wrong link is answered, never raised, so its count is kept. Over GET PostgREST runs a read-only
-- transaction, where no attempt could be counted: a link is read with POST only (HTTP 405), so a GET
-- can no more tell a right token from a wrong one.

create or replace function private.link_attempts_guard(p_client text)
returns void
language plpgsql
set search_path to ''
as $$
begin
  if current_setting('transaction_read_only', true) = 'on' then
    raise exception 'Private links are read with POST.' using errcode = 'PT405', hint = 'post_required';
  end if;
  if p_client is null then
    raise exception 'We could not tell where your request comes from. Please try again.' using errcode = 'P0001',
      hint = 'no_address';
  end if;
  -- serialised per address, so parallel guesses count correctly
  perform pg_advisory_xact_lock(hashtext('booking_link:' || p_client));
  if (
    select count(*) from private.rate_limit_hits h
    where h.action = 'booking_link' and h.client_key = p_client and h.created_at > now() - interval '10 minutes'
  ) >= 60 then
    raise exception 'Too many attempts. Please try again in a few minutes.' using errcode = 'P0001',
      hint = 'too_many_attempts';
  end if;
end
$$;


create or replace function public.checkin_by_link(p_reference text, p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_client text := private.request_client_key();
  v_booking public.bookings;
begin
  perform private.link_attempts_guard(v_client);
  v_booking := private.checkin_link_booking(p_reference, p_token);
  if v_booking.id is null then
    perform private.link_attempt_missed(v_client);
    return null;
  end if;
  return private.checkin_view(v_booking);
end
$function$;

create or replace function public.save_checkin_by_link(p_reference text, p_token text, p_guests jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_client text := private.request_client_key();
  v_booking public.bookings;
begin
  perform private.link_attempts_guard(v_client);
  v_booking := private.checkin_link_booking(p_reference, p_token);
  if v_booking.id is null then
    -- an answer (400, PostgREST's error shape), not a raise: the wrong link stays counted
    perform private.link_attempt_missed(v_client);
    return private.booking_link_not_valid();
  end if;
  select * into v_booking from public.bookings where id = v_booking.id for update;
  if not private.checkin_editable(v_booking) then
    raise exception 'Online check-in is closed for this stay. Please see us at the desk.'
      using errcode = 'P0001', hint = 'checkin_closed';
  end if;
  perform private.save_booking_guests(v_booking, p_guests, 'guest');
  return private.checkin_view(v_booking);
end
$function$;

create or replace function public.search_checkin_places(p_kind text, p_query text, p_reference text DEFAULT NULL::text, p_token text DEFAULT NULL::text)
 RETURNS TABLE(code text, name text, province text, kind text, ended_on date)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_query text := lower(btrim(coalesce(p_query, '')));
  v_client text;
begin
  if not public.is_staff() then
    v_client := private.request_client_key();
    perform private.link_attempts_guard(v_client);
    if (private.checkin_link_booking(p_reference, p_token)).id is null then
      perform private.link_attempt_missed(v_client);
      return;
    end if;
    -- a right link may search as the guest types, within reason
    perform private.review_rate_limit('checkin_search', 600, interval '10 minutes');
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
$function$;

create or replace function public.review_invitation(p_token text)
 RETURNS public.review_invitation_view
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_token private.review_tokens;
  v_state text;
  v_result public.review_invitation_view;
  v_client text := private.request_client_key();
begin
  perform private.link_attempts_guard(v_client);
  select * into v_token from private.review_tokens t where t.token_hash = private.review_token_hash(p_token);
  v_state := private.review_token_state(v_token);
  if v_state = 'invalid' then
    perform private.link_attempt_missed(v_client);
  end if;
  if v_state <> 'valid' then
    return row(v_state::public.review_link_status, null, null, null, null, null)::public.review_invitation_view;
  end if;
  select 'valid'::public.review_link_status, b.guest_name, r.name, b.check_in_date, b.check_out_date,
    v_token.expires_at
  into v_result
  from public.bookings b join public.rooms r on r.id = b.room_id
  where b.id = v_token.booking_id;
  return v_result;
end
$function$;

create or replace function public.submit_review(p_token text, p_rating integer, p_comment text, p_guest_name text, p_guest_location text DEFAULT NULL::text, p_cleanliness_rating integer DEFAULT NULL::integer, p_location_rating integer DEFAULT NULL::integer, p_staff_rating integer DEFAULT NULL::integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_token private.review_tokens;
  v_state text;
  v_name text;
  v_place text;
  v_comment text;
  v_now timestamptz;
  v_review_id uuid;
  v_client text := private.request_client_key();
begin
  perform private.link_attempts_guard(v_client);
  perform private.review_rate_limit('submit_review', 10, interval '10 minutes');
  -- the row is locked: two submissions of one link run one after the other
  select * into v_token from private.review_tokens t where t.token_hash = private.review_token_hash(p_token) for update;
  v_state := private.review_token_state(v_token);
  if v_state = 'invalid' then
    perform private.link_attempt_missed(v_client);
  end if;
  if v_state <> 'valid' then
    -- an answer, not a raise: the rate-limit hit above is kept
    return to_jsonb(row(v_state::public.review_submit_status)::public.review_submit_answer);
  end if;

  if p_rating is null or p_rating not between 1 and 5 then
    raise exception 'Please give an overall rating from 1 to 5 stars.' using errcode = 'P0001',
      hint = 'review_rating_range';
  end if;
  if p_cleanliness_rating not between 1 and 5 or p_location_rating not between 1 and 5
     or p_staff_rating not between 1 and 5 then
    raise exception 'Scores for cleanliness, location and staff go from 1 to 5.' using errcode = 'P0001',
      hint = 'review_scores_range';
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
