-- Refusal codes for the extras and the rate plan (issue 29, section 3): the six refusals raised in
-- private.stay_money (through quote_stay and request_booking) carry a stable code in the error's
-- `hint` and, where the sentence holds values, those values as JSON in the error's `detail`, like
-- the other booking refusals (20261128030000_refusal_codes.sql); the site translates the code
-- (src/lib/refusals/refusals.ts). Body as in supabase/schema/payments.sql before this migration,
-- with codes and values added; signature and grants unchanged (create or replace keeps them).
-- extra_quantity's values name the extra in each language (its English name where no translation).

CREATE OR REPLACE FUNCTION private.stay_money(p_room_id uuid, p_check_in date, p_check_out date, p_guests integer, p_discount_percentage integer, p_extras jsonb DEFAULT '[]'::jsonb, p_rate_plan text DEFAULT 'flexible'::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_policy public.payment_policy := private.payment_policy();
  v_price jsonb := private.price_stay(p_room_id, p_check_in, p_check_out, p_guests, p_discount_percentage);
  v_rate text := coalesce(nullif(btrim(p_rate_plan), ''), 'flexible');
  v_nights integer;
  v_nights_cents integer;
  v_nr_cents integer := 0;
  v_first_cents integer;
  v_extras jsonb := '[]';
  v_extras_cents integer := 0;
  v_total integer;
  v_deposit integer;
  v_free_until date;
  v_item jsonb;
  v_service public.services;
  v_qty integer;
  v_unit integer;
  v_line integer;
  v_today date := (private.clock_now() at time zone 'Europe/Rome')::date;
begin
  if v_rate not in ('flexible', 'non_refundable') then
    raise exception 'Please choose a valid rate.' using errcode = 'P0001', hint = 'rate_plan_invalid';
  end if;
  if v_rate = 'non_refundable' and not v_policy.nonrefundable_enabled then
    raise exception 'The non-refundable rate is not offered.' using errcode = 'P0001',
      hint = 'non_refundable_unavailable';
  end if;
  v_nights := (v_price ->> 'nights')::integer;
  v_nights_cents := round((v_price ->> 'total')::numeric * 100)::integer;
  -- the first night after the promo discount, rounded as the total's discount is
  v_first_cents := coalesce(round(
    ((v_price -> 'nightly' -> 0 ->> 'price')::numeric
      - round((v_price -> 'nightly' -> 0 ->> 'price')::numeric * coalesce(p_discount_percentage, 0) / 100.0, 2)) * 100
  )::integer, 0);
  if v_rate = 'non_refundable' then
    v_nr_cents := round(v_nights_cents * v_policy.nonrefundable_discount_percent / 100.0)::integer;
  end if;

  -- extras, priced from the service rows
  if p_extras is not null and jsonb_typeof(p_extras) = 'array' then
    if jsonb_array_length(p_extras) > 10 then
      raise exception 'Please choose at most 10 extras.' using errcode = 'P0001', hint = 'extras_too_many',
        detail = jsonb_build_object('max_extras', 10)::text;
    end if;
    for v_item in select e from jsonb_array_elements(p_extras) e loop
      select * into v_service from public.services s
      where s.id = (case when v_item ->> 'service_id' ~* '^[0-9a-f-]{36}$' then (v_item ->> 'service_id')::uuid end)
        and s.available;
      if v_service.id is null then
        raise exception 'This extra is not available.' using errcode = 'P0001', hint = 'extra_unavailable';
      end if;
      v_qty := case when v_item ->> 'quantity' ~ '^[0-9]{1,3}$' then (v_item ->> 'quantity')::integer end;
      if v_qty is null or v_qty < 1 or v_qty > 20
         or (v_service.pricing_unit = 'per_person' and v_qty > greatest(coalesce(p_guests, 1), 1)) then
        raise exception 'Please choose a valid quantity for %.', v_service.name using errcode = 'P0001',
          hint = 'extra_quantity',
          detail = jsonb_build_object(
            'service', v_service.name,
            'service_it', coalesce(nullif(btrim(v_service.translations #>> '{it,name}'), ''), v_service.name),
            'service_fr', coalesce(nullif(btrim(v_service.translations #>> '{fr,name}'), ''), v_service.name),
            'max_quantity', case when v_service.pricing_unit = 'per_person'
              then least(greatest(coalesce(p_guests, 1), 1), 20) else 20 end)::text;
      end if;
      if v_extras @> jsonb_build_array(jsonb_build_object('service_id', v_service.id)) then
        raise exception 'Each extra can be chosen once.' using errcode = 'P0001', hint = 'extra_repeated';
      end if;
      v_unit := round(v_service.price * 100)::integer;
      v_line := v_unit * v_qty * case when v_service.pricing_unit = 'per_night' then v_nights else 1 end;
      v_extras := v_extras || jsonb_build_object(
        'service_id', v_service.id, 'name', v_service.name, 'pricing_unit', v_service.pricing_unit,
        'quantity', v_qty, 'unit_price_cents', v_unit, 'line_total_cents', v_line);
      v_extras_cents := v_extras_cents + v_line;
      v_service := null;
    end loop;
  end if;

  v_total := v_nights_cents - v_nr_cents + v_extras_cents;
  if v_rate = 'non_refundable' then
    v_deposit := v_total;
  elsif v_policy.deposit_kind = 'first_night' then
    v_deposit := least(v_first_cents, v_total);
  else
    v_deposit := round(v_total * v_policy.deposit_percent / 100.0)::integer;
  end if;
  if v_rate = 'flexible' then
    v_free_until := p_check_in - v_policy.free_cancellation_days;
  end if;

  return v_price || jsonb_build_object(
    'rate_plan', v_rate,
    'nights_cents', v_nights_cents,
    'nonrefundable_discount_cents', v_nr_cents,
    'extras', v_extras,
    'extras_cents', v_extras_cents,
    'total_cents', v_total,
    'deposit_cents', v_deposit,
    'balance_cents', v_total - v_deposit,
    'pay_online', v_deposit > 0,
    'confirm_before_payment', v_policy.confirm_before_payment,
    'free_cancellation_until', v_free_until,
    'refund_schedule', case
      when v_deposit = 0 then '[]'::jsonb
      when v_free_until is null or v_free_until < v_today then
        jsonb_build_array(jsonb_build_object('from', v_today, 'until', p_check_in, 'refund_cents', 0))
      else jsonb_build_array(
        jsonb_build_object('from', v_today, 'until', v_free_until, 'refund_cents', private.refund_due(v_deposit, v_free_until, v_free_until)),
        jsonb_build_object('from', v_free_until + 1, 'until', p_check_in, 'refund_cents', private.refund_due(v_deposit, v_free_until, v_free_until + 1)))
    end,
    'rate_plans', jsonb_build_object('non_refundable', jsonb_build_object(
      'available', v_policy.nonrefundable_enabled and v_deposit >= 0,
      'discount_percent', v_policy.nonrefundable_discount_percent))
  );
end
$function$;
