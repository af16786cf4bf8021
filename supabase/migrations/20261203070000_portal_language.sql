-- The staff portal's language (issue 43): each staff member's own choice, kept on their profile.
-- Null means "not chosen": the portal then follows the browser's languages, then Italian. The
-- portal speaks English and Italian only (the guest pages add French).
alter table public.profiles
  add column portal_language text
    constraint profiles_portal_language_known check (portal_language = any (array['en', 'it']));

comment on column public.profiles.portal_language is
  'The staff portal''s language chosen by this account (en or it); null: the browser''s, then Italian. Set by its owner through set_my_language().';

-- A user changes only their own choice, and only this column: profiles' policies keep every other
-- write to admins (and two-factor sign-in), so the change goes through this function.
create function public.set_my_language(p_language text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
begin
  if v_user is null then
    raise exception 'Sign in to choose the portal''s language.' using errcode = '42501';
  end if;
  if p_language is not null and p_language <> all (array['en', 'it']) then
    raise exception 'The portal speaks English (en) and Italian (it).' using errcode = '22023';
  end if;
  update public.profiles set portal_language = p_language where user_id = v_user;
  if not found then
    raise exception 'This account has no profile.' using errcode = 'P0002';
  end if;
  return p_language;
end
$$;

comment on function public.set_my_language(text) is
  'Sets the caller''s own portal language (en, it, or null for the browser''s); nobody else''s.';

revoke execute on function public.set_my_language(text) from public, anon, authenticated, service_role;
grant execute on function public.set_my_language(text) to authenticated, service_role;
