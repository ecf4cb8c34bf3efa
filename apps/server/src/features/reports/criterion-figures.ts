import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reportCtes } from '../../item-reads/item-values.ts';
import {
  figuresStale,
  refreshLaggingFigures,
  refreshStoredFigures,
  type StoredFigures,
} from './stored-figures.ts';

/** Whether a rating selection's stored per-criterion figures are behind its folds. */
export const criterionFiguresStale = (issueId: number | SQL) =>
  figuresStale(issueId, 'criterion_figures_fold');

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
 * A rating selection's per-criterion figures (decision 126): the first read of that view after a fold
 * that took changes computes them from the answers, once, and the reads after it read 2,000 stored rows,
 * as the per-judge view does. Not in the fold: every answer moves every criterion's scale, hence every
 * item's figures, and a pass over the answers on each fold would cost every selection what only a read of
 * this view needs. The background refreshes those of a selection whose view has been read at least once.
 */
const criterionFigures: StoredFigures = {
  isStale: criterionFiguresStale,
  async write(tx, issueId) {
    await tx.execute(writeFigures(issueId));
    await tx.execute(sql`WITH ${reportCtes([issueId], { normalised: true, perCriterion: true })}
      INSERT INTO report_folds AS f (issue_id, nb_folds, criterion_figures_fold, criterion_raw_judges)
      VALUES (${issueId}, 0, 0, (SELECT users FROM raw_judges WHERE issue_id = ${issueId}))
      ON CONFLICT (issue_id) DO UPDATE
      SET criterion_figures_fold = f.nb_folds, criterion_raw_judges = excluded.criterion_raw_judges`);
  },
  lags: sql`f.criterion_figures_fold <> f.nb_folds`,
};

/** Makes a rating selection's per-criterion figures current; call it after the pending changes are folded. */
export const refreshCriterionFigures = (db: Db, issueId: number) =>
  refreshStoredFigures(db, criterionFigures, issueId);

/** The background side (`reportJobs`): a selection whose view nobody reads pays nothing. */
export const refreshReadCriterionFigures = (db: Db, isStopped: () => boolean = () => false) =>
  refreshLaggingFigures(db, criterionFigures, isStopped);
