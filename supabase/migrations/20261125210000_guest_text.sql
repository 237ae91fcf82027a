-- What a guest types is one mailbox and plain text, on every path (security review #20, item 5).
--
-- Found: the email column held anything with an @ in it, so one REST insert with
-- "a@x.vn,b@y.vn,…" (or a group "list: a@x.vn, b@y.vn;", or a display name, or a line break
-- before a header) had the confirmation sent to 14 addresses; names and numbers could hold line
-- breaks and other control characters, which the forms refuse but REST did not.
--
-- A trigger rather than CHECK constraints: a CHECK is tested again on every update of a row, so a
-- booking stored before this migration with a bad value could no longer be marked arrived or
-- allocated by its host. The trigger looks only at the columns an insert or update writes, so old
-- rows keep working (an operator can list them with the query in docs/security.md) and nothing
-- new gets in. Like the booking rules, it is skipped by an operator's bulk load with
-- session_replication_role = replica.

-- One mailbox: local part @ domain, nothing else — no list (, ;), group (:), display name
-- ("…", <…>), comment ((…)), space or control character. Every address the forms' schema
-- (zod's email) accepts passes; the domain needs a dot. Letters beyond ASCII (Latin with
-- diacritics, Greek, Cyrillic…, CJK, Hangul) are allowed for internationalised addresses such as
-- an @đà-nẵng.vn domain; punctuation, spaces and symbols beyond ASCII are not.
create function private.is_one_mailbox(p_email text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_email ~ ('^[A-Za-z0-9!#$%&''*+/=?^_`{|}~.\u00c0-\u1fff\u3040-\u9fff\uac00-\ud7a3-]+'
                    '@[A-Za-z0-9\u00c0-\u1fff\u3040-\u9fff\uac00-\ud7a3][A-Za-z0-9\u00c0-\u1fff\u3040-\u9fff\uac00-\ud7a3-]*'
                    '(\.[A-Za-z0-9\u00c0-\u1fff\u3040-\u9fff\uac00-\ud7a3][A-Za-z0-9\u00c0-\u1fff\u3040-\u9fff\uac00-\ud7a3-]*)+$')
$$;

-- One line of text: no control character (C0, DEL, C1) and no Unicode line or paragraph separator.
create function private.is_one_line(p_text text) returns boolean
language sql
immutable
set search_path = ''
as $$ select p_text !~ '[\x01-\x1f\x7f-\x9f\u2028\u2029]' $$;

-- Notes may run over several lines (tab, line feed, carriage return) but hold no other control character.
create function private.is_plain_text(p_text text) returns boolean
language sql
immutable
set search_path = ''
as $$ select p_text !~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]' $$;

-- Security definer, as the other booking triggers: the API roles have no way into schema private.
create function private.check_guest_text() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.is_one_mailbox(new.email) then
    raise exception using errcode = '23514',
      message = 'The email must be one address, like name@example.com: no lists, names or line breaks',
      hint = 'Book once for each guest who should get an email';
  end if;
  if not private.is_one_line(new.name) then
    raise exception using errcode = '23514', message = 'The name must be one line without control characters';
  end if;
  if not private.is_one_line(new.mobile) then
    raise exception using errcode = '23514', message = 'The mobile number must be one line without control characters';
  end if;
  if not private.is_one_line(new.time) or not private.is_one_line(new.period) then
    raise exception using errcode = '23514', message = 'The time and period must be one line without control characters';
  end if;
  if new.notes is not null and not private.is_plain_text(new.notes) then
    raise exception using errcode = '23514',
      message = 'The notes must not contain control characters (line breaks and tabs are fine)';
  end if;
  return new;
end
$$;

revoke all on function private.is_one_mailbox(text) from public;
revoke all on function private.is_one_line(text) from public;
revoke all on function private.is_plain_text(text) from public;
revoke all on function private.check_guest_text() from public;

-- Named to fire before "reservations_language" and "reservations_lifecycle" (triggers of one
-- event fire in name order): a refused booking draws no reference and queues no email.
create trigger reservations_guest_text
  before insert or update of name, mobile, email, time, period, notes on public.reservations
  for each row execute function private.check_guest_text();

-- Booking emails per recipient (the outbox, 20261123200000_booking_lifecycle.sql): the mail worker
-- admits each email once, against the emails admitted to the same address in the last hour and
-- day, before it sends it (private.admit_outbox_email below). An email over a limit is dropped.
alter table private.outbox add column admitted_at timestamptz;
-- Emails sent before this migration count from when they were sent.
update private.outbox set admitted_at = sent_at where sent_at is not null;
create index outbox_recipient_admitted_idx on private.outbox (lower(recipient), admitted_at)
  where admitted_at is not null;

-- 'admitted' (send it; a retry of an email admitted before is admitted again without counting
-- twice), 'hour' or 'day' (over that limit: the row is marked failed, without its manage token), or
-- 'gone' (no such row). Several workers on one PostgreSQL take turns per address (the lock), so the
-- limits hold across server instances.
create function private.admit_outbox_email(p_id bigint, p_per_hour integer, p_per_day integer) returns text
language plpgsql
set search_path = ''
as $$
declare
  address text;
  admitted timestamptz;
  in_hour integer;
  in_day integer;
  verdict text;
begin
  select lower(o.recipient), o.admitted_at into address, admitted from private.outbox o where o.id = p_id;
  if not found then
    return 'gone';
  end if;
  if admitted is not null then
    return 'admitted';
  end if;
  perform pg_advisory_xact_lock(hashtext('private.outbox recipient'), hashtext(address));
  select count(*) filter (where o.admitted_at > now() - interval '1 hour'), count(*)
    into in_hour, in_day
    from private.outbox o
   where lower(o.recipient) = address and o.admitted_at > now() - interval '1 day';
  verdict := case when in_hour >= p_per_hour then 'hour' when in_day >= p_per_day then 'day' else 'admitted' end;
  if verdict = 'admitted' then
    update private.outbox o set admitted_at = now() where o.id = p_id;
  else
    update private.outbox o
       set failed_at = now(), last_error = 'dropped: over the per-recipient limit of the ' || verdict,
           payload = o.payload - 'manage_token'
     where o.id = p_id;
  end if;
  return verdict;
end
$$;

revoke all on function private.admit_outbox_email(bigint, integer, integer) from public;
