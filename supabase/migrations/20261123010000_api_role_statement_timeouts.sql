-- The statement timeouts hosted Supabase gives the API roles: a request as anon may run 3 s, as a
-- signed-in user 8 s. PostgREST applies a role's settings when it switches to the role, so one
-- runaway query (a catastrophic regular expression, say) is cancelled instead of holding the
-- database. On a hosted project the roles already have these values; where the migrating role may
-- not alter them, the existing values stay and the migration goes on.
do $$
begin
  alter role anon set statement_timeout = '3s';
  alter role authenticated set statement_timeout = '8s';
exception
  when insufficient_privilege then
    raise notice 'statement_timeout of anon/authenticated left as they are: %', sqlerrm;
end
$$;
