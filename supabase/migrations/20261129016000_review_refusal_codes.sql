-- A review's refusals carry stable codes, as the booking refusals do: the code in the error's hint,
-- its values (the field, a length) as JSON in its details. The review page translates them through the
-- site's one refusal table instead of matching the English sentences. The sentences are unchanged.

create or replace function private.review_plain_text(p_value text, p_label text, p_min integer, p_max integer)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text := btrim(coalesce(p_value, ''), E' \t\r\n');
begin
  if char_length(v) < p_min then
    if p_min <= 1 then
      raise exception 'Please enter your %.', p_label using errcode = 'P0001', hint = 'review_field_missing',
        detail = jsonb_build_object('field', p_label)::text;
    end if;
    raise exception 'Your % must be at least % characters.', p_label, p_min using errcode = 'P0001',
      hint = 'review_field_too_short', detail = jsonb_build_object('field', p_label, 'min_length', p_min)::text;
  end if;
  if char_length(v) > p_max then
    raise exception 'Your % must be at most % characters.', p_label, p_max using errcode = 'P0001',
      hint = 'review_field_too_long', detail = jsonb_build_object('field', p_label, 'max_length', p_max)::text;
  end if;
  if v ~ '<[A-Za-z/!?]' then
    raise exception 'Your % must be plain text, without HTML.', p_label using errcode = 'P0001',
      hint = 'review_field_html', detail = jsonb_build_object('field', p_label)::text;
  end if;
  if p_label = 'comment' then
    v := private.assert_multiline_text(v, 'Your ' || p_label);
  else
    v := private.assert_one_line_text(v, 'Your ' || p_label);
  end if;
  return nullif(v, '');
end
$$;

create or replace function public.submit_review(
  p_token text, p_rating integer, p_comment text, p_guest_name text, p_guest_location text default null,
  p_cleanliness_rating integer default null, p_location_rating integer default null,
  p_staff_rating integer default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
