-- The host's e-mails (issue 43 §1: e-mails to staff in the staff member's language): when the
-- house's address is a staff member's own sign-in address, the e-mail follows the language that
-- person chose for the portal (profiles.portal_language); otherwise, or when they chose none, the
-- language the house chose (booking_settings.host_email_language).
create or replace function private.host_email_language(p_recipient text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select p.portal_language
     from auth.users u
     join public.profiles p on p.user_id = u.id
     where lower(u.email) = lower(btrim(p_recipient)) and p.portal_language is not null
       and exists (select 1 from public.user_roles r where r.user_id = u.id)
     limit 1),
    private.host_email_language())
$$;
revoke all on function private.host_email_language(text) from public, anon, authenticated;

create or replace function private.email_outbox_host_language()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.resend_of is null then
    new.language := private.host_email_language(new.recipient);
  end if;
  return new;
end
$$;
revoke all on function private.email_outbox_host_language() from public, anon, authenticated;
