-- No-show: a confirmed guest who did not come once the arrival day has passed. A status of its own
-- (neither sold nor cancelled), so the reports count it apart. Added alone: a new enum value cannot
-- be used in the transaction that adds it (20261203010100_front_desk.sql uses it).
alter type public.booking_status add value if not exists 'no_show';
