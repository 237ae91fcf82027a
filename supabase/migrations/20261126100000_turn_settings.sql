-- Turn times by party size and the reset buffer, editable where the other settings are: the
-- settings screen and the admin CLI send them to save_branch_settings as rows
-- ("turn_times": [{"from": 1, "minutes": 90}, …], "reset_minutes": 10), kept as the map
-- branch_settings.turn_minutes ({"1": 90, …}) the hold ranges read. Absent, a branch keeps what
-- it has (or the seeded defaults); present, they are checked here too, the last word before the
-- table's own checks, and saved with the rest of the settings or not at all.

-- The rows as the turn_minutes map, or a clear refusal: party sizes 1 to 100, starting at 1,
-- going up, each once; minutes 15 to 600.
create function private.turn_minutes_of(p_rows jsonb) returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  row_ jsonb;
  previous integer := 0;
  from_ integer;
  minutes integer;
  result jsonb := '{}';
begin
  if jsonb_typeof(p_rows) is distinct from 'array' or jsonb_array_length(p_rows) not between 1 and 100 then
    raise exception using errcode = '22023', message = 'turn_times must be a list of 1 to 100 rows';
  end if;
  for row_ in select r from jsonb_array_elements(p_rows) as r loop
    if jsonb_typeof(row_ -> 'from') is distinct from 'number' or jsonb_typeof(row_ -> 'minutes') is distinct from 'number'
       or (row_ ->> 'from') !~ '^\d{1,3}$' or (row_ ->> 'minutes') !~ '^\d{1,3}$' then
      raise exception using errcode = '22023', message = 'Each turn time needs a whole party size and whole minutes';
    end if;
    from_ := (row_ ->> 'from')::integer;
    minutes := (row_ ->> 'minutes')::integer;
    if previous = 0 and from_ <> 1 then
      raise exception using errcode = '22023', message = 'The first turn time must start at party size 1';
    end if;
    if from_ <= previous or from_ > 100 then
      raise exception using errcode = '22023',
        message = format('Turn time party sizes must go up, each listed once, up to 100 (not %s)', from_);
    end if;
    if minutes not between 15 and 600 then
      raise exception using errcode = '22023',
        message = format('A turn time must be 15 to 600 minutes (not %s for parties from %s)', minutes, from_);
    end if;
    result := result || jsonb_build_object(from_::text, minutes);
    previous := from_;
  end loop;
  return result;
end
$$;

revoke all on function private.turn_minutes_of(jsonb) from public;
grant execute on function private.turn_minutes_of(jsonb) to authenticated, service_role;

-- The body of 20261123000000_branch_availability.sql, unchanged but for the turn times and the
-- reset buffer (marked "turns:").
create or replace function public.save_branch_settings(p_branch text, p_settings jsonb) returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if jsonb_typeof(p_settings) is distinct from 'object' then
    raise exception using errcode = '22023', message = 'p_settings must be a JSON object';
  end if;
  -- turns: checked before anything is written; reset is 0 to 120 minutes.
  if p_settings ? 'reset_minutes' and (jsonb_typeof(p_settings -> 'reset_minutes') is distinct from 'number'
      or (p_settings ->> 'reset_minutes') !~ '^\d{1,3}$' or (p_settings ->> 'reset_minutes')::integer > 120) then
    raise exception using errcode = '22023', message = 'reset_minutes must be a whole number of minutes from 0 to 120';
  end if;
  insert into public.branch_settings as s (branch, time_zone, covers_per_slot, max_party, booking_window_days)
  values (
    p_branch,
    coalesce(p_settings ->> 'time_zone', 'Asia/Ho_Chi_Minh'),
    (p_settings ->> 'covers_per_slot')::integer,
    (p_settings ->> 'max_party')::integer,
    (p_settings ->> 'booking_window_days')::integer
  )
  on conflict (branch) do update
    set time_zone = excluded.time_zone,
        covers_per_slot = excluded.covers_per_slot,
        max_party = excluded.max_party,
        booking_window_days = excluded.booking_window_days,
        updated_at = now();
  -- turns: only what was sent; the row exists now (just inserted or updated).
  if p_settings ? 'turn_times' then
    update public.branch_settings s set turn_minutes = private.turn_minutes_of(p_settings -> 'turn_times')
     where s.branch = p_branch;
  end if;
  if p_settings ? 'reset_minutes' then
    update public.branch_settings s set reset_minutes = (p_settings ->> 'reset_minutes')::integer
     where s.branch = p_branch;
  end if;
  delete from public.branch_opening_hours h where h.branch = p_branch;
  insert into public.branch_opening_hours (branch, weekday, opens, closes)
  select p_branch, (r ->> 'weekday')::smallint, (r ->> 'opens')::time, (r ->> 'closes')::time
    from jsonb_array_elements(coalesce(p_settings -> 'hours', '[]')) as r;
  delete from public.branch_closed_dates c where c.branch = p_branch;
  insert into public.branch_closed_dates (branch, date, reason)
  select p_branch, (r ->> 'date')::date, nullif(btrim(r ->> 'reason'), '')
    from jsonb_array_elements(coalesce(p_settings -> 'closed_dates', '[]')) as r;
end
$$;
