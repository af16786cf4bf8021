-- Typed answers for the guest's check-in and review pages and three staff screens (issue 29,
-- section 3), as 20261128030100_typed_booking_rpcs.sql did for the booking functions: each answer's
-- shape is a declared composite type, so `npm run db:types` types it in src/types/database.ts and
-- the site reads it without a hand mapper. The JSON a client receives keeps its field names.
-- * review_invitation, staff_arrivals, money_received and deploy_hook_settings return their type,
--   and so do set_deploy_hook and remove_deploy_hook, which answer deploy_hook_settings().
--   A change of return type needs drop function; each is granted (and commented) as before.
-- * checkin_by_link and save_checkin_by_link keep returning jsonb: a link that is not valid, or a
--   stay with nothing to check in, answers null (not a raise, which would roll back the rate-limit
--   hit recorded first), and PostgREST writes a null composite as an object of nulls. Their
--   document is now written from the declared type public.guest_checkin_view
--   (private.checkin_view), as booking_by_link's is from public.guest_booking_view.
-- * A guest's row inside both answers is public.checkin_guest, converted from
--   private.booking_guest_json (still the jsonb staff_save_booking_guests answers) at the boundary.
-- * payment_checkout_start's refusal of a call without a client address carries the code
--   no_address, translated by the site like request_booking's (src/lib/refusals/refusals.ts).
-- Bodies as in supabase/schema/{compliance,reviews,payments,webhooks}.sql before this migration.

drop function public.review_invitation(text);
drop function public.staff_arrivals(date);
drop function public.money_received(date);
drop function public.deploy_hook_settings();

-- ------------------------------------------------------------------ the types

-- a document type of the police file's table (alloggiati_documenti)
create type public.checkin_document_type as (code text, name text);

-- a comune or state of the police file's tables (private.place_json); a code no table holds has
-- no name, province or kind
create type public.checkin_place as (code text, name text, province text, kind text);

-- one guest of a stay as the check-in forms read it (private.booking_guest_json): the fields not
-- yet entered are null; `missing` lists the police-file fields still lacking
create type public.checkin_guest as (
  id uuid,
  "position" smallint,
  guest_type smallint,
  surname text,
  given_names text,
  sex text,
  birth_date date,
  birth_state public.checkin_place,
  birth_comune public.checkin_place,
  birth_province text,
  citizenship public.checkin_place,
  residence_state public.checkin_place,
  residence_comune public.checkin_place,
  document_type text,
  document_number text,
  document_number_erased boolean,
  document_issue_place public.checkin_place,
  verified_at timestamptz,
  reported boolean,
  missing text[]
);

-- the guest's online check-in (checkin_by_link, save_checkin_by_link), written as JSON
create type public.guest_checkin_view as (
  reference text,
  status public.booking_status,
  check_in date,
  check_out date,
  guests_expected integer,
  editable boolean,
  checked_in boolean,
  retention_days integer,
  complete boolean,
  -- police-file fields still missing, counting the guests not yet entered
  missing_count integer,
  -- in position order
  guests public.checkin_guest[],
  document_types public.checkin_document_type[]
);

-- what a review link is worth: only a valid one names the stay
create type public.review_link_status as enum ('valid', 'used', 'expired', 'invalid');

create type public.review_invitation_view as (
  status public.review_link_status,
  guest_name text,
  room_name text,
  check_in_date date,
  check_out_date date,
  expires_at timestamptz
);

-- one stay arriving on the day, at the arrivals desk
create type public.arrivals_booking as (
  booking_id uuid,
  reference text,
  status public.booking_status,
  room_name text,
  guest_name text,
  check_in date,
  check_out date,
  nights integer,
  guests_expected integer,
  -- null until staff check the stay in
  checked_in_at timestamptz,
  complete boolean,
  -- in position order
  guests public.checkin_guest[]
);

create type public.arrivals_day as (
  day date,
  bookings public.arrivals_booking[],
  document_types public.checkin_document_type[]
);

-- money actually received since a day (cents): deposits and balances net of refunds, refunds, city tax
create type public.money_received_totals as (
  received_cents bigint,
  refunded_cents bigint,
  city_tax_cents bigint
);

-- the deploy hook as admins see it: never the URL itself
create type public.deploy_hook_view as (
  configured boolean,
  -- scheme, host and the URL's last 4 characters; null when none is set
  masked_url text,
  updated_at timestamptz,
  -- when the next rebuild goes (a change opened the window), or null
  rebuild_due_at timestamptz
);

-- ------------------------------------------------------------------ the guest's check-in

-- a stay's guests in position order, as the check-in forms read them
create function private.checkin_guests(p_booking_id uuid)
 returns public.checkin_guest[]
 language sql
 stable security definer
 set search_path to ''
as $function$
  select array(select jsonb_populate_record(null::public.checkin_guest, private.booking_guest_json(g))
               from public.booking_guests g where g.booking_id = p_booking_id order by g.position)
$function$;
revoke execute on function private.checkin_guests(uuid) from public, anon, authenticated;

-- the police file's document types, by name (the check-in forms' list)
create function private.checkin_document_types()
 returns public.checkin_document_type[]
 language sql
 stable security definer
 set search_path to ''
as $function$
  select array(select row(d.code, d.name)::public.checkin_document_type
               from public.alloggiati_documenti d order by d.name)
$function$;
revoke execute on function private.checkin_document_types() from public, anon, authenticated;

CREATE OR REPLACE FUNCTION private.checkin_view(p_booking public.bookings)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case when p_booking.status = 'checked_in'
      or (p_booking.status = 'confirmed' and private.checkin_editable(p_booking)) then
    to_jsonb(row(
      p_booking.reference,
      p_booking.status,
      p_booking.check_in_date,
      p_booking.check_out_date,
      p_booking.guests,
      private.checkin_editable(p_booking),
      p_booking.status = 'checked_in',
      (private.checkin_settings()).document_retention_days,
      s.complete,
      s.missing_fields + greatest(p_booking.guests - s.guests_entered, 0),
      private.checkin_guests(p_booking.id),
      private.checkin_document_types()
    )::public.guest_checkin_view) end
  from private.booking_checkin_summary(p_booking) s
$function$;


-- ------------------------------------------------------------------ review_invitation

create function public.review_invitation(p_token text)
 returns public.review_invitation_view
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_token private.review_tokens;
  v_state text;
  v_result public.review_invitation_view;
begin
  perform private.review_rate_limit('review_invitation', 60, interval '10 minutes');
  select * into v_token from private.review_tokens t where t.token_hash = private.review_token_hash(p_token);
  v_state := private.review_token_state(v_token);
  if v_state <> 'valid' then
    return row(v_state::public.review_link_status, null, null, null, null, null)::public.review_invitation_view;
  end if;
  select 'valid'::public.review_link_status, b.guest_name, r.name, b.check_in_date, b.check_out_date,
    v_token.expires_at
  into v_result
  from public.bookings b join public.rooms r on r.id = b.room_id
  where b.id = v_token.booking_id;
  return v_result;
end
$function$;
revoke execute on function public.review_invitation(text) from public, anon, authenticated, service_role;
grant execute on function public.review_invitation(text) to anon, authenticated, service_role;

-- ------------------------------------------------------------------ staff_arrivals

create function public.staff_arrivals(p_day date)
 returns public.arrivals_day
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_ids uuid[];
begin
  perform private.require_staff('open the arrivals');
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
revoke execute on function public.staff_arrivals(date) from public, anon, authenticated, service_role;
grant execute on function public.staff_arrivals(date) to authenticated;

-- ------------------------------------------------------------------ money_received

create function public.money_received(p_since date default null)
 returns public.money_received_totals
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
declare
  v_result public.money_received_totals;
begin
  if not public.is_staff() then
    raise exception 'Only staff can see payments.' using errcode = '42501';
  end if;
  select
    coalesce(sum(case when p.kind in ('charge', 'balance') then p.amount_cents
      when p.kind = 'refund' then -p.amount_cents else 0 end), 0),
    coalesce(sum(p.amount_cents) filter (where p.kind = 'refund'), 0),
    coalesce(sum(p.amount_cents) filter (where p.kind = 'city_tax'), 0)
  into v_result
  from public.payments p
  where p.status = 'succeeded' and (p_since is null or p.created_at >= p_since);
  return v_result;
end
$function$;
revoke execute on function public.money_received(date) from public, anon, authenticated, service_role;
grant execute on function public.money_received(date) to authenticated, service_role;

-- ------------------------------------------------------------------ deploy_hook_settings

create function public.deploy_hook_settings()
 returns public.deploy_hook_view
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
declare
  v_hook private.deploy_hook;
begin
  perform private.require_admin('see the deploy hook');
  select * into v_hook from private.deploy_hook;
  return row(
    v_hook.url is not null,
    private.mask_url(v_hook.url),
    v_hook.updated_at,
    (
      select min(d.next_attempt_at) - (private.clock_now() - now())
      from public.webhook_deliveries d
      where d.event_type = 'site.rebuild' and d.status = 'pending'
    )
  )::public.deploy_hook_view;
end
$function$;
comment on function public.deploy_hook_settings() is 'Admins: whether a deploy hook is set, its masked URL (host and last 4 characters), when it was set and when the next rebuild is due.';
revoke execute on function public.deploy_hook_settings() from public, anon, authenticated, service_role;
grant execute on function public.deploy_hook_settings() to authenticated, service_role;


-- set_deploy_hook and remove_deploy_hook answer the settings as they now are: the same type
drop function public.set_deploy_hook(text);
drop function public.remove_deploy_hook();

CREATE FUNCTION public.set_deploy_hook(p_url text)
 RETURNS public.deploy_hook_view
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_url text;
begin
  perform private.require_admin('set the deploy hook');
  v_url := private.check_deploy_hook_url(p_url);
  insert into private.deploy_hook (id, url, updated_by) values (true, v_url, auth.uid())
  on conflict (id) do update set url = excluded.url, updated_by = excluded.updated_by;
  -- a rebuild waiting for its retry goes to the new URL now
  update public.webhook_deliveries d set next_attempt_at = least(d.next_attempt_at, now())
  where d.event_type = 'site.rebuild' and d.status = 'pending' and d.attempt_count > 0;
  insert into public.audit_logs (table_name, record_id, action, new_values, user_id)
  values ('deploy_hook', 'deploy_hook', 'UPDATE', jsonb_build_object('url', private.mask_url(v_url)), auth.uid());
  return public.deploy_hook_settings();
end
$function$;
comment on function public.set_deploy_hook(text) is 'Admins: sets or replaces the deploy hook URL (https; http only to loopback for local development). Answers with the masked settings.';
revoke execute on function public.set_deploy_hook(text) from public, anon, authenticated, service_role;
grant execute on function public.set_deploy_hook(text) to authenticated, service_role;

CREATE FUNCTION public.remove_deploy_hook()
 RETURNS public.deploy_hook_view
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_admin('remove the deploy hook');
  delete from private.deploy_hook where id;
  if found then
    update public.webhook_deliveries set status = 'failed', locked_until = null, last_error = 'The deploy hook was removed'
    where endpoint_id is null and status = 'pending';
    insert into public.audit_logs (table_name, record_id, action, old_values, user_id)
    values ('deploy_hook', 'deploy_hook', 'DELETE', '{}'::jsonb, auth.uid());
  end if;
  return public.deploy_hook_settings();
end
$function$;
comment on function public.remove_deploy_hook() is 'Admins: removes the deploy hook; rebuilds not yet sent are dropped.';
revoke execute on function public.remove_deploy_hook() from public, anon, authenticated, service_role;
grant execute on function public.remove_deploy_hook() to authenticated, service_role;

-- ------------------------------------------------------------------ payment_checkout_start

CREATE OR REPLACE FUNCTION public.payment_checkout_start(p_booking_id uuid, p_reference text, p_token text, p_client_address text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c_limit constant integer := 10;
  c_window constant interval := interval '10 minutes';
  v_booking public.bookings;
  v_due integer;
  v_open private.checkout_sessions;
begin
  if nullif(btrim(coalesce(p_client_address, '')), '') is null then
    raise exception 'We could not tell where your request comes from. Please try again.' using errcode = 'P0001',
      hint = 'no_address';
  end if;
  perform pg_advisory_xact_lock(hashtext('payment_checkout:ip:' || p_client_address));
  if (select count(*) from private.rate_limit_hits h
      where h.action = 'payment_checkout' and h.client_key = 'ip:' || p_client_address
        and h.created_at > now() - c_window) >= c_limit then
    raise exception 'Too many payment attempts. Please try again in a few minutes.' using errcode = 'P0001',
      hint = 'rate_limited';
  end if;
  insert into private.rate_limit_hits (action, client_key) values ('payment_checkout', 'ip:' || p_client_address);

  if p_reference is not null then
    -- the private link (a wrong one is not counted here: the calls are limited per address above)
    select b.* into v_booking
    from public.bookings b
    join private.booking_access_tokens t on t.booking_id = b.id
    where b.reference = upper(btrim(p_reference))
      and t.token_hash = extensions.digest(coalesce(p_token, ''), 'sha256')
      and t.revoked_at is null
      and t.expires_at > private.clock_now();
    if v_booking.id is null then
      raise exception 'This link is not valid.' using errcode = 'P0001', hint = 'link_not_valid';
    end if;
  else
    select * into v_booking from public.bookings b where b.id = p_booking_id;
    -- by id only a request whose hold still runs (the visitor who just sent it)
    if v_booking.id is null or v_booking.status <> 'pending' or v_booking.hold_expires_at <= private.clock_now() then
      raise exception 'This booking cannot be paid online.' using errcode = 'P0001', hint = 'not_payable';
    end if;
  end if;
  select * into v_booking from public.bookings where id = v_booking.id for update;

  v_due := coalesce(v_booking.deposit_cents, 0) - private.booking_paid_cents(v_booking.id);
  if v_booking.deposit_cents is null or v_due <= 0
     or exists (select 1 from public.payments p where p.booking_id = v_booking.id and p.kind = 'charge' and p.status = 'succeeded') then
    raise exception 'Nothing is due online for this booking.' using errcode = 'P0001', hint = 'nothing_due';
  end if;
  if not (
    (v_booking.status = 'pending' and v_booking.hold_expires_at > private.clock_now()
      and not (private.payment_policy()).confirm_before_payment)
    or (v_booking.status = 'confirmed' and v_booking.check_in_date >= (private.clock_now() at time zone 'Europe/Rome')::date)
  ) then
    raise exception 'This booking cannot be paid online.' using errcode = 'P0001', hint = 'not_payable';
  end if;

  select * into v_open from private.checkout_sessions s
  where s.booking_id = v_booking.id and s.status = 'open' and not s.paid and s.amount_cents = v_due
    and s.expires_at > private.clock_now() + interval '5 minutes'
  order by s.created_at desc limit 1;

  return jsonb_build_object(
    'booking_id', v_booking.id,
    'reference', v_booking.reference,
    'amount_cents', v_due,
    'currency', 'eur',
    'guest_email', v_booking.guest_email,
    'language', v_booking.guest_language,
    'hold_expires_at', case when v_booking.status = 'pending' then v_booking.hold_expires_at end,
    'room_name', (select coalesce(nullif(btrim(r.translations -> v_booking.guest_language ->> 'name'), ''), r.name)
                  from public.rooms r where r.id = v_booking.room_id),
    'check_in', v_booking.check_in_date,
    'check_out', v_booking.check_out_date,
    'open_session', case when v_open.session_id is not null
      then jsonb_build_object('session_id', v_open.session_id, 'url', v_open.url) end
  );
end
$function$;
