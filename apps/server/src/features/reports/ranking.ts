import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/raw-rows.ts';
import { itemRanksQuery } from '../../item-reads/item-values.ts';
import type { ValueFilters } from '../../item-reads/judge-values.ts';
import { foldReportChanges } from './fold.ts';

/** An item of a selection's ranking: its rank (null: no value, unranked) and value as the report shows them. */
export interface RankedItem {
  datasetId: number;
  title: string;
  rank: number | null;
  value: number | null;
}

/**
 * A selection's ranking exactly as its report reads it under the filters (criteria, verified judges, item
 * tags, normalised), in the report's order: `itemRanksQuery`, the merges' reading of the report's values
 * and ranks, after the pending submissions are folded in. What decisions, mailings and promotion rank by.
 */
export async function selectionRanking(db: Db, issueId: number, filters: ValueFilters = {}) {
  await foldReportChanges(db, [issueId], { normalised: filters.normalised === true });
  const rows = await selectRows<{ dataset_id: number; title: string; rank: number; value: number | null }>(
    db,
    sql`SELECT dataset_id, title, rank, value FROM (${itemRanksQuery([issueId], filters)}) r
      ORDER BY rank, lower(title), dataset_id`,
  );
  return rows.map(
    (row): RankedItem => ({
      datasetId: row.dataset_id,
      title: row.title,
      // As the report: a rating nobody gave has no rank.
      rank: row.value === null ? null : row.rank,
      value: row.value,
    }),
  );
}
