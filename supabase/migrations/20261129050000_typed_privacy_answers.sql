-- The last two answers the site cast by hand (issue 29, section 3), after
-- 20261129015000_typed_police_review_guests.sql: each now returns a declared composite type, so
-- `npm run db:types` types it in src/types/database.ts. The JSON a client receives keeps its field
-- names and values.
-- * site_compliance returns public.site_compliance_view: the CIN and the privacy notice's periods
--   every public page shows. The settings' row always exists (API roles can neither insert nor
--   delete it).
-- * privacy_guest_erase returns public.privacy_erasure_result: how many stays were anonymised,
--   how many messages deleted, and the stays' references.
-- A change of return type needs drop function; each is granted as before (site_compliance to
-- anon, authenticated and service_role; privacy_guest_erase to authenticated and service_role, the
-- admin check in its body), security definer with an empty search_path as before.
-- Bodies as in supabase/schema/compliance.sql before this migration.

-- what every public page shows of the Privacy & compliance settings
create type public.site_compliance_view as (
  -- null until the admins enter it
  cin text,
  stay_contact_retention_years integer,
  contact_message_retention_months integer,
  -- null: the notice names the house's contact address
  privacy_contact_email text,
  -- null until online check-in's settings exist
  identity_document_retention_days integer
);

-- what erasing a guest's data did
create type public.privacy_erasure_result as (
  bookings_anonymised integer,
  contact_messages_deleted integer,
  -- the erased stays' references, by check-in date
  booking_references text[]
);

drop function public.site_compliance();
drop function public.privacy_guest_erase(text);

create function public.site_compliance()
 returns public.site_compliance_view
 language sql
 stable security definer
 set search_path to ''
as $function$
  select row(
    s.cin,
    s.stay_contact_retention_years,
    s.contact_message_retention_months,
    s.privacy_contact_email,
    (select c.document_retention_days from public.checkin_settings c where c.singleton)
  )::public.site_compliance_view
  from public.compliance_settings s where s.id
$function$;
revoke execute on function public.site_compliance() from public, anon, authenticated, service_role;
grant execute on function public.site_compliance() to anon, authenticated, service_role;

create function public.privacy_guest_erase(p_email text)
 returns public.privacy_erasure_result
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_ahead text;
  v_refs text[];
  v_id uuid;
  v_messages integer;
begin
  perform private.require_admin('erase a guest''s data');
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Enter the guest''s e-mail address.' using errcode = '22023';
  end if;
  select string_agg(b.reference, ', ' order by b.check_in_date) into v_ahead
  from public.bookings b
  where lower(b.guest_email) = v_email and b.status in ('pending', 'confirmed', 'checked_in')
    and b.check_out_date >= private.rome_today();
  if v_ahead is not null then
    raise exception 'This guest has a stay still ahead (%): erase after it ends, or cancel it first.', v_ahead
      using errcode = 'P0001';
  end if;
  select coalesce(array_agg(b.reference order by b.check_in_date), '{}') into v_refs
  from public.bookings b where lower(b.guest_email) = v_email;
  for v_id in select b.id from public.bookings b where b.reference = any (v_refs) loop
    perform private.anonymise_booking(v_id);
  end loop;
  delete from public.contact_messages where lower(email) = v_email;
  get diagnostics v_messages = row_count;
  insert into public.privacy_requests (kind, booking_references, bookings, contact_messages, requested_by)
  values ('erasure', v_refs, cardinality(v_refs), v_messages, auth.uid());
  return row(cardinality(v_refs), v_messages, v_refs)::public.privacy_erasure_result;
end
$function$;
revoke execute on function public.privacy_guest_erase(text) from public, anon, authenticated, service_role;
grant execute on function public.privacy_guest_erase(text) to authenticated, service_role;
