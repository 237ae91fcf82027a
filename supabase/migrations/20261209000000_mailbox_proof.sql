-- Review #31, item 1: a manage link covers its own booking only; what reaches beyond it needs proof
-- of the mailbox.
--
-- The link the booking form shows is the link of the confirmation email, so holding it proves
-- nothing about the address: whoever knows a guest's mobile and email can book with them and get
-- one. Until now that link opened every booking of the guest made with the same email (notes
-- included), erased them all and withdrew the guest's consent. From here on:
--
-- - my_data, erase_my_data, give_consent, withdraw_consent and consents_by_token, called with a
--   manage link, reach that one booking: its row, history, emails and the consents given through
--   it (consents now say through which booking they were given).
-- - The rest is reached through a link sent to the booking's address (request_data_link): it lives
--   30 minutes, only the newest one of a booking works, and erasure uses it up. It is not used up by
--   being opened: mail scanners open links before their reader does, and a link they spent would
--   leave the guest with a dead link; the short life and the single erasure bound what a leaked
--   email gives away.

-- Through which booking a consent was given (null: given for the guest as a whole, by staff or
-- before this migration). A booking's link withdraws only the consents given through it.
alter table public.consents add column reservation_id bigint references public.reservations (id) on delete set null;
create index consents_reservation_idx on public.consents (reservation_id) where reservation_id is not null;
-- The booking forms gave consent by the new booking's link in the call right after booking: such a
-- consent belongs to the guest's booking made just before it. Others (manage page, staff) stay the
-- guest's as a whole.
update public.consents c
   set reservation_id = (
     select r.id from public.reservations r
      where r.guest_id = c.guest_id and r.created_at <= c.given_at and r.created_at > c.given_at - interval '5 minutes'
      order by r.created_at desc, r.id desc limit 1)
 where c.reservation_id is null and c.source in ('home_form', 'reservation_form');

-- The emailed links: only the hash is kept (the plain token goes into the email alone and leaves
-- the outbox once it is sent). No personal data: the booking's id and three times.
create table private.data_links (
  token_hash text primary key,
  reservation_id bigint not null references public.reservations (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index data_links_reservation_idx on private.data_links (reservation_id);
revoke all on table private.data_links from public, anon, authenticated, service_role;

alter table private.outbox drop constraint outbox_kind_check;
alter table private.outbox add constraint outbox_kind_check
  check (kind in ('confirmation', 'cancellation', 'erasure', 'reminder', 'change', 'waitlist_offer', 'door_ready',
                  'data_link'));

-- As in 20261206000000_guests_meet_waitlist.sql, in two parts: the bookings' own rows
-- (private.erase_booking_rows), and the reach of the waitlist. A guest-wide erasure (owner, emailed
-- link, retention: private.erase_bookings) takes the same guest's waitlist entries by email or
-- mobile; one booking's erasure (private.erase_one_booking) only the entry whose held table it is.
create function private.erase_booking_rows(p_ids bigint[]) returns integer
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

create or replace function private.erase_bookings(p_ids bigint[]) returns integer
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- First, while the bookings still hold them: the same guest's waitlist entries (by email or
  -- mobile number) and the entries whose held table these bookings are.
  update public.waitlist_entries w
     set name = 'Đã xóa · Erased', mobile = 'erased', email = 'erased@erased.invalid'
    from public.reservations r
   where r.id = any (p_ids) and r.erased_at is null and w.email <> 'erased@erased.invalid'
     and (w.reservation_id = r.id
          or lower(w.email) = lower(r.email)
          or public.normalise_mobile(w.mobile) = public.normalise_mobile(r.mobile));
  return private.erase_booking_rows(p_ids);
end
$$;

create function private.erase_one_booking(p_id bigint) returns integer
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.waitlist_entries w
     set name = 'Đã xóa · Erased', mobile = 'erased', email = 'erased@erased.invalid'
   where w.reservation_id = p_id and w.email <> 'erased@erased.invalid';
  return private.erase_booking_rows(array[p_id]);
end
$$;

-- What a proven mailbox reaches: the link's booking and the other bookings of its guest made with
-- the same email (the address the link was sent to). A number typed by someone else does not open
-- the rest of a stranger's profile. (Was private.bookings_of_link, which any manage link reached.)
drop function private.bookings_of_link(public.reservations);
create function private.bookings_of_mailbox(r public.reservations) returns bigint[]
language sql stable
security definer
set search_path = ''
as $$
  select array_agg(t.id order by t.date, t.id) from public.reservations t
   where t.id = r.id
      or (r.guest_id is not null and t.guest_id = r.guest_id and lower(t.email) = lower(r.email) and t.erased_at is null)
$$;

-- The booking an emailed link was sent for, while the link is fresh, unused, and the booking still
-- has the address it proved.
create function private.booking_for_data_link(p_token text, p_lock boolean) returns public.reservations
language plpgsql
set search_path = ''
as $$
declare
  found_row public.reservations;
  linked bigint;
begin
  if p_token is not null and p_token ~ '^[A-Za-z0-9_-]{43}$' then
    if p_lock then
      select l.reservation_id into linked from private.data_links l
       where l.token_hash = private.manage_token_hash(p_token) and l.used_at is null and l.expires_at > now()
         for update;
    else
      select l.reservation_id into linked from private.data_links l
       where l.token_hash = private.manage_token_hash(p_token) and l.used_at is null and l.expires_at > now();
    end if;
    if linked is not null then
      if p_lock then
        select * into found_row from public.reservations r where r.id = linked and r.erased_at is null for update;
      else
        select * into found_row from public.reservations r where r.id = linked and r.erased_at is null;
      end if;
      if found then
        return found_row;
      end if;
    end if;
  end if;
  raise exception using errcode = 'PT404', message = 'This link has expired or has been used',
    hint = 'Ask for a new one on your booking''s page';
end
$$;

-- Everything kept about these bookings, as JSON: the rows, their history, their emails, and the
-- consents of the guest as a whole (p_guest_id) or those given through these bookings (null).
create function private.kept_data(p_ids bigint[], p_guest_id uuid) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'generated_at', now(),
    'controller', 'Saffron Lotus',
    'bookings', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'reference', t.reference, 'name', t.name, 'mobile', t.mobile, 'email', t.email,
               'date', t.date, 'time', t.time, 'period', t.period, 'guests', t.guests, 'branch', t.branch,
               'notes', t.notes, 'status', t.status, 'language', t.language, 'created_at', t.created_at,
               'cancelled_at', t.cancelled_at, 'erased_at', t.erased_at) order by t.date, t.id), '[]'::jsonb)
        from public.reservations t where t.id = any (p_ids)),
    'history', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'reference', t.reference, 'at', h.changed_at, 'action', h.action,
               'by', case h.actor when 'user' then 'staff' else h.actor end, 'changes', h.changes)
               order by h.changed_at, h.id), '[]'::jsonb)
        from public.reservation_history h join public.reservations t on t.id = h.reservation_id
       where h.reservation_id = any (p_ids)),
    'consents', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'purpose', c.purpose, 'text_version', c.text_version, 'given_at', c.given_at,
               'withdrawn_at', c.withdrawn_at, 'source', c.source) order by c.given_at), '[]'::jsonb)
        from public.consents c
       where (p_guest_id is not null and c.guest_id = p_guest_id)
          or (p_guest_id is null and c.reservation_id = any (p_ids))),
    'emails', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'kind', o.kind, 'to', o.recipient, 'queued_at', o.created_at, 'sent_at', o.sent_at)
               order by o.id), '[]'::jsonb)
        from private.outbox o where o.reservation_id = any (p_ids))
  )
$$;

-- The copy a manage link gives: its own booking only.
create or replace function public.my_data(p_token text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  r public.reservations := private.booking_for_token(p_token, false);
begin
  return private.kept_data(array[r.id], null);
end
$$;

-- A manage link erases its own booking, as the guest who made it may (the page then shows the
-- booking erased). The profile goes too only when no booking of the guest still names them; the
-- address on the booking is told, so a guest whose details a stranger used learns of it.
create or replace function public.erase_my_data(p_token text) returns integer
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
  erased := private.erase_one_booking(r.id);
  if r.guest_id is not null
     and not exists (select 1 from public.reservations t where t.guest_id = r.guest_id and t.erased_at is null) then
    perform private.erase_guest_profile(r.guest_id);
  end if;
  perform private.queue_erasure_email(r.email, r.language, r.id, erased);
  perform private.log_access('erasure', 'booking ' || r.reference);
  return erased;
end
$$;

-- Consent given through a manage link is the consent of that booking's guest, recorded as given
-- through that booking; a second call while it stands does nothing.
create or replace function public.give_consent(p_token text, p_purpose text, p_text_version text, p_source text) returns void
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
                  where c.reservation_id = r.id and c.purpose = p_purpose and c.withdrawn_at is null) then
    insert into public.consents (guest_id, reservation_id, purpose, text_version, source)
    values (r.guest_id, r.id, p_purpose, p_text_version, p_source);
  end if;
end
$$;

-- A manage link withdraws the consents given through its booking; the guest's other consents need
-- the emailed link (withdraw_consent_by_mail_link).
create or replace function public.withdraw_consent(p_token text, p_purpose text, p_source text) returns integer
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
  update public.consents c set withdrawn_at = now()
   where c.reservation_id = r.id and c.purpose = p_purpose and c.withdrawn_at is null;
  get diagnostics withdrawn = row_count;
  return withdrawn;
end
$$;

-- The consents given through the manage link's booking (the manage page's box).
create or replace function public.consents_by_token(p_token text)
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
                 from public.consents c where c.reservation_id = r.id order by c.given_at;
end
$$;

-- "Email me a link to all my data": a new emailed link to the booking's address, replacing any
-- earlier one of the booking (and its email, if not yet sent). The answer is the same whatever the
-- guest has (nothing), so it tells nothing about other bookings. Each email counts against the
-- per-recipient limits of the mail worker like every booking email.
create function public.request_data_link(p_token text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  r public.reservations := private.booking_for_token(p_token, true);
  token text;
begin
  if r.erased_at is not null or not private.is_one_mailbox(r.email) or r.email like '%.invalid' then
    return;
  end if;
  delete from private.data_links l where l.reservation_id = r.id;
  delete from private.outbox o
   where o.reservation_id = r.id and o.kind = 'data_link' and o.sent_at is null and o.failed_at is null;
  token := private.new_manage_token();
  insert into private.data_links (token_hash, reservation_id, expires_at)
  values (private.manage_token_hash(token), r.id, now() + interval '30 minutes');
  -- The token under the key the mail worker strips once the email is sent or given up.
  insert into private.outbox (message_key, kind, reservation_id, recipient, payload)
  values (format('data_link.%s.%s', r.id, replace(gen_random_uuid()::text, '-', '')), 'data_link', r.id, r.email,
          jsonb_build_object('language', coalesce(r.language, 'en'), 'manage_token', token));
  perform pg_notify('mail_outbox', '');
end
$$;

-- Everything kept that the proven mailbox reaches, as JSON.
create function public.my_data_by_mail_link(p_token text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  r public.reservations := private.booking_for_data_link(p_token, false);
begin
  return private.kept_data(private.bookings_of_mailbox(r), r.guest_id);
end
$$;

-- The guest's own erasure of everything the proven mailbox reaches. Final, and the link is used up.
-- Their profile goes too unless it holds bookings made with another address (those stay, as the
-- link does not prove they are the same person's; the restaurant erases them on request).
create function public.erase_my_data_by_mail_link(p_token text) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  r public.reservations := private.booking_for_data_link(p_token, true);
  erased integer;
begin
  update private.data_links l set used_at = now() where l.token_hash = private.manage_token_hash(p_token);
  erased := private.erase_bookings(private.bookings_of_mailbox(r));
  if r.guest_id is not null
     and not exists (select 1 from public.reservations t where t.guest_id = r.guest_id and t.erased_at is null) then
    perform private.erase_guest_profile(r.guest_id);
  end if;
  perform private.queue_erasure_email(r.email, r.language, r.id, erased);
  perform private.log_access('erasure', 'booking ' || r.reference);
  return erased;
end
$$;

-- The guest's consent for p_purpose withdrawn as a whole, whichever booking or person gave it.
create function public.withdraw_consent_by_mail_link(p_token text, p_purpose text) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  r public.reservations := private.booking_for_data_link(p_token, false);
  withdrawn integer;
begin
  if p_purpose is distinct from 'marketing_email' then
    raise exception using errcode = '22023', message = 'p_purpose must be marketing_email';
  end if;
  update public.consents c set withdrawn_at = now()
   where c.guest_id = r.guest_id and c.purpose = p_purpose and c.withdrawn_at is null;
  get diagnostics withdrawn = row_count;
  return withdrawn;
end
$$;

revoke all on function private.erase_booking_rows(bigint[]) from public;
revoke all on function private.erase_bookings(bigint[]) from public;
revoke all on function private.erase_one_booking(bigint) from public;
revoke all on function private.bookings_of_mailbox(public.reservations) from public;
revoke all on function private.booking_for_data_link(text, boolean) from public;
revoke all on function private.kept_data(bigint[], uuid) from public;
revoke all on function public.request_data_link(text) from public;
revoke all on function public.my_data_by_mail_link(text) from public;
revoke all on function public.erase_my_data_by_mail_link(text) from public;
revoke all on function public.withdraw_consent_by_mail_link(text, text) from public;
grant execute on function public.request_data_link(text), public.my_data_by_mail_link(text),
  public.erase_my_data_by_mail_link(text), public.withdraw_consent_by_mail_link(text, text)
  to anon, authenticated, service_role;
