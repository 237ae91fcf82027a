-- The language a guest booked in, so their confirmation and cancellation emails (and the manage
-- link in them) speak it. The site sends the page's language as Accept-Language on every call
-- (src/web/lib/supabase.ts); the REST layer hands the request's headers to SQL as
-- `request.headers`, as PostgREST does. The insert stays the spec's call 1: no new body field.
-- A booking made without a language (the spreadsheet receiver, SQL, a bulk load) is in English.

alter table public.reservations
  add column language text not null default 'en'
  constraint reservations_language_known check (language in ('en', 'vi'));

comment on column public.reservations.language is
  'The language the guest booked in (en or vi): the emails about the booking are written in it.';

-- 'vi' when the request's first language tag is Vietnamese ("vi", "vi-VN"), 'en' for any other
-- tag, and null when the request named none (then the row's own value stands).
create function private.request_language() returns text
language sql
stable
set search_path = ''
as $$
  select case
    when tag is null or tag = '' then null
    when tag = 'vi' or tag like 'vi-%' then 'vi'
    else 'en'
  end
  from (
    select lower(trim(split_part(split_part(
      coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb ->> 'accept-language',
      ',', 1), ';', 1))) as tag
  ) as request
$$;

-- Security definer, as the lifecycle's trigger: the API roles have no way into schema private.
create function private.set_booking_language() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.language := coalesce(private.request_language(), new.language);
  return new;
end
$$;

revoke all on function private.request_language() from public;
revoke all on function private.set_booking_language() from public;

-- Triggers of one event fire in the order of their names: "reservations_language" runs before
-- "reservations_lifecycle", which queues the confirmation email with the language in its payload.
create trigger reservations_language
  before insert on public.reservations
  for each row execute function private.set_booking_language();

-- The outbox payload (20261123200000_booking_lifecycle.sql) gains the language; the rest is as it was.
create or replace function private.booking_payload(r public.reservations) returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'reference', r.reference, 'name', r.name, 'date', r.date, 'time', r.time, 'period', r.period,
    'guests', r.guests, 'branch', r.branch, 'status', r.status, 'language', r.language,
    'slot', to_char(public.booking_slot(r.time, r.period), 'HH24:MI'),
    'time_zone', coalesce((select s.time_zone from public.branch_settings s where s.branch = r.branch), 'Asia/Ho_Chi_Minh'))
$$;
