-- The folio's arrivals (20261202020300: balance due, open city tax, extras) with the two-factor check
-- of 20261202040000, which redefined staff_arrivals from the older body: both changes, in one function.

create or replace function public.staff_arrivals(p_day date)
 returns public.arrivals_day
 language plpgsql
 security definer
 set search_path to ''
as $function$
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
        private.checkin_guests(b.id),
        t.stay_balance_cents,
        t.city_tax_open_cents,
        array(select l.description || case when l.quantity > 1 then ' × ' || l.quantity else '' end
              from private.folio_lines(b) l where l.kind = 'extra' and not l.correction
                and not exists (select 1 from public.payments c where c.reverses_id = l.id))
      )::public.arrivals_booking
      from public.bookings b
      join public.rooms r on r.id = b.room_id
      cross join lateral private.booking_checkin_summary(b) s
      cross join lateral private.folio_totals_of(b) t
      left join public.booking_check_ins ci on ci.booking_id = b.id
      where b.id = any (v_ids)
      order by r.name, b.reference
    ),
    private.checkin_document_types()
  )::public.arrivals_day;
end
$function$;
