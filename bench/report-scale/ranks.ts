// The report's ranking against its floor's: the same rank (ties included) and the same average, to the
// report's rounding, for every item. A bench that times a report ranking other things than its floor
// (or every item first, as a seed of equal means did) measures nothing.
import type { Database } from '../../apps/server/src/db/client.ts';
import type { BenchClient } from './client.ts';
import { preAggregateRanking } from './seed.ts';

interface Ranked {
  dataset_id: number;
  value: number | null;
  rank: number;
}

export interface RankCheck {
  issueId: number;
  answers: number;
  items: number;
  identical: number;
  distinct: number;
  /** The first items that differ, for the log. */
  differences: string[];
}

export async function checkRanks(
  database: Database,
  client: BenchClient,
  issueId: number,
  answers: number,
): Promise<RankCheck> {
  const body = await client.json<{ datasets: Ranked[] }>(`/issues/${issueId}/report_summary/`);
  const floor = ((await database.db.execute(preAggregateRanking(issueId))) as unknown as { rows: Ranked[] })
    .rows;
  const byItem = new Map(floor.map((row) => [row.dataset_id, row]));
  const differences: string[] = [];
  let identical = 0;
  for (const row of body.datasets) {
    const other = byItem.get(row.dataset_id);
    if (other && other.rank === row.rank && other.value === row.value) identical++;
    else if (differences.length < 5)
      differences.push(
        `item ${row.dataset_id}: report ${row.value} rank ${row.rank}, floor ${other?.value} rank ${other?.rank}`,
      );
  }
  return {
    issueId,
    answers,
    // Items the floor has and the report lacks count against it too.
    items: Math.max(body.datasets.length, floor.length),
    identical,
    distinct: new Set(body.datasets.map((row) => row.value)).size,
    differences,
  };
}

export const ranksLine = (check: RankCheck, engine: string) =>
  `ranks identical to the floor: ${check.identical} of ${check.items} items (distinct averages: ${check.distinct}) — ${engine}, ${check.answers.toLocaleString('en')} answers`;

/** Every item as the floor has it, and averages apart enough to rank (a seed of equal means ranks nothing). */
export const ranksHold = (check: RankCheck) =>
  check.items > 0 && check.identical === check.items && check.distinct >= check.items / 4;
