-- Storage bucket for room and service images: public read, staff upload/replace/delete.
-- 5 MiB per file, images only.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('room-images', 'room-images', true, 5242880, array['image/*'])
on conflict (id) do nothing;

create policy "room images bucket is public" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'room-images');

create policy "staff upload room images" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'room-images' and (select public.is_staff()));

create policy "staff replace room images" on storage.objects
  for update to authenticated
  using (bucket_id = 'room-images' and (select public.is_staff()))
  with check (bucket_id = 'room-images' and (select public.is_staff()));

create policy "staff delete room images" on storage.objects
  for delete to authenticated
  using (bucket_id = 'room-images' and (select public.is_staff()));
