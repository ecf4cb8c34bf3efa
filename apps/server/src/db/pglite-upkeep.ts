import type { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's autovacuum thresholds, its defaults: a table is analyzed once more than 50 rows plus 10 % of
 * it changed since it last was, and vacuumed once 50 plus 20 % of it are dead rows or 1,000 plus 20 % were
 * inserted since its last vacuum (the visibility map that the reports' index-only scans need).
 */
const ANALYZE = { base: 50, scale: 0.1 };
const VACUUM_DEAD = { base: 50, scale: 0.2 };
const VACUUM_INSERTED = { base: 1000, scale: 0.2 };

export interface UpkeepStep {
  table: string;
  vacuum: boolean;
}

interface TableChanges {
  table: string;
  rows: number;
  modified: number;
  dead: number;
  inserted: number;
}

const over = (count: number, rows: number, { base, scale }: { base: number; scale: number }) =>
  count > base + scale * rows;

/**
 * What autovacuum would do now, which PGlite lacks: `vacuum analyze` or `analyze` of each table that
 * changed enough, one table at a time with a turn of the event loop between them. A whole-database
 * `vacuum analyze` held the process for 0.9 s at a million items even when nothing had changed.
 */
export async function upkeepPglite(client: PGlite): Promise<UpkeepStep[]> {
  // A server's backend reports its row counts when it goes idle, at most once a second; PGlite's one
  // backend reports them only when asked, so pg_stat_user_tables would otherwise read zero changes.
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<TableChanges>(
    `select s.relid::regclass::text as "table", greatest(c.reltuples, 0)::float8 as rows,
       s.n_mod_since_analyze::int8::float8 as modified, s.n_dead_tup::int8::float8 as dead,
       s.n_ins_since_vacuum::int8::float8 as inserted
     from pg_stat_user_tables s join pg_class c on c.oid = s.relid
     order by 1`,
  );
  const steps: UpkeepStep[] = [];
  for (const table of rows) {
    const vacuum =
      over(table.dead, table.rows, VACUUM_DEAD) || over(table.inserted, table.rows, VACUUM_INSERTED);
    if (!vacuum && !over(table.modified, table.rows, ANALYZE)) continue;
    await client.exec(`${vacuum ? 'vacuum (analyze)' : 'analyze'} ${table.table}`);
    steps.push({ table: table.table, vacuum });
    await new Promise((resolve) => setImmediate(resolve));
  }
  return steps;
}
