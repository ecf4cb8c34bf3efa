import { type AssignAccess, type AssignmentQuality, BID_BONUS_DEFAULTS, type Bid } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { issueAccesses, issueBids } from '../../db/schema/index.ts';
import { affinityOf, loadJudgeTexts, onAssignmentWorker, saveSettings } from './affinity-matrix.ts';
import { loadItemTexts } from './item-texts.ts';
import { assignmentQuality } from './quality.ts';
import { BID_CODE } from './solve.ts';

interface Pair {
  itemId: number;
  judgeId: number;
}

export interface ExpertiseAssignment {
  added: Pair[];
  loads: Map<number, number>;
  shortItems: Map<number, number>;
  quality: AssignmentQuality;
  solveMs: number;
}

/** The selection's bids by access id and item id. */
export async function loadBids(ctx: AppContext, issueId: number): Promise<Map<string, Bid>> {
  const rows = await ctx.db
    .select({ accessId: issueBids.accessId, datasetId: issueBids.datasetId, bid: issueBids.bid })
    .from(issueBids)
    .innerJoin(issueAccesses, eq(issueAccesses.id, issueBids.accessId))
    .where(eq(issueAccesses.issueId, issueId));
  return new Map(rows.map((row) => [`${row.accessId}:${row.datasetId}`, row.bid as Bid]));
}

/**
 * `by: expertise` (decisions 198–200): the items' and judges' affinities and bids into the solver on the
 * worker thread; the pairs it adds, each judge's load, the items left short and the quality, whose LP bound
 * is kept for hand adjustments (`pairs.ts`). `demand`: judges wanted per item id (kept pairs count).
 */
export async function assignByExpertise(
  ctx: AppContext,
  issue: IssueRow,
  input: AssignAccess,
  data: { itemIds: number[]; existing: Pair[]; conflicts: Pair[]; demand?: Map<number, number> },
): Promise<ExpertiseAssignment> {
  const [items, judges, bids] = await Promise.all([
    loadItemTexts(ctx, issue),
    loadJudgeTexts(ctx, issue),
    loadBids(ctx, issue.id),
  ]);
  const n = items.length;
  const m = judges.length;
  const { source, affinity } = await affinityOf(ctx, issue, items, judges);
  const itemIndex = new Map(items.map((item, i) => [item.id, i]));
  const judgeIndex = new Map(judges.map((judge, j) => [judge.accessId, j]));
  const cellOf = (pair: Pair) => {
    const i = itemIndex.get(pair.itemId);
    const j = judgeIndex.get(pair.judgeId);
    return i === undefined || j === undefined ? -1 : i * m + j;
  };
  const bid = new Uint8Array(n * m);
  const conflict = new Uint8Array(n * m);
  const kept = new Uint8Array(n * m);
  for (const [key, value] of bids) {
    const [judgeId, itemId] = key.split(':').map(Number) as [number, number];
    const cell = cellOf({ itemId, judgeId });
    if (cell >= 0) bid[cell] = BID_CODE[value];
  }
  for (const pair of data.conflicts) {
    const cell = cellOf(pair);
    if (cell >= 0) conflict[cell] = 1;
  }
  for (const pair of data.existing) {
    const cell = cellOf(pair);
    if (cell >= 0 && !conflict[cell]) kept[cell] = 1;
  }
  const demand = new Int32Array(n);
  items.forEach((item, i) => {
    demand[i] = data.demand ? (data.demand.get(item.id) ?? 0) : input.judges_per_item;
  });
  const bonus = { ...BID_BONUS_DEFAULTS, ...input.bid_bonus };
  const reply = await onAssignmentWorker({
    kind: 'solve',
    input: {
      n,
      m,
      affinity,
      bid,
      conflict,
      kept,
      demand,
      maxPerJudge: input.max_items_per_judge,
      bonus,
      fairness: input.fairness ?? false,
      maxPairProbability: input.max_pair_probability ?? 1,
      seed: input.seed ?? Date.now() % 2_147_483_647,
    },
  });
  if (reply.kind !== 'solve') throw new Error('assignment worker: unexpected reply');
  const { assigned, upperBound } = reply.output;

  const added: Pair[] = [];
  const loads = new Map(judges.map((judge) => [judge.accessId, 0]));
  const shortItems = new Map<number, number>();
  const pairs: { item: number; affinity: number; bid: Bid | null }[] = [];
  const bidNames = [null, 'eager', 'willing', 'not_willing'] as const;
  for (let i = 0; i < n; i++) {
    const itemId = items[i]?.id as number;
    let count = 0;
    for (let j = 0; j < m; j++) {
      const cell = i * m + j;
      if (!assigned[cell]) continue;
      const judgeId = judges[j]?.accessId as number;
      count++;
      loads.set(judgeId, (loads.get(judgeId) ?? 0) + 1);
      if (!kept[cell]) added.push({ itemId, judgeId });
      pairs.push({
        item: itemId,
        affinity: affinity[cell] as number,
        bid: bidNames[bid[cell] as number] ?? null,
      });
    }
    if (count < (demand[i] as number)) shortItems.set(itemId, count);
  }
  await saveSettings(ctx.db, issue.id, {
    eagerBonus: bonus.eager,
    willingBonus: bonus.willing,
    upperBound,
    boundPairs: pairs.length,
  });
  const quality = assignmentQuality({
    pairs,
    itemIds: items.map((item) => item.id),
    source,
    bonus,
    bound: { value: upperBound, pairs: pairs.length },
  });
  return { added, loads, shortItems, quality, solveMs: Math.round(reply.ms) };
}
