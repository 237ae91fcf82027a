-- The host's timeline (issue 23): a booking moved to another time is an ordinary update of its
-- time (and period), by staff of its branch under the existing row-level security. The status and
-- move trigger (private.follow_booking_changes, 20261126010000_turns.sql) then moves its holds —
-- to the same tables when they are still free, else the best free unit — or refuses with BK001.
-- This trigger runs first (triggers of one event fire in name order) and refuses what no host
-- means: a time that is no time of day (BK050), and moving a booking that is over (BK051).

grant update (time, period) on table public.reservations to authenticated;

create function private.check_booking_move() returns trigger
language plpgsql
-- A definer, as the move trigger is: public.booking_slot is not granted to the API roles.
security definer
set search_path = ''
as $$
begin
  if (new.time, new.period) is not distinct from (old.time, old.period) then
    return new;
  end if;
  if public.booking_slot(new.time, new.period) is null then
    raise exception using errcode = 'BK050',
      message = format('%s %s is not a time of day', new.time, new.period);
  end if;
  if old.status not in ('booked', 'seated') then
    raise exception using errcode = 'BK051',
      message = format('A booking that is %s cannot be moved', replace(old.status, '_', '-'));
  end if;
  return new;
end
$$;

revoke all on function private.check_booking_move() from public;

create trigger reservations_check_move
  before update of time, period on public.reservations
  for each row execute function private.check_booking_move();
