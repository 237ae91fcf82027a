-- Review #31, item 2: an anonymous waitlist entry took a real table and mailed anyone. The table
-- accepted any window (00:00–23:59) on any future date (2099), and the pass offered an entry
-- whatever slot of its window was open, so an entry on a day that was not full held a table for
-- WAITLIST_HOLD_MINUTES and mailed the address typed; a few hundred entries kept a branch's
-- tables held. Now an online entry (the forms, anon through REST, any other insert that is not
-- the host's door list) is taken only when a booking in its place would have been refused for
-- want of room:
--   - its date within the branch's booking window, each half hour of its window inside the
--     branch's hours, the party one the branch takes online: the booking rules' own codes and
--     messages (BK002 closed or off the grid, BK003 passed, BK004 too far ahead, BK005 too large);
--   - a window of at most 3 hours (BK071);
--   - no half hour of its window with a table free for the party (BK070; the message and the
--     detail's "free" name those times, for the form to offer booking one instead);
--   - one open (waiting or offered) entry per mobile number or email address, normalised as the
--     guests' profiles are, per branch and day (BK072).
-- That the window was full is recorded with the entry (full_when_joined), and the pass offers
-- only such entries: an entry from before this migration is judged as if it joined now.
-- Offer emails go through the outbox like every booking email, so the mail worker's
-- per-recipient limits (private.admit_outbox_email) count and drop them as they do the rest.
-- The host's door list (public.add_door_party, source 'door', a column guests cannot write) is
-- the staff's own path and keeps its rules; door parties are never offered a table by email.

alter table public.waitlist_entries add column full_when_joined boolean not null default false;

comment on column public.waitlist_entries.full_when_joined is
  'Whether every half hour of the window was full for the party when the guest joined; only such entries are offered a table.';

-- The half hours of an entry's window as the booking forms see them for the party (open, full,
-- closed, past, too_far, too_large), earliest first. booking_availability takes the caller's
-- view of the floor: a guest's insert counts the tables bookable online only.
create function private.waitlist_window_slots(p_branch text, p_date date, p_from time, p_to time, p_guests integer)
returns table (slot time, status text)
language sql stable
set search_path = ''
as $$
  select a.slot::time, a.status
    from public.booking_availability(p_branch, p_date, p_guests) a
   where a.slot::time between p_from and p_to
   order by a.slot
$$;

-- Refuses an online entry the waitlist may not take (see the header), with the booking rules'
-- codes and messages where the reason is theirs; returns when the whole window is full.
create function private.check_waitlist_entry(e public.waitlist_entries) returns void
language plpgsql
set search_path = ''
as $$
declare
  settings public.branch_settings;
  refused text;
  refused_at time;
  free text[];
  day text := to_char(e.date, 'FMDD Mon YYYY');
  party text := case when e.guests = 1 then '1 guest' else e.guests || ' guests' end;
  facts jsonb := jsonb_build_object('branch', e.branch, 'date', e.date, 'time_from', to_char(e.time_from, 'HH24:MI'),
                                    'time_to', to_char(e.time_to, 'HH24:MI'), 'guests', e.guests);
begin
  if e.time_to - e.time_from > interval '3 hours' then
    raise exception using errcode = 'BK071', detail = (facts || '{"reason":"window"}')::text,
      message = format('A waitlist window is at most 3 hours (%s–%s is longer) — please pick a shorter one',
                       public.display_slot(e.time_from), public.display_slot(e.time_to));
  end if;
  if not public.on_slot_grid(e.time_from) or not public.on_slot_grid(e.time_to) then
    raise exception using errcode = 'BK002', detail = (facts || '{"reason":"closed"}')::text,
      message = 'The waitlist takes times on the hour or half hour — please pick one';
  end if;
  select * into settings from public.branch_settings s where s.branch = e.branch;
  -- The first rule any half hour of the window breaks, the day's rules before the hour's.
  select w.status, w.slot into refused, refused_at
    from private.waitlist_window_slots(e.branch, e.date, e.time_from, e.time_to, e.guests) w
   where w.status not in ('open', 'full')
   order by array_position(array['past', 'too_far', 'closed', 'too_large'], w.status), w.slot
   limit 1;
  case refused
    when 'past' then
      raise exception using errcode = 'BK003', detail = (facts || '{"reason":"past"}')::text,
        message = format('%s on %s has already passed — please pick a later time', public.display_slot(refused_at), day);
    when 'too_far' then
      raise exception using errcode = 'BK004',
        detail = (facts || jsonb_build_object('reason', 'too_far', 'window_days', settings.booking_window_days))::text,
        message = format('%s takes bookings up to %s days ahead — please pick an earlier date', e.branch,
                         settings.booking_window_days);
    when 'closed' then
      raise exception using errcode = 'BK002', detail = (facts || '{"reason":"closed"}')::text,
        message = format('%s is closed at %s on %s — please pick another time', e.branch,
                         public.display_slot(refused_at), day);
    when 'too_large' then
      raise exception using errcode = 'BK005',
        detail = (facts || jsonb_build_object('reason', 'too_large', 'max_party', settings.max_party))::text,
        message = format('%s takes parties of up to %s guests online — please call us for a larger group',
                         e.branch, settings.max_party);
    else
      null;
  end case;
  -- At a branch with tables a party no table or combination seats is "full" at every hour, and
  -- would wait for a table that never comes: refused as a party the branch does not take.
  if private.branch_has_tables(e.branch) and not exists (
    select 1 from private.floor_units(e.branch) u
     where e.guests between u.min_seats and u.max_seats and (u.online or not private.books_online())
  ) then
    raise exception using errcode = 'BK005', detail = (facts || '{"reason":"too_large"}')::text,
      message = format('%s has no table for %s online — please call us', e.branch, party);
  end if;
  select coalesce(array_agg(to_char(w.slot, 'HH24:MI') order by w.slot), '{}') into free
    from private.waitlist_window_slots(e.branch, e.date, e.time_from, e.time_to, e.guests) w
   where w.status = 'open';
  if cardinality(free) > 0 then
    raise exception using errcode = 'BK070', detail = (facts || jsonb_build_object('reason', 'free', 'free', free))::text,
      message = format('A table for %s is free at %s on %s at %s — please book it instead', party,
                       array_to_string(array(select public.display_slot(f::time) from unnest(free) as f), ', '),
                       day, e.branch);
  end if;
  -- One open entry per guest and day: two joins at once take turns, and the second sees the first.
  perform pg_advisory_xact_lock(hashtextextended(format('waitlist|%s|%s', e.branch, e.date), 0));
  if exists (
    select 1 from public.waitlist_entries w
     where w.branch = e.branch and w.date = e.date and w.source = 'online' and w.status in ('waiting', 'offered')
       and (public.normalise_mobile(w.mobile) = public.normalise_mobile(e.mobile)
            or public.normalise_email(w.email) = public.normalise_email(e.email))
  ) then
    raise exception using errcode = 'BK072', detail = (facts || '{"reason":"duplicate"}')::text,
      message = format('This mobile number or email is already on the waitlist at %s on %s — we will email you if a table frees up',
                       e.branch, day);
  end if;
end
$$;

-- As in 20261205200000_waitlist.sql, with the online entry's rules and its fullness recorded.
create or replace function private.start_waitlist_entry() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.status := 'waiting';
  new.offered_until := null;
  new.reservation_id := null;
  new.created_at := now();
  new.full_when_joined := false;
  new.language := coalesce(private.request_language(), new.language);
  perform private.require_branch(new.branch);
  if not private.is_one_mailbox(new.email) then
    raise exception using errcode = '23514',
      message = 'The email must be one address, like name@example.com: no lists, names or line breaks';
  end if;
  if not private.is_one_line(new.name) or not private.is_one_line(new.mobile) then
    raise exception using errcode = '23514', message = 'The name and mobile number must be one line without control characters';
  end if;
  if new.date < (now() at time zone public.branch_time_zone(new.branch))::date then
    raise exception using errcode = 'BK003', message = format('%s has already passed — please pick a later date',
                                                              to_char(new.date, 'FMDD Mon YYYY'));
  end if;
  -- A door party is added by the host (add_door_party checks who and what); it is never offered
  -- a table by email, so it needs no proof that the window was full.
  if new.source = 'online' then
    perform private.check_waitlist_entry(new);
    new.full_when_joined := true;
  end if;
  return new;
end
$$;

-- As in 20261205200000_waitlist.sql, offering only entries whose window was full when they joined.
create or replace function private.waitlist_pass(p_now timestamptz default now(), p_hold_minutes integer default 15)
returns table (offers integer, expired integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  e public.waitlist_entries;
  n_offers integer := 0;
  n_expired integer := 0;
begin
  if p_hold_minutes is null or p_hold_minutes not between 1 and 1440 then
    raise exception using errcode = '22023', message = 'p_hold_minutes must be between 1 and 1440';
  end if;
  if not pg_try_advisory_xact_lock(hashtextextended('waitlist pass', 0)) then
    return query select 0, 0;
    return;
  end if;
  update private.waitlist_settings s set hold_minutes = p_hold_minutes where s.hold_minutes <> p_hold_minutes;
  for e in
    select * from public.waitlist_entries w where w.status = 'offered' and w.offered_until <= p_now
     order by w.offered_until, w.id for update
  loop
    update public.waitlist_entries w set status = 'expired', offered_until = null where w.id = e.id;
    update public.reservations t set status = 'cancelled', cancelled_at = p_now
     where t.id = e.reservation_id and t.held_until is not null and t.status = 'booked';
    n_expired := n_expired + 1;
  end loop;
  for e in
    select * from public.waitlist_entries w
     where w.status = 'waiting' and w.full_when_joined
       and w.date >= (p_now at time zone public.branch_time_zone(w.branch))::date
     order by w.created_at, w.id for update
  loop
    if private.offer_waitlist_entry(e, p_now, p_hold_minutes) then
      n_offers := n_offers + 1;
    end if;
  end loop;
  return query select n_offers, n_expired;
end
$$;

drop index public.waitlist_entries_waiting_idx;
create index waitlist_entries_waiting_idx on public.waitlist_entries (date, created_at, id)
  where status = 'waiting' and full_when_joined;

-- Entries already waiting: as if they joined now (the whole window full, by every rule above but
-- the one-per-guest rule, which the first of them keeps); the others are never offered a table.
update public.waitlist_entries w
   set full_when_joined = true
 where w.status = 'waiting' and w.source = 'online'
   and w.date >= (now() at time zone public.branch_time_zone(w.branch))::date
   and public.on_slot_grid(w.time_from) and public.on_slot_grid(w.time_to)
   and w.time_to - w.time_from <= interval '3 hours'
   and not exists (
     select 1 from public.waitlist_entries o
      where o.id < w.id and o.branch = w.branch and o.date = w.date and o.source = 'online'
        and o.status in ('waiting', 'offered')
        and (public.normalise_mobile(o.mobile) = public.normalise_mobile(w.mobile)
             or public.normalise_email(o.email) = public.normalise_email(w.email)))
   and not exists (
     select 1 from private.waitlist_window_slots(w.branch, w.date, w.time_from, w.time_to, w.guests) s
      where s.status <> 'full');

revoke all on function private.waitlist_window_slots(text, date, time, time, integer) from public;
revoke all on function private.check_waitlist_entry(public.waitlist_entries) from public;
