import { and, eq, inArray, sql } from 'drizzle-orm';
import { requireRowsOfTeam } from '../../access/rows-of-team.ts';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  datasets,
  issueAccessDatasets,
  issueAccesses,
  issueAnswers,
  issueComments,
  issueDatasets,
} from '../../db/schema/index.ts';
import { idsChange, recordAudit, selectionEntry } from '../audit/record.ts';

/** Adds items of the selection's team; any other id refuses the whole request. */
export async function addIssueDatasets(ctx: AppContext, issue: IssueRow, ids: number[]) {
  const wanted = [...new Set(ids)];
  await requireRowsOfTeam(ctx.db, datasets, issue.teamId, wanted, 'datasets');
  await ctx.db.transaction(async (tx) => {
    const added = await tx
      .insert(issueDatasets)
      .values(wanted.map((datasetId) => ({ issueId: issue.id, datasetId })))
      .onConflictDoNothing()
      .returning({ id: issueDatasets.datasetId });
    if (added.length > 0)
      await recordAudit(tx, {
        ...selectionEntry(issue),
        action: 'selection.items_added',
        changes: idsChange(
          'items_added',
          added.map((row) => row.id),
          'added',
        ),
      });
  });
  return { datasets: wanted };
}

/**
 * Takes items out of the selection with everything judges gave them there (answers, comments,
 * per-judge access), in one transaction. Ids not in the selection are ignored.
 */
export async function removeIssueDatasets(ctx: AppContext, issue: IssueRow, ids: number[]) {
  const wanted = [...new Set(ids)];
  await ctx.db.transaction((tx) => removeItemsFromIssue(tx, issue, wanted));
  return { datasets: wanted };
}

/** The removal in the caller's transaction: also an erasure's, for the open selections (docs/privacy.md). */
export async function removeItemsFromIssue(tx: Db, issue: Pick<IssueRow, 'id' | 'teamId'>, wanted: number[]) {
  const inIssue = <T extends typeof issueAnswers | typeof issueComments | typeof issueDatasets>(table: T) =>
    and(eq(table.issueId, issue.id), inArray(table.datasetId, wanted));
  const answers = await tx
    .delete(issueAnswers)
    .where(inIssue(issueAnswers))
    .returning({ id: issueAnswers.id });
  const comments = await tx
    .delete(issueComments)
    .where(inIssue(issueComments))
    .returning({ id: issueComments.id });
  await tx
    .delete(issueAccessDatasets)
    .where(
      and(
        inArray(issueAccessDatasets.datasetId, wanted),
        inArray(
          issueAccessDatasets.accessId,
          sql`(select ${issueAccesses.id} from ${issueAccesses} where ${eq(issueAccesses.issueId, issue.id)})`,
        ),
      ),
    );
  const removed = await tx
    .delete(issueDatasets)
    .where(inIssue(issueDatasets))
    .returning({ id: issueDatasets.datasetId });
  if (removed.length > 0)
    await recordAudit(tx, {
      ...selectionEntry(issue),
      action: 'selection.items_removed',
      changes: {
        ...idsChange(
          'items_removed',
          removed.map((row) => row.id),
          'removed',
        ),
        answers: [answers.length, 0],
        comments: [comments.length, 0],
      },
    });
}
