import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  figuresStale,
  refreshLaggingFigures,
  refreshStoredFigures,
  type StoredFigures,
} from './stored-figures.ts';

/**
 * A rating selection's normalised figures per judge (`norm_*` of `report_item_stats`, written by
 * `report_write_normalised`, reports-fold.sql). Every change moves the selection's mean and σ, hence every
 * item's figures, and where the scale cuts they are a pass over every value of the selection: a sixth of
 * a fold round's CPU at 300 judges, which each round of a burst paid while the raw report waited
 * (issue 57, point 3). So the fold leaves them behind, and the first read that needs them writes them
 * (migration 0053), or the background once submissions pause.
 */
const normalisedFigures: StoredFigures = {
  isStale: (issueId) => figuresStale(issueId, 'norm_figures_fold'),
  async write(tx, issueId) {
    // Without JIT, as in the fold that wrote them before: compiling the statement cost more than running it
    // (bench/fold-scale.ts: 1.9–2.6 s of CPU against 0.15–0.25 at 300 judges × 2,000 items).
    await tx.execute(sql`SET LOCAL jit = off`);
    await tx.execute(sql`SELECT report_write_normalised(${issueId})`);
    await tx.execute(sql`INSERT INTO report_folds AS f (issue_id, nb_folds, norm_figures_fold)
      VALUES (${issueId}, 0, 0) ON CONFLICT (issue_id) DO UPDATE SET norm_figures_fold = f.nb_folds`);
  },
  // Once no judge has submitted for 10 s: between two rounds of a burst the refresh would hold the fold
  // lock that the next round, and the raw report's read behind it, wait for.
  lags: sql`f.norm_figures_fold IS DISTINCT FROM f.nb_folds AND NOT EXISTS (
    SELECT 1 FROM issue_submissions s WHERE s.issue_id = f.issue_id AND s.update_time > now() - interval '10 seconds')`,
};

/** Whether the selection's normalised figures per judge are behind its folds (a boolean SQL). */
export const normalisedFiguresStale = normalisedFigures.isStale;

/** Makes them current; call it after the pending changes are folded. */
export const refreshNormalisedFigures = (db: Db, issueId: number) =>
  refreshStoredFigures(db, normalisedFigures, issueId);

/** The background side (`reportJobs`): every rating selection's, once its submissions pause. */
export const refreshAllNormalisedFigures = (db: Db, isStopped: () => boolean = () => false) =>
  refreshLaggingFigures(db, normalisedFigures, isStopped);
