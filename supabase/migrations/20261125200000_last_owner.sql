-- The team always keeps an owner (security review #20, item 1). Only an owner manages the team,
-- so a team without one can add, change or remove nobody until an operator steps in. The team
-- endpoint refuses an owner's own account, but a check in one caller is not a rule: the admin
-- CLI, an operator's SQL or a second endpoint could still demote or remove the last owner. Here
-- the database refuses it, whoever asks.
--
-- An owner is an auth.users row whose app_metadata says role "owner" and that is not
-- soft-deleted (deleted_at, as GoTrue marks it). Demoting one (any other role, or none), marking
-- it deleted, or deleting the row is refused with TM001 when no other owner would be left. On a
-- hosted Supabase project the trigger sits on GoTrue's auth.users the same way (the migration
-- runs as `postgres`, which may add triggers there), so the dashboard's and the admin API's
-- deletes obey it too.

create schema if not exists private;

create function private.keep_an_owner() returns trigger
language plpgsql
-- Security definer: whoever may change an account's metadata must not need to read all accounts.
security definer
set search_path = ''
as $$
begin
  -- One owner change at a time: two owners demoting each other at once would otherwise each still
  -- see the other. After the lock the query below takes a fresh snapshot (read committed), so it
  -- sees what the transaction that held the lock committed.
  perform pg_advisory_xact_lock(hashtext('private.keep_an_owner'));
  if not exists (
    select 1 from auth.users u
     where u.id <> old.id and u.deleted_at is null and u.raw_app_meta_data ->> 'role' = 'owner'
  ) then
    raise exception using errcode = 'TM001',
      message = 'The team must keep at least one owner: make another account owner first',
      hint = 'Give another account the owner role, then change or remove this one';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;

revoke all on function private.keep_an_owner() from public;

-- Only the changes that take an owner away fire it (a sign-in's update of last_sign_in_at does not).
create trigger users_keep_an_owner_update
  before update on auth.users
  for each row
  when (
    old.raw_app_meta_data ->> 'role' = 'owner' and old.deleted_at is null
    and (new.raw_app_meta_data ->> 'role' is distinct from 'owner' or new.deleted_at is not null)
  )
  execute function private.keep_an_owner();

create trigger users_keep_an_owner_delete
  before delete on auth.users
  for each row
  when (old.raw_app_meta_data ->> 'role' = 'owner' and old.deleted_at is null)
  execute function private.keep_an_owner();
