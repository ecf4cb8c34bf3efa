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
 * The least time between the starts of two background folds while changes keep coming. A fold pays for
 * every item its judges moved (their criterion sums, item sums and JSON: ~0.1–0.3 s at 2,000 items × 5
 * criteria) whether one judge moved them or twenty: during a burst of first submissions, folds back to
 * back took four judges each (decision 236). A fold longer than this is followed at once, so that the
 * last one after a burst holds no more than it would have. Reads do not wait: each folds what is pending.
 */
export const FOLD_EVERY_MS = 2_000;

/** Resolves after `ms` (at once if not positive), or sooner once the worker stops. */
async function pause(ms: number, isStopped: () => boolean) {
  for (const until = Date.now() + ms; Date.now() < until && !isStopped(); ) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(100, until - Date.now())));
  }
}

/**
 * Folds every selection with changes pending (`verify-reports`, the background task), and again while
 * more come, a round with changes already waiting starting `everyMs` after the one before; answers how
 * many change rows it took in.
 */
export async function foldAllReportChanges(
  db: Db,
  { isStopped = () => false, everyMs = 0 }: { isStopped?: () => boolean; everyMs?: number } = {},
) {
  let taken = 0;
  let issueIds = await pendingIssueIds(db);
  while (issueIds.length > 0) {
    const roundStart = Date.now();
    for (const issueId of issueIds) {
      if (isStopped()) return taken;
      taken += await foldSelection(db, issueId);
    }
    issueIds = await pendingIssueIds(db);
    // Changes came during the round: let more gather until the turn is over. None: stop, and the next
    // tick looks again (waiting out the turn anyway made the embedded engine fold more often, not less).
    if (issueIds.length > 0 && everyMs > 0) {
      await pause(roundStart + everyMs - Date.now(), isStopped);
      issueIds = await pendingIssueIds(db);
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
    return foldAllReportChanges(ctx.db, { isStopped: control.isStopped, everyMs: FOLD_EVERY_MS });
  },
  async function refreshCriterionFigures(ctx, control) {
    return refreshReadCriterionFigures(ctx.db, control.isStopped);
  },
  async function refreshNormalisedFigures(ctx, control) {
    return refreshAllNormalisedFigures(ctx.db, control.isStopped);
  },
];
