-- The quote's city tax at the public boundary (issue 29 §3 meets issue 34 §4): since
-- 20261128040000_quote_city_tax_from_register.sql private.price_stay writes the register's
-- computation with three more keys (per_person_per_night_cents, amount_cents, counted_for), and
-- per_person_per_night is null when the rate changes during the stay. The composite
-- public.stay_city_tax (20261128030100_typed_booking_rpcs.sql) dropped those three keys when
-- quote_stay and request_booking convert the jsonb with jsonb_populate_record; they are added
-- here, so the answers keep every key again (supabase/tests/database/typed-rpcs.test.ts).
-- CASCADE: the attribute reaches public.stay_quote and public.booking_request_result, which hold
-- the type; no table stores it.
alter type public.stay_city_tax
  add attribute per_person_per_night_cents integer cascade,
  add attribute amount_cents integer cascade,
  add attribute counted_for text cascade;
