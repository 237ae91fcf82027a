-- Reminders and the guest's "I'll be there" (issue 26, part 1).
--
-- A booking is reminded once, REMINDER_HOURS before it starts (the server's periodic job calls
-- private.queue_due_reminders with its clock); a booking made inside that window is reminded at
-- the job's next run, unless it starts within 6 hours. The reminder goes through the outbox like
-- every booking email: `reminded_at` is set and the row queued in one transaction, under a message
-- key unique per booking and kind, so two server instances, or a restart, queue it once, and the
-- outbox sends it once.
--
-- The reminder carries a manage link. The booking keeps only the hash of the link it was made
-- with, so the reminder gets a link of its own (private.manage_links): any of a booking's links
-- opens it, and the confirmation email's link keeps working.

alter table public.reservations
  add column confirmed_at timestamptz,
  add column reminded_at timestamptz,
  add column revision integer not null default 0 check (revision >= 0),
  -- Set while the booking is a table held for a waitlist guest who has not claimed it yet
  -- (20261205200000_waitlist.sql); the manage page then offers the claim.
  add column held_until timestamptz;

comment on column public.reservations.confirmed_at is 'When the guest answered the reminder with "I''ll be there".';
comment on column public.reservations.reminded_at is 'When the reminder email was queued (null: not yet).';
comment on column public.reservations.held_until is 'A table held for a waitlist guest until then, unclaimed (null: an ordinary booking).';
comment on column public.reservations.revision is 'How many times the guest changed the booking: the calendar file''s SEQUENCE.';

-- When the reminder was queued is bookkeeping, not a change anyone made: no history line for it
-- (the guest's answer, confirmed_at, is one).
create or replace function private.history_ignored_columns() returns text[]
language sql immutable
as $$ select array['id', 'created_at', 'updated_at', 'manage_token_hash', 'reminded_at'] $$;

create table private.manage_links (
  token_hash text primary key,
  reservation_id bigint not null references public.reservations (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index manage_links_reservation_idx on private.manage_links (reservation_id);
revoke all on table private.manage_links from public, anon, authenticated, service_role;

alter table private.outbox drop constraint outbox_kind_check;
alter table private.outbox add constraint outbox_kind_check
  check (kind in ('confirmation', 'cancellation', 'reminder', 'change', 'waitlist_offer'));

-- A further link to a booking; the plain token goes only into the email that carries it.
create function private.new_manage_link(p_reservation_id bigint) returns text
language plpgsql volatile
set search_path = ''
as $$
declare
  token text := private.new_manage_token();
begin
  insert into private.manage_links (token_hash, reservation_id) values (private.manage_token_hash(token), p_reservation_id);
  return token;
end
$$;

-- The booking's own link, or one of its further links.
create or replace function private.booking_for_token(p_token text, p_lock boolean) returns public.reservations
language plpgsql
set search_path = ''
as $$
declare
  found_row public.reservations;
  digest text;
  linked bigint;
begin
  if p_token is not null and p_token ~ '^[A-Za-z0-9_-]{43}$' then
    digest := private.manage_token_hash(p_token);
    select l.reservation_id into linked from private.manage_links l where l.token_hash = digest;
    if p_lock then
      select * into found_row from public.reservations r
       where r.manage_token_hash = digest or r.id = linked for update;
    else
      select * into found_row from public.reservations r
       where r.manage_token_hash = digest or r.id = linked;
    end if;
    if found then
      return found_row;
    end if;
  end if;
  raise exception using errcode = 'PT404', message = 'No booking has this link',
    hint = 'Check the link in your confirmation email, or call the restaurant';
end
$$;

-- The payload gains the revision (the calendar file's SEQUENCE); the rest is as it was.
create or replace function private.booking_payload(r public.reservations) returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'reference', r.reference, 'name', r.name, 'date', r.date, 'time', r.time, 'period', r.period,
    'guests', r.guests, 'branch', r.branch, 'status', r.status, 'language', r.language,
    'revision', r.revision,
    'slot', to_char(public.booking_slot(r.time, r.period), 'HH24:MI'),
    'time_zone', coalesce((select s.time_zone from public.branch_settings s where s.branch = r.branch), 'Asia/Ho_Chi_Minh'))
$$;

-- An email about a booking under a key of the caller's choosing (unique: a second queueing of the
-- same key does nothing, whoever races to it).
create function private.queue_keyed_email(p_kind text, p_key text, r public.reservations, p_extra jsonb) returns boolean
language plpgsql
set search_path = ''
as $$
declare
  queued boolean;
begin
  insert into private.outbox (message_key, kind, reservation_id, recipient, payload)
  values (p_key, p_kind, r.id, r.email, private.booking_payload(r) || coalesce(p_extra, '{}'::jsonb))
  on conflict (message_key) do nothing;
  queued := found;
  if queued then
    perform pg_notify('mail_outbox', '');
  end if;
  return queued;
end
$$;

-- Queues the reminder of every booking that starts within p_hours of p_now but more than 6 hours
-- after it, is booked, and has neither been reminded nor confirmed; returns how many. Rows another
-- instance is reminding at this moment are skipped (it has them); the message key settles any
-- other race.
create function private.queue_due_reminders(p_hours integer, p_now timestamptz default now()) returns integer
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
    if private.queue_keyed_email('reminder', format('%s.reminder.%s', lower(r.reference), r.id), r,
                                 jsonb_build_object('manage_token', private.new_manage_link(r.id))) then
      n := n + 1;
    end if;
  end loop;
  return n;
end
$$;

-- What the manage page shows, now with the guest's confirmation and whether the booking may still
-- be changed online (the same condition as cancelling).
drop function public.cancel_booking(text);
drop function public.booking_by_token(text);
drop function private.managed_booking(public.reservations);

create function private.managed_booking(r public.reservations)
returns table (
  reference text, status text, name text, date date, "time" text, period text, guests integer,
  branch text, cancelled_at timestamptz, starts_at timestamptz, cancellable boolean,
  confirmed_at timestamptz, revision integer, held_until timestamptz
)
language sql stable
set search_path = ''
as $$
  select r.reference, r.status, r.name, r.date, r.time, r.period, r.guests, r.branch, r.cancelled_at,
         private.booking_starts_at(r),
         r.status = 'booked' and coalesce(private.booking_starts_at(r) > now(), true),
         r.confirmed_at, r.revision, r.held_until
$$;

create function public.booking_by_token(p_token text)
returns table (
  reference text, status text, name text, date date, "time" text, period text, guests integer,
  branch text, cancelled_at timestamptz, starts_at timestamptz, cancellable boolean,
  confirmed_at timestamptz, revision integer, held_until timestamptz
)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  return query select * from private.managed_booking(private.booking_for_token(p_token, false));
end
$$;

-- As 20261123200000_booking_lifecycle.sql, answering the wider row.
create function public.cancel_booking(p_token text)
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
  if r.status = 'booked' then
    if private.booking_starts_at(r) <= now() then
      raise exception using errcode = 'BK010',
        message = 'This booking''s time has passed, so it can no longer be cancelled online — please call the restaurant';
    end if;
    update public.reservations t set status = 'cancelled', cancelled_at = now() where t.id = r.id
      returning * into r;
    perform private.queue_keyed_email('cancellation', format('%s.cancellation.%s', lower(r.reference), r.id), r, null);
  end if;
  return query select * from private.managed_booking(r);
end
$$;

-- "I'll be there": records the guest's confirmation once (a second answer keeps the first time);
-- BK040 once the booking is cancelled or its time has come.
create function public.confirm_booking(p_token text)
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
  if r.confirmed_at is null then
    if r.status <> 'booked' or coalesce(private.booking_starts_at(r) <= now(), false) then
      raise exception using errcode = 'BK040',
        message = 'This booking can no longer be confirmed online — please call the restaurant';
    end if;
    update public.reservations t set confirmed_at = now() where t.id = r.id returning * into r;
  end if;
  return query select * from private.managed_booking(r);
end
$$;

revoke all on function private.new_manage_link(bigint) from public;
revoke all on function private.queue_keyed_email(text, text, public.reservations, jsonb) from public;
revoke all on function private.queue_due_reminders(integer, timestamptz) from public;
revoke all on function private.managed_booking(public.reservations) from public;
revoke all on function public.booking_by_token(text) from public;
revoke all on function public.cancel_booking(text) from public;
revoke all on function public.confirm_booking(text) from public;
grant execute on function public.booking_by_token(text) to anon, authenticated, service_role;
grant execute on function public.cancel_booking(text) to anon, authenticated, service_role;
grant execute on function public.confirm_booking(text) to anon, authenticated, service_role;
