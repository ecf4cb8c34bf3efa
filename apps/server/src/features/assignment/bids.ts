import {
  BIDDING_CLOSED,
  BIDDING_CLOSED_DETAIL,
  type Bid,
  type Bidding,
  type BidItem,
  type BidRow,
} from '@shortlist/contract';
import { and, asc, count, countDistinct, eq, inArray } from 'drizzle-orm';
import { assertIssueOpen } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { datasets, issueAccesses, issueBids, issueConflicts, issueDatasets } from '../../db/schema/index.ts';
import { fieldErrors, notFound, refusal } from '../../http/errors.ts';
import { judgeTitles } from '../judging/blind.ts';
import { type ConflictCaller, requireTargetAccess } from '../judging/conflicts.ts';
import { loadSettings } from './affinity-matrix.ts';
import { loadItemTexts, summaryOf } from './item-texts.ts';

const OWN_ONLY = 'A judge bids for themselves only.';

/** A judge bids while the selection is open and before its bidding deadline; an admin at any time. */
async function assertBiddingOpen(ctx: AppContext, caller: ConflictCaller) {
  if (caller.isAdmin) return;
  assertIssueOpen(caller.issue);
  const { biddingDeadline } = await loadSettings(ctx, caller.issue.id);
  if (biddingDeadline && biddingDeadline.getTime() <= Date.now())
    throw refusal(BIDDING_CLOSED, BIDDING_CLOSED_DETAIL);
}

async function assertItemOfIssue(ctx: AppContext, issueId: number, datasetId: number) {
  const [item] = await ctx.db
    .select({ id: issueDatasets.datasetId })
    .from(issueDatasets)
    .where(and(eq(issueDatasets.issueId, issueId), eq(issueDatasets.datasetId, datasetId)));
  if (!item) throw fieldErrors({ dataset: ['This item is not part of this selection.'] });
}

const bidColumns = {
  user: issueAccesses.userId,
  dataset: issueBids.datasetId,
  dataset_title: datasets.title,
  number: issueDatasets.number,
  bid: issueBids.bid,
  update_time: issueBids.updateTime,
};

function selectBids(ctx: AppContext) {
  return ctx.db
    .select(bidColumns)
    .from(issueBids)
    .innerJoin(issueAccesses, eq(issueAccesses.id, issueBids.accessId))
    .innerJoin(datasets, eq(datasets.id, issueBids.datasetId))
    .innerJoin(
      issueDatasets,
      and(eq(issueDatasets.issueId, issueAccesses.issueId), eq(issueDatasets.datasetId, issueBids.datasetId)),
    );
}

type BidQueryRow = {
  user: number;
  dataset: number;
  dataset_title: string;
  number: number;
  bid: string;
  update_time: Date;
};

/** Bids as the caller reads them: a judge gets the titles their selection shows (blind review). */
async function toBids(ctx: AppContext, caller: ConflictCaller, rows: BidQueryRow[]): Promise<BidRow[]> {
  const titles = caller.isAdmin
    ? null
    : await judgeTitles(
        ctx,
        caller.issue,
        rows.map((row) => ({ id: row.dataset, title: row.dataset_title, number: row.number })),
      );
  return rows.map(({ number: _number, ...row }) => ({
    ...row,
    dataset_title: titles?.get(row.dataset) ?? row.dataset_title,
    bid: row.bid as Bid,
    update_time: row.update_time.toISOString(),
  }));
}

/** POST issues/{id}/bids/: sets (or changes) a judge's bid on an item of the selection. */
export async function placeBid(
  ctx: AppContext,
  caller: ConflictCaller,
  input: { dataset: number; bid: Bid; user?: number },
): Promise<BidRow> {
  const access = await requireTargetAccess(ctx, caller, input.user, OWN_ONLY);
  await assertBiddingOpen(ctx, caller);
  await assertItemOfIssue(ctx, caller.issue.id, input.dataset);
  await ctx.db
    .insert(issueBids)
    .values({ accessId: access.id, datasetId: input.dataset, bid: input.bid })
    .onConflictDoUpdate({
      target: [issueBids.accessId, issueBids.datasetId],
      set: { bid: input.bid, updateTime: new Date() },
    });
  const rows = await selectBids(ctx).where(
    and(eq(issueBids.accessId, access.id), eq(issueBids.datasetId, input.dataset)),
  );
  const [bid] = await toBids(ctx, caller, rows);
  if (!bid) throw new Error('bid not found after write');
  return bid;
}

/** DELETE issues/{id}/bids/?dataset=: withdraws a bid; 404 when there is none. */
export async function withdrawBid(
  ctx: AppContext,
  caller: ConflictCaller,
  input: { dataset: number; user?: number },
) {
  const access = await requireTargetAccess(ctx, caller, input.user, OWN_ONLY);
  await assertBiddingOpen(ctx, caller);
  const removed = await ctx.db
    .delete(issueBids)
    .where(and(eq(issueBids.accessId, access.id), eq(issueBids.datasetId, input.dataset)))
    .returning({ id: issueBids.datasetId });
  if (removed.length === 0) throw notFound();
}

/** GET issues/{id}/bids/: a judge's own; an admin's every bid, optionally of some judges or one kind. */
export async function listBids(
  ctx: AppContext,
  caller: ConflictCaller,
  query: { offset: number; limit: number; users?: number[]; bid?: Bid },
): Promise<{ count: number; results: BidRow[] }> {
  const users = caller.isAdmin ? query.users : [caller.userId];
  const where = and(
    eq(issueAccesses.issueId, caller.issue.id),
    users?.length ? inArray(issueAccesses.userId, users) : undefined,
    query.bid ? eq(issueBids.bid, query.bid) : undefined,
  );
  const [[total], rows] = await Promise.all([
    ctx.db
      .select({ n: count() })
      .from(issueBids)
      .innerJoin(issueAccesses, eq(issueAccesses.id, issueBids.accessId))
      .innerJoin(
        issueDatasets,
        and(
          eq(issueDatasets.issueId, issueAccesses.issueId),
          eq(issueDatasets.datasetId, issueBids.datasetId),
        ),
      )
      .where(where),
    selectBids(ctx)
      .where(where)
      .orderBy(asc(issueAccesses.userId), asc(issueDatasets.number))
      .limit(query.limit)
      .offset(query.offset),
  ]);
  return { count: total?.n ?? 0, results: await toBids(ctx, caller, rows) };
}

/**
 * GET issues/{id}/bid_items/: every item of the selection as its judges see it, with the judge's bid and
 * conflict; `search` in what the judge reads (title and shown answers). An admin names the judge (`user`).
 */
export async function listBidItems(
  ctx: AppContext,
  caller: ConflictCaller,
  query: { offset: number; limit: number; search?: string; user?: number },
): Promise<{ count: number; results: BidItem[] }> {
  if (caller.isAdmin && query.user === undefined) throw fieldErrors({ user: ['This field is required.'] });
  const access = await requireTargetAccess(ctx, caller, query.user, OWN_ONLY);
  const [items, bids, conflicts] = await Promise.all([
    loadItemTexts(ctx, caller.issue),
    ctx.db.select().from(issueBids).where(eq(issueBids.accessId, access.id)),
    ctx.db.select().from(issueConflicts).where(eq(issueConflicts.accessId, access.id)),
  ]);
  const needle = query.search?.toLowerCase();
  const found = needle
    ? items.filter(
        (item) => item.text.toLowerCase().includes(needle) || item.title.toLowerCase().includes(needle),
      )
    : items;
  const bidOf = new Map(bids.map((row) => [row.datasetId, row.bid as Bid]));
  const conflicted = new Set(conflicts.map((row) => row.datasetId));
  return {
    count: found.length,
    results: found.slice(query.offset, query.offset + query.limit).map((item) => ({
      dataset: item.id,
      number: item.number,
      title: item.title,
      title_hidden: item.title_hidden,
      summary: summaryOf(item),
      bid: bidOf.get(item.id) ?? null,
      conflict: conflicted.has(item.id),
    })),
  };
}

/** GET issues/{id}/bidding/: the deadline and how many judges have bid. */
export async function biddingStatus(ctx: AppContext, issueId: number): Promise<Bidding> {
  const [settings, [judges], [bids]] = await Promise.all([
    loadSettings(ctx, issueId),
    ctx.db.select({ n: count() }).from(issueAccesses).where(eq(issueAccesses.issueId, issueId)),
    ctx.db
      .select({ bids: count(), judges: countDistinct(issueBids.accessId) })
      .from(issueBids)
      .innerJoin(issueAccesses, eq(issueAccesses.id, issueBids.accessId))
      .where(eq(issueAccesses.issueId, issueId)),
  ]);
  const deadline = settings.biddingDeadline;
  return {
    deadline: deadline?.toISOString() ?? null,
    open: !deadline || deadline.getTime() > Date.now(),
    nb_judges: judges?.n ?? 0,
    nb_judges_with_bids: bids?.judges ?? 0,
    nb_bids: bids?.bids ?? 0,
  };
}
