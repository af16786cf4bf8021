-- Plain-text rules written once (issue 30, item 1). A name or any one-line text can reach an
-- e-mail header (a guest's name in a Subject, a room's name in the host's Subject), and invisible
-- formatting characters (bidi overrides, zero-width characters) can disguise a text on screen.
--
--   private.assert_one_line_text(value, label)   names, room/service/amenity names, review names:
--       refuses CR, LF, every other C0 and C1 control character, DEL, the line and paragraph
--       separators and the invisible formatting characters below; returns the value.
--   private.assert_multiline_text(value, label)  messages, requests, comments, descriptions, host
--       replies: keeps line breaks (CR LF and a lone CR become LF) and tabs, refuses the rest;
--       returns the value with its line breaks normalised.
-- Invisible formatting characters: U+00AD, U+061C, U+115F-1160, U+180E, U+200B-200F, U+2028-202E,
-- U+2060-206F, U+3164, U+FEFF, U+FFA0, U+FFF9-FFFB.
-- The messages name the field: "<label> contains characters that are not allowed (…)".
--
-- Where they apply:
--   * every writer of rooms, services, amenities, reviews, bookings and contact_messages (staff
--     through PostgREST, the definer functions, the service role): a trigger checks the texts a
--     write sets or changes, so an old row written before these rules never blocks a migration or
--     an unrelated update (a status change);
--   * submit_review and request_booking answer with their own labels before the trigger would;
--   * every translation field (20261126010000_content_translations.sql's private.translation_text).

create or replace function private.text_problem(p_value text, p_multiline boolean)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select p_value ~ (
    '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F'
    || '\u2028-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB'
    || case when p_multiline then ']' else '\u0009\u000A\u000D]' end
  )
$$;

create or replace function private.assert_one_line_text(p_value text, p_label text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
begin
  if p_value is not null and private.text_problem(p_value, false) then
    raise exception '% contains characters that are not allowed (line breaks, control or invisible formatting characters).',
      p_label using errcode = '23514', hint = 'text_not_allowed';
  end if;
  return p_value;
end
$$;

create or replace function private.assert_multiline_text(p_value text, p_label text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  v text := replace(replace(p_value, E'\r\n', E'\n'), E'\r', E'\n');
begin
  if v is not null and private.text_problem(v, true) then
    raise exception '% contains characters that are not allowed (control or invisible formatting characters).',
      p_label using errcode = '23514', hint = 'text_not_allowed';
  end if;
  return v;
end
$$;

-- ---------------------------------------------------------------- every writer of a table
-- Trigger arguments: 'column:line:Label' or 'column:lines:Label' (text or text[] columns). Checks
-- only what an insert sets or an update changes; a multi-line text is stored normalised.
-- security definer: it calls the private helpers, which the API roles may not execute.
create or replace function private.guard_plain_texts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_new jsonb := to_jsonb(new);
  v_old jsonb := case when tg_op = 'UPDATE' then to_jsonb(old) end;
  v_arg text;
  v_column text;
  v_multiline boolean;
  v_label text;
  v_value jsonb;
  v_item text;
  v_changed jsonb := '{}';
begin
  foreach v_arg in array tg_argv loop
    v_column := split_part(v_arg, ':', 1);
    v_multiline := split_part(v_arg, ':', 2) = 'lines';
    v_label := split_part(v_arg, ':', 3);
    v_value := v_new -> v_column;
    continue when v_value is null or jsonb_typeof(v_value) = 'null';
    continue when v_old is not null and v_old -> v_column = v_value;
    if jsonb_typeof(v_value) = 'array' then
      for v_item in select jsonb_array_elements_text(v_value) loop
        perform private.assert_one_line_text(v_item, v_label);
      end loop;
    elsif v_multiline then
      v_item := private.assert_multiline_text(v_value #>> '{}', v_label);
      if v_item is distinct from v_value #>> '{}' then
        v_changed := v_changed || jsonb_build_object(v_column, v_item);
      end if;
    else
      perform private.assert_one_line_text(v_value #>> '{}', v_label);
    end if;
  end loop;
  if v_changed <> '{}' then
    new := jsonb_populate_record(new, v_changed);
  end if;
  return new;
end
$$;

create trigger guard_plain_texts before insert or update on public.rooms
  for each row execute function private.guard_plain_texts(
    'name:line:Room name', 'room_number:line:Room number', 'description:lines:Room description',
    'amenities:line:Room amenity');
create trigger guard_plain_texts before insert or update on public.services
  for each row execute function private.guard_plain_texts(
    'name:line:Service name', 'description:lines:Service description', 'category:line:Service category');
create trigger guard_plain_texts before insert or update on public.amenities
  for each row execute function private.guard_plain_texts(
    'name:line:Amenity name', 'description:lines:Amenity description', 'category:line:Amenity category');
create trigger guard_plain_texts before insert or update on public.reviews
  for each row execute function private.guard_plain_texts(
    'guest_name:line:Name', 'guest_location:line:Country', 'comment:lines:Comment', 'host_reply:lines:Reply');
create trigger guard_plain_texts before insert or update on public.bookings
  for each row execute function private.guard_plain_texts(
    'guest_name:line:Name', 'guest_phone:line:Phone',
    'special_requests:lines:Special requests');
create trigger guard_plain_texts before insert or update on public.contact_messages
  for each row execute function private.guard_plain_texts(
    'name:line:Name', 'phone:line:Phone', 'message:lines:Message');

-- ---------------------------------------------------------------- the review form's fields
-- Same function as in 20261125300000_guest_reviews.sql; the name and the country are one line, the
-- comment keeps its line breaks (submit_review calls it with these three labels).
create or replace function private.review_plain_text(p_value text, p_label text, p_min integer, p_max integer)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text := btrim(coalesce(p_value, ''), E' \t\r\n');
begin
  if char_length(v) < p_min then
    if p_min <= 1 then
      raise exception 'Please enter your %.', p_label using errcode = 'P0001';
    end if;
    raise exception 'Your % must be at least % characters.', p_label, p_min using errcode = 'P0001';
  end if;
  if char_length(v) > p_max then
    raise exception 'Your % must be at most % characters.', p_label, p_max using errcode = 'P0001';
  end if;
  if v ~ '<[A-Za-z/!?]' then
    raise exception 'Your % must be plain text, without HTML.', p_label using errcode = 'P0001';
  end if;
  if p_label = 'comment' then
    v := private.assert_multiline_text(v, 'Your ' || p_label);
  else
    v := private.assert_one_line_text(v, 'Your ' || p_label);
  end if;
  return nullif(v, '');
end
$$;

-- ---------------------------------------------------------------- every translation field
-- Same function as in 20261126010000_content_translations.sql; names and list items ('it.name',
-- 'fr.amenities') are one line, descriptions and site texts keep their line breaks.
create or replace function private.translation_text(p_value jsonb, p_max integer, p_where text)
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
  if p_where ~ '\.(name|amenities)$' then
    v := private.assert_one_line_text(v, 'The translation ' || p_where);
  else
    v := private.assert_multiline_text(v, 'The translation ' || p_where);
  end if;
  return to_jsonb(v);
end
$$;

revoke execute on all functions in schema private from public, anon, authenticated;
