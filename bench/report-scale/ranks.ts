// The report against its floor, before anything is timed: the whole reply the same, field by field (every
// item's figures and criteria, the judges, the counts), and so the same rank (ties included) and the same
// average, to the report's rounding, for every item. A bench that times a report answering other things
// than its floor (or ranking every item first, as a seed of equal means did) measures nothing.
import { isDeepStrictEqual } from 'node:util';
import type { Database } from '../../apps/server/src/db/client.ts';
import type { BenchClient } from './client.ts';
import { readFloorReply } from './floor.ts';

interface Ranked {
  dataset_id: number;
  value: number | null;
  rank: number;
}
interface Reply {
  datasets: Ranked[];
  [field: string]: unknown;
}

export interface RankCheck {
  issueId: number;
  answers: number;
  items: number;
  identical: number;
  distinct: number;
  /** Whether the app's whole reply equals the floor's. */
  sameReply: boolean;
  /** The first items or fields that differ, for the log. */
  differences: string[];
}

/**
 * Numbers equal but for float8's last bits: the one figure not rounded (`judge_value_max`, the end of the
 * box plots' axis) is a judge's weighted mean, summed in another order by the app's triggers than by the
 * floor (5.000000000000001 against 5). A figure rounded to the report's decimals that differs at all
 * differs by 0.001 or more.
 */
const sameNumber = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a));

/** The first differences between two replies, by path (`datasets[3].criteria`), at most `limit`. */
function differencesOf(app: unknown, floor: unknown, path: string, found: string[], limit = 5) {
  if (found.length >= limit || isDeepStrictEqual(app, floor) || sameNumber(app, floor)) return;
  if (app && floor && typeof app === 'object' && typeof floor === 'object') {
    const keys = new Set([...Object.keys(app), ...Object.keys(floor)]);
    for (const key of keys) {
      const at = Array.isArray(app) ? `${path}[${key}]` : `${path}.${key}`;
      differencesOf(
        (app as Record<string, unknown>)[key],
        (floor as Record<string, unknown>)[key],
        at,
        found,
      );
    }
    return;
  }
  found.push(`${path}: report ${JSON.stringify(app)}, floor ${JSON.stringify(floor)}`);
}

export async function checkRanks(
  database: Database,
  client: BenchClient,
  issueId: number,
  answers: number,
): Promise<RankCheck> {
  const body = await client.json<Reply>(`/issues/${issueId}/report_summary/`);
  const floorBody = await readFloorReply<Reply>(database, issueId);
  const byItem = new Map(floorBody.datasets.map((row) => [row.dataset_id, row]));
  let identical = 0;
  for (const row of body.datasets) {
    const other = byItem.get(row.dataset_id);
    if (other && other.rank === row.rank && other.value === row.value) identical++;
  }
  const differences: string[] = [];
  differencesOf(body, floorBody, 'reply', differences);
  return {
    issueId,
    answers,
    // Items the floor has and the report lacks count against it too.
    items: Math.max(body.datasets.length, floorBody.datasets.length),
    identical,
    distinct: new Set(body.datasets.map((row) => row.value)).size,
    sameReply: differences.length === 0,
    differences,
  };
}

export const ranksLine = (check: RankCheck, engine: string) =>
  `ranks identical to the floor: ${check.identical} of ${check.items} items (distinct averages: ${check.distinct}; whole reply ${check.sameReply ? 'identical' : 'DIFFERENT'}) — ${engine}, ${check.answers.toLocaleString('en')} answers`;

/** Every item as the floor has it, and averages apart enough to rank (a seed of equal means ranks nothing). */
export const ranksHold = (check: RankCheck) =>
  check.items > 0 && check.sameReply && check.identical === check.items && check.distinct >= check.items / 4;
