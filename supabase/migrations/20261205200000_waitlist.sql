-- The waitlist (issue 26, part 3). A guest who finds a slot full leaves a name, mobile and email
-- for a date, a time window and a party size. When room comes free (a cancellation, a change, a
-- no-show, a finished table, a hold let go), the first waiting guest in order whose party fits an
-- open slot of their window is offered it: the database books the table for them at once as a
-- hold (an ordinary booking, through every booking rule, with `held_until` set and no
-- confirmation), and emails a claim link — the held booking's manage page. Claiming turns the hold
-- into the guest's booking (confirmation email and all); a hold nobody claims by `held_until` is
-- let go (cancelled), which frees the table for the next guest. The server's periodic job
-- (src/server/booking/booking-jobs.ts) moves the list on: private.waitlist_pass.
--
-- Consent, retention and erasure of waitlist entries are left to the guests/privacy work (issue
-- 25), which joins this table when both are merged.

create table public.waitlist_entries (
  id bigint generated always as identity primary key,
  branch text not null references public.branches (name) on update cascade,
  date date not null,
  time_from time not null,
  time_to time not null,
  guests integer not null check (guests between 1 and 100),
  name text not null check (char_length(btrim(name)) between 1 and 120),
  mobile text not null check (char_length(btrim(mobile)) between 1 and 32),
  email text not null check (char_length(btrim(email)) between 3 and 254),
  language text not null default 'en' check (language in ('en', 'vi')),
  status text not null default 'waiting' check (status in ('waiting', 'offered', 'claimed', 'expired', 'withdrawn')),
  offered_until timestamptz,
  -- The booking held for the guest while offered, and theirs once claimed.
  reservation_id bigint references public.reservations (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint waitlist_entries_window check (time_to >= time_from),
  constraint waitlist_entries_offer check ((status = 'offered') = (offered_until is not null))
);

comment on table public.waitlist_entries is 'Guests waiting for a table to come free; offered in order of arrival.';

create index waitlist_entries_waiting_idx on public.waitlist_entries (date, created_at, id) where status = 'waiting';
create index waitlist_entries_day_idx on public.waitlist_entries (branch, date, created_at);
create index waitlist_entries_offered_idx on public.waitlist_entries (offered_until) where status = 'offered';

revoke all on table public.waitlist_entries from public, anon, authenticated, service_role;
-- Guests add themselves and read nothing (not even their own row back).
grant insert (branch, date, time_from, time_to, guests, name, mobile, email, language)
  on table public.waitlist_entries to anon, authenticated;
grant select on table public.waitlist_entries to authenticated;
grant all on table public.waitlist_entries to service_role;

alter table public.waitlist_entries enable row level security;

create policy "anyone joins the waitlist"
  on public.waitlist_entries for insert
  to anon, authenticated
  with check (status = 'waiting');

create policy "staff read the waitlist of their branches"
  on public.waitlist_entries for select
  to authenticated
  using (
    (select app_private.staff_role()) in ('owner', 'staff')
    or ((select app_private.staff_role()) = 'host' and branch = any ((select app_private.staff_branches())::text[]))
  );

create policy "second factor when enrolled or required: waitlist"
  on public.waitlist_entries as restrictive for select
  to authenticated
  using ((select app_private.second_factor_satisfied()));

-- A new entry, whoever inserts it: starts waiting; its text follows the booking's rules; a date
-- that has passed in the branch's zone, or a window beyond the day, is refused.
create function private.start_waitlist_entry() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.status := 'waiting';
  new.offered_until := null;
  new.reservation_id := null;
  new.created_at := now();
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
  return new;
end
$$;

create trigger waitlist_entries_start
  before insert on public.waitlist_entries
  for each row execute function private.start_waitlist_entry();

-- How long a hold lasts: WAITLIST_HOLD_MINUTES, written by the server's job at each pass, for the
-- host's offers by hand.
create table private.waitlist_settings (
  id boolean primary key default true check (id),
  hold_minutes integer not null default 15 check (hold_minutes between 1 and 1440)
);
insert into private.waitlist_settings default values;
revoke all on table private.waitlist_settings from public, anon, authenticated, service_role;

-- Holds the first open slot of the entry's window for it and emails the offer; false when no slot
-- of the window takes the party now. The hold is an ordinary insert, so every booking rule and
-- the table placement apply, and two offers can never share a table.
create function private.offer_waitlist_entry(e public.waitlist_entries, p_now timestamptz, p_hold_minutes integer)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  candidate time;
  made public.reservations;
  until timestamptz := p_now + make_interval(mins => p_hold_minutes);
begin
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

-- One move of the list: holds past their time are let go (their entries expire; the table is
-- free again), then each waiting entry of today onwards, in order of arrival, is offered what fits
-- it. One instance at a time (the others skip: the one running sees their changes too).
create function private.waitlist_pass(p_now timestamptz default now(), p_hold_minutes integer default 15)
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
     where w.status = 'waiting' and w.date >= (p_now at time zone public.branch_time_zone(w.branch))::date
     order by w.created_at, w.id for update
  loop
    if private.offer_waitlist_entry(e, p_now, p_hold_minutes) then
      n_offers := n_offers + 1;
    end if;
  end loop;
  return query select n_offers, n_expired;
end
$$;

-- The guest claims the table held for them (the held booking's link, from the offer email): it
-- becomes their booking and its confirmation is sent. Two claims at once: the booking's row lock
-- makes one wait, and it finds the table claimed (BK042). BK043: the hold has run out.
create function public.claim_waitlist_table(p_token text)
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
begin
  if r.held_until is null then
    raise exception using errcode = 'BK042', message = 'This table has already been claimed';
  end if;
  if r.status <> 'booked' or r.held_until <= now() then
    raise exception using errcode = 'BK043',
      message = 'Sorry, the time to claim this table has run out and it has gone to the next guest waiting';
  end if;
  update public.reservations t set held_until = null where t.id = r.id returning * into r;
  update public.waitlist_entries w set status = 'claimed', offered_until = null
   where w.reservation_id = r.id and w.status = 'offered';
  perform private.queue_keyed_email('confirmation', format('%s.confirmation.%s', lower(r.reference), r.id), r,
                                    jsonb_build_object('manage_token', private.new_manage_link(r.id)));
  return query select * from private.managed_booking(r);
end
$$;

-- A host offers a waiting (or expired) entry a table by hand: the same hold and email, now.
-- BK044: no open slot of its window takes the party; PT404 for an entry the host may not see.
create function public.offer_waitlist_table(p_entry_id bigint)
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

-- A host takes a guest off the list (they found another table, or called to say so).
create function public.withdraw_waitlist_entry(p_entry_id bigint)
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
  if e.status = 'offered' then
    update public.reservations t set status = 'cancelled'
     where t.id = e.reservation_id and t.held_until is not null and t.status = 'booked';
  end if;
  if e.status in ('waiting', 'offered', 'expired') then
    update public.waitlist_entries w set status = 'withdrawn', offered_until = null where w.id = e.id;
  end if;
end
$$;

-- The board hears of waitlist changes as of bookings' (ids only).
create trigger waitlist_entries_publish_inserts after insert on public.waitlist_entries
  referencing new table as new_rows for each statement execute function private.publish_changes();
create trigger waitlist_entries_publish_updates after update on public.waitlist_entries
  referencing new table as new_rows for each statement execute function private.publish_changes();

revoke all on function private.start_waitlist_entry() from public;
revoke all on function private.offer_waitlist_entry(public.waitlist_entries, timestamptz, integer) from public;
revoke all on function private.waitlist_pass(timestamptz, integer) from public;
revoke all on function public.claim_waitlist_table(text) from public;
revoke all on function public.offer_waitlist_table(bigint) from public;
revoke all on function public.withdraw_waitlist_entry(bigint) from public;
grant execute on function public.claim_waitlist_table(text) to anon, authenticated, service_role;
grant execute on function public.offer_waitlist_table(bigint) to authenticated, service_role;
grant execute on function public.withdraw_waitlist_entry(bigint) to authenticated, service_role;
