-- Hosted Supabase runs API logins under pg-safeupdate, which refuses an UPDATE or DELETE without a
-- WHERE clause ("DELETE requires a WHERE clause"). remove_deploy_hook() deleted the single row of
-- private.deploy_hook with none, so it failed there. Same function, naming the row it removes.
create or replace function public.remove_deploy_hook()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('remove the deploy hook');
  delete from private.deploy_hook where id;
  if found then
    update public.webhook_deliveries set status = 'failed', locked_until = null, last_error = 'The deploy hook was removed'
    where endpoint_id is null and status = 'pending';
    insert into public.audit_logs (table_name, record_id, action, old_values, user_id)
    values ('deploy_hook', 'deploy_hook', 'DELETE', '{}'::jsonb, auth.uid());
  end if;
  return public.deploy_hook_settings();
end
$$;
comment on function public.remove_deploy_hook() is 'Admins: removes the deploy hook; rebuilds not yet sent are dropped.';
