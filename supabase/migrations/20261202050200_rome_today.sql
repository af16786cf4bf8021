-- Every "today" is the house's (issue 42): quotes, the stay checks shared with requests (too far
-- ahead), the calendar's free nights and the promo codes' validity count days in Europe/Rome
-- (private.rome_today(), which follows private.clock_now()), not in the server's time zone (UTC on
-- hosted Supabase). Between Rome's midnight and UTC's, Rome's yesterday is in the past.
-- request_booking took Rome's today in 20261202050100_checkout_by_link.sql.


create or replace function private.assert_stay_request(p_check_in date, p_check_out date, p_guests integer)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if p_check_in is null or p_check_out is null then
    raise exception 'Please choose check-in and check-out dates.' using errcode = 'P0001', hint = 'dates_missing';
  end if;
  if p_check_out <= p_check_in then
    raise exception 'Check-out date must be after check-in date.' using errcode = 'P0001', hint = 'dates_order';
  end if;
  if p_check_in > private.rome_today() + 730 then
    raise exception 'Check-in date must be within the next two years.' using errcode = 'P0001', hint = 'too_far';
  end if;
  if p_check_out - p_check_in > 30 then
    raise exception 'A stay can be at most 30 nights.' using errcode = 'P0001', hint = 'too_long',
      detail = jsonb_build_object('max_nights', 30)::text;
  end if;
  if p_guests is null or p_guests < 1 or p_guests > 8 then
    raise exception 'Guests must be between 1 and 8.' using errcode = 'P0001', hint = 'guests_range',
      detail = jsonb_build_object('min_guests', 1, 'max_guests', 8)::text;
  end if;
end
$function$;

create or replace function public.quote_stay(p_room_id uuid, p_check_in date, p_check_out date, p_guests integer, p_promo_code text DEFAULT NULL::text, p_extras jsonb DEFAULT '[]'::jsonb, p_rate_plan text DEFAULT 'flexible'::text)
 RETURNS public.stay_quote
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_room public.rooms;
  v_code text := nullif(upper(btrim(coalesce(p_promo_code, ''))), '');
  v_promo public.promo_check;
  v_pct integer := 0;
  v_problems jsonb := '[]';
  v_price jsonb;
begin
  select * into v_room from public.rooms r where r.id = p_room_id;
  if not found then
    raise exception 'Please select a valid room.' using errcode = 'P0001', hint = 'room_not_valid';
  end if;
  perform private.assert_stay_request(p_check_in, p_check_out, p_guests);

  if p_check_in < private.rome_today() then
    v_problems := v_problems || jsonb_build_object('code', 'past', 'message', 'Check-in date cannot be in the past.');
  end if;
  if v_room.status <> 'available' then
    v_problems := v_problems || jsonb_build_object('code', 'room_unavailable', 'message', 'This room is not available for booking.');
  elsif private.room_has_overlap(p_room_id, p_check_in, p_check_out) then
    v_problems := v_problems || jsonb_build_object('code', 'unavailable', 'message', 'This room is not available for the selected dates.');
  end if;
  if p_guests > v_room.max_guests then
    v_problems := v_problems || jsonb_build_object('code', 'guests',
      'message', format('This room accommodates at most %s guests.', v_room.max_guests),
      'details', jsonb_build_object('max_guests', v_room.max_guests));
  end if;
  v_problems := v_problems || private.stay_rule_problems(p_room_id, p_check_in, p_check_out);

  if v_code is not null then
    v_promo := public.check_promo_code(v_code, p_room_id);
    if v_promo.status = 'valid' then
      v_pct := v_promo.discount_percentage;
    end if;
  end if;

  -- the price and the money (extras, rate plan, deposit, balance, refunds) in one place
  v_price := private.stay_money(p_room_id, p_check_in, p_check_out, p_guests, v_pct, p_extras, p_rate_plan);
  return jsonb_populate_record(null::public.stay_quote, v_price || jsonb_build_object(
    'room_id', p_room_id,
    'check_in', p_check_in,
    'check_out', p_check_out,
    'guests', p_guests,
    'promo_code', case when v_pct > 0 then v_code end,
    'promo_status', v_promo.status,
    'bookable', jsonb_array_length(v_problems) = 0,
    'problems', v_problems
  ));
end
$function$;

create or replace function public.room_calendar(p_room_id uuid, p_from date, p_to date)
 RETURNS TABLE(night date, available boolean, price numeric, min_nights integer, closed_to_arrival boolean, closed_to_departure boolean)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if p_from is null or p_to is null or p_to <= p_from then
    raise exception 'Choose a date range.' using errcode = 'P0001';
  end if;
  if p_to - p_from > 549 then
    raise exception 'The calendar serves at most 18 months at a time.' using errcode = 'P0001';
  end if;
  if p_room_id is not null and not exists (select 1 from public.rooms r where r.id = p_room_id) then
    raise exception 'Please select a valid room.' using errcode = 'P0001';
  end if;
  return query
    with rooms as (
      select r.id, r.status = 'available' as open
      from public.rooms r
      where (p_room_id is null and r.status = 'available') or r.id = p_room_id
    ),
    taken as (
      select distinct rm.id as room_id, d::date as night
      from rooms rm
      cross join lateral private.room_taken_ranges(rm.id, p_from, p_to) t
      cross join lateral generate_series(greatest(t.check_in_date, p_from)::timestamp,
        least(t.check_out_date, p_to)::timestamp - interval '1 day', interval '1 day') d
    ),
    per_room as (
      select n.*, rm.open and n.night >= private.rome_today() and tk.night is null as free
      from rooms rm
      cross join lateral private.room_nights(rm.id, p_from, p_to) n
      left join taken tk on tk.room_id = rm.id and tk.night = n.night
    )
    select p.night,
      bool_or(p.free),
      coalesce(min(p.price) filter (where p.free), min(p.price)),
      coalesce(min(p.min_nights) filter (where p.free), min(p.min_nights))::integer,
      coalesce(bool_and(p.closed_to_arrival) filter (where p.free), bool_and(p.closed_to_arrival)),
      coalesce(bool_and(p.closed_to_departure) filter (where p.free), bool_and(p.closed_to_departure))
    from per_room p
    group by p.night
    order by p.night;
end
$function$;

create or replace function private.promo_status(p public.room_promo_codes)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case
    when p.valid_from is not null and p.valid_from > private.rome_today() then 'not_yet_valid'
    when p.valid_until is not null and p.valid_until < private.rome_today() then 'expired'
    when p.max_uses is not null and p.current_uses >= p.max_uses then 'limit_reached'
    else 'valid'
  end
$function$;
