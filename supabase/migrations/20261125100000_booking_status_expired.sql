-- A sixth booking status: a pending request whose hold ended without an answer. Its own migration
-- because a new enum value cannot be used in the transaction that adds it.
alter type public.booking_status add value if not exists 'expired' after 'cancelled';
