// Records the statements one request sends to the database client (text, parameters, row mode: the
// arguments of `client.query`, whichever engine), and replays them in order on the same client; counts
// the statements sent while the app is under load.
import type { Database } from '../../apps/server/src/db/client.ts';

type Query = (...args: unknown[]) => Promise<{ rows?: unknown[] }>;

/** Sees every statement sent to the client until `restore`; answers the client's own `query`. */
function intercept(database: Database, onQuery: (args: unknown[]) => void) {
  const client = (database.db as unknown as { $client: { query: Query } }).$client;
  const original = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    onQuery(args);
    return original.apply(this, args);
  };
  return {
    query: (args: unknown[]) => original.apply(client, args),
    restore: () => {
      client.query = original;
    },
  };
}

export async function recordStatements(database: Database, request: () => Promise<void>) {
  const recorded: unknown[][] = [];
  const { query, restore } = intercept(database, (args) => recorded.push(args));
  try {
    await request();
  } finally {
    restore();
  }
  if (recorded.length === 0) throw new Error('the request sent no statement');
  return {
    count: recorded.length,
    /** The rows of every statement, run one after the other as the request's SQL at its floor. */
    async replay() {
      const rows: unknown[][] = [];
      for (const args of recorded) rows.push((await query(args)).rows ?? []);
      return rows;
    },
  };
}

/** Counts the statements sent from now until `stop`. */
export function countStatements(database: Database) {
  let count = 0;
  const { restore } = intercept(database, () => {
    count += 1;
  });
  return {
    current: () => count,
    stop() {
      restore();
      return count;
    },
  };
}
