-- Tables and turns (issue 22), part 1: the floor of each branch, turn times, and the holds a
-- booking places on tables over a time range. The database itself never lets two bookings hold
-- one table at once (an exclusion constraint), whoever writes: REST, the spreadsheet receiver,
-- the admin CLI, an operator's SQL.
--
-- Branches are named by text (`branch`), as reservations and branch settings name them.

create schema if not exists private;
-- btree_gist: the exclusion constraint compares a table id (uuid) with `=` inside a GiST index.
-- Supabase keeps extensions in `extensions`; the embedded database loads it as a contrib module.
create schema if not exists extensions;
create extension if not exists btree_gist with schema extensions;

-- Areas of a floor ("Ground floor", "Terrace"), shown in `position` order.
create table public.dining_areas (
  id uuid primary key default gen_random_uuid(),
  branch text not null check (char_length(btrim(branch)) between 1 and 64),
  name text not null check (char_length(btrim(name)) between 1 and 60),
  position integer not null default 0,
  unique (branch, name),
  -- A table's area must be of the table's own branch (composite key below).
  unique (id, branch)
);

create table public.dining_tables (
  id uuid primary key default gen_random_uuid(),
  branch text not null check (char_length(btrim(branch)) between 1 and 64),
  area_id uuid not null,
  name text not null check (char_length(btrim(name)) between 1 and 30),
  min_seats integer not null default 1 check (min_seats between 1 and 100),
  max_seats integer not null check (max_seats between 1 and 100),
  -- Whether guests booking online may be given this table (staff may give any).
  online boolean not null default true,
  -- An inactive table is kept (its past holds stay) but never assigned.
  active boolean not null default true,
  -- Its drawing on the floor plan, in the plan's own units.
  shape text not null default 'rect' check (shape in ('rect', 'round')),
  x numeric not null default 0,
  y numeric not null default 0,
  width numeric not null default 1 check (width > 0),
  height numeric not null default 1 check (height > 0),
  rotation numeric not null default 0 check (rotation >= 0 and rotation < 360),
  check (min_seats <= max_seats),
  unique (branch, name),
  unique (id, branch),
  foreign key (area_id, branch) references public.dining_areas (id, branch) on update cascade on delete cascade
);

-- A named set of tables of one area, pushed together, with its own seats ("T4+T5", 5–8): bookable
-- only when every member is free.
create table public.table_combinations (
  id uuid primary key default gen_random_uuid(),
  branch text not null check (char_length(btrim(branch)) between 1 and 64),
  name text not null check (char_length(btrim(name)) between 1 and 60),
  min_seats integer not null default 1 check (min_seats between 1 and 200),
  max_seats integer not null check (max_seats between 1 and 200),
  online boolean not null default true,
  check (min_seats <= max_seats),
  unique (branch, name)
);

create table public.table_combination_members (
  combination_id uuid not null references public.table_combinations (id) on delete cascade,
  table_id uuid not null references public.dining_tables (id) on delete cascade,
  primary key (combination_id, table_id)
);

create index dining_tables_area_idx on public.dining_tables (area_id);
create index table_combinations_branch_idx on public.table_combinations (branch);
create index table_combination_members_table_idx on public.table_combination_members (table_id);

-- A combination joins tables of its own branch and of one area. Deferred: an import may add the
-- members before moving a table into the area.
create function private.check_combination_member() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if exists (
    select 1 from public.table_combinations c join public.dining_tables t on t.id = new.table_id
     where c.id = new.combination_id and c.branch <> t.branch
  ) then
    raise exception using errcode = '23514', message = 'A combination joins tables of its own branch only';
  end if;
  if (select count(distinct t.area_id) from public.table_combination_members m
        join public.dining_tables t on t.id = m.table_id where m.combination_id = new.combination_id) > 1 then
    raise exception using errcode = '23514', message = 'The tables of a combination must be in one area';
  end if;
  return null;
end
$$;

create constraint trigger table_combination_members_check
  after insert or update on public.table_combination_members
  deferrable initially deferred
  for each row execute function private.check_combination_member();

-- Turn times: how long a party of a size keeps its table, as {"smallest party size": minutes},
-- each entry applying from its size up to the next entry's ("1": 90, "3": 105 → 1–2 guests 90
-- minutes, 3+ 105). Plus the minutes a table needs to be reset before the next party.
alter table public.branch_settings
  add column turn_minutes jsonb not null default '{"1": 90, "3": 105, "5": 120, "7": 150}'::jsonb
    constraint branch_settings_turn_minutes_check check (
      jsonb_typeof(turn_minutes) = 'object' and turn_minutes ? '1'
      and not jsonb_path_exists(turn_minutes,
        '$.keyvalue() ? (!(@.key like_regex "^[1-9][0-9]{0,2}$") || @.value.type() != "number" || @.value < 15 || @.value > 720 || @.value.floor() != @.value)')
    ),
  add column reset_minutes integer not null default 10
    constraint branch_settings_reset_minutes_check check (reset_minutes between 0 and 240);

comment on column public.branch_settings.turn_minutes is
  'Minutes a party keeps its table, by party size: {"1": 90, "3": 105, "5": 120, "7": 150} (each from that size up).';
comment on column public.branch_settings.reset_minutes is 'Minutes to reset a table before the next party.';

-- A booking's hold on a table: from its start for its turn plus the reset buffer, in the
-- branch's time zone. `holds` is false once the booking is cancelled or a no-show (the row stays,
-- so the screens can still say which table it had). A single-column key for the live board.
create table public.reservation_tables (
  id bigint generated always as identity primary key,
  -- Deferred: the insert trigger places holds for the booking it is inserting.
  reservation_id bigint not null references public.reservations (id) on delete cascade deferrable initially deferred,
  table_id uuid not null references public.dining_tables (id) on delete restrict,
  -- The table's branch, copied: row-level security and the live board's filters read it.
  branch text not null,
  during tstzrange not null,
  holds boolean not null default true,
  unique (reservation_id, table_id),
  -- Deferrable, checked at each statement's end unless a transaction defers it (swapping by hand).
  constraint reservation_tables_no_overlap
    exclude using gist (table_id with =, during with &&) where (holds)
    deferrable initially immediate
);

comment on table public.reservation_tables is 'Which tables a booking holds, and over which time range.';

create index reservation_tables_reservation_idx on public.reservation_tables (reservation_id);
-- Availability reads a branch's holds of a day at once.
create index reservation_tables_branch_during_idx on public.reservation_tables using gist (branch, during) where (holds);

-- The default turn times, for a branch with tables but no settings row.
create function private.default_turn_minutes() returns jsonb
language sql immutable
set search_path = ''
as $$ select '{"1": 90, "3": 105, "5": 120, "7": 150}'::jsonb $$;

-- How long a party of p_guests holds its tables at a branch: turn plus reset. These helpers run
-- on every booking: PL/pgSQL keeps their plans for the session, where a SQL function with its
-- own search_path is planned again on each call.
create function private.turn_length(p_branch text, p_guests integer) returns interval
language plpgsql stable
set search_path = ''
as $$
declare
  turns jsonb;
  reset integer;
  minutes integer;
begin
  select s.turn_minutes, s.reset_minutes into turns, reset from public.branch_settings s where s.branch = p_branch;
  select (e.value #>> '{}')::integer into minutes
    from jsonb_each(coalesce(turns, private.default_turn_minutes())) as e
   where e.key::integer <= p_guests
   order by e.key::integer desc
   limit 1;
  return make_interval(mins => minutes + coalesce(reset, 10));
end
$$;

create function private.branch_time_zone(p_branch text) returns text
language plpgsql stable
set search_path = ''
as $$
begin
  return coalesce((select s.time_zone from public.branch_settings s where s.branch = p_branch), 'Asia/Ho_Chi_Minh');
end
$$;

-- The range a booking for p_date at p_slot holds its tables: [start, start + turn + reset).
create function private.hold_range(p_branch text, p_date date, p_slot time, p_guests integer) returns tstzrange
language plpgsql stable
set search_path = ''
as $$
declare
  starts timestamptz := (p_date + p_slot) at time zone private.branch_time_zone(p_branch);
begin
  return tstzrange(starts, starts + private.turn_length(p_branch, p_guests), '[)');
end
$$;

create function private.branch_has_tables(p_branch text) returns boolean
language sql stable
set search_path = ''
as $$ select exists (select 1 from public.dining_tables t where t.branch = p_branch and t.active) $$;

-- What a party can be seated at: each active table, and each combination whose members are all
-- active. Table ids sorted, so a unit is recognised by its set of tables. No `set search_path`
-- (every name is qualified): a function with one cannot be inlined, and planning it afresh on
-- each booking cost more than the rest of the assignment.
create function private.floor_units(p_branch text)
returns table (table_ids uuid[], label text, is_combination boolean, min_seats integer, max_seats integer, online boolean)
language sql stable
as $$
  select array[t.id], t.name, false, t.min_seats, t.max_seats, t.online
    from public.dining_tables t
   where t.branch = p_branch and t.active
  union all
  select array_agg(t.id order by t.id), c.name, true, c.min_seats, c.max_seats, c.online
    from public.table_combinations c
    join public.table_combination_members m on m.combination_id = c.id
    join public.dining_tables t on t.id = m.table_id
   where c.branch = p_branch
   group by c.id
  having bool_and(t.active) and count(*) >= 2
$$;

-- Whether the caller books as a guest (online-bookable tables only): the publishable key, the
-- spreadsheet receiver, or a signed-in account without a staff role. Staff, the service key and
-- the database's own connections (CLI, operator SQL) may be given any table.
create function private.books_online() returns boolean
language sql stable
set search_path = ''
as $$
  select app_private.staff_role() is null
     and coalesce(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role',
                  current_setting('role', true), '') in ('anon', 'authenticated')
$$;

-- Whether the caller may work the floor of a branch: staff of that branch (with the second
-- factor when theirs requires it), the service key, or the database's own connections. Used by
-- the security-definer host operations, which cannot lean on row-level security.
create function private.may_host(p_branch text) returns boolean
language sql stable
set search_path = ''
as $$
  select case
    when coalesce(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role',
                  current_setting('role', true), '') = 'service_role' then true
    when coalesce(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role',
                  current_setting('role', true), '') in ('anon', 'authenticated')
      then coalesce(app_private.works_at(p_branch), false) and app_private.second_factor_satisfied()
    else true
  end
$$;

-- Places a booking on the best free unit for p_during: the preferred tables if given and free,
-- then fewest seats left empty, a single table before a combination. Returns the tables held,
-- or null when no unit fits. A unit lost to a concurrent booking (the exclusion constraint)
-- is skipped for the next one.
create function private.place_booking(
  p_reservation_id bigint, p_branch text, p_during tstzrange, p_guests integer, p_online_only boolean,
  p_preferred uuid[] default null
) returns uuid[]
language plpgsql
set search_path = ''
as $$
declare
  unit record;
begin
  for unit in
    select u.table_ids
      from private.floor_units(p_branch) u
     where p_guests between u.min_seats and u.max_seats and (u.online or not p_online_only)
       and not exists (
         select 1 from unnest(u.table_ids) as x(id)
           join public.reservation_tables h on h.table_id = x.id
          where h.holds and h.during && p_during and h.reservation_id <> p_reservation_id)
     order by coalesce(u.table_ids = p_preferred, false) desc, u.max_seats - p_guests, u.is_combination, u.label
  loop
    begin
      insert into public.reservation_tables (reservation_id, table_id, branch, during)
      select p_reservation_id, x.id, p_branch, p_during from unnest(unit.table_ids) as x(id);
      return unit.table_ids;
    exception when exclusion_violation then
      null;
    end;
  end loop;
  return null;
end
$$;

-- Places a booking on exactly these tables (a host's choice): one table of the branch or one
-- of its combinations, seating the party within its min and max, free over p_during.
create function private.hold_chosen_tables(
  p_reservation_id bigint, p_branch text, p_during tstzrange, p_guests integer, p_table_ids uuid[]
) returns void
language plpgsql
set search_path = ''
as $$
declare
  unit record;
  wanted uuid[] := (select array_agg(distinct x order by x) from unnest(p_table_ids) as x);
  clash text;
begin
  select * into unit from private.floor_units(p_branch) u where u.table_ids = wanted;
  if not found then
    raise exception using errcode = '22023',
      message = format('Those tables are not one table or one combination of %s', p_branch);
  end if;
  if p_guests not between unit.min_seats and unit.max_seats then
    raise exception using errcode = 'BK022',
      message = format('%s seats %s to %s guests; this party is %s', unit.label, unit.min_seats, unit.max_seats, p_guests);
  end if;
  begin
    insert into public.reservation_tables (reservation_id, table_id, branch, during)
    select p_reservation_id, x, p_branch, p_during from unnest(wanted) as x;
  exception when exclusion_violation then
    select string_agg(distinct t.name, ', ') into clash
      from public.reservation_tables h join public.dining_tables t on t.id = h.table_id
     where h.table_id = any (wanted) and h.holds and h.during && p_during and h.reservation_id <> p_reservation_id;
    raise exception using errcode = 'BK021',
      message = format('%s is already held by another booking at that time', coalesce(clash, unit.label));
  end;
end
$$;

-- The day's slots of a branch with tables, for a party: open when some unit fits and is free for
-- the whole turn (and the branch's other rules allow the slot), full otherwise. The same test
-- as the insert's assignment, so what is offered can be booked.
create function private.table_availability(p_settings public.branch_settings, p_date date, p_guests integer)
returns table (slot text, status text, covers_left integer)
language plpgsql stable
set search_path = ''
as $$
begin
  -- PL/pgSQL keeps this query's plan for the session; as a SQL function it was planned per call.
  return query
  with slots as (
    select g.t::time as slot, (p_date + g.t::time) at time zone p_settings.time_zone as starts
      from generate_series(timestamp '2000-01-01', timestamp '2000-01-01 23:30', interval '30 minutes') as g(t)
  ),
  turn as (select private.turn_length(p_settings.branch, p_guests) as length),
  taken as (
    select public.booking_slot(r.time, r.period) as slot, sum(r.guests)::integer as covers
      from public.reservations r
     where r.branch = p_settings.branch and r.date = p_date and r.status = 'booked'
     group by 1
  ),
  units as (
    select u.table_ids from private.floor_units(p_settings.branch) u
     where p_guests between u.min_seats and u.max_seats and (u.online or not private.books_online())
  ),
  -- Every hold that can meet a slot of this day: starts up to 23:30, turns up to 16 hours.
  day_holds as materialized (
    select h.table_id, h.during from public.reservation_tables h
     where h.branch = p_settings.branch and h.holds
       and h.during && tstzrange(p_date::timestamp at time zone p_settings.time_zone,
                                 (p_date + 2)::timestamp at time zone p_settings.time_zone)
  ),
  unit_busy as (
    select (select range_agg(h.during) from day_holds h where h.table_id = any (u.table_ids)) as busy from units u
  ),
  fits as (
    select s.slot, exists (
             select 1 from unit_busy b, turn
              where b.busy is null or not (b.busy && tstzrange(s.starts, s.starts + turn.length, '[)'))
           ) as free
      from slots s
  )
  select to_char(f.slot, 'HH24:MI'),
         coalesce(public.slot_refusal(p_settings, p_date, f.slot, p_guests, coalesce(t.covers, 0)),
                  case when f.free then 'open' else 'full' end),
         case when p_settings.covers_per_slot is not null
              then greatest(p_settings.covers_per_slot - coalesce(t.covers, 0), 0) end
    from fits f left join taken t on t.slot = f.slot
   order by f.slot;
end
$$;

-- The open slots within 90 minutes of p_slot, nearest first: what a refusal offers instead.
create function private.nearest_open_slots(p_branch text, p_date date, p_slot time, p_guests integer) returns text[]
language sql stable
set search_path = ''
as $$
  select coalesce(array_agg(a.slot order by abs(extract(epoch from a.slot::time - p_slot)), a.slot), '{}')
    from public.branch_settings s, private.table_availability(s, p_date, p_guests) a
   where s.branch = p_branch and a.status = 'open' and a.slot::time <> p_slot
     and abs(extract(epoch from a.slot::time - p_slot)) <= 90 * 60
$$;

create function private.refuse_no_table(p_branch text, p_date date, p_slot time, p_guests integer) returns void
language plpgsql
set search_path = ''
as $$
declare
  nearest text[] := private.nearest_open_slots(p_branch, p_date, p_slot, p_guests);
  settings public.branch_settings;
begin
  select * into settings from public.branch_settings s where s.branch = p_branch;
  raise exception using errcode = 'BK001',
    detail = jsonb_build_object(
      'reason', 'full', 'branch', p_branch, 'date', p_date, 'time', to_char(p_slot, 'HH24:MI'),
      'guests', p_guests, 'max_party', settings.max_party, 'window_days', settings.booking_window_days,
      'covers_left', null, 'nearest', to_jsonb(nearest))::text,
    message = format('Sorry, no table for %s is free at %s on %s at %s — %s',
      case when p_guests = 1 then '1 guest' else p_guests || ' guests' end,
      public.display_slot(p_slot), to_char(p_date, 'FMDD Mon YYYY'), p_branch,
      case when cardinality(nearest) = 0 then 'please pick another time'
           else 'try ' || array_to_string(array(select public.display_slot(n::time) from unnest(nearest[1:3]) as n), ' or ') end);
end
$$;

-- Every new booking at a branch with tables is placed on the best free unit for its whole turn,
-- whoever inserts it; refused with BK001 when none fits. After the booking rules (triggers of one
-- event fire in name order), so a closed or past time keeps its own refusal.
create function private.assign_booking_tables() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  slot time;
  during tstzrange;
  walk_in jsonb := nullif(current_setting('tables.walk_in', true), '')::jsonb;
begin
  if new.branch is null or new.date is null or new.guests is null then
    return new;
  end if;
  if not private.branch_has_tables(new.branch) then
    return new;
  end if;
  slot := public.booking_slot(new.time, new.period);
  if slot is null then
    return new;
  end if;
  -- One booking at a time per branch and day: the choice below sees every earlier winner. The
  -- exclusion constraint still guards what the lock does not (a turn running past midnight).
  perform pg_advisory_xact_lock(hashtextextended(format('tables|%s|%s', new.branch, new.date), 0));
  if walk_in is not null then
    -- seat_walk_in: the party sits now, on the tables named or the best free ones.
    during := tstzrange((walk_in ->> 'starts')::timestamptz,
                        (walk_in ->> 'starts')::timestamptz + private.turn_length(new.branch, new.guests), '[)');
    if jsonb_typeof(walk_in -> 'tables') = 'array' then
      perform private.hold_chosen_tables(new.id, new.branch, during, new.guests,
        array(select jsonb_array_elements_text(walk_in -> 'tables')::uuid));
    elsif private.place_booking(new.id, new.branch, during, new.guests, false) is null then
      raise exception using errcode = 'BK001',
        message = format('No table for %s guests is free now at %s', new.guests, new.branch);
    end if;
  else
    during := private.hold_range(new.branch, new.date, slot, new.guests);
    if private.place_booking(new.id, new.branch, during, new.guests, private.books_online()) is null then
      perform private.refuse_no_table(new.branch, new.date, slot, new.guests);
    end if;
  end if;
  new.allocated := true;
  return new;
end
$$;

create trigger reservations_booking_tables
  before insert on public.reservations
  for each row execute function private.assign_booking_tables();

revoke all on function private.check_combination_member() from public;
revoke all on function private.default_turn_minutes() from public;
revoke all on function private.turn_length(text, integer) from public;
revoke all on function private.branch_time_zone(text) from public;
revoke all on function private.hold_range(text, date, time, integer) from public;
revoke all on function private.branch_has_tables(text) from public;
revoke all on function private.floor_units(text) from public;
revoke all on function private.books_online() from public;
revoke all on function private.may_host(text) from public;
revoke all on function private.place_booking(bigint, text, tstzrange, integer, boolean, uuid[]) from public;
revoke all on function private.hold_chosen_tables(bigint, text, tstzrange, integer, uuid[]) from public;
revoke all on function private.table_availability(public.branch_settings, date, integer) from public;
revoke all on function private.nearest_open_slots(text, date, time, integer) from public;
revoke all on function private.refuse_no_table(text, date, time, integer) from public;
revoke all on function private.assign_booking_tables() from public;

-- Availability at a branch with tables answers from them. The one change to the function as
-- 20261123200000_booking_lifecycle.sql left it is the clearly marked block below.
create or replace function public.booking_availability(p_branch text, p_date date, p_guests integer default 1)
returns table (slot text, status text, covers_left integer)
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  settings public.branch_settings;
begin
  if p_branch is null or char_length(p_branch) not between 1 and 64 then
    raise exception using errcode = '22023', message = 'p_branch must be a branch name';
  end if;
  if p_date is null then
    raise exception using errcode = '22023', message = 'p_date must be a date';
  end if;
  if p_guests is null or p_guests not between 1 and 1000 then
    raise exception using errcode = '22023', message = 'p_guests must be between 1 and 1000';
  end if;
  select * into settings from public.branch_settings s where s.branch = p_branch;
  if not found then
    return query
      select to_char(t, 'HH24:MI'),
             case when p_date + t::time < (now() at time zone 'Asia/Ho_Chi_Minh') then 'past' else 'open' end,
             null::integer
        from generate_series(timestamp '2000-01-01', timestamp '2000-01-01 23:30', interval '30 minutes') as g(t);
    return;
  end if;
  -- Tables and turns (20261126000000_floor.sql): a branch with a floor answers from its tables.
  if private.branch_has_tables(p_branch) then
    return query select * from private.table_availability(settings, p_date, p_guests);
    return;
  end if;
  return query
    with slots as (
      select g.t::time as slot
        from generate_series(timestamp '2000-01-01', timestamp '2000-01-01 23:30', interval '30 minutes') as g(t)
    ),
    taken as (
      select public.booking_slot(r.time, r.period) as slot, sum(r.guests)::integer as covers
        from public.reservations r
       where r.branch = p_branch and r.date = p_date and r.status = 'booked'
       group by 1
    )
    select to_char(s.slot, 'HH24:MI'),
           coalesce(public.slot_refusal(settings, p_date, s.slot, p_guests, coalesce(t.covers, 0)), 'open'),
           case when settings.covers_per_slot is not null
                then greatest(settings.covers_per_slot - coalesce(t.covers, 0), 0) end
      from slots s left join taken t on t.slot = s.slot
     order by s.slot;
end
$$;

-- Who sees the floor: everyone on staff reads their branches' floor and holds; owner and staff
-- (who write branch settings) change the floor; nobody writes holds but the database's own
-- functions (the booking trigger and the host operations). Guests read nothing of it.
revoke all on table public.dining_areas, public.dining_tables, public.table_combinations,
  public.table_combination_members, public.reservation_tables from public, anon, authenticated;
grant select, insert, update, delete on table public.dining_areas, public.dining_tables,
  public.table_combinations, public.table_combination_members to authenticated;
grant select on table public.reservation_tables to authenticated;
grant all on table public.dining_areas, public.dining_tables, public.table_combinations,
  public.table_combination_members, public.reservation_tables to service_role;

alter table public.dining_areas enable row level security;
alter table public.dining_tables enable row level security;
alter table public.table_combinations enable row level security;
alter table public.table_combination_members enable row level security;
alter table public.reservation_tables enable row level security;

create policy "staff read the areas of their branches" on public.dining_areas for select to authenticated
  using (app_private.works_at(branch));
create policy "owner and staff change areas" on public.dining_areas for all to authenticated
  using ((select app_private.manages_settings())) with check ((select app_private.manages_settings()));

create policy "staff read the tables of their branches" on public.dining_tables for select to authenticated
  using (app_private.works_at(branch));
create policy "owner and staff change tables" on public.dining_tables for all to authenticated
  using ((select app_private.manages_settings())) with check ((select app_private.manages_settings()));

create policy "staff read the combinations of their branches" on public.table_combinations for select
  to authenticated using (app_private.works_at(branch));
create policy "owner and staff change combinations" on public.table_combinations for all to authenticated
  using ((select app_private.manages_settings())) with check ((select app_private.manages_settings()));

-- A member row is visible with its combination (the subquery runs under the combinations' policy).
create policy "staff read the members of combinations they see" on public.table_combination_members for select
  to authenticated using (exists (select 1 from public.table_combinations c where c.id = combination_id));
create policy "owner and staff change combination members" on public.table_combination_members for all
  to authenticated
  using ((select app_private.manages_settings())) with check ((select app_private.manages_settings()));

create policy "staff read the holds of their branches" on public.reservation_tables for select to authenticated
  using (app_private.works_at(branch));

-- Every staff table carries the second-factor rule (20261123300000_require_aal2.sql).
create policy "second factor when enrolled or required" on public.dining_areas as restrictive for all
  to authenticated
  using ((select app_private.second_factor_satisfied())) with check ((select app_private.second_factor_satisfied()));
create policy "second factor when enrolled or required" on public.dining_tables as restrictive for all
  to authenticated
  using ((select app_private.second_factor_satisfied())) with check ((select app_private.second_factor_satisfied()));
create policy "second factor when enrolled or required" on public.table_combinations as restrictive for all
  to authenticated
  using ((select app_private.second_factor_satisfied())) with check ((select app_private.second_factor_satisfied()));
create policy "second factor when enrolled or required" on public.table_combination_members as restrictive for all
  to authenticated
  using ((select app_private.second_factor_satisfied())) with check ((select app_private.second_factor_satisfied()));
create policy "second factor when enrolled or required" on public.reservation_tables as restrictive for all
  to authenticated
  using ((select app_private.second_factor_satisfied())) with check ((select app_private.second_factor_satisfied()));

-- The live board: tables and holds announce their changes as bookings do
-- (20261123100000_reservation_changes.sql); each subscriber is told under its own policies.
create trigger dining_tables_publish_inserts after insert on public.dining_tables
  referencing new table as new_rows for each statement execute function private.publish_changes();
create trigger dining_tables_publish_updates after update on public.dining_tables
  referencing new table as new_rows for each statement execute function private.publish_changes();
create trigger dining_tables_publish_deletes after delete on public.dining_tables
  referencing old table as old_rows for each statement execute function private.publish_changes();
create trigger reservation_tables_publish_inserts after insert on public.reservation_tables
  referencing new table as new_rows for each statement execute function private.publish_changes();
create trigger reservation_tables_publish_updates after update on public.reservation_tables
  referencing new table as new_rows for each statement execute function private.publish_changes();
create trigger reservation_tables_publish_deletes after delete on public.reservation_tables
  referencing old table as old_rows for each statement execute function private.publish_changes();

-- On a hosted project Realtime reads the write-ahead log: add the tables to its publication,
-- unless it is FOR ALL TABLES (it has them already, and refuses an explicit add). Fixed in place
-- (review #31, item 5): the earlier text stopped the start on such a database, and did the same
-- as this one everywhere else (see src/server/db/migrate.ts, earlierChecksums).
do $$
begin
  if exists (select 1 from pg_catalog.pg_publication p where p.pubname = 'supabase_realtime' and not p.puballtables) then
    alter publication supabase_realtime add table public.dining_tables, public.reservation_tables;
  end if;
end
$$;
