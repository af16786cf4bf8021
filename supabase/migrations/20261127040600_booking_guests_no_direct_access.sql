-- public.booking_guests is reached only through security definer functions (no API role has a
-- privilege on it). Say so as a policy too: a restrictive policy that lets no row through for
-- any role, so a grant added by mistake still reads and writes nothing.
create policy "identity data only through functions" on public.booking_guests
  as restrictive for all to public using (false) with check (false);
