-- The bookings list shows each booking's folio: one call for the page's bookings instead of one
-- per booking (issue #44 §2: twenty folio calls queued behind each other on a page load).
create or replace function public.booking_folios(p_booking_ids uuid[])
 returns setof public.booking_folio_view
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
begin
  perform private.require_staff('see a stay''s folio');
  -- (lateral: `(private.folio_view(b)).*` would compute the folio once per column)
  return query
    select f.* from public.bookings b cross join lateral private.folio_view(b) f where b.id = any(p_booking_ids);
end
$function$;
comment on function public.booking_folios(uuid[]) is
  'Staff: the folios of these bookings, as public.booking_folio gives each (unknown ids left out).';
revoke execute on function public.booking_folios(uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.booking_folios(uuid[]) to authenticated, service_role;
