-- The police file's web-service records (20261202060000-060300) behind the second factor, as the
-- police file itself is (20261202040000): the portals' accounts, each guest's submission and the
-- day's receipts need an aal2 session wherever two factors are required of the staff member.

create policy "two factors for police submissions" on public.police_submissions as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
create policy "two factors for police receipts" on public.police_receipts as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
create policy "two factors for police receipt files" on storage.objects as restrictive for select to authenticated
  using (bucket_id <> 'police-receipts' or (select public.mfa_satisfied()));

create or replace function public.paperwork_credentials_settings()
returns public.paperwork_account_view language plpgsql stable security definer set search_path to '' as $$
declare
  c private.paperwork_credentials;
begin
  perform private.require_admin('read the portals'' accounts');
  perform private.require_aal2();
  select * into c from private.paperwork_credentials;
  return row(
    coalesce(c.alloggiati_user, '') <> '', private.mask_secret(c.alloggiati_user), c.alloggiati_tested_at,
    coalesce(c.ross1000_user, '') <> '', private.mask_secret(c.ross1000_user), c.ross1000_structure,
    c.updated_at)::public.paperwork_account_view;
end
$$;

create or replace function public.set_paperwork_credentials(
  p_service text, p_user text, p_password text, p_key text, p_tested boolean default false)
returns public.paperwork_account_view language plpgsql security definer set search_path to '' as $$
declare
  v_user text := btrim(coalesce(p_user, ''));
  v_password text := coalesce(p_password, '');
  v_key text := btrim(coalesce(p_key, ''));
begin
  perform private.require_admin('change the portals'' accounts');
  perform private.require_aal2();
  if p_service not in ('alloggiati', 'ross1000') then
    raise exception 'Unknown portal.' using errcode = '22023', hint = 'unknown_portal';
  end if;
  if v_user = '' or v_password = '' or v_key = '' then
    raise exception 'Please enter the user, the password and the key.' using errcode = '22023',
      hint = 'credentials_missing';
  end if;
  if char_length(v_user) > 100 or char_length(v_password) > 200 or char_length(v_key) > 500
    or v_user ~ '[[:cntrl:]]' or v_key ~ '[[:cntrl:]]' or v_password ~ '[[:cntrl:]]' then
    raise exception 'These credentials are too long or contain control characters.' using errcode = '22023',
      hint = 'credentials_invalid';
  end if;
  insert into private.paperwork_credentials (id) values (true) on conflict (id) do nothing;
  if p_service = 'alloggiati' then
    update private.paperwork_credentials set alloggiati_user = v_user, alloggiati_password = v_password,
      alloggiati_wskey = v_key, alloggiati_tested_at = case when p_tested then private.clock_now() end,
      alloggiati_token = null, alloggiati_token_expires_at = null, updated_by = auth.uid();
  else
    update private.paperwork_credentials set ross1000_user = v_user, ross1000_password = v_password,
      ross1000_structure = v_key, updated_by = auth.uid();
  end if;
  insert into public.audit_logs (action, table_name, record_id, user_id, new_values)
  values ('UPDATE', 'paperwork_credentials', null, auth.uid(), jsonb_build_object('portal', p_service));
  return public.paperwork_credentials_settings();
end
$$;

create or replace function public.police_submissions_day(p_day date)
returns public.police_service_day_view language plpgsql stable security definer set search_path to '' as $$
begin
  perform private.require_staff('read the police submissions');
  perform private.require_aal2();
  if p_day is null then
    raise exception 'Please pick a day.' using errcode = '22023';
  end if;
  return row(
    p_day,
    array(select f.id from public.police_filings f where f.arrival_day = p_day and f.via_service order by f.filed_at),
    (select count(*)::integer from public.police_submissions s join public.booking_guests g on g.id = s.guest_id
     where s.arrival_day = p_day and s.status = 'refused' and g.updated_at <= s.last_attempt_at),
    (select count(*)::integer from public.booking_check_ins ci
     join public.bookings b on b.id = ci.booking_id
     join public.booking_guests g on g.booking_id = b.id
     where b.status in ('checked_in', 'checked_out') and g.police_filing_id is null
       and (private.police_deadline(ci.checked_in_at, b.check_in_date, b.check_out_date)
            at time zone 'Europe/Rome')::date = private.rome_today())
  )::public.police_service_day_view;
end
$$;
