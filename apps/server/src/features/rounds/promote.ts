import {
  ITEM_TYPE_MISMATCH,
  ITEM_TYPE_MISMATCH_DETAIL,
  type Merge,
  NOTHING_TO_PROMOTE,
  NOTHING_TO_PROMOTE_DETAIL,
  PROMOTE_SAME_SELECTION,
  PROMOTE_SAME_SELECTION_DETAIL,
  type PromoteInput,
  type PromoteResult,
  type PromotionSourceType,
  roundTitle,
} from '@shortlist/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { issueDatasets, issues, itemPromotions } from '../../db/schema/index.ts';
import { notFound, refusal } from '../../http/errors.ts';
import { idsChange, recordAudit, selectionEntry } from '../audit/record.ts';
import { type RankedItem, selectionRanking } from '../reports/ranking.ts';
import { toValueFilters } from '../reports/summary.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import { chooseItems, mergeRanking, selectorOf } from './candidates.ts';
import { createNextRound } from './new-round.ts';

/** What items are promoted from: a selection's report, or a merge's results over its selections. */
export type PromotionSource =
  | { type: 'selection'; issue: IssueRow }
  | { type: 'merge'; merge: Merge; issues: IssueRow[] };

/** The merged selections' rows, in the merge's order (its first is the template of a new round). */
export async function mergeIssues(ctx: AppContext, merge: Merge) {
  const ids = merge.issue_merge_infos.map((info) => info.issue.id);
  const rows = ids.length > 0 ? await ctx.db.select().from(issues).where(inArray(issues.id, ids)) : [];
  return ids.flatMap((id) => rows.filter((row) => row.id === id));
}

function describe(source: PromotionSource) {
  if (source.type === 'selection') {
    const { issue } = source;
    return { type: 'selection' as PromotionSourceType, id: issue.id, title: issue.title, round: issue.round };
  }
  const round = Math.max(1, ...source.issues.map((issue) => issue.round));
  return { type: 'merge' as PromotionSourceType, id: source.merge.id, title: source.merge.title, round };
}

/** The target named by id: the team's (else 404), not the source, of the source's item type. */
async function requireTarget(ctx: AppContext, source: PromotionSource, targetId: number, template: IssueRow) {
  const [target] = await ctx.db.select().from(issues).where(eq(issues.id, targetId));
  if (!target || target.teamId !== template.teamId) throw notFound();
  if (source.type === 'selection' && target.id === source.issue.id)
    throw refusal(PROMOTE_SAME_SELECTION, PROMOTE_SAME_SELECTION_DETAIL);
  if (target.dataModelId !== template.dataModelId)
    throw refusal(ITEM_TYPE_MISMATCH, ITEM_TYPE_MISMATCH_DETAIL);
  return target;
}

/**
 * Puts the chosen items of the source's ranking into the target — an existing selection, or the next round
 * created from the source — in one transaction: the items not there yet are added (the others counted as
 * `already`), each remembers its source, rank and value (`item_promotions`), the target's round becomes at
 * least the source's + 1, and the change is audited and told to the `item.promoted` webhooks.
 */
export async function promoteItems(
  ctx: AppContext,
  source: PromotionSource,
  input: PromoteInput,
): Promise<PromoteResult> {
  const sourceIssues = source.type === 'selection' ? [source.issue] : source.issues;
  const [template] = sourceIssues;
  if (!template) throw notFound();
  if (sourceIssues.some((issue) => issue.dataModelId !== template.dataModelId))
    throw refusal(ITEM_TYPE_MISMATCH, ITEM_TYPE_MISMATCH_DETAIL);
  const existing = input.target === null ? null : await requireTarget(ctx, source, input.target, template);
  const ranking: RankedItem[] =
    source.type === 'selection'
      ? await selectionRanking(ctx.db, source.issue.id, toValueFilters(input))
      : await mergeRanking(ctx, source.merge, input);
  const chosen = await chooseItems(ctx, template.teamId, ranking, input);
  if (chosen.length === 0) throw refusal(NOTHING_TO_PROMOTE, NOTHING_TO_PROMOTE_DETAIL);
  const from = describe(source);
  const selector = selectorOf(input);

  return ctx.db.transaction(async (tx) => {
    const target =
      existing ??
      (await createNextRound(tx, template, {
        title: roundTitle(from.title, from.round + 1),
        round: from.round + 1,
        copyJudges: input.copy_judges,
        copyCriteria: input.copy_criteria,
        copySettings: input.copy_settings,
      }));
    const addedRows = await tx
      .insert(issueDatasets)
      .values(chosen.map((item) => ({ issueId: target.id, datasetId: item.datasetId })))
      .onConflictDoNothing()
      .returning({ id: issueDatasets.datasetId });
    const addedIds = new Set(addedRows.map((row) => row.id));
    const added = chosen.filter((item) => addedIds.has(item.datasetId));
    if (added.length > 0) {
      const step = {
        teamId: template.teamId,
        targetIssueId: target.id,
        sourceType: from.type,
        sourceIssueId: from.type === 'selection' ? from.id : null,
        sourceMergeId: from.type === 'merge' ? from.id : null,
        sourceTitle: from.title,
        sourceRound: from.round,
        selector,
      };
      // An item that had left the target since an earlier promotion takes this one's path instead.
      await tx
        .insert(itemPromotions)
        .values(
          added.map((item) => ({ ...step, datasetId: item.datasetId, rank: item.rank, value: item.value })),
        )
        .onConflictDoUpdate({
          target: [itemPromotions.targetIssueId, itemPromotions.datasetId],
          set: {
            sourceType: sql`excluded.source_type`,
            sourceIssueId: sql`excluded.source_issue_id`,
            sourceMergeId: sql`excluded.source_merge_id`,
            sourceTitle: sql`excluded.source_title`,
            sourceRound: sql`excluded.source_round`,
            selector: sql`excluded.selector`,
            rank: sql`excluded.rank`,
            value: sql`excluded.value`,
            createTime: sql`now()`,
          },
        });
    }
    let round = target.round;
    if (existing && existing.round <= from.round) {
      round = from.round + 1;
      await tx.update(issues).set({ round }).where(eq(issues.id, existing.id));
    }
    await recordAudit(tx, {
      ...selectionEntry(target),
      action: 'selection.items_promoted',
      changes: {
        source: [null, `${from.type} ${from.id}: ${from.title}`],
        selector: [null, selector],
        ...idsChange(
          'items_added',
          added.map((item) => item.datasetId),
          'added',
        ),
        already: [null, chosen.length - added.length],
        ...(round !== target.round ? { round: [target.round, round] } : {}),
      },
    });
    if (added.length > 0)
      await emitWebhookEvent(
        tx,
        template.teamId,
        'item.promoted',
        {
          source: from,
          target: { id: target.id, title: target.title, round },
          items: added.map((item) => ({
            id: item.datasetId,
            title: item.title,
            rank: item.rank,
            value: item.value,
          })),
        },
        { itemIds: added.map((item) => item.datasetId) },
      );
    return { issue: target.id, added: added.length, already: chosen.length - added.length };
  });
}
