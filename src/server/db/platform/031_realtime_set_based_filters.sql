-- Local platform: realtime.visible_rows (030_realtime.sql) again, with the same arguments and
-- answers, so that what one change costs no longer grows with the filters subscribers choose.
--
-- Before, each filter set of each subscriber was its own statement: one account holding 100
-- channels × 100 distinct filters made every booking cost 10,000 planned reads of the table. Now
-- each subscriber (each distinct role and claims: the server groups identical ones) costs one
-- statement: the changed rows are read once as that subscriber — its role's grants, its claims'
-- row-level security — and all its filter sets are tested against those rows in the same
-- statement, as data (a jsonb array) rather than as SQL text per filter.

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
  filters jsonb;
  one_set jsonb;
  role_name text;
  role_columns jsonb;
  used record;
  tests text;
  column_tests text;
  last_column text;
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
    filters := coalesce(entry -> 'filters', '[[]]');

    if filters = '[[]]' then
      -- Unfiltered (the dashboard): one prepared statement per role and table, planned once per
      -- database session rather than once per subscriber and change.
      query := format(
        'select $2, 0, t.%I::text, row_to_json(t) from (select %s from %s where %I = any ($1::%s[])) t',
        key_column, role_columns ->> 'list', target, key_column, key_type);
      statement_name := 'realtime_' || md5(query);
      if not prepared ? statement_name then
        if not exists (select 1 from pg_catalog.pg_prepared_statements s where s.name = statement_name) then
          execute format('prepare %I (text[], integer) as %s', statement_name, query);
        end if;
        prepared := prepared || jsonb_build_object(statement_name, true);
      end if;
      return query execute format('execute %I (%L, %s)', statement_name, p_keys, subscriber_index);
      continue;
    end if;

    -- One typed test per column and operator the filters use (at most columns × 7, whatever the
    -- number of filters): `case column when 'branch' then case op when 'eq' then t.branch = value…`.
    -- A column this role may not read gets no test: a filter on it matches nothing (it would tell
    -- about it). Values are data, cast to the column's type from the catalog.
    tests := '';
    column_tests := '';
    last_column := null;
    for used in
      select distinct c.value ->> 'column' as name, c.value ->> 'op' as op
        from jsonb_array_elements(filters) s, jsonb_array_elements(s.value) c
       order by 1, 2
    loop
      if used.op is null or used.op not in ('eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in') then
        raise exception 'realtime: unknown filter operator %', used.op;
      end if;
      continue when used.name is null or not (role_columns -> 'types') ? used.name;
      if last_column is distinct from used.name then
        if last_column is not null then
          tests := tests || format(' when %L then case c.value ->> ''op''%s end', last_column, column_tests);
        end if;
        last_column := used.name;
        column_tests := '';
      end if;
      column_tests := column_tests || case used.op
        when 'in' then format(
          ' when ''in'' then t.%I = any (array(select jsonb_array_elements_text(c.value -> ''values''))::%s[])',
          used.name, role_columns -> 'types' ->> used.name)
        else format(' when %L then t.%I %s (c.value ->> ''value'')::%s',
          used.op, used.name,
          case used.op when 'eq' then '=' when 'neq' then '<>' when 'lt' then '<'
                       when 'lte' then '<=' when 'gt' then '>' else '>=' end,
          role_columns -> 'types' ->> used.name)
      end;
    end loop;
    if last_column is not null then
      tests := tests || format(' when %L then case c.value ->> ''op''%s end', last_column, column_tests);
    end if;

    -- The rows are read once (materialized: row-level security runs once per row), then every
    -- filter set is tested against them: a set matches a row when none of its conditions fails.
    query := format(
      'with t as materialized (select %s from %s where %I = any ($1::%s[])), '
      '  r as (select t.%I as k, row_to_json(t) as record from t), '
      '  c as (select (s.ord - 1)::integer as i, c.value '
      '          from jsonb_array_elements($2) with ordinality as s(conditions, ord) '
      '          left join lateral jsonb_array_elements(s.conditions) as c(value) on true), '
      '  m as (select c.i, t.%I as k from c cross join t group by c.i, t.%I '
      '         having bool_and(c.value is null or coalesce(%s, false))) '
      'select $3, m.i + $4, r.k::text, r.record from m join r on r.k = m.k',
      role_columns ->> 'list', target, key_column, key_type, key_column, key_column, key_column,
      case when tests = '' then 'null::boolean' else 'case c.value ->> ''column''' || tests || ' end' end);
    begin
      return query execute query using p_keys, filters, subscriber_index, 0;
    exception when data_exception then
      -- The server checks filter values when a subscriber joins; should one still not fit its
      -- column's type, only the sets holding it match nothing: the sets are tested one by one.
      set_index := -1;
      for one_set in select value from jsonb_array_elements(filters) loop
        set_index := set_index + 1;
        begin
          return query execute query using p_keys, jsonb_build_array(one_set), subscriber_index, set_index;
        exception when data_exception then
          null;
        end;
      end loop;
    end;
  end loop;
  perform set_config('role', 'none', true), set_config('request.jwt.claims', '', true);
end
$$;

revoke all on function realtime.visible_rows(text, text, text[], jsonb) from public;
