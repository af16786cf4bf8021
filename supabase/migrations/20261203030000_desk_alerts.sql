-- Alerts that reach the host (issue 40 §4) and the host's e-mails in Italian or English (issue 43 §1).
--
-- The desk's alerts are security_alerts rows like any other (private.raise_alert, one active row per
-- type and key), but of a type listed in private.desk_alert_types(): they show on the Dashboard to
-- the staff (public.desk_alerts), a receptionist may resolve them, and their first raise e-mails
-- the host once (kind host_alert). A cause the desk has already handled (its alert resolved or
-- dismissed) is never raised again: one alert, one e-mail per cause, ever.
--
-- To add a desk alert type: add its name to private.desk_alert_types() (a new migration replacing
-- that function with the list plus the new name), raise it with private.raise_alert and a key that
-- names the cause, and put the booking in the metadata ('booking_id') when there is one; the host
-- e-mail's text for it goes in supabase/functions/emails/host.ts (ALERTS), else the alert's own
-- description is sent.

-- ------------------------------------------------------------ the list

create or replace function private.desk_alert_types()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array[
    -- a channel's calendar event collides with a stay (public.channel_record_sync)
    'channel_conflict',
    -- a payment that could not be applied (public.apply_stripe_event via private.payment_violation)
    'payment_unknown_booking', 'payment_mismatch', 'payment_session_mismatch',
    -- a request the guest confirmed whose hold ends soon with no answer (private.raise_hold_ending_alerts)
    'hold_ending',
    -- guests checked in and not yet reported to the police near the deadline (public.raise_police_deadline_alerts)
    'police_report_due'
  ]
$$;
comment on function private.desk_alert_types() is
  'The alert types that are the front desk''s (not security''s): shown on the Dashboard, resolvable by staff, e-mailed to the host on their first raise. The one place to add a type.';
revoke all on function private.desk_alert_types() from public, anon, authenticated;

-- the causes already alerted, whatever their state (a handled cause is not raised again)
create index if not exists security_alerts_cause_idx on public.security_alerts (alert_type, dedup_key)
  where dedup_key is not null;

-- ------------------------------------------------------------ the host's e-mails' language

alter table public.booking_settings
  add column host_email_language text not null default 'en';
alter table public.booking_settings
  add constraint booking_settings_host_email_language_known check (host_email_language in ('en', 'it'));
comment on column public.booking_settings.host_email_language is
  'The language of the e-mails to the house (en or it); an admin changes it in Settings.';

-- The host's e-mail kinds (HOST_KINDS in supabase/functions/emails/catalog.ts, checked by a test).
create or replace function private.host_email_kinds()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array[
    'request_received_host', 'request_confirmed_by_guest_host', 'booking_cancelled_by_guest_host',
    'payment_received_host', 'payment_refunded_host', 'host_alert'
  ]
$$;
revoke all on function private.host_email_kinds() from public, anon, authenticated;

create or replace function private.host_email_language()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select s.host_email_language from public.booking_settings s where s.singleton), 'en')
$$;
revoke all on function private.host_email_language() from public, anon, authenticated;

-- Whoever writes a host e-mail (request_booking, the payments, the alerts), it goes out in the
-- language the house chose: set as the row is written, so a resend keeps it.
create or replace function private.email_outbox_host_language()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.resend_of is null then
    new.language := private.host_email_language();
  end if;
  return new;
end
$$;
revoke all on function private.email_outbox_host_language() from public, anon, authenticated;

create trigger host_language before insert on public.email_outbox
  for each row when (new.kind = any (private.host_email_kinds()))
  execute function private.email_outbox_host_language();

-- ------------------------------------------------------------ the host's alert e-mail

create or replace function private.host_alert_email(p_alert public.security_alerts)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
  v_data jsonb;
begin
  if p_alert.metadata ->> 'booking_id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select * into v_booking from public.bookings b where b.id = (p_alert.metadata ->> 'booking_id')::uuid;
  end if;
  v_data := case when v_booking.id is not null then private.booking_email_data(v_booking) else '{}'::jsonb end
    || jsonb_build_object('alert', jsonb_build_object(
      'id', p_alert.id,
      'type', p_alert.alert_type,
      'severity', p_alert.severity,
      'description', p_alert.description,
      'raised_at', p_alert.created_at,
      'metadata', coalesce(p_alert.metadata, '{}'::jsonb)));
  return private.enqueue_email('host_alert', private.host_email(), v_booking.id, v_data);
end
$$;
comment on function private.host_alert_email(public.security_alerts) is
  'The host''s e-mail (host_alert) for a desk alert: the alert, and the booking''s data when it names one.';
revoke all on function private.host_alert_email(public.security_alerts) from public, anon, authenticated;

-- ------------------------------------------------------------ raise_alert

create or replace function private.raise_alert(
  p_alert_type text, p_severity public.security_severity, p_description text, p_dedup_key text,
  p_metadata jsonb default null, p_ip_address text default null)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_new boolean;
  v_desk boolean := p_alert_type = any (private.desk_alert_types());
  v_alert public.security_alerts;
begin
  if v_desk and p_dedup_key is not null then
    -- a cause the desk has handled already is never raised again
    select a.id into v_id from public.security_alerts a
    where a.alert_type = p_alert_type and a.dedup_key = p_dedup_key and a.status <> 'active'
    order by a.created_at limit 1;
    if v_id is not null then
      return v_id;
    end if;
  end if;
  insert into public.security_alerts (alert_type, severity, description, dedup_key, metadata, ip_address)
  values (p_alert_type, p_severity, left(p_description, 1000), p_dedup_key, p_metadata, p_ip_address)
  on conflict (alert_type, dedup_key) where status = 'active' and dedup_key is not null
  do update set occurrences = public.security_alerts.occurrences + 1, last_seen_at = now()
  returning id, (xmax = 0) into v_id, v_new;
  -- the desk's alert e-mails the host on its first raise only
  if v_desk and v_new then
    select * into v_alert from public.security_alerts where id = v_id;
    perform private.host_alert_email(v_alert);
  end if;
  return v_id;
end
$$;
revoke all on function private.raise_alert(text, public.security_severity, text, text, jsonb, text) from public, anon, authenticated;

-- ------------------------------------------------------------ holds ending with no answer

-- A request the guest confirmed waits for the host's answer while its hold runs; when less than a
-- quarter of the confirmed hold (at most 6 hours, at least 30 minutes) is left, the desk is told once.
create or replace function private.raise_hold_ending_alerts()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_window interval := least(interval '6 hours', greatest(interval '30 minutes',
    make_interval(hours => (private.booking_settings()).confirmed_hold_hours) / 4));
  v_stay record;
  v_count integer := 0;
begin
  for v_stay in
    select b.id, b.reference, b.hold_expires_at, b.check_in_date, b.check_out_date, r.room_number
    from public.bookings b join public.rooms r on r.id = b.room_id
    where b.status = 'pending' and b.guest_confirmed_at is not null
      and b.hold_expires_at > v_now and b.hold_expires_at <= v_now + v_window
      and not exists (select 1 from public.security_alerts a
        where a.alert_type = 'hold_ending' and a.dedup_key = 'hold:' || b.id)
    order by b.hold_expires_at
  loop
    perform private.raise_alert('hold_ending', 'medium',
      format('Request %s (room %s, %s to %s) is still waiting for your answer; its hold ends at %s (Rome).',
        v_stay.reference, v_stay.room_number, v_stay.check_in_date, v_stay.check_out_date,
        to_char(v_stay.hold_expires_at at time zone 'Europe/Rome', 'DD/MM/YYYY HH24:MI')),
      'hold:' || v_stay.id,
      jsonb_build_object('booking_id', v_stay.id, 'reference', v_stay.reference,
        'hold_expires_at', v_stay.hold_expires_at));
    v_count := v_count + 1;
  end loop;
  return v_count;
end
$$;
comment on function private.raise_hold_ending_alerts() is
  'Raises hold_ending once per request the guest confirmed whose hold ends soon with no answer (run by public.run_booking_timers).';
revoke all on function private.raise_hold_ending_alerts() from public, anon, authenticated;

create or replace function public.run_booking_timers()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_expired integer;
  v_reminders integer;
  v_hold_alerts integer;
  v_today date := (private.clock_now() at time zone 'Europe/Rome')::date;
begin
  update public.bookings set status = 'expired'
  where status = 'pending' and hold_expires_at <= private.clock_now();
  get diagnostics v_expired = row_count;

  insert into public.email_outbox (kind, recipient, language, booking_id, data, next_attempt_at)
  select 'arrival_reminder', b.guest_email, b.guest_language, b.id, private.guest_email_data(b), private.clock_now()
  from public.bookings b
  where b.status = 'confirmed' and b.check_in_date = v_today + 3
    and not exists (
      select 1 from public.email_outbox e
      where e.booking_id = b.id and e.kind = 'arrival_reminder' and e.resend_of is null
    )
  on conflict do nothing;
  get diagnostics v_reminders = row_count;

  v_hold_alerts := private.raise_hold_ending_alerts();
  return jsonb_build_object('expired', v_expired, 'reminders', v_reminders, 'hold_alerts', v_hold_alerts);
end
$$;
revoke all on function public.run_booking_timers() from public, anon, authenticated;
grant execute on function public.run_booking_timers() to service_role;

-- ------------------------------------------------------------ the desk's alerts, read and resolved

create or replace function public.desk_alerts()
returns table (
  id uuid, alert_type text, severity public.security_severity, description text, created_at timestamptz,
  last_seen_at timestamptz, occurrences integer, booking_id uuid, booking_reference text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only staff can read the desk''s alerts.' using errcode = '42501';
  end if;
  return query
  select a.id, a.alert_type, a.severity, a.description, a.created_at, a.last_seen_at, a.occurrences,
    b.id, b.reference
  from public.security_alerts a
  left join public.bookings b on a.metadata ->> 'booking_id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    and b.id = (a.metadata ->> 'booking_id')::uuid
  where a.status = 'active' and a.alert_type = any (private.desk_alert_types())
  order by a.created_at desc, a.id
  limit 100;
end
$$;
comment on function public.desk_alerts() is
  'The desk''s open alerts (private.desk_alert_types()), newest first, with the booking each names. Staff.';
revoke all on function public.desk_alerts() from public, anon, authenticated;
grant execute on function public.desk_alerts() to authenticated, service_role;

create or replace function public.resolve_security_alert(p_alert_id uuid)
returns public.security_alerts
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_alert public.security_alerts;
begin
  -- admins resolve any alert; the staff the desk's
  if not public.is_admin() and not (public.is_staff() and exists (
    select 1 from public.security_alerts a
    where a.id = p_alert_id and a.alert_type = any (private.desk_alert_types()))) then
    raise exception 'Only admins can resolve security alerts.' using errcode = '42501';
  end if;
  update public.security_alerts set status = 'resolved', resolved_at = now()
  where id = p_alert_id and status = 'active'
  returning * into v_alert;
  if v_alert.id is null then
    raise exception 'This alert does not exist or is no longer active.' using errcode = 'P0002';
  end if;
  insert into public.security_logs (event_type, severity, risk_score, description, user_id, metadata)
  select 'admin_action', r.severity, r.risk_score, 'Resolve Security Alert', auth.uid(),
    jsonb_build_object('alert_id', v_alert.id)
  from private.security_event_rating('admin_action', null) r;
  return v_alert;
end
$$;
revoke all on function public.resolve_security_alert(uuid) from public, anon, authenticated;
grant execute on function public.resolve_security_alert(uuid) to authenticated, service_role;

-- ------------------------------------------------------------ a channel overlap names the stay

create or replace function public.channel_record_sync(p_feed_id uuid, p_trigger text, p_started_at timestamp with time zone, p_http_status integer, p_etag text, p_events jsonb, p_error text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $$
declare
  v_feed public.channel_feeds;
  v_today date := (now() at time zone 'Europe/Rome')::date;
  v_event record;
  v_block public.external_blocks;
  v_status public.external_block_status;
  v_created integer := 0;
  v_updated integer := 0;
  v_cancelled integer := 0;
  v_unchanged integer := 0;
  v_conflicts integer := 0;
  v_missing_cancelled integer;
  v_run public.channel_sync_runs;
begin
  select * into v_feed from public.channel_feeds where id = p_feed_id;
  if not found then
    raise exception 'Channel feed not found.' using errcode = 'P0001';
  end if;

  if p_error is not null then
    update public.channel_feeds set last_error = left(p_error, 500) where id = p_feed_id;
  elsif p_events is null then
    select count(*) filter (where status = 'active'), count(*) filter (where status = 'conflict')
      into v_unchanged, v_conflicts
    from public.external_blocks where feed_id = p_feed_id;
    update public.channel_feeds set last_synced_at = now(), last_error = null where id = p_feed_id;
  else
    -- the room is locked for the whole import: no booking can slip in between check and write
    perform 1 from public.rooms where id = v_feed.room_id for no key update;

    for v_event in
      select distinct on (x.uid) x.uid, x.check_in, x.check_out, left(x.summary, 200) as summary,
             coalesce(x.cancelled, false) as cancelled
      from jsonb_to_recordset(p_events) as x(uid text, check_in date, check_out date, summary text, cancelled boolean)
      where x.check_out > v_today and x.check_out > x.check_in
      order by x.uid
    loop
      select * into v_block from public.external_blocks where feed_id = p_feed_id and event_uid = v_event.uid;
      if v_event.cancelled then
        if found and v_block.status <> 'cancelled' and v_block.check_in_date > v_today then
          update public.external_blocks set status = 'cancelled', missed_syncs = 0 where id = v_block.id;
          v_cancelled := v_cancelled + 1;
        elsif found then
          v_unchanged := v_unchanged + 1;
        end if;
        continue;
      end if;

      -- an active block that did not move stays active: every other writer was checked against it
      if v_block.status = 'active' and v_block.check_in_date = v_event.check_in
         and v_block.check_out_date = v_event.check_out and v_block.summary is not distinct from v_event.summary then
        if v_block.missed_syncs <> 0 then
          update public.external_blocks set missed_syncs = 0 where id = v_block.id;
        end if;
        v_unchanged := v_unchanged + 1;
        continue;
      end if;

      v_status := case
        when private.room_has_overlap(v_feed.room_id, v_event.check_in, v_event.check_out, v_block.id) then 'conflict'
        else 'active'
      end::public.external_block_status;

      if v_block.id is null then
        insert into public.external_blocks (feed_id, room_id, event_uid, summary, check_in_date, check_out_date, status)
        values (p_feed_id, v_feed.room_id, v_event.uid, v_event.summary, v_event.check_in, v_event.check_out, v_status);
        if v_status = 'active' then v_created := v_created + 1; end if;
      elsif v_block.check_in_date = v_event.check_in and v_block.check_out_date = v_event.check_out
            and v_block.summary is not distinct from v_event.summary and v_block.status = v_status then
        if v_block.missed_syncs <> 0 then
          update public.external_blocks set missed_syncs = 0 where id = v_block.id;
        end if;
        if v_status = 'active' then v_unchanged := v_unchanged + 1; end if;
      else
        update public.external_blocks
        set check_in_date = v_event.check_in, check_out_date = v_event.check_out, summary = v_event.summary,
            status = v_status, missed_syncs = 0
        where id = v_block.id;
        if v_status = 'active' then v_updated := v_updated + 1; end if;
      end if;

      if v_status = 'conflict' then
        v_conflicts := v_conflicts + 1;
      end if;
      -- alerted once, when the event comes into conflict
      if v_status = 'conflict' and v_block.status is distinct from 'conflict' then
        perform private.raise_alert(
          'channel_conflict', 'high',
          format('Double booking risk: %s calendar event %s for room %s (%s to %s) collides with an existing stay or block.',
                 v_feed.platform, v_event.uid,
                 (select r.room_number from public.rooms r where r.id = v_feed.room_id), v_event.check_in, v_event.check_out),
          v_feed.id || ':' || v_event.uid,
          jsonb_build_object('feed_id', v_feed.id, 'room_id', v_feed.room_id, 'platform', v_feed.platform,
                             'event_uid', v_event.uid, 'check_in', v_event.check_in, 'check_out', v_event.check_out)
            -- the stay it collides with, for the dashboard's link and the host's e-mail
            || coalesce((
              select jsonb_build_object('booking_id', b.id, 'reference', b.reference)
              from public.bookings b
              where b.room_id = v_feed.room_id and private.booking_occupies(b.status, b.hold_expires_at)
                and daterange(b.check_in_date, b.check_out_date) && daterange(v_event.check_in, v_event.check_out)
              order by b.check_in_date, b.id limit 1), '{}'::jsonb)
        );
      end if;
    end loop;

    -- events the feed no longer has: one more miss; cancelled at the second miss if still ahead
    update public.external_blocks e set missed_syncs = e.missed_syncs + 1
    where e.feed_id = p_feed_id and e.status <> 'cancelled'
      and e.event_uid not in (select x ->> 'uid' from jsonb_array_elements(p_events) x where x ->> 'uid' is not null);
    update public.external_blocks e set status = 'cancelled'
    where e.feed_id = p_feed_id and e.status <> 'cancelled' and e.missed_syncs >= 2 and e.check_in_date > v_today;
    get diagnostics v_missing_cancelled = row_count;
    v_cancelled := v_cancelled + v_missing_cancelled;

    update public.channel_feeds set etag = p_etag, last_synced_at = now(), last_error = null where id = p_feed_id;
  end if;

  insert into public.channel_sync_runs (
    feed_id, room_id, platform, trigger, started_at, http_status, created_count, updated_count,
    cancelled_count, conflict_count, unchanged_count, error
  ) values (
    p_feed_id, v_feed.room_id, v_feed.platform, p_trigger, coalesce(p_started_at, now()), p_http_status, v_created,
    v_updated, v_cancelled, v_conflicts, v_unchanged, left(p_error, 500)
  )
  returning * into v_run;
  return to_jsonb(v_run);
end
$$;
revoke all on function public.channel_record_sync(uuid, text, timestamptz, integer, text, jsonb, text) from public, anon, authenticated;
grant execute on function public.channel_record_sync(uuid, text, timestamptz, integer, text, jsonb, text) to service_role;
