import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { chunk, idList, selectRows } from '../db/raw-rows.ts';

// The embedded engine runs each statement on the thread that answers every request (issue 57): a read of
// every value of a large selection held `/healthz` as long as it ran. Such reads go by parts of the
// selection's items, each statement in a turn of the event loop of its own (db/pglite-turns.ts), and
// their results are combined.

/**
 * At most this many values a statement on the embedded engine (an item counts one per judge, or per judge
 * and criterion for a read of the answers). At 90,000 answers (1,000 items × 30 judges × 3 criteria)
 * agreement's one statement held the loop ~100 ms, parts of 20,000 ~60 ms, of 5,000 ~22 ms (decision
 * 225); a `/healthz` of bench:heavy, whose client shares the process, waits a few turns of the loop, so
 * parts of 5,000 still let it wait up to 31 ms (agreement) and 49 ms (the top k), of 2,500 up to 22 and
 * 14 ms (decision 231). PostgreSQL's statements hold no thread of ours: one statement.
 */
export const VALUES_A_STATEMENT: Record<Database['engine'], number> = {
  pglite: 2_500,
  postgres: Number.POSITIVE_INFINITY,
};

/** Ids as parameters: far under PostgreSQL's 65,535. */
const MOST_ITEMS_A_PART = 5_000;

/** Some of the items (their ids), or all of them (undefined). */
export type ItemPart = number[] | undefined;

/** How many items go in one statement when each counts `valuesAnItem`: at least one, all when unbounded. */
export const itemsAPart = (valuesAnItem: number, valuesAStatement: number) =>
  valuesAStatement === Number.POSITIVE_INFINITY
    ? Number.POSITIVE_INFINITY
    : Math.min(MOST_ITEMS_A_PART, Math.max(1, Math.floor(valuesAStatement / Math.max(1, valuesAnItem))));

/**
 * The selections' items in parts of at most `valuesAStatement` values, counted as their judges (all the
 * selections') an item, times their criteria with `perCriterion`; in the items' id order, an item once
 * however many selections hold it. One part of all (undefined) when they fit in one statement.
 */
export async function itemParts(
  db: Db,
  issueIds: number[],
  valuesAStatement: number,
  { perCriterion = false }: { perCriterion?: boolean } = {},
): Promise<ItemPart[]> {
  if (valuesAStatement === Number.POSITIVE_INFINITY || issueIds.length === 0) return [undefined];
  // The items' ids and the counts in one statement: the parts are sized by the values an item may have.
  const [size] = await selectRows<{ items: number[] | null; judges: number; criteria: number }>(
    db,
    sql`SELECT
      (SELECT array_agg(DISTINCT dataset_id ORDER BY dataset_id) FROM issue_datasets
        WHERE issue_id IN (${idList(issueIds)})) AS items,
      (SELECT count(*)::int FROM issue_accesses WHERE issue_id IN (${idList(issueIds)})) AS judges,
      (SELECT count(*)::int FROM issue_questions WHERE issue_id IN (${idList(issueIds)})) AS criteria`,
  );
  const items = size?.items ?? [];
  const judges = Math.max(1, size?.judges ?? 0);
  const valuesAnItem = perCriterion ? judges * Math.max(1, size?.criteria ?? 0) : judges;
  if (items.length * valuesAnItem <= valuesAStatement) return [undefined];
  return chunk(items, itemsAPart(valuesAnItem, valuesAStatement));
}

/**
 * `read` of each part in turn, the parts' results in their order: one part's rows in memory at a time,
 * and on the embedded engine what waited meanwhile (a request, a timer) runs between two statements.
 */
export async function readInParts<T>(parts: ItemPart[], read: (part: ItemPart) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (const part of parts) results.push(await read(part));
  return results;
}
