-- No-shows and the block list (issue 25, part 2).
--
-- The restaurant's rule (one row, owners change it; default: 3 no-shows in 12 months) marks a
-- guest blocked, by 'rule', at the no-show that reaches it. Owners block and unblock by hand with an
-- ordinary update of guests.blocked (and blocked_reason); an unblock clears the past, so the rule
-- counts only no-shows of bookings dated after it. Every block, unblock and mark is a line of
-- guest_history. A blocked guest's online booking (anonymous, or any account without a staff role:
-- the home form, /rest/v1, the spreadsheet receiver) is refused with SQLSTATE BK006 and a neutral
-- message asking them to call; staff taking a phone booking are not refused.

create table public.guest_rules (
  id boolean primary key default true check (id),
  no_show_limit integer not null default 3 check (no_show_limit between 1 and 50),
  no_show_months integer not null default 12 check (no_show_months between 1 and 60),
  updated_at timestamptz not null default now()
);
insert into public.guest_rules default values;

revoke all on table public.guest_rules from public, anon, authenticated, service_role;
grant select on table public.guest_rules to authenticated, service_role;
grant update (no_show_limit, no_show_months) on table public.guest_rules to authenticated;
grant all on table public.guest_rules to service_role;
alter table public.guest_rules enable row level security;
create policy "staff read the no-show rule" on public.guest_rules for select to authenticated
  using ((select app_private.staff_role()) is not null);
create policy "owners change the no-show rule" on public.guest_rules for update to authenticated
  using ((select app_private.staff_role()) = 'owner') with check ((select app_private.staff_role()) = 'owner');
create policy "second factor when enrolled or required" on public.guest_rules as restrictive for all
  to authenticated
  using ((select app_private.second_factor_satisfied()))
  with check ((select app_private.second_factor_satisfied()));

-- Whether the caller is an API caller (anon or a signed-in account), as opposed to the server's own
-- jobs, the CLI or an operator.
create function private.api_caller() returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role',
                  current_setting('role', true), '') in ('anon', 'authenticated')
$$;

-- Blocking is the owner's, or the database's own (the rule, an erasure), which sets guests.system
-- to 'rule' or 'erasure' for its own update. A block
-- needs a reason; an unblock forgets it and clears the past for the rule.
create function private.check_guest_block() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  by_system text := nullif(current_setting('guests.system', true), '');
begin
  if new.blocked is distinct from old.blocked or new.blocked_reason is distinct from old.blocked_reason then
    if by_system is null and private.api_caller() and coalesce(app_private.staff_role(), '') <> 'owner' then
      raise exception using errcode = '42501', message = 'Only an owner may block or unblock a guest';
    end if;
    if new.blocked and not old.blocked then
      new.blocked_reason := nullif(btrim(new.blocked_reason), '');
      if new.blocked_reason is null then
        raise exception using errcode = '23514', message = 'Say why the guest is blocked';
      end if;
      new.blocked_at := now();
      new.blocked_by := case when by_system = 'rule' then 'rule' else 'owner' end;
    elsif old.blocked and not new.blocked then
      new.blocked_reason := null;
      new.blocked_at := null;
      new.blocked_by := null;
      new.cleared_at := now();
    end if;
  end if;
  return new;
end
$$;

create trigger guests_block
  before update on public.guests
  for each row execute function private.check_guest_block();

create function private.record_guest_block() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.blocked and not old.blocked then
    insert into public.guest_history (guest_id, action, reason)
    values (new.id, case new.blocked_by when 'rule' then 'marked' else 'blocked' end, new.blocked_reason);
  elsif old.blocked and not new.blocked then
    insert into public.guest_history (guest_id, action, reason) values (new.id, 'unblocked', null);
  end if;
  return null;
end
$$;

create trigger guests_record_block
  after update of blocked on public.guests
  for each row execute function private.record_guest_block();

-- At each no-show: the guest's no-shows within the rule's months (and after their last unblock)
-- reaching the limit marks them. Only bookings whose time has come count: a booking marked
-- no-show before its time is a slip of the host's finger (the guest may still come), not a no-show.
create function private.apply_no_show_rule() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  rule public.guest_rules;
  guest public.guests;
  recent integer;
begin
  if new.guest_id is null or new.status <> 'no_show' or old.status = 'no_show' then
    return null;
  end if;
  select * into guest from public.guests g where g.id = new.guest_id for update;
  if guest.blocked then
    return null;
  end if;
  select * into rule from public.guest_rules;
  select count(*) into recent from public.reservations r
   where r.guest_id = guest.id and r.status = 'no_show'
     and coalesce(private.booking_starts_at(r) <= now(), r.date <= (now() at time zone 'Asia/Ho_Chi_Minh')::date)
     and r.date >= (now() at time zone 'Asia/Ho_Chi_Minh')::date - make_interval(months => rule.no_show_months)
     and (guest.cleared_at is null or r.date > (guest.cleared_at at time zone 'Asia/Ho_Chi_Minh')::date);
  if recent >= rule.no_show_limit then
    perform set_config('guests.system', 'rule', true);
    update public.guests g
       set blocked = true,
           blocked_reason = format('%s no-shows in %s months', recent, rule.no_show_months)
     where g.id = guest.id;
    perform set_config('guests.system', '', true);
  end if;
  return null;
end
$$;

-- After the counts ("reservations_guest_counts" < "reservations_no_show_rule").
create trigger reservations_no_show_rule
  after update of status on public.reservations
  for each row execute function private.apply_no_show_rule();

-- The booking trigger of 20261204000000 gains the refusal.
create or replace function private.link_booking_guest() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.guest_id := private.guest_for(new.name, new.mobile, new.email);
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

revoke all on function private.api_caller() from public;
revoke all on function private.check_guest_block() from public;
revoke all on function private.record_guest_block() from public;
revoke all on function private.apply_no_show_rule() from public;
