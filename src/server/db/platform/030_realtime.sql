-- Local platform: the part of hosted Supabase's Realtime that lives in the database — deciding
-- which subscribers may see a changed row (hosted Realtime does it in realtime.apply_rls). Never
-- deployed to a hosted project.
--
-- realtime.visible_rows reads the changed rows again once per subscriber, as that subscriber:
-- with its role (so grants and column grants apply) and its JWT claims (so row-level security
-- applies), exactly as /rest/v1 reads them, all in one call per change. A subscriber gets back the
-- rows it may SELECT, only the columns it may read, and only those matching its filters.

create schema if not exists realtime;
revoke all on schema realtime from public;

-- p_subscribers: [{"role": "authenticated", "claims": {…}, "filters": [[{"column": "branch",
-- "op": "eq", "value": "Sa Pa"}], []]}, …]. Each subscriber lists one or more filter sets: the
-- conditions of a set all hold (an empty set matches every row). `in` takes "values", a list.
-- Answers one row per subscriber, filter set and visible row: their positions (from 0), the
-- row's key as text, and the row with the columns that subscriber may read.
create or replace function realtime.visible_rows(p_schema text, p_table text, p_keys text[], p_subscribers jsonb)
returns table (subscriber integer, filter_set integer, key text, record json)
language plpgsql
set search_path = ''
as $$
declare
  target regclass := format('%I.%I', p_schema, p_table)::regclass;
  key_column name;
  key_type text;
  -- Per role, what it may read: {"list": "select list", "types": {"column": "type"}}.
  readable jsonb := '{}';
  -- Statements prepared in this session (checked once per call, not once per subscriber).
  prepared jsonb := '{}';
  entry jsonb;
  role_name text;
  role_columns jsonb;
  conditions jsonb;
  condition jsonb;
  column_name text;
  column_type text;
  operator text;
  where_clause text;
  filter_values text[];
  query text;
  statement_name text;
  subscriber_index integer := -1;
  set_index integer;
begin
  select a.attname, format_type(a.atttypid, a.atttypmod) into key_column, key_type
    from pg_catalog.pg_index i
    join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
   where i.indrelid = target and i.indisprimary and i.indnkeyatts = 1;
  if key_column is null then
    raise exception 'realtime: % has no single-column primary key', target;
  end if;

  for entry in select value from jsonb_array_elements(p_subscribers) loop
    subscriber_index := subscriber_index + 1;
    role_name := entry ->> 'role';
    -- Only the API roles: this function takes on the role it is given.
    if role_name is null or role_name not in ('anon', 'authenticated', 'service_role') then
      raise exception 'realtime: % is not an API role', coalesce(role_name, 'null');
    end if;
    if not readable ? role_name then
      select jsonb_build_object(
               'list', string_agg(format('%I', a.attname), ', ' order by a.attnum),
               'types', jsonb_object_agg(a.attname, format_type(a.atttypid, a.atttypmod)))
        into role_columns
        from pg_catalog.pg_attribute a
       where a.attrelid = target and a.attnum > 0 and not a.attisdropped
         and has_column_privilege(role_name, target, a.attnum, 'SELECT');
      readable := readable || jsonb_build_object(role_name, role_columns);
    end if;
    role_columns := readable -> role_name;
    -- A role that may read no column, or not the key, is told of no row.
    continue when jsonb_typeof(role_columns -> 'types') is distinct from 'object'
      or not (role_columns -> 'types') ? key_column;

    perform set_config('role', role_name, true),
            set_config('request.jwt.claims', (entry -> 'claims')::text, true);

    set_index := -1;
    <<sets>>
    for conditions in select value from jsonb_array_elements(coalesce(entry -> 'filters', '[[]]')) loop
      set_index := set_index + 1;
      where_clause := 'true';
      filter_values := '{}';
      for condition in select value from jsonb_array_elements(conditions) loop
        column_name := condition ->> 'column';
        column_type := role_columns -> 'types' ->> column_name;
        -- A filter on a column this role may not read matches nothing (it would tell about it).
        continue sets when column_type is null;
        if condition ->> 'op' = 'in' then
          filter_values := filter_values || (condition -> 'values')::text;
          where_clause := where_clause || format(
            ' and t.%I = any (array(select jsonb_array_elements_text($4[%s]::jsonb))::%s[])',
            column_name, cardinality(filter_values), column_type);
        else
          operator := case condition ->> 'op'
            when 'eq' then '=' when 'neq' then '<>' when 'lt' then '<'
            when 'lte' then '<=' when 'gt' then '>' when 'gte' then '>=' end;
          if operator is null then
            raise exception 'realtime: unknown filter operator %', condition ->> 'op';
          end if;
          filter_values := filter_values || (condition ->> 'value');
          where_clause := where_clause || format(
            ' and t.%I %s $4[%s]::%s', column_name, operator, cardinality(filter_values), column_type);
        end if;
      end loop;
      query := format(
        'select $2, $3, t.%I::text, row_to_json(t) from (select %s from %s where %I = any ($1::%s[])) t where %s',
        key_column, role_columns ->> 'list', target, key_column, key_type, where_clause);
      if where_clause = 'true' then
        -- Unfiltered (the dashboard): one prepared statement per role and table, planned once
        -- per database session rather than once per subscriber and change. Filtered statements
        -- are planned each time: their shapes are the clients' to choose, and prepared
        -- statements stay for the whole session.
        statement_name := 'realtime_' || md5(query);
        if not prepared ? statement_name then
          if not exists (select 1 from pg_catalog.pg_prepared_statements s where s.name = statement_name) then
            execute format('prepare %I (text[], integer, integer, text[]) as %s', statement_name, query);
          end if;
          prepared := prepared || jsonb_build_object(statement_name, true);
        end if;
        return query execute format('execute %I (%L, %s, %s, %L)',
          statement_name, p_keys, subscriber_index, set_index, filter_values);
      else
        -- The server checks filter values when a subscriber joins; should one still not fit its
        -- column's type, that filter matches nothing rather than failing every subscriber.
        begin
          return query execute query using p_keys, subscriber_index, set_index, filter_values;
        exception when data_exception then
          null;
        end;
      end if;
    end loop;
  end loop;
  perform set_config('role', 'none', true), set_config('request.jwt.claims', '', true);
end
$$;

-- Only the server's own login role (the owner) calls it: it takes on any API role.
revoke all on function realtime.visible_rows(text, text, text[], jsonb) from public;
