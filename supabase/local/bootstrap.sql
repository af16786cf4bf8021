-- What a hosted Supabase project provides before any project migration runs:
-- the API roles, the auth and storage schemas and pgcrypto. Idempotent, so it
-- runs on every platform start. Never part of supabase/migrations.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit password 'postgres';
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;

create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
create extension if not exists pgcrypto with schema extensions;

grant usage on schema public to anon, authenticated, service_role;
-- Hosted Supabase grants table and routine access to the API roles by default
-- and lets row-level security decide; migrations tighten from there.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant execute on functions to anon, authenticated, service_role;

-- ---------------------------------------------------------------- auth
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

-- auth.users as the auth server's (GoTrue's) migrations leave it: its columns, types, nullability
-- and defaults. No default for id, aud, role, the metadata or the timestamps, as there: whoever
-- inserts a user (the local auth service, a seed, a test) supplies them, as GoTrue does.
create table if not exists auth.users (
  instance_id uuid,
  id uuid not null,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0
    constraint users_email_change_confirm_status_check check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false,
  constraint users_pkey primary key (id),
  constraint users_phone_key unique (phone)
);

-- A data directory made before this shape: its auth.users loses the defaults and NOT NULLs the
-- real table lacks and takes GoTrue's types (a column a view uses keeps its type, with a notice).
do $$
declare
  v_column text;
begin
  if not exists (select 1 from information_schema.columns
                  where table_schema = 'auth' and table_name = 'users' and column_name = 'id' and column_default is not null) then
    return;
  end if;
  alter table auth.users alter column id drop default;
  foreach v_column in array array['aud', 'role', 'raw_app_meta_data', 'raw_user_meta_data', 'created_at', 'updated_at'] loop
    execute format('alter table auth.users alter column %I drop default, alter column %I drop not null', v_column, v_column);
  end loop;
  foreach v_column in array array['aud', 'role', 'email', 'encrypted_password'] loop
    begin
      execute format('alter table auth.users alter column %I type varchar(255)', v_column);
    exception when feature_not_supported then
      raise notice 'auth.users.% keeps its type: a view uses it (npm run db:reset gives the hosted shape)', v_column;
    end;
  end loop;
  alter table auth.users drop constraint if exists users_email_key;
end
$$;

create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;
create index if not exists users_instance_id_idx on auth.users (instance_id);
create index if not exists users_instance_id_email_idx on auth.users (instance_id, email);
create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);
create unique index if not exists confirmation_token_idx on auth.users (confirmation_token)
  where confirmation_token !~ '^[0-9 ]*$';
create unique index if not exists recovery_token_idx on auth.users (recovery_token) where recovery_token !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_current_idx on auth.users (email_change_token_current)
  where email_change_token_current !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_new_idx on auth.users (email_change_token_new)
  where email_change_token_new !~ '^[0-9 ]*$';
create unique index if not exists reauthentication_token_idx on auth.users (reauthentication_token)
  where reauthentication_token !~ '^[0-9 ]*$';

-- Sign-in identities, one per provider (here only 'email'). Created once; users that existed before
-- get their e-mail identity then, as GoTrue's own backfill did.
do $$
begin
  if to_regclass('auth.identities') is null then
    create table auth.identities (
      provider_id text not null,
      user_id uuid not null references auth.users (id) on delete cascade,
      identity_data jsonb not null,
      provider text not null,
      last_sign_in_at timestamptz,
      created_at timestamptz,
      updated_at timestamptz,
      email text generated always as (lower(identity_data ->> 'email')) stored,
      id uuid not null default gen_random_uuid() primary key,
      constraint identities_provider_id_provider_unique unique (provider_id, provider)
    );
    create index identities_user_id_idx on auth.identities (user_id);
    create index identities_email_idx on auth.identities (email text_pattern_ops);
    insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
    select id::text, id,
           jsonb_build_object('sub', id::text, 'email', email, 'email_verified', email_confirmed_at is not null,
                              'phone_verified', false),
           'email', last_sign_in_at, created_at, updated_at
      from auth.users where email is not null;
  end if;
end
$$;

-- GoTrue's one-time tokens (hashed e-mail links and codes), one per user and kind.
do $$
begin
  create type auth.one_time_token_type as enum ('confirmation_token', 'reauthentication_token', 'recovery_token',
    'email_change_token_new', 'email_change_token_current', 'phone_change_token');
exception
  when duplicate_object then null;
end
$$;
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp without time zone not null default now(),
  updated_at timestamp without time zone not null default now()
);
create unique index if not exists one_time_tokens_user_id_token_type_key on auth.one_time_tokens (user_id, token_type);
create index if not exists one_time_tokens_token_hash_idx on auth.one_time_tokens (token_hash);

-- PKCE flow states: the code challenge of an e-mail link's flow and the auth code it ends in.
do $$
begin
  create type auth.code_challenge_method as enum ('s256', 'plain');
exception
  when duplicate_object then null;
end
$$;
create table if not exists auth.flow_state (
  id uuid primary key default gen_random_uuid(),
  user_id uuid,
  auth_code text not null,
  code_challenge_method auth.code_challenge_method not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
create index if not exists idx_auth_code on auth.flow_state (auth_code);
create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent text,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);
create index if not exists refresh_tokens_user_id_idx on auth.refresh_tokens (user_id);

-- MFA as GoTrue's migrations leave it (20221003041349_add_mfa_schema and the later ones for TOTP):
-- factors, their challenges, the methods each session was authenticated with, and the session's
-- assurance level. Phone and WebAuthn columns are GoTrue's too, though only TOTP is served here.
do $$
begin
  create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
exception
  when duplicate_object then null;
end
$$;
do $$
begin
  create type auth.factor_status as enum ('unverified', 'verified');
exception
  when duplicate_object then null;
end
$$;
do $$
begin
  create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
exception
  when duplicate_object then null;
end
$$;
create table if not exists auth.mfa_factors (
  id uuid not null constraint mfa_factors_pkey primary key,
  user_id uuid not null constraint mfa_factors_user_id_fkey references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text unique default null,
  last_challenged_at timestamptz unique default null
);
create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id)
  where trim(friendly_name) <> '';
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create unique index if not exists unique_verified_phone_factor on auth.mfa_factors (user_id, phone);
create table if not exists auth.mfa_challenges (
  id uuid not null constraint mfa_challenges_pkey primary key,
  factor_id uuid not null constraint mfa_challenges_auth_factor_id_fkey references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text
);
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);
create table if not exists auth.mfa_amr_claims (
  session_id uuid not null constraint mfa_amr_claims_session_id_fkey references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null constraint amr_id_pk primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);
alter table auth.sessions
  add column if not exists factor_id uuid,
  add column if not exists aal auth.aal_level;
create index if not exists user_id_created_at_idx on auth.sessions (user_id, created_at);

-- GoTrue's audit trail: one row per sign-up, sign-in, sign-out, token refresh/revocation, deletion, password change.
create table if not exists auth.audit_log_entries (instance_id uuid, id uuid not null primary key, payload json, created_at timestamptz, ip_address varchar(64) not null default '');

-- Claims come from PostgREST's transaction-local setting request.jwt.claims. As hosted (GoTrue's
-- migrations): NULL when there are none, never '{}'.
create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role;

-- As hosted: every auth table has row-level security on and no policy, and the API roles hold no
-- privilege on any of them (not even service_role: the auth server alone reads and writes them;
-- the product reaches them through its security-definer functions).
do $$
declare
  v_table regclass;
begin
  for v_table in select c.oid::regclass from pg_class c join pg_namespace n on n.oid = c.relnamespace
                  where n.nspname = 'auth' and c.relkind = 'r' loop
    execute format('alter table %s enable row level security', v_table);
  end loop;
end
$$;
revoke all on all tables in schema auth from anon, authenticated, service_role;
revoke all on all sequences in schema auth from anon, authenticated, service_role;

-- ---------------------------------------------------------------- storage
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

-- storage.buckets and storage.objects as Storage's migrations leave them (columns, types,
-- nullability, defaults); the S3, analytics and vector tables of newer Storage are not here.
do $$
begin
  create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
exception
  when duplicate_object then null;
end
$$;

create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD'
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text constraint "objects_bucketId_fkey" references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

-- Data directories made before: the same columns, nullability and defaults.
alter table storage.buckets
  add column if not exists avif_autodetection boolean default false,
  add column if not exists owner_id text,
  add column if not exists type storage.buckettype not null default 'STANDARD',
  alter column created_at drop not null,
  alter column updated_at drop not null,
  alter column public drop not null;
alter table storage.objects
  add column if not exists user_metadata jsonb,
  alter column bucket_id drop not null,
  alter column name drop not null,
  alter column created_at drop not null,
  alter column updated_at drop not null,
  alter column last_accessed_at drop not null;

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

create or replace function storage.foldername(name text) returns text[]
language sql immutable
as $$
  select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1]
$$;

create or replace function storage.filename(name text) returns text
language sql immutable
as $$
  select (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)]
$$;

create or replace function storage.extension(name text) returns text
language sql immutable
as $$
  select reverse(split_part(reverse(storage.filename(name)), '.', 1))
$$;

-- As on Supabase: the API roles hold every privilege and the policies decide (buckets have
-- only a read policy here, so creating or changing one takes the service role or a policy).
grant all on storage.objects to anon, authenticated, service_role;
grant all on storage.buckets to anon, authenticated, service_role;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

do $$
begin
  if not exists (select 1 from pg_policies where schemaname = 'storage' and tablename = 'buckets' and policyname = 'buckets are visible') then
    create policy "buckets are visible" on storage.buckets for select using (true);
  end if;
end
$$;

-- ---------------------------------------------------------------- migrations ledger (as the Supabase CLI keeps it)
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
-- The local platform's addition: a checksum of each applied file, so a changed migration is noticed.
alter table supabase_migrations.schema_migrations add column if not exists checksum text;
