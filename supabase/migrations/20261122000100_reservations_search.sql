-- The dashboard's search by name, mobile or email is a substring match (ilike '%…%'), which a
-- b-tree cannot serve: trigram indexes let Postgres find the few matches among hundreds of
-- thousands of bookings instead of scanning them all. Supabase keeps extensions in their own
-- schema; we do the same so this file deploys there unchanged.
create schema if not exists extensions;
create extension if not exists pg_trgm with schema extensions;

create index reservations_name_trgm_idx on public.reservations using gin (name extensions.gin_trgm_ops);
create index reservations_mobile_trgm_idx on public.reservations using gin (mobile extensions.gin_trgm_ops);
create index reservations_email_trgm_idx on public.reservations using gin (email extensions.gin_trgm_ops);
