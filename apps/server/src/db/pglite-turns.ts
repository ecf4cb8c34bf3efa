import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';

const inTurns = Symbol('statements in turns');

/**
 * Has each statement of the embedded engine outside a transaction wait for a turn of the event loop of
 * its own (issue 57, decision 235). PGlite runs a statement on this thread and answers it by a promise, so
 * a request's statements, one after the other (its user, the selection, the report), ran in one turn:
 * `/healthz` waited for all of them (a report_summary at 1,000 items held the loop 38–55 ms, its longest
 * statement 22). Costs a statement one turn of the loop.
 */
export function statementsInTurns(client: PGlite): PGlite {
  const marked = client as PGlite & { [inTurns]?: true };
  if (marked[inTurns]) return client;
  const query = client.query.bind(client);
  client.query = (async (...args: Parameters<PGlite['query']>) => {
    await yieldToEventLoop();
    return query(...args);
  }) as PGlite['query'];
  marked[inTurns] = true;
  return client;
}
