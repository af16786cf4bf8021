-- The quote's city-tax line uses the register's computation (issue 34 §4: "the quote's city-tax
-- line and this register use one computation"): private.city_tax_due, the sum of
-- private.city_tax_nights, with the dated per-person rates and each rate's cap. A quote knows no
-- ages, residence or exemptions yet, so every guest counts ('counted_for': 'every guest'); the
-- register later applies them from the check-in data and staff's records. Same signature as
-- before; private.stay_money, quote_stay and request_booking pass the object on unchanged.
create or replace function private.price_stay(
  p_room_id uuid, p_check_in date, p_check_out date, p_guests integer, p_discount_percentage integer
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_nights jsonb;
  v_count integer;
  v_subtotal numeric(10, 2);
  v_discount numeric(10, 2);
  v_tax jsonb;
begin
  select coalesce(jsonb_agg(jsonb_build_object('night', n.night, 'price', n.price, 'season', n.season) order by n.night), '[]'),
         count(*), coalesce(sum(n.price), 0)
    into v_nights, v_count, v_subtotal
  from private.room_nights(p_room_id, p_check_in, p_check_out) n;
  v_discount := round(v_subtotal * coalesce(p_discount_percentage, 0) / 100.0, 2);
  -- no birth dates, no exemptions: the quote counts every guest
  v_tax := private.city_tax_due(p_check_in, p_check_out, greatest(coalesce(p_guests, 0), 0));
  return jsonb_build_object(
    'nights', v_count,
    'nightly', v_nights,
    'subtotal', v_subtotal,
    'discount_percentage', case when v_discount > 0 then p_discount_percentage else 0 end,
    'discount_amount', v_discount,
    'total', v_subtotal - v_discount,
    'city_tax', jsonb_build_object(
      -- null when the rate changes during the stay
      'per_person_per_night', round((v_tax ->> 'per_person_per_night_cents')::numeric / 100, 2),
      'per_person_per_night_cents', v_tax -> 'per_person_per_night_cents',
      'nights_charged', (v_tax ->> 'nights_charged')::integer,
      'guests', (v_tax ->> 'guests')::integer,
      'exempt_under_age', coalesce((v_tax ->> 'exempt_under_age')::integer, 10),
      'amount', round((v_tax ->> 'amount_cents')::numeric / 100, 2),
      'amount_cents', (v_tax ->> 'amount_cents')::integer,
      'counted_for', 'every guest',
      'payable', 'at the property'
    )
  );
end
$$;
