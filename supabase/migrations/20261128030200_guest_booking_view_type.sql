-- The guest's private page reads booking_by_link, confirm_booking_request and
-- cancel_booking_request (issue 29, section 3). Their answer's shape is now a declared type,
-- public.guest_booking_view, so `npm run db:types` types it (CompositeTypes) and the page reads it
-- without a hand mapper. The three functions still return jsonb: a link that is not valid answers
-- PostgREST's error document with status 400 (private.booking_link_not_valid) instead of raising,
-- so that the rate-limit hit it records is kept (a raise would roll it back), and a composite
-- answer cannot carry that document. private.booking_link_view writes the declared type as JSON.

create type public.guest_booking_view as (
  reference text,
  -- a pending request whose hold ran out reads 'expired'
  status public.booking_status,
  guest_name text,
  room_name text,
  check_in date,
  check_out date,
  nights integer,
  guests integer,
  total_amount numeric(10, 2),
  discount_amount numeric(10, 2),
  promo_code text,
  -- while pending: when the hold ends and the request expires
  hold_expires_at timestamptz,
  guest_confirmed boolean,
  can_confirm boolean,
  can_cancel boolean
);

create or replace function private.booking_link_view(p_booking public.bookings)
 returns jsonb
 language sql
 stable security definer
 set search_path to ''
as $function$
  select to_jsonb(row(
    p_booking.reference,
    case when p_booking.status = 'pending' and p_booking.hold_expires_at <= private.clock_now()
      then 'expired' else p_booking.status end,
    p_booking.guest_name,
    r.name,
    p_booking.check_in_date,
    p_booking.check_out_date,
    p_booking.check_out_date - p_booking.check_in_date,
    p_booking.guests,
    p_booking.total_amount,
    p_booking.discount_amount,
    p_booking.promo_code,
    case when p_booking.status = 'pending' then p_booking.hold_expires_at end,
    p_booking.guest_confirmed_at is not null,
    p_booking.status = 'pending' and p_booking.guest_confirmed_at is null
      and p_booking.hold_expires_at > private.clock_now(),
    private.guest_may_cancel(p_booking)
  )::public.guest_booking_view)
  from public.rooms r where r.id = p_booking.room_id
$function$;
