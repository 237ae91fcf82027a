-- The menu's history (who changed which price, with their email) is read by owners; as for every
-- other staff table, only with the second factor when the account has one or the owner requires
-- it, so a stolen password alone does not read it.
create policy "second factor when enrolled or required" on public.menu_history as restrictive for select
  to authenticated using ((select app_private.second_factor_satisfied()));
