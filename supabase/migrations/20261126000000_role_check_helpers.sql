-- One way for new server functions to refuse a caller without the right role, with one error code
-- (42501) and the sentence the screen shows. Landed migrations keep their own checks.

create or replace function private.require_staff(p_action text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only staff can %.', p_action using errcode = '42501';
  end if;
end;
$$;
comment on function private.require_staff(text) is
  'Raises 42501 "Only staff can <action>." unless the caller is staff or admin.';

create or replace function private.require_admin(p_action text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only administrators can %.', p_action using errcode = '42501';
  end if;
end;
$$;
comment on function private.require_admin(text) is
  'Raises 42501 "Only administrators can <action>." unless the caller is an admin.';

-- Called from security definer functions only, never through the API.
revoke execute on function private.require_staff(text), private.require_admin(text)
  from public, anon, authenticated;
