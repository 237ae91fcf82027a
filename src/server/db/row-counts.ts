/**
 * How many rows each table holds: a backup records it when the copy is taken, and a restore checks
 * the restored database against it. Used by the PGlite worker too, so it imports nothing.
 */
type Query = <Row>(sql: string) => Promise<{ rows: Row[] }>;

export async function countRows(query: Query): Promise<Record<string, number>> {
  const tables = await query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg_toast%'
      order by 1`,
  );
  const counts: Record<string, number> = {};
  // The names come from the catalog, quoted by format('%I').
  for (const { name } of tables.rows) {
    const counted = await query<{ n: number }>(`select count(*)::int as n from ${name}`);
    counts[name] = counted.rows[0]?.n ?? 0;
  }
  return counts;
}
