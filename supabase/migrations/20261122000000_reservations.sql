-- Reservations: the table the booking forms write and staff read. Security lives here, in
-- grants and row-level security, so the same rules hold locally and on a hosted project.

create table public.reservations (
  id bigint generated always as identity primary key,
  name text not null check (char_length(btrim(name)) between 1 and 120),
  mobile text not null check (char_length(btrim(mobile)) between 1 and 32),
  email text not null check (char_length(btrim(email)) between 3 and 254 and email like '%_@_%'),
  date date not null,
  guests integer not null check (guests between 1 and 1000),
  branch text not null check (char_length(btrim(branch)) between 1 and 64),
  time text not null check (char_length(btrim(time)) between 1 and 16),
  period text not null check (char_length(btrim(period)) between 1 and 16),
  notes text check (notes is null or char_length(notes) <= 1000),
  arrived boolean not null default false,
  allocated boolean not null default false,
  created_at timestamptz not null default now()
);

comment on table public.reservations is 'Table bookings from the website; staff mark arrival and table allocation.';

-- The dashboard lists newest first and filters by date and branch.
create index reservations_created_at_idx on public.reservations (created_at desc, id desc);
create index reservations_date_idx on public.reservations (date, created_at desc);
create index reservations_branch_idx on public.reservations (branch, created_at desc);

-- Hosted projects grant everything on new public tables to the API roles by default: start from
-- nothing and grant only what each role needs.
revoke all on table public.reservations from public, anon, authenticated;

-- Guests (anon) and signed-in hosts taking phone bookings insert only the guest columns.
grant insert (name, mobile, email, date, guests, branch, time, period, notes)
  on table public.reservations to anon, authenticated;
-- Staff read every row and change only the two service flags; RLS narrows this to staff.
grant select on table public.reservations to authenticated;
grant update (arrived, allocated) on table public.reservations to authenticated;
grant all on table public.reservations to service_role;

alter table public.reservations enable row level security;

create policy "anyone can book a table"
  on public.reservations for insert
  to anon, authenticated
  with check (true);

create policy "staff read reservations"
  on public.reservations for select
  to authenticated
  using ((select auth.jwt() -> 'app_metadata' ->> 'role') = 'staff');

create policy "staff mark arrival and allocation"
  on public.reservations for update
  to authenticated
  using ((select auth.jwt() -> 'app_metadata' ->> 'role') = 'staff')
  with check ((select auth.jwt() -> 'app_metadata' ->> 'role') = 'staff');
