-- The guest changes their booking from the manage link (issue 26, part 2): date, time and party
-- size, refused by the same rules as a new booking (hours, closed dates, window, largest party,
-- covers per slot; at a branch with tables, a free unit for the whole turn — the update trigger
-- of 20261126010000_turns.sql moves the holds and refuses with BK001 when none fits). The booking
-- keeps its reference; its revision goes up (the calendar file's SEQUENCE), a change email is
-- queued with a fresh link, and the history trigger records the old and new values.

-- Why a booking could not be moved to p_date at p_slot for p_guests, raised with the codes and
-- messages of a new booking (public.enforce_booking_rules, private.enforce_base_booking_rules).
create function private.check_booking_move(r public.reservations, p_date date, p_slot time, p_guests integer)
returns void
language plpgsql
set search_path = ''
as $$
declare
  settings public.branch_settings;
  taken integer := 0;
  refusal text;
  facts jsonb;
begin
  if p_slot is null or not public.on_slot_grid(p_slot) then
    raise exception using errcode = 'BK002',
      message = 'That is not a time we take bookings for — please pick a time on the hour or half hour';
  end if;
  select * into settings from public.branch_settings s where s.branch = r.branch;
  if not found then
    if (p_date + p_slot) < (now() at time zone public.branch_time_zone(r.branch)) then
      raise exception using errcode = 'BK003',
        message = format('%s on %s has already passed — please pick a later time', public.display_slot(p_slot),
                         to_char(p_date, 'FMDD Mon YYYY'));
    end if;
    return;
  end if;
  if settings.covers_per_slot is not null then
    perform pg_advisory_xact_lock(hashtextextended(format('booking|%s|%s|%s', r.branch, p_date, p_slot), 0));
    -- The booking's own covers do not count against itself.
    taken := public.covers_taken(r.branch, p_date, p_slot)
             - case when r.date = p_date and public.booking_slot(r.time, r.period) = p_slot then r.guests else 0 end;
  end if;
  refusal := public.slot_refusal(settings, p_date, p_slot, p_guests, taken);
  if refusal is null then
    return;
  end if;
  facts := jsonb_build_object(
    'reason', refusal, 'branch', r.branch, 'date', p_date, 'time', to_char(p_slot, 'HH24:MI'),
    'guests', p_guests, 'max_party', settings.max_party, 'window_days', settings.booking_window_days,
    'covers_left', case when settings.covers_per_slot is not null
                        then greatest(settings.covers_per_slot - taken, 0) end);
  case refusal
    when 'full' then
      raise exception using errcode = 'BK001', detail = facts::text,
        message = format('Sorry, %s is now full at %s — please pick another time', public.display_slot(p_slot), r.branch);
    when 'closed' then
      raise exception using errcode = 'BK002', detail = facts::text,
        message = format('%s is closed at %s on %s — please pick another time', r.branch,
                         public.display_slot(p_slot), to_char(p_date, 'FMDD Mon YYYY'));
    when 'past' then
      raise exception using errcode = 'BK003', detail = facts::text,
        message = format('%s on %s has already passed — please pick a later time', public.display_slot(p_slot),
                         to_char(p_date, 'FMDD Mon YYYY'));
    when 'too_far' then
      raise exception using errcode = 'BK004', detail = facts::text,
        message = format('%s takes bookings up to %s days ahead — please pick an earlier date', r.branch,
                         settings.booking_window_days);
    else
      raise exception using errcode = 'BK005', detail = facts::text,
        message = format('%s takes parties of up to %s guests online — please call us for a larger group',
                         r.branch, settings.max_party);
  end case;
end
$$;

-- Moves the booking the token opens to p_date at p_time ("19:30") for p_guests; answers the
-- booking as the manage page shows it. Asking for what it already is changes nothing.
-- BK041: the booking can no longer be changed online (cancelled, seated, its time come, or a
-- waitlist table not yet claimed).
create function public.change_booking(p_token text, p_date date, p_time text, p_guests integer)
returns table (
  reference text, status text, name text, date date, "time" text, period text, guests integer,
  branch text, cancelled_at timestamptz, starts_at timestamptz, cancellable boolean,
  confirmed_at timestamptz, revision integer, held_until timestamptz
)
language plpgsql
security definer
set search_path = ''
as $$
declare
  r public.reservations := private.booking_for_token(p_token, true);
  slot time;
  new_time text;
  new_period text;
begin
  if p_date is null then
    raise exception using errcode = '22023', message = 'p_date must be a date';
  end if;
  if p_guests is null or p_guests not between 1 and 1000 then
    raise exception using errcode = '22023', message = 'p_guests must be between 1 and 1000';
  end if;
  if p_time is null or p_time !~ '^([01]\d|2[0-3]):[0-5]\d$' then
    raise exception using errcode = '22023', message = 'p_time must be a time such as 19:30';
  end if;
  if r.status <> 'booked' or r.held_until is not null or coalesce(private.booking_starts_at(r) <= now(), false) then
    raise exception using errcode = 'BK041',
      message = 'This booking can no longer be changed online — please call the restaurant';
  end if;
  slot := p_time::time;
  if r.date = p_date and public.booking_slot(r.time, r.period) = slot and r.guests = p_guests then
    return query select * from private.managed_booking(r);
    return;
  end if;
  perform private.check_booking_move(r, p_date, slot, p_guests);
  -- Written the way the form that made the booking writes times ("07:30" "PM", or "19:30" "Dinner").
  if upper(r.period) in ('AM', 'PM') then
    new_time := to_char(slot, 'HH12:MI');
    new_period := to_char(slot, 'AM');
  else
    new_time := to_char(slot, 'HH24:MI');
    new_period := r.period;
  end if;
  update public.reservations t
     set date = p_date, time = new_time, period = new_period, guests = p_guests,
         revision = t.revision + 1,
         -- A new time asks again: the reminder and the guest's answer start afresh.
         reminded_at = null, confirmed_at = null
   where t.id = r.id
  returning * into r;
  perform private.queue_keyed_email('change', format('%s.change.%s.%s', lower(r.reference), r.id, r.revision), r,
                                    jsonb_build_object('manage_token', private.new_manage_link(r.id)));
  return query select * from private.managed_booking(r);
end
$$;

-- The reminder's key now names the revision: a booking moved after its reminder is reminded again
-- for its new time. Otherwise as in 20261205000000_reminders.sql.
create or replace function private.queue_due_reminders(p_hours integer, p_now timestamptz default now()) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  r public.reservations;
  n integer := 0;
begin
  if p_hours is null or p_hours not between 1 and 336 then
    raise exception using errcode = '22023', message = 'p_hours must be between 1 and 336';
  end if;
  for r in
    select t.* from public.reservations t
     where t.date between (p_now - interval '1 day')::date and (p_now + make_interval(hours => p_hours) + interval '1 day')::date
       and t.status = 'booked' and t.reminded_at is null and t.confirmed_at is null and t.held_until is null
       and private.booking_starts_at(t) > p_now + interval '6 hours'
       and private.booking_starts_at(t) <= p_now + make_interval(hours => p_hours)
     order by t.id
     for update skip locked
  loop
    update public.reservations t set reminded_at = p_now where t.id = r.id returning * into r;
    if private.queue_keyed_email('reminder',
         case when r.revision = 0 then format('%s.reminder.%s', lower(r.reference), r.id)
              else format('%s.reminder.%s.%s', lower(r.reference), r.id, r.revision) end,
         r, jsonb_build_object('manage_token', private.new_manage_link(r.id))) then
      n := n + 1;
    end if;
  end loop;
  return n;
end
$$;

revoke all on function private.check_booking_move(public.reservations, date, time, integer) from public;
revoke all on function public.change_booking(text, date, text, integer) from public;
grant execute on function public.change_booking(text, date, text, integer) to anon, authenticated, service_role;
