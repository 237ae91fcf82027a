-- The dashboard's search, fast and blind to accents: "nguyen" finds "Nguyễn Thu Hà", "da nang"
-- finds "Đà Nẵng", "d" matches "đ".
--
-- Why a function and not `ilike` filters: row-level security keeps the planner from using an
-- index for a filter that is not leakproof (`ilike`, `like`), so under RLS every search reads the
-- whole table. The search therefore runs in two steps:
--   1. private.reservation_ids_matching (security definer, so no RLS and the trigram index is
--      used) finds the ids of the rows whose folded text contains the folded query. It checks the
--      caller's staff role itself and returns nothing to anyone else. The folded text lives in a
--      table of its own, private.reservation_search, kept by a trigger: folding is too slow to
--      repeat for every candidate row at search time, and a column on public.reservations would
--      change what `select=*` returns to the API.
--   2. public.search_reservations (security invoker) reads those rows as the caller: the same
--      grants and policies as /rest/v1/reservations decide what comes back, and PostgREST-style
--      filters, order, range and count apply on top.
--
-- On a hosted Supabase project `unaccent` and `pg_trgm` are available; this migration creates them
-- in the `extensions` schema, where Supabase keeps extensions. On the embedded database the server
-- loads both into PGlite.

create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
create extension if not exists unaccent with schema extensions;
create extension if not exists pg_trgm with schema extensions;

-- Lower case, without diacritics (unaccent's rules also turn đ/Đ into d). `unaccent` is only
-- stable because its dictionary could change; naming the dictionary makes the result depend on
-- the text alone. The same folding as foldForSearch in src/domain/search-text.ts, which the
-- dashboard applies to bookings that arrive live.
create or replace function public.fold_for_search(value text) returns text
language sql
immutable
parallel safe
strict
set search_path = ''
as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, value))
$$;

-- One row per booking: its name, mobile and email folded, joined by a unit separator so that a
-- query cannot match across two fields.
create table private.reservation_search (
  reservation_id bigint primary key references public.reservations (id) on delete cascade,
  folded text not null
);

create index reservation_search_trgm
  on private.reservation_search
  using gin (folded extensions.gin_trgm_ops);

create or replace function private.sync_reservation_search() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.reservation_search (reservation_id, folded)
  values (new.id, public.fold_for_search(concat_ws(chr(31), new.name, new.mobile, new.email)))
  on conflict (reservation_id) do update set folded = excluded.folded;
  return null;
end
$$;

revoke all on function private.sync_reservation_search() from public;

create trigger reservations_sync_search
  after insert or update of name, mobile, email on public.reservations
  for each row execute function private.sync_reservation_search();

-- Fires even while history is loaded with `session_replication_role = replica` (which skips the
-- booking rules' triggers): a booking that exists is always searchable.
alter table public.reservations enable always trigger reservations_sync_search;

insert into private.reservation_search (reservation_id, folded)
select id, public.fold_for_search(concat_ws(chr(31), name, mobile, email))
  from public.reservations
on conflict (reservation_id) do nothing;

create or replace function private.reservation_ids_matching(p_query text) returns setof bigint
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if coalesce((select auth.jwt() -> 'app_metadata' ->> 'role'), '') not in ('staff', 'owner', 'host') then
    return;
  end if;
  -- The query is text to find, not a pattern: LIKE's \ % _ are escaped. EXECUTE plans with the
  -- actual pattern, so the planner sees whether the trigram index can narrow it down.
  return query execute
    'select reservation_id from private.reservation_search where folded like $1'
    using '%' || replace(replace(replace(public.fold_for_search(coalesce(p_query, '')), '\', '\\'), '%', '\%'), '_', '\_') || '%';
end
$$;

-- PL/pgSQL, so it is never inlined into the caller's query: inlined beside the REST layer's
-- `lateral` argument record, the id lookup would become a subplan run once per row of the table.
-- Here it runs once, and the rows are read by primary key.
create or replace function public.search_reservations(p_query text) returns setof public.reservations
language plpgsql
stable
set search_path = ''
as $$
begin
  return query
    select r.*
      from public.reservations r
     where r.id = any (array(select private.reservation_ids_matching(p_query)));
end
$$;

comment on function public.search_reservations(text) is
  'Staff search over name, mobile and email, blind to case and Vietnamese diacritics; rows as the caller may read them.';

revoke all on function private.reservation_ids_matching(text) from public;
revoke all on function public.search_reservations(text) from public;
grant usage on schema private to authenticated;
grant execute on function private.reservation_ids_matching(text) to authenticated;
grant execute on function public.search_reservations(text) to authenticated;
grant execute on function public.fold_for_search(text) to anon, authenticated, service_role;
