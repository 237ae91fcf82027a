-- Covers are counted for every booking that came or is coming: booked, seated and finished.
-- Tables and turns (20261126000000) made seating a status of its own, and the covers-per-slot
-- rules still counted only `booked`, so seating the 7 PM parties offered their covers again. The
-- three readers of that count (covers_taken for the insert, booking_availability for branches
-- without tables, table_availability for branches with tables) and the slot index follow.
--
-- booking_availability also refuses a name that is no branch (BK007, as the insert does) and,
-- for a branch without settings, judges the past in the branch's own zone (public.branches).
-- The bodies are otherwise those of 20261123200000 and 20261126000000.

create index reservations_slot_covers_counted_idx
  on public.reservations (branch, date, public.booking_slot(time, period))
  include (guests)
  where status in ('booked', 'seated', 'finished');
drop index if exists public.reservations_slot_covers_idx;

create or replace function public.covers_taken(p_branch text, p_date date, p_slot time) returns integer
language sql stable
set search_path = ''
as $$
  select coalesce(sum(r.guests), 0)::integer
    from public.reservations r
   where r.branch = p_branch and r.date = p_date and r.status in ('booked', 'seated', 'finished')
     and public.booking_slot(r.time, r.period) = p_slot
$$;

create or replace function private.table_availability(p_settings public.branch_settings, p_date date, p_guests integer)
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
     where r.branch = p_settings.branch and r.date = p_date and r.status in ('booked', 'seated', 'finished')
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
  -- A name that is no branch is refused as an insert would refuse it (BK007), not shown open.
  perform private.require_branch(p_branch);
  select * into settings from public.branch_settings s where s.branch = p_branch;
  if not found then
    -- Without settings the base rules judge the past in the branch's own zone (20261125110000).
    return query
      select to_char(t, 'HH24:MI'),
             case when p_date + t::time < (now() at time zone public.branch_time_zone(p_branch)) then 'past' else 'open' end,
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
       where r.branch = p_branch and r.date = p_date and r.status in ('booked', 'seated', 'finished')
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
