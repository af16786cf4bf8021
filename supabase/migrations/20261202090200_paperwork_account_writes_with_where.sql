-- The portals' account is one row (id = true): its writes name it, as hosted's pg-safeupdate
-- demands of any UPDATE an API role can reach (supabase/tests/platform/hosted-safety.test.ts).

create or replace function public.police_filing_keep_token(p_token text, p_expires_at timestamptz)
returns void language sql security definer set search_path to '' as $$
  update private.paperwork_credentials set alloggiati_token = p_token, alloggiati_token_expires_at = p_expires_at
  where id
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
      alloggiati_token = null, alloggiati_token_expires_at = null, updated_by = auth.uid()
    where id;
  else
    update private.paperwork_credentials set ross1000_user = v_user, ross1000_password = v_password,
      ross1000_structure = v_key, updated_by = auth.uid()
    where id;
  end if;
  insert into public.audit_logs (action, table_name, record_id, user_id, new_values)
  values ('UPDATE', 'paperwork_credentials', null, auth.uid(), jsonb_build_object('portal', p_service));
  return public.paperwork_credentials_settings();
end
$$;
