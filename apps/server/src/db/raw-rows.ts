import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Ids as a SQL list, for `IN (…)` and `VALUES`: each one a parameter. */
export const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** `list` in parts of `size`, in order: ids for one statement each, rows for one insert each. */
export function chunk<T>(list: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(list.length / size) }, (_, index) =>
    list.slice(index * size, (index + 1) * size),
  );
}

/** Rows of a raw query, whichever engine runs it. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
