-- Rights and retention (issue 25, part 3): erasure (by an owner, by the guest's manage link, and
-- by the daily retention job), the guest's own copy of what is kept, consent given and withdrawn,
-- and the access log.
--
-- Erasure replaces a booking's name (with 'Đã xóa · Erased', read the same on a dashboard in either
-- language), mobile and email with placeholders and removes its notes; the
-- same four leave the booking's history lines, its emails in the outbox (sent or not), its receipt
-- and the search index; the guest's profile loses name, mobile, email, notes and tags. What the
-- restaurant counts stays: covers, dates, times, branch, status, the guest's counts. It is final:
-- nothing keeps the old values. The guest gets a confirmation email whose address leaves the
-- outbox as soon as it is sent.

alter table public.reservations add column erased_at timestamptz;
comment on column public.reservations.erased_at is 'When the guest''s personal data was erased (owner, guest or retention).';

alter table private.outbox drop constraint outbox_kind_check;
alter table private.outbox add constraint outbox_kind_check check (kind in ('confirmation', 'cancellation', 'erasure'));

-- The erasure confirmation's address goes the moment the email is sent or given up.
create function private.forget_erasure_recipient() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.kind = 'erasure' and (new.sent_at is not null or new.failed_at is not null) then
    new.recipient := 'erased@erased.invalid';
  end if;
  return new;
end
$$;

create trigger outbox_forget_erasure_recipient
  before update on private.outbox
  for each row execute function private.forget_erasure_recipient();

-- Who read or removed guests' data: CSV exports, guest-page views, erasures, the retention job.
-- Owners read it; no API role writes, changes or deletes it (only the functions below add lines).
create table public.access_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default clock_timestamp(),
  actor text not null check (actor in ('user', 'guest', 'system')),
  actor_id uuid,
  actor_email text,
  action text not null check (action in ('csv_export', 'guest_view', 'erasure', 'retention')),
  -- Never personal data: a guest's id, a count, an export's filters.
  subject text check (subject is null or char_length(subject) <= 500)
);
create index access_log_at_idx on public.access_log (at desc);

revoke all on table public.access_log from public, anon, authenticated, service_role;
grant select on table public.access_log to authenticated, service_role;
alter table public.access_log enable row level security;
create policy "owners read the access log" on public.access_log for select to authenticated
  using ((select app_private.staff_role()) = 'owner');
create policy "second factor when enrolled or required" on public.access_log as restrictive for select
  to authenticated using ((select app_private.second_factor_satisfied()));

create function private.log_access(p_action text, p_subject text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  claims jsonb := nullif(current_setting('request.jwt.claims', true), '')::jsonb;
  who text := 'system';
  who_id uuid;
begin
  if claims ? 'sub' and coalesce(claims ->> 'sub', '') <> '' then
    who := 'user';
    begin
      who_id := (claims ->> 'sub')::uuid;
    exception when others then
      who_id := null;
    end;
  elsif claims ->> 'role' = 'anon' then
    who := 'guest';
  end if;
  insert into public.access_log (actor, actor_id, actor_email, action, subject)
  values (who, who_id, case when who = 'user' then nullif(left(claims ->> 'email', 254), '') end, p_action,
          left(p_subject, 500));
end
$$;

-- Staff screens record what they showed or exported (the CSV export, a guest's page).
create function public.log_access(p_action text, p_subject text default null) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if app_private.staff_role() is null or not app_private.second_factor_satisfied() then
    raise exception using errcode = '42501', message = 'Only staff record access';
  end if;
  if p_action is null or p_action not in ('csv_export', 'guest_view') then
    raise exception using errcode = '22023', message = 'p_action must be csv_export or guest_view';
  end if;
  perform private.log_access(p_action, p_subject);
end
$$;

-- The personal data of these bookings, gone; returns how many bookings were erased now.
create function private.erase_bookings(p_ids bigint[]) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  personal text[] := array['name', 'mobile', 'email', 'notes'];
  erased bigint[];
begin
  with done as (
    update public.reservations r
       set name = 'Đã xóa · Erased', mobile = 'erased', email = 'erased@erased.invalid', notes = null, erased_at = now()
     where r.id = any (p_ids) and r.erased_at is null
    returning r.id, r.reference
  ), receipts as (
    delete from private.booking_receipts b using done where b.reference = done.reference
  )
  select coalesce(array_agg(done.id), '{}') into erased from done;
  -- After the update, whose own history line (written at the statement's end) holds the old values too.
  update public.reservation_history h
     set changes = case when h.changes ?| personal
                        then (h.changes - personal) || '{"personal_data": {"old": null, "new": "erased"}}'::jsonb
                        else h.changes end
   where h.reservation_id = any (p_ids) and h.changes ?| personal;
  delete from private.outbox o where o.reservation_id = any (p_ids) and o.kind <> 'erasure';
  return cardinality(erased);
end
$$;

-- The guest's profile loses what names them; counts stay. Bookings are erased by the caller.
create function private.erase_guest_profile(p_guest_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform set_config('guests.system', 'erasure', true);
  update public.guests g
     set name = null, mobile = null, email = null, notes = null, tags = '{}',
         blocked_reason = case when g.blocked then 'Erased' end, erased_at = now()
   where g.id = p_guest_id;
  perform set_config('guests.system', '', true);
  update public.guest_history h set reason = null where h.guest_id = p_guest_id;
  update public.consents c set withdrawn_at = now() where c.guest_id = p_guest_id and c.withdrawn_at is null;
  insert into public.guest_history (guest_id, action) values (p_guest_id, 'erased');
end
$$;

-- The confirmation, to the address being erased (gone from the outbox once sent).
create function private.queue_erasure_email(p_email text, p_language text, p_reservation_id bigint, p_bookings integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_email is null or not private.is_one_mailbox(p_email) or p_email like '%.invalid' then
    return;
  end if;
  insert into private.outbox (message_key, kind, reservation_id, recipient, payload)
  values (format('erasure.%s.%s', p_reservation_id, replace(gen_random_uuid()::text, '-', '')), 'erasure',
          p_reservation_id, p_email,
          jsonb_build_object('language', coalesce(p_language, 'en'), 'bookings', p_bookings));
  perform pg_notify('mail_outbox', '');
end
$$;

-- An owner erases a guest: every booking of theirs, their profile; they are told by email.
create function public.erase_guest(p_guest_id uuid) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  guest public.guests;
  last_booking public.reservations;
  erased integer;
begin
  if coalesce(app_private.staff_role(), '') <> 'owner' or not app_private.second_factor_satisfied() then
    raise exception using errcode = '42501', message = 'Only an owner may erase a guest';
  end if;
  select * into guest from public.guests g where g.id = p_guest_id for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'No such guest';
  end if;
  select * into last_booking from public.reservations r
   where r.guest_id = guest.id order by r.created_at desc, r.id desc limit 1;
  erased := private.erase_bookings(array(select r.id from public.reservations r where r.guest_id = guest.id));
  perform private.erase_guest_profile(guest.id);
  perform private.queue_erasure_email(coalesce(guest.email, last_booking.email), last_booking.language,
                                      coalesce(last_booking.id, 0), erased);
  perform private.log_access('erasure', 'guest ' || guest.id::text);
  return erased;
end
$$;

-- What the manage link reaches: its own booking and the other bookings of its guest made with the
-- same email (the address the link was sent to). A number typed by someone else does not open the
-- rest of a stranger's profile.
create function private.bookings_of_link(r public.reservations) returns bigint[]
language sql stable
security definer
set search_path = ''
as $$
  select array_agg(t.id order by t.date, t.id) from public.reservations t
   where t.id = r.id
      or (r.guest_id is not null and t.guest_id = r.guest_id and lower(t.email) = lower(r.email) and t.erased_at is null)
$$;

-- The guest's own erasure through the manage link. Final. Their profile goes too unless it holds
-- bookings made with another address (those stay, as the link does not prove they are the same
-- person's; the restaurant erases them on request).
create function public.erase_my_data(p_token text) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  r public.reservations := private.booking_for_token(p_token, true);
  erased integer;
begin
  if r.erased_at is not null then
    return 0;
  end if;
  erased := private.erase_bookings(private.bookings_of_link(r));
  if r.guest_id is not null
     and not exists (select 1 from public.reservations t where t.guest_id = r.guest_id and t.erased_at is null) then
    perform private.erase_guest_profile(r.guest_id);
  end if;
  perform private.queue_erasure_email(r.email, r.language, r.id, erased);
  perform private.log_access('erasure', 'booking ' || r.reference);
  return erased;
end
$$;

-- Everything kept that the manage link reaches, as JSON (the page shows it readable too).
create function public.my_data(p_token text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  r public.reservations := private.booking_for_token(p_token, false);
  ids bigint[] := private.bookings_of_link(r);
begin
  return jsonb_build_object(
    'generated_at', now(),
    'controller', 'Saffron Lotus',
    'bookings', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'reference', t.reference, 'name', t.name, 'mobile', t.mobile, 'email', t.email,
               'date', t.date, 'time', t.time, 'period', t.period, 'guests', t.guests, 'branch', t.branch,
               'notes', t.notes, 'status', t.status, 'language', t.language, 'created_at', t.created_at,
               'cancelled_at', t.cancelled_at, 'erased_at', t.erased_at) order by t.date, t.id), '[]'::jsonb)
        from public.reservations t where t.id = any (ids)),
    'history', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'reference', t.reference, 'at', h.changed_at, 'action', h.action,
               'by', case h.actor when 'user' then 'staff' else h.actor end, 'changes', h.changes)
               order by h.changed_at, h.id), '[]'::jsonb)
        from public.reservation_history h join public.reservations t on t.id = h.reservation_id
       where h.reservation_id = any (ids)),
    'consents', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'purpose', c.purpose, 'text_version', c.text_version, 'given_at', c.given_at,
               'withdrawn_at', c.withdrawn_at, 'source', c.source) order by c.given_at), '[]'::jsonb)
        from public.consents c where c.guest_id = r.guest_id),
    'emails', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'kind', o.kind, 'to', o.recipient, 'queued_at', o.created_at, 'sent_at', o.sent_at)
               order by o.id), '[]'::jsonb)
        from private.outbox o where o.reservation_id = any (ids))
  );
end
$$;

-- Consent to news and offers by email, given or withdrawn through the booking's manage token (the
-- home form holds it right after booking; the manage page and every email's footer link carry it).
-- The booking's payload is never touched: consent has its own call.
create function public.give_consent(p_token text, p_purpose text, p_text_version text, p_source text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  r public.reservations := private.booking_for_token(p_token, false);
begin
  if p_purpose is distinct from 'marketing_email' then
    raise exception using errcode = '22023', message = 'p_purpose must be marketing_email';
  end if;
  if p_text_version is null or p_text_version !~ '^[A-Za-z0-9._-]{1,40}$' then
    raise exception using errcode = '22023', message = 'p_text_version must be a version like 2026-12-04';
  end if;
  if p_source is null or p_source not in ('home_form', 'reservation_form', 'manage_page') then
    raise exception using errcode = '22023', message = 'p_source must be home_form, reservation_form or manage_page';
  end if;
  if r.guest_id is null or r.erased_at is not null then
    raise exception using errcode = 'PT404', message = 'This booking has no guest to ask';
  end if;
  if not exists (select 1 from public.consents c
                  where c.guest_id = r.guest_id and c.purpose = p_purpose and c.withdrawn_at is null) then
    insert into public.consents (guest_id, purpose, text_version, source)
    values (r.guest_id, p_purpose, p_text_version, p_source);
  end if;
end
$$;

create function public.withdraw_consent(p_token text, p_purpose text, p_source text) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  r public.reservations := private.booking_for_token(p_token, false);
  withdrawn integer;
begin
  if p_purpose is distinct from 'marketing_email' then
    raise exception using errcode = '22023', message = 'p_purpose must be marketing_email';
  end if;
  if p_source is null or p_source not in ('manage_page', 'email_link') then
    raise exception using errcode = '22023', message = 'p_source must be manage_page or email_link';
  end if;
  -- The source of the withdrawal is recorded in the history of consents by its time; the row keeps
  -- the source of the consent itself.
  update public.consents c set withdrawn_at = now()
   where c.guest_id = r.guest_id and c.purpose = p_purpose and c.withdrawn_at is null;
  get diagnostics withdrawn = row_count;
  return withdrawn;
end
$$;

-- The consents of the manage link's guest (the manage page's box).
create function public.consents_by_token(p_token text)
returns table (purpose text, text_version text, given_at timestamptz, withdrawn_at timestamptz, source text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  r public.reservations := private.booking_for_token(p_token, false);
begin
  return query select c.purpose, c.text_version, c.given_at, c.withdrawn_at, c.source
                 from public.consents c where c.guest_id = r.guest_id order by c.given_at;
end
$$;

-- Retention: the personal data of bookings dated more than p_days before p_now (the restaurant's
-- calendar), erased as above, and the profiles of guests left with no booking that names them.
-- Run daily by the server (src/server/guests/retention-job.ts) as the database owner; no API role.
create function public.erase_expired_personal_data(p_days integer, p_now timestamptz default now()) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  cutoff date;
  erased integer;
  guest uuid;
begin
  if p_days is null or p_days < 1 then
    raise exception using errcode = '22023', message = 'p_days must be at least 1';
  end if;
  cutoff := (p_now at time zone 'Asia/Ho_Chi_Minh')::date - p_days;
  erased := private.erase_bookings(array(
    select r.id from public.reservations r where r.date < cutoff and r.erased_at is null));
  for guest in
    select g.id from public.guests g
     where g.erased_at is null
       and exists (select 1 from public.reservations r where r.guest_id = g.id)
       and not exists (select 1 from public.reservations r where r.guest_id = g.id and r.erased_at is null)
  loop
    perform private.erase_guest_profile(guest);
  end loop;
  -- A confirmation that could not be sent within a week (no SMTP, say) keeps its address no longer.
  delete from private.outbox o where o.kind = 'erasure' and o.sent_at is null and o.failed_at is null
     and o.created_at < p_now - interval '7 days';
  if erased > 0 then
    perform private.log_access('retention', format('%s bookings dated before %s', erased, cutoff));
  end if;
  return erased;
end
$$;

revoke all on function private.forget_erasure_recipient() from public;
revoke all on function private.log_access(text, text) from public;
revoke all on function private.erase_bookings(bigint[]) from public;
revoke all on function private.erase_guest_profile(uuid) from public;
revoke all on function private.queue_erasure_email(text, text, bigint, integer) from public;
revoke all on function private.bookings_of_link(public.reservations) from public;
revoke all on function public.log_access(text, text) from public;
revoke all on function public.erase_guest(uuid) from public;
revoke all on function public.erase_my_data(text) from public;
revoke all on function public.my_data(text) from public;
revoke all on function public.give_consent(text, text, text, text) from public;
revoke all on function public.withdraw_consent(text, text, text) from public;
revoke all on function public.consents_by_token(text) from public;
revoke all on function public.erase_expired_personal_data(integer, timestamptz) from public;
grant execute on function public.log_access(text, text), public.erase_guest(uuid) to authenticated, service_role;
grant execute on function public.erase_my_data(text), public.my_data(text), public.give_consent(text, text, text, text),
  public.withdraw_consent(text, text, text), public.consents_by_token(text) to anon, authenticated, service_role;
grant execute on function public.erase_expired_personal_data(integer, timestamptz) to service_role;
