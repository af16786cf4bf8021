-- The contact form's limit (5 messages per address per 10 minutes) as one statement: the check
-- and the insert run under a per-address lock, so parallel requests cannot all pass the check
-- before any of them has stored its row. Called by the send-contact-email function (service role).
create function public.store_contact_message(
  p_name text,
  p_email text,
  p_message text,
  p_client_ip text,
  p_max_messages integer,
  p_window interval,
  p_phone text default null
) returns uuid
language plpgsql
security invoker
set search_path = ''
as $$
declare
  stored_id uuid;
begin
  -- One lock per address for the rest of the transaction; other addresses are not held up.
  perform pg_advisory_xact_lock(hashtextextended('contact_messages:' || coalesce(p_client_ip, ''), 0));
  if (select count(*) from public.contact_messages
       where client_ip is not distinct from p_client_ip and created_at > now() - p_window) >= p_max_messages then
    return null;
  end if;
  insert into public.contact_messages (name, email, phone, message, client_ip)
  values (p_name, p_email, p_phone, p_message, p_client_ip)
  returning id into stored_id;
  return stored_id;
end;
$$;

comment on function public.store_contact_message(text, text, text, text, integer, interval, text) is
  'Stores a contact message unless the address already sent p_max_messages within p_window (then returns null). '
  'Check and insert under one per-address advisory lock. Service role only.';

revoke execute on function public.store_contact_message(text, text, text, text, integer, interval, text)
  from public, anon, authenticated;
grant execute on function public.store_contact_message(text, text, text, text, integer, interval, text) to service_role;
