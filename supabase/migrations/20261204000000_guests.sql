-- Guest profiles (issue 25, part 1): one guest per normalised mobile number (E.164, +84 assumed for
-- a local number) or, without a usable number, per email; every booking linked to its guest by the
-- database whoever writes it (the home form, /rest/v1, the spreadsheet receiver, staff tools, SQL),
-- and the guest's counts kept by the database as bookings change status.
--
-- Who reads a guest: owner and staff every guest; a host only guests with a booking the host may
-- read (the subquery runs under the reservations' own row-level security, as the history does), so
-- a host of Sa Pa never reads a guest who has only booked in Hanoi. Staff write tags and notes;
-- blocking is the owner's (20261204010000_no_shows.sql).

-- "0912 345 678", "+84912345678", "84-912-345-678" and "0084 912 345 678" are one number:
-- +84912345678. A number written without a country is Vietnamese. Null when the text holds no
-- plausible number (a walk-in's 'walk-in', a name typed into the wrong field).
create function public.normalise_mobile(p_mobile text) returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  digits text := regexp_replace(coalesce(p_mobile, ''), '[^0-9]', '', 'g');
  international boolean := btrim(coalesce(p_mobile, '')) like '+%';
  e164 text;
begin
  if digits = '' then
    return null;
  end if;
  if international then
    e164 := '+' || digits;
  elsif digits like '00%' then
    e164 := '+' || substr(digits, 3);
  elsif digits like '84%' and char_length(digits) in (11, 12) then
    e164 := '+' || digits;
  elsif digits like '0%' then
    e164 := '+84' || substr(digits, 2);
  elsif char_length(digits) in (9, 10) then
    e164 := '+84' || digits;
  else
    return null;
  end if;
  -- E.164: a country code that does not start with 0, at most 15 digits in all.
  if e164 !~ '^\+[1-9][0-9]{7,14}$' then
    return null;
  end if;
  return e164;
end
$$;

-- One mailbox, lower case; null for the placeholder addresses staff tools write (walk-ins, erased).
create function public.normalise_email(p_email text) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when e is null or e = '' or e like '%.invalid' then null else e end
    from (select lower(btrim(p_email)) as e) as t
$$;

create table public.guests (
  id uuid primary key default gen_random_uuid(),
  name text check (name is null or char_length(name) <= 120),
  mobile text check (mobile is null or mobile ~ '^\+[1-9][0-9]{7,14}$'),
  email text check (email is null or char_length(email) <= 254),
  tags text[] not null default '{}'
    check (cardinality(tags) <= 30 and array_to_string(tags, '') !~ '[\x01-\x1f\x7f]'),
  notes text check (notes is null or char_length(notes) <= 2000),
  blocked boolean not null default false,
  blocked_reason text check (blocked_reason is null or char_length(blocked_reason) <= 500),
  blocked_at timestamptz,
  -- Who blocked: 'owner' by hand, or 'rule' (the no-show rule).
  blocked_by text check (blocked_by in ('owner', 'rule')),
  -- The owner's last unblock: the no-show rule counts only no-shows after it.
  cleared_at timestamptz,
  no_show_count integer not null default 0,
  visit_count integer not null default 0,
  cancel_count integer not null default 0,
  -- Covers of the visits (seated or finished bookings).
  covers integer not null default 0,
  first_visit date,
  last_visit date,
  erased_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint guests_block_has_reason check (not blocked or blocked_reason is not null)
);

comment on table public.guests is 'One row per guest (normalised mobile or email): counts, tags, notes, block.';
comment on column public.guests.mobile is 'E.164 (+84 assumed for a local number).';

-- One guest per number; several guests may share an email (a family's address), until staff merge them.
create unique index guests_mobile_key on public.guests (mobile) where mobile is not null;
create index guests_email_idx on public.guests (email) where email is not null;

alter table public.reservations add column guest_id uuid references public.guests (id) on delete set null;
create index reservations_guest_idx on public.reservations (guest_id, date);

-- The guest a booking belongs to: by number first (one statement: the unique index settles two
-- bookings at once for a new number), then, for a booking without a usable number, by email (two
-- bookings at once may make two guests for one address; staff merge them); a new guest otherwise.
-- The latest booking's spelling of the name wins, and an email is kept when the guest had none.
create function private.guest_for(p_name text, p_mobile text, p_email text) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_mobile text := public.normalise_mobile(p_mobile);
  v_email text := public.normalise_email(p_email);
  v_name text := nullif(left(btrim(p_name), 120), '');
  found_id uuid;
begin
  if v_mobile is not null then
    insert into public.guests as g (name, mobile, email) values (v_name, v_mobile, v_email)
    on conflict (mobile) where mobile is not null
    do update set name = coalesce(excluded.name, g.name), email = coalesce(g.email, excluded.email)
    returning g.id into found_id;
    return found_id;
  end if;
  if v_email is null then
    return null;
  end if;
  select g.id into found_id from public.guests g
   where g.email = v_email and g.erased_at is null order by g.created_at, g.id limit 1;
  if found_id is null then
    insert into public.guests (name, email) values (v_name, v_email) returning id into found_id;
  elsif v_name is not null then
    update public.guests g set name = v_name where g.id = found_id;
  end if;
  return found_id;
end
$$;

-- Before insert, after the text checks ("reservations_guest_text") and before the booking's
-- reference and email ("reservations_lifecycle"): triggers of one event fire in name order.
create function private.link_booking_guest() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.guest_id := private.guest_for(new.name, new.mobile, new.email);
  return new;
end
$$;

create trigger reservations_guests
  before insert on public.reservations
  for each row execute function private.link_booking_guest();

-- A guest's counts, from their bookings (the one truth; recomputed rather than incremented, so a
-- merge, a status undone or a booking moved between guests cannot drift).
create function private.refresh_guest_counts(p_guest_id uuid) returns void
language sql
security definer
set search_path = ''
as $$
  update public.guests g
     set visit_count = c.visits, no_show_count = c.no_shows, cancel_count = c.cancels, covers = c.covers,
         first_visit = c.first_visit, last_visit = c.last_visit, updated_at = now()
    from (
      select count(*) filter (where r.status in ('seated', 'finished'))::integer as visits,
             count(*) filter (where r.status = 'no_show')::integer as no_shows,
             count(*) filter (where r.status = 'cancelled')::integer as cancels,
             coalesce(sum(r.guests) filter (where r.status in ('seated', 'finished')), 0)::integer as covers,
             min(r.date) filter (where r.status in ('seated', 'finished')) as first_visit,
             max(r.date) filter (where r.status in ('seated', 'finished')) as last_visit
        from public.reservations r where r.guest_id = p_guest_id
    ) c
   where g.id = p_guest_id
$$;

create function private.follow_guest_counts() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (tg_op = 'DELETE' or (tg_op = 'UPDATE' and new.guest_id is distinct from old.guest_id)) and old.guest_id is not null then
    perform private.refresh_guest_counts(old.guest_id);
  end if;
  -- A new booking is 'booked' (the lifecycle sets it) and changes no count; only rows loaded with
  -- another status do.
  if new.guest_id is not null and (
       (tg_op = 'INSERT' and new.status <> 'booked')
       or (tg_op = 'UPDATE' and (new.guest_id is distinct from old.guest_id or new.status is distinct from old.status
                                 or new.guests is distinct from old.guests or new.date is distinct from old.date))) then
    perform private.refresh_guest_counts(new.guest_id);
  end if;
  return null;
end
$$;

create trigger reservations_guest_counts
  after insert or delete or update of status, guest_id, guests, date on public.reservations
  for each row execute function private.follow_guest_counts();

-- Staff merge two guests who are one person: the second's bookings, tags and notes move to the
-- first, the counts are taken again from all their bookings, and the second is gone. Owner and
-- staff, or a host who may read both.
create function public.merge_guests(p_keep uuid, p_merge uuid) returns public.guests
language plpgsql
security definer
set search_path = ''
as $$
declare
  kept public.guests;
  merged public.guests;
begin
  if app_private.staff_role() is null or not app_private.second_factor_satisfied() then
    raise exception using errcode = '42501', message = 'Only staff may merge guests';
  end if;
  if p_keep is null or p_merge is null or p_keep = p_merge then
    raise exception using errcode = '22023', message = 'Name two different guests to merge';
  end if;
  select * into kept from public.guests g where g.id = p_keep for update;
  select * into merged from public.guests g where g.id = p_merge for update;
  if kept.id is null or merged.id is null or not private.may_see_guest(kept.id) or not private.may_see_guest(merged.id) then
    raise exception using errcode = 'PT404', message = 'No such guest';
  end if;
  update public.reservations r set guest_id = kept.id where r.guest_id = merged.id;
  update public.consents c set guest_id = kept.id where c.guest_id = merged.id;
  update public.guest_history h set guest_id = kept.id where h.guest_id = merged.id;
  delete from public.guests g where g.id = merged.id;
  update public.guests g
     set tags = (select coalesce(array_agg(distinct t order by t), '{}') from unnest(kept.tags || merged.tags) as t),
         notes = nullif(concat_ws(E'\n', kept.notes, merged.notes), ''),
         name = coalesce(kept.name, merged.name),
         mobile = coalesce(kept.mobile, merged.mobile),
         email = coalesce(kept.email, merged.email),
         blocked = kept.blocked or merged.blocked,
         blocked_reason = coalesce(kept.blocked_reason, merged.blocked_reason),
         blocked_at = coalesce(kept.blocked_at, merged.blocked_at),
         blocked_by = coalesce(kept.blocked_by, merged.blocked_by)
   where g.id = kept.id;
  perform private.refresh_guest_counts(kept.id);
  insert into public.guest_history (guest_id, action, reason) values (kept.id, 'merged', null);
  select * into kept from public.guests g where g.id = p_keep;
  return kept;
end
$$;

-- What happened to a guest (blocked, unblocked, marked by the no-show rule, merged, erased): who
-- and when. Written by the database only; read by whoever may read the guest.
create table public.guest_history (
  id bigint generated always as identity primary key,
  guest_id uuid references public.guests (id) on delete cascade,
  changed_at timestamptz not null default clock_timestamp(),
  actor text not null default 'system' check (actor in ('user', 'guest', 'system')),
  actor_id uuid,
  actor_email text,
  action text not null check (action in ('blocked', 'unblocked', 'marked', 'merged', 'erased')),
  reason text check (reason is null or char_length(reason) <= 500)
);
create index guest_history_guest_idx on public.guest_history (guest_id, changed_at desc);

-- Consents a guest gave (issue 25): one row per purpose given, with the wording's version, when,
-- and through what (the home form, the manage page); withdrawn_at once withdrawn. Absence of a row
-- means no consent. Written only through the functions of 20261204020000_erasure.sql.
create table public.consents (
  id uuid primary key default gen_random_uuid(),
  guest_id uuid not null references public.guests (id) on delete cascade,
  purpose text not null check (purpose in ('marketing_email')),
  text_version text not null check (char_length(text_version) between 1 and 40),
  given_at timestamptz not null default now(),
  withdrawn_at timestamptz,
  source text not null check (source in ('home_form', 'reservation_form', 'manage_page', 'email_link', 'staff'))
);
create index consents_guest_idx on public.consents (guest_id, purpose);

-- Who is acting, as the booking history records it.
create function private.stamp_guest_history() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  claims jsonb := nullif(current_setting('request.jwt.claims', true), '')::jsonb;
begin
  if claims ? 'sub' and coalesce(claims ->> 'sub', '') <> '' then
    new.actor := 'user';
    begin
      new.actor_id := (claims ->> 'sub')::uuid;
    exception when others then
      new.actor_id := null;
    end;
    new.actor_email := nullif(left(claims ->> 'email', 254), '');
  elsif claims ->> 'role' = 'anon' then
    new.actor := 'guest';
  else
    new.actor := 'system';
  end if;
  return new;
end
$$;

create trigger guest_history_actor
  before insert on public.guest_history
  for each row execute function private.stamp_guest_history();

-- Whether the caller may read this guest: the policy's rule, for the security definer functions.
create function private.may_see_guest(p_guest_id uuid) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select case
    when coalesce(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role',
                  current_setting('role', true), '') in ('anon', 'authenticated') then
      coalesce(app_private.second_factor_satisfied(), false) and (
        coalesce(app_private.staff_role() in ('owner', 'staff'), false)
        or exists (select 1 from public.reservations r
                    where r.guest_id = p_guest_id and app_private.works_at(r.branch)))
    else true
  end
$$;

revoke all on table public.guests, public.guest_history, public.consents from public, anon, authenticated, service_role;
grant select on table public.guests to authenticated, service_role;
grant update (name, tags, notes, blocked, blocked_reason) on table public.guests to authenticated;
grant all on table public.guests to service_role;
grant select on table public.guest_history to authenticated, service_role;
grant select on table public.consents to authenticated, service_role;

alter table public.guests enable row level security;
alter table public.guest_history enable row level security;
alter table public.consents enable row level security;

create policy "consents follow the guest"
  on public.consents for select to authenticated
  using (exists (select 1 from public.guests g where g.id = consents.guest_id));
create policy "second factor when enrolled or required"
  on public.consents as restrictive for select to authenticated
  using ((select app_private.second_factor_satisfied()));

-- The subquery runs as the caller, under the reservations' policies.
create policy "staff read the guests of their branches"
  on public.guests for select to authenticated
  using (
    (select app_private.staff_role()) in ('owner', 'staff')
    or exists (select 1 from public.reservations r where r.guest_id = guests.id)
  );
create policy "staff keep tags and notes of the guests they read"
  on public.guests for update to authenticated
  using (
    (select app_private.staff_role()) in ('owner', 'staff')
    or exists (select 1 from public.reservations r where r.guest_id = guests.id)
  )
  with check (true);
create policy "second factor when enrolled or required"
  on public.guests as restrictive for all to authenticated
  using ((select app_private.second_factor_satisfied()))
  with check ((select app_private.second_factor_satisfied()));

create policy "guest history follows the guest"
  on public.guest_history for select to authenticated
  using (exists (select 1 from public.guests g where g.id = guest_history.guest_id));
create policy "second factor when enrolled or required"
  on public.guest_history as restrictive for select to authenticated
  using ((select app_private.second_factor_satisfied()));

-- Tags are trimmed, distinct, each 1–40 characters; notes plain text.
create function private.check_guest_row() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.updated_at := now();
  -- A booking's match writes neither: nothing to check (bookings arrive by the thousand).
  if tg_op = 'INSERT' and new.tags = '{}' and new.notes is null
     or tg_op = 'UPDATE' and new.tags = old.tags and new.notes is not distinct from old.notes then
    return new;
  end if;
  new.tags := (select coalesce(array_agg(distinct btrim(t) order by btrim(t)), '{}')
                 from unnest(new.tags) as t where btrim(t) <> '');
  if exists (select 1 from unnest(new.tags) as t where char_length(t) > 40) then
    raise exception using errcode = '23514', message = 'A tag is at most 40 characters';
  end if;
  if new.notes is not null and new.notes ~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]' then
    raise exception using errcode = '23514', message = 'The notes must not contain control characters';
  end if;
  return new;
end
$$;

create trigger guests_check_row
  before insert or update on public.guests
  for each row execute function private.check_guest_row();

-- Linking a booking to its guest is bookkeeping, not a change of the booking worth a history line.
create or replace function private.history_ignored_columns() returns text[]
language sql immutable
as $$ select array['id', 'created_at', 'updated_at', 'manage_token_hash', 'guest_id'] $$;

-- Existing bookings get their guests, oldest first (so a guest's first name is their first booking's).
do $$
declare
  r record;
begin
  for r in select id, name, mobile, email from public.reservations where guest_id is null order by created_at, id loop
    update public.reservations t set guest_id = private.guest_for(r.name, r.mobile, r.email) where t.id = r.id;
  end loop;
  for r in select distinct guest_id from public.reservations where guest_id is not null loop
    perform private.refresh_guest_counts(r.guest_id);
  end loop;
end
$$;

revoke all on function private.guest_for(text, text, text) from public;
revoke all on function private.link_booking_guest() from public;
revoke all on function private.refresh_guest_counts(uuid) from public;
revoke all on function private.follow_guest_counts() from public;
revoke all on function private.stamp_guest_history() from public;
revoke all on function private.may_see_guest(uuid) from public;
revoke all on function private.check_guest_row() from public;
revoke all on function public.merge_guests(uuid, uuid) from public;
grant execute on function public.merge_guests(uuid, uuid) to authenticated, service_role;
grant execute on function public.normalise_mobile(text), public.normalise_email(text) to anon, authenticated, service_role;
