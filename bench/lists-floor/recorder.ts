// Records the statements one request sends to the database client (text, parameters, row mode: the
// arguments of `client.query`, whichever engine), and replays them in order on the same client.
import type { Database } from '../../apps/server/src/db/client.ts';

type Query = (...args: unknown[]) => Promise<{ rows?: unknown[] }>;

export async function recordStatements(database: Database, request: () => Promise<void>) {
  const client = (database.db as unknown as { $client: { query: Query } }).$client;
  const original = client.query;
  const recorded: unknown[][] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    recorded.push(args);
    return original.apply(this, args);
  };
  try {
    await request();
  } finally {
    client.query = original;
  }
  if (recorded.length === 0) throw new Error('the request sent no statement');
  return {
    count: recorded.length,
    /** The rows of every statement, run one after the other as the request's SQL at its floor. */
    async replay() {
      const rows: unknown[] = [];
      for (const args of recorded) rows.push((await original.apply(client, args)).rows);
      return rows;
    },
  };
}
