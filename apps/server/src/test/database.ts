import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.ts';

/**
 * A fresh database for one test file: in-memory PGlite by default, or a database created on the
 * PostgreSQL server named by TEST_DATABASE_URL (and dropped afterwards), so that one suite runs
 * on both engines.
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({});
  const name = `shortlist_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  const concurrent = watchConcurrentQueries();
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      await withAdmin(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
      concurrent.check();
    },
  };
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

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
