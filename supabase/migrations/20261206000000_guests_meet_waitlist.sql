-- Guests and privacy (issue 25) meet reminders and the waitlist (issue 26), which were built side
-- by side: the outbox takes every kind of email both add, the booking history ignores the
-- bookkeeping columns of both, and a waitlist entry is personal data that erasure (by an owner,
-- by the guest's link) and the retention job reach as they reach bookings.

alter table private.outbox drop constraint outbox_kind_check;
alter table private.outbox add constraint outbox_kind_check
  check (kind in ('confirmation', 'cancellation', 'erasure', 'reminder', 'change', 'waitlist_offer'));

create or replace function private.history_ignored_columns() returns text[]
language sql immutable
as $$ select array['id', 'created_at', 'updated_at', 'manage_token_hash', 'guest_id', 'reminded_at'] $$;

-- As in 20261204020000_erasure.sql, with the waitlist first.
create or replace function private.erase_bookings(p_ids bigint[]) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  personal text[] := array['name', 'mobile', 'email', 'notes'];
  erased bigint[];
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

-- As in 20261204020000_erasure.sql, with old waitlist entries too.
create or replace function public.erase_expired_personal_data(p_days integer, p_now timestamptz default now()) returns integer
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
  -- Waiting lists of days as old, booked from or not.
  update public.waitlist_entries w
     set name = 'Đã xóa · Erased', mobile = 'erased', email = 'erased@erased.invalid'
   where w.date < cutoff and w.email <> 'erased@erased.invalid';
  -- A confirmation that could not be sent within a week (no SMTP, say) keeps its address no longer.
  delete from private.outbox o where o.kind = 'erasure' and o.sent_at is null and o.failed_at is null
     and o.created_at < p_now - interval '7 days';
  if erased > 0 then
    perform private.log_access('retention', format('%s bookings dated before %s', erased, cutoff));
  end if;
  return erased;
end
$$;

revoke all on function private.erase_bookings(bigint[]) from public;
revoke all on function public.erase_expired_personal_data(integer, timestamptz) from public;
grant execute on function public.erase_expired_personal_data(integer, timestamptz) to service_role;
