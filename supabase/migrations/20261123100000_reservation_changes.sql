-- The live host board: the database itself announces every change to public.reservations, so
-- every writer is seen — the booking forms through REST, the spreadsheet receiver, the admin CLI,
-- SQL typed by an operator. Each statement sends one NOTIFY on the channel `realtime_changes`
-- (more for statements changing over 300 rows); every server instance listening on the database
-- hears it, re-reads the changed rows as each of its subscribers, and grants and row-level
-- security decide who is told (src/server/realtime/).
--
-- A notification names the table, the kind of change, the changed ids and a time, and nothing a
-- guest wrote: any role that can log in to the database may LISTEN on any channel.
--
-- On a hosted Supabase project, Realtime reads the write-ahead log instead and these triggers
-- only send notifications nobody listens to; there the table must be in the `supabase_realtime`
-- publication (see README, "Live host board").

create schema if not exists private;

-- Statement-level, with transition tables: a bulk update of many rows is one notification per
-- 300 ids, not one per row. Any table with an `id` primary key can use it.
create or replace function private.publish_changes() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  ids text[];
  changed_at constant text := to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  -- A NOTIFY payload must stay under 8000 bytes: 300 ids of up to 19 digits leave room.
  chunk constant integer := 300;
begin
  if tg_op = 'DELETE' then
    select array_agg(id::text order by id) into ids from old_rows;
  else
    select array_agg(id::text order by id) into ids from new_rows;
  end if;
  for from_index in 1 .. coalesce(array_length(ids, 1), 0) by chunk loop
    perform pg_notify('realtime_changes', json_build_object(
      'schema', tg_table_schema,
      'table', tg_table_name,
      'type', tg_op,
      'commit_timestamp', changed_at,
      'ids', ids[from_index : from_index + chunk - 1]
    )::text);
  end loop;
  return null;
end
$$;

-- Fired by the triggers only; nobody calls it.
revoke all on function private.publish_changes() from public;

-- One trigger per kind of change: a trigger with transition tables may name only one.
create trigger reservations_publish_inserts
  after insert on public.reservations
  referencing new table as new_rows
  for each statement execute function private.publish_changes();

create trigger reservations_publish_updates
  after update on public.reservations
  referencing new table as new_rows
  for each statement execute function private.publish_changes();

create trigger reservations_publish_deletes
  after delete on public.reservations
  referencing old table as old_rows
  for each statement execute function private.publish_changes();
