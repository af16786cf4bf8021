-- SQL-level checks of the schema, policies and functions against the seeded database.
-- Run as the database owner after migrations + seed; everything is rolled back:
--   psql -X -v ON_ERROR_STOP=1 -d <db> -f supabase/tests/db/checks.sql
-- Each failing check raises 'FAIL ...'. Ends with 'ALL CHECKS PASSED'.
-- (Concurrency is not covered here: it needs two sessions.)
\set ON_ERROR_STOP 1
begin;

-- ---------------------------------------------------------------- helpers
-- act as an API role: sets the role, the JWT claims and the client address like PostgREST does
create function pg_temp.act(p_role text, p_uid uuid default null, p_ip text default '192.0.2.1') returns void
language plpgsql as $$
begin
  perform set_config('role', p_role, true);
  perform set_config('request.jwt.claims',
    case when p_role = 'postgres' then '' else json_build_object('sub', p_uid, 'role', p_role)::text end, true);
  perform set_config('request.headers',
    case when p_ip is null then '' else json_build_object('x-forwarded-for', p_ip)::text end, true);
end $$;

create function pg_temp.expect(p_sql text, p_expected text) returns void
language plpgsql as $$
declare v text;
begin
  execute p_sql into v;
  if v is distinct from p_expected then
    raise exception 'FAIL [%] as %: got %, expected %', p_sql, current_user, v, p_expected;
  end if;
end $$;

create function pg_temp.expect_error(p_sql text, p_state text, p_msg text default null) returns void
language plpgsql as $$
declare s text; m text;
begin
  begin
    execute p_sql;
  exception when others then
    get stacked diagnostics s = returned_sqlstate, m = message_text;
    if s <> p_state or (p_msg is not null and m not like p_msg) then
      raise exception 'FAIL [%] as %: got error % "%", expected % "%"', p_sql, current_user, s, m, p_state, p_msg;
    end if;
    return;
  end;
  raise exception 'FAIL [%] as %: no error, expected % "%"', p_sql, current_user, p_state, p_msg;
end $$;

-- ids
create function pg_temp.admin_id() returns uuid language sql as $$ select '00000000-0000-4000-8000-0000000000a1'::uuid $$;
create function pg_temp.staff_id() returns uuid language sql as $$ select '00000000-0000-4000-8000-0000000000a2'::uuid $$;
create function pg_temp.guest_id() returns uuid language sql as $$ select '00000000-0000-4000-8000-0000000000a3'::uuid $$;

truncate private.rate_limit_hits;

-- ================================================================= anon
select pg_temp.act('anon');
select pg_temp.expect('select count(*) from public.rooms', '7');
select pg_temp.expect('select count(*) from public.room_promo_codes', '7');          -- OLDPROMO50 inactive: hidden
select pg_temp.expect('select count(*) from public.room_promo_codes where not is_active', '0');
select pg_temp.expect('select count(*) from public.amenities', '14');                -- one inactive hidden
select pg_temp.expect('select count(*) from public.services', '11');                 -- one unavailable hidden
select pg_temp.expect('select count(*) from public.reviews', '6');                   -- 2 unapproved hidden
select pg_temp.expect('select count(*) from public.site_content', '25');
select pg_temp.expect('select count(*) from public.room_images', '0');
select pg_temp.expect_error('select count(*) from public.bookings', '42501', 'permission denied%');
select pg_temp.expect_error('select count(*) from public.profiles', '42501', 'permission denied%');
select pg_temp.expect_error('select count(*) from public.user_roles', '42501', 'permission denied%');
select pg_temp.expect_error('select count(*) from public.contact_messages', '42501', 'permission denied%');
select pg_temp.expect_error('select count(*) from public.security_logs', '42501', 'permission denied%');
select pg_temp.expect_error('select count(*) from public.security_alerts', '42501', 'permission denied%');
select pg_temp.expect_error('select count(*) from public.audit_logs', '42501', 'permission denied%');
select pg_temp.expect_error($$insert into public.rooms (name, room_number, room_type) values ('x', '999', 'single')$$, '42501', 'permission denied%');
select pg_temp.expect_error($$update public.room_promo_codes set current_uses = 0$$, '42501', 'permission denied%');
select pg_temp.expect_error($$delete from public.reviews$$, '42501', 'permission denied%');
select pg_temp.expect_error($$insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date) values ('10000000-0000-4000-8000-000000000001', 'x', 'x@example.com', current_date + 100, current_date + 101)$$, '42501', 'permission denied%');
select pg_temp.expect_error($$insert into public.contact_messages (name, email, message) values ('x', 'x@example.com', 'hi')$$, '42501', 'permission denied%');
select pg_temp.expect_error($$insert into public.user_roles (user_id, role) values ('00000000-0000-4000-8000-0000000000a3', 'admin')$$, '42501', 'permission denied%');
select pg_temp.expect_error($$select public.set_user_role('00000000-0000-4000-8000-0000000000a3', 'admin')$$, '42501', 'permission denied for function%');
select pg_temp.expect_error($$select public.delete_user('00000000-0000-4000-8000-0000000000a1')$$, '42501', 'permission denied for function%');
select pg_temp.expect_error($$select public.set_primary_room_image(gen_random_uuid())$$, '42501', 'permission denied for function%');
select pg_temp.expect_error($$select private.new_booking_reference()$$, '42501', 'permission denied for schema%');
select pg_temp.expect_error($$select count(*) from private.rate_limit_hits$$, '42501', 'permission denied for schema%');
-- storage
select pg_temp.expect($$select count(*) from storage.buckets where id = 'room-images' and public and file_size_limit = 5242880$$, '1');
select pg_temp.expect_error($$insert into storage.objects (bucket_id, name) values ('room-images', 'anon.png')$$, '42501', 'new row violates row-level security%');

-- ---------------------------------------------------------------- promo codes (anon)
select pg_temp.expect($$select public.check_promo_code('roma10', '10000000-0000-4000-8000-000000000001')::text$$, '{"status": "valid", "discount_percentage": 10}');
select pg_temp.expect($$select public.check_promo_code(' ROMA10 ')::text$$, '{"status": "valid", "discount_percentage": 10}');
select pg_temp.expect($$select public.check_promo_code('ROMA10', '10000000-0000-4000-8000-000000000002')::text$$, '{"status": "not_found", "discount_percentage": null}');
select pg_temp.expect($$select public.check_promo_code('QUAD12', '10000000-0000-4000-8000-000000000004')::text$$, '{"status": "valid", "discount_percentage": 12}');
select pg_temp.expect($$select public.check_promo_code('QUAD12', '10000000-0000-4000-8000-000000000001')::text$$, '{"status": "not_found", "discount_percentage": null}');
select pg_temp.expect($$select public.check_promo_code('EARLYBIRD25', '10000000-0000-4000-8000-000000000001')::text$$, '{"status": "not_yet_valid", "discount_percentage": null}');
select pg_temp.expect($$select public.check_promo_code('ESTATE15', '10000000-0000-4000-8000-000000000003')::text$$, '{"status": "expired", "discount_percentage": null}');
select pg_temp.expect($$select public.check_promo_code('FULLHOUSE30', '10000000-0000-4000-8000-000000000004')::text$$, '{"status": "limit_reached", "discount_percentage": null}');
select pg_temp.expect($$select public.check_promo_code('OLDPROMO50', '10000000-0000-4000-8000-000000000002')::text$$, '{"status": "not_found", "discount_percentage": null}');
select pg_temp.expect($$select public.check_promo_code('LASTONE15', '10000000-0000-4000-8000-000000000003')::text$$, '{"status": "valid", "discount_percentage": 15}');
select pg_temp.expect($$select public.check_promo_code('save15', '10000000-0000-4000-8000-000000000003')::text$$, '{"status": "valid", "discount_percentage": 15}');
select pg_temp.expect($$select public.check_promo_code('WINTER20')::text$$, '{"status": "valid", "discount_percentage": 20}');
select pg_temp.expect($$select public.check_promo_code('WELCOME10')::text$$, '{"status": "valid", "discount_percentage": 10}');
select pg_temp.expect($$select public.check_promo_code('NOPE')::text$$, '{"status": "not_found", "discount_percentage": null}');
select pg_temp.expect($$select public.check_promo_code('')::text$$, '{"status": "not_found", "discount_percentage": null}');
select pg_temp.expect($$select public.check_promo_code(null)::text$$, '{"status": "not_found", "discount_percentage": null}');

-- ---------------------------------------------------------------- availability (anon)
select pg_temp.expect($$select public.room_is_available('10000000-0000-4000-8000-000000000001', current_date + 14, current_date + 15)::text$$, 'false');
select pg_temp.expect($$select public.room_is_available('10000000-0000-4000-8000-000000000001', current_date + 17, current_date + 18)::text$$, 'true');   -- check-out day = next check-in
select pg_temp.expect($$select public.room_is_available('10000000-0000-4000-8000-000000000003', current_date + 3, current_date + 5)::text$$, 'true');    -- only a cancelled booking
select pg_temp.expect($$select public.room_is_available('10000000-0000-4000-8000-000000000006', current_date + 100, current_date + 101)::text$$, 'false'); -- maintenance
select pg_temp.expect($$select public.room_is_available(gen_random_uuid(), current_date + 100, current_date + 101)::text$$, 'false');
select pg_temp.expect_error($$select public.room_is_available('10000000-0000-4000-8000-000000000001', current_date + 5, current_date + 5)$$, 'P0001', 'Check-out date must be after check-in date.');
select pg_temp.expect($$select count(*) from public.available_room_ids(current_date + 100, current_date + 102)$$, '5');
select pg_temp.expect($$select count(*) from public.available_room_ids(current_date + 14, current_date + 16)$$, '4');
select pg_temp.expect($$select x::text from public.available_room_ids(current_date + 100, current_date + 102) x limit 1$$, '10000000-0000-4000-8000-000000000003');

-- ---------------------------------------------------------------- request_booking (anon)
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000001', current_date + 100, current_date + 102, 2, '  ', 'a@example.com')$$, 'P0001', 'Please enter your name.');
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000001', current_date + 100, current_date + 102, 2, repeat('x', 101), 'a@example.com')$$, 'P0001', 'Name must be at most 100 characters.');
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000001', current_date + 100, current_date + 102, 2, 'Ann', '')$$, 'P0001', 'Please enter your email address.');
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000001', current_date + 100, current_date + 102, 2, 'Ann', 'not-an-email')$$, 'P0001', 'Please enter a valid email address.');
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000001', current_date + 100, current_date + 102, 2, 'Ann', 'a@example.com', repeat('1', 21))$$, 'P0001', 'Phone number must be at most 20 characters.');
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000001', current_date + 100, current_date + 102, 2, 'Ann', 'a@example.com', 'call me')$$, 'P0001', 'Please enter a valid phone number.');
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000001', current_date + 100, current_date + 102, 2, 'Ann', 'a@example.com', null, repeat('x', 1001))$$, 'P0001', 'Special requests must be at most 1000 characters.');
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000001', null, current_date + 102, 2, 'Ann', 'a@example.com')$$, 'P0001', 'Please choose check-in and check-out dates.');
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000001', current_date - 1, current_date + 2, 2, 'Ann', 'a@example.com')$$, 'P0001', 'Check-in date cannot be in the past.');
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000001', current_date + 102, current_date + 102, 2, 'Ann', 'a@example.com')$$, 'P0001', 'Check-out date must be after check-in date.');
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000001', current_date + 800, current_date + 802, 2, 'Ann', 'a@example.com')$$, 'P0001', 'Check-in date must be within the next two years.');
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000001', current_date + 100, current_date + 131, 2, 'Ann', 'a@example.com')$$, 'P0001', 'A stay can be at most 30 nights.');
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000001', current_date + 100, current_date + 102, 0, 'Ann', 'a@example.com')$$, 'P0001', 'Guests must be between 1 and 8.');
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000001', current_date + 100, current_date + 102, 9, 'Ann', 'a@example.com')$$, 'P0001', 'Guests must be between 1 and 8.');
select pg_temp.expect_error($$select public.request_booking(gen_random_uuid(), current_date + 100, current_date + 102, 2, 'Ann', 'a@example.com')$$, 'P0001', 'Please select a valid room.');
select pg_temp.expect_error($$select public.request_booking(null, current_date + 100, current_date + 102, 2, 'Ann', 'a@example.com')$$, 'P0001', 'Please select a valid room.');
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000006', current_date + 100, current_date + 102, 2, 'Ann', 'a@example.com')$$, 'P0001', 'This room is not available for booking.');
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000001', current_date + 100, current_date + 102, 3, 'Ann', 'a@example.com')$$, 'P0001', 'This room accommodates at most 2 guests.');
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000001', current_date + 15, current_date + 18, 2, 'Ann', 'a@example.com')$$, 'P0001', 'This room is not available for the selected dates.');
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000001', current_date + 100, current_date + 102, 2, 'Ann', 'a@example.com', null, null, 'EARLYBIRD25')$$, 'P0001', 'This promo code is not yet active.');
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000003', current_date + 100, current_date + 102, 2, 'Ann', 'a@example.com', null, null, 'ESTATE15')$$, 'P0001', 'This promo code has expired.');
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000004', current_date + 100, current_date + 102, 2, 'Ann', 'a@example.com', null, null, 'FULLHOUSE30')$$, 'P0001', 'This promo code has reached its usage limit.');
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000001', current_date + 100, current_date + 102, 2, 'Ann', 'a@example.com', null, null, 'QUAD12')$$, 'P0001', 'This promo code is not valid for the selected room.');
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000002', current_date + 100, current_date + 102, 2, 'Ann', 'a@example.com', null, null, 'OLDPROMO50')$$, 'P0001', 'Invalid promo code. Please check your promo code and try again.');
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000002', current_date + 100, current_date + 102, 2, 'Ann', 'a@example.com', null, null, 'NOPE')$$, 'P0001', 'Invalid promo code. Please check your promo code and try again.');
select pg_temp.act('postgres');
select pg_temp.expect('select count(*) from public.bookings', '11');                     -- nothing stored by the refusals
select pg_temp.expect('select count(*) from private.rate_limit_hits', '0');
select pg_temp.act('anon');

-- successes: pricing = nights x price - discount (rounded to cents)
select pg_temp.expect($$select (r - 'booking_id' - 'reference')::text from public.request_booking('10000000-0000-4000-8000-000000000003', current_date + 100, current_date + 103, 2, ' Ann Lee ', 'ann@example.com', ' +39 333 1234567 ', ' Quiet room ', ' lastone15 ') r$$,
  '{"nights": 3, "subtotal": 330.00, "total_amount": 280.50, "discount_amount": 49.50, "price_per_night": 110.00, "discount_percentage": 15}');
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000003', current_date + 110, current_date + 111, 2, 'Ann', 'a@example.com', null, null, 'LASTONE15')$$, 'P0001', 'This promo code has reached its usage limit.');
select pg_temp.expect($$select (r - 'booking_id' - 'reference')::text from public.request_booking('10000000-0000-4000-8000-000000000002', current_date + 100, current_date + 101, 1, 'Bo', 'bo@example.com', null, null, 'winter20') r$$,
  '{"nights": 1, "subtotal": 165.00, "total_amount": 132.00, "discount_amount": 33.00, "price_per_night": 165.00, "discount_percentage": 20}');
select pg_temp.expect($$select (r - 'booking_id' - 'reference')::text from public.request_booking('10000000-0000-4000-8000-000000000001', current_date + 120, current_date + 121, 2, 'Cy', 'cy@example.com') r$$,
  '{"nights": 1, "subtotal": 145.00, "total_amount": 145.00, "discount_amount": 0.00, "price_per_night": 145.00, "discount_percentage": 0}');
select pg_temp.act('postgres');
select pg_temp.expect($$select guest_name || '|' || guest_phone || '|' || special_requests || '|' || promo_code || '|' || status || '|' || total_amount || '|' || (reference ~ '^CG-[2-9A-HJ-NP-Z]{6}$') from public.bookings where guest_email = 'ann@example.com'$$,
  'Ann Lee|+39 333 1234567|Quiet room|LASTONE15|pending|280.50|true');
select pg_temp.expect($$select promo_code from public.bookings where guest_email = 'cy@example.com'$$, null);
select pg_temp.expect($$select current_uses from public.room_promo_codes where promo_code = 'LASTONE15'$$, '5');
select pg_temp.expect($$select count(*) from private.rate_limit_hits where client_key = 'ip:192.0.2.1'$$, '3');
select pg_temp.expect($$select count(*) from public.audit_logs where table_name = 'bookings' and action = 'INSERT' and user_id is null$$, '3');

-- rate limit: 10 stored requests per client address per 10 minutes
select pg_temp.act('anon', null, '198.51.100.7, 10.0.0.1');
select public.request_booking('10000000-0000-4000-8000-000000000007', current_date + 200 + i * 2, current_date + 201 + i * 2, 1, 'Rate', 'rate@example.com')
from generate_series(1, 10) i;
select pg_temp.expect_error($$select public.request_booking('10000000-0000-4000-8000-000000000007', current_date + 300, current_date + 301, 1, 'Rate', 'rate@example.com')$$, 'P0001', 'Too many booking requests. Please try again in a few minutes.');
select pg_temp.act('anon', null, '198.51.100.8');   -- another address is not affected
select pg_temp.expect($$select (public.request_booking('10000000-0000-4000-8000-000000000007', current_date + 300, current_date + 301, 1, 'Other', 'other@example.com')) ->> 'nights'$$, '1');
-- without an address the signed-in user is the key
select pg_temp.act('authenticated', pg_temp.guest_id(), null);
select pg_temp.expect($$select (public.request_booking('10000000-0000-4000-8000-000000000007', current_date + 310, current_date + 311, 1, 'Guest', 'guest@example.com')) ->> 'nights'$$, '1');
select pg_temp.act('postgres');
select pg_temp.expect($$select string_agg(client_key || ':' || n, ',' order by client_key) from (select client_key, count(*) n from private.rate_limit_hits group by 1) s$$,
  'ip:192.0.2.1:3,ip:198.51.100.7:10,ip:198.51.100.8:1,user:00000000-0000-4000-8000-0000000000a3:1');
truncate private.rate_limit_hits;

-- ================================================================= signed in, no role
select pg_temp.act('authenticated', pg_temp.guest_id());
select pg_temp.expect('select public.is_staff()::text', 'false');
select pg_temp.expect('select count(*) from public.profiles', '1');
select pg_temp.expect('select user_id::text from public.profiles', '00000000-0000-4000-8000-0000000000a3');
select pg_temp.expect('select count(*) from public.user_roles', '0');
select pg_temp.expect('select count(*) from public.bookings', '0');
select pg_temp.expect('select count(*) from public.contact_messages', '0');
select pg_temp.expect('select count(*) from public.security_logs', '0');
select pg_temp.expect('select count(*) from public.security_alerts', '0');
select pg_temp.expect('select count(*) from public.audit_logs', '0');
select pg_temp.expect('select count(*) from public.room_promo_codes', '7');
select pg_temp.expect('select count(*) from public.reviews', '6');
select pg_temp.expect($$with u as (update public.profiles set name = 'Hacker' returning 1) select count(*) from u$$, '0');
select pg_temp.expect($$with u as (update public.bookings set status = 'confirmed' returning 1) select count(*) from u$$, '0');
select pg_temp.expect($$with u as (update public.rooms set price_per_night = 1 returning 1) select count(*) from u$$, '0');
select pg_temp.expect($$with u as (delete from public.rooms returning 1) select count(*) from u$$, '0');
select pg_temp.expect($$with u as (update public.room_promo_codes set current_uses = 0 returning 1) select count(*) from u$$, '0');
select pg_temp.expect_error($$insert into public.user_roles (user_id, role) values ('00000000-0000-4000-8000-0000000000a3', 'admin')$$, '42501', 'You cannot change your own role.');
select pg_temp.expect_error($$insert into public.rooms (name, room_number, room_type) values ('x', '999', 'single')$$, '42501', 'new row violates row-level security%');
select pg_temp.expect_error($$insert into public.reviews (guest_name, rating, comment, approved) values ('x', 5, 'great', true)$$, '42501', 'new row violates row-level security%');
select pg_temp.expect($$with u as (update public.security_alerts set status = 'resolved' returning 1) select count(*) from u$$, '0');
select pg_temp.expect_error($$update public.security_alerts set description = 'x'$$, '42501', 'permission denied%');
select pg_temp.expect_error($$select public.set_user_role('00000000-0000-4000-8000-0000000000a3', 'admin')$$, '42501', 'Only administrators can change user roles.');
select pg_temp.expect_error($$select public.delete_user('00000000-0000-4000-8000-0000000000a2')$$, '42501', 'Only administrators can delete users.');
select pg_temp.expect_error($$select public.set_primary_room_image(gen_random_uuid())$$, '42501', 'Only staff can change the primary image.');
select pg_temp.expect_error($$insert into storage.objects (bucket_id, name) values ('room-images', 'guest.png')$$, '42501', 'new row violates row-level security%');

-- ================================================================= staff
select pg_temp.act('authenticated', pg_temp.staff_id());
select pg_temp.expect('select public.is_staff()::text || public.is_admin()::text', 'truefalse');
select pg_temp.expect('select count(*) from public.bookings', '26');   -- 11 seeded + 15 requested above
select pg_temp.expect('select count(*) from public.profiles', '3');
select pg_temp.expect('select count(*) from public.user_roles', '2');
select pg_temp.expect('select count(*) from public.contact_messages', '2');
select pg_temp.expect('select count(*) from public.room_promo_codes', '8');
select pg_temp.expect('select count(*) from public.amenities', '15');
select pg_temp.expect('select count(*) from public.services', '12');
select pg_temp.expect('select count(*) from public.reviews', '8');
select pg_temp.expect('select count(*) from public.security_logs', '0');
select pg_temp.expect('select count(*) from public.security_alerts', '0');
select pg_temp.expect('select count(*) from public.audit_logs', '0');
-- booking status transitions
select pg_temp.expect($$with u as (update public.bookings set status = 'confirmed' where id = '20000000-0000-4000-8000-000000000008' returning status) select status::text from u$$, 'confirmed');
select pg_temp.expect($$with u as (update public.bookings set status = 'checked_in' where id = '20000000-0000-4000-8000-000000000008' returning status) select status::text from u$$, 'checked_in');
select pg_temp.expect($$with u as (update public.bookings set status = 'checked_out' where id = '20000000-0000-4000-8000-000000000008' returning status) select status::text from u$$, 'checked_out');
select pg_temp.expect_error($$update public.bookings set status = 'cancelled' where id = '20000000-0000-4000-8000-000000000008'$$, 'P0001', 'A booking cannot change from checked_out to cancelled.');
select pg_temp.expect_error($$update public.bookings set status = 'pending' where id = '20000000-0000-4000-8000-000000000010'$$, 'P0001', 'A booking cannot change from cancelled to pending.');
select pg_temp.expect_error($$update public.bookings set status = 'checked_in' where id = '20000000-0000-4000-8000-000000000009'$$, 'P0001', 'A booking cannot change from pending to checked_in.');
select pg_temp.expect_error($$update public.bookings set status = 'pending' where id = '20000000-0000-4000-8000-000000000005'$$, 'P0001', 'A booking cannot change from confirmed to pending.');
select pg_temp.expect($$with u as (update public.bookings set status = 'cancelled' where id = '20000000-0000-4000-8000-000000000004' returning status) select status::text from u$$, 'cancelled');
select pg_temp.expect($$with u as (update public.bookings set status = 'cancelled' where id = '20000000-0000-4000-8000-000000000009' returning status) select status::text from u$$, 'cancelled');
select pg_temp.expect_error($$update public.bookings set total_amount = 1 where id = '20000000-0000-4000-8000-000000000005'$$, '42501', 'Staff can only change the status of a booking.');
select pg_temp.expect_error($$update public.bookings set status = 'checked_in', guest_name = 'x' where id = '20000000-0000-4000-8000-000000000005'$$, '42501', 'Staff can only change the status of a booking.');
select pg_temp.expect($$with u as (delete from public.bookings returning 1) select count(*) from u$$, '0');
select pg_temp.expect_error($$insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date) values ('10000000-0000-4000-8000-000000000001', 'x', 'x@example.com', current_date + 100, current_date + 101)$$, '42501', 'new row violates row-level security%');
-- escalation
select pg_temp.expect_error($$insert into public.user_roles (user_id, role) values ('00000000-0000-4000-8000-0000000000a2', 'admin')$$, '42501', 'You cannot change your own role.');
select pg_temp.expect($$with u as (update public.user_roles set role = 'admin' returning 1) select count(*) from u$$, '0');
select pg_temp.expect($$with u as (delete from public.user_roles returning 1) select count(*) from u$$, '0');
select pg_temp.expect($$with u as (update public.profiles set name = 'x' returning 1) select count(*) from u$$, '0');
select pg_temp.expect_error($$select public.set_user_role('00000000-0000-4000-8000-0000000000a2', 'admin')$$, '42501', 'Only administrators can change user roles.');
select pg_temp.expect_error($$select public.delete_user('00000000-0000-4000-8000-0000000000a3')$$, '42501', 'Only administrators can delete users.');
select pg_temp.expect($$with u as (update public.security_alerts set status = 'resolved' returning 1) select count(*) from u$$, '0');
-- catalogue writes
insert into public.rooms (id, name, room_number, room_type, price_per_night) values ('10000000-0000-4000-8000-0000000000ff', 'Test Room', 'T1', 'single', 99.5);
select pg_temp.expect($$with u as (update public.rooms set status = 'occupied' where id = '10000000-0000-4000-8000-0000000000ff' returning status) select status::text from u$$, 'occupied');
select pg_temp.expect_error($$update public.rooms set max_guests = 9 where id = '10000000-0000-4000-8000-0000000000ff'$$, '23514');
select pg_temp.expect_error($$update public.rooms set price_per_night = -1 where id = '10000000-0000-4000-8000-0000000000ff'$$, '23514');
select pg_temp.expect_error($$insert into public.rooms (name, room_number, room_type) values ('Dup', '101', 'single')$$, '23505');
select pg_temp.expect_error($$delete from public.rooms where id = '10000000-0000-4000-8000-000000000001'$$, '23503', '%violates foreign key constraint "bookings_room_id_fkey"%');   -- has bookings
-- promo codes: upper-case, unique per room, ranges
insert into public.room_promo_codes (room_id, promo_code) values ('10000000-0000-4000-8000-0000000000ff', ' spring5 ');
select pg_temp.expect($$select promo_code || ':' || discount_percentage from public.room_promo_codes where room_id = '10000000-0000-4000-8000-0000000000ff'$$, 'SPRING5:15');
select pg_temp.expect_error($$insert into public.room_promo_codes (room_id, promo_code) values ('10000000-0000-4000-8000-0000000000ff', 'Spring5')$$, '23505');
insert into public.room_promo_codes (room_id, promo_code) values ('10000000-0000-4000-8000-000000000001', 'SPRING5');  -- same code, other room: fine
select pg_temp.expect_error($$insert into public.room_promo_codes (room_id, promo_code, discount_percentage) values ('10000000-0000-4000-8000-0000000000ff', 'X0', 0)$$, '23514');
select pg_temp.expect_error($$insert into public.room_promo_codes (room_id, promo_code, discount_percentage) values ('10000000-0000-4000-8000-0000000000ff', 'X1', 101)$$, '23514');
select pg_temp.expect_error($$insert into public.room_promo_codes (room_id, promo_code, max_uses) values ('10000000-0000-4000-8000-0000000000ff', 'X2', 0)$$, '23514');
select pg_temp.expect_error($$insert into public.room_promo_codes (room_id, promo_code, valid_from, valid_until) values ('10000000-0000-4000-8000-0000000000ff', 'X3', current_date, current_date - 1)$$, '23514');
-- room images: first is primary, setting one clears the others, unset refused, delete promotes
insert into public.room_images (id, room_id, image_url, display_order) values ('40000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-0000000000ff', '/a.jpg', 0);
insert into public.room_images (id, room_id, image_url, display_order) values ('40000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-0000000000ff', '/b.jpg', 1);
insert into public.room_images (id, room_id, image_url, display_order) values ('40000000-0000-4000-8000-000000000003', '10000000-0000-4000-8000-0000000000ff', '/c.jpg', 2);
select pg_temp.expect($$select string_agg(right(id::text, 1) || ':' || is_primary, ',' order by display_order) from public.room_images where room_id = '10000000-0000-4000-8000-0000000000ff'$$, '1:true,2:false,3:false');
insert into public.room_images (id, room_id, image_url, display_order, is_primary) values ('40000000-0000-4000-8000-000000000004', '10000000-0000-4000-8000-0000000000ff', '/d.jpg', 3, true);
select pg_temp.expect($$select string_agg(right(id::text, 1) || ':' || is_primary, ',' order by display_order) from public.room_images where room_id = '10000000-0000-4000-8000-0000000000ff'$$, '1:false,2:false,3:false,4:true');
select public.set_primary_room_image('40000000-0000-4000-8000-000000000002');
select pg_temp.expect($$select string_agg(right(id::text, 1) || ':' || is_primary, ',' order by display_order) from public.room_images where room_id = '10000000-0000-4000-8000-0000000000ff'$$, '1:false,2:true,3:false,4:false');
update public.room_images set is_primary = true where id = '40000000-0000-4000-8000-000000000003';
select pg_temp.expect($$select string_agg(right(id::text, 1) || ':' || is_primary, ',' order by display_order) from public.room_images where room_id = '10000000-0000-4000-8000-0000000000ff'$$, '1:false,2:false,3:true,4:false');
select pg_temp.expect_error($$update public.room_images set is_primary = false where id = '40000000-0000-4000-8000-000000000003'$$, 'P0001', 'A room must keep one primary image%');
select pg_temp.expect_error($$update public.room_images set room_id = '10000000-0000-4000-8000-000000000001' where id = '40000000-0000-4000-8000-000000000001'$$, 'P0001', 'An image cannot be moved to another room.');
select pg_temp.expect_error($$select public.set_primary_room_image('40000000-0000-4000-8000-0000000000ee')$$, 'P0001', 'Image not found.');
update public.room_images set display_order = 9 where id = '40000000-0000-4000-8000-000000000001';
delete from public.room_images where id = '40000000-0000-4000-8000-000000000003';
select pg_temp.expect($$select string_agg(right(id::text, 1) || ':' || is_primary, ',' order by display_order) from public.room_images where room_id = '10000000-0000-4000-8000-0000000000ff'$$, '2:true,4:false,1:false');
-- storage
insert into storage.objects (bucket_id, name) values ('room-images', '10000000-0000-4000-8000-0000000000ff/1.jpg');
select pg_temp.expect($$with u as (update storage.objects set metadata = '{}' where bucket_id = 'room-images' returning 1) select count(*) from u$$, '1');
select pg_temp.expect($$with u as (delete from storage.objects where bucket_id = 'room-images' returning 1) select count(*) from u$$, '1');
-- site content upsert (Save All)
insert into public.site_content (key, value) values ('hero_title', 'New title'), ('rooms_title', 'Rooms')
  on conflict (key) do update set value = excluded.value;
select pg_temp.expect($$select value || '|' || description from public.site_content where key = 'hero_title'$$, 'New title|Hero: main title');
-- timestamps are kept by the database
select pg_temp.expect($$with u as (insert into public.reviews (guest_name, rating, comment, created_at) values ('T', 5, 'ok', '2000-01-01') returning created_at > now() - interval '1 minute') select * from u$$, 'true');
select pg_temp.expect($$with u as (update public.rooms set created_at = '2000-01-01', updated_at = '2000-01-01' where id = '10000000-0000-4000-8000-0000000000ff' returning created_at > '2001-01-01' and updated_at = now()) select * from u$$, 'true');
-- room deletion cascades to images and promo codes
delete from public.rooms where id = '10000000-0000-4000-8000-0000000000ff';
select pg_temp.expect($$select count(*) from public.room_images where room_id = '10000000-0000-4000-8000-0000000000ff'$$, '0');
select pg_temp.expect($$select count(*) from public.room_promo_codes where room_id = '10000000-0000-4000-8000-0000000000ff'$$, '0');

-- ================================================================= admin
select pg_temp.act('authenticated', pg_temp.admin_id());
select pg_temp.expect('select count(*) from public.security_logs', '5');
select pg_temp.expect('select count(*) from public.security_alerts', '3');
select pg_temp.expect($$select count(*) from public.audit_logs where user_id = '00000000-0000-4000-8000-0000000000a2' and table_name = 'bookings' and action = 'UPDATE'$$, '5');
select pg_temp.expect($$select old_values ->> 'status' || '>' || (new_values ->> 'status') from public.audit_logs where record_id = '20000000-0000-4000-8000-000000000004'$$, 'checked_in>cancelled');
select pg_temp.expect($$select count(*) from public.audit_logs where table_name = 'room_images' and action = 'DELETE'$$, '4');
select pg_temp.expect($$with u as (update public.security_alerts set status = 'resolved' where status = 'active' returning resolved_at is not null and resolved_by = '00000000-0000-4000-8000-0000000000a1') select * from u$$, 'true');
select pg_temp.expect_error($$update public.security_alerts set description = 'x'$$, '42501', 'permission denied%');
select pg_temp.expect_error($$delete from public.security_alerts$$, '42501', 'permission denied%');
select pg_temp.expect_error($$insert into public.security_logs (event_type, description) values ('x', 'y')$$, '42501', 'permission denied%');
select pg_temp.expect_error($$delete from public.audit_logs$$, '42501', 'permission denied%');
-- bookings: admin may edit and delete, transitions still apply
select pg_temp.expect($$with u as (update public.bookings set guest_name = 'Sophie M.' where id = '20000000-0000-4000-8000-000000000005' returning guest_name) select * from u$$, 'Sophie M.');
select pg_temp.expect_error($$update public.bookings set status = 'pending' where id = '20000000-0000-4000-8000-000000000005'$$, 'P0001', 'A booking cannot change from confirmed to pending.');
select pg_temp.expect_error($$update public.bookings set room_id = '10000000-0000-4000-8000-000000000001', check_in_date = current_date + 15, check_out_date = current_date + 16 where id = '20000000-0000-4000-8000-000000000005'$$, 'P0001', 'This room is not available for the selected dates.');
select pg_temp.expect_error($$insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date) values ('10000000-0000-4000-8000-000000000002', 'x', 'x@example.com', current_date + 8, current_date + 9)$$, 'P0001', 'This room is not available for the selected dates.');
select pg_temp.expect_error($$insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date) values ('10000000-0000-4000-8000-000000000002', 'x', 'x@example.com', current_date + 95, current_date + 95)$$, '23514');
select pg_temp.expect_error($$insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests) values ('10000000-0000-4000-8000-000000000002', 'x', 'x@example.com', current_date + 90, current_date + 91, 9)$$, '23514');
select pg_temp.expect($$with u as (insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, status) values ('10000000-0000-4000-8000-000000000002', 'Walk In', 'walkin@example.com', current_date + 90, current_date + 91, 'confirmed') returning reference ~ '^CG-') select * from u$$, 'true');
select pg_temp.expect($$with u as (delete from public.bookings where guest_email = 'walkin@example.com' returning 1) select count(*) from u$$, '1');
-- roles
select pg_temp.expect_error($$select public.set_user_role('00000000-0000-4000-8000-0000000000a1', 'staff')$$, 'P0001', 'You cannot change your own role.');
select pg_temp.expect_error($$select public.delete_user('00000000-0000-4000-8000-0000000000a1')$$, 'P0001', 'You cannot delete your own account.');
select pg_temp.expect_error($$select public.set_user_role(gen_random_uuid(), 'staff')$$, 'P0001', 'User not found.');
select pg_temp.expect_error($$select public.delete_user(gen_random_uuid())$$, 'P0001', 'User not found.');
select pg_temp.expect_error($$insert into public.user_roles (user_id, role) values ('00000000-0000-4000-8000-0000000000a1', 'staff')$$, '42501', 'You cannot change your own role.');
select pg_temp.expect_error($$delete from public.user_roles where user_id = '00000000-0000-4000-8000-0000000000a1'$$, '42501', 'You cannot change your own role.');
select public.set_user_role(pg_temp.guest_id(), 'staff');
select pg_temp.expect($$select string_agg(role::text, ',') from public.user_roles where user_id = '00000000-0000-4000-8000-0000000000a3'$$, 'staff');
select public.set_user_role(pg_temp.guest_id(), 'admin');
select pg_temp.expect($$select string_agg(role::text, ',') from public.user_roles where user_id = '00000000-0000-4000-8000-0000000000a3'$$, 'admin');
select public.set_user_role(pg_temp.guest_id(), 'admin');   -- idempotent
select public.set_user_role(pg_temp.guest_id(), 'guest');
select pg_temp.expect($$select string_agg(role::text, ',') from public.user_roles where user_id = '00000000-0000-4000-8000-0000000000a3'$$, 'guest');
select pg_temp.expect($$with u as (update public.profiles set name = 'Guest User' where user_id = '00000000-0000-4000-8000-0000000000a3' returning name) select * from u$$, 'Guest User');
select public.delete_user(pg_temp.guest_id());
select pg_temp.act('postgres');
select pg_temp.expect($$select count(*) from auth.users where id = '00000000-0000-4000-8000-0000000000a3'$$, '0');
select pg_temp.expect($$select count(*) from public.profiles where user_id = '00000000-0000-4000-8000-0000000000a3'$$, '0');
select pg_temp.expect($$select count(*) from public.user_roles where user_id = '00000000-0000-4000-8000-0000000000a3'$$, '0');
-- the last admin stays, whoever asks
select pg_temp.expect_error($$delete from public.user_roles where user_id = '00000000-0000-4000-8000-0000000000a1'$$, 'P0001', 'The last administrator cannot be removed or demoted.');
select pg_temp.expect_error($$update public.user_roles set role = 'staff' where user_id = '00000000-0000-4000-8000-0000000000a1'$$, 'P0001', 'The last administrator cannot be removed or demoted.');
select pg_temp.expect_error($$delete from auth.users where id = '00000000-0000-4000-8000-0000000000a1'$$, 'P0001', 'The last administrator cannot be removed or demoted.');
-- a second admin can demote / delete the first, never both at the end
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-8000-0000000000a2', 'admin');
select pg_temp.act('authenticated', pg_temp.staff_id());
select public.set_user_role(pg_temp.admin_id(), 'staff');
select pg_temp.act('postgres');
select pg_temp.expect($$select string_agg(user_id::text || ':' || role, ',' order by user_id, role) from public.user_roles$$,
  '00000000-0000-4000-8000-0000000000a1:staff,00000000-0000-4000-8000-0000000000a2:staff,00000000-0000-4000-8000-0000000000a2:admin');

-- ================================================================= new accounts
insert into auth.users (id, email, raw_user_meta_data) values
  ('00000000-0000-4000-8000-0000000000b1', 'new.person@example.org', '{}'),
  ('00000000-0000-4000-8000-0000000000b2', 'named@example.org', '{"name":"  Named Person "}');
select pg_temp.expect($$select string_agg(name, ',' order by email) from public.profiles where user_id in ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000b2')$$, 'Named Person,new.person');
select pg_temp.expect($$select count(*) from public.user_roles where user_id in ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000b2')$$, '0');
update auth.users set email = 'renamed@example.org' where id = '00000000-0000-4000-8000-0000000000b1';
select pg_temp.expect($$select email from public.profiles where user_id = '00000000-0000-4000-8000-0000000000b1'$$, 'renamed@example.org');

-- ================================================================= definer functions are locked down
select pg_temp.expect($$
  select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname in ('public', 'private') and p.prosecdef
    and not coalesce(array_to_string(p.proconfig, ',') like '%search_path=""%', false)
$$, '0');
select pg_temp.expect($$
  select string_agg(p.proname, ',' order by p.proname) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'public' and has_function_privilege('anon', p.oid, 'execute')
$$, 'available_room_ids,check_promo_code,is_admin,is_staff,request_booking,room_is_available');

select 'ALL CHECKS PASSED' as result;
rollback;
