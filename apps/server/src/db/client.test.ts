import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

type Database = Awaited<ReturnType<typeof openTestDatabase>>;
/** The first row of a raw query (both drivers answer `{ rows }`). */
async function firstRow<T>(database: Database, query: ReturnType<typeof sql>): Promise<T | undefined> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0];
}

describe.skipIf(!serverUrl)('openDatabase on PostgreSQL', () => {
  it('survives the server closing an idle connection', async () => {
    const database = await openTestDatabase();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const connection = await firstRow<{ pid: number }>(database, sql`select pg_backend_pid() as pid`);
      await admin.query('select pg_terminate_backend($1)', [connection?.pid]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The pool dropped the closed connection; the next query opens a new one.
      expect(await firstRow<{ ok: number }>(database, sql`select 1 as ok`)).toEqual({ ok: 1 });
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
