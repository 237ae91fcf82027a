-- The floor editor (issue 23, edit mode): an owner saves a branch's whole floor at once. What the
-- CLI's `floor import` does (src/server/cli/floor.ts), as one call an owner's token may make:
-- areas, tables and combinations are matched by name (a table sent with its id is matched by id,
-- so renaming it keeps its bookings); a table left out is removed, or made inactive when bookings
-- have held it. Everything is checked before anything is written, and a refusal names the first
-- problem (with its reason and name in `details`, so a screen can say it in its own words):
--   BK055  two areas, tables or combinations with one name
--   BK056  a combination that names no such table, fewer than two tables, or tables of two areas
--   BK057  a value out of range (a name's length, seats, shape, size, rotation)
--   BK058  a table id that is not one of the branch's tables
-- Turn times stay with the branch settings (save_branch_settings).

create function public.save_floor(p_branch text, p_floor jsonb) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  area jsonb;
  tbl jsonb;
  combo jsonb;
  member text;
  area_names text[] := '{}';
  table_names text[] := '{}';
  table_areas text[] := '{}';
  table_ids uuid[] := '{}';
  combo_names text[] := '{}';
  combo_areas text[];
  kept uuid[] := '{}';
  saved uuid;
  n text;
  active_count integer;
begin
  -- Owners only (the floor decides which bookings the site accepts), with their second factor
  -- when they have one, as every staff table asks.
  if coalesce(app_private.staff_role(), '') <> 'owner' or not app_private.second_factor_satisfied() then
    raise exception using errcode = '42501', message = 'Only an owner may change a floor';
  end if;
  if p_branch is null or not exists (select 1 from public.branches b where b.name = p_branch) then
    raise exception using errcode = 'BK007',
      message = format('"%s" is not one of our branches — please pick a branch from the list', p_branch),
      detail = jsonb_build_object('reason', 'unknown_branch', 'branch', p_branch)::text;
  end if;
  if jsonb_typeof(p_floor) is distinct from 'object' or jsonb_typeof(p_floor -> 'areas') is distinct from 'array'
     or (p_floor ? 'combinations' and jsonb_typeof(p_floor -> 'combinations') is distinct from 'array')
     or exists (select 1 from jsonb_object_keys(p_floor) k where k not in ('areas', 'combinations')) then
    raise exception using errcode = '22023',
      message = 'p_floor must be {"areas": [...], "combinations": [...]} (turn times are saved with the branch settings)';
  end if;
  if jsonb_array_length(p_floor -> 'areas') > 50 or jsonb_array_length(coalesce(p_floor -> 'combinations', '[]')) > 300 then
    raise exception using errcode = 'BK057', message = 'A floor has at most 50 areas and 300 combinations',
      detail = jsonb_build_object('reason', 'too_many')::text;
  end if;

  -- Checks, before any write.
  for area in select value from jsonb_array_elements(p_floor -> 'areas') loop
    n := btrim(area ->> 'name');
    if jsonb_typeof(area) is distinct from 'object' or jsonb_typeof(area -> 'name') is distinct from 'string'
       or char_length(n) not between 1 and 60 or jsonb_typeof(area -> 'tables') is distinct from 'array'
       or jsonb_array_length(area -> 'tables') > 300 then
      raise exception using errcode = 'BK057', message = 'Every area needs a name of 1 to 60 characters and its tables',
        detail = jsonb_build_object('reason', 'area_name', 'name', n)::text;
    end if;
    if n = any (area_names) then
      raise exception using errcode = 'BK055', message = format('Two areas are named "%s"', n),
        detail = jsonb_build_object('reason', 'duplicate_area', 'name', n)::text;
    end if;
    area_names := area_names || n;
    for tbl in select value from jsonb_array_elements(area -> 'tables') loop
      n := btrim(tbl ->> 'name');
      if jsonb_typeof(tbl) is distinct from 'object' or jsonb_typeof(tbl -> 'name') is distinct from 'string'
         or char_length(n) not between 1 and 30 then
        raise exception using errcode = 'BK057', message = 'Every table needs a name of 1 to 30 characters',
          detail = jsonb_build_object('reason', 'table_name', 'name', n)::text;
      end if;
      if n = any (table_names) then
        raise exception using errcode = 'BK055', message = format('Two tables are named "%s"', n),
          detail = jsonb_build_object('reason', 'duplicate_table', 'name', n)::text;
      end if;
      if jsonb_typeof(tbl -> 'max_seats') is distinct from 'number'
         or coalesce(tbl ->> 'min_seats', '1') !~ '^\d{1,3}$' or (tbl ->> 'max_seats') !~ '^\d{1,3}$'
         or coalesce((tbl ->> 'min_seats')::integer, 1) not between 1 and 100
         or (tbl ->> 'max_seats')::integer not between 1 and 100
         or coalesce((tbl ->> 'min_seats')::integer, 1) > (tbl ->> 'max_seats')::integer then
        raise exception using errcode = 'BK057',
          message = format('Table "%s" needs whole seats from 1 to 100, the fewest no more than the most', n),
          detail = jsonb_build_object('reason', 'table_seats', 'name', n)::text;
      end if;
      if coalesce(tbl ->> 'shape', 'rect') not in ('rect', 'round')
         or exists (select 1 from unnest(array['x', 'y', 'width', 'height', 'rotation']) k
                     where tbl ? k and jsonb_typeof(tbl -> k) <> 'number')
         or exists (select 1 from unnest(array['online', 'active']) k
                     where tbl ? k and jsonb_typeof(tbl -> k) <> 'boolean')
         or coalesce((tbl ->> 'width')::numeric, 1) <= 0 or coalesce((tbl ->> 'height')::numeric, 1) <= 0
         or coalesce((tbl ->> 'rotation')::numeric, 0) < 0 or coalesce((tbl ->> 'rotation')::numeric, 0) >= 360 then
        raise exception using errcode = 'BK057',
          message = format('Table "%s" needs a shape (rect or round), a size above 0 and a rotation from 0 to 359', n),
          detail = jsonb_build_object('reason', 'table_drawing', 'name', n)::text;
      end if;
      if tbl ? 'id' then
        if jsonb_typeof(tbl -> 'id') <> 'string' or (tbl ->> 'id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
           or not exists (select 1 from public.dining_tables t where t.id = (tbl ->> 'id')::uuid and t.branch = p_branch)
           or (tbl ->> 'id')::uuid = any (table_ids) then
          raise exception using errcode = 'BK058', message = format('Table "%s" is not one of the tables of %s', n, p_branch),
            detail = jsonb_build_object('reason', 'unknown_table', 'name', n)::text;
        end if;
        table_ids := table_ids || (tbl ->> 'id')::uuid;
      end if;
      table_names := table_names || n;
      table_areas := table_areas || btrim(area ->> 'name');
    end loop;
  end loop;
  for combo in select value from jsonb_array_elements(coalesce(p_floor -> 'combinations', '[]')) loop
    n := btrim(combo ->> 'name');
    if jsonb_typeof(combo) is distinct from 'object' or jsonb_typeof(combo -> 'name') is distinct from 'string'
       or char_length(n) not between 1 and 60 then
      raise exception using errcode = 'BK057', message = 'Every combination needs a name of 1 to 60 characters',
        detail = jsonb_build_object('reason', 'combination_name', 'name', n)::text;
    end if;
    if n = any (combo_names) then
      raise exception using errcode = 'BK055', message = format('Two combinations are named "%s"', n),
        detail = jsonb_build_object('reason', 'duplicate_combination', 'name', n)::text;
    end if;
    combo_names := combo_names || n;
    if jsonb_typeof(combo -> 'max_seats') is distinct from 'number'
       or coalesce(combo ->> 'min_seats', '1') !~ '^\d{1,3}$' or (combo ->> 'max_seats') !~ '^\d{1,3}$'
       or coalesce((combo ->> 'min_seats')::integer, 1) not between 1 and 200
       or (combo ->> 'max_seats')::integer not between 1 and 200
       or coalesce((combo ->> 'min_seats')::integer, 1) > (combo ->> 'max_seats')::integer
       or (combo ? 'online' and jsonb_typeof(combo -> 'online') <> 'boolean') then
      raise exception using errcode = 'BK057',
        message = format('Combination "%s" needs whole seats from 1 to 200, the fewest no more than the most', n),
        detail = jsonb_build_object('reason', 'combination_seats', 'name', n)::text;
    end if;
    if jsonb_typeof(combo -> 'tables') is distinct from 'array' or jsonb_array_length(combo -> 'tables') not between 2 and 20
       or exists (select 1 from jsonb_array_elements(combo -> 'tables') m where jsonb_typeof(m) <> 'string')
       or (select count(distinct btrim(m)) from jsonb_array_elements_text(combo -> 'tables') m)
          <> jsonb_array_length(combo -> 'tables') then
      raise exception using errcode = 'BK056', message = format('Combination "%s" needs two or more different tables', n),
        detail = jsonb_build_object('reason', 'combination_size', 'name', n)::text;
    end if;
    combo_areas := '{}';
    for member in select btrim(m) from jsonb_array_elements_text(combo -> 'tables') m loop
      if not member = any (table_names) then
        raise exception using errcode = 'BK056', message = format('Combination "%s" names no table "%s"', n, member),
          detail = jsonb_build_object('reason', 'combination_table', 'name', n, 'table', member)::text;
      end if;
      combo_areas := combo_areas || table_areas[array_position(table_names, member)];
    end loop;
    if (select count(distinct a) from unnest(combo_areas) a) > 1 then
      raise exception using errcode = 'BK056', message = format('The tables of combination "%s" must be in one area', n),
        detail = jsonb_build_object('reason', 'combination_areas', 'name', n)::text;
    end if;
  end loop;

  -- The writes: one branch's floor at a time (two owners saving at once: the second waits, then
  -- replaces the first's).
  perform pg_advisory_xact_lock(hashtextextended(format('floor|%s', p_branch), 0));
  insert into public.dining_areas (branch, name, position)
  select p_branch, btrim(a.value ->> 'name'), (a.ordinality - 1)::integer
    from jsonb_array_elements(p_floor -> 'areas') with ordinality as a
  on conflict (branch, name) do update set position = excluded.position;

  -- Tables sent with their id and a new name step aside first, so two tables may swap names.
  update public.dining_tables t set name = '~' || left(md5(t.id::text || clock_timestamp()::text), 29)
    from jsonb_array_elements(p_floor -> 'areas') a, jsonb_array_elements(a.value -> 'tables') e
   where e.value ? 'id' and t.id = (e.value ->> 'id')::uuid and t.name <> btrim(e.value ->> 'name');

  for area in select value from jsonb_array_elements(p_floor -> 'areas') loop
    for tbl in select value from jsonb_array_elements(area -> 'tables') loop
      if tbl ? 'id' then
        update public.dining_tables t
           set area_id = a.id, name = btrim(tbl ->> 'name'),
               min_seats = coalesce((tbl ->> 'min_seats')::integer, 1), max_seats = (tbl ->> 'max_seats')::integer,
               online = coalesce((tbl ->> 'online')::boolean, true), active = coalesce((tbl ->> 'active')::boolean, true),
               shape = coalesce(tbl ->> 'shape', 'rect'), x = coalesce((tbl ->> 'x')::numeric, 0),
               y = coalesce((tbl ->> 'y')::numeric, 0), width = coalesce((tbl ->> 'width')::numeric, 1),
               height = coalesce((tbl ->> 'height')::numeric, 1), rotation = coalesce((tbl ->> 'rotation')::numeric, 0)
          from public.dining_areas a
         where t.id = (tbl ->> 'id')::uuid and a.branch = p_branch and a.name = btrim(area ->> 'name')
        returning t.id into saved;
      else
        insert into public.dining_tables as t (branch, area_id, name, min_seats, max_seats, online, active, shape, x, y, width, height, rotation)
        select p_branch, a.id, btrim(tbl ->> 'name'), coalesce((tbl ->> 'min_seats')::integer, 1), (tbl ->> 'max_seats')::integer,
               coalesce((tbl ->> 'online')::boolean, true), coalesce((tbl ->> 'active')::boolean, true),
               coalesce(tbl ->> 'shape', 'rect'), coalesce((tbl ->> 'x')::numeric, 0), coalesce((tbl ->> 'y')::numeric, 0),
               coalesce((tbl ->> 'width')::numeric, 1), coalesce((tbl ->> 'height')::numeric, 1),
               coalesce((tbl ->> 'rotation')::numeric, 0)
          from public.dining_areas a where a.branch = p_branch and a.name = btrim(area ->> 'name')
        on conflict (branch, name) do update
          set area_id = excluded.area_id, min_seats = excluded.min_seats, max_seats = excluded.max_seats,
              online = excluded.online, active = excluded.active, shape = excluded.shape, x = excluded.x,
              y = excluded.y, width = excluded.width, height = excluded.height, rotation = excluded.rotation
        returning t.id into saved;
      end if;
      kept := kept || saved;
    end loop;
  end loop;

  -- Tables no longer on the floor: removed when no booking ever held them, else kept inactive.
  update public.dining_tables t set active = false
   where t.branch = p_branch and not (t.id = any (kept)) and t.active
     and exists (select 1 from public.reservation_tables h where h.table_id = t.id);
  delete from public.dining_tables t
   where t.branch = p_branch and not (t.id = any (kept))
     and not exists (select 1 from public.reservation_tables h where h.table_id = t.id);
  delete from public.dining_areas a
   where a.branch = p_branch and not (a.name = any (area_names))
     and not exists (select 1 from public.dining_tables t where t.area_id = a.id);

  -- Combinations hold nothing themselves (holds name tables): replaced as a whole.
  delete from public.table_combinations c where c.branch = p_branch;
  for combo in select value from jsonb_array_elements(coalesce(p_floor -> 'combinations', '[]')) loop
    insert into public.table_combinations (branch, name, min_seats, max_seats, online)
    values (p_branch, btrim(combo ->> 'name'), coalesce((combo ->> 'min_seats')::integer, 1),
            (combo ->> 'max_seats')::integer, coalesce((combo ->> 'online')::boolean, true))
    returning id into saved;
    insert into public.table_combination_members (combination_id, table_id)
    select saved, t.id
      from jsonb_array_elements_text(combo -> 'tables') m
      join public.dining_tables t on t.branch = p_branch and t.name = btrim(m);
  end loop;
  -- The members' deferred check (one branch, one area) runs now, inside this call.
  set constraints all immediate;

  select count(*)::integer into active_count from public.dining_tables t where t.branch = p_branch and t.active;
  return active_count;
end
$$;

comment on function public.save_floor(text, jsonb) is
  'Replaces a branch''s floor (areas, tables, combinations) as the floor editor draws it; owners only.';

revoke all on function public.save_floor(text, jsonb) from public;
grant execute on function public.save_floor(text, jsonb) to authenticated;
