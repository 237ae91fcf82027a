-- A walk-in seated from the floor may leave a name, a mobile number and an email (issue 25): given a
-- number or an address, the walk-in is matched to a guest as every booking is (the same trigger and
-- private.guest_for), so the regular who walks in is recognised, their visit counted, their tags
-- and notes shown. Without them the booking keeps the placeholders, which match no guest.

drop function public.seat_walk_in(text, integer, uuid[], text);

-- As in 20261126010000_turns.sql, with p_mobile and p_email.
create function public.seat_walk_in(
  p_branch text, p_guests integer, p_table_ids uuid[] default null, p_name text default null,
  p_mobile text default null, p_email text default null
)
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
  if nullif(btrim(p_mobile), '') is not null and char_length(btrim(p_mobile)) > 32 then
    raise exception using errcode = '22023', message = 'The mobile number must be at most 32 characters';
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
  -- The email's shape is checked by the table, as for any booking.
  insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
  values (coalesce(nullif(btrim(p_name), ''), 'Walk-in'), coalesce(nullif(btrim(p_mobile), ''), 'walk-in'),
          coalesce(nullif(btrim(p_email), ''), 'walk-in@saffron-lotus.invalid'),
          slot_at::date, p_guests, p_branch, to_char(slot_at, 'HH24:MI'), 'Walk-in')
  returning id into made;
  perform set_config('tables.walk_in', '', true);
  -- Nobody to write to (the guest is here): the confirmation and the form's receipt go.
  delete from private.outbox o where o.reservation_id = made;
  delete from private.booking_receipts b where b.reference = (select t.reference from public.reservations t where t.id = made);
  update public.reservations t set status = 'seated' where t.id = made;
  return made;
end
$$;

revoke all on function public.seat_walk_in(text, integer, uuid[], text, text, text) from public;
grant execute on function public.seat_walk_in(text, integer, uuid[], text, text, text) to authenticated, service_role;

-- As in 20261207000000_door_waitlist.sql, with the door party's number and address (their
-- placeholders are left out, so they stay the walk-in's own).
create or replace function public.seat_door_party(p_entry_id bigint, p_table_ids uuid[] default null) returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  e public.waitlist_entries := private.door_party_for_host(p_entry_id);
  made bigint;
begin
  made := public.seat_walk_in(e.branch, e.guests, p_table_ids, e.name,
                              nullif(e.mobile, 'walk-in'), nullif(e.email, 'door@saffron-lotus.invalid'));
  update public.waitlist_entries w set status = 'claimed', reservation_id = made where w.id = e.id;
  return made;
end
$$;

-- As in 20261204010000_no_shows.sql, but a walk-in's placeholder name ('Walk-in') never replaces
-- the name a guest is known by.
create or replace function private.link_booking_guest() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.guest_id := private.guest_for(
    case when new.period = 'Walk-in' and new.name = 'Walk-in' then null else new.name end, new.mobile, new.email);
  if new.guest_id is not null and private.api_caller() and app_private.staff_role() is null
     and (select g.blocked from public.guests g where g.id = new.guest_id) then
    -- Neutral on purpose: it says neither that the guest is blocked nor why.
    raise exception using errcode = 'BK006',
      message = case private.request_language()
        when 'vi' then 'Rất tiếc, chúng tôi không thể nhận đặt bàn này trực tuyến. Bạn vui lòng gọi điện cho nhà hàng để đặt bàn nhé.'
        else 'Sorry, we cannot take this booking online. Please call the restaurant to book your table.'
      end,
      hint = 'Call the restaurant';
  end if;
  return new;
end
$$;
