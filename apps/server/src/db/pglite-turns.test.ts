import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { statementsInTurns } from './pglite-turns.ts';

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create();
});
afterAll(() => client.close());

/** Two statements one after the other, and what ran meanwhile: a request that came during the first. */
async function twoStatements(engine: PGlite) {
  const events: string[] = [];
  await engine.query('SELECT 1');
  setImmediate(() => events.push('a waiting request'));
  await engine.query('SELECT 1');
  events.push('first statement answered');
  await engine.query('SELECT 2');
  events.push('second statement answered');
  return events;
}

/** Two statements asked at once, as `Promise.all` asks them, and a request that came when the first was answered. */
async function twoAtOnce(engine: PGlite) {
  const events: string[] = [];
  await Promise.all([
    engine.query('SELECT 1').then(() => {
      events.push('first statement answered');
      setImmediate(() => events.push('a waiting request'));
    }),
    engine.query('SELECT 2').then(() => events.push('second statement answered')),
  ]);
  return events;
}

it('runs each statement of the embedded engine in a turn of the event loop of its own, once wrapped', async () => {
  // Unwrapped, PGlite answers both statements before the loop turns: the request still waits.
  expect(await twoStatements(client)).toEqual(['first statement answered', 'second statement answered']);
  expect(await twoAtOnce(client)).toEqual(['first statement answered', 'second statement answered']);
  await new Promise((resolve) => setImmediate(resolve));
  const wrapped = statementsInTurns(client);
  expect(statementsInTurns(wrapped)).toBe(wrapped);
  expect(await twoStatements(wrapped)).toEqual([
    'a waiting request',
    'first statement answered',
    'second statement answered',
  ]);
  expect(await twoAtOnce(wrapped)).toEqual([
    'first statement answered',
    'a waiting request',
    'second statement answered',
  ]);
  // A failed statement leaves the next ones to run.
  await expect(wrapped.query('SELECT * FROM no_such_table')).rejects.toThrow();
  expect((await wrapped.query<{ n: number }>('SELECT 3 AS n')).rows).toEqual([{ n: 3 }]);
});
