-- The walk-in waitlist at the door (issue 26, part 4). A party that walks in when every table that
-- seats it is taken is put on the day's waitlist by the host (source 'door') with a quoted wait:
-- the minutes until the first table or combination that seats it is free for a whole turn, read
-- from the day's holds. The host tells them when their table is ready (ready_at) and seats them
-- with seat_walk_in, which takes them off the list (claimed). Door entries are never offered a
-- table by the online waitlist's pass or email: the host is standing next to them.
--
-- A door party need not leave a mobile number or an email. Without them the entry carries
-- placeholders (the mobile 'walk-in', as a seated walk-in's booking has, which matches no number;
-- an address of its own at .invalid, which no booking has, so erasing one guest's bookings never
-- reaches another's door entry), and the table's rules, erasure and retention treat it like every
-- other entry.

alter table public.waitlist_entries
  add column source text not null default 'online' check (source in ('online', 'door')),
  add column quoted_minutes integer check (quoted_minutes between 0 and 1440),
  add column ready_at timestamptz;

comment on column public.waitlist_entries.source is 'online (the booking forms) or door (a walk-in the host added).';
comment on column public.waitlist_entries.quoted_minutes is 'A door party''s wait as quoted when added.';
comment on column public.waitlist_entries.ready_at is 'When the host told a door party their table is ready.';

-- The "table ready" email is about a waitlist entry, not a booking.
alter table private.outbox alter column reservation_id drop not null;
alter table private.outbox drop constraint outbox_kind_check;
alter table private.outbox add constraint outbox_kind_check
  check (kind in ('confirmation', 'cancellation', 'erasure', 'reminder', 'change', 'waitlist_offer', 'door_ready'));

-- The minutes from p_at until the first table or combination of the branch that seats p_guests
-- is free for the party's whole turn (0 when one is free now); null when none seats the party.
-- The candidate starts are p_at and the end of each hold on the unit's tables; the earliest one
-- no hold overlaps for a turn is when that unit frees, as seat_walk_in would hold it.
create function private.door_wait_minutes(p_branch text, p_guests integer, p_at timestamptz) returns integer
language sql stable
set search_path = ''
as $$
  with units as (
    select u.table_ids from private.floor_units(p_branch) u where p_guests between u.min_seats and u.max_seats
  ),
  turn as (select private.turn_length(p_branch, p_guests) as length),
  holds as materialized (
    select h.table_id, h.during from public.reservation_tables h
     where h.branch = p_branch and h.holds and upper(h.during) > p_at
  ),
  starts as (
    select u.table_ids, p_at as at from units u
    union
    select u.table_ids, upper(h.during) from units u join holds h on h.table_id = any (u.table_ids)
  )
  select ceil(extract(epoch from min(s.at) - p_at) / 60)::integer
    from starts s, turn
   where not exists (
     select 1 from holds h
      where h.table_id = any (s.table_ids) and h.during && tstzrange(s.at, s.at + turn.length, '[)'))
$$;

-- The same checks as seat_walk_in: staff of the branch (42501 otherwise), a sane party size, a
-- floor, and a table or combination that seats the party (BK046).
create function private.check_door_party(p_branch text, p_guests integer) returns void
language plpgsql stable
set search_path = ''
as $$
begin
  if p_branch is null or not private.may_host(p_branch) then
    raise exception using errcode = '42501', message = format('You do not work at %s', coalesce(p_branch, 'that branch'));
  end if;
  if p_guests is null or p_guests not between 1 and 100 then
    raise exception using errcode = '22023', message = 'p_guests must be between 1 and 100';
  end if;
  if not private.branch_has_tables(p_branch) then
    raise exception using errcode = '22023', message = format('%s has no tables set up', p_branch);
  end if;
  if not exists (select 1 from private.floor_units(p_branch) u where p_guests between u.min_seats and u.max_seats) then
    raise exception using errcode = 'BK046', message = format('No table or combination at %s seats %s guests', p_branch, p_guests);
  end if;
end
$$;

-- The wait to quote a party of p_guests at the door, in minutes (p_at: for tests and "what if").
create function public.door_wait(p_branch text, p_guests integer, p_at timestamptz default now()) returns integer
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.check_door_party(p_branch, p_guests);
  return private.door_wait_minutes(p_branch, p_guests, coalesce(p_at, now()));
end
$$;

-- Puts a party at the door on today's waitlist with its quoted wait; its window runs from now to
-- when its table should be free. Mobile and email are optional; the language is the guest's.
create function public.add_door_party(
  p_branch text, p_guests integer, p_name text, p_mobile text default null, p_email text default null,
  p_language text default 'en'
) returns table (id bigint, quoted_minutes integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  wait integer;
  local_now timestamp;
  made bigint;
begin
  perform private.check_door_party(p_branch, p_guests);
  if p_language is null or p_language not in ('en', 'vi') then
    raise exception using errcode = '22023', message = 'p_language must be en or vi';
  end if;
  if nullif(btrim(p_mobile), '') is not null and char_length(btrim(p_mobile)) > 32 then
    raise exception using errcode = '22023', message = 'The mobile number must be at most 32 characters';
  end if;
  perform pg_advisory_xact_lock(hashtextextended(format('tables|%s|%s', p_branch, current_date), 0));
  wait := private.door_wait_minutes(p_branch, p_guests, now());
  local_now := date_trunc('minute', now() at time zone private.branch_time_zone(p_branch));
  insert into public.waitlist_entries as w (branch, date, time_from, time_to, guests, name, mobile, email, source, quoted_minutes)
  values (p_branch, local_now::date, local_now::time,
          least(local_now + make_interval(mins => wait), local_now::date + time '23:59')::time,
          p_guests, btrim(coalesce(p_name, '')),
          coalesce(nullif(btrim(p_mobile), ''), 'walk-in'),
          coalesce(nullif(btrim(p_email), ''), 'door@saffron-lotus.invalid'),
          'door', wait)
  returning w.id into made;
  -- The insert trigger takes the staff member's language; the guest's is the one that counts.
  update public.waitlist_entries w set language = p_language where w.id = made;
  return query select made, wait;
end
$$;

-- A door party the caller may work on, locked; PT404 otherwise (as for the other host operations).
create function private.door_party_for_host(p_entry_id bigint) returns public.waitlist_entries
language plpgsql
set search_path = ''
as $$
declare
  e public.waitlist_entries;
begin
  select * into e from public.waitlist_entries w where w.id = p_entry_id and w.source = 'door' for update;
  if not found or not private.may_host(e.branch) then
    raise exception using errcode = 'PT404', message = format('No door party %s', coalesce(p_entry_id::text, 'null'));
  end if;
  if e.status <> 'waiting' then
    raise exception using errcode = 'BK047', message = format('This party is already %s', e.status);
  end if;
  return e;
end
$$;

-- The host tells a door party their table is ready: with an email given, the "table ready" email
-- goes (once, through the outbox, in the guest's language) and the answer is true; without one
-- the screen shows the words to send by phone.
create function public.door_table_ready(p_entry_id bigint) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  e public.waitlist_entries := private.door_party_for_host(p_entry_id);
begin
  update public.waitlist_entries w set ready_at = now() where w.id = e.id;
  if e.email like '%.invalid' or not private.is_one_mailbox(e.email) then
    return false;
  end if;
  insert into private.outbox (message_key, kind, reservation_id, recipient, payload)
  values (format('door_ready.%s', e.id), 'door_ready', null, e.email,
          jsonb_build_object('language', e.language, 'name', e.name, 'guests', e.guests, 'branch', e.branch))
  on conflict (message_key) do nothing;
  perform pg_notify('mail_outbox', '');
  return true;
end
$$;

-- Seats a door party (on the given tables, or the best free ones) and takes it off the list:
-- seat_walk_in does the seating with all its checks; returns the new booking's id.
create function public.seat_door_party(p_entry_id bigint, p_table_ids uuid[] default null) returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  e public.waitlist_entries := private.door_party_for_host(p_entry_id);
  made bigint;
begin
  made := public.seat_walk_in(e.branch, e.guests, p_table_ids, e.name);
  update public.waitlist_entries w set status = 'claimed', reservation_id = made where w.id = e.id;
  return made;
end
$$;

-- As in 20261205200000_waitlist.sql, but a door party is never offered a table by email: the
-- pass and the host's "Offer a table" leave it to the door list.
create or replace function private.offer_waitlist_entry(e public.waitlist_entries, p_now timestamptz, p_hold_minutes integer)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  candidate time;
  made public.reservations;
  until timestamptz := p_now + make_interval(mins => p_hold_minutes);
begin
  if e.source = 'door' then
    return false;
  end if;
  for candidate in
    select a.slot::time from public.booking_availability(e.branch, e.date, e.guests) a
     where a.status = 'open' and a.slot::time between e.time_from and e.time_to
     order by a.slot
  loop
    begin
      insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
      values (e.name, e.mobile, e.email, e.date, e.guests, e.branch, to_char(candidate, 'HH12:MI'), to_char(candidate, 'AM'))
      returning * into made;
    exception when sqlstate 'BK001' or sqlstate 'BK002' or sqlstate 'BK003' or sqlstate 'BK004' or sqlstate 'BK005' then
      continue;
    end;
    -- No confirmation until claimed; the form's receipt is nobody's.
    delete from private.outbox o where o.reservation_id = made.id;
    delete from private.booking_receipts b where b.reference = made.reference;
    update public.reservations t set held_until = until, language = e.language where t.id = made.id
      returning * into made;
    update public.waitlist_entries w set status = 'offered', offered_until = until, reservation_id = made.id
     where w.id = e.id;
    perform private.queue_keyed_email('waitlist_offer', format('%s.waitlist_offer.%s', lower(made.reference), made.id), made,
      jsonb_build_object('manage_token', private.new_manage_link(made.id), 'hold_minutes', p_hold_minutes));
    return true;
  end loop;
  return false;
end
$$;

-- As in 20261205200000_waitlist.sql, with door parties refused (BK048) before the offer.
create or replace function public.offer_waitlist_table(p_entry_id bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  e public.waitlist_entries;
begin
  select * into e from public.waitlist_entries w where w.id = p_entry_id for update;
  if not found or not private.may_host(e.branch) then
    raise exception using errcode = 'PT404', message = format('No waitlist entry %s', coalesce(p_entry_id::text, 'null'));
  end if;
  if e.source = 'door' then
    raise exception using errcode = 'BK048', message = 'A party at the door is seated from the door list, not offered a table by email';
  end if;
  if e.status not in ('waiting', 'expired') then
    raise exception using errcode = 'BK045', message = format('This guest is already %s', e.status);
  end if;
  if not private.offer_waitlist_entry(e, now(), (select s.hold_minutes from private.waitlist_settings s)) then
    raise exception using errcode = 'BK044',
      message = format('No table for %s guests is free in their window (%s–%s) on %s', e.guests,
                       public.display_slot(e.time_from), public.display_slot(e.time_to), to_char(e.date, 'FMDD Mon YYYY'));
  end if;
end
$$;

revoke all on function private.door_wait_minutes(text, integer, timestamptz) from public;
revoke all on function private.check_door_party(text, integer) from public;
revoke all on function private.door_party_for_host(bigint) from public;
revoke all on function public.door_wait(text, integer, timestamptz) from public;
revoke all on function public.add_door_party(text, integer, text, text, text, text) from public;
revoke all on function public.door_table_ready(bigint) from public;
revoke all on function public.seat_door_party(bigint, uuid[]) from public;
grant execute on function public.door_wait(text, integer, timestamptz) to authenticated, service_role;
grant execute on function public.add_door_party(text, integer, text, text, text, text) to authenticated, service_role;
grant execute on function public.door_table_ready(bigint) to authenticated, service_role;
grant execute on function public.seat_door_party(bigint, uuid[]) to authenticated, service_role;

-- The host screens follow the waitlist live. On a hosted project Realtime reads the write-ahead
-- log: add the table to its publication (our server announces it through its publish triggers).
do $$
begin
  if exists (select 1 from pg_catalog.pg_publication p where p.pubname = 'supabase_realtime')
     and not exists (select 1 from pg_catalog.pg_publication_tables p
                      where p.pubname = 'supabase_realtime' and p.schemaname = 'public' and p.tablename = 'waitlist_entries') then
    alter publication supabase_realtime add table public.waitlist_entries;
  end if;
end
$$;
