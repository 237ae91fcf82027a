-- The guest's side of a booking (issue 14): every booking gets a short reference (SL-7K3Q9X) and
-- a private manage link, made by the database in the booking's own transaction whoever writes
-- the row; a guest holding the link may see and cancel that one booking; confirmation and
-- cancellation emails are written to an outbox in the same transaction, for the server's mail
-- worker to send.
--
-- The manage token is 256 random bits, shown to the guest once (the form's receipt and the
-- confirmation email). The row keeps only its SHA-256; the plain token waits in private tables
-- (a 15-minute receipt, and the outbox until the email is sent), which no API role can read.

create schema if not exists private;

alter table public.reservations
  add column status text not null default 'booked' check (status in ('booked', 'cancelled')),
  add column cancelled_at timestamptz,
  add column reference text,
  add column manage_token_hash text unique,
  add constraint reservations_cancelled_at_check check ((status = 'cancelled') = (cancelled_at is not null));

comment on column public.reservations.status is 'booked, or cancelled by the guest through the manage link.';
comment on column public.reservations.reference is 'Short code the guest quotes (SL-XXXXXX).';
comment on column public.reservations.manage_token_hash is 'SHA-256 (hex) of the manage link''s token; the token itself is not stored.';

-- Crockford's base32 (no I, L, O, U): read aloud over the phone without confusion. Six
-- characters from a random UUID's first six bytes (fully random): 30 bits.
create function private.random_booking_code() returns text
language sql volatile
set search_path = ''
as $$
  select 'SL-' || string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (get_byte(b, i) & 31) + 1, 1), '' order by i)
    from (select uuid_send(gen_random_uuid()) as b) r, generate_series(0, 5) as i
$$;

-- A code no booking has yet (the unique constraint settles the rare race between two inserts).
create function private.new_booking_reference() returns text
language plpgsql volatile
security definer
set search_path = ''
as $$
declare
  code text;
begin
  loop
    code := private.random_booking_code();
    exit when not exists (select 1 from public.reservations r where r.reference = code);
  end loop;
  return code;
end
$$;

-- 32 bytes from two random UUIDs (244 random bits; the version bits are fixed), base64url.
create function private.new_manage_token() returns text
language sql volatile
set search_path = ''
as $$
  select translate(rtrim(encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'base64'), '='), '+/', '-_')
$$;

create function private.manage_token_hash(p_token text) returns text
language sql immutable
set search_path = ''
as $$ select encode(sha256(convert_to(p_token, 'UTF8')), 'hex') $$;

-- The form reads its token here once, within 15 minutes, by the reference it was just given.
create table private.booking_receipts (
  reference text primary key,
  email text not null,
  manage_token text not null,
  created_at timestamptz not null default now()
);

-- Emails waiting to be sent (and, after sending, kept for MAIL_RETENTION_DAYS without their
-- manage token). `message_key` is the stable Message-ID's left part: a retry resends the same
-- message, which mail clients show once.
create table private.outbox (
  id bigint generated always as identity primary key,
  message_key text not null unique,
  kind text not null check (kind in ('confirmation', 'cancellation')),
  reservation_id bigint not null,
  recipient text not null,
  payload jsonb not null,
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- The SMTP error's class and code only: a server's reply can quote the recipient.
  last_error text,
  sent_at timestamptz,
  -- The SMTP server refused the message for good (a 5xx reply, e.g. no such mailbox).
  failed_at timestamptz
);

create index outbox_due_idx on private.outbox (next_attempt_at) where sent_at is null and failed_at is null;
create index outbox_done_idx on private.outbox (coalesce(sent_at, failed_at)) where sent_at is not null or failed_at is not null;

-- No API role reads or writes either table (hosted projects grant new tables to them by default).
revoke all on table private.booking_receipts, private.outbox from public, anon, authenticated, service_role;

-- What an email (and the manage page) says about a booking: that booking's facts, nothing else.
create function private.booking_payload(r public.reservations) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'reference', r.reference, 'name', r.name, 'date', r.date, 'time', r.time, 'period', r.period,
    'guests', r.guests, 'branch', r.branch, 'status', r.status,
    'slot', to_char(public.booking_slot(r.time, r.period), 'HH24:MI'),
    'time_zone', coalesce((select s.time_zone from public.branch_settings s where s.branch = r.branch), 'Asia/Ho_Chi_Minh'))
$$;

create function private.queue_email(p_kind text, r public.reservations, p_token text) returns void
language plpgsql
set search_path = ''
as $$
begin
  insert into private.outbox (message_key, kind, reservation_id, recipient, payload)
  values (
    format('%s.%s.%s', lower(r.reference), p_kind, r.id), p_kind, r.id, r.email,
    private.booking_payload(r) || case when p_token is null then '{}'::jsonb else jsonb_build_object('manage_token', p_token) end
  )
  on conflict (message_key) do nothing;
  -- Wakes the mail worker; the payload names nothing of the guest's (anyone may LISTEN).
  perform pg_notify('mail_outbox', '');
end
$$;

-- Every new booking, whoever inserts it: starts booked, gets a reference and a token, a receipt
-- for the form, a confirmation email in the outbox, and a transaction-local mark that lets the
-- inserting request read back its reference (policy below) and nothing else.
create function private.start_booking_lifecycle() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  token text := private.new_manage_token();
begin
  new.status := 'booked';
  new.cancelled_at := null;
  new.reference := private.new_booking_reference();
  new.manage_token_hash := private.manage_token_hash(token);
  insert into private.booking_receipts (reference, email, manage_token) values (new.reference, new.email, token);
  perform private.queue_email('confirmation', new, token);
  -- One setting, overwritten by each row: a setting per id would stay defined in the session for
  -- good (only its value is transaction-local), one more for every booking a connection takes.
  perform set_config('booking.made', new.id::text, true);
  return new;
end
$$;

-- After reservations_booking_rules (triggers fire in name order): a refused booking makes nothing.
create trigger reservations_lifecycle
  before insert on public.reservations
  for each row execute function private.start_booking_lifecycle();

-- Existing bookings get a reference (no manage link: nobody could have received it), in one
-- statement; the rare duplicates among them are drawn again before the codes become unique.
update public.reservations set reference = private.random_booking_code() where reference is null;
do $$
begin
  loop
    update public.reservations r set reference = private.random_booking_code()
     where r.id in (
       select d.id from (
         select id, row_number() over (partition by reference order by id) as n from public.reservations
       ) d where d.n > 1);
    exit when not found;
  end loop;
end
$$;

alter table public.reservations add constraint reservations_reference_key unique (reference);
-- Rows loaded with session_replication_role = replica (an operator importing history) skip the
-- trigger, and with it the token, the receipt and the email; the default still gives them a
-- reference. For every other insert the trigger draws it.
alter table public.reservations alter column reference set default private.new_booking_reference();
alter table public.reservations alter column reference set not null;

-- The inserting request may read back the reference of the row it has just inserted (call 1 with
-- `select=reference`), and only that column (anon has no other SELECT privilege). INSERT …
-- RETURNING checks each new row against this policy right after that row's BEFORE triggers, so
-- a statement inserting several rows passes too; afterwards only the transaction's last row
-- matches, and nothing once the transaction ends. Not an initplan (`(select …)`): that would be
-- read once per statement, and a several-row insert would fail on its second row.
grant select (reference) on table public.reservations to anon;
create policy "a guest reads back the reference of the booking just made"
  on public.reservations for select
  to anon, authenticated
  using (id = nullif(current_setting('booking.made', true), '')::bigint);

-- When a booking starts, in its branch's time zone; null when its time is not a time.
create function private.booking_starts_at(r public.reservations) returns timestamptz
language sql stable
set search_path = ''
as $$
  select (r.date + public.booking_slot(r.time, r.period))
         at time zone coalesce((select s.time_zone from public.branch_settings s where s.branch = r.branch), 'Asia/Ho_Chi_Minh')
$$;

create function private.booking_for_token(p_token text, p_lock boolean) returns public.reservations
language plpgsql
set search_path = ''
as $$
declare
  found_row public.reservations;
begin
  -- A token is 43 base64url characters; anything else cannot match and is not hashed.
  if p_token is not null and p_token ~ '^[A-Za-z0-9_-]{43}$' then
    if p_lock then
      select * into found_row from public.reservations r
       where r.manage_token_hash = private.manage_token_hash(p_token) for update;
    else
      select * into found_row from public.reservations r
       where r.manage_token_hash = private.manage_token_hash(p_token);
    end if;
    if found then
      return found_row;
    end if;
  end if;
  -- PT404: PostgREST answers with HTTP 404. The same answer for a malformed, forged, other
  -- site's or deleted booking's token.
  raise exception using errcode = 'PT404', message = 'No booking has this link',
    hint = 'Check the link in your confirmation email, or call the restaurant';
end
$$;

-- What the manage page shows: this booking's public details only (no mobile, email or notes).
create function private.managed_booking(r public.reservations)
returns table (
  reference text, status text, name text, date date, "time" text, period text, guests integer,
  branch text, cancelled_at timestamptz, starts_at timestamptz, cancellable boolean
)
language sql stable
set search_path = ''
as $$
  select r.reference, r.status, r.name, r.date, r.time, r.period, r.guests, r.branch, r.cancelled_at,
         private.booking_starts_at(r),
         r.status = 'booked' and coalesce(private.booking_starts_at(r) > now(), true)
$$;

create function public.booking_by_token(p_token text)
returns table (
  reference text, status text, name text, date date, "time" text, period text, guests integer,
  branch text, cancelled_at timestamptz, starts_at timestamptz, cancellable boolean
)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  return query select * from private.managed_booking(private.booking_for_token(p_token, false));
end
$$;

-- Cancels the booking the token opens: booked → cancelled once (a second call answers the same
-- cancelled booking and sends nothing more); refused with BK010 once the booking's time has come.
create function public.cancel_booking(p_token text)
returns table (
  reference text, status text, name text, date date, "time" text, period text, guests integer,
  branch text, cancelled_at timestamptz, starts_at timestamptz, cancellable boolean
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
    perform private.queue_email('cancellation', r, null);
  end if;
  return query select * from private.managed_booking(r);
end
$$;

-- The form's one-time receipt: the manage token of the booking it has just made, by the reference
-- the insert returned and the email the guest typed; gone once read, and after 15 minutes.
create function public.booking_receipt(p_reference text, p_email text) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  token text;
begin
  delete from private.booking_receipts b where b.created_at < now() - interval '15 minutes';
  delete from private.booking_receipts b
   where b.reference = upper(btrim(p_reference)) and lower(b.email) = lower(btrim(p_email))
  returning b.manage_token into token;
  if token is null then
    raise exception using errcode = 'PT404', message = 'No receipt for this booking',
      hint = 'The link is in the confirmation email';
  end if;
  return token;
end
$$;

-- Cancelled covers free their slot: the availability rules of 20261123000000 count booked rows only.
create or replace function public.covers_taken(p_branch text, p_date date, p_slot time) returns integer
language sql stable
set search_path = ''
as $$
  select coalesce(sum(r.guests), 0)::integer
    from public.reservations r
   where r.branch = p_branch and r.date = p_date and r.status = 'booked'
     and public.booking_slot(r.time, r.period) = p_slot
$$;

create or replace function public.booking_availability(p_branch text, p_date date, p_guests integer default 1)
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
       where r.branch = p_branch and r.date = p_date and r.status = 'booked'
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

revoke all on function private.random_booking_code() from public;
revoke all on function private.new_booking_reference() from public;
revoke all on function private.new_manage_token() from public;
revoke all on function private.manage_token_hash(text) from public;
revoke all on function private.booking_payload(public.reservations) from public;
revoke all on function private.queue_email(text, public.reservations, text) from public;
revoke all on function private.start_booking_lifecycle() from public;
revoke all on function private.booking_starts_at(public.reservations) from public;
revoke all on function private.booking_for_token(text, boolean) from public;
revoke all on function private.managed_booking(public.reservations) from public;
revoke all on function public.booking_by_token(text) from public;
revoke all on function public.cancel_booking(text) from public;
revoke all on function public.booking_receipt(text, text) from public;
-- A column default runs with the inserting role's privileges.
grant execute on function private.new_booking_reference() to anon, authenticated, service_role;
grant execute on function public.booking_by_token(text) to anon, authenticated, service_role;
grant execute on function public.cancel_booking(text) to anon, authenticated, service_role;
grant execute on function public.booking_receipt(text, text) to anon, authenticated, service_role;
