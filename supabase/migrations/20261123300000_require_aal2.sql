-- Two-factor sign-in, enforced by the database: an account with a verified authenticator (TOTP)
-- reads and changes staff data only with an access token that passed the second factor
-- (`aal2`), so a stolen password alone reads nothing. This is Supabase's documented pattern: one
-- RESTRICTIVE policy per table, ANDed with whatever permissive policies say who may see what.
--
-- The owner (or a staff account) may also require two-factor sign-in for every account: then an
-- aal1 token reads nothing at all, and the web app sends an account without a factor to enrol.
--
-- Every table staff read or write carries the policy "second factor when enrolled or required";
-- a later staff table needs it too (tests/integration/second-factor.test.ts lists them).

-- Policy helpers live out of the API's reach: only `public` is exposed through /rest/v1.
create schema if not exists app_private;
revoke all on schema app_private from public;
grant usage on schema app_private to anon, authenticated, service_role;

-- The one-row setting: does every staff account need a second factor?
create table public.staff_security (
  id boolean primary key default true check (id),
  require_two_factor boolean not null default false,
  updated_at timestamptz not null default now(),
  updated_by uuid
);

comment on table public.staff_security is
  'One row: whether every staff account must sign in with a second factor (TOTP).';

insert into public.staff_security (id) values (true);

-- The caller's user id, or null when the token names none. Unlike auth.uid(), a `sub` that is not
-- a uuid gives null instead of an error: the live board reads each change for many subscribers in
-- one statement, and one odd token must not fail it for all of them.
create function app_private.caller_id() returns uuid
language sql stable
set search_path = ''
as $$
  select case when s ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then s::uuid end
    from (select auth.jwt() ->> 'sub' as s) as claim
$$;

-- Who changed it and when, whatever the client sends.
create function app_private.stamp_staff_security() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.id := true;
  new.updated_at := now();
  new.updated_by := app_private.caller_id();
  return new;
end
$$;

create trigger staff_security_stamp
  before update on public.staff_security
  for each row execute function app_private.stamp_staff_security();

-- Whether the caller's token is strong enough for staff data: aal2 always is; aal1 only for an
-- account without a verified factor while two-factor is not required for everyone. Security
-- definer because the API roles cannot read auth.mfa_factors (on a hosted project `postgres`,
-- which runs migrations, can); it reads nothing but the caller's own factors and the setting.
create function app_private.second_factor_satisfied() returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
      or (
        not exists (
          select 1 from auth.mfa_factors f
           where f.user_id = app_private.caller_id() and f.status = 'verified'
        )
        and not coalesce((select s.require_two_factor from public.staff_security s where s.id), false)
      )
$$;

revoke all on function app_private.caller_id() from public;
revoke all on function app_private.stamp_staff_security() from public;
revoke all on function app_private.second_factor_satisfied() from public;
grant execute on function app_private.caller_id(), app_private.second_factor_satisfied() to authenticated, service_role;

-- Bookings: reading and marking arrival/allocation. Inserting stays open to everyone (a guest can
-- book without any account, so asking a signed-in host for aal2 to book would protect nothing).
-- The sub-select makes Postgres evaluate the check once per statement, not once per row.
create policy "second factor when enrolled or required: read bookings"
  on public.reservations as restrictive for select
  to authenticated
  using ((select app_private.second_factor_satisfied()));

create policy "second factor when enrolled or required: change bookings"
  on public.reservations as restrictive for update
  to authenticated
  using ((select app_private.second_factor_satisfied()))
  with check ((select app_private.second_factor_satisfied()));

-- Branch settings (20261123000000_branch_availability.sql): every command.
create policy "second factor when enrolled or required" on public.branch_settings
  as restrictive for all to authenticated
  using ((select app_private.second_factor_satisfied()))
  with check ((select app_private.second_factor_satisfied()));
create policy "second factor when enrolled or required" on public.branch_opening_hours
  as restrictive for all to authenticated
  using ((select app_private.second_factor_satisfied()))
  with check ((select app_private.second_factor_satisfied()));
create policy "second factor when enrolled or required" on public.branch_closed_dates
  as restrictive for all to authenticated
  using ((select app_private.second_factor_satisfied()))
  with check ((select app_private.second_factor_satisfied()));

-- The setting itself: every staff role reads it, also at aal1 (the app must know, right after the
-- password, whether to send the account to enrol); the owner and the legacy `staff` role change
-- it, and only from an aal2 session: so whoever turns it on has a factor already and is not
-- locked out, and a stolen password cannot turn it off.
revoke all on table public.staff_security from public, anon, authenticated;
grant select on table public.staff_security to authenticated;
grant update (require_two_factor) on table public.staff_security to authenticated;
grant all on table public.staff_security to service_role;

alter table public.staff_security enable row level security;

create policy "staff read the two-factor setting"
  on public.staff_security for select
  to authenticated
  using ((select auth.jwt() -> 'app_metadata' ->> 'role') in ('owner', 'staff', 'host'));

create policy "owner and staff change the two-factor setting"
  on public.staff_security for update
  to authenticated
  using ((select auth.jwt() -> 'app_metadata' ->> 'role') in ('owner', 'staff'))
  with check ((select auth.jwt() -> 'app_metadata' ->> 'role') in ('owner', 'staff'));

create policy "second factor to change the two-factor setting"
  on public.staff_security as restrictive for update
  to authenticated
  using ((select auth.jwt() ->> 'aal') = 'aal2')
  with check ((select auth.jwt() ->> 'aal') = 'aal2');
