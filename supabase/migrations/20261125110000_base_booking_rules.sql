-- The rules every booking obeys at every branch, whoever writes it (issue 20, items 3 and 4): the
-- branch exists, the time is on the slot grid, and the time has not passed. They run before
-- public.enforce_booking_rules (20261123000000), which keeps the rules of a branch's settings
-- (hours, closed dates, window, party size, capacity) unchanged; no existing function is replaced.
--
-- The slot grid. Capacity is counted per slot (public.covers_taken sums the bookings whose time
-- is exactly that slot), and public.booking_availability lists the half hours of the day. A time
-- off that grid ("07:01" PM) was its own slot with nobody in it, so a full 7:00 PM still took
-- bookings at 7:01. Such a time is now refused (BK002, as any other time the branch does not take
-- bookings for), rather than counted in the slot that contains it: the forms only ever offer
-- times on the grid (the home form every half hour from 10:30 AM, the /reservation page 12:00 to
-- 21:00 on the hour), so no guest loses anything, and counting by containing slot would have to
-- change the slot index, covers_taken and booking_availability alike, and would still leave a
-- 7:01 PM booking that the host board and emails show as a time the restaurant never offered.

-- Minutes between the slots of a day. booking_availability generates the same half hours
-- (interval '30 minutes' from midnight): change both together.
create function public.slot_minutes() returns integer
language sql immutable
as $$ select 30 $$;

-- Whether a time of day is one of the grid's slots (19:00, 19:30; not 19:01 or 19:00:30).
create function public.on_slot_grid(p_slot time) returns boolean
language sql immutable
set search_path = ''
as $$
  select extract(second from p_slot) = 0
     and (extract(hour from p_slot)::integer * 60 + extract(minute from p_slot)::integer) % public.slot_minutes() = 0
$$;

-- The base rules, with the BK family's codes and messages (see enforce_booking_rules):
--   BK007 no such branch   BK002 not a time on the grid   BK003 passed (branches without settings)
-- For a branch with settings, a time that is not a time at all and a time that has passed are
-- left to enforce_booking_rules, which refuses them exactly as before (same message and facts).
create function private.enforce_base_booking_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  zone text;
  has_settings boolean;
  slot time;
  facts jsonb;
begin
  -- What NOT NULL and the CHECK constraints refuse (no branch, a blank or overlong one, no time)
  -- stays theirs to refuse, with their own codes and messages.
  if new.branch is null or new.date is null or new.guests is null or new.time is null
     or char_length(btrim(new.branch)) not between 1 and 64 or char_length(btrim(new.time)) not between 1 and 16 then
    return new;
  end if;
  -- One read for the branch and whether it has settings (this runs for every booking).
  select b.time_zone, s.branch is not null into zone, has_settings
    from public.branches b left join public.branch_settings s on s.branch = b.name
   where b.name = new.branch;
  if not found then
    perform private.require_branch(new.branch);
  end if;
  slot := public.booking_slot(new.time, new.period);
  if slot is null and has_settings then
    return new;
  end if;
  facts := jsonb_build_object(
    'branch', new.branch, 'date', new.date, 'time', to_char(slot, 'HH24:MI'), 'guests', new.guests,
    'max_party', null, 'window_days', null, 'covers_left', null);
  if slot is null then
    raise exception using errcode = 'BK002', detail = (facts || '{"reason":"closed"}')::text,
      message = format('%s is not a time we take bookings for', new.time);
  end if;
  if not public.on_slot_grid(slot) then
    raise exception using errcode = 'BK002', detail = (facts || '{"reason":"closed"}')::text,
      message = format('%s is not a time we take bookings for — please pick a time on the hour or half hour',
                       public.display_slot(slot));
  end if;
  -- Without settings the branch's own zone is the one public.branch_time_zone() names.
  if not has_settings then
    if (new.date + slot) < (now() at time zone zone) then
      raise exception using errcode = 'BK003', detail = (facts || '{"reason":"past"}')::text,
        message = format('%s on %s has already passed — please pick a later time', public.display_slot(slot),
                         to_char(new.date, 'FMDD Mon YYYY'));
    end if;
  end if;
  return new;
end
$$;

revoke all on function public.slot_minutes() from public;
revoke all on function public.on_slot_grid(time) from public;
revoke all on function private.enforce_base_booking_rules() from public;

-- Triggers of one event fire in the order of their names: "reservations_base_rules" runs before
-- "reservations_booking_rules" (the settings' rules and the capacity lock), "reservations_language"
-- and "reservations_lifecycle", so a refused booking takes no lock and makes nothing.
create trigger reservations_base_rules
  before insert on public.reservations
  for each row execute function private.enforce_base_booking_rules();
