import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/raw-rows.ts';

/** The fold lock of `report_fold` (reports-fold.sql): one writer of a selection's report tables at a time. */
const foldLock = (issueId: number) => sql`SELECT pg_advisory_xact_lock(712002, ${issueId})`;

/**
 * Whether a rating selection's figures marked by `column` of `report_folds` were written for an earlier
 * fold than the last (or never): `report_folds` counts the folds that took changes in.
 */
export const figuresStale = (issueId: number | SQL, column: 'criterion_figures_fold' | 'norm_figures_fold') =>
  sql`(coalesce((SELECT resourcetype = 'RatingIssue' FROM issues WHERE id = ${issueId}), false)
    AND NOT EXISTS (
      SELECT 1 FROM report_folds f WHERE f.issue_id = ${issueId} AND f.${sql.raw(column)} = f.nb_folds
    ))`;

/** Figures of `report_item_stats` that a read writes when the fold left them behind, and how they are marked. */
export interface StoredFigures {
  /** Whether the selection's figures were written for an earlier fold than the last (a boolean SQL). */
  isStale: (issueId: number | SQL) => SQL;
  /** Writes them and marks them current in `report_folds`, under the fold lock. */
  write: (tx: Db, issueId: number) => Promise<unknown>;
  /** Which rows of `report_folds f` the background makes current once submissions pause. */
  lags: SQL;
}

/**
 * Makes a selection's stored figures current: under the fold lock, so that no fold writes the items
 * between the figures and their mark; a refresh under way elsewhere is waited for and its work found done.
 * Call it after the pending changes are folded.
 */
export async function refreshStoredFigures(db: Db, figures: StoredFigures, issueId: number): Promise<void> {
  const isStale = sql`SELECT ${figures.isStale(issueId)} AS stale`;
  const [state] = await selectRows<{ stale: boolean }>(db, isStale);
  if (!state?.stale) return;
  await db.transaction(async (tx) => {
    await tx.execute(foldLock(issueId));
    const [again] = await selectRows<{ stale: boolean }>(tx, isStale);
    if (again?.stale) await figures.write(tx, issueId);
  });
}

/**
 * The background side: the figures of each rating selection whose mark lags its folds (`lags`), made
 * current once its changes are all folded (a selection still receiving submissions is left until they
 * pause: a refresh takes the fold lock), so that the next read finds them written.
 */
export async function refreshLaggingFigures(db: Db, figures: StoredFigures, isStopped: () => boolean) {
  const lagging = await selectRows<{ issue_id: number }>(
    db,
    sql`SELECT f.issue_id FROM report_folds f JOIN issues i ON i.id = f.issue_id AND i.resourcetype = 'RatingIssue'
      WHERE ${figures.lags}
        AND NOT EXISTS (SELECT 1 FROM report_changes c WHERE c.issue_id = f.issue_id)
      ORDER BY f.issue_id`,
  );
  for (const { issue_id } of lagging) {
    if (isStopped()) return;
    await refreshStoredFigures(db, figures, issue_id);
  }
}
