import { MERGE_AVERAGE_DECIMALS, type Merge, type MergeResults } from '@shortlist/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { itemRanksQuery, selectRows } from '../reports/item-values.ts';

interface ResultRow {
  issue_id: number;
  dataset_id: number;
  title: string;
  value: number | null;
  issue_rank: number;
  scale: number | null;
  average: number | null;
  rank: number;
}

/**
 * The merged ranking, in one query over the selections' item values and ranks (each item's stored
 * aggregates unless normalised), not their whole reports. Each selection's values are brought to 0–1 by
 * its scale (rating: divided by max_rating; tokens, picks, comments: by the selection's largest value,
 * all 0 staying 0). An item's result is the weighted mean of its normalised values over the selections
 * that hold it with a value — a selection without the item, or a rating nobody gave, is left out and the
 * other weights renormalised — rounded to 3 decimals; ranked (1, 2, 2, 4) best first. `normalised`
 * corrects each rating selection's values for judge bias first, as its report does.
 */
export async function getMergeResults(
  ctx: AppContext,
  merge: Merge,
  { normalised = false }: { normalised?: boolean } = {},
): Promise<MergeResults> {
  const issueIds = merge.issue_merge_infos.map((info) => info.issue.id);
  const decimals = sql.raw(String(MERGE_AVERAGE_DECIMALS));
  const rows = await selectRows<ResultRow>(
    ctx.db,
    sql`WITH item_values AS (${itemRanksQuery(issueIds, { normalised })}),
      scaled AS (
        SELECT v.issue_id, v.dataset_id, v.title, v.value, v.rank AS issue_rank, m.weight,
          CASE WHEN i.resourcetype = 'RatingIssue' THEN i.max_rating
            ELSE max(v.value) OVER (PARTITION BY v.issue_id) END AS scale
        FROM item_values v
        JOIN issue_merge_infos m ON m.issue_id = v.issue_id AND m.merge_id = ${merge.id}
        JOIN issues i ON i.id = v.issue_id
      ),
      normalized AS (
        SELECT *, CASE WHEN value IS NULL THEN NULL WHEN scale > 0 THEN value / scale ELSE 0 END AS norm
        FROM scaled
      ),
      merged AS (
        SELECT dataset_id, round((sum(weight * norm)
          / nullif(sum(weight) FILTER (WHERE norm IS NOT NULL), 0))::numeric, ${decimals})::float8 AS average
        FROM normalized GROUP BY dataset_id
      ),
      ranked AS (SELECT *, rank() OVER (ORDER BY average DESC NULLS LAST)::int AS rank FROM merged)
      SELECT n.issue_id, n.dataset_id, n.title, n.value, n.issue_rank, n.scale, r.average, r.rank
      FROM normalized n JOIN ranked r ON r.dataset_id = n.dataset_id
      ORDER BY r.rank, lower(n.title), n.dataset_id, n.issue_id`,
  );
  const results: MergeResults = {
    datasets: {},
    order: [],
    issues: Object.fromEntries(issueIds.map((id) => [String(id), {}])),
    issue_ranks: Object.fromEntries(issueIds.map((id) => [String(id), {}])),
    scales: Object.fromEntries(issueIds.map((id) => [String(id), null])),
    issue_merge_infos: merge.issue_merge_infos,
  };
  for (const row of rows) {
    if (!results.datasets[row.dataset_id]) {
      results.datasets[row.dataset_id] = { title: row.title, average: row.average, rank: row.rank };
      results.order.push(row.dataset_id);
    }
    const values = results.issues[row.issue_id];
    if (values) values[row.dataset_id] = row.value;
    const ranks = results.issue_ranks[row.issue_id];
    if (ranks) ranks[row.dataset_id] = row.issue_rank;
    results.scales[row.issue_id] = row.scale;
  }
  return results;
}
