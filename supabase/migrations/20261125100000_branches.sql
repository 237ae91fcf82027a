-- Branches as a table (issue 20, item 4). Until now a branch was whatever text a booking carried:
-- "Sa Pa " (a trailing space), "sa pa", "Sa  Pa" or an invented name matched no settings row, so
-- the booking skipped closed dates, the past, the party size and the capacity, and no host of
-- the branch ever saw it. Now every booking and every branch's settings name a row of
-- public.branches, and a name that is not one is refused (BK007, HTTP 400) by
-- 20261125110000_base_booking_rules.sql.
--
-- Everyone reads the names (the forms and other features build on them); owners add branches and
-- change them, and so does the legacy `staff` role, which manages settings: until now staff
-- "added" a branch by saving settings for a new name. Hosts and other accounts do not; nobody
-- deletes one through the API (its bookings reference it).

create table public.branches (
  -- The name bookings store, exactly as the forms send it. One spelling per branch: no leading,
  -- trailing or doubled white space, no control characters, and no second branch that differs
  -- only in letter case (the unique index below).
  name text primary key
    constraint branches_name_canonical check (
      char_length(name) between 1 and 64
      and name = btrim(name)
      and name !~ '\s\s'
      and name !~ '[[:cntrl:]]'
    ),
  -- The zone "today" and "past" are decided in. While the branch has settings, theirs rules (and
  -- saving them copies it here, below); public.branch_time_zone() says which applies.
  time_zone text not null default 'Asia/Ho_Chi_Minh',
  created_at timestamptz not null default now()
);

comment on table public.branches is
  'The branches bookings may name; reservations and branch_settings reference it by name.';

create unique index branches_name_folded_key on public.branches (lower(name));

-- The same check as branch_settings' (20261123000000): a zone Postgres does not know is refused.
create trigger branches_time_zone
  before insert or update of time_zone on public.branches
  for each row execute function public.check_time_zone();

-- The spec's four (the exact values the home form sends) and the /reservation page's three, then
-- any branch a database in the field has given settings to (with the zone it set).
insert into public.branches (name)
values ('Hanoi (main branch)'), ('Ninh Binh'), ('Sa Pa'), ('Da Nang'), ('Downtown'), ('Uptown'), ('Suburb');
insert into public.branches (name, time_zone)
select s.branch, s.time_zone from public.branch_settings s
 where s.branch = btrim(s.branch) and s.branch !~ '\s\s' and s.branch !~ '[[:cntrl:]]'
on conflict do nothing;

-- Bookings already stored under a case or white-space variant of a branch ("sa pa", "Sa  Pa ")
-- move to that branch: that is the branch they were meant for, and now its host sees them. The
-- history trigger records each move (old and new name, by 'system'). Anything else ("Hanoi", an
-- invented name) is not guessed at: see the foreign key below.
update public.reservations r
   set branch = b.name
  from public.branches b
 where lower(btrim(regexp_replace(r.branch, '\s+', ' ', 'g'))) = lower(b.name)
   and r.branch <> b.name
   and not exists (select 1 from public.branches k where k.name = r.branch);

-- ON UPDATE CASCADE: renaming a branch carries its bookings and settings along (a host's
-- app_metadata.branches must then be given the new name on the team screen). No ON DELETE action:
-- a branch with bookings cannot be removed.
alter table public.reservations
  add constraint reservations_branch_fkey foreign key (branch)
  references public.branches (name) on update cascade not valid;
alter table public.branch_settings
  add constraint branch_settings_branch_fkey foreign key (branch)
  references public.branches (name) on update cascade on delete cascade not valid;

-- Added NOT VALID first, then validated where the data allows: a migration that failed on rows a
-- database in the field already holds would be worse than a constraint that holds for every new
-- row only. Where bookings under names no branch has remain, the constraint stays NOT VALID
-- (every insert, and every update of the name, is still checked); an operator moves them with
-- `update public.reservations set branch = '<branch>' where branch = '<old name>'` and then runs
-- `alter table public.reservations validate constraint reservations_branch_fkey`.
do $$
begin
  if exists (
    select 1 from public.reservations r where not exists (select 1 from public.branches b where b.name = r.branch)
  ) then
    raise notice 'Some bookings name no branch; reservations_branch_fkey stays NOT VALID until they are moved';
  else
    alter table public.reservations validate constraint reservations_branch_fkey;
  end if;
  if exists (
    select 1 from public.branch_settings s where not exists (select 1 from public.branches b where b.name = s.branch)
  ) then
    raise notice 'Some branch settings name no branch; branch_settings_branch_fkey stays NOT VALID';
  else
    alter table public.branch_settings validate constraint branch_settings_branch_fkey;
  end if;
end
$$;

-- The zone a branch's rules use: its settings' when it has settings, else the branch's own.
create function public.branch_time_zone(p_branch text) returns text
language sql stable
set search_path = ''
as $$
  select coalesce(
    (select s.time_zone from public.branch_settings s where s.branch = p_branch),
    (select b.time_zone from public.branches b where b.name = p_branch))
$$;

-- Refuses a name that is no branch, with the BK family's stable code (HTTP 400 on /rest/v1, as
-- every SQLSTATE outside PostgREST's known classes) instead of the foreign key's bare 23503 (409).
-- The name is quoted so a trailing or doubled space shows.
create function private.require_branch(p_branch text) returns void
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.branches b where b.name = p_branch) then
    raise exception using errcode = 'BK007',
      message = format('"%s" is not one of our branches — please pick a branch from the list', p_branch),
      detail = jsonb_build_object('reason', 'unknown_branch', 'branch', p_branch)::text,
      hint = 'An owner adds branches (public.branches)';
  end if;
end
$$;

-- Settings for a branch that does not exist: the same clear refusal (the settings screen and the
-- admin CLI show it), before the foreign key would answer with its own message.
create function private.check_settings_branch() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.branch is not null then
    perform private.require_branch(new.branch);
  end if;
  return new;
end
$$;

create trigger branch_settings_known_branch
  before insert or update of branch on public.branch_settings
  for each row execute function private.check_settings_branch();

-- Saving settings (the settings screen, the CLI) copies their zone to the branch, so
-- public.branches tells every reader the zone the rules use. Security definer: the copy does not
-- hang on the saver's own grants and policies on branches.
create function private.copy_settings_time_zone() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.branches b set time_zone = new.time_zone
   where b.name = new.branch and b.time_zone is distinct from new.time_zone;
  return null;
end
$$;

create trigger branch_settings_copy_time_zone
  after insert or update of time_zone on public.branch_settings
  for each row execute function private.copy_settings_time_zone();

revoke all on function public.branch_time_zone(text) from public;
revoke all on function private.require_branch(text) from public;
revoke all on function private.check_settings_branch() from public;
revoke all on function private.copy_settings_time_zone() from public;

-- Hosted projects grant everything on new public tables to the API roles: start from nothing.
revoke all on table public.branches from public, anon, authenticated;
grant select on table public.branches to anon, authenticated;
grant insert (name, time_zone), update (name, time_zone) on table public.branches to authenticated;
grant all on table public.branches to service_role;

alter table public.branches enable row level security;

create policy "everyone reads the branches"
  on public.branches for select
  to anon, authenticated
  using (true);

create policy "owner and staff add branches"
  on public.branches for insert
  to authenticated
  with check ((select app_private.manages_settings()));

create policy "owner and staff change branches"
  on public.branches for update
  to authenticated
  using ((select app_private.manages_settings()))
  with check ((select app_private.manages_settings()));

-- As every staff table (20261123300000_require_aal2.sql): a write needs the second factor when
-- the account has one or the team requires it. Reading the names stays open.
create policy "second factor when enrolled or required: add branches"
  on public.branches as restrictive for insert
  to authenticated
  with check ((select app_private.second_factor_satisfied()));

create policy "second factor when enrolled or required: change branches"
  on public.branches as restrictive for update
  to authenticated
  using ((select app_private.second_factor_satisfied()))
  with check ((select app_private.second_factor_satisfied()));
