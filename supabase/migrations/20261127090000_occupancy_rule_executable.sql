-- bookings_occupancy_idx (20261127030000_reports.sql) indexes private.booking_occupied_until(status,
-- hold_expires_at), and PostgreSQL checks EXECUTE on an index expression's function as the role that
-- writes the row: staff changing a booking's status through the API were refused ("permission
-- denied for function booking_occupied_until") once the later migrations revoked every private
-- function from the API roles. The function reads nothing (a status and a time in, a time out), so
-- the writers may execute it. This migration runs after every revoke of the schema's functions.
grant execute on function private.booking_occupied_until(public.booking_status, timestamptz) to anon, authenticated;
