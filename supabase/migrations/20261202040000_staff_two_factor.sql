-- Two factors for the powers that guard passports and refunds (issue 42, section 1). Hosted
-- Supabase Auth puts the session's assurance level in every access token (`aal`: aal1 after a
-- password, aal2 once a TOTP code was verified in that session). The database demands aal2 of a
-- staff member or admin for guests' identity data, the police file and its filings, refunds,
-- users and roles, integrations and their credentials, and privacy export and erasure:
--   * when "require two factors for staff" is on (public.auth_settings, on by default: a hosted
--     project requires them from the first sign-in; supabase/seed.sql turns it off locally), and
--   * always for a staff member who has a verified factor, whatever the setting: their password
--     alone (a stolen one) never reaches what their factor guards.
-- Callers who are not staff (guests through their private links, the service role, the scheduler)
-- are not concerned: every one of these powers is staff-only already, or the link's own.
-- Refusals: SQLSTATE 42501 (HTTP 403) with hint 'aal2_required'. Restrictive policies guard the
-- tables, checks the functions; tables of other areas get triggers, not new function bodies.
-- Also: check_in_booking, staff_save_booking_guests and verify_booking_guest answer an unknown id
-- with HTTP 404 (SQLSTATE PT404, hints booking_not_found / guest_not_found) instead of a 500.

create table public.auth_settings (
  singleton boolean not null default true,
  require_staff_mfa boolean not null default true,
  updated_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint auth_settings_pkey primary key (singleton),
  constraint auth_settings_singleton check (singleton),
  constraint auth_settings_updated_by_fkey foreign key (updated_by) references auth.users (id) on delete set null
);
comment on table public.auth_settings is 'One row: whether staff and admins must sign in with two factors (TOTP) to reach identity data, the police file, refunds, users, integrations and privacy requests. Staff read; admins change it with set_staff_mfa_required().';
create index auth_settings_updated_by_idx on public.auth_settings (updated_by);
insert into public.auth_settings (singleton) values (true);
alter table public.auth_settings enable row level security;
create policy "staff read auth settings" on public.auth_settings for select to authenticated
  using ((select public.is_staff()));
revoke all on table public.auth_settings from anon, authenticated;
grant select on table public.auth_settings to authenticated;
grant all on table public.auth_settings to service_role;
create trigger set_timestamps before insert or update on public.auth_settings
  for each row execute function private.set_timestamps();
create trigger audit_row_change after insert or delete or update on public.auth_settings
  for each row execute function private.audit_row_change();

-- ---------------------------------------------------------------- the rule

create or replace function public.mfa_satisfied()
 returns boolean
 language sql
 stable security definer
 set search_path to ''
as $function$
  select (select auth.uid()) is null
    -- aal2 while its session lasts: a sign-out or a reset of the factor takes it away at once
    or (coalesce((select auth.jwt() ->> 'aal'), '') = 'aal2'
        and exists (select 1 from auth.sessions s where s.id::text = (select auth.jwt() ->> 'session_id')))
    or not public.is_staff()
    or not (
      coalesce((select s.require_staff_mfa from public.auth_settings s where s.singleton), true)
      or exists (select 1 from auth.mfa_factors f where f.user_id = (select auth.uid()) and f.status = 'verified')
    )
$function$;
comment on function public.mfa_satisfied() is 'False only for a staff member or admin without an aal2 session (signed in with one factor, or their session ended) while two factors are required of them: the setting is on, or they have a verified factor.';
revoke execute on function public.mfa_satisfied() from public, anon;
grant execute on function public.mfa_satisfied() to authenticated, service_role;

create or replace function private.require_aal2()
 returns void
 language plpgsql
 stable
 set search_path to ''
as $function$
begin
  if not public.mfa_satisfied() then
    raise exception 'This needs two-factor sign-in: confirm with a code from your authenticator app.'
      using errcode = '42501', hint = 'aal2_required';
  end if;
end
$function$;
comment on function private.require_aal2() is 'Raises 42501 (hint aal2_required) unless public.mfa_satisfied().';

create or replace function private.require_aal2_trigger()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
begin
  perform private.require_aal2();
  return case when tg_op = 'DELETE' then old else new end;
end
$function$;
comment on function private.require_aal2_trigger() is 'BEFORE row trigger: refuses the change (42501, aal2_required) to a staff caller at aal1 while two factors are required of them.';
revoke execute on function private.require_aal2(), private.require_aal2_trigger() from public, anon, authenticated;

-- ---------------------------------------------------------------- tables

-- The police file's filings and the privacy requests: reads need aal2.
create policy "two factors for police filings" on public.police_filings as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
create policy "two factors for privacy requests" on public.privacy_requests as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
-- Users and roles: anyone reads their own (the portal needs a staff member's roles to lead them
-- to their second factor); everything else needs aal2.
create policy "two factors for profiles" on public.profiles as restrictive for all to authenticated
  using (user_id = (select auth.uid()) or (select public.mfa_satisfied()))
  with check ((select public.mfa_satisfied()));
create policy "two factors for roles" on public.user_roles as restrictive for all to authenticated
  using (user_id = (select auth.uid()) or (select public.mfa_satisfied()))
  with check ((select public.mfa_satisfied()));
-- Integrations: channel feeds (import URLs, export tokens), sync runs, webhook endpoints and deliveries.
create policy "two factors for channel feeds" on public.channel_feeds as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
create policy "two factors for sync runs" on public.channel_sync_runs as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
create policy "two factors for webhook endpoints" on public.webhook_endpoints as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
create policy "two factors for webhook deliveries" on public.webhook_deliveries as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));

-- Writes made inside other areas' security-definer functions (which pass RLS): refunds asked by
-- staff (request_refund), the platforms' API keys, the deploy hook, webhook signing secrets and
-- endpoints, channel feeds' URLs and tokens. Inserts of channel feeds (a new room) are left alone.
create trigger require_aal2 before insert on private.refund_requests
  for each row execute function private.require_aal2_trigger();
create trigger require_aal2 before insert or update or delete on private.platform_api_keys
  for each row execute function private.require_aal2_trigger();
create trigger require_aal2 before insert or update or delete on private.deploy_hook
  for each row execute function private.require_aal2_trigger();
create trigger require_aal2 before insert or update or delete on private.webhook_endpoint_secrets
  for each row execute function private.require_aal2_trigger();
create trigger require_aal2 before insert or update or delete on public.webhook_endpoints
  for each row execute function private.require_aal2_trigger();
create trigger require_aal2 before update on public.channel_feeds
  for each row execute function private.require_aal2_trigger();
-- Identity data itself (no API privilege; written by the check-in and desk functions): a staff
-- write needs aal2, a guest's through their link does not (not staff).
create trigger require_aal2 before insert or update or delete on public.booking_guests
  for each row execute function private.require_aal2_trigger();

-- ---------------------------------------------------------------- the setting and lost factors

create or replace function public.set_staff_mfa_required(p_required boolean)
 returns void
 language plpgsql
 security definer
 set search_path to ''
as $function$
begin
  perform private.require_admin('change the two-factor rule');
  perform private.require_aal2();
  if p_required is null then
    raise exception 'Say whether two factors are required.' using errcode = '22023', hint = 'value_missing';
  end if;
  if p_required and not exists (
    select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status = 'verified'
  ) then
    raise exception 'Set up your own second factor before requiring one of everyone.'
      using errcode = 'P0001', hint = 'mfa_enrol_first';
  end if;
  update public.auth_settings set require_staff_mfa = p_required, updated_by = auth.uid() where singleton;
end
$function$;
comment on function public.set_staff_mfa_required(p_required boolean) is 'Admins (at aal2): whether every staff member and admin must sign in with two factors. Turning it on needs the admin''s own verified factor.';
revoke execute on function public.set_staff_mfa_required(boolean) from public, anon;
grant execute on function public.set_staff_mfa_required(boolean) to authenticated;

create type public.staff_mfa_status as (
  user_id uuid,
  verified_factors integer,
  last_verified_at timestamptz
);

create or replace function public.staff_mfa_status()
 returns setof public.staff_mfa_status
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
begin
  perform private.require_admin('see who has a second factor');
  perform private.require_aal2();
  return query
    select ur.user_id, count(f.id) filter (where f.status = 'verified')::integer,
           max(f.updated_at) filter (where f.status = 'verified')
      from (select distinct r.user_id from public.user_roles r where r.role in ('staff', 'admin')) ur
      left join auth.mfa_factors f on f.user_id = ur.user_id
     group by ur.user_id;
end
$function$;
comment on function public.staff_mfa_status() is 'Admins (at aal2): each staff member''s and admin''s verified factors, for the Users screen.';
revoke execute on function public.staff_mfa_status() from public, anon;
grant execute on function public.staff_mfa_status() to authenticated;

create or replace function public.reset_user_mfa(p_user_id uuid)
 returns integer
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_factors integer;
begin
  perform private.require_admin('reset a second factor');
  perform private.require_aal2();
  if p_user_id is null or not exists (select 1 from auth.users u where u.id = p_user_id) then
    raise exception 'User not found.' using errcode = 'PT404', hint = 'user_not_found';
  end if;
  if p_user_id = auth.uid() then
    raise exception 'You cannot reset your own second factor: remove it from your account instead.'
      using errcode = 'P0001', hint = 'own_factor';
  end if;
  delete from auth.mfa_factors f where f.user_id = p_user_id;
  get diagnostics v_factors = row_count;
  -- every session of the user ends: they sign in again with their password and enrol a new factor
  delete from auth.sessions s where s.user_id = p_user_id;
  insert into public.audit_logs (action, table_name, record_id, user_id, new_values)
  values ('DELETE', 'mfa_factors', p_user_id::text, auth.uid(),
          jsonb_build_object('reset_by_admin', true, 'factors', v_factors));
  perform private.raise_alert('mfa_reset', 'medium',
    format('An admin reset the second factor of user %s (%s factor(s) removed).', p_user_id, v_factors),
    p_user_id::text || ':' || extract(epoch from now())::bigint::text,
    jsonb_build_object('user_id', p_user_id, 'by', auth.uid(), 'factors', v_factors));
  return v_factors;
end
$function$;
comment on function public.reset_user_mfa(p_user_id uuid) is 'Admins (at aal2): removes another user''s factors (a lost phone) and ends their sessions; audited (audit_logs, a security alert). Returns how many factors were removed.';
revoke execute on function public.reset_user_mfa(uuid) from public, anon;
grant execute on function public.reset_user_mfa(uuid) to authenticated;

-- ---------------------------------------------------------------- the functions that hold these powers
-- Bodies as in supabase/schema/*.sql before this migration, with `perform private.require_aal2()`
-- after the role check (and the not-found answers above); grants unchanged.

create or replace function public.check_in_booking(p_booking_id uuid)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_booking public.bookings;
  v_summary record;
  v_now timestamptz := private.clock_now();
begin
  perform private.require_staff('check guests in');
  perform private.require_aal2();
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if v_booking.id is null then
    raise exception 'Booking not found.' using errcode = 'PT404', hint = 'booking_not_found';
  end if;
  if v_booking.status <> 'confirmed' then
    raise exception 'Only a confirmed booking can be checked in.' using errcode = 'P0001';
  end if;
  if v_booking.check_in_date > (v_now at time zone 'Europe/Rome')::date then
    raise exception 'This stay starts on %: check in on the day of arrival.', v_booking.check_in_date using errcode = 'P0001';
  end if;
  select * into v_summary from private.booking_checkin_summary(v_booking);
  if v_summary.guests_entered < v_booking.guests then
    raise exception 'This stay is for % guests and % are entered.', v_booking.guests, v_summary.guests_entered
      using errcode = 'P0001';
  end if;
  if not v_summary.complete then
    raise exception 'Some guests'' details are missing.' using errcode = 'P0001';
  end if;
  if v_summary.verified < v_summary.guests_entered then
    raise exception 'Every guest''s identity must be verified in person first.' using errcode = 'P0001';
  end if;
  update public.bookings set status = 'checked_in' where id = v_booking.id;
  insert into public.booking_check_ins (booking_id, checked_in_at, checked_in_by)
  values (v_booking.id, v_now, auth.uid())
  on conflict (booking_id) do update set checked_in_at = excluded.checked_in_at, checked_in_by = excluded.checked_in_by;
  return v_now;
end
$function$;

create or replace function public.mark_police_file_filed(p_day date, p_guest_ids uuid[])
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_filing uuid;
  v_count integer := cardinality(array(select distinct unnest(coalesce(p_guest_ids, '{}'))));
begin
  perform private.require_staff('mark a police file as filed');
  perform private.require_aal2();
  if p_day is null or v_count = 0 then
    raise exception 'There is no guest to report.' using errcode = '22023';
  end if;
  perform 1 from public.booking_guests g where g.id = any (p_guest_ids) for update;
  if (
    select count(*) from public.booking_guests g
    join public.booking_check_ins ci on ci.booking_id = g.booking_id
    join public.bookings b on b.id = g.booking_id
    where g.id = any (p_guest_ids)
      and (ci.checked_in_at at time zone 'Europe/Rome')::date = p_day
      and b.status in ('checked_in', 'checked_out')
      and g.police_filing_id is null
      and cardinality(private.police_guest_problems(g)) = 0
  ) <> v_count then
    raise exception 'Some of these guests are not ready to be reported for that day, or were reported already.'
      using errcode = 'P0001';
  end if;
  insert into public.police_filings (arrival_day, guest_count, filed_by, filed_at)
  values (p_day, v_count, auth.uid(), private.clock_now())
  returning id into v_filing;
  update public.booking_guests set police_filing_id = v_filing where id = any (p_guest_ids);
  return v_filing;
end
$function$;

create or replace function public.police_file_day(p_day date)
 RETURNS public.police_file_day_view
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_staff('open the police file');
  perform private.require_aal2();
  if p_day is null then
    raise exception 'Please pick a day.' using errcode = '22023';
  end if;
  perform private.audit_identity_read(
    array(select ci.booking_id from public.booking_check_ins ci
          where (ci.checked_in_at at time zone 'Europe/Rome')::date = p_day),
    'police file ' || p_day::text);
  return row(
    p_day,
    array(
      select row(
        g.id, b.id, b.reference, r.name, g.position, g.guest_type, p_day, b.check_out_date,
        g.surname, g.given_names, g.sex, g.birth_date, g.birth_comune_code, g.birth_province,
        g.birth_state_code, g.citizenship_code, g.document_type_code, g.document_number,
        g.document_issue_place_code, g.verified_at is not null, g.police_filing_id,
        private.police_guest_problems(g)
      )::public.police_file_guest
      from public.booking_check_ins ci
      join public.bookings b on b.id = ci.booking_id
      join public.rooms r on r.id = b.room_id
      join public.booking_guests g on g.booking_id = b.id
      where (ci.checked_in_at at time zone 'Europe/Rome')::date = p_day
        and b.status in ('checked_in', 'checked_out')
      order by ci.checked_in_at, b.reference, g.position
    ),
    array(
      select row(f.id, f.filed_at, f.guest_count, coalesce(p.name, p.email, u.email, 'unknown'))::public.police_filing_summary
      from public.police_filings f
      left join public.profiles p on p.user_id = f.filed_by
      left join auth.users u on u.id = f.filed_by
      where f.arrival_day = p_day
      order by f.filed_at
    )
  )::public.police_file_day_view;
end
$function$;

create or replace function public.privacy_guest_erase(p_email text)
 RETURNS public.privacy_erasure_result
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_ahead text;
  v_refs text[];
  v_id uuid;
  v_messages integer;
begin
  perform private.require_admin('erase a guest''s data');
  perform private.require_aal2();
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

create or replace function public.privacy_guest_export(p_email text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_ids uuid[];
  v_refs text[];
  v_messages jsonb;
  v_result jsonb;
begin
  perform private.require_admin('export a guest''s data');
  perform private.require_aal2();
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Enter the guest''s e-mail address.' using errcode = '22023';
  end if;
  select coalesce(array_agg(b.id order by b.check_in_date), '{}'), coalesce(array_agg(b.reference order by b.check_in_date), '{}')
    into v_ids, v_refs
  from public.bookings b where lower(b.guest_email) = v_email;
  select coalesce(jsonb_agg(jsonb_build_object('received_at', m.created_at, 'name', m.name, 'email', m.email,
      'phone', m.phone, 'message', m.message) order by m.created_at), '[]')
    into v_messages
  from public.contact_messages m where lower(m.email) = v_email;

  v_result := jsonb_build_object(
    'email', v_email,
    'exported_at', private.clock_now(),
    'stays', coalesce((
      select jsonb_agg(jsonb_build_object(
        'reference', b.reference, 'status', b.status, 'room', r.name, 'check_in', b.check_in_date,
        'check_out', b.check_out_date, 'guests', b.guests, 'name', b.guest_name, 'email', b.guest_email,
        'phone', b.guest_phone, 'special_requests', b.special_requests, 'language', b.guest_language,
        'total_amount', b.total_amount, 'discount_amount', b.discount_amount, 'promo_code', b.promo_code,
        'requested_at', b.created_at,
        'emails', coalesce((select jsonb_agg(jsonb_build_object('kind', e.kind, 'to', e.recipient, 'status', e.status,
            'sent_at', e.sent_at) order by e.created_at) from public.email_outbox e where e.booking_id = b.id), '[]'),
        'reviews', coalesce((select jsonb_agg(jsonb_build_object('name', v.guest_name, 'rating', v.rating,
            'comment', v.comment, 'date', v.review_date) order by v.created_at) from public.reviews v where v.booking_id = b.id), '[]')
      ) order by b.check_in_date)
      from public.bookings b join public.rooms r on r.id = b.room_id
      where b.id = any (v_ids)), '[]'),
    'contact_messages', v_messages
  ) || private.privacy_export_extra(v_ids);

  insert into public.privacy_requests (kind, booking_references, bookings, contact_messages, requested_by)
  values ('export', v_refs, cardinality(v_ids), jsonb_array_length(v_messages), auth.uid());
  return v_result;
end
$function$;

create or replace function public.staff_arrivals(p_day date)
 RETURNS public.arrivals_day
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_ids uuid[];
begin
  perform private.require_staff('open the arrivals');
  perform private.require_aal2();
  if p_day is null then
    raise exception 'Please pick a day.' using errcode = '22023';
  end if;
  select coalesce(array_agg(b.id), '{}') into v_ids
  from public.bookings b where b.check_in_date = p_day and b.status in ('confirmed', 'checked_in', 'checked_out');
  perform private.audit_identity_read(
    array(select g.booking_id from public.booking_guests g where g.booking_id = any (v_ids) group by g.booking_id),
    'arrivals ' || p_day::text);
  return row(
    p_day,
    array(
      select row(
        b.id,
        b.reference,
        b.status,
        r.name,
        b.guest_name,
        b.check_in_date,
        b.check_out_date,
        b.check_out_date - b.check_in_date,
        b.guests,
        ci.checked_in_at,
        s.complete,
        private.checkin_guests(b.id)
      )::public.arrivals_booking
      from public.bookings b
      join public.rooms r on r.id = b.room_id
      cross join lateral private.booking_checkin_summary(b) s
      left join public.booking_check_ins ci on ci.booking_id = b.id
      where b.id = any (v_ids)
      order by r.name, b.reference
    ),
    private.checkin_document_types()
  )::public.arrivals_day;
end
$function$;

create or replace function public.staff_save_booking_guests(p_booking_id uuid, p_guests jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_booking public.bookings;
begin
  perform private.require_staff('change guests'' details');
  perform private.require_aal2();
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if v_booking.id is null then
    raise exception 'Booking not found.' using errcode = 'PT404', hint = 'booking_not_found';
  end if;
  if v_booking.status not in ('confirmed', 'checked_in') then
    raise exception 'Guests can be entered for confirmed or checked-in stays only.' using errcode = 'P0001';
  end if;
  perform private.save_booking_guests(v_booking, p_guests, 'staff');
  perform private.audit_identity_read(array[v_booking.id], 'desk correction');
end
$function$;

create or replace function public.verify_booking_guest(p_guest_id uuid, p_verified boolean)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_guest public.booking_guests;
begin
  perform private.require_staff('verify a guest''s identity');
  perform private.require_aal2();
  select * into v_guest from public.booking_guests where id = p_guest_id for update;
  if v_guest.id is null then
    raise exception 'Guest not found.' using errcode = 'PT404', hint = 'guest_not_found';
  end if;
  if not coalesce(p_verified, false) and v_guest.police_filing_id is not null then
    raise exception 'This guest was already reported to the police.' using errcode = 'P0001';
  end if;
  update public.booking_guests set
    verified_at = case when p_verified then coalesce(verified_at, private.clock_now()) end,
    verified_by = case when p_verified then coalesce(verified_by, auth.uid()) end,
    updated_source = 'staff', updated_by = auth.uid()
  where id = p_guest_id;
end
$function$;

create or replace function public.set_user_role(p_user_id uuid, p_role public.app_role)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- serialise role changes so two admins cannot demote each other at once
  perform pg_advisory_xact_lock(hashtext('public.user_roles:admin'));
  if not public.is_admin() then
    raise exception 'Only administrators can change user roles.' using errcode = '42501';
  end if;
  perform private.require_aal2();
  if p_user_id is null or p_role is null then
    raise exception 'Please choose a user and a role.' using errcode = 'P0001';
  end if;
  if p_user_id = auth.uid() then
    raise exception 'You cannot change your own role.' using errcode = 'P0001';
  end if;
  if not exists (select 1 from auth.users u where u.id = p_user_id) then
    raise exception 'User not found.' using errcode = 'P0001';
  end if;
  delete from public.user_roles ur where ur.user_id = p_user_id and ur.role <> p_role;
  insert into public.user_roles (user_id, role) values (p_user_id, p_role)
  on conflict (user_id, role) do nothing;
end
$function$;

create or replace function public.delete_user(p_user_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform pg_advisory_xact_lock(hashtext('public.user_roles:admin'));
  if not public.is_admin() then
    raise exception 'Only administrators can delete users.' using errcode = '42501';
  end if;
  perform private.require_aal2();
  if p_user_id is null then
    raise exception 'User not found.' using errcode = 'P0001';
  end if;
  if p_user_id = auth.uid() then
    raise exception 'You cannot delete your own account.' using errcode = 'P0001';
  end if;
  if not exists (select 1 from auth.users u where u.id = p_user_id) then
    raise exception 'User not found.' using errcode = 'P0001';
  end if;
  delete from auth.users u where u.id = p_user_id;
end
$function$;

create or replace function public.channel_export_tokens()
 RETURNS TABLE(feed_id uuid, export_token text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not public.is_admin() then
    raise exception 'Only admins can see channel export URLs.' using errcode = '42501';
  end if;
  perform private.require_aal2();
  return query select f.id, f.export_token from public.channel_feeds f;
end
$function$;

create or replace function private.audit_identity_read(p_booking_ids uuid[], p_purpose text)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.require_aal2();
  insert into public.audit_logs (action, table_name, record_id, user_id, new_values)
  select 'READ', 'booking_guests', b, auth.uid(),
    jsonb_build_object('purpose', p_purpose, 'guests',
      (select count(*) from public.booking_guests g where g.booking_id = b))
  from unnest(coalesce(p_booking_ids, '{}')) b
$function$;
