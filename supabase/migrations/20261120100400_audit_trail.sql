-- Audit trail: every insert, update and delete on the tables staff manage writes a row to
-- public.audit_logs (action, table_name, record_id, user_id = auth.uid(), old_values, new_values).
-- Updates that change nothing but updated_at are not recorded.

create or replace function private.audit_row_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb;
  v_new jsonb;
begin
  if tg_op <> 'INSERT' then
    v_old := to_jsonb(old);
  end if;
  if tg_op <> 'DELETE' then
    v_new := to_jsonb(new);
  end if;
  if tg_op = 'UPDATE' and (v_old - 'updated_at') = (v_new - 'updated_at') then
    return null;
  end if;
  insert into public.audit_logs (action, table_name, record_id, user_id, old_values, new_values)
  values (
    tg_op,
    tg_table_name,
    coalesce(coalesce(v_new, v_old) ->> 'id', coalesce(v_new, v_old) ->> 'key'),
    auth.uid(),
    v_old,
    v_new
  );
  return null;
end
$$;

revoke execute on function private.audit_row_change() from public, anon, authenticated;

do $$
declare
  t text;
begin
  foreach t in array array['rooms', 'room_images', 'room_promo_codes', 'amenities', 'services', 'reviews', 'bookings',
    'site_content', 'profiles', 'user_roles', 'security_alerts']
  loop
    execute format('create trigger audit_row_change after insert or update or delete on public.%I for each row execute function private.audit_row_change()', t);
  end loop;
end
$$;
