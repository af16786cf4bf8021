-- Visual designer: one validated JSON design document (tokens, styles of allow-listed properties
-- on data-design-id elements, hidden elements, added library blocks). A draft for staff, immutable
-- published versions, and the published pointer the public site reads.
-- The rules mirror src/lib/design (schema.ts, tokens.ts, properties.ts, blocks.ts, contrast.ts).

-- ---------------------------------------------------------------- validation
create or replace function private.design_rules()
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'tokens', jsonb_build_object(
      'primary', 'color', 'primary-foreground', 'color', 'secondary', 'color', 'secondary-foreground', 'color',
      'accent', 'color', 'accent-foreground', 'color', 'background', 'color', 'foreground', 'color',
      'card', 'color', 'card-foreground', 'color', 'muted', 'color', 'muted-foreground', 'color', 'border', 'color',
      'rose', 'color', 'rose-light', 'color', 'sage', 'color', 'sage-light', 'color', 'cream', 'color',
      'cream-dark', 'color', 'terracotta', 'color', 'terracotta-light', 'color', 'stone', 'color',
      'stone-light', 'color', 'vintage-gold', 'color', 'vintage-gold-light', 'color',
      'spacing-xs', 'spacing', 'spacing-sm', 'spacing', 'spacing-md', 'spacing', 'spacing-lg', 'spacing',
      'spacing-xl', 'spacing', 'spacing-2xl', 'spacing', 'spacing-3xl', 'spacing',
      'font-size-xs', 'typography', 'font-size-sm', 'typography', 'font-size-base', 'typography',
      'font-size-lg', 'typography', 'font-size-xl', 'typography', 'font-size-2xl', 'typography',
      'font-size-3xl', 'typography', 'font-size-4xl', 'typography'),
    'ranges', '{"spacing": [0, 8, 0.25], "typography": [0.5, 5, 0.125]}'::jsonb,
    'properties', '{
      "display": ["block", "inline", "inline-block", "flex", "grid", "none"],
      "position": ["static", "relative", "absolute", "fixed", "sticky"],
      "z-index": [-1000, 1000, 1],
      "width": [0, 10000, 1], "height": [0, 10000, 1], "max-width": [0, 10000, 1], "max-height": [0, 10000, 1],
      "overflow": ["visible", "hidden", "scroll", "auto"],
      "margin-top": [-100, 200, 1], "margin-right": [-100, 200, 1], "margin-bottom": [-100, 200, 1], "margin-left": [-100, 200, 1],
      "padding-top": [0, 200, 1], "padding-right": [0, 200, 1], "padding-bottom": [0, 200, 1], "padding-left": [0, 200, 1],
      "font-family": ["inherit", "serif", "sans-serif", "monospace", "Inter", "Playfair Display"],
      "font-size": [8, 128, 1],
      "font-weight": ["normal", "bold", "100", "200", "300", "400", "500", "600", "700", "800", "900"],
      "line-height": [0.5, 3, 0.1],
      "letter-spacing": [-5, 20, 0.1],
      "text-align": ["left", "center", "right", "justify"],
      "text-decoration": ["none", "underline", "overline", "line-through"],
      "text-transform": ["none", "uppercase", "lowercase", "capitalize"],
      "color": "color",
      "background-color": "color",
      "background-size": ["auto", "cover", "contain"],
      "background-position": ["center", "top", "bottom", "left", "right"],
      "background-repeat": ["repeat", "no-repeat", "repeat-x", "repeat-y"],
      "opacity": [0, 1, 0.1],
      "border-width": [0, 20, 1],
      "border-style": ["none", "solid", "dashed", "dotted", "double"],
      "border-color": "color",
      "border-radius": [0, 100, 1],
      "box-shadow": ["none", "small", "medium", "large"]
    }'::jsonb,
    'blocks', '{
      "promo-banner": ["title", "button"],
      "call-to-action": ["title", "text", "button"],
      "faq": ["title", "items"],
      "feature-cards": ["title", "items"],
      "enquiry-prompt": ["title", "text", "button"],
      "section-links": ["title"],
      "gallery-strip": ["title"],
      "info-table": ["title", "items"]
    }'::jsonb,
    'limits', '{"title": 120, "text": 600, "button": 40, "items": 2000}'::jsonb
  );
$$;

create or replace function private.design_hsl(value jsonb)
returns double precision[]
language plpgsql
immutable
set search_path = ''
as $$
declare
  parts text[];
begin
  if jsonb_typeof(value) <> 'string' then return null; end if;
  parts := regexp_match(value #>> '{}', '^(\d{1,3}(?:\.\d{1,2})?) (\d{1,3}(?:\.\d{1,2})?)% (\d{1,3}(?:\.\d{1,2})?)%$');
  if parts is null or parts[1]::numeric > 360 or parts[2]::numeric > 100 or parts[3]::numeric > 100 then
    return null;
  end if;
  return array[parts[1]::double precision, parts[2]::double precision, parts[3]::double precision];
end;
$$;

-- true when value is a number in [min, max] on the step grid from min
create or replace function private.design_in_range(value jsonb, range jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(value) = 'number'
    and value::numeric between (range ->> 0)::numeric and (range ->> 1)::numeric
    and mod(value::numeric - (range ->> 0)::numeric, (range ->> 2)::numeric) = 0;
$$;

/** Every reason the document is not a valid design (empty when it is). */
create or replace function private.design_errors(doc jsonb)
returns text[]
language plpgsql
immutable
set search_path = ''
as $$
declare
  rules constant jsonb := private.design_rules();
  errors text[] := '{}';
  key text;
  value jsonb;
  element_id text;
  styles jsonb;
  rule jsonb;
  kind_fields jsonb;
  block jsonb;
  block_ids text[] := '{}';
  id_pattern constant text := '^[a-z][a-z0-9-]{0,63}$';
begin
  if jsonb_typeof(doc) is distinct from 'object' then
    return array['the design must be an object'];
  end if;
  -- defence in depth: these never belong in a design, whatever field they hide in
  if doc::text ~* '(</style|url\(|expression\(|javascript:|@import)' then
    errors := errors || 'the design contains text that is not allowed (</style, url(, expression(, javascript:, @import)'::text;
  end if;
  for key in select jsonb_object_keys(doc) loop
    if key not in ('version', 'tokens', 'styles', 'hidden', 'blocks') then
      errors := errors || format('unknown field %s', key);
    end if;
  end loop;
  if doc -> 'version' is distinct from '1'::jsonb then
    errors := errors || 'version must be 1'::text;
  end if;

  -- tokens: exactly the known names, each of its type
  if jsonb_typeof(doc -> 'tokens') is distinct from 'object' then
    errors := errors || 'tokens must be an object'::text;
  else
    for key in select jsonb_object_keys(rules -> 'tokens') loop
      if not (doc -> 'tokens') ? key then errors := errors || format('token %s is missing', key); end if;
    end loop;
    for key, value in select * from jsonb_each(doc -> 'tokens') loop
      if not (rules -> 'tokens') ? key then
        errors := errors || format('unknown token %s', left(key, 64));
      elsif rules -> 'tokens' ->> key = 'color' then
        if private.design_hsl(value) is null then
          errors := errors || format('token %s must be an HSL triple such as 220 60%% 15%%', key);
        end if;
      elsif not private.design_in_range(value, rules -> 'ranges' -> (rules -> 'tokens' ->> key)) then
        errors := errors || format('token %s is out of range', key);
      end if;
    end loop;
  end if;

  -- styles: designable element ids, allow-listed properties with their ranges and options
  if jsonb_typeof(doc -> 'styles') is distinct from 'object' then
    errors := errors || 'styles must be an object'::text;
  elsif (select count(*) from jsonb_object_keys(doc -> 'styles')) > 200 then
    errors := errors || 'at most 200 styled elements'::text;
  else
    for element_id, styles in select * from jsonb_each(doc -> 'styles') loop
      if element_id !~ id_pattern then
        errors := errors || format('invalid element id %s', left(element_id, 64));
      elsif jsonb_typeof(styles) <> 'object' then
        errors := errors || format('styles of %s must be an object', element_id);
      else
        for key, value in select * from jsonb_each(styles) loop
          rule := rules -> 'properties' -> key;
          if rule is null then
            errors := errors || format('%s: %s is not an allowed property', element_id, left(key, 64));
          elsif rule = '"color"'::jsonb then
            if private.design_hsl(value) is null
              and (rules -> 'tokens' ->> (value #>> '{}')) is distinct from 'color' then
              errors := errors || format('%s: %s must be an HSL triple or a colour token', element_id, key);
            end if;
          elsif jsonb_typeof(rule -> 0) = 'string' then
            if not rule @> jsonb_build_array(value) or jsonb_typeof(value) <> 'string' then
              errors := errors || format('%s: %s is not one of its options', element_id, key);
            end if;
          elsif not private.design_in_range(value, rule) then
            errors := errors || format('%s: %s is out of range', element_id, key);
          end if;
        end loop;
      end if;
    end loop;
  end if;

  -- hidden elements
  if jsonb_typeof(doc -> 'hidden') is distinct from 'array' or jsonb_array_length(doc -> 'hidden') > 200 then
    errors := errors || 'hidden must be a list of at most 200 element ids'::text;
  elsif exists (
    select 1 from jsonb_array_elements(doc -> 'hidden') h
    where jsonb_typeof(h) <> 'string' or h #>> '{}' !~ id_pattern
  ) then
    errors := errors || 'hidden contains an invalid element id'::text;
  end if;

  -- blocks: the 8 library kinds, their text fields with length caps
  if jsonb_typeof(doc -> 'blocks') is distinct from 'array' or jsonb_array_length(doc -> 'blocks') > 20 then
    errors := errors || 'blocks must be a list of at most 20 blocks'::text;
  else
    for block in select * from jsonb_array_elements(doc -> 'blocks') loop
      kind_fields := rules -> 'blocks' -> (block ->> 'kind');
      if jsonb_typeof(block) <> 'object' then
        errors := errors || 'a block must be an object'::text;
      elsif exists (select 1 from jsonb_object_keys(block) k where k not in ('id', 'kind', 'texts')) then
        errors := errors || 'a block has unknown fields'::text;
      elsif jsonb_typeof(block -> 'id') is distinct from 'string' or block ->> 'id' !~ '^[a-z0-9-]{1,40}$' then
        errors := errors || 'a block has an invalid id'::text;
      elsif (block ->> 'id') = any (block_ids) then
        errors := errors || format('block id %s is used twice', block ->> 'id');
      elsif kind_fields is null then
        errors := errors || format('unknown block kind %s', left(block ->> 'kind', 64));
      elsif jsonb_typeof(block -> 'texts') is distinct from 'object' then
        errors := errors || 'block texts must be an object'::text;
      else
        block_ids := block_ids || (block ->> 'id');
        for key, value in select * from jsonb_each(block -> 'texts') loop
          if not kind_fields ? key then
            errors := errors || format('a %s block has no %s', block ->> 'kind', left(key, 64));
          elsif jsonb_typeof(value) <> 'string' or length(value #>> '{}') > (rules -> 'limits' ->> key)::int then
            errors := errors || format('%s of a %s block must be text of at most %s characters', key, block ->> 'kind', rules -> 'limits' ->> key);
          end if;
        end loop;
      end if;
    end loop;
  end if;
  return errors;
end;
$$;

create or replace function private.validate_design_document()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  errors constant text[] := private.design_errors(new.document);
begin
  if cardinality(errors) > 0 then
    raise exception 'Invalid design: %', array_to_string(errors, '; ') using errcode = '23514';
  end if;
  return new;
end;
$$;

-- ---------------------------------------------------------------- WCAG contrast
create or replace function private.design_luminance(hsl double precision[])
returns double precision
language plpgsql
immutable
set search_path = ''
as $$
declare
  s constant double precision := hsl[2] / 100;
  l constant double precision := hsl[3] / 100;
  a constant double precision := s * least(l, 1 - l);
  n double precision;
  k double precision;
  c double precision;
  linear double precision[] := '{}';
begin
  foreach n in array array[0, 8, 4]::double precision[] loop
    k := (n + hsl[1] / 30) - 12 * floor((n + hsl[1] / 30) / 12);
    c := l - a * greatest(-1, least(k - 3, 9 - k, 1));
    linear := linear || case when c <= 0.04045 then c / 12.92 else power((c + 0.055) / 1.055, 2.4) end;
  end loop;
  return 0.2126 * linear[1] + 0.7152 * linear[2] + 0.0722 * linear[3];
end;
$$;

/** The text/background token pairs below 4.5:1, as "text on background (ratio:1)". */
create or replace function private.design_contrast_failures(tokens jsonb)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(format('%s on %s (%s:1)', fg, bg, round(ratio::numeric, 2)) order by ord), '{}')
  from (
    select p.ord, p.fg, p.bg,
      (greatest(lf, lb) + 0.05) / (least(lf, lb) + 0.05) as ratio
    from (values
      (1, 'foreground', 'background'), (2, 'card-foreground', 'card'), (3, 'primary-foreground', 'primary'),
      (4, 'secondary-foreground', 'secondary'), (5, 'accent-foreground', 'accent'), (6, 'muted-foreground', 'muted')
    ) as p (ord, fg, bg)
    cross join lateral (
      select private.design_luminance(private.design_hsl(tokens -> p.fg)) as lf,
             private.design_luminance(private.design_hsl(tokens -> p.bg)) as lb
    ) l
  ) pairs
  where ratio < 4.5;
$$;

-- ---------------------------------------------------------------- tables
create table public.design_draft (
  id boolean primary key default true constraint design_draft_single_row check (id),
  document jsonb not null,
  revision integer not null default 1,
  updated_by uuid references auth.users (id) on delete set null,
  updated_at timestamptz not null default now()
);
comment on table public.design_draft is 'The one design draft staff edit (revision for the concurrent-edit check).';
create index design_draft_updated_by_idx on public.design_draft (updated_by);

create table public.design_versions (
  id bigint generated always as identity primary key,
  number integer not null constraint design_versions_number_key unique,
  document jsonb not null,
  note text not null default '' constraint design_versions_note_length check (length(note) <= 500),
  restored_from integer,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
comment on table public.design_versions is 'Every published design, immutable; restore publishes a copy.';
create index design_versions_created_by_idx on public.design_versions (created_by);
create index design_versions_created_at_idx on public.design_versions (created_at desc);

create table public.design_published (
  id boolean primary key default true constraint design_published_single_row check (id),
  version_id bigint not null references public.design_versions (id),
  document jsonb not null,
  published_at timestamptz not null default now()
);
comment on table public.design_published is 'The design the public site shows (a copy of the current version).';
create index design_published_version_id_idx on public.design_published (version_id);

create table public.design_favorites (
  user_id uuid not null references auth.users (id) on delete cascade,
  item_type text not null constraint design_favorites_item_type check (item_type in ('template', 'component')),
  item_id text not null constraint design_favorites_item_id check (item_id ~ '^[a-z][a-z0-9-]{0,63}$'),
  favorite boolean not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, item_type, item_id)
);
comment on table public.design_favorites is 'Per-user favourite templates and library entries (a row overrides the built-in default).';

create trigger validate_design before insert or update on public.design_draft
for each row execute function private.validate_design_document();
create trigger validate_design before insert or update on public.design_versions
for each row execute function private.validate_design_document();
create trigger validate_design before insert or update on public.design_published
for each row execute function private.validate_design_document();

-- versions never change; only deleting the author's account may clear created_by
create or replace function private.design_versions_immutable()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
    and new.created_by is null
    and (new.id, new.number, new.document, new.note, new.restored_from, new.created_at)
      is not distinct from (old.id, old.number, old.document, old.note, old.restored_from, old.created_at) then
    return new;
  end if;
  raise exception 'Published design versions cannot be changed or deleted.' using errcode = '42501';
end;
$$;
create trigger design_versions_immutable before update or delete on public.design_versions
for each row execute function private.design_versions_immutable();

create trigger audit_row_change after insert or update or delete on public.design_draft
for each row execute function private.audit_row_change();
create trigger audit_row_change after insert or update or delete on public.design_versions
for each row execute function private.audit_row_change();
create trigger audit_row_change after insert or update or delete on public.design_published
for each row execute function private.audit_row_change();
create trigger audit_row_change after insert or update or delete on public.design_favorites
for each row execute function private.audit_row_change();

-- ---------------------------------------------------------------- RLS and grants
alter table public.design_draft enable row level security;
alter table public.design_versions enable row level security;
alter table public.design_published enable row level security;
alter table public.design_favorites enable row level security;

revoke all on table public.design_draft, public.design_versions, public.design_published, public.design_favorites
from public, anon, authenticated;
grant select on table public.design_draft, public.design_versions to authenticated;
grant select on table public.design_published to anon, authenticated;
grant select, insert, update, delete on table public.design_favorites to authenticated;

create policy design_draft_select_staff on public.design_draft
for select to authenticated using ((select public.is_staff()));
create policy design_versions_select_staff on public.design_versions
for select to authenticated using ((select public.is_staff()));
create policy design_published_select_all on public.design_published
for select to anon, authenticated using (true);
create policy design_favorites_select_own on public.design_favorites
for select to authenticated using (user_id = (select auth.uid()) and (select public.is_staff()));
create policy design_favorites_insert_own on public.design_favorites
for insert to authenticated with check (user_id = (select auth.uid()) and (select public.is_staff()));
create policy design_favorites_update_own on public.design_favorites
for update to authenticated
using (user_id = (select auth.uid()) and (select public.is_staff()))
with check (user_id = (select auth.uid()) and (select public.is_staff()));
create policy design_favorites_delete_own on public.design_favorites
for delete to authenticated using (user_id = (select auth.uid()) and (select public.is_staff()));

-- ---------------------------------------------------------------- RPCs
-- Saves the draft when nobody saved since base_revision (0: no draft yet); returns the new revision.
-- A concurrent save is refused with HTTP 409 (SQLSTATE PT409), naming who saved and when.
create or replace function public.save_design_draft(p_document jsonb, p_base_revision integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  current public.design_draft;
  saved_by text;
begin
  if not public.is_staff() then
    raise exception 'Only staff can edit the design.' using errcode = '42501';
  end if;
  select * into current from public.design_draft for update;
  if coalesce(current.revision, 0) <> p_base_revision then
    select coalesce(nullif(p.name, ''), p.email, 'someone') into saved_by
    from public.profiles p where p.user_id = current.updated_by;
    raise exception 'The draft was changed by % at % while you were editing.',
      coalesce(saved_by, 'someone'), to_char(current.updated_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"')
      using errcode = 'PT409';
  end if;
  insert into public.design_draft (id, document, revision, updated_by, updated_at)
  values (true, p_document, 1, auth.uid(), now())
  on conflict (id) do update
    set document = excluded.document, revision = public.design_draft.revision + 1,
        updated_by = excluded.updated_by, updated_at = excluded.updated_at;
  return coalesce(current.revision, 0) + 1;
end;
$$;

create or replace function private.publish_design_document(p_document jsonb, p_note text, p_restored_from integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  failures text[];
  next_number integer;
  version_id bigint;
begin
  if not public.is_admin() then
    raise exception 'Only admins can publish the design.' using errcode = '42501';
  end if;
  failures := private.design_contrast_failures(p_document -> 'tokens');
  if cardinality(failures) > 0 then
    raise exception 'Colour contrast below 4.5:1 (WCAG AA): %', array_to_string(failures, ', ')
      using errcode = 'P0001';
  end if;
  -- one publisher at a time: numbers stay consecutive
  perform pg_advisory_xact_lock(hashtext('public.design_versions'));
  select coalesce(max(number), 0) + 1 into next_number from public.design_versions;
  insert into public.design_versions (number, document, note, restored_from, created_by)
  values (next_number, p_document, left(coalesce(p_note, ''), 500), p_restored_from, auth.uid())
  returning id into version_id;
  insert into public.design_published (id, version_id, document, published_at)
  values (true, version_id, p_document, now())
  on conflict (id) do update
    set version_id = excluded.version_id, document = excluded.document, published_at = excluded.published_at;
  return next_number;
end;
$$;
revoke execute on function private.publish_design_document(jsonb, text, integer) from public, anon, authenticated;

-- Publishes the draft as it is at base_revision (refused if it changed since); returns the version number.
create or replace function public.publish_design(p_base_revision integer, p_note text default '')
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  draft public.design_draft;
begin
  if not public.is_admin() then
    raise exception 'Only admins can publish the design.' using errcode = '42501';
  end if;
  select * into draft from public.design_draft for update;
  if not found then
    raise exception 'There is no draft to publish yet: save the design first.' using errcode = 'P0001';
  end if;
  if draft.revision <> p_base_revision then
    raise exception 'The draft changed while you were editing; reload it before publishing.' using errcode = 'PT409';
  end if;
  return private.publish_design_document(draft.document, p_note, null);
end;
$$;

-- Publishes a copy of an earlier version (nothing is destroyed); returns the new version number.
create or replace function public.restore_design_version(p_number integer, p_note text default '')
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  source public.design_versions;
begin
  if not public.is_admin() then
    raise exception 'Only admins can restore a design version.' using errcode = '42501';
  end if;
  select * into source from public.design_versions where number = p_number;
  if not found then
    raise exception 'Design version % does not exist.', p_number using errcode = 'P0001';
  end if;
  return private.publish_design_document(
    source.document, coalesce(nullif(p_note, ''), format('Restored version %s', p_number)), p_number);
end;
$$;

revoke execute on function public.save_design_draft(jsonb, integer) from public, anon;
revoke execute on function public.publish_design(integer, text) from public, anon;
revoke execute on function public.restore_design_version(integer, text) from public, anon;
grant execute on function public.save_design_draft(jsonb, integer) to authenticated;
grant execute on function public.publish_design(integer, text) to authenticated;
grant execute on function public.restore_design_version(integer, text) to authenticated;
