import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idList, selectRows } from '../../db/raw-rows.ts';
import type { BackgroundTask } from '../../jobs/worker.ts';
import { refreshReadCriterionFigures } from './criterion-figures.ts';
import {
  normalisedFiguresStale,
  refreshAllNormalisedFigures,
  refreshNormalisedFigures,
} from './normalised-figures.ts';

/** Whether the selection has changes the report tables have not taken in: one index probe, in any statement. */
export const hasPendingChanges = (issueId: number | SQL) =>
  sql`EXISTS (SELECT 1 FROM report_changes c WHERE c.issue_id = ${issueId})`;

/**
 * Takes one selection's pending changes into the report tables (`report_fold`, migration 0031, decision
 * 84), in a transaction of its own, which holds the selection's lock until it commits. A fold under way
 * elsewhere (the background task, another process) is waited for, and its work is then found done.
 */
export async function foldSelection(db: Db, issueId: number): Promise<number> {
  const [row] = await selectRows<{ taken: number }>(db, sql`SELECT report_fold(${issueId}) AS taken`);
  return row?.taken ?? 0;
}

/**
 * Folds the pending changes of each given selection: every read of the report tables calls it first (or
 * asks `hasPendingChanges` in a statement it runs anyway), so that it reads what the answers say; then
 * writes the normalised figures the fold left behind, unless the caller reads the raw ones only. A
 * selection with nothing pending and its figures current costs one statement.
 */
export async function foldReportChanges(
  db: Db,
  issueIds: number[],
  { normalised = true }: { normalised?: boolean } = {},
): Promise<void> {
  if (issueIds.length === 0) return;
  const pending = await selectRows<{ issue_id: number; pending: boolean; stale: boolean }>(
    db,
    sql`SELECT s.issue_id, ${hasPendingChanges(sql`s.issue_id`)} AS pending,
        ${normalised ? normalisedFiguresStale(sql`s.issue_id`) : sql`false`} AS stale
      FROM unnest(ARRAY[${idList(issueIds)}]::int[]) AS s(issue_id)`,
  );
  for (const { issue_id, pending: isPending, stale } of pending) {
    if (isPending) await foldSelection(db, issue_id);
    if (normalised && (isPending || stale)) await refreshNormalisedFigures(db, issue_id);
  }
}

/** The selections with changes pending, oldest first. */
async function pendingIssueIds(db: Db): Promise<number[]> {
  const rows = await selectRows<{ issue_id: number }>(
    db,
    sql`SELECT DISTINCT issue_id FROM report_changes ORDER BY issue_id`,
  );
  return rows.map((row) => row.issue_id);
}

/**
 * Folds every selection with changes pending (`verify-reports`, the background task); answers how many
 * change rows it took in.
 */
export async function foldAllReportChanges(db: Db, isStopped: () => boolean = () => false) {
  let taken = 0;
  // Submissions go on meanwhile: fold again while some are pending, each round taking all of them.
  for (let issueIds = await pendingIssueIds(db); issueIds.length > 0; issueIds = await pendingIssueIds(db)) {
    for (const issueId of issueIds) {
      if (isStopped()) return taken;
      taken += await foldSelection(db, issueId);
    }
  }
  return taken;
}

/**
 * The background fold: while changes are pending, the report tables take them in apart from submissions;
 * then, each on its own, the per-criterion figures of the selections whose view is read (decision 126) and
 * the normalised figures of those whose submissions paused.
 */
export const reportJobs: BackgroundTask[] = [
  async function foldReports(ctx, control) {
    return foldAllReportChanges(ctx.db, control.isStopped);
  },
  async function refreshCriterionFigures(ctx, control) {
    return refreshReadCriterionFigures(ctx.db, control.isStopped);
  },
  async function refreshNormalisedFigures(ctx, control) {
    return refreshAllNormalisedFigures(ctx.db, control.isStopped);
  },
];
