-- Translatable content (#23): the site texts, rooms, amenities and services in Italian and French.
--
-- English stays in the existing columns (what the spec names, what the admin and everything else
-- read). Each table gets one `translations jsonb` column holding only the other languages:
--   site_content: {"it": "…", "fr": "…"}
--   rooms:        {"it": {"name": "…", "description": "…", "amenities": ["…", …]}, "fr": {…}}
--   amenities, services: {"it": {"name": "…", "description": "…"}, "fr": {…}}
-- A missing or blank text means "not translated": the public pages show the English one.
--
-- Validation is a BEFORE trigger rather than a CHECK calling a function: a CHECK runs its functions
-- with the caller's privileges (the API roles may execute nothing in schema private), and the
-- trigger can name the field that is wrong and tidy the value (trims texts, drops blank texts,
-- empty lists and empty languages) so the column only ever holds real translations.
-- Who writes is decided by each table's existing policies and table-level grants (staff only);
-- a new column is covered by them.

-- ---------------------------------------------------------------- one translated text
-- A trimmed plain text (no markup, no control characters but line breaks and tabs) or null when blank.
create function private.translation_text(p_value jsonb, p_max integer, p_where text)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text;
begin
  if p_value is null or jsonb_typeof(p_value) = 'null' then
    return null;
  end if;
  if jsonb_typeof(p_value) <> 'string' then
    raise exception 'The translation % must be text.', p_where using errcode = '23514';
  end if;
  v := btrim(p_value #>> '{}', E' \t\r\n');
  if v = '' then
    return null;
  end if;
  if char_length(v) > p_max then
    raise exception 'The translation % must be at most % characters.', p_where, p_max using errcode = '23514';
  end if;
  if v ~ '<[A-Za-z/!?]' then
    raise exception 'The translation % must be plain text, without HTML.', p_where using errcode = '23514';
  end if;
  if regexp_replace(v, E'[\t\r\n]', '', 'g') ~ '[[:cntrl:]]' then
    raise exception 'The translation % contains characters that are not allowed.', p_where using errcode = '23514';
  end if;
  return to_jsonb(v);
end
$$;

-- ---------------------------------------------------------------- the translations of one row
-- Trigger arguments name the translatable fields as 'field:max' (a text), 'field[]:max' (a list of
-- at most 50 texts), or ':max' alone when each language holds one text (site_content).
-- security definer: it calls private.translation_text, which the API roles may not execute.
create function private.normalize_translations()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_out jsonb := '{}';
  v_lang text;
  v_value jsonb;
  v_field text;
  v_item jsonb;
  v_spec text;
  v_max integer;
  v_clean jsonb;
  v_fields jsonb;
  v_list jsonb;
  v_text jsonb;
begin
  if new.translations is null or jsonb_typeof(new.translations) <> 'object' then
    raise exception 'Translations must be an object keyed by language (it, fr).' using errcode = '23514';
  end if;

  for v_lang, v_value in select key, value from jsonb_each(new.translations) loop
    if v_lang not in ('it', 'fr') then
      raise exception 'Unknown translation language "%": only it and fr are translated.', left(v_lang, 20)
        using errcode = '23514';
    end if;

    if tg_argv[0] like ':%' then
      -- one text per language
      v_clean := private.translation_text(v_value, split_part(tg_argv[0], ':', 2)::integer, format('(%s)', v_lang));
    else
      if jsonb_typeof(v_value) <> 'object' then
        raise exception 'The % translation must be an object of fields.', v_lang using errcode = '23514';
      end if;
      v_fields := '{}';
      for v_field, v_item in select key, value from jsonb_each(v_value) loop
        v_spec := null;
        for i in 0 .. tg_nargs - 1 loop
          if split_part(tg_argv[i], ':', 1) in (v_field, v_field || '[]') then
            v_spec := tg_argv[i];
          end if;
        end loop;
        if v_spec is null then
          raise exception 'Unknown translated field "%".', left(v_field, 40) using errcode = '23514';
        end if;
        v_max := split_part(v_spec, ':', 2)::integer;

        if v_spec like '%[]:%' then
          if jsonb_typeof(v_item) = 'null' then
            continue;
          end if;
          if jsonb_typeof(v_item) <> 'array' then
            raise exception 'The translation %.% must be a list of texts.', v_lang, v_field using errcode = '23514';
          end if;
          if jsonb_array_length(v_item) > 50 then
            raise exception 'The translation %.% must have at most 50 entries.', v_lang, v_field using errcode = '23514';
          end if;
          v_list := '[]';
          for v_text in select value from jsonb_array_elements(v_item) loop
            v_text := private.translation_text(v_text, v_max, format('%s.%s', v_lang, v_field));
            if v_text is not null then
              v_list := v_list || jsonb_build_array(v_text);
            end if;
          end loop;
          if jsonb_array_length(v_list) > 0 then
            v_fields := v_fields || jsonb_build_object(v_field, v_list);
          end if;
        else
          v_text := private.translation_text(v_item, v_max, format('%s.%s', v_lang, v_field));
          if v_text is not null then
            v_fields := v_fields || jsonb_build_object(v_field, v_text);
          end if;
        end if;
      end loop;
      v_clean := nullif(v_fields, '{}');
    end if;

    if v_clean is not null then
      v_out := v_out || jsonb_build_object(v_lang, v_clean);
    end if;
  end loop;

  new.translations := v_out;
  return new;
end
$$;

-- ---------------------------------------------------------------- the columns
alter table public.site_content
  add column translations jsonb not null default '{}'
    constraint site_content_translations_object check (jsonb_typeof(translations) = 'object');
comment on column public.site_content.translations is
  'The text in other languages: {"it": "…", "fr": "…"}. Missing or blank: the English value is shown.';

alter table public.rooms
  add column translations jsonb not null default '{}'
    constraint rooms_translations_object check (jsonb_typeof(translations) = 'object');
comment on column public.rooms.translations is
  'Name, description and amenity list in other languages: {"it": {"name", "description", "amenities": []}, "fr": {…}}.';

alter table public.amenities
  add column translations jsonb not null default '{}'
    constraint amenities_translations_object check (jsonb_typeof(translations) = 'object');
comment on column public.amenities.translations is
  'Name and description in other languages: {"it": {"name", "description"}, "fr": {…}}.';

alter table public.services
  add column translations jsonb not null default '{}'
    constraint services_translations_object check (jsonb_typeof(translations) = 'object');
comment on column public.services.translations is
  'Name and description in other languages: {"it": {"name", "description"}, "fr": {…}}.';

create trigger normalize_translations before insert or update of translations on public.site_content
  for each row execute function private.normalize_translations(':5000');
create trigger normalize_translations before insert or update of translations on public.rooms
  for each row execute function private.normalize_translations('name:100', 'description:5000', 'amenities[]:100');
create trigger normalize_translations before insert or update of translations on public.amenities
  for each row execute function private.normalize_translations('name:100', 'description:2000');
create trigger normalize_translations before insert or update of translations on public.services
  for each row execute function private.normalize_translations('name:100', 'description:2000');

-- Called by the triggers only, never through the API.
revoke execute on function private.translation_text(jsonb, integer, text), private.normalize_translations()
  from public, anon, authenticated;
