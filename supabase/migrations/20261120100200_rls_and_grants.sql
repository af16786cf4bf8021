-- Row-level security and table privileges, per ARCHITECTURE.md section 5.
-- The platform grants everything in public to anon/authenticated by default (like hosted
-- Supabase), so every privilege is first revoked and then granted back precisely.
-- One permissive policy per table, role and command (no overlapping permissive policies).
-- "Staff" includes admin (public.is_staff()).

-- ---------------------------------------------------------------- enable RLS everywhere
alter table public.rooms enable row level security;
alter table public.room_images enable row level security;
alter table public.room_promo_codes enable row level security;
alter table public.amenities enable row level security;
alter table public.services enable row level security;
alter table public.reviews enable row level security;
alter table public.bookings enable row level security;
alter table public.site_content enable row level security;
alter table public.profiles enable row level security;
alter table public.user_roles enable row level security;
alter table public.contact_messages enable row level security;
alter table public.security_logs enable row level security;
alter table public.security_alerts enable row level security;
alter table public.audit_logs enable row level security;

-- ---------------------------------------------------------------- privileges
revoke all on table
  public.rooms, public.room_images, public.room_promo_codes, public.amenities, public.services, public.reviews,
  public.bookings, public.site_content, public.profiles, public.user_roles, public.contact_messages,
  public.security_logs, public.security_alerts, public.audit_logs
from public, anon, authenticated;

-- public catalogue: read for everybody (rows filtered by policy), write for staff (policy)
grant select on table
  public.rooms, public.room_images, public.room_promo_codes, public.amenities, public.services, public.reviews, public.site_content
to anon, authenticated;
grant insert, update, delete on table
  public.rooms, public.room_images, public.room_promo_codes, public.amenities, public.services, public.reviews, public.site_content
to authenticated;

-- bookings: staff read and change status, admin all; anon only through request_booking()
grant select, insert, update, delete on table public.bookings to authenticated;

-- profiles and roles: own row / staff read; admin write
grant select, insert, update, delete on table public.profiles, public.user_roles to authenticated;

-- contact messages: staff read (written by the send-contact-email function with the service role)
grant select on table public.contact_messages to authenticated;

-- security: admin read; admin resolves alerts (status and resolved_at only)
grant select on table public.security_logs, public.security_alerts, public.audit_logs to authenticated;
grant update (status, resolved_at) on table public.security_alerts to authenticated;

grant all on table
  public.rooms, public.room_images, public.room_promo_codes, public.amenities, public.services, public.reviews,
  public.bookings, public.site_content, public.profiles, public.user_roles, public.contact_messages,
  public.security_logs, public.security_alerts, public.audit_logs
to service_role;

-- ---------------------------------------------------------------- rooms, room_images, site_content
create policy "rooms are public" on public.rooms
  for select to anon, authenticated using (true);
create policy "staff insert rooms" on public.rooms
  for insert to authenticated with check ((select public.is_staff()));
create policy "staff update rooms" on public.rooms
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "staff delete rooms" on public.rooms
  for delete to authenticated using ((select public.is_staff()));

create policy "room images are public" on public.room_images
  for select to anon, authenticated using (true);
create policy "staff insert room images" on public.room_images
  for insert to authenticated with check ((select public.is_staff()));
create policy "staff update room images" on public.room_images
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "staff delete room images" on public.room_images
  for delete to authenticated using ((select public.is_staff()));

create policy "site content is public" on public.site_content
  for select to anon, authenticated using (true);
create policy "staff insert site content" on public.site_content
  for insert to authenticated with check ((select public.is_staff()));
create policy "staff update site content" on public.site_content
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "staff delete site content" on public.site_content
  for delete to authenticated using ((select public.is_staff()));

-- ---------------------------------------------------------------- filtered public catalogue
create policy "active promo codes are public, staff see all" on public.room_promo_codes
  for select to anon, authenticated using (is_active or (select public.is_staff()));
create policy "staff insert promo codes" on public.room_promo_codes
  for insert to authenticated with check ((select public.is_staff()));
create policy "staff update promo codes" on public.room_promo_codes
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "staff delete promo codes" on public.room_promo_codes
  for delete to authenticated using ((select public.is_staff()));

create policy "active amenities are public, staff see all" on public.amenities
  for select to anon, authenticated using (is_active or (select public.is_staff()));
create policy "staff insert amenities" on public.amenities
  for insert to authenticated with check ((select public.is_staff()));
create policy "staff update amenities" on public.amenities
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "staff delete amenities" on public.amenities
  for delete to authenticated using ((select public.is_staff()));

create policy "available services are public, staff see all" on public.services
  for select to anon, authenticated using (available or (select public.is_staff()));
create policy "staff insert services" on public.services
  for insert to authenticated with check ((select public.is_staff()));
create policy "staff update services" on public.services
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "staff delete services" on public.services
  for delete to authenticated using ((select public.is_staff()));

create policy "approved reviews are public, staff see all" on public.reviews
  for select to anon, authenticated using (approved or (select public.is_staff()));
create policy "staff insert reviews" on public.reviews
  for insert to authenticated with check ((select public.is_staff()));
create policy "staff update reviews" on public.reviews
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "staff delete reviews" on public.reviews
  for delete to authenticated using ((select public.is_staff()));

-- ---------------------------------------------------------------- bookings
create policy "staff read bookings" on public.bookings
  for select to authenticated using ((select public.is_staff()));
-- staff may only change the status (enforced by trigger private.bookings_guard_update)
create policy "staff update bookings" on public.bookings
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "admins insert bookings" on public.bookings
  for insert to authenticated with check ((select public.is_admin()));
create policy "admins delete bookings" on public.bookings
  for delete to authenticated using ((select public.is_admin()));

-- ---------------------------------------------------------------- profiles and roles
create policy "own profile or staff read profiles" on public.profiles
  for select to authenticated using (user_id = (select auth.uid()) or (select public.is_staff()));
create policy "admins insert profiles" on public.profiles
  for insert to authenticated with check ((select public.is_admin()));
create policy "admins update profiles" on public.profiles
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admins delete profiles" on public.profiles
  for delete to authenticated using ((select public.is_admin()));

create policy "own roles or staff read roles" on public.user_roles
  for select to authenticated using (user_id = (select auth.uid()) or (select public.is_staff()));
-- admins only; private.user_roles_guard also refuses own-role changes and removing the last admin
create policy "admins insert roles" on public.user_roles
  for insert to authenticated with check ((select public.is_admin()));
create policy "admins update roles" on public.user_roles
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admins delete roles" on public.user_roles
  for delete to authenticated using ((select public.is_admin()));

-- ---------------------------------------------------------------- contact messages and security
create policy "staff read contact messages" on public.contact_messages
  for select to authenticated using ((select public.is_staff()));

create policy "admins read security logs" on public.security_logs
  for select to authenticated using ((select public.is_admin()));

create policy "admins read security alerts" on public.security_alerts
  for select to authenticated using ((select public.is_admin()));
create policy "admins resolve security alerts" on public.security_alerts
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "admins read audit logs" on public.audit_logs
  for select to authenticated using ((select public.is_admin()));
