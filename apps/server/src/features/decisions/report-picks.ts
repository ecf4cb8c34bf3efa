import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { foldReportChanges } from '../reports/fold.ts';
import { itemRanksQuery, selectRows } from '../reports/item-values.ts';

export interface RankedItem {
  dataset_id: number;
  value: number | null;
  rank: number;
}

/** Each item's value and rank in the selection's default report, best first (the report's own order). */
export async function reportRanks(db: Db, issueId: number): Promise<RankedItem[]> {
  await foldReportChanges(db, [issueId]);
  return selectRows<RankedItem>(
    db,
    sql`SELECT dataset_id, value, rank FROM (${itemRanksQuery([issueId])}) r
      ORDER BY rank, lower(title), dataset_id`,
  );
}

/** The first k rows of the report, as the admin sees them; an item nobody rated is never among them. */
export async function topOfReport(db: Db, issueId: number, k: number): Promise<number[]> {
  const ranks = await reportRanks(db, issueId);
  return ranks
    .filter((row) => row.value !== null)
    .slice(0, k)
    .map((row) => row.dataset_id);
}
