-- Only the client that made a booking receives its manage token (security review #20, item 7).
--
-- Found: booking_receipt (20261123200000_booking_lifecycle.sql) gave the token to anyone holding
-- the booking's reference and email in its first 15 minutes — a host sees both on the dashboard,
-- so a host could take the token and cancel as the guest. Every booking opened that window,
-- including those of the /reservation page, which never reads a receipt.
--
-- Now the client that books makes a secret of its own (32 random bytes, base64url) and sends it
-- with the insert in the request header `X-Booking-Receipt` (the insert's body stays the spec's
-- call 1). The REST layer hands the request's headers to SQL as `request.headers`, as PostgREST
-- does; the trigger below keeps only the secret's SHA-256 with the receipt. The receipt is then
-- given once, to whoever presents the reference and the secret. A booking made without the header
-- (the /reservation page, the spreadsheet receiver, staff tools, SQL) keeps no receipt at all: its
-- token exists only in the confirmation email.

alter table private.booking_receipts add column secret_hash text;

-- The receipt secret the inserting request sent, or null (absent, or not 43 base64url characters).
create function private.request_receipt_secret() returns text
language sql
stable
set search_path = ''
as $$
  select secret
    from (select coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb ->> 'x-booking-receipt'
            as secret) as request
   where secret ~ '^[A-Za-z0-9_-]{43}$'
$$;

-- After the lifecycle trigger wrote the receipt: bind it to the request's secret, or drop it.
-- A BEFORE trigger named after "reservations_lifecycle" (triggers of one event fire in name
-- order), so it runs right after the receipt is written, without an after-trigger queue.
create function private.bind_booking_receipt() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  secret text := private.request_receipt_secret();
begin
  if secret is null then
    delete from private.booking_receipts b where b.reference = new.reference;
  else
    update private.booking_receipts b set secret_hash = private.manage_token_hash(secret)
     where b.reference = new.reference;
  end if;
  return new;
end
$$;

revoke all on function private.request_receipt_secret() from public;
revoke all on function private.bind_booking_receipt() from public;

create trigger reservations_receipt_secret
  before insert on public.reservations
  for each row execute function private.bind_booking_receipt();

-- Receipts written before this migration have no secret: nobody can claim them now, and the mail
-- worker's purge removes them within 15 minutes.
delete from private.booking_receipts where secret_hash is null;

-- The old receipt by reference and email is gone; this one asks for the secret instead.
drop function public.booking_receipt(text, text);

-- The form's one-time receipt: the manage token of the booking it has just made, by the reference
-- the insert returned and the secret it sent with the insert; gone once read, and after 15 minutes.
create function public.booking_receipt(p_reference text, p_secret text) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  token text;
begin
  delete from private.booking_receipts b where b.created_at < now() - interval '15 minutes';
  if p_secret ~ '^[A-Za-z0-9_-]{43}$' then
    delete from private.booking_receipts b
     where b.reference = upper(btrim(p_reference)) and b.secret_hash = private.manage_token_hash(p_secret)
    returning b.manage_token into token;
  end if;
  if token is null then
    raise exception using errcode = 'PT404', message = 'No receipt for this booking',
      hint = 'The link is in the confirmation email';
  end if;
  return token;
end
$$;

revoke all on function public.booking_receipt(text, text) from public;
grant execute on function public.booking_receipt(text, text) to anon, authenticated, service_role;
