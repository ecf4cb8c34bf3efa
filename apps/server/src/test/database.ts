import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';

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
  if (!serverUrl) return openDatabase({ loadDataDir: pgliteTemplate() });
  const name = `shortlist_test_${randomBytes(6).toString('hex')}`;
  const from = template.postgres ? ` template ${template.postgres}` : '';
  await withAdmin(serverUrl, (client) => client.query(`create database ${name}${from}`));
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ url });
  const concurrent = watchConcurrentQueries();
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await withAdmin(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
      concurrent.check();
    },
  };
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

/** The address of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
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

export async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
