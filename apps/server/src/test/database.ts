import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type Database, openDatabase, startPglite } from '../db/client.ts';
import { createDatabase, dropDatabase } from './pg-admin.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** The migrated database that each test file's starts from (database-template.ts). */
    databaseTemplate: { postgres?: string; pgliteDump?: string };
  }
}

/**
 * A fresh database for one test file: in-memory PGlite by default, or a database created on the
 * PostgreSQL server named by TEST_DATABASE_URL (and dropped afterwards), so that one suite runs
 * on both engines. Each is a copy of the suite's migrated template: the migrations, run again, find
 * nothing to do.
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const template = inject('databaseTemplate');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openReusedPglite();
  const { name, url } = await createDatabase(serverUrl, 'shortlist_test', template.postgres);
  const database = await openDatabase({ url });
  const concurrent = watchConcurrentQueries();
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await dropDatabase(serverUrl, name);
      concurrent.check();
    },
  };
}

/**
 * Embedded engines left by the worker's earlier test files (the suite runs its files in one process), emptied
 * back to the template: starting one from the template's dump cost about 2 s of CPU, a file's most on this
 * engine (decision 211). One whose tables, columns, triggers or functions a test changed is not reused.
 */
const idleEngines: PGlite[] = [];
let templateShape: string | undefined;

async function openReusedPglite(): Promise<Database> {
  const client = idleEngines.pop() ?? (await startPglite({ loadDataDir: pgliteTemplate() }));
  templateShape ??= await shapeOf(client);
  const database = await openDatabase({ pglite: client });
  return {
    ...database,
    async close() {
      await database.close();
      await putBack(client);
    },
  };
}

async function putBack(client: PGlite) {
  // A transaction a test left open ends here, with what it wrote.
  await client.exec('rollback');
  if ((await shapeOf(client)) !== templateShape) return client.close();
  const { rows } = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
  );
  // As a replica applies changes: the append-only tables' triggers refuse a truncate.
  await client.exec(`set session_replication_role = replica;
    truncate ${rows.map((row) => row.name).join(', ')} restart identity cascade`);
  // That setting and the rest of the file's: prepared statements, advisory locks, temporary tables.
  await client.exec('discard all');
  idleEngines.push(client);
}

/** A digest of the public schema's tables, columns, constraints, triggers and functions. */
async function shapeOf(client: PGlite) {
  const { rows } = await client.query<{ shape: string }>(`
    select md5(string_agg(part, ',' order by part)) as shape from (
      select relname || ':' || relkind::text as part from pg_class where relnamespace = 'public'::regnamespace
      union all
      select c.relname || '.' || a.attname || ':' || a.atttypid from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
      union all
      select conname from pg_constraint where connamespace = 'public'::regnamespace
      union all
      select t.tgname || ':' || t.tgenabled::text from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where c.relnamespace = 'public'::regnamespace
      union all
      select proname || ':' || md5(prosrc) from pg_proc where pronamespace = 'public'::regnamespace
    ) parts`);
  return rows[0]?.shape ?? '';
}

/** The suite's migrated PGlite database, as a dump to load (none on a PostgreSQL run). */
function pgliteTemplate() {
  const { pgliteDump } = inject('databaseTemplate');
  return pgliteDump ? new Blob([readFileSync(pgliteDump)]) : undefined;
}

/**
 * The embedded database on a DATA_DIR, as the server opens it; one that holds no database yet starts from the
 * suite's migrated template, which saves the 3–5 s of running every migration.
 */
export function openDataDir(dataDir: string) {
  const isNew = !existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'));
  return openDatabase({ dataDir, loadDataDir: isNew ? pgliteTemplate() : undefined });
}

/**
 * pg 8 queues a query sent while its connection still runs another, with a deprecation warning; pg 9
 * refuses it. On the pool that never happens, so it means queries sent side by side (Promise.all) on a
 * transaction's one connection: the test file that provokes it fails when it closes its database. pg
 * warns once a process, so a later file of the same worker may pass: the first one names the fault.
 */
function watchConcurrentQueries() {
  const seen: string[] = [];
  const onWarning = (warning: Error) => {
    if (warning.message.includes('already executing a query')) seen.push(warning.message);
  };
  process.on('warning', onWarning);
  return {
    check() {
      process.off('warning', onWarning);
      if (seen.length > 0) throw new Error(`A transaction's queries were sent side by side: ${seen[0]}`);
    },
  };
}
