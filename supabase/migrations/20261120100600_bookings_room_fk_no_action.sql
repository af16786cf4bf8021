-- A room that has bookings still cannot be deleted, but with NO ACTION instead of RESTRICT:
-- PostgreSQL 17 (PGlite) reports RESTRICT violations as SQLSTATE 23001 while PostgreSQL 15 uses
-- 23503; NO ACTION reports 23503 (foreign_key_violation, PostgREST HTTP 409) on both.
alter table public.bookings
  drop constraint bookings_room_id_fkey,
  add constraint bookings_room_id_fkey foreign key (room_id) references public.rooms (id) on delete no action;
