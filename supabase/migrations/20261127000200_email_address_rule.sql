-- One e-mail address rule (issue 30, item 3), the same in meaning as isValidEmail in
-- supabase/functions/_shared/constants.ts (the functions and the forms use that one; a test runs
-- one list of addresses through both): at most 254 characters, a local part of at most 64 made of
-- letters, digits and ! # $ % & ' * + / = ? ^ _ ` { | } ~ - in dot-separated runs, an @, then
-- dot-separated host labels (letters, digits, inner hyphens) ending in a top-level domain of
-- letters (or xn--). No spaces, commas, quotes, brackets or a second @: `a@b.co,d` is refused.
create or replace function private.is_valid_email(p_email text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select p_email is not null
    and char_length(p_email) <= 254
    and char_length(split_part(p_email, '@', 1)) <= 64
    and p_email ~ ('^[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+)*'
      || '@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+([A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$')
$$;
comment on function private.is_valid_email(text) is
  'The one e-mail address rule (same meaning as isValidEmail in supabase/functions/_shared/constants.ts).';

-- Every new or changed address of a booking or a contact message follows it (a trigger, as the
-- plain-text rules of 20261127000100: an old row never blocks an unrelated update, and the API
-- roles need not execute the private function).
create or replace function private.guard_email_address()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_value text := to_jsonb(new) ->> tg_argv[0];
begin
  if tg_op = 'UPDATE' and v_value is not distinct from to_jsonb(old) ->> tg_argv[0] then
    return new;
  end if;
  if not private.is_valid_email(v_value) then
    raise exception 'Please enter a valid email address.' using errcode = '23514', hint = 'email_not_valid';
  end if;
  return new;
end
$$;

create trigger guard_email_address before insert or update on public.bookings
  for each row execute function private.guard_email_address('guest_email');
create trigger guard_email_address before insert or update on public.contact_messages
  for each row execute function private.guard_email_address('email');

revoke execute on all functions in schema private from public, anon, authenticated;
