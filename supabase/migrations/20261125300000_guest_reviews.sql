-- Reviews from real guests (issue 24).
--
-- * Checking a booking out (status checked_in -> checked_out, whoever does it) issues ONE review
--   link for that stay, valid 30 days, and queues the review_request e-mail that carries it, in
--   the same transaction (private.review_tokens keeps only the token's SHA-256; the e-mail's
--   data is readable by the dispatcher only, so staff never see a guest's link).
-- * The guest opens /review/<token>: public.review_invitation(token) says whether the link is
--   valid and prefills the form; public.submit_review(token, ...) stores the review, unapproved,
--   and uses the token up. Both are security definer, rate-limited per client address; there is
--   no insert policy for anon. One review per stay (unique booking_id).
-- * Moderation: pending (neither approved nor hidden), approved, hidden; the host's reply. Staff
--   approve, hide and reply through RLS; only admins delete. A guest's own words (name, place,
--   ratings, comment) are never edited through the API.
-- * Hand-entered reviews (source 'manual') stay possible for staff.
-- * public.review_summary: count and average of the APPROVED reviews of stays, the computed
--   headline; site_content reviews_headline_source says whether the site shows it ('computed')
--   or the typed texts ('typed').
-- * Time: issue, expiry and the review's date read private.clock_now() (issue 20), which tests
--   move forward instead of waiting.

-- ---------------------------------------------------------------- reviews: stays, moderation, reply
alter table public.reviews
  add column source text not null default 'manual'
    constraint reviews_source_known check (source in ('manual', 'stay')),
  add column booking_id uuid
    constraint reviews_booking_id_key unique
    references public.bookings (id) on delete set null,
  add column cleanliness_rating integer
    constraint reviews_cleanliness_rating_range check (cleanliness_rating between 1 and 5),
  add column location_rating integer
    constraint reviews_location_rating_range check (location_rating between 1 and 5),
  add column staff_rating integer
    constraint reviews_staff_rating_range check (staff_rating between 1 and 5),
  add column hidden boolean not null default false,
  add column host_reply text
    constraint reviews_host_reply_plain check (
      host_reply is null
      or (char_length(btrim(host_reply)) between 1 and 2000 and host_reply !~ '<[A-Za-z/!?]')
    ),
  add column host_reply_at timestamptz,
  add constraint reviews_approved_or_hidden check (not (approved and hidden));

comment on column public.reviews.source is
  'manual: entered by staff (reviews from before this product); stay: written by the guest through the review link of a stay.';
comment on column public.reviews.booking_id is 'The stay of a guest review (one review per stay).';
comment on column public.reviews.hidden is 'Hidden by staff: never public. Pending = neither approved nor hidden.';
comment on column public.reviews.host_reply is 'The host''s answer, shown under the review on the site (plain text).';

-- the moderation tabs (pending / approved / hidden), newest first
create index reviews_moderation_created_idx on public.reviews (approved, hidden, created_at desc);
-- the computed headline
create index reviews_approved_stay_idx on public.reviews (rating) where approved and source = 'stay';

-- What API callers may do to a review (the definer functions below are not API callers):
-- * a review of a stay is created only by submit_review: inserts are hand-entered ('manual');
-- * source and stay never change;
-- * a guest's own words (name, place, ratings, comment, date) are never edited;
-- * the reply's time follows the reply, and an empty reply is no reply.
create function private.reviews_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.host_reply := nullif(btrim(coalesce(new.host_reply, ''), E' \t\r\n'), '');
  if tg_op = 'INSERT' then
    new.host_reply_at := case when new.host_reply is not null then now() end;
  elsif new.host_reply is distinct from old.host_reply then
    new.host_reply_at := case when new.host_reply is not null then now() end;
  else
    new.host_reply_at := old.host_reply_at;
  end if;

  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.source <> 'manual' or new.booking_id is not null then
      raise exception 'Reviews of stays are written by the guests themselves, through their review link.'
        using errcode = '42501';
    end if;
  else
    if new.source is distinct from old.source or new.booking_id is distinct from old.booking_id then
      raise exception 'The origin of a review cannot be changed.' using errcode = '42501';
    end if;
    if old.source = 'stay' and (
      new.guest_name, new.guest_location, new.rating, new.cleanliness_rating, new.location_rating,
      new.staff_rating, new.comment, new.review_date
    ) is distinct from (
      old.guest_name, old.guest_location, old.rating, old.cleanliness_rating, old.location_rating,
      old.staff_rating, old.comment, old.review_date
    ) then
      raise exception 'A guest''s review cannot be edited: approve, hide or reply to it.' using errcode = '42501';
    end if;
  end if;
  return new;
end
$$;

create trigger guard_review before insert or update on public.reviews
  for each row execute function private.reviews_guard();

-- only admins delete (ARCHITECTURE.md section 5); staff hide instead
drop policy "staff delete reviews" on public.reviews;
create policy "admins delete reviews" on public.reviews
  for delete to authenticated using ((select public.is_admin()));

-- ---------------------------------------------------------------- review links (not exposed)
create table private.review_tokens (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null constraint review_tokens_booking_id_key unique
    references public.bookings (id) on delete cascade,
  -- SHA-256 of the token; the token itself is only in the guest's e-mail
  token_hash bytea not null constraint review_tokens_token_hash_key unique,
  issued_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  review_id uuid,
  constraint review_tokens_expiry_after_issue check (expires_at > issued_at)
);
comment on table private.review_tokens is
  'One review link per checked-out stay: valid 30 days from check-out and once. Read only by the definer functions.';
revoke all on table private.review_tokens from public, anon, authenticated;

create function private.review_token_hash(p_token text)
returns bytea
language sql
immutable
set search_path = ''
as $$
  select extensions.digest(btrim(coalesce(p_token, '')), 'sha256')
$$;

-- 32 random bytes as URL-safe base64 without padding (43 characters).
create function private.new_review_token()
returns text
language sql
volatile
set search_path = ''
as $$
  select rtrim(translate(encode(extensions.gen_random_bytes(32), 'base64'), E'+/\n', '-_'), '=')
$$;

-- Issues the stay's link and returns its token; null when the stay has one already (once per stay).
create function private.issue_review_token(p_booking_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_token text := private.new_review_token();
  v_now timestamptz := private.clock_now();
  v_id uuid;
begin
  insert into private.review_tokens (booking_id, token_hash, issued_at, expires_at)
  values (p_booking_id, private.review_token_hash(v_token), v_now, v_now + interval '30 days')
  on conflict (booking_id) do nothing
  returning id into v_id;
  return case when v_id is not null then v_token end;
end
$$;

-- At check-out: the link, and the guest's e-mail asking for a review (in the guest's language).
create function private.bookings_request_review()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_token text := private.issue_review_token(new.id);
begin
  if v_token is not null then
    perform private.enqueue_email(
      'review_request',
      new.guest_email,
      new.id,
      -- 'token', as every guest e-mail's link: the dispatcher drops it from the outbox once sent
      private.booking_email_data(new) || jsonb_build_object(
        'token', v_token,
        'review_expires_at', (select t.expires_at from private.review_tokens t where t.booking_id = new.id)
      ),
      new.guest_language
    );
  end if;
  return null;
end
$$;

create trigger request_review after update of status on public.bookings
  for each row when (new.status = 'checked_out' and old.status is distinct from 'checked_out')
  execute function private.bookings_request_review();

-- Staff resending the review e-mail: the stay's link gets a new token (the sent one left the
-- outbox, and only hashes are kept), same expiry; the old e-mail's link stops working. Refused
-- once the stay is reviewed or the link has expired.
create function private.review_email_data(p_booking public.bookings)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_token text := private.new_review_token();
  v_link private.review_tokens;
begin
  select * into v_link from private.review_tokens t where t.booking_id = p_booking.id for update;
  if v_link.id is null then
    raise exception 'This stay has no review link.' using errcode = 'P0001';
  end if;
  if v_link.used_at is not null or exists (select 1 from public.reviews r where r.booking_id = p_booking.id) then
    raise exception 'The guest has already reviewed this stay.' using errcode = 'P0001';
  end if;
  if v_link.expires_at <= private.clock_now() then
    raise exception 'The review link of this stay has expired.' using errcode = 'P0001';
  end if;
  update private.review_tokens set token_hash = private.review_token_hash(v_token) where id = v_link.id;
  return private.booking_email_data(p_booking)
    || jsonb_build_object('token', v_token, 'review_expires_at', v_link.expires_at);
end
$$;

-- public.resend_booking_email (20261125100300_guest_links_per_email.sql) with the review e-mail's
-- own data: a booking link token would not open the review form.
create or replace function public.resend_booking_email(p_email_id uuid)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_email public.email_outbox;
  v_booking public.bookings;
  v_id uuid;
begin
  if not public.is_staff() then
    raise exception 'Only staff can resend e-mails.' using errcode = '42501';
  end if;
  select * into v_email from public.email_outbox e where e.id = p_email_id and e.booking_id is not null;
  if v_email.id is null then
    raise exception 'E-mail not found.' using errcode = 'P0002';
  end if;
  select * into v_booking from public.bookings b where b.id = v_email.booking_id;
  insert into public.email_outbox (kind, recipient, language, booking_id, data, resend_of, next_attempt_at)
  values (
    v_email.kind, v_email.recipient, v_email.language, v_email.booking_id,
    case
      when v_email.kind like '%\_host' then private.booking_email_data(v_booking)
      when v_email.kind = 'review_request' then private.review_email_data(v_booking)
      else private.guest_email_data(v_booking)
    end,
    v_email.id, private.clock_now()
  )
  returning id into v_id;
  return v_id;
end
$$;

-- ---------------------------------------------------------------- rate limit (per client address)
-- Counts every call that gets an answer (wrong, used and expired links too), so a client cannot
-- try link after link; a call refused for its input rolls back with its count. Returns the client key.
create function private.review_rate_limit(p_action text, p_limit integer, p_window interval)
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_client text := private.request_client_key();
begin
  -- one bucket per address (issue 20); no address, no answer
  if v_client is null then
    raise exception 'We could not tell where your request comes from. Please try again.' using errcode = 'P0001';
  end if;
  perform pg_advisory_xact_lock(hashtext(p_action || ':' || v_client));
  if (
    select count(*) from private.rate_limit_hits h
    where h.action = p_action and h.client_key = v_client and h.created_at > now() - p_window
  ) >= p_limit then
    raise exception 'Too many attempts. Please try again in a few minutes.' using errcode = 'P0001';
  end if;
  insert into private.rate_limit_hits (action, client_key) values (p_action, v_client);
  delete from private.rate_limit_hits h
  where h.action = p_action and h.client_key = v_client and h.created_at < now() - p_window;
  return v_client;
end
$$;

-- The token's state: valid, used (or the stay already has a review), expired, or invalid.
create function private.review_token_state(t private.review_tokens)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when t.id is null then 'invalid'
    when t.used_at is not null or exists (select 1 from public.reviews r where r.booking_id = t.booking_id) then 'used'
    when t.expires_at <= private.clock_now() then 'expired'
    else 'valid'
  end
$$;

-- ---------------------------------------------------------------- the guest's side
-- {status: valid|used|expired|invalid} and, when valid, the stay and the prefilled name:
-- {guest_name, room_name, check_in_date, check_out_date, expires_at}. 60 look-ups per address per 10 minutes.
create function public.review_invitation(p_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_token private.review_tokens;
  v_state text;
  v_result jsonb;
begin
  perform private.review_rate_limit('review_invitation', 60, interval '10 minutes');
  select * into v_token from private.review_tokens t where t.token_hash = private.review_token_hash(p_token);
  v_state := private.review_token_state(v_token);
  if v_state <> 'valid' then
    return jsonb_build_object('status', v_state);
  end if;
  select jsonb_build_object(
    'status', 'valid',
    'guest_name', b.guest_name,
    'room_name', r.name,
    'check_in_date', b.check_in_date,
    'check_out_date', b.check_out_date,
    'expires_at', v_token.expires_at
  ) into v_result
  from public.bookings b join public.rooms r on r.id = b.room_id
  where b.id = v_token.booking_id;
  return v_result;
end
$$;

-- A plain-text field: trimmed, no markup, no control characters other than line breaks and tabs.
create function private.review_plain_text(p_value text, p_label text, p_min integer, p_max integer)
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
      raise exception 'Please enter your %.', p_label using errcode = 'P0001';
    end if;
    raise exception 'Your % must be at least % characters.', p_label, p_min using errcode = 'P0001';
  end if;
  if char_length(v) > p_max then
    raise exception 'Your % must be at most % characters.', p_label, p_max using errcode = 'P0001';
  end if;
  if v ~ '<[A-Za-z/!?]' then
    raise exception 'Your % must be plain text, without HTML.', p_label using errcode = 'P0001';
  end if;
  if regexp_replace(v, E'[\t\r\n]', '', 'g') ~ '[[:cntrl:]]' then
    raise exception 'Your % contains characters that are not allowed.', p_label using errcode = 'P0001';
  end if;
  return nullif(v, '');
end
$$;

-- Stores the stay's review (unapproved) and uses the link up.
-- Returns {status: submitted|used|expired|invalid}; wrong input raises P0001 with the reason.
-- 10 attempts per address per 10 minutes, wrong links included.
create function public.submit_review(
  p_token text,
  p_rating integer,
  p_comment text,
  p_guest_name text,
  p_guest_location text default null,
  p_cleanliness_rating integer default null,
  p_location_rating integer default null,
  p_staff_rating integer default null
)
returns jsonb
language plpgsql
volatile
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
    return jsonb_build_object('status', v_state);
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
  return jsonb_build_object('status', 'submitted');
end
$$;

-- ---------------------------------------------------------------- the computed headline
create view public.review_summary
with (security_invoker = true)
as
  select
    count(*)::integer as review_count,
    round(avg(r.rating), 2)::double precision as average_rating
  from public.reviews r
  where r.approved and r.source = 'stay';
comment on view public.review_summary is
  'Count and average rating (1-5) of the approved reviews of stays: the headline when reviews_headline_source = computed.';

revoke all on table public.review_summary from public, anon, authenticated;
grant select on table public.review_summary to anon, authenticated, service_role;

-- The switch on the Content screen (missing or anything but 'computed' = the typed texts).
insert into public.site_content (key, value, description) values
  ('reviews_headline_source', 'typed',
   'Reviews: headline rating and count: "computed" from approved guest reviews of stays, or "typed" (the texts above)')
on conflict (key) do nothing;

-- ---------------------------------------------------------------- function privileges
revoke execute on all functions in schema private from public, anon, authenticated;

revoke execute on function
  public.review_invitation(text),
  public.submit_review(text, integer, text, text, text, integer, integer, integer)
from public, anon, authenticated, service_role;

grant execute on function
  public.review_invitation(text),
  public.submit_review(text, integer, text, text, text, integer, integer, integer)
to anon, authenticated, service_role;
