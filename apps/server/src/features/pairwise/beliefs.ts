import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { issueDatasets, pairwiseItems, pairwiseJudges } from '../../db/schema/index.ts';
import { ALPHA_PRIOR, BETA_PRIOR, MU_PRIOR, SIGMA_SQ_PRIOR } from './crowd-bt.ts';
import type { DispatchItem } from './dispatch.ts';

/** An item shown to a judge stays theirs this long: not dispatched to another judge meanwhile. */
export const BUSY_MS = 5 * 60 * 1000;

/** Every item of the selection with its belief; an item never voted on holds the prior. */
export async function loadItemBeliefs(ctx: AppContext, issueId: number): Promise<DispatchItem[]> {
  const rows = await ctx.db
    .select({
      id: issueDatasets.datasetId,
      mu: sql<number>`coalesce(${pairwiseItems.mu}, ${MU_PRIOR})`,
      sigmaSq: sql<number>`coalesce(${pairwiseItems.sigmaSq}, ${SIGMA_SQ_PRIOR})`,
      comparisons: sql<number>`coalesce(${pairwiseItems.comparisons}, 0)::int`,
    })
    .from(issueDatasets)
    .leftJoin(
      pairwiseItems,
      and(
        eq(pairwiseItems.issueId, issueDatasets.issueId),
        eq(pairwiseItems.datasetId, issueDatasets.datasetId),
      ),
    )
    .where(eq(issueDatasets.issueId, issueId));
  return rows.map((row) => ({ ...row, mu: Number(row.mu), sigmaSq: Number(row.sigmaSq) }));
}

/** Items on another judge's screen, shown within BUSY_MS. */
export async function loadBusyItemIds(
  ctx: AppContext,
  issueId: number,
  accessId: number,
): Promise<Set<number>> {
  const rows = await ctx.db
    .select({ id: pairwiseJudges.nextId })
    .from(pairwiseJudges)
    .where(
      and(
        eq(pairwiseJudges.issueId, issueId),
        ne(pairwiseJudges.accessId, accessId),
        gt(pairwiseJudges.shownAt, new Date(Date.now() - BUSY_MS)),
      ),
    );
  return new Set(rows.flatMap((row) => (row.id === null ? [] : [row.id])));
}

/** The judge's row, created with the prior on first use, locked until the transaction ends. */
export async function lockJudge(ctx: AppContext, issueId: number, accessId: number) {
  await ctx.db
    .insert(pairwiseJudges)
    .values({ accessId, issueId, alpha: ALPHA_PRIOR, beta: BETA_PRIOR })
    .onConflictDoNothing();
  const [row] = await ctx.db
    .select()
    .from(pairwiseJudges)
    .where(eq(pairwiseJudges.accessId, accessId))
    .for('update');
  if (!row) throw new Error('pairwise judge row missing');
  return row;
}

/**
 * The two items' rows, created with the prior on first vote, locked in id order: two votes sharing an item
 * wait for each other instead of both reading the old belief, and never deadlock.
 */
export async function lockItems(ctx: AppContext, issueId: number, ids: [number, number]) {
  await ctx.db
    .insert(pairwiseItems)
    .values(ids.map((datasetId) => ({ issueId, datasetId, mu: MU_PRIOR, sigmaSq: SIGMA_SQ_PRIOR })))
    .onConflictDoNothing();
  const rows = await ctx.db
    .select()
    .from(pairwiseItems)
    .where(and(eq(pairwiseItems.issueId, issueId), inArray(pairwiseItems.datasetId, ids)))
    .orderBy(pairwiseItems.datasetId)
    .for('update');
  return new Map(rows.map((row) => [row.datasetId, row]));
}
