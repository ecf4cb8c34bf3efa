import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { readSideBySide } from './item-parts.ts';

/** Two reads that log when they start and end; the first leaves a request waiting for the next turn. */
function reads() {
  const events: string[] = [];
  const read = (name: string) => async () => {
    events.push(`${name} starts`);
    await sleep(5);
    if (name === 'first') setImmediate(() => events.push('a waiting request'));
    events.push(`${name} ends`);
    return name;
  };
  return { events, first: read('first'), second: read('second') };
}

it('reads side by side on PostgreSQL, and in turn on the embedded engine with the event loop free between', async () => {
  const onPostgres = reads();
  expect(await readSideBySide('postgres', onPostgres.first, onPostgres.second)).toEqual(['first', 'second']);
  expect(onPostgres.events.slice(0, 2)).toEqual(['first starts', 'second starts']);

  const embedded = reads();
  expect(await readSideBySide('pglite', embedded.first, embedded.second)).toEqual(['first', 'second']);
  expect(embedded.events).toEqual([
    'first starts',
    'first ends',
    'a waiting request',
    'second starts',
    'second ends',
  ]);
});
