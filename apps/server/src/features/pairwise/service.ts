import {
  CONFLICT_OF_INTEREST,
  CONFLICT_OF_INTEREST_DETAIL,
  defaultShortlistSize,
  PAIRWISE_STALE,
  PAIRWISE_STALE_DETAIL,
  type PairwiseItem,
  type PairwiseState,
  type PairwiseVote,
} from '@shortlist/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { assertIssueOpen, type IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import {
  datasets,
  issueDatasets,
  pairwiseItems,
  pairwiseJudges,
  pairwiseSeen,
  pairwiseVotes,
} from '../../db/schema/index.ts';
import { forbidden, refusal } from '../../http/errors.ts';
import type { Answerer } from '../judging/answerer.ts';
import { loadBlind, withJudgeTitles } from '../judging/blind.ts';
import { loadConflictedItemIds } from '../judging/conflicts.ts';
import { loadAccessibleItemIds } from '../judging/items.ts';
import { loadBusyItemIds, loadItemBeliefs, lockItems, lockJudge } from './beliefs.ts';
import { applyVote } from './crowd-bt.ts';
import { chooseNearCutoff, eligibleItems, pairKey } from './dispatch.ts';

type JudgeAnswerer = Extract<Answerer, { kind: 'judge' }>;
type JudgeRow = Awaited<ReturnType<typeof lockJudge>>;

/**
 * What the judge may be shown at all (their items, less those they have a conflict with), what they were
 * shown and the pairs they voted on: read once per request, under the judge's row lock, and kept current by
 * `dispatch` and `recordVote`.
 */
interface JudgeItems {
  mine: Set<number>;
  shown: Map<number, number>;
  skipped: Set<number>;
  pairs: Set<string>;
}

async function loadJudgeItems(ctx: AppContext, answerer: JudgeAnswerer): Promise<JudgeItems> {
  const { issue, access } = answerer;
  // In the vote's transaction: one query at a time on its connection (pg 9 refuses more).
  const mine = await loadAccessibleItemIds(ctx, answerer);
  const conflicts = await loadConflictedItemIds(ctx, access.id);
  const seen = await ctx.db
    .select({ id: pairwiseSeen.datasetId, times: pairwiseSeen.times, skipped: pairwiseSeen.skipped })
    .from(pairwiseSeen)
    .where(eq(pairwiseSeen.accessId, access.id));
  const votes = await ctx.db
    .select({ winner: pairwiseVotes.winnerId, loser: pairwiseVotes.loserId })
    .from(pairwiseVotes)
    .where(and(eq(pairwiseVotes.issueId, issue.id), eq(pairwiseVotes.userId, access.userId)));
  for (const id of conflicts) mine.delete(id);
  return {
    mine,
    shown: new Map(seen.map((row) => [row.id, row.times])),
    skipped: new Set(seen.filter((row) => row.skipped).map((row) => row.id)),
    pairs: new Set(votes.map((row) => pairKey(row.winner, row.loser))),
  };
}

/** Chooses the judge's next item (under their row's lock) and puts it on their screen; null when none is left. */
async function dispatch(
  ctx: AppContext,
  answerer: JudgeAnswerer,
  history: JudgeItems,
  judge: JudgeRow,
  previousId: number | null,
) {
  const { issue, access } = answerer;
  const items = await loadItemBeliefs(ctx, issue.id);
  const busy = await loadBusyItemIds(ctx, issue.id, access.id);
  const eligible = eligibleItems(items, (id) => history.mine.has(id) && !busy.has(id), history, previousId);
  const nextId = chooseNearCutoff({
    items,
    eligible,
    previous: items.find((item) => item.id === previousId) ?? null,
    judge,
    cutoff: issue.shortlistSize ?? defaultShortlistSize(items.length),
    random: Math.random,
  });
  if (nextId !== null) {
    await ctx.db
      .insert(pairwiseSeen)
      .values({ accessId: access.id, datasetId: nextId })
      .onConflictDoUpdate({
        target: [pairwiseSeen.accessId, pairwiseSeen.datasetId],
        set: { times: sql`${pairwiseSeen.times} + 1` },
      });
    history.shown.set(nextId, (history.shown.get(nextId) ?? 0) + 1);
  }
  await ctx.db
    .update(pairwiseJudges)
    .set({ previousId, nextId, shownAt: nextId === null ? null : new Date() })
    .where(eq(pairwiseJudges.accessId, access.id));
}

/** The two items on screen as judges see them: a title hidden by blind review is "Item N" (judging/blind.ts). */
async function loadPairItems(
  ctx: AppContext,
  issue: IssueRow,
  ids: number[],
): Promise<Map<number, PairwiseItem>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({
      id: datasets.id,
      title: datasets.title,
      description: datasets.description,
      number: issueDatasets.number,
    })
    .from(datasets)
    .innerJoin(
      issueDatasets,
      and(eq(issueDatasets.datasetId, datasets.id), eq(issueDatasets.issueId, issue.id)),
    )
    .where(inArray(datasets.id, ids));
  const shown = await withJudgeTitles(ctx, await loadBlind(ctx, issue), rows);
  return new Map(shown.map(({ id, title, description }) => [id, { id, title, description }]));
}

/** The judge's screen as stored, with their counts. */
async function toState(
  ctx: AppContext,
  answerer: JudgeAnswerer,
  { mine, shown, pairs }: JudgeItems,
): Promise<PairwiseState> {
  const { issue, access } = answerer;
  const [judge] = await ctx.db.select().from(pairwiseJudges).where(eq(pairwiseJudges.accessId, access.id));
  const previousId = judge?.previousId ?? null;
  const nextId = judge?.nextId ?? null;
  const onScreen = await loadPairItems(
    ctx,
    issue,
    [previousId, nextId].filter((id) => id !== null),
  );
  const seenOfMine = [...mine].filter((id) => shown.has(id)).length;
  return {
    previous: previousId === null ? null : (onScreen.get(previousId) ?? null),
    next: nextId === null ? null : (onScreen.get(nextId) ?? null),
    // A pair is voted on once by a judge: their pairs are their votes.
    votes: pairs.size,
    seen: seenOfMine,
    items: mine.size,
    done: nextId === null && seenOfMine >= mine.size,
  };
}

/** A preview shows the admin the page's first screen without changing anything. */
async function previewState(ctx: AppContext, answerer: Extract<Answerer, { kind: 'preview' }>) {
  const mine = await loadAccessibleItemIds(ctx, answerer);
  const [first] = [...mine].sort((a, b) => a - b);
  const shown = await loadPairItems(ctx, answerer.issue, first === undefined ? [] : [first]);
  return {
    previous: null,
    next: first === undefined ? null : (shown.get(first) ?? null),
    votes: 0,
    seen: 0,
    items: mine.size,
    done: false,
  } satisfies PairwiseState;
}

/** The pair on the judge's screen; the first visit (or one after every item was busy) chooses their next item. */
export async function loadPairwiseState(ctx: AppContext, answerer: Answerer): Promise<PairwiseState> {
  requirePairwise(answerer);
  if (answerer.kind === 'preview') return previewState(ctx, answerer);
  return ctx.db.transaction(async (tx) => {
    const now = { ...ctx, db: tx };
    const judge = await lockJudge(now, answerer.issue.id, answerer.access.id);
    const judgeItems = await loadJudgeItems(now, answerer);
    if (judge.nextId === null && answerer.issue.status === 'open')
      await dispatch(now, answerer, judgeItems, judge, judge.previousId);
    return toState(now, answerer, judgeItems);
  });
}

function requirePairwise(answerer: Answerer) {
  if (answerer.issue.resourcetype !== 'PairwiseIssue')
    throw refusal('NOT_PAIRWISE', 'This selection does not compare items in pairs.');
}

/**
 * A vote (or a skip) on the pair on screen, then the next item, in one transaction: the judge's row and the
 * two items' rows are locked, so concurrent judges each update the beliefs the other left.
 */
export async function votePairwise(
  ctx: AppContext,
  answerer: Answerer,
  vote: PairwiseVote,
): Promise<PairwiseState> {
  requirePairwise(answerer);
  if (answerer.kind === 'preview') throw forbidden('The preview cannot vote.');
  assertIssueOpen(answerer.issue);
  const { issue, access } = answerer;
  return ctx.db.transaction(async (tx) => {
    const now = { ...ctx, db: tx };
    const judge = await lockJudge(now, issue.id, access.id);
    if (judge.nextId !== vote.next) throw refusal(PAIRWISE_STALE, PAIRWISE_STALE_DETAIL, 409);
    const previousId = judge.previousId;
    const judgeItems = await loadJudgeItems(now, answerer);
    if (vote.choice === 'skip') {
      await now.db
        .update(pairwiseSeen)
        .set({ skipped: true })
        .where(and(eq(pairwiseSeen.accessId, access.id), eq(pairwiseSeen.datasetId, vote.next)));
      judgeItems.skipped.add(vote.next);
      await dispatch(now, answerer, judgeItems, judge, previousId);
      return toState(now, answerer, judgeItems);
    }
    if (previousId !== null) {
      // A conflict declared since the pair was shown: the pair takes no vote (docs/judging.md).
      const { mine } = judgeItems;
      if (!mine.has(previousId) || !mine.has(vote.next))
        throw refusal(CONFLICT_OF_INTEREST, CONFLICT_OF_INTEREST_DETAIL);
      const [winnerId, loserId] = vote.choice === 'next' ? [vote.next, previousId] : [previousId, vote.next];
      await recordVote(now, { issueId: issue.id, userId: access.userId, judge, winnerId, loserId });
      judgeItems.pairs.add(pairKey(winnerId, loserId));
    }
    await dispatch(now, answerer, judgeItems, judge, vote.next);
    return toState(now, answerer, judgeItems);
  });
}

async function recordVote(
  ctx: AppContext,
  v: { issueId: number; userId: number; judge: JudgeRow; winnerId: number; loserId: number },
) {
  const rows = await lockItems(ctx, v.issueId, [v.winnerId, v.loserId]);
  const winner = rows.get(v.winnerId);
  const loser = rows.get(v.loserId);
  if (!winner || !loser) throw new Error('pairwise item rows missing');
  const after = applyVote(v.judge, winner, loser);
  const save = (row: typeof winner, belief: { mu: number; sigmaSq: number }) =>
    ctx.db
      .update(pairwiseItems)
      .set({ ...belief, comparisons: row.comparisons + 1 })
      .where(and(eq(pairwiseItems.issueId, v.issueId), eq(pairwiseItems.datasetId, row.datasetId)));
  await save(winner, after.winner);
  await save(loser, after.loser);
  await ctx.db.update(pairwiseJudges).set(after.judge).where(eq(pairwiseJudges.accessId, v.judge.accessId));
  await ctx.db
    .insert(pairwiseVotes)
    .values({ issueId: v.issueId, userId: v.userId, winnerId: v.winnerId, loserId: v.loserId });
}
