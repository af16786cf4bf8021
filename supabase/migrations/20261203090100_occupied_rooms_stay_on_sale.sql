-- Only maintenance and out of order keep a room off sale (private.room_on_sale): now that check-in
-- marks a room occupied by itself, the request engine's room check (private.assert_bookable_stay, which
-- the guest's request and the desk's bookings share) and the quote (public.quote_stay) must not refuse
-- an occupied room's later nights; the nights themselves are still the no-overlap rule's.

CREATE OR REPLACE FUNCTION private.assert_bookable_stay(p_room_id uuid, p_check_in date, p_check_out date, p_guests integer, p_except uuid DEFAULT NULL::uuid)
 RETURNS public.rooms
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_room public.rooms;
  v_rules jsonb;
begin
  -- room (locked: concurrent requests for the same room run one after the other)
  if p_room_id is null then
    raise exception 'Please select a valid room.' using errcode = 'P0001', hint = 'room_not_valid';
  end if;
  select * into v_room from public.rooms r where r.id = p_room_id for no key update;
  if not found then
    raise exception 'Please select a valid room.' using errcode = 'P0001', hint = 'room_not_valid';
  end if;
  if not private.room_on_sale(v_room.status) then
    raise exception 'This room is not available for booking.' using errcode = 'P0001', hint = 'room_unavailable';
  end if;
  if p_guests > v_room.max_guests then
    raise exception 'This room accommodates at most % guests.', v_room.max_guests using errcode = 'P0001',
      hint = 'guests', detail = jsonb_build_object('max_guests', v_room.max_guests)::text;
  end if;
  if private.room_has_overlap(p_room_id, p_check_in, p_check_out, p_except) then
    raise exception 'This room is not available for the selected dates.' using errcode = 'P0001',
      hint = 'unavailable';
  end if;

  -- the season's stay rules (minimum stay, closed arrival or departure), in quote_stay's sentences
  v_rules := private.stay_rule_problems(p_room_id, p_check_in, p_check_out);
  if jsonb_array_length(v_rules) > 0 then
    raise exception '%', v_rules -> 0 ->> 'message' using errcode = 'P0001', hint = v_rules -> 0 ->> 'code',
      detail = (v_rules -> 0 -> 'details')::text;
  end if;
  return v_room;
end
$function$;

CREATE OR REPLACE FUNCTION public.quote_stay(p_room_id uuid, p_check_in date, p_check_out date, p_guests integer, p_promo_code text DEFAULT NULL::text, p_extras jsonb DEFAULT '[]'::jsonb, p_rate_plan text DEFAULT 'flexible'::text)
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
  if not private.room_on_sale(v_room.status) then
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
  v_price := private.stay_money_in_range(p_room_id, p_check_in, p_check_out, p_guests, v_pct, p_extras, p_rate_plan);
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
