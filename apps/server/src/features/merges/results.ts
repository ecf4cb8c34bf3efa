import { MERGE_AVERAGE_DECIMALS, type Merge, type MergeResults } from '@shortlist/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { idList, selectRows } from '../../db/raw-rows.ts';
import { itemRanksQuery } from '../../item-reads/item-values.ts';
import { foldReportChanges } from '../reports/fold.ts';

/**
 * The merged ranking as the JSON text of `mergeResultsSchema`, built in one query over the selections'
 * item values and ranks (each item's stored aggregates unless normalised), not their whole reports: Node
 * sends one string instead of mapping 4,000 rows and serialising them through the schema (decision 61).
 * Each selection's values are brought to 0–1 by its scale (rating: divided by max_rating; tokens, picks,
 * comments: by the selection's largest value, all 0 staying 0; pairwise: 1 / (1 + e^−μ), already 0–1). An item's result is the weighted mean of
 * its normalised values over the selections that hold it with a value — a selection without the item, or
 * a rating nobody gave, is left out and the other weights renormalised — rounded to 3 decimals; ranked
 * (1, 2, 2, 4) best first. `normalised` corrects each rating selection's values for judge bias first, as
 * its report does.
 */
export async function getMergeResultsJson(
  ctx: AppContext,
  merge: Merge,
  { normalised = false }: { normalised?: boolean } = {},
): Promise<string> {
  const issueIds = merge.issue_merge_infos.map((info) => info.issue.id);
  const decimals = sql.raw(String(MERGE_AVERAGE_DECIMALS));
  await foldReportChanges(ctx.db, issueIds, { normalised });
  const [row] = await selectRows<{ json: string }>(
    ctx.db,
    sql`WITH item_values AS (${itemRanksQuery(issueIds, { normalised })}),
      scaled AS (
        SELECT v.issue_id, v.dataset_id, v.title, v.value, v.rank AS issue_rank, m.weight,
          CASE WHEN i.resourcetype = 'RatingIssue' THEN i.max_rating
            WHEN i.resourcetype = 'PairwiseIssue' THEN 1
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
        SELECT dataset_id, min(title) AS title, round((sum(weight * norm)
          / nullif(sum(weight) FILTER (WHERE norm IS NOT NULL), 0))::numeric, ${decimals})::float8 AS average
        FROM normalized GROUP BY dataset_id
      ),
      ranked AS (SELECT *, rank() OVER (ORDER BY average DESC NULLS LAST)::int AS rank FROM merged),
      per_issue AS (
        SELECT id AS issue_id, coalesce(v.values, '{}') AS values, coalesce(v.ranks, '{}') AS ranks, v.scale
        FROM unnest(ARRAY[${idList(issueIds)}]::int[]) AS id
        LEFT JOIN (
          SELECT issue_id, json_object_agg(dataset_id, value) AS values,
            json_object_agg(dataset_id, issue_rank) AS ranks, max(scale) AS scale
          FROM normalized GROUP BY issue_id
        ) v ON v.issue_id = id
      )
      SELECT json_build_object(
        'datasets', (SELECT coalesce(json_object_agg(dataset_id,
            json_build_object('title', title, 'average', average, 'rank', rank)
            ORDER BY rank, lower(title), dataset_id), '{}') FROM ranked),
        'order', (SELECT coalesce(json_agg(dataset_id ORDER BY rank, lower(title), dataset_id), '[]') FROM ranked),
        'issues', (SELECT json_object_agg(issue_id, values) FROM per_issue),
        'issue_ranks', (SELECT json_object_agg(issue_id, ranks) FROM per_issue),
        'scales', (SELECT json_object_agg(issue_id, scale) FROM per_issue),
        'issue_merge_infos', ${JSON.stringify(merge.issue_merge_infos.map(({ issue, weight }) => ({ issue: { id: issue.id, title: issue.title, resourcetype: issue.resourcetype, round: issue.round }, weight })))}::json
      )::text AS json`,
  );
  if (!row) throw new Error('no merge results');
  return row.json;
}

/** The merged ranking as an object, for the export. */
export async function getMergeResults(
  ctx: AppContext,
  merge: Merge,
  options: { normalised?: boolean } = {},
): Promise<MergeResults> {
  return JSON.parse(await getMergeResultsJson(ctx, merge, options)) as MergeResults;
}
