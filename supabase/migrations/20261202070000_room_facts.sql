-- Room facts are data (#43 §2): the size, the bed layout and the view are columns of the room,
-- edited in the room form and the same in every language (the layout and view texts are
-- translated like the name, in `translations`). Before, the site looked the size up by the room's
-- name in the page's language, which missed on the Italian page and fell back to 25 m².

alter table public.rooms
  add column size_m2 integer not null default 25,
  add column bed_layout text,
  add column view text,
  add constraint rooms_size_m2_range check (size_m2 between 5 and 500),
  add constraint rooms_bed_layout_length check (bed_layout is null or char_length(btrim(bed_layout)) between 1 and 100),
  add constraint rooms_view_length check (view is null or char_length(btrim(view)) between 1 and 100);

comment on column public.rooms.size_m2 is 'Floor area in square metres (5 to 500), the same in every language.';
comment on column public.rooms.bed_layout is
  'The beds in words ("2 single beds and 1 king bed"), English; other languages in translations.bed_layout. Null: the page says "N beds".';
comment on column public.rooms.view is
  'What the window looks onto ("City View"), English; other languages in translations.view. Null: the page says "City View".';

-- The spec's fixed data by room name, once, for the rooms that exist (the English name).
update public.rooms set
  size_m2 = case
    when name ilike '%superior king%' then 25
    when name ilike '%deluxe king%' then 35
    when name ilike '%standard king%' then 20
    when name ilike '%superior quadruple%' then 30
    else size_m2 end,
  bed_layout = case
    when name ilike '%superior quadruple%' and beds = 3 then '2 single beds and 1 king bed'
    when (name ilike '%superior king%' or name ilike '%deluxe king%' or name ilike '%standard king%') and beds = 1
      then '1 king bed'
    else bed_layout end;

drop trigger guard_plain_texts on public.rooms;
create trigger guard_plain_texts before insert or update on public.rooms
  for each row execute function private.guard_plain_texts(
    'name:line:Room name', 'room_number:line:Room number', 'description:lines:Room description',
    'amenities:line:Room amenity', 'bed_layout:line:Bed layout', 'view:line:Room view');

drop trigger normalize_translations on public.rooms;
create trigger normalize_translations before insert or update of translations on public.rooms
  for each row execute function private.normalize_translations(
    'name:100', 'description:5000', 'amenities[]:100', 'bed_layout:100', 'view:100');
