-- The guest's private link cannot be guessed without limit (issue 30, item 4).
--
-- booking_by_link, confirm_booking_request and cancel_booking_request answered 300 wrong tokens
-- from one address without refusing one. Now, as the review links (60 look-ups per address per 10
-- minutes, 20261125300000_guest_reviews.sql): every wrong reference, token, expired or revoked
-- link counts against the caller's address (private.client_address(), what the trusted proxy
-- set), and once an address has 60 wrong ones in 10 minutes all three answer "Too many attempts.
-- Please try again in a few minutes." to everything it sends, right links included, until the
-- window moves on. A right link does not count.
--
-- A wrong link's answer must not roll back its count, so it is no longer an exception: the
-- function answers HTTP 400 (PostgREST's response.status) with the same body an exception gave,
-- {code: 'P0001', message: 'This link is not valid.', hint: 'link_not_valid', details: null}, so
-- the client reads it as the same error. Functions are volatile now (they write the count).

create or replace function private.booking_link_not_valid()
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
begin
  perform set_config('response.status', '400', true);
  return jsonb_build_object('code', 'P0001', 'message', 'This link is not valid.', 'hint', 'link_not_valid',
    'details', null);
end
$$;

-- The booking the link names, or null after counting a wrong link against the caller's address;
-- refuses every call of an address over the limit (and a call without an address).
create or replace function private.booking_for_limited_link(p_reference text, p_token text)
returns public.bookings
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c_limit constant integer := 60;
  c_window constant interval := interval '10 minutes';
  v_client text := private.request_client_key();
  v_booking public.bookings;
begin
  if v_client is null then
    raise exception 'We could not tell where your request comes from. Please try again.' using errcode = 'P0001';
  end if;
  perform pg_advisory_xact_lock(hashtext('booking_link:' || v_client));
  if (
    select count(*) from private.rate_limit_hits h
    where h.action = 'booking_link' and h.client_key = v_client and h.created_at > now() - c_window
  ) >= c_limit then
    raise exception 'Too many attempts. Please try again in a few minutes.' using errcode = 'P0001',
      hint = 'too_many_attempts';
  end if;
  select b.* into v_booking
  from public.bookings b
  join private.booking_access_tokens t on t.booking_id = b.id
  where b.reference = upper(btrim(coalesce(p_reference, '')))
    and t.token_hash = extensions.digest(coalesce(p_token, ''), 'sha256')
    and t.revoked_at is null
    and t.expires_at > private.clock_now();
  if v_booking.id is null then
    insert into private.rate_limit_hits (action, client_key) values ('booking_link', v_client);
    delete from private.rate_limit_hits h
    where h.action = 'booking_link' and h.client_key = v_client and h.created_at < now() - c_window;
    return null;
  end if;
  return v_booking;
end
$$;

create or replace function public.booking_by_link(p_reference text, p_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings := private.booking_for_limited_link(p_reference, p_token);
begin
  if v_booking.id is null then
    return private.booking_link_not_valid();
  end if;
  return private.booking_link_view(v_booking);
end
$$;

-- Same function as in 20261125100100_stay_request_holds_and_emails.sql, behind the limited link.
create or replace function public.confirm_booking_request(p_reference text, p_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings := private.booking_for_limited_link(p_reference, p_token);
begin
  if v_booking.id is null then
    return private.booking_link_not_valid();
  end if;
  select * into v_booking from public.bookings where id = v_booking.id for update;
  if v_booking.status = 'pending' and v_booking.guest_confirmed_at is null then
    if v_booking.hold_expires_at <= private.clock_now() then
      raise exception 'This request has expired: its dates are no longer held. Please send a new request.'
        using errcode = 'P0001';
    end if;
    update public.bookings
    set guest_confirmed_at = private.clock_now(),
        hold_expires_at = private.clock_now() + make_interval(hours => (private.booking_settings()).confirmed_hold_hours)
    where id = v_booking.id
    returning * into v_booking;
    perform private.enqueue_email('request_confirmed_by_guest_host', private.host_email(), v_booking.id,
      private.booking_email_data(v_booking), 'en');
  end if;
  return private.booking_link_view(v_booking);
end
$$;

-- Same function as in 20261125100100_stay_request_holds_and_emails.sql, behind the limited link.
create or replace function public.cancel_booking_request(p_reference text, p_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings := private.booking_for_limited_link(p_reference, p_token);
begin
  if v_booking.id is null then
    return private.booking_link_not_valid();
  end if;
  select * into v_booking from public.bookings where id = v_booking.id for update;
  if v_booking.status = 'cancelled' then
    return private.booking_link_view(v_booking);
  end if;
  if not private.guest_may_cancel(v_booking) then
    raise exception 'This booking can no longer be cancelled online. Please contact us.' using errcode = 'P0001';
  end if;
  update public.bookings set status = 'cancelled' where id = v_booking.id returning * into v_booking;
  perform private.enqueue_email('booking_cancelled_by_guest_host', private.host_email(), v_booking.id,
    private.booking_email_data(v_booking), 'en');
  return private.booking_link_view(v_booking);
end
$$;

revoke execute on all functions in schema private from public, anon, authenticated;

drop function private.booking_for_link(text, text);
