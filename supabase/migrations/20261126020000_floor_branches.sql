-- The floor (20261126000000) and the branches table (20261125100000) were written side by side;
-- this joins them. A floor belongs to a branch that exists, and holds are laid out in the zone
-- the base booking rules use (a branch's settings' zone, else the branch's own), so a branch
-- without settings places its holds where its bookings are checked.

alter table public.dining_areas
  add constraint dining_areas_branch_fkey foreign key (branch)
  references public.branches (name) on update cascade;
-- Tables follow their area's branch through (area_id, branch), so they need no key of their own.
alter table public.table_combinations
  add constraint table_combinations_branch_fkey foreign key (branch)
  references public.branches (name) on update cascade;

create or replace function private.branch_time_zone(p_branch text) returns text
language plpgsql stable
set search_path = ''
as $$
begin
  return coalesce(public.branch_time_zone(p_branch), 'Asia/Ho_Chi_Minh');
end
$$;

-- A floor for a name that is no branch is refused with the branches' own clear message (BK007),
-- before the foreign key would answer with its bare one (the floor import shows it as it is).
create trigger dining_areas_known_branch
  before insert or update of branch on public.dining_areas
  for each row execute function private.check_settings_branch();
create trigger table_combinations_known_branch
  before insert or update of branch on public.table_combinations
  for each row execute function private.check_settings_branch();
