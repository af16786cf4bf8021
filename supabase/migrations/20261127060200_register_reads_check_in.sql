-- The city-tax register, ISTAT's movement, the privacy notice and a guest's erasure read the
-- online check-in's guests (20261127040000_checkin_schema.sql), issue 34 sections 4, 5 and 7.
--
--   private.booking_birth_dates     the stay's guests' birth dates (the under-10 exemption)
--   public.site_compliance()        adds how long identity document numbers are kept
--   private.anonymise_booking_extra the guests' names, birth places, citizenship and documents go;
--                                   birth date, sex and residence stay (tax register and ISTAT,
--                                   which name no one on their own)
--   private.privacy_export_extra    the guests' rows in a guest's export (never document numbers),
--                                   the read audited like every staff read of identity data
--   public.istat_movement(month)    arrivals and nights by country of residence and Italian region

create or replace function private.booking_birth_dates(p_booking_id uuid)
returns date[]
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (select coalesce(array_agg(g.birth_date order by g.position), '{}')
    from public.booking_guests g where g.booking_id = p_booking_id);
end
$$;

create or replace function public.site_compliance()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'cin', s.cin,
    'stay_contact_retention_years', s.stay_contact_retention_years,
    'contact_message_retention_months', s.contact_message_retention_months,
    'privacy_contact_email', s.privacy_contact_email,
    'identity_document_retention_days', (select c.document_retention_days from public.checkin_settings c where c.singleton)
  )
  from public.compliance_settings s where s.id
$$;

create or replace function private.anonymise_booking_extra(p_booking_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.booking_guests
  set surname = null, given_names = null, birth_comune_code = null, birth_province = null, birth_state_code = null,
      citizenship_code = null, document_type_code = null, document_number = null, document_issue_place_code = null,
      document_number_erased_at = coalesce(document_number_erased_at, private.clock_now())
  where booking_id = p_booking_id;
end
$$;

create or replace function private.privacy_export_extra(p_booking_ids uuid[])
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_guests jsonb;
begin
  select coalesce(jsonb_agg(jsonb_build_object(
      'stay', b.reference, 'position', g.position, 'surname', g.surname, 'given_names', g.given_names,
      'sex', g.sex, 'birth_date', g.birth_date, 'birth_place', coalesce(bc.name, bs.name),
      'citizenship', cs.name, 'residence_country', rs.name, 'residence_comune', rc.name,
      'document_type', d.name, 'document_number', case when g.document_number is null then null else 'kept, not exported' end,
      'identity_verified_at', g.verified_at
    ) order by b.check_in_date, g.position), '[]')
    into v_guests
  from public.booking_guests g
  join public.bookings b on b.id = g.booking_id
  left join public.alloggiati_comuni bc on bc.code = g.birth_comune_code
  left join public.alloggiati_stati bs on bs.code = g.birth_state_code
  left join public.alloggiati_stati cs on cs.code = g.citizenship_code
  left join public.alloggiati_stati rs on rs.code = g.residence_state_code
  left join public.alloggiati_comuni rc on rc.code = g.residence_comune_code
  left join public.alloggiati_documenti d on d.code = g.document_type_code
  where g.booking_id = any (p_booking_ids);
  if jsonb_array_length(v_guests) > 0 then
    perform private.audit_identity_read(
      array(select distinct g.booking_id from public.booking_guests g where g.booking_id = any (p_booking_ids)),
      'privacy export on the guest''s request');
  end if;
  return jsonb_build_object('check_in_guests', v_guests);
end
$$;
revoke execute on function private.privacy_export_extra(uuid[]) from public, anon, authenticated;

-- ---------------------------------------------------------------- ISTAT movement
-- One month of stays that happened (checked in or out): per country of residence and, for
-- residents of Italy, per region: arrivals (guests whose stay began in the month) and nights
-- (person-nights in the month). Guests of a stay without check-in data count as 'unknown'.
create or replace function public.istat_movement(p_month date)
returns table (breakdown text, code text, label text, arrivals integer, nights integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_from date := date_trunc('month', p_month)::date;
  v_to date := (date_trunc('month', p_month) + interval '1 month' - interval '1 day')::date;
begin
  perform private.require_staff('read the ISTAT figures');
  if p_month is null then
    raise exception 'Choose a month.' using errcode = '22023';
  end if;
  return query
  with stays as (
    select b.id, b.guests, b.check_in_date,
      (least(b.check_out_date, v_to + 1) - greatest(b.check_in_date, v_from))::integer as nights_in_month
    from public.bookings b
    where b.status in ('checked_in', 'checked_out') and b.check_in_date <= v_to and b.check_out_date > v_from
  ),
  people as (
    -- one row per known guest
    select s.id, s.check_in_date, s.nights_in_month, g.residence_state_code as state_code,
      c.region as region
    from stays s
    join public.booking_guests g on g.booking_id = s.id
    left join public.alloggiati_comuni c on c.code = g.residence_comune_code
    union all
    -- the guests a stay has beyond its check-in rows
    select s.id, s.check_in_date, s.nights_in_month, null, null
    from stays s
    cross join lateral generate_series(1, greatest(s.guests - (select count(*) from public.booking_guests g
      where g.booking_id = s.id), 0)::integer)
  ),
  counted as (
    select p.*, (p.check_in_date between v_from and v_to)::integer as arrived from people p
  )
  select 'country'::text, coalesce(c.state_code, 'unknown'), coalesce(st.name, 'Unknown'),
    sum(c.arrived)::integer, sum(c.nights_in_month)::integer
  from counted c left join public.alloggiati_stati st on st.code = c.state_code
  group by c.state_code, st.name
  union all
  select 'region'::text, coalesce(c.region, 'unknown'), coalesce(c.region, 'Unknown'),
    sum(c.arrived)::integer, sum(c.nights_in_month)::integer
  from counted c where c.state_code = '100000100'
  group by c.region
  order by 1, 5 desc, 3;
end
$$;
revoke execute on function public.istat_movement(date) from public, anon;
grant execute on function public.istat_movement(date) to authenticated;
