-- The public bucket of the menu's photos, and who may write to it. The same on a hosted project
-- (where the storage schema exists already) and on this server (whose local platform creates it):
-- anyone reads the bucket's photos; only an owner adds, replaces or removes them. Hosted Storage
-- checks the declared size and type; this server also checks the bytes (src/server/storage).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('menu', 'menu', true, 10485760, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do nothing;

-- getBucket('menu') answers for everyone (a bucket's row is hidden unless a policy shows it).
create policy "anyone sees the menu bucket"
  on storage.buckets for select
  to anon, authenticated
  using (id = 'menu');

create policy "anyone reads menu photos"
  on storage.objects for select
  to anon, authenticated
  using (bucket_id = 'menu');

-- The role test in a sub-select: evaluated once per statement.
create policy "owners add menu photos"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'menu' and (select app_private.staff_role()) = 'owner');

create policy "owners replace menu photos"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'menu' and (select app_private.staff_role()) = 'owner')
  with check (bucket_id = 'menu' and (select app_private.staff_role()) = 'owner');

create policy "owners remove menu photos"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'menu' and (select app_private.staff_role()) = 'owner');

-- As for every other staff write (20261123300000_require_aal2.sql): an owner who enrolled a
-- second factor (or when it is required for everyone) writes photos only with a session that
-- used it, so a stolen password alone cannot deface the menu. Other buckets are not touched.
create policy "second factor when enrolled or required: add menu photos"
  on storage.objects as restrictive for insert
  to authenticated
  with check (bucket_id <> 'menu' or (select app_private.second_factor_satisfied()));

create policy "second factor when enrolled or required: replace menu photos"
  on storage.objects as restrictive for update
  to authenticated
  using (bucket_id <> 'menu' or (select app_private.second_factor_satisfied()))
  with check (bucket_id <> 'menu' or (select app_private.second_factor_satisfied()));

create policy "second factor when enrolled or required: remove menu photos"
  on storage.objects as restrictive for delete
  to authenticated
  using (bucket_id <> 'menu' or (select app_private.second_factor_satisfied()));
