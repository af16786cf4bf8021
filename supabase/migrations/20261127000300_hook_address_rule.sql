-- Private addresses are refused when a hook is saved, not only when it is called (issue 30, item 5).
-- set_deploy_hook, create_webhook_endpoint and update_webhook_endpoint, called straight through the
-- API, saved https://169.254.169.254/… and https://10.1.2.3/…; only the edge function's form checked.
--
--   private.address_kind(text)   'public' | 'loopback' | 'private' | 'invalid' for a literal IPv4 or
--                                IPv6 address: the rule of supabase/functions/_shared/addresses.ts
--                                (classifyAddress), in the same words (a test compares them).
--   private.assert_hook_host(url) refuses a URL whose host is a literal private address, or a host
--                                a browser-style URL parser would read as an IPv4 address in
--                                another spelling (10.1.2.3., 0x0a.1.2.3, 167772161, 010.1.2.3) or
--                                with percent escapes or non-ASCII characters. Loopback stays
--                                allowed here (local development); the outbound guard decides at
--                                send time. Host names are resolved only by that guard.

create or replace function private.address_kind(p_text text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  v_text text := regexp_replace(coalesce(p_text, ''), '%.*$', '');
  v inet;
begin
  if v_text ~ '/' or v_text = '' then
    return 'invalid';
  end if;
  if v_text !~ ':' and v_text !~ '^[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}$' then
    return 'invalid';
  end if;
  begin
    v := v_text::inet;
  exception when others then
    return 'invalid';
  end;
  if family(v) = 4 then
    if v <<= '127.0.0.0/8' then
      return 'loopback';
    end if;
    if v <<= any (array[
      '0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '169.254.0.0/16', '172.16.0.0/12', '192.0.0.0/24',
      '192.0.2.0/24', '192.168.0.0/16', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24', '224.0.0.0/3'
    ]::inet[]) then
      return 'private';
    end if;
    return 'public';
  end if;
  if v = '::1'::inet then
    return 'loopback';
  end if;
  if v <<= any (array[
    '::/96',           -- unspecified and IPv4-compatible
    '::ffff:0:0/96',   -- IPv4-mapped
    '::ffff:0:0:0/96', -- IPv4-translated
    '64:ff9b::/96',    -- NAT64
    '2001::/32',       -- Teredo
    '2001:db8::/32',   -- documentation
    '2002::/16',       -- 6to4
    'fc00::/7',        -- unique local
    'fe80::/10',       -- link-local
    'fec0::/10',       -- site-local (deprecated)
    'ff00::/8'         -- multicast
  ]::inet[]) then
    return 'private';
  end if;
  return 'public';
end
$$;

create or replace function private.assert_hook_host(p_url text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_authority text := substring(coalesce(p_url, '') from '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#]*)');
  v_host text;
  v_last text;
begin
  if v_authority is null then
    return p_url;
  end if;
  v_host := regexp_replace(v_authority, '^.*@', '');
  if v_host ~ '^\[' then
    v_host := substring(v_host from '^\[([^]]*)\]');
    if private.address_kind(v_host) = 'invalid' then
      raise exception 'The URL is not valid.' using errcode = '22023';
    end if;
  else
    v_host := lower(regexp_replace(v_host, ':[0-9]*$', ''));
    if v_host !~ '^[a-z0-9._-]+$' then
      raise exception 'The URL''s host must be a plain host name or address (letters, digits, dots and hyphens).'
        using errcode = '22023';
    end if;
    v_host := regexp_replace(v_host, '\.$', '');
    v_last := regexp_replace(v_host, '^.*\.', '');
    -- what a URL parser reads as an IPv4 address must be written the usual way
    if v_last ~ '^([0-9]+|0x[0-9a-f]*)$' and private.address_kind(v_host) = 'invalid' then
      raise exception 'The URL is not valid.' using errcode = '22023';
    end if;
    if v_host ~ '^[0-9]+\.' and v_host ~ '(^|\.)0[0-9]' and v_last ~ '^[0-9]+$' then
      raise exception 'The URL is not valid.' using errcode = '22023';
    end if;
  end if;
  if private.address_kind(v_host) = 'private' then
    raise exception 'Private, link-local and reserved addresses are refused.' using errcode = '22023',
      hint = 'private_address';
  end if;
  return p_url;
end
$$;

-- The deploy hook: same function as in 20261126020000_deploy_hook.sql, plus the address rule.
create or replace function private.check_deploy_hook_url(p_url text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_url text := btrim(coalesce(p_url, ''));
begin
  if v_url = '' then
    raise exception 'Please enter the deploy hook URL.' using errcode = '22023';
  end if;
  if char_length(v_url) > 2000 then
    raise exception 'The URL must be at most 2000 characters.' using errcode = '22023';
  end if;
  if v_url ~ '\s' or v_url !~* '^[a-z][a-z0-9+.-]*://[^/?#]+' then
    raise exception 'The URL is not valid.' using errcode = '22023';
  end if;
  if substring(v_url from '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#]+)') like '%@%' then
    raise exception 'URLs with credentials are refused.' using errcode = '22023';
  end if;
  if not (v_url ~* '^https://' or v_url ~* '^http://(127\.0\.0\.1|localhost|\[::1\])(:[0-9]+)?([/?#]|$)') then
    raise exception 'The deploy hook URL must start with https:// (http:// is only for 127.0.0.1 or localhost in local development).'
      using errcode = '22023';
  end if;
  return private.assert_hook_host(v_url);
end
$$;

-- Webhook endpoints: every insert and every change of the URL, whoever writes (the definer
-- functions create_webhook_endpoint and update_webhook_endpoint, the service role).
create or replace function private.webhook_endpoints_check_host()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or new.url is distinct from old.url then
    perform private.assert_hook_host(new.url);
  end if;
  return new;
end
$$;

create trigger check_host before insert or update of url on public.webhook_endpoints
  for each row execute function private.webhook_endpoints_check_host();

revoke execute on all functions in schema private from public, anon, authenticated;
