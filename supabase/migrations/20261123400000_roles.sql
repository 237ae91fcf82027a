-- Roles. A staff account's access token carries its role in app_metadata, which only the server
-- (the admin CLI, the team screen's endpoint, or a hosted project's service key) can write:
--   owner  every branch; reads and updates bookings, writes settings, manages the team
--   staff  every branch; reads and updates bookings, writes settings (today's meaning, unchanged)
--   host   only the branches named in app_metadata.branches (a JSON array of branch names):
--          reads and updates their bookings, reads their settings, writes nothing else
-- Anything else (no role, an unknown role, a host with no branches) reads nothing. The rules live
-- here, in row-level security, so /rest/v1, realtime (which re-reads each changed row under each
-- subscriber's claims) and a hosted project all apply the same ones.

-- Helpers for the policies, out of the API's reach: on a hosted project only `public` is exposed
-- through PostgREST, so these are never callable as RPCs.
create schema if not exists app_private;
revoke all on schema app_private from public;
grant usage on schema app_private to anon, authenticated, service_role;

-- The caller's staff role, or null when the token carries none we know.
create function app_private.staff_role() returns text
language sql stable
set search_path = ''
as $$
  select r from (select auth.jwt() -> 'app_metadata' ->> 'role' as r) as claim
   where r in ('owner', 'staff', 'host')
$$;

-- The branches a host works at (empty for anyone else, and for a malformed claim).
create function app_private.staff_branches() returns text[]
language sql stable
set search_path = ''
as $$
  select coalesce(array_agg(b.value), '{}')
    from jsonb_array_elements_text(
           case when jsonb_typeof(auth.jwt() -> 'app_metadata' -> 'branches') = 'array'
                then auth.jwt() -> 'app_metadata' -> 'branches' else '[]'::jsonb end) as b(value)
   where (auth.jwt() -> 'app_metadata' ->> 'role') = 'host'
$$;

-- Whether the caller may see and work on a branch's bookings: owner and staff everywhere, a host
-- at their own branches.
create function app_private.works_at(p_branch text) returns boolean
language sql stable
set search_path = ''
as $$
  select case app_private.staff_role()
           when 'owner' then true
           when 'staff' then true
           when 'host' then p_branch = any (app_private.staff_branches())
           else false
         end
$$;

-- Whether the caller may change settings (owner and staff; never a host).
create function app_private.manages_settings() returns boolean
language sql stable
set search_path = ''
as $$ select coalesce(app_private.staff_role() in ('owner', 'staff'), false) $$;

revoke all on function app_private.staff_role() from public;
revoke all on function app_private.staff_branches() from public;
revoke all on function app_private.works_at(text) from public;
revoke all on function app_private.manages_settings() from public;
grant execute on function app_private.staff_role(), app_private.staff_branches(), app_private.works_at(text),
  app_private.manages_settings() to authenticated, service_role;

-- Bookings: the staff-only policies become role-aware. The role test is wrapped in a sub-select
-- so Postgres evaluates it once per statement; only a host's branch test runs per row.
drop policy if exists "staff read reservations" on public.reservations;
drop policy if exists "staff mark arrival and allocation" on public.reservations;

create policy "staff read the bookings of their branches"
  on public.reservations for select
  to authenticated
  using (
    (select app_private.staff_role()) in ('owner', 'staff')
    or ((select app_private.staff_role()) = 'host' and branch = any ((select app_private.staff_branches())::text[]))
  );

create policy "staff mark arrival and allocation at their branches"
  on public.reservations for update
  to authenticated
  using (
    (select app_private.staff_role()) in ('owner', 'staff')
    or ((select app_private.staff_role()) = 'host' and branch = any ((select app_private.staff_branches())::text[]))
  )
  with check (
    (select app_private.staff_role()) in ('owner', 'staff')
    or ((select app_private.staff_role()) = 'host' and branch = any ((select app_private.staff_branches())::text[]))
  );

-- Branch settings: everyone on staff reads those of their branches; only owner and staff write.
drop policy if exists "staff manage branch settings" on public.branch_settings;
drop policy if exists "staff manage opening hours" on public.branch_opening_hours;
drop policy if exists "staff manage closed dates" on public.branch_closed_dates;

create policy "staff read the settings of their branches" on public.branch_settings for select to authenticated
  using (app_private.works_at(branch));
create policy "owner and staff write branch settings" on public.branch_settings for insert to authenticated
  with check ((select app_private.manages_settings()));
create policy "owner and staff change branch settings" on public.branch_settings for update to authenticated
  using ((select app_private.manages_settings()))
  with check ((select app_private.manages_settings()));
create policy "owner and staff remove branch settings" on public.branch_settings for delete to authenticated
  using ((select app_private.manages_settings()));

create policy "staff read the opening hours of their branches" on public.branch_opening_hours for select
  to authenticated using (app_private.works_at(branch));
create policy "owner and staff write opening hours" on public.branch_opening_hours for insert to authenticated
  with check ((select app_private.manages_settings()));
create policy "owner and staff change opening hours" on public.branch_opening_hours for update to authenticated
  using ((select app_private.manages_settings()))
  with check ((select app_private.manages_settings()));
create policy "owner and staff remove opening hours" on public.branch_opening_hours for delete to authenticated
  using ((select app_private.manages_settings()));

create policy "staff read the closed dates of their branches" on public.branch_closed_dates for select
  to authenticated using (app_private.works_at(branch));
create policy "owner and staff write closed dates" on public.branch_closed_dates for insert to authenticated
  with check ((select app_private.manages_settings()));
create policy "owner and staff change closed dates" on public.branch_closed_dates for update to authenticated
  using ((select app_private.manages_settings()))
  with check ((select app_private.manages_settings()));
create policy "owner and staff remove closed dates" on public.branch_closed_dates for delete to authenticated
  using ((select app_private.manages_settings()));
