-- The audit trigger of booking_guests (20261127040000_checkin_schema.sql) failed on every write:
-- a select-list alias was used in WHERE ("column k does not exist"). The same function with the
-- key list read from jsonb_object_keys as a table. If the check-in branch lands its own fix, this
-- migration is redundant (the function is the same) and may be dropped before it reaches main.
create or replace function private.audit_booking_guest_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - 'updated_at' - 'created_at' end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - 'updated_at' - 'created_at' end;
  v_changed text[];
begin
  if tg_op = 'UPDATE' then
    select coalesce(array_agg(k order by k), '{}') into v_changed
    from jsonb_object_keys(v_new) k where v_new -> k is distinct from v_old -> k;
    if cardinality(v_changed) = 0 then
      return null;
    end if;
  end if;
  insert into public.audit_logs (action, table_name, record_id, user_id, old_values, new_values)
  values (
    tg_op, tg_table_name, coalesce(new.id, old.id)::text, auth.uid(),
    case when tg_op <> 'INSERT' then jsonb_build_object('booking_id', old.booking_id) end,
    case when tg_op <> 'DELETE' then jsonb_build_object(
      'booking_id', new.booking_id,
      'changed', to_jsonb(coalesce(v_changed, array(select k from jsonb_object_keys(v_new) k where v_new ->> k is not null order by k))),
      'source', new.updated_source
    ) end
  );
  return null;
end
$$;
