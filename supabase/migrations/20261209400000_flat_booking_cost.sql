-- Issue 31, item 10: loading many bookings in one statement cost more per row the more rows the
-- statement, the guest or the slot already had, and restaurants coming from another system had no
-- checked way to bring their bookings in.
--
-- What grew (pg_stat_user_functions with track_functions = 'all', one statement of 2,000 and of
-- 10,000 bookings for 50 returning guests): private.guest_for, from 0.1 ms to 0.2 ms a call. Its
-- upsert rewrote the guest's row for every booking, even when nothing changed; within one
-- transaction none of those versions can be pruned, so each later lookup walked a longer chain of
-- them (and ran the guests' row triggers again). private.refresh_guest_counts did the same for
-- every booking loaded with another status than 'booked': a recount of all the guest's bookings and
-- one more version of the guest's row, per booking, so a guest's k rows cost k² work.
--
-- Now a guest's row is written only when the booking changes it, and the counts of loaded bookings
-- are taken once per guest per statement (a statement trigger over the inserted rows). Updates and
-- deletes still refresh row by row: the no-show rule that follows them reads the fresh counts.
--
-- The import (`npm run admin -- import bookings FILE.csv`, src/server/cli/import-bookings.ts) sets
-- `booking.import = on` for its transaction. It is honoured only on a direct database connection,
-- never for a caller of the API (private.api_caller()), and it changes three things only: a booking
-- may be for a time already past (it is judged as if made at the time it was for, so every other
-- rule — opening hours, closed dates, party size, capacity, tables — still holds), it keeps the
-- status it is loaded with, and no confirmation email is queued (the guest booked elsewhere).
-- Cancelled and no-show bookings take no covers and no tables, as everywhere else. A past booking
-- takes no advisory lock (nobody else can book the past), so a large import of history does not
-- fill the server's lock table.

-- Whether this insert is an operator's import of bookings (see above).
create function private.importing_bookings() returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(current_setting('booking.import', true), '') = 'on' and not private.api_caller()
$$;

revoke all on function private.importing_bookings() from public;

-- The rules of public.slot_refusal as seen at `p_now` (the branch's local time): the same order and
-- reasons. slot_refusal asks it for now; an imported past booking asks it for its own time.
create function public.slot_refusal_at(p_settings public.branch_settings, p_date date, p_slot time, p_guests integer,
                                       p_taken integer, p_now timestamp)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when p_slot is null then 'closed'
    when (p_date + p_slot) < p_now then 'past'
    when p_settings.booking_window_days is not null
      and p_date > p_now::date + p_settings.booking_window_days then 'too_far'
    when exists (
      select 1 from public.branch_closed_dates c where c.branch = p_settings.branch and c.date = p_date
    ) then 'closed'
    when not exists (
      select 1 from public.branch_opening_hours h
       where h.branch = p_settings.branch and h.weekday = extract(isodow from p_date)
         and p_slot >= h.opens and p_slot <= h.closes - public.last_seating_margin()
    ) then 'closed'
    when p_settings.max_party is not null and p_guests > p_settings.max_party then 'too_large'
    when p_settings.covers_per_slot is not null and p_taken + p_guests > p_settings.covers_per_slot then 'full'
  end
$$;

revoke all on function public.slot_refusal_at(public.branch_settings, date, time, integer, integer, timestamp) from public;

create or replace function public.slot_refusal(p_settings public.branch_settings, p_date date, p_slot time,
                                               p_guests integer, p_taken integer)
returns text
language sql
stable
set search_path = ''
as $$
  select public.slot_refusal_at(p_settings, p_date, p_slot, p_guests, p_taken, now() at time zone p_settings.time_zone)
$$;

create or replace function public.enforce_booking_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  settings public.branch_settings;
  slot time;
  taken integer := 0;
  refusal text;
  facts jsonb;
  judged_at timestamp;
  past_import boolean := false;
begin
  -- A missing value is the NOT NULL constraints' to refuse, with their own message.
  if new.branch is null or new.date is null or new.guests is null then
    return new;
  end if;
  select * into settings from public.branch_settings s where s.branch = new.branch;
  if not found then
    return new;
  end if;
  slot := public.booking_slot(new.time, new.period);
  judged_at := now() at time zone settings.time_zone;
  if private.importing_bookings() then
    -- A past booking brought in from another system is judged as on its own day and time.
    if slot is not null and new.date + slot < judged_at then
      judged_at := new.date + slot;
      past_import := true;
    end if;
    -- A cancelled or no-show booking takes no covers (public.covers_taken does not count it).
    if coalesce(new.status, 'booked') not in ('booked', 'seated', 'finished') then
      settings.covers_per_slot := null;
    end if;
  end if;
  if settings.covers_per_slot is not null and slot is not null then
    -- One booking at a time per slot, so two guests racing for the last table cannot both win.
    -- Each statement below takes a fresh snapshot after the lock, and so sees the winner's row.
    -- An imported past booking races nobody (no one else may book a time already past), and a
    -- lock per past slot would fill the server's lock table on a large import (about 12,000 locks
    -- with PostgreSQL's defaults, shared by every session).
    if not past_import then
      perform pg_advisory_xact_lock(hashtextextended(format('booking|%s|%s|%s', new.branch, new.date, slot), 0));
    end if;
    taken := public.covers_taken(new.branch, new.date, slot);
  end if;
  refusal := public.slot_refusal_at(settings, new.date, slot, new.guests, taken, judged_at);
  if refusal is null then
    return new;
  end if;
  facts := jsonb_build_object(
    'reason', refusal, 'branch', new.branch, 'date', new.date, 'time', to_char(slot, 'HH24:MI'),
    'guests', new.guests, 'max_party', settings.max_party, 'window_days', settings.booking_window_days,
    'covers_left', case when settings.covers_per_slot is not null
                        then greatest(settings.covers_per_slot - taken, 0) end);
  case refusal
    when 'full' then
      raise exception using errcode = 'BK001', detail = facts::text,
        message = format('Sorry, %s is now full at %s — please pick another time', public.display_slot(slot), new.branch);
    when 'closed' then
      raise exception using errcode = 'BK002', detail = facts::text,
        message = case when slot is null then format('%s is not a time we take bookings for', new.time)
                       else format('%s is closed at %s on %s — please pick another time', new.branch,
                                   public.display_slot(slot), to_char(new.date, 'FMDD Mon YYYY')) end;
    when 'past' then
      raise exception using errcode = 'BK003', detail = facts::text,
        message = format('%s on %s has already passed — please pick a later time', public.display_slot(slot),
                         to_char(new.date, 'FMDD Mon YYYY'));
    when 'too_far' then
      raise exception using errcode = 'BK004', detail = facts::text,
        message = format('%s takes bookings up to %s days ahead — please pick an earlier date', new.branch,
                         settings.booking_window_days);
    else
      raise exception using errcode = 'BK005', detail = facts::text,
        message = format('%s takes parties of up to %s guests online — please call us for a larger group',
                         new.branch, settings.max_party);
  end case;
end
$$;

create or replace function private.enforce_base_booking_rules() returns trigger
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
  -- Without settings the branch's own zone is the one public.branch_time_zone() names. An
  -- operator's import may bring in past bookings (see private.importing_bookings()).
  if not has_settings and not private.importing_bookings() then
    if (new.date + slot) < (now() at time zone zone) then
      raise exception using errcode = 'BK003', detail = (facts || '{"reason":"past"}')::text,
        message = format('%s on %s has already passed — please pick a later time', public.display_slot(slot),
                         to_char(new.date, 'FMDD Mon YYYY'));
    end if;
  end if;
  return new;
end
$$;

create or replace function private.assign_booking_tables() returns trigger
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
  -- An imported cancelled or no-show booking holds no table (as a cancellation releases its own).
  if private.importing_bookings() and coalesce(new.status, 'booked') not in ('booked', 'seated', 'finished') then
    return new;
  end if;
  slot := public.booking_slot(new.time, new.period);
  if slot is null then
    return new;
  end if;
  -- One booking at a time per branch and day: the choice below sees every earlier winner. The
  -- exclusion constraint still guards what the lock does not (a turn running past midnight). An
  -- imported past booking races nobody, and takes no lock (see public.enforce_booking_rules).
  if not (private.importing_bookings()
          and new.date + slot < now() at time zone private.branch_time_zone(new.branch)) then
    perform pg_advisory_xact_lock(hashtextextended(format('tables|%s|%s', new.branch, new.date), 0));
  end if;
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

create or replace function private.start_booking_lifecycle() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  token text := private.new_manage_token();
  imported boolean := private.importing_bookings();
begin
  if imported then
    -- An imported booking keeps its status (the CHECK constraints refuse an unknown one).
    new.status := coalesce(new.status, 'booked');
    new.cancelled_at := case when new.status = 'cancelled' then coalesce(new.cancelled_at, now()) end;
  else
    new.status := 'booked';
    new.cancelled_at := null;
  end if;
  new.reference := private.new_booking_reference();
  new.manage_token_hash := private.manage_token_hash(token);
  insert into private.booking_receipts (reference, email, manage_token) values (new.reference, new.email, token);
  if not imported then
    perform private.queue_email('confirmation', new, token);
  end if;
  -- One setting, overwritten by each row: a setting per id would stay defined in the session for
  -- good (only its value is transaction-local), one more for every booking a connection takes.
  perform set_config('booking.made', new.id::text, true);
  return new;
end
$$;

-- A guest's row is written only when the booking changes it: rewriting an unchanged row left one
-- more version per booking, and every later booking of the guest in the same transaction walked
-- them all. The row is still locked as the upsert locked it, so an erasure or a merge running
-- beside the booking waits for it as before.
create or replace function private.guest_for(p_name text, p_mobile text, p_email text) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_mobile text := public.normalise_mobile(p_mobile);
  v_email text := public.normalise_email(p_email);
  v_name text := nullif(left(btrim(p_name), 120), '');
  found_id uuid;
  known_name text;
  known_email text;
begin
  if v_mobile is not null then
    select g.id, g.name, g.email into found_id, known_name, known_email
      from public.guests g where g.mobile = v_mobile
       for no key update;
    if found_id is null then
      insert into public.guests as g (name, mobile, email) values (v_name, v_mobile, v_email)
      on conflict (mobile) where mobile is not null
      do update set name = coalesce(excluded.name, g.name), email = coalesce(g.email, excluded.email)
      returning g.id into found_id;
    elsif coalesce(v_name, known_name) is distinct from known_name
       or coalesce(known_email, v_email) is distinct from known_email then
      update public.guests g set name = coalesce(v_name, g.name), email = coalesce(g.email, v_email)
       where g.id = found_id;
    end if;
    return found_id;
  end if;
  if v_email is null then
    return null;
  end if;
  select g.id, g.name into found_id, known_name from public.guests g
   where g.email = v_email and g.erased_at is null order by g.created_at, g.id limit 1;
  if found_id is null then
    insert into public.guests (name, email) values (v_name, v_email) returning id into found_id;
  elsif v_name is not null and v_name is distinct from known_name then
    update public.guests g set name = v_name where g.id = found_id;
  end if;
  return found_id;
end
$$;

-- Updates and deletes: row by row, as before (the no-show rule reads the counts right after).
create or replace function private.follow_guest_counts() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (tg_op = 'DELETE' or (tg_op = 'UPDATE' and new.guest_id is distinct from old.guest_id)) and old.guest_id is not null then
    perform private.refresh_guest_counts(old.guest_id);
  end if;
  if tg_op = 'UPDATE' and new.guest_id is not null
     and (new.guest_id is distinct from old.guest_id or new.status is distinct from old.status
          or new.guests is distinct from old.guests or new.date is distinct from old.date) then
    perform private.refresh_guest_counts(new.guest_id);
  end if;
  return null;
end
$$;

-- Inserts: once per guest per statement. A new booking is 'booked' and changes no count; only rows
-- loaded with another status (an import) do.
create function private.follow_inserted_guest_counts() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  guest uuid;
begin
  for guest in select distinct n.guest_id from new_rows n where n.guest_id is not null and n.status <> 'booked' loop
    perform private.refresh_guest_counts(guest);
  end loop;
  return null;
end
$$;

revoke all on function private.follow_inserted_guest_counts() from public;

drop trigger reservations_guest_counts on public.reservations;
create trigger reservations_guest_counts
  after delete or update of status, guest_id, guests, date on public.reservations
  for each row execute function private.follow_guest_counts();
create trigger reservations_inserted_guest_counts
  after insert on public.reservations
  referencing new table as new_rows
  for each statement execute function private.follow_inserted_guest_counts();
