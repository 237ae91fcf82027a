-- Tables and turns (issue 22), part 2: a booking's life at the table — seated, finished, no-show
-- — checked by the database, the holds following each change, and the host's operations.

-- booked → seated → finished; booked → no_show; booked → cancelled; seated → booked undoes a
-- mistaken seat. Staff change it with an ordinary update of `status`.
alter table public.reservations drop constraint reservations_status_check;
alter table public.reservations add constraint reservations_status_check
  check (status in ('booked', 'seated', 'finished', 'no_show', 'cancelled'));
comment on column public.reservations.status is
  'booked, seated, finished, no_show or cancelled (by the guest''s manage link or by staff).';

grant update (status) on table public.reservations to authenticated;

-- The database's own check of each status change, and what follows from it: seating marks the
-- guest arrived (undoing the seat clears it), cancelling stamps cancelled_at; cancelled and
-- no-show bookings stop holding their tables; finishing frees them from now. A change of date,
-- time, party size or branch moves the holds (to the same tables when they still fit and are
-- free, else to the best free unit; refused with BK001 when none fits).
create function private.follow_booking_changes() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  slot time;
  during tstzrange;
  previous uuid[];
begin
  if new.status is distinct from old.status then
    if (old.status, new.status) not in (
      ('booked', 'seated'), ('seated', 'finished'), ('booked', 'no_show'), ('booked', 'cancelled'), ('seated', 'booked')
    ) then
      raise exception using errcode = 'BK020',
        message = format('A booking that is %s cannot become %s', replace(old.status, '_', '-'), replace(new.status, '_', '-'));
    end if;
    case new.status
      when 'seated' then
        new.arrived := true;
      when 'booked' then
        new.arrived := false;
      when 'cancelled' then
        new.cancelled_at := coalesce(new.cancelled_at, now());
        update public.reservation_tables h set holds = false where h.reservation_id = new.id and h.holds;
      when 'no_show' then
        update public.reservation_tables h set holds = false where h.reservation_id = new.id and h.holds;
      when 'finished' then
        -- The table is free from now; a party finishing before its start frees it altogether.
        update public.reservation_tables h
           set during = tstzrange(lower(h.during), least(upper(h.during), greatest(lower(h.during), now())), '[)'),
               holds = now() > lower(h.during)
         where h.reservation_id = new.id and h.holds;
      else
        null;
    end case;
  end if;

  if new.status in ('booked', 'seated')
     and (new.date, new.time, new.period, new.guests, new.branch)
         is distinct from (old.date, old.time, old.period, old.guests, old.branch) then
    select array_agg(h.table_id order by h.table_id) into previous
      from public.reservation_tables h where h.reservation_id = new.id and h.holds;
    delete from public.reservation_tables h where h.reservation_id = new.id;
    slot := public.booking_slot(new.time, new.period);
    if slot is not null and private.branch_has_tables(new.branch) then
      perform pg_advisory_xact_lock(hashtextextended(format('tables|%s|%s', new.branch, new.date), 0));
      during := private.hold_range(new.branch, new.date, slot, new.guests);
      if private.place_booking(new.id, new.branch, during, new.guests, private.books_online(), previous) is null then
        perform private.refuse_no_table(new.branch, new.date, slot, new.guests);
      end if;
      new.allocated := true;
    end if;
  end if;
  return new;
end
$$;

revoke all on function private.follow_booking_changes() from public;

create trigger reservations_follow_changes
  before update on public.reservations
  for each row execute function private.follow_booking_changes();

-- The host's operations. Security definer (the API roles write no holds), so each checks the
-- caller itself: staff of the booking's branch (private.may_host), as row-level security would.
-- A booking the caller may not work on is answered as one that does not exist.
create function private.booking_for_host(p_reservation_id bigint) returns public.reservations
language plpgsql
set search_path = ''
as $$
declare
  r public.reservations;
begin
  select * into r from public.reservations t where t.id = p_reservation_id for update;
  if not found or not private.may_host(r.branch) then
    raise exception using errcode = 'PT404', message = format('No booking %s', coalesce(p_reservation_id::text, 'null'));
  end if;
  if r.status not in ('booked', 'seated') then
    raise exception using errcode = 'BK020',
      message = format('A booking that is %s holds no tables', replace(r.status, '_', '-'));
  end if;
  return r;
end
$$;

-- The range a booking holds: its current one (a seated walk-in's, a finished party's), or the
-- one its date, time and party size give.
create function private.booking_range(r public.reservations) returns tstzrange
language sql stable
set search_path = ''
as $$
  select coalesce(
    (select h.during from public.reservation_tables h where h.reservation_id = r.id and h.holds limit 1),
    private.hold_range(r.branch, r.date, public.booking_slot(r.time, r.period), r.guests))
$$;

-- Moves a booking onto the given tables (one table or one combination of its branch); refused
-- with a clear message when the party does not fit them or another booking holds one of them.
create function public.assign_tables(p_reservation_id bigint, p_table_ids uuid[])
returns table (table_id uuid, table_name text, during tstzrange)
language plpgsql
security definer
set search_path = ''
as $$
declare
  r public.reservations := private.booking_for_host(p_reservation_id);
  range tstzrange := private.booking_range(r);
begin
  if p_table_ids is null or cardinality(p_table_ids) not between 1 and 20 then
    raise exception using errcode = '22023', message = 'p_table_ids must name 1 to 20 tables';
  end if;
  if range is null then
    raise exception using errcode = '22023', message = format('%s is not a time a table can be held for', r.time);
  end if;
  perform pg_advisory_xact_lock(hashtextextended(format('tables|%s|%s', r.branch, r.date), 0));
  delete from public.reservation_tables h where h.reservation_id = r.id;
  perform private.hold_chosen_tables(r.id, r.branch, range, r.guests, p_table_ids);
  update public.reservations t set allocated = true where t.id = r.id and not t.allocated;
  return query
    select h.table_id, t.name, h.during
      from public.reservation_tables h join public.dining_tables t on t.id = h.table_id
     where h.reservation_id = r.id order by t.name;
end
$$;

-- Seats a party that walked in, now, on the given tables or the best free ones; returns the new
-- booking's id. It is booked for the next half hour (the forms' slot grid, so the branch's rules
-- take it), holds its tables from now for its turn, and is seated at once. No email is sent.
create function public.seat_walk_in(p_branch text, p_guests integer, p_table_ids uuid[] default null, p_name text default null)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  local_now timestamp;
  slot_at timestamp;
  made bigint;
begin
  if p_branch is null or not private.may_host(p_branch) then
    raise exception using errcode = '42501', message = format('You do not work at %s', coalesce(p_branch, 'that branch'));
  end if;
  if p_guests is null or p_guests not between 1 and 200 then
    raise exception using errcode = '22023', message = 'p_guests must be between 1 and 200';
  end if;
  if p_name is not null and char_length(btrim(p_name)) > 120 then
    raise exception using errcode = '22023', message = 'p_name must be at most 120 characters';
  end if;
  if not private.branch_has_tables(p_branch) then
    raise exception using errcode = '22023', message = format('%s has no tables set up', p_branch);
  end if;
  local_now := now() at time zone private.branch_time_zone(p_branch);
  slot_at := date_bin('30 minutes', local_now, timestamp '2000-01-01');
  if slot_at < local_now then
    slot_at := slot_at + interval '30 minutes';
  end if;
  perform set_config('tables.walk_in',
    jsonb_build_object('starts', now(), 'tables', to_jsonb(p_table_ids))::text, true);
  insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
  values (coalesce(nullif(btrim(p_name), ''), 'Walk-in'), 'walk-in', 'walk-in@saffron-lotus.invalid',
          slot_at::date, p_guests, p_branch, to_char(slot_at, 'HH24:MI'), 'Walk-in')
  returning id into made;
  perform set_config('tables.walk_in', '', true);
  -- Nobody to write to: the confirmation and the form's receipt go.
  delete from private.outbox o where o.reservation_id = made;
  delete from private.booking_receipts b where b.reference = (select t.reference from public.reservations t where t.id = made);
  update public.reservations t set status = 'seated' where t.id = made;
  return made;
end
$$;

-- Swaps the tables of two bookings of one branch in one transaction: each keeps its own time
-- range and takes the other's tables, which must seat it.
create function public.swap_tables(p_a bigint, p_b bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  a public.reservations;
  b public.reservations;
  a_tables uuid[];
  b_tables uuid[];
  a_range tstzrange;
  b_range tstzrange;
begin
  if p_a is null or p_b is null or p_a = p_b then
    raise exception using errcode = '22023', message = 'swap_tables takes two different bookings';
  end if;
  -- Locked in id order, so two swaps of the same pair cannot deadlock.
  if p_a < p_b then
    a := private.booking_for_host(p_a);
    b := private.booking_for_host(p_b);
  else
    b := private.booking_for_host(p_b);
    a := private.booking_for_host(p_a);
  end if;
  if a.branch <> b.branch then
    raise exception using errcode = '22023', message = 'Both bookings must be at one branch';
  end if;
  select array_agg(h.table_id order by h.table_id), (array_agg(h.during))[1] into a_tables, a_range
    from public.reservation_tables h where h.reservation_id = a.id and h.holds;
  select array_agg(h.table_id order by h.table_id), (array_agg(h.during))[1] into b_tables, b_range
    from public.reservation_tables h where h.reservation_id = b.id and h.holds;
  if a_tables is null or b_tables is null then
    raise exception using errcode = '22023', message = 'Both bookings must hold tables to swap them';
  end if;
  perform pg_advisory_xact_lock(hashtextextended(format('tables|%s|%s', a.branch, least(a.date, b.date)), 0));
  if a.date <> b.date then
    perform pg_advisory_xact_lock(hashtextextended(format('tables|%s|%s', a.branch, greatest(a.date, b.date)), 0));
  end if;
  delete from public.reservation_tables h where h.reservation_id in (a.id, b.id);
  perform private.hold_chosen_tables(a.id, a.branch, a_range, a.guests, b_tables);
  perform private.hold_chosen_tables(b.id, b.branch, b_range, b.guests, a_tables);
end
$$;

revoke all on function private.booking_for_host(bigint) from public;
revoke all on function private.booking_range(public.reservations) from public;
revoke all on function public.assign_tables(bigint, uuid[]) from public;
revoke all on function public.seat_walk_in(text, integer, uuid[], text) from public;
revoke all on function public.swap_tables(bigint, bigint) from public;
grant execute on function public.assign_tables(bigint, uuid[]) to authenticated, service_role;
grant execute on function public.seat_walk_in(text, integer, uuid[], text) to authenticated, service_role;
grant execute on function public.swap_tables(bigint, bigint) to authenticated, service_role;
