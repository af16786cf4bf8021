-- The housekeeping role: a cleaner who sees the day's list of rooms to make up and marks them
-- clean, and nothing else of the portal (20261203020100_rooms_follow_guests.sql uses it). Its own
-- file: a new enum value cannot be used in the transaction that adds it.
alter type public.app_role add value if not exists 'housekeeping';
