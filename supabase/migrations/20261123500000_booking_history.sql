-- A booking's history, and the sums behind the dashboard's numbers (issue 16).
--
-- History: every change to a reservation — made, marked arrived or allocated, cancelled, any
-- later edit, removed — is written by the database itself, in the changing transaction, whoever
-- writes it (REST, the spreadsheet receiver, the admin CLI, an operator's SQL): who (the JWT's
-- subject and email, or 'guest' for the publishable key, or 'system' for a connection without
-- claims), when, and each changed column's old and new value. No API role may insert, update or
-- delete history; reading it follows the reservations' own row-level security (whoever may read
-- a booking may read its history), so any rule later added to reservations applies here too.

create table public.reservation_history (
  id bigint generated always as identity primary key,
  -- No foreign key: the history of a removed booking outlives it (readable by the database
  -- owner only, as no API role can read a booking that no longer exists).
  reservation_id bigint not null,
  changed_at timestamptz not null default clock_timestamp(),
  -- user: a signed-in account (actor_id, actor_email); guest: the publishable key (a guest
  -- booking or using their manage link); system: no claims (CLI, receiver jobs, an operator).
  actor text not null check (actor in ('user', 'guest', 'system')),
  actor_id uuid,
  actor_email text,
  action text not null check (action in ('created', 'updated', 'deleted')),
  -- For 'updated': {"column": {"old": …, "new": …}} for each column whose value changed.
  changes jsonb not null default '{}'::jsonb
);

comment on table public.reservation_history is 'Who changed which booking, when and how; written by a trigger only.';

create index reservation_history_reservation_idx on public.reservation_history (reservation_id, changed_at desc, id desc);

-- Hosted projects grant everything on new public tables to the API roles: start from nothing.
revoke all on table public.reservation_history from public, anon, authenticated, service_role;
grant select on table public.reservation_history to authenticated, service_role;

alter table public.reservation_history enable row level security;

-- The subquery runs as the caller, under the reservations' policies: a booking the caller cannot
-- read has no history the caller can read.
create policy "history follows the booking"
  on public.reservation_history for select
  to authenticated
  using (exists (select 1 from public.reservations r where r.id = reservation_id));

-- Implied by the policy above (the bookings ask for it), stated as every staff table states it
-- (20261123300000_require_aal2.sql), so the rule does not hang on how the subquery is written.
create policy "second factor when enrolled or required"
  on public.reservation_history as restrictive for select
  to authenticated
  using ((select app_private.second_factor_satisfied()));

create schema if not exists private;

-- Columns whose changes are not worth a line: bookkeeping, and secrets' digests.
create function private.history_ignored_columns() returns text[]
language sql immutable
as $$ select array['id', 'created_at', 'updated_at', 'manage_token_hash'] $$;

create function private.record_reservation_history() returns trigger
language plpgsql
-- Security definer: the API roles have no INSERT on the history, by design.
security definer
set search_path = ''
as $$
declare
  claims jsonb := nullif(current_setting('request.jwt.claims', true), '')::jsonb;
  who text;
  who_id uuid;
  who_email text;
  diff jsonb := '{}'::jsonb;
  old_row jsonb;
  new_row jsonb;
  col text;
begin
  if claims ? 'sub' and coalesce(claims ->> 'sub', '') <> '' then
    who := 'user';
    -- A malformed subject is kept out rather than failing the guest's or host's change.
    begin
      who_id := (claims ->> 'sub')::uuid;
    exception when others then
      who_id := null;
    end;
    who_email := nullif(left(claims ->> 'email', 254), '');
  elsif claims ->> 'role' = 'anon' then
    who := 'guest';
  else
    who := 'system';
  end if;

  if tg_op = 'INSERT' then
    insert into public.reservation_history (reservation_id, actor, actor_id, actor_email, action)
    values (new.id, who, who_id, who_email, 'created');
    return null;
  elsif tg_op = 'DELETE' then
    insert into public.reservation_history (reservation_id, actor, actor_id, actor_email, action)
    values (old.id, who, who_id, who_email, 'deleted');
    return null;
  end if;

  old_row := to_jsonb(old);
  new_row := to_jsonb(new);
  for col in select jsonb_object_keys(new_row) loop
    if col <> all (private.history_ignored_columns()) and (old_row -> col) is distinct from (new_row -> col) then
      diff := diff || jsonb_build_object(col, jsonb_build_object('old', old_row -> col, 'new', new_row -> col));
    end if;
  end loop;
  -- An update that changed nothing worth recording (the same value saved again) leaves no line.
  if diff <> '{}'::jsonb then
    insert into public.reservation_history (reservation_id, actor, actor_id, actor_email, action, changes)
    values (new.id, who, who_id, who_email, 'updated', diff);
  end if;
  return null;
end
$$;

revoke all on function private.record_reservation_history() from public;

-- Per row (each booking gets its own line); after the booking rules, so a refused write leaves
-- nothing. Bulk loads that set session_replication_role = replica skip it, as they skip the rules.
create trigger reservations_record_history
  after insert or update or delete on public.reservations
  for each row execute function private.record_reservation_history();

-- Covers (guests) and bookings per day and branch between two days, both included: the dashboard's
-- numbers. Security invoker: the caller's row-level security decides which bookings are summed,
-- so a host whose role reads only some branches gets only those. Days are the bookings' own
-- calendar days, which are the restaurant's (Asia/Ho_Chi_Minh) days. A cancelled booking (a
-- `status` of 'cancelled', where the table has one) takes no table and is left out.
create function public.covers_by_day(p_from date, p_to date)
returns table (day date, branch text, covers bigint, bookings bigint)
language plpgsql stable
security invoker
set search_path = ''
as $$
begin
  if p_from is null or p_to is null or p_to < p_from or p_to - p_from > 366 then
    raise exception using errcode = '22023', message = 'covers_by_day takes a range of at most 367 days, from before to';
  end if;
  return query
    select r.date, r.branch, sum(r.guests)::bigint, count(*)::bigint
      from public.reservations r
     where r.date between p_from and p_to
       -- Read through jsonb so the function works with or without the booking-lifecycle column.
       and (to_jsonb(r) ->> 'status') is distinct from 'cancelled'
     group by r.date, r.branch
     order by r.date, r.branch;
end
$$;

revoke all on function public.covers_by_day(date, date) from public, anon;
grant execute on function public.covers_by_day(date, date) to authenticated, service_role;
