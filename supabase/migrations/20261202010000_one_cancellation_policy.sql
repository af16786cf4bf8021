-- One cancellation policy, rendered everywhere (issue 39, section 1).
--
-- The rule. The policy keeps its setting in days (`free_cancellation_days`, 0 to 365), now 1 by
-- default: the spec's "free cancellation until 24 hours before check-in". "Check-in" in the rule
-- is the start of the arrival day in Rome (00:00), the moment the online cancellation already
-- counts from (private.guest_may_cancel: more than 24 hours before it). N days = N × 24 hours
-- before that moment, so the last day a cancellation is free, whole, in Rome's time, is
-- `check_in − N − 1`: that is `bookings.free_cancellation_until` for a stay quoted from now on
-- (1 day: free until the end of the day before the day before arrival). A booking keeps the date
-- it was quoted (the older ones: check_in − 7, the last free day too); private.refund_due reads it
-- as before (refund in full until the end of that day, nothing after it, nothing on the
-- non-refundable rate).
--
-- The words. No sentence about cancellation is written in a component, an e-mail template or a
-- catalog of the site: private.cancellation_catalog() below is the one place (English, Italian,
-- French). The terms are structured data (public.cancellation_terms_view): which lines apply
-- (a catalog key each) with their figures (hours, days, a date, cents). The site's helper
-- (src/lib/cancellation-terms.ts) and the e-mails' (supabase/functions/emails/cancellation.ts) fill
-- the same catalog keys with the medium's date and euro formatters
-- (supabase/functions/_shared/cancellation-terms.ts).
-- - the house (no stay known): public.house_cancellation_terms(), with the catalog, for the footer,
--   the room page, the structured data and the prerendered pages;
-- - a quote and a request: private.stay_money's `cancellation` (quote_stay, request_booking);
-- - a booking: public.booking_cancellation_by_link() (the private page and its cancel dialog) and
--   private.booking_email_data's `cancellation` (every e-mail);
-- - a cancelled booking: what was refunded and what was kept, and why (`reason`).

-- ---------------------------------------------------------------- the policy's default
alter table public.payment_policy alter column free_cancellation_days set default 1;
-- the migration's own row (7 days until now) takes the spec's rule; a value an admin chose stays
update public.payment_policy set free_cancellation_days = 1 where singleton and free_cancellation_days = 7;

-- a change of the published rule rebuilds the static pages, as other public settings do
create trigger request_site_rebuild after update on public.payment_policy
  for each row when (old.free_cancellation_days is distinct from new.free_cancellation_days
    or old.nonrefundable_enabled is distinct from new.nonrefundable_enabled)
  execute function private.site_content_changed();

-- ---------------------------------------------------------------- the shapes
-- one sentence: its catalog key and the figures it names (the others null)
create type public.cancellation_line as (
  key text,
  hours integer,
  days integer,
  date date,
  amount_cents integer,
  refund_cents integer,
  kept_cents integer,
  paid_cents integer
);

-- the terms of the house, of a quote or of a booking, as the guest reads them today
create type public.cancellation_terms_view as (
  -- 'house', 'free' (until free_until), 'not_free' (the deadline has passed), 'non_refundable',
  -- 'unknown' (a booking without stored terms), 'cancelled'
  state text,
  free_until date,
  deposit_cents integer,
  -- what the guest paid online (net of refunds; for a cancelled booking: before its refunds)
  paid_cents integer,
  -- what a cancellation today refunds and keeps (cancelled: what was refunded and kept)
  refund_cents integer,
  kept_cents integer,
  -- cancelled: 'free_cancellation', 'after_deadline', 'non_refundable', 'nothing_paid', 'partial'
  reason text,
  lines public.cancellation_line[]
);

-- the house's terms with the catalog every medium renders them from
create type public.house_cancellation_view as (
  free_cancellation_days integer,
  terms public.cancellation_terms_view,
  -- {"en": {"key": "template"}, "it": {…}, "fr": {…}}; placeholders {hours} {days} {date} {amount} {refund} {kept} {paid}
  catalog jsonb
);

alter type public.stay_quote add attribute cancellation public.cancellation_terms_view;
alter type public.booking_request_result add attribute cancellation public.cancellation_terms_view;

-- ---------------------------------------------------------------- the catalog (the one place)
create or replace function private.cancellation_catalog()
 returns jsonb
 language sql
 immutable
 set search_path to ''
as $function$
  select jsonb_build_object(
    'en', jsonb_build_object(
      'house_arrival', 'Free cancellation until the day before check-in',
      'house_hours', 'Free cancellation until {hours} hours before check-in',
      'house_days', 'Free cancellation until {days} days before check-in',
      'free_until', 'Free cancellation until {date}.',
      'refund_full', 'If you cancel today, we refund {refund} in full.',
      'kept_after', 'After that day, a cancellation refunds nothing: the deposit of {amount} is kept.',
      'no_longer_free', 'This stay can no longer be cancelled for free.',
      'refund_none', 'If you cancel now, we refund nothing and keep the {kept} paid.',
      'deposit_kept', 'If you cancel, the deposit of {amount} is not refunded.',
      'nothing_paid', 'Nothing has been paid online, so a cancellation has nothing to refund.',
      'non_refundable', 'This rate cannot be refunded.',
      'cancelled_refunded', 'We are refunding {refund}, everything you paid: you cancelled within the free-cancellation period.',
      'cancelled_kept', 'We keep the {kept} paid: the cancellation came after {date}, the last day of free cancellation.',
      'cancelled_kept_nr', 'We keep the {kept} paid: the non-refundable rate is not refunded.',
      'cancelled_partial', 'We are refunding {refund} of the {paid} paid, and keep {kept}.',
      'cancelled_nothing_paid', 'Nothing had been paid, so there is nothing to refund.',
      'refund_reason_free_cancellation', 'Reason: you cancelled within the free-cancellation period.'
    ),
    'it', jsonb_build_object(
      'house_arrival', 'Cancellazione gratuita fino al giorno prima del check-in',
      'house_hours', 'Cancellazione gratuita fino a {hours} ore prima del check-in',
      'house_days', 'Cancellazione gratuita fino a {days} giorni prima del check-in',
      'free_until', 'Cancellazione gratuita fino al giorno {date} incluso.',
      'refund_full', 'Cancellando oggi, rimborsiamo per intero quanto pagato: {refund}.',
      'kept_after', 'Dal giorno dopo la cancellazione non dà più diritto a rimborsi: la caparra di {amount} viene trattenuta.',
      'no_longer_free', 'Questo soggiorno non si può più cancellare gratuitamente.',
      'refund_none', 'Cancellando ora non è previsto alcun rimborso: i {kept} pagati vengono trattenuti.',
      'deposit_kept', 'In caso di cancellazione, la caparra di {amount} non viene rimborsata.',
      'nothing_paid', 'Online non è stato pagato nulla, quindi con la cancellazione non c’è niente da rimborsare.',
      'non_refundable', 'Questa tariffa non è rimborsabile.',
      'cancelled_refunded', 'Rimborsiamo per intero quanto pagato, {refund}: la cancellazione è arrivata entro il periodo di cancellazione gratuita.',
      'cancelled_kept', 'Tratteniamo i {kept} pagati: la cancellazione è arrivata dopo il giorno {date}, l’ultimo con cancellazione gratuita.',
      'cancelled_kept_nr', 'Tratteniamo i {kept} pagati: la tariffa non rimborsabile non prevede rimborsi.',
      'cancelled_partial', 'Rimborsiamo {refund} dei {paid} pagati e tratteniamo {kept}.',
      'cancelled_nothing_paid', 'Non era stato pagato nulla, quindi non c’è niente da rimborsare.',
      'refund_reason_free_cancellation', 'Motivo: la cancellazione è arrivata entro il periodo di cancellazione gratuita.'
    ),
    'fr', jsonb_build_object(
      'house_arrival', 'Annulation gratuite jusqu’à la veille de l’arrivée',
      'house_hours', 'Annulation gratuite jusqu’à {hours} heures avant l’arrivée',
      'house_days', 'Annulation gratuite jusqu’à {days} jours avant l’arrivée',
      'free_until', 'Annulation gratuite jusqu’au {date} inclus.',
      'refund_full', 'Si vous annulez aujourd’hui, nous vous remboursons intégralement {refund}.',
      'kept_after', 'Passé ce jour, une annulation n’est plus remboursée : l’acompte de {amount} est conservé.',
      'no_longer_free', 'Ce séjour ne peut plus être annulé gratuitement.',
      'refund_none', 'Si vous annulez maintenant, nous ne remboursons rien : les {kept} réglés sont conservés.',
      'deposit_kept', 'En cas d’annulation, l’acompte de {amount} n’est pas remboursé.',
      'nothing_paid', 'Rien n’a été réglé en ligne : une annulation n’a donc rien à rembourser.',
      'non_refundable', 'Ce tarif n’est pas remboursable.',
      'cancelled_refunded', 'Nous vous remboursons {refund}, soit la totalité de votre règlement : vous avez annulé pendant la période d’annulation gratuite.',
      'cancelled_kept', 'Nous conservons les {kept} réglés : l’annulation est arrivée après le {date}, dernier jour d’annulation gratuite.',
      'cancelled_kept_nr', 'Nous conservons les {kept} réglés : le tarif non remboursable ne donne lieu à aucun remboursement.',
      'cancelled_partial', 'Nous vous remboursons {refund} sur les {paid} réglés et conservons {kept}.',
      'cancelled_nothing_paid', 'Rien n’avait été réglé : il n’y a donc rien à rembourser.',
      'refund_reason_free_cancellation', 'Motif : vous avez annulé pendant la période d’annulation gratuite.'
    )
  )
$function$;
comment on function private.cancellation_catalog() is 'The one place where the cancellation sentences are written (en, it, fr), by catalog key; rendered by the site''s and the e-mails'' helpers.';

-- ---------------------------------------------------------------- the terms
create or replace function private.cancellation_line(p_key text, p_hours integer default null, p_days integer default null,
  p_date date default null, p_amount integer default null, p_refund integer default null, p_kept integer default null,
  p_paid integer default null)
 returns jsonb
 language sql
 immutable
 set search_path to ''
as $function$
  select jsonb_build_object('key', p_key, 'hours', p_hours, 'days', p_days, 'date', p_date, 'amount_cents', p_amount,
    'refund_cents', p_refund, 'kept_cents', p_kept, 'paid_cents', p_paid)
$function$;

-- the house's rule, where no stay is known
create or replace function private.house_cancellation_terms(p_days integer)
 returns jsonb
 language sql
 immutable
 set search_path to ''
as $function$
  select jsonb_build_object('state', 'house', 'free_until', null, 'deposit_cents', null, 'paid_cents', null,
    'refund_cents', null, 'kept_cents', null, 'reason', null,
    'lines', jsonb_build_array(case
      when p_days <= 0 then private.cancellation_line('house_arrival')
      when p_days = 1 then private.cancellation_line('house_hours', p_hours => 24)
      else private.cancellation_line('house_days', p_days => p_days) end))
$function$;

-- The terms of a stay not cancelled, on p_today (Rome): a quote (nothing paid yet, p_deposit_cents
-- is what would be paid) or a booking (p_paid_cents is what was paid online, net of refunds).
create or replace function private.cancellation_terms(p_rate_plan text, p_free_until date, p_deposit_cents integer,
  p_paid_cents integer, p_quote boolean, p_today date)
 returns jsonb
 language plpgsql
 immutable
 set search_path to ''
as $function$
declare
  v_paid integer := greatest(coalesce(p_paid_cents, 0), 0);
  v_deposit integer := greatest(coalesce(p_deposit_cents, 0), 0);
  v_refund integer := case when p_rate_plan = 'non_refundable' then 0
    else private.refund_due(v_paid, p_free_until, p_today) end;
  v_state text;
  v_lines jsonb := '[]';
begin
  if p_rate_plan = 'non_refundable' then
    v_state := 'non_refundable';
    v_lines := jsonb_build_array(private.cancellation_line('non_refundable'));
    if v_paid > 0 then
      v_lines := v_lines || private.cancellation_line('refund_none', p_kept => v_paid);
    end if;
  elsif p_free_until is null then
    v_state := 'unknown';
  elsif p_today <= p_free_until then
    v_state := 'free';
    v_lines := jsonb_build_array(private.cancellation_line('free_until', p_date => p_free_until));
    if v_paid > 0 then
      v_lines := v_lines || private.cancellation_line('refund_full', p_refund => v_refund);
    end if;
    if greatest(v_paid, v_deposit) > 0 then
      v_lines := v_lines || private.cancellation_line('kept_after', p_amount => greatest(v_paid, v_deposit));
    end if;
  else
    -- the deadline has passed: never promised, and what a cancellation now refunds
    v_state := 'not_free';
    v_lines := jsonb_build_array(private.cancellation_line('no_longer_free'));
    if v_paid > 0 then
      v_lines := v_lines || private.cancellation_line('refund_none', p_kept => v_paid - v_refund);
    elsif p_quote and v_deposit > 0 then
      v_lines := v_lines || private.cancellation_line('deposit_kept', p_amount => v_deposit);
    else
      v_lines := v_lines || private.cancellation_line('nothing_paid');
    end if;
  end if;
  return jsonb_build_object('state', v_state, 'free_until', p_free_until, 'deposit_cents', v_deposit,
    'paid_cents', v_paid, 'refund_cents', v_refund, 'kept_cents', v_paid - v_refund, 'reason', null, 'lines', v_lines);
end
$function$;

-- A booking's terms today; once cancelled, what was refunded (or is being refunded) and what was kept, and why.
create or replace function private.booking_cancellation_terms(p_booking public.bookings)
 returns jsonb
 language plpgsql
 stable
 security definer
 set search_path to ''
as $function$
declare
  v_today date := (private.clock_now() at time zone 'Europe/Rome')::date;
  v_charged integer;
  v_refunded integer;
  v_kept integer;
  v_reason text;
  v_line jsonb;
begin
  if p_booking.status <> 'cancelled' then
    return private.cancellation_terms(p_booking.rate_plan, p_booking.free_cancellation_until, p_booking.deposit_cents,
      private.booking_paid_cents(p_booking.id), false, v_today);
  end if;
  select coalesce(sum(p.amount_cents), 0)::integer into v_charged
  from public.payments p where p.booking_id = p_booking.id and p.kind = 'charge' and p.status = 'succeeded';
  -- refunds made and those owed (made by the scheduler within a minute)
  v_refunded := least(v_charged,
    coalesce((select sum(p.amount_cents) from public.payments p
      where p.booking_id = p_booking.id and p.kind = 'refund' and p.status = 'succeeded'), 0)
    + coalesce((select sum(q.amount_cents) from private.refund_requests q
      where q.booking_id = p_booking.id and q.status = 'pending'), 0))::integer;
  v_kept := v_charged - v_refunded;
  if v_charged = 0 then
    v_reason := 'nothing_paid';
    v_line := private.cancellation_line('cancelled_nothing_paid');
  elsif v_kept = 0 then
    v_reason := 'free_cancellation';
    v_line := private.cancellation_line('cancelled_refunded', p_refund => v_refunded);
  elsif v_refunded > 0 then
    v_reason := 'partial';
    v_line := private.cancellation_line('cancelled_partial', p_refund => v_refunded, p_kept => v_kept, p_paid => v_charged);
  elsif p_booking.rate_plan = 'non_refundable' then
    v_reason := 'non_refundable';
    v_line := private.cancellation_line('cancelled_kept_nr', p_kept => v_kept);
  else
    v_reason := 'after_deadline';
    v_line := private.cancellation_line('cancelled_kept', p_kept => v_kept, p_date => p_booking.free_cancellation_until);
  end if;
  return jsonb_build_object('state', 'cancelled', 'free_until', p_booking.free_cancellation_until,
    'deposit_cents', p_booking.deposit_cents, 'paid_cents', v_charged, 'refund_cents', v_refunded, 'kept_cents', v_kept,
    'reason', v_reason, 'lines', jsonb_build_array(v_line));
end
$function$;

-- ---------------------------------------------------------------- what the site reads
create or replace function public.house_cancellation_terms()
 returns public.house_cancellation_view
 language sql
 stable
 security definer
 set search_path to ''
as $function$
  select row(
    (private.payment_policy()).free_cancellation_days,
    jsonb_populate_record(null::public.cancellation_terms_view,
      private.house_cancellation_terms((private.payment_policy()).free_cancellation_days)),
    private.cancellation_catalog()
  )::public.house_cancellation_view
$function$;
comment on function public.house_cancellation_terms() is 'The house''s cancellation rule and the catalog its sentences are rendered from; public, prerendered on every page.';

-- the private page's terms and its cancel dialog's refund (jsonb: a link that is not valid answers an error document)
create or replace function public.booking_cancellation_by_link(p_reference text, p_token text)
 returns jsonb
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_booking public.bookings := private.booking_for_limited_link(p_reference, p_token);
begin
  if v_booking.id is null then
    return private.booking_link_not_valid();
  end if;
  return to_jsonb(jsonb_populate_record(null::public.cancellation_terms_view, private.booking_cancellation_terms(v_booking)));
end
$function$;
comment on function public.booking_cancellation_by_link(text, text) is 'A booking''s cancellation terms today (public.cancellation_terms_view), by its private link.';

-- ---------------------------------------------------------------- the refund of a cancellation
-- Same as before; the refund's reason is now a code ('free_cancellation'), rendered per language.
create or replace function private.owe_cancellation_refund(p_booking public.bookings, p_actor text)
 returns integer
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_refund integer := private.refund_due(private.booking_paid_cents(p_booking.id), p_booking.free_cancellation_until,
    (private.clock_now() at time zone 'Europe/Rome')::date);
  v_left integer := v_refund;
  v_charge record;
begin
  if p_booking.rate_plan = 'non_refundable' then
    return 0;
  end if;
  for v_charge in
    select p.provider_payment_intent_id as intent,
      p.amount_cents - coalesce((select sum(r.amount_cents) from public.payments r
        where r.kind = 'refund' and r.provider_payment_intent_id = p.provider_payment_intent_id), 0)
      - coalesce((select sum(q.amount_cents) from private.refund_requests q
        where q.payment_intent_id = p.provider_payment_intent_id and q.status = 'pending'), 0) as refundable
    from public.payments p
    where p.booking_id = p_booking.id and p.kind = 'charge' and p.status = 'succeeded'
    order by p.created_at desc
  loop
    exit when v_left <= 0;
    if v_charge.refundable > 0 then
      perform private.owe_refund(p_booking.id, v_charge.intent, least(v_left, v_charge.refundable)::integer,
        'free_cancellation', p_actor);
      v_left := v_left - least(v_left, v_charge.refundable)::integer;
    end if;
  end loop;
  return v_refund - v_left;
end
$function$;

-- the refunds still owed take the code (those made are in the append-only ledger, in English; the
-- e-mails' helper renders both alike)
update private.refund_requests set reason = 'free_cancellation'
where reason = 'Cancelled within the free-cancellation period';

-- The refund is owed before the booking becomes cancelled, so the guest's "cancelled" e-mail
-- (written by the status trigger) already states what is refunded and what is kept.
create or replace function public.cancel_booking_request(p_reference text, p_token text)
 returns jsonb
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_booking public.bookings := private.booking_for_limited_link(p_reference, p_token);
begin
  if v_booking.id is null then
    return private.booking_link_not_valid();
  end if;
  select * into v_booking from public.bookings where id = v_booking.id for update;
  if v_booking.status = 'cancelled' then
    return private.booking_link_view(v_booking);
  end if;
  if not private.guest_may_cancel(v_booking) then
    raise exception 'This booking can no longer be cancelled online. Please contact us.' using errcode = 'P0001',
      hint = 'cancel_not_allowed';
  end if;
  perform private.owe_cancellation_refund(v_booking, 'guest');
  update public.bookings set status = 'cancelled' where id = v_booking.id returning * into v_booking;
  perform private.enqueue_email('booking_cancelled_by_guest_host', private.host_email(), v_booking.id,
    private.booking_email_data(v_booking), 'en');
  return private.booking_link_view(v_booking);
end
$function$;

-- ---------------------------------------------------------------- the e-mails' data
-- As before, with the booking's cancellation terms (or outcome) and the catalog in the e-mail's
-- languages (the guest's, and English for the host).
create or replace function private.booking_email_data(p_booking public.bookings)
 returns jsonb
 language sql
 stable security definer
 set search_path to ''
as $function$
  select jsonb_build_object(
    'booking_id', p_booking.id,
    'reference', p_booking.reference,
    'status', p_booking.status,
    'guest_name', p_booking.guest_name,
    'guest_email', p_booking.guest_email,
    'guest_phone', p_booking.guest_phone,
    'guest_language', p_booking.guest_language,
    'room_name', r.name,
    'room_name_local', nullif(btrim(r.translations -> p_booking.guest_language ->> 'name'), ''),
    'room_number', r.room_number,
    'check_in', p_booking.check_in_date,
    'check_out', p_booking.check_out_date,
    'nights', p_booking.check_out_date - p_booking.check_in_date,
    'guests', p_booking.guests,
    'total_amount', p_booking.total_amount,
    'discount_amount', p_booking.discount_amount,
    'promo_code', p_booking.promo_code,
    'special_requests', p_booking.special_requests,
    'hold_expires_at', p_booking.hold_expires_at,
    'guest_confirmed', p_booking.guest_confirmed_at is not null,
    'house_address', (select nullif(btrim(c.value), '') from public.site_content c where c.key = 'contact_address'),
    'house_phone', (select nullif(btrim(c.value), '') from public.site_content c where c.key = 'contact_phone'),
    -- the stay's money as quoted and stored on the booking (cents), and the way to pay it
    'total_cents', p_booking.total_cents,
    'deposit_cents', p_booking.deposit_cents,
    'balance_cents', p_booking.balance_cents,
    'free_cancellation_until', p_booking.free_cancellation_until,
    'rate_plan', p_booking.rate_plan,
    'paid_cents', private.booking_paid_cents(p_booking.id),
    'payable_cents', private.deposit_payable_cents(p_booking),
    'payment_after_acceptance', p_booking.status = 'pending' and coalesce(p_booking.deposit_cents, 0) > 0
      and (private.payment_policy()).confirm_before_payment,
    -- the cancellation terms (public.cancellation_terms_view) and their sentences
    'cancellation', private.booking_cancellation_terms(p_booking),
    'cancellation_house', private.house_cancellation_terms((private.payment_policy()).free_cancellation_days),
    'cancellation_catalog', (select jsonb_object_agg(l.lang, private.cancellation_catalog() -> l.lang)
      from unnest(array['en', p_booking.guest_language]) l (lang))
  )
  from public.rooms r where r.id = p_booking.room_id
$function$;

-- ---------------------------------------------------------------- the quote
-- private.stay_money as in supabase/schema/payments.sql, but for its cancellation part: the last day
-- of free cancellation (check_in - N - 1, see above) and the quote's terms (`cancellation`).
create or replace function private.stay_money(p_room_id uuid, p_check_in date, p_check_out date, p_guests integer, p_discount_percentage integer, p_extras jsonb DEFAULT '[]'::jsonb, p_rate_plan text DEFAULT 'flexible'::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_policy public.payment_policy := private.payment_policy();
  v_price jsonb := private.price_stay(p_room_id, p_check_in, p_check_out, p_guests, p_discount_percentage);
  v_rate text := coalesce(nullif(btrim(p_rate_plan), ''), 'flexible');
  v_nights integer;
  v_nights_cents integer;
  v_nr_cents integer := 0;
  v_first_cents integer;
  v_extras jsonb := '[]';
  v_extras_cents integer := 0;
  v_total integer;
  v_deposit integer;
  v_free_until date;
  v_item jsonb;
  v_service public.services;
  v_qty integer;
  v_unit integer;
  v_line integer;
  v_today date := (private.clock_now() at time zone 'Europe/Rome')::date;
begin
  if v_rate not in ('flexible', 'non_refundable') then
    raise exception 'Please choose a valid rate.' using errcode = 'P0001', hint = 'rate_plan_invalid';
  end if;
  if v_rate = 'non_refundable' and not v_policy.nonrefundable_enabled then
    raise exception 'The non-refundable rate is not offered.' using errcode = 'P0001',
      hint = 'non_refundable_unavailable';
  end if;
  v_nights := (v_price ->> 'nights')::integer;
  v_nights_cents := round((v_price ->> 'total')::numeric * 100)::integer;
  -- the first night after the promo discount, rounded as the total's discount is
  v_first_cents := coalesce(round(
    ((v_price -> 'nightly' -> 0 ->> 'price')::numeric
      - round((v_price -> 'nightly' -> 0 ->> 'price')::numeric * coalesce(p_discount_percentage, 0) / 100.0, 2)) * 100
  )::integer, 0);
  if v_rate = 'non_refundable' then
    v_nr_cents := round(v_nights_cents * v_policy.nonrefundable_discount_percent / 100.0)::integer;
  end if;

  -- extras, priced from the service rows
  if p_extras is not null and jsonb_typeof(p_extras) = 'array' then
    if jsonb_array_length(p_extras) > 10 then
      raise exception 'Please choose at most 10 extras.' using errcode = 'P0001', hint = 'extras_too_many',
        detail = jsonb_build_object('max_extras', 10)::text;
    end if;
    for v_item in select e from jsonb_array_elements(p_extras) e loop
      select * into v_service from public.services s
      where s.id = (case when v_item ->> 'service_id' ~* '^[0-9a-f-]{36}$' then (v_item ->> 'service_id')::uuid end)
        and s.available;
      if v_service.id is null then
        raise exception 'This extra is not available.' using errcode = 'P0001', hint = 'extra_unavailable';
      end if;
      v_qty := case when v_item ->> 'quantity' ~ '^[0-9]{1,3}$' then (v_item ->> 'quantity')::integer end;
      if v_qty is null or v_qty < 1 or v_qty > 20
         or (v_service.pricing_unit = 'per_person' and v_qty > greatest(coalesce(p_guests, 1), 1)) then
        raise exception 'Please choose a valid quantity for %.', v_service.name using errcode = 'P0001',
          hint = 'extra_quantity',
          detail = jsonb_build_object(
            'service', v_service.name,
            'service_it', coalesce(nullif(btrim(v_service.translations #>> '{it,name}'), ''), v_service.name),
            'service_fr', coalesce(nullif(btrim(v_service.translations #>> '{fr,name}'), ''), v_service.name),
            'max_quantity', case when v_service.pricing_unit = 'per_person'
              then least(greatest(coalesce(p_guests, 1), 1), 20) else 20 end)::text;
      end if;
      if v_extras @> jsonb_build_array(jsonb_build_object('service_id', v_service.id)) then
        raise exception 'Each extra can be chosen once.' using errcode = 'P0001', hint = 'extra_repeated';
      end if;
      v_unit := round(v_service.price * 100)::integer;
      v_line := v_unit * v_qty * case when v_service.pricing_unit = 'per_night' then v_nights else 1 end;
      v_extras := v_extras || jsonb_build_object(
        'service_id', v_service.id, 'name', v_service.name, 'pricing_unit', v_service.pricing_unit,
        'quantity', v_qty, 'unit_price_cents', v_unit, 'line_total_cents', v_line);
      v_extras_cents := v_extras_cents + v_line;
      v_service := null;
    end loop;
  end if;

  v_total := v_nights_cents - v_nr_cents + v_extras_cents;
  if v_rate = 'non_refundable' then
    v_deposit := v_total;
  elsif v_policy.deposit_kind = 'first_night' then
    v_deposit := least(v_first_cents, v_total);
  else
    v_deposit := round(v_total * v_policy.deposit_percent / 100.0)::integer;
  end if;
  if v_rate = 'flexible' then
    -- the last whole day (Rome) of free cancellation: N days (N x 24 hours) before the arrival day begins
    v_free_until := p_check_in - v_policy.free_cancellation_days - 1;
  end if;

  return v_price || jsonb_build_object(
    'rate_plan', v_rate,
    'nights_cents', v_nights_cents,
    'nonrefundable_discount_cents', v_nr_cents,
    'extras', v_extras,
    'extras_cents', v_extras_cents,
    'total_cents', v_total,
    'deposit_cents', v_deposit,
    'balance_cents', v_total - v_deposit,
    'pay_online', v_deposit > 0,
    'confirm_before_payment', v_policy.confirm_before_payment,
    'free_cancellation_until', v_free_until,
    'cancellation', private.cancellation_terms(v_rate, v_free_until, v_deposit, 0, true, v_today),
    'refund_schedule', case
      when v_deposit = 0 then '[]'::jsonb
      when v_free_until is null or v_free_until < v_today then
        jsonb_build_array(jsonb_build_object('from', v_today, 'until', p_check_in, 'refund_cents', 0))
      else jsonb_build_array(
        jsonb_build_object('from', v_today, 'until', v_free_until, 'refund_cents', private.refund_due(v_deposit, v_free_until, v_free_until)),
        jsonb_build_object('from', v_free_until + 1, 'until', p_check_in, 'refund_cents', private.refund_due(v_deposit, v_free_until, v_free_until + 1)))
    end,
    'rate_plans', jsonb_build_object('non_refundable', jsonb_build_object(
      'available', v_policy.nonrefundable_enabled and v_deposit >= 0,
      'discount_percent', v_policy.nonrefundable_discount_percent))
  );
end
$function$;

