import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';

const inTurns = Symbol('statements in turns');

/**
 * Has each statement of the embedded engine outside a transaction wait for a turn of the event loop of
 * its own (issue 57, decision 235). PGlite runs a statement on this thread and answers it by a promise, so
 * a request's statements one after the other (its user, the selection, the report), or two asked at once,
 * ran in one turn: `/healthz` waited for all of them (a report_summary at 1,000 items held the loop 38–55
 * ms, its longest statement 22). The statements go one at a time, as PGlite runs them anyway, each after a
 * turn of the loop. Costs a statement one turn of the loop.
 */
export function statementsInTurns(client: PGlite): PGlite {
  const marked = client as PGlite & { [inTurns]?: true };
  if (marked[inTurns]) return client;
  const query = client.query.bind(client);
  let previous: Promise<unknown> = Promise.resolve();
  client.query = ((...args: Parameters<PGlite['query']>) => {
    const answer = previous.then(() => yieldToEventLoop()).then(() => query(...args));
    previous = answer.catch(() => undefined);
    return answer;
  }) as PGlite['query'];
  marked[inTurns] = true;
  return client;
}
