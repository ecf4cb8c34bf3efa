import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/raw-rows.ts';
import { reportCtes } from '../../item-reads/item-values.ts';

/** The fold lock of `report_fold` (reports-fold.sql): one writer of a selection's report tables at a time. */
const foldLock = (issueId: number) => sql`SELECT pg_advisory_xact_lock(712002, ${issueId})`;

/**
 * Whether a rating selection's stored per-criterion figures were written for an earlier fold than the
 * last (or never): `report_folds` counts the folds that took changes in.
 */
export const criterionFiguresStale = (issueId: number) =>
  sql`(coalesce((SELECT resourcetype = 'RatingIssue' FROM issues WHERE id = ${issueId}), false)
    AND NOT EXISTS (
      SELECT 1 FROM report_folds f WHERE f.issue_id = ${issueId} AND f.criterion_figures_fold = f.nb_folds
    ))`;
const isStale = (issueId: number) => sql`SELECT ${criterionFiguresStale(issueId)} AS stale`;

/**
 * Each item's figures per judge and criterion as the report computes them (`criterionNormalisedValues`),
 * written into `report_item_stats` (`crit_*`, and the JSON text as `report_write_normalised` writes the
 * per-judge one); an item left without a value gets nulls. The judges left raw go beside the mark.
 */
const writeFigures = (issueId: number) =>
  sql`WITH ${reportCtes([issueId], { normalised: true, perCriterion: true })}
    UPDATE report_item_stats s SET crit_mean = f.mean, crit_stdev = f.stdev, crit_range = f.range,
      crit_max = f.max_value, crit_figures_json = f.json
    FROM (
      SELECT st.dataset_id, iv.mean, iv.stdev, iv.range, iv.max_value,
        CASE WHEN iv.dataset_id IS NOT NULL THEN '"value":' || coalesce(iv.mean::text, 'null')
          || ',"nb_answers":' || iv.nb_answers || ',"criteria":' || coalesce(st.criteria_json, '[]')
          || ',"stdev":' || coalesce(iv.stdev::text, 'null') || ',"range":' || coalesce(iv.range::text, 'null')
        END AS json
      FROM report_item_stats st
      LEFT JOIN item_values iv ON iv.issue_id = st.issue_id AND iv.dataset_id = st.dataset_id
      WHERE st.issue_id = ${issueId}
    ) f
    WHERE s.issue_id = ${issueId} AND s.dataset_id = f.dataset_id`;

/**
 * Makes a rating selection's per-criterion figures current (decision 126): the first read of that
 * view after a fold that took changes computes them from the answers, once, and the reads after it read
 * 2,000 stored rows, as the per-judge view does. Not in the fold: every answer moves every criterion's
 * scale, hence every item's figures, and a pass over the answers on each fold would cost every selection
 * what only a read of this view needs. Under the fold lock, so that no fold writes the items between the
 * figures and their mark; a refresh under way elsewhere is waited for and its work found done. Call it
 * after the pending changes are folded.
 */
export async function refreshCriterionFigures(db: Db, issueId: number): Promise<void> {
  const [state] = await selectRows<{ stale: boolean }>(db, isStale(issueId));
  if (!state?.stale) return;
  await db.transaction(async (tx) => {
    await tx.execute(foldLock(issueId));
    const [again] = await selectRows<{ stale: boolean }>(tx, isStale(issueId));
    if (!again?.stale) return;
    await tx.execute(writeFigures(issueId));
    await tx.execute(sql`WITH ${reportCtes([issueId], { normalised: true, perCriterion: true })}
      INSERT INTO report_folds AS f (issue_id, nb_folds, criterion_figures_fold, criterion_raw_judges)
      VALUES (${issueId}, 0, 0, (SELECT users FROM raw_judges WHERE issue_id = ${issueId}))
      ON CONFLICT (issue_id) DO UPDATE
      SET criterion_figures_fold = f.nb_folds, criterion_raw_judges = excluded.criterion_raw_judges`);
  });
}

/**
 * The background side (`reportJobs`): the per-criterion figures of each rating selection whose view has been
 * read at least once, made current again once its changes are all folded, so that the next read of that
 * view finds them written. A selection whose view nobody reads pays nothing; one still receiving
 * submissions is left until they pause (a refresh takes the fold lock for a pass over the answers).
 */
export async function refreshReadCriterionFigures(db: Db, isStopped: () => boolean = () => false) {
  const stale = await selectRows<{ issue_id: number }>(
    db,
    sql`SELECT f.issue_id FROM report_folds f JOIN issues i ON i.id = f.issue_id AND i.resourcetype = 'RatingIssue'
      WHERE f.criterion_figures_fold <> f.nb_folds
        AND NOT EXISTS (SELECT 1 FROM report_changes c WHERE c.issue_id = f.issue_id)
      ORDER BY f.issue_id`,
  );
  for (const { issue_id } of stale) {
    if (isStopped()) return;
    await refreshCriterionFigures(db, issue_id);
  }
}
