// auth.users and auth.identities in hosted Supabase's shape: a seed written for a hosted project
// runs unchanged, and the users it makes sign in; sign-up and admin creation make GoTrue's
// `email` identity, which the user JSON returns.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anonClient, deleteUsers, SEED, serviceClient, sql } from '../support';

const newEmail = () => `schema-${Math.random().toString(36).slice(2, 10)}@test.example.com`;

describe('auth schema as hosted', () => {
  it('runs a hosted-style seed (auth.users with its token columns, then auth.identities) and signs in', async () => {
    const id = randomUUID();
    const email = newEmail();
    await sql(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                               recovery_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data,
                               created_at, updated_at, confirmation_token, email_change, email_change_token_new,
                               recovery_token, is_super_admin)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2,
               extensions.crypt('seeded-password-1', extensions.gen_salt('bf')), now(), now(), now(),
               '{"provider":"email","providers":["email"]}', '{"name":"Seeded"}', now(), now(), '', '', '', '', false)`,
      [id, email],
    );
    await sql(
      `insert into auth.identities (id, user_id, provider_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values (gen_random_uuid(), $1::uuid, $1::text, format('{"sub":"%s","email":"%s"}', $1::text, $2::text)::jsonb, 'email',
               now(), now(), now())`,
      [id, email],
    );
    try {
      const client = anonClient();
      const { data, error } = await client.auth.signInWithPassword({ email, password: 'seeded-password-1' });
      expect(error).toBeNull();
      expect(data.user?.id).toBe(id);
      expect(data.user?.identities).toEqual([
        expect.objectContaining({ id, user_id: id, provider: 'email', email, identity_data: { sub: id, email } }),
      ]);
      const [row] = await sql<{ confirmed_at: Date | null; email: string }>(
        `select u.confirmed_at, i.email from auth.users u join auth.identities i on i.user_id = u.id where u.id = $1`,
        [id],
      );
      expect(row?.confirmed_at).not.toBeNull();
      expect(row?.email).toBe(email);
    } finally {
      await deleteUsers(id);
    }
  });

  it('has the hosted columns with their types and defaults', async () => {
    const columns = await sql<{ column_name: string; data_type: string; column_default: string | null }>(
      `select column_name, data_type, column_default from information_schema.columns
        where table_schema = 'auth' and table_name = 'users'`,
    );
    const byName = new Map(columns.map((c) => [c.column_name, c]));
    for (const name of [
      'confirmation_token',
      'recovery_token',
      'email_change_token_new',
      'email_change_token_current',
      'reauthentication_token',
      'phone_change_token',
      'email_change',
    ]) {
      expect(byName.get(name)?.data_type, name).toBe('character varying');
    }
    expect(byName.get('reauthentication_token')?.column_default).toContain("''");
    for (const name of ['phone', 'phone_change']) expect(byName.get(name)?.data_type, name).toBe('text');
    for (const name of ['raw_app_meta_data', 'raw_user_meta_data']) expect(byName.get(name)?.data_type).toBe('jsonb');
    for (const name of ['invited_at', 'deleted_at', 'phone_confirmed_at', 'confirmed_at', 'recovery_sent_at']) {
      expect(byName.get(name)?.data_type, name).toBe('timestamp with time zone');
    }
    expect(byName.get('is_sso_user')?.data_type).toBe('boolean');
    const [generated] = await sql<{ is_generated: string }>(
      `select is_generated from information_schema.columns
        where table_schema = 'auth' and table_name = 'users' and column_name = 'confirmed_at'`,
    );
    expect(generated?.is_generated).toBe('ALWAYS');
    const tables = await sql<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = 'auth' and table_name in ('identities', 'one_time_tokens', 'flow_state') order by 1`,
    );
    expect(tables.map((t) => t.name)).toEqual(['flow_state', 'identities', 'one_time_tokens']);
  });

  it('gives a signed-up and an admin-created user an email identity, returned in the user JSON', async () => {
    const email = newEmail();
    const signUp = await anonClient().auth.signUp({
      email,
      password: 'identity-pass-1',
      options: { data: { name: 'Ida' } },
    });
    expect(signUp.error).toBeNull();
    const userId = signUp.data.user!.id;
    expect(signUp.data.user?.identities).toEqual([
      expect.objectContaining({
        id: userId,
        user_id: userId,
        provider: 'email',
        email,
        identity_id: expect.any(String),
        identity_data: { sub: userId, email, email_verified: true, phone_verified: false, name: 'Ida' },
      }),
    ]);

    const adminEmail = newEmail();
    const created = await serviceClient().auth.admin.createUser({ email: adminEmail, password: 'identity-pass-2' });
    expect(created.error).toBeNull();
    expect(created.data.user?.identities).toHaveLength(1);
    expect(created.data.user?.identities?.[0]).toMatchObject({ provider: 'email', email: adminEmail });
    const rows = await sql<{ n: number }>(
      'select count(*)::int as n from auth.identities where user_id = any($1::uuid[])',
      [[userId, created.data.user!.id]],
    );
    expect(rows[0]?.n).toBe(2);
    // deleting a user takes its identities with it
    await deleteUsers(userId, created.data.user!.id);
    const left = await sql<{ n: number }>('select count(*)::int as n from auth.identities where user_id = $1', [
      userId,
    ]);
    expect(left[0]?.n).toBe(0);
  });

  it('has no default the hosted auth.users lacks: a user insert must name its id, aud, role and times', async () => {
    const defaults = await sql<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = 'auth' and table_name = 'users' and column_default is not null order by 1`,
    );
    // GoTrue's migrations give these alone a default (confirmed_at is generated; phone's is NULL)
    expect(defaults.map((c) => c.column_name)).toEqual([
      'email_change_confirm_status',
      'email_change_token_current',
      'is_anonymous',
      'is_sso_user',
      'phone_change',
      'phone_change_token',
      'reauthentication_token',
    ]);
    await expect(sql(`insert into auth.users (email) values ('no-id@test.example.com')`)).rejects.toThrow(
      /null value in column "id"/,
    );
  });

  it('keeps auth.* from the API roles, service_role included, with row-level security on every table', async () => {
    for (const role of ['anon', 'authenticated', 'service_role']) {
      const [row] = await sql<{ readable: boolean }>(
        `select has_table_privilege($1, 'auth.users', 'select') or has_table_privilege($1, 'auth.identities', 'select')
           as readable`,
        [role],
      );
      expect(row?.readable, role).toBe(false);
    }
    await expect(
      sql(`do $$ begin set local role service_role; perform count(*) from auth.users; end $$`),
    ).rejects.toThrow(/permission denied for table users/);
    const open = await sql<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'auth' and c.relkind = 'r' and not c.relrowsecurity`,
    );
    expect(open).toEqual([]);
  });

  it('answers auth.jwt() with NULL when a request has no claims, as hosted', async () => {
    const [none] = await sql<{ jwt: unknown; uid: string | null; role: string | null }>(
      'select auth.jwt() as jwt, auth.uid() as uid, auth.role() as role',
    );
    expect(none).toEqual({ jwt: null, uid: null, role: null });
    const [some] = await sql<{ uid: string; email: string }>(
      `select set_config('request.jwt.claims', $1, true), auth.uid()::text as uid, auth.email() as email`,
      [JSON.stringify({ sub: SEED.users.admin, email: 'admin@example.com', role: 'authenticated' })],
    );
    expect(some).toMatchObject({ uid: SEED.users.admin, email: 'admin@example.com' });
  });

  it('seeds users as the auth server writes them: token strings empty, never NULL, and an email identity each', async () => {
    const users = await sql<{ email: string; tokens: string[]; identity: Record<string, unknown> | null }>(
      `select u.email, array[u.confirmation_token, u.recovery_token, u.email_change_token_new, u.email_change,
                             u.aud, u.role, u.created_at::text] as tokens,
              (select i.identity_data from auth.identities i where i.user_id = u.id and i.provider = 'email'
                 and i.provider_id = u.id::text) as identity
         from auth.users u where u.email = any($1) order by 1`,
      // the seed's accounts only: other suites sign up users of their own on the same platform
      [['admin@example.com', 'guest@example.com', 'staff@example.com']],
    );
    expect(users.map((u) => u.email)).toEqual(['admin@example.com', 'guest@example.com', 'staff@example.com']);
    for (const user of users) {
      expect(user.tokens.slice(0, 4), user.email).toEqual(['', '', '', '']);
      expect(user.tokens.slice(4, 6), user.email).toEqual(['authenticated', 'authenticated']);
      expect(user.tokens[6], user.email).not.toBeNull();
      expect(user.identity, user.email).toMatchObject({ email: user.email, email_verified: true });
    }
  });
});
