import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Ids as a SQL list, for `IN (…)` and `VALUES`: each one a parameter. */
export const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Rows of a raw query, whichever engine runs it. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
