-- Availability: each branch's opening hours, closed dates and capacity, and the rules that keep a
-- booking inside them. The database itself refuses an overbooking, whoever writes the row (the
-- home form through REST, the spreadsheet receiver, an operator's SQL), and a public function tells
-- the forms which times are still open. A branch without settings (the /reservation page's
-- Downtown, Uptown and Suburb) takes bookings as before.

create table public.branch_settings (
  branch text primary key check (char_length(btrim(branch)) between 1 and 64),
  time_zone text not null default 'Asia/Ho_Chi_Minh',
  -- Guests per time slot; empty: no limit.
  covers_per_slot integer check (covers_per_slot between 1 and 10000),
  -- The largest party one booking may bring; empty: no limit.
  max_party integer check (max_party between 1 and 1000),
  -- How many days ahead a booking may be made; empty: no limit.
  booking_window_days integer check (booking_window_days between 0 and 3650),
  updated_at timestamptz not null default now()
);

comment on table public.branch_settings is 'Per branch: time zone, covers per slot, largest party, booking window.';

-- Opening hours per ISO weekday (1 Monday … 7 Sunday), one or more ranges a day.
create table public.branch_opening_hours (
  branch text not null references public.branch_settings (branch) on update cascade on delete cascade,
  weekday smallint not null check (weekday between 1 and 7),
  opens time not null,
  closes time not null check (closes > opens),
  primary key (branch, weekday, opens)
);

create table public.branch_closed_dates (
  branch text not null references public.branch_settings (branch) on update cascade on delete cascade,
  date date not null,
  reason text check (reason is null or char_length(reason) <= 120),
  primary key (branch, date)
);

-- The capacity check sums a branch's bookings of one day.
create index reservations_branch_date_idx on public.reservations (branch, date);

-- The last table is seated this long before closing (the home form offers 10:30 AM to 10:30 PM
-- for opening hours of 10:30 AM to 11:00 PM).
create function public.last_seating_margin() returns interval
language sql immutable
as $$ select interval '30 minutes' $$;

-- The time of day a booking is for, whatever form made it: the home form stores "07:30" with
-- "PM", the /reservation page "19:30" with "Dinner". Null when the text is not a time.
create function public.booking_slot(p_time text, p_period text) returns time
language plpgsql immutable
set search_path = ''
as $$
declare
  hours integer;
  minutes integer;
begin
  if p_time is null or p_time !~ '^\d{1,2}:\d{2}$' then
    return null;
  end if;
  hours := split_part(p_time, ':', 1)::integer;
  minutes := split_part(p_time, ':', 2)::integer;
  if hours > 23 or minutes > 59 then
    return null;
  end if;
  if upper(coalesce(p_period, '')) = 'PM' and hours < 12 then
    hours := hours + 12;
  elsif upper(coalesce(p_period, '')) = 'AM' and hours = 12 then
    hours := 0;
  end if;
  return make_time(hours, minutes, 0);
end
$$;

-- "7:00 PM": how the forms show a time, for messages.
create function public.display_slot(p_slot time) returns text
language sql immutable
set search_path = ''
as $$ select to_char(p_slot, 'FMHH12:MI AM') $$;

create function public.check_time_zone() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform now() at time zone new.time_zone;
  return new;
exception when others then
  raise exception using errcode = '22023', message = format('"%s" is not a time zone', new.time_zone);
end
$$;

create trigger branch_settings_time_zone
  before insert or update of time_zone on public.branch_settings
  for each row execute function public.check_time_zone();

-- Ranges of one weekday must not overlap (a plain exclusion constraint would need btree_gist).
create function public.check_opening_hours() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if exists (
    select 1 from public.branch_opening_hours h
     where h.branch = new.branch and h.weekday = new.weekday and h.opens <> new.opens
       and h.opens < new.closes and new.opens < h.closes
  ) then
    raise exception using errcode = '23P01',
      message = format('Opening hours of %s overlap on weekday %s', new.branch, new.weekday);
  end if;
  return new;
end
$$;

create constraint trigger branch_opening_hours_no_overlap
  after insert or update on public.branch_opening_hours
  deferrable initially deferred
  for each row execute function public.check_opening_hours();

-- Why a slot cannot be booked, or null when it can: the one rule both the insert check and the
-- availability function apply. `p_taken` is the covers already booked in that slot.
create function public.slot_refusal(
  p_settings public.branch_settings,
  p_date date,
  p_slot time,
  p_guests integer,
  p_taken integer
) returns text
language sql stable
set search_path = ''
as $$
  select case
    when p_slot is null then 'closed'
    when (p_date + p_slot) < (now() at time zone p_settings.time_zone) then 'past'
    when p_settings.booking_window_days is not null
      and p_date > (now() at time zone p_settings.time_zone)::date + p_settings.booking_window_days then 'too_far'
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

-- Covers booked in one slot of one branch and day.
create function public.covers_taken(p_branch text, p_date date, p_slot time) returns integer
language sql stable
set search_path = ''
as $$
  select coalesce(sum(r.guests), 0)::integer
    from public.reservations r
   where r.branch = p_branch and r.date = p_date and public.booking_slot(r.time, r.period) = p_slot
$$;

-- Refuses a booking its branch cannot take, with a stable SQLSTATE per reason (class BK), an
-- English message the forms can show as it is, and the facts as JSON in the detail (the forms
-- build their own message from them in the guest's language):
--   BK001 the slot is full         BK002 the branch is closed then (closed date, outside hours)
--   BK003 the time is in the past  BK004 too far ahead         BK005 the party is too large
create function public.enforce_booking_rules() returns trigger
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
  if settings.covers_per_slot is not null and slot is not null then
    -- One booking at a time per slot, so two guests racing for the last table cannot both win.
    -- Each statement below takes a fresh snapshot after the lock, and so sees the winner's row.
    perform pg_advisory_xact_lock(hashtextextended(format('booking|%s|%s|%s', new.branch, new.date, slot), 0));
    taken := public.covers_taken(new.branch, new.date, slot);
  end if;
  refusal := public.slot_refusal(settings, new.date, slot, new.guests, taken);
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

create trigger reservations_booking_rules
  before insert on public.reservations
  for each row execute function public.enforce_booking_rules();

-- For the forms: every half hour of a day at a branch, whether it can take `p_guests` and how
-- many covers it has left (null: no limit). No personal data: only sums. Anyone may call it.
create function public.booking_availability(p_branch text, p_date date, p_guests integer default 1)
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
    -- No rules for this branch: every slot is open, except those already past (in Vietnam).
    return query
      select to_char(t, 'HH24:MI'),
             case when p_date + t::time < (now() at time zone 'Asia/Ho_Chi_Minh') then 'past' else 'open' end,
             null::integer
        from generate_series(timestamp '2000-01-01', timestamp '2000-01-01 23:30', interval '30 minutes') as g(t);
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
       where r.branch = p_branch and r.date = p_date
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

-- The settings screen saves a branch in one call: its numbers, and its opening hours and closed
-- dates replaced as a whole, all or nothing. It runs as the caller, so the row-level security
-- below decides who may (staff, until there are roles); the deferred overlap check runs at commit.
create function public.save_branch_settings(p_branch text, p_settings jsonb) returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if jsonb_typeof(p_settings) is distinct from 'object' then
    raise exception using errcode = '22023', message = 'p_settings must be a JSON object';
  end if;
  insert into public.branch_settings as s (branch, time_zone, covers_per_slot, max_party, booking_window_days)
  values (
    p_branch,
    coalesce(p_settings ->> 'time_zone', 'Asia/Ho_Chi_Minh'),
    (p_settings ->> 'covers_per_slot')::integer,
    (p_settings ->> 'max_party')::integer,
    (p_settings ->> 'booking_window_days')::integer
  )
  on conflict (branch) do update
    set time_zone = excluded.time_zone,
        covers_per_slot = excluded.covers_per_slot,
        max_party = excluded.max_party,
        booking_window_days = excluded.booking_window_days,
        updated_at = now();
  delete from public.branch_opening_hours h where h.branch = p_branch;
  insert into public.branch_opening_hours (branch, weekday, opens, closes)
  select p_branch, (r ->> 'weekday')::smallint, (r ->> 'opens')::time, (r ->> 'closes')::time
    from jsonb_array_elements(coalesce(p_settings -> 'hours', '[]')) as r;
  delete from public.branch_closed_dates c where c.branch = p_branch;
  insert into public.branch_closed_dates (branch, date, reason)
  select p_branch, (r ->> 'date')::date, nullif(btrim(r ->> 'reason'), '')
    from jsonb_array_elements(coalesce(p_settings -> 'closed_dates', '[]')) as r;
end
$$;

-- Functions are executable by everyone unless revoked: only the availability (for anyone) and
-- saving settings (for signed-in accounts, which RLS then narrows to staff) are APIs.
revoke all on function public.last_seating_margin() from public;
revoke all on function public.booking_slot(text, text) from public;
revoke all on function public.display_slot(time) from public;
revoke all on function public.check_time_zone() from public;
revoke all on function public.check_opening_hours() from public;
revoke all on function public.slot_refusal(public.branch_settings, date, time, integer, integer) from public;
revoke all on function public.covers_taken(text, date, time) from public;
revoke all on function public.enforce_booking_rules() from public;
revoke all on function public.booking_availability(text, date, integer) from public;
revoke all on function public.save_branch_settings(text, jsonb) from public;
grant execute on function public.booking_availability(text, date, integer) to anon, authenticated, service_role;
grant execute on function public.save_branch_settings(text, jsonb) to authenticated, service_role;

-- Staff read the settings and, until there are roles, change them; nobody else sees them.
revoke all on table public.branch_settings, public.branch_opening_hours, public.branch_closed_dates
  from public, anon, authenticated;
grant select, insert, update, delete
  on table public.branch_settings, public.branch_opening_hours, public.branch_closed_dates to authenticated;
grant all on table public.branch_settings, public.branch_opening_hours, public.branch_closed_dates to service_role;

alter table public.branch_settings enable row level security;
alter table public.branch_opening_hours enable row level security;
alter table public.branch_closed_dates enable row level security;

create policy "staff manage branch settings" on public.branch_settings for all to authenticated
  using ((select auth.jwt() -> 'app_metadata' ->> 'role') = 'staff')
  with check ((select auth.jwt() -> 'app_metadata' ->> 'role') = 'staff');
create policy "staff manage opening hours" on public.branch_opening_hours for all to authenticated
  using ((select auth.jwt() -> 'app_metadata' ->> 'role') = 'staff')
  with check ((select auth.jwt() -> 'app_metadata' ->> 'role') = 'staff');
create policy "staff manage closed dates" on public.branch_closed_dates for all to authenticated
  using ((select auth.jwt() -> 'app_metadata' ->> 'role') = 'staff')
  with check ((select auth.jwt() -> 'app_metadata' ->> 'role') = 'staff');

-- The four branches of the home form, open every day 10:30 AM to 11:00 PM, without limits, so
-- every booking the site took before is still taken until a branch sets a number.
insert into public.branch_settings (branch)
values ('Hanoi (main branch)'), ('Ninh Binh'), ('Sa Pa'), ('Da Nang');
insert into public.branch_opening_hours (branch, weekday, opens, closes)
select b.branch, d.weekday, time '10:30', time '23:00'
  from public.branch_settings b cross join generate_series(1, 7) as d(weekday);
