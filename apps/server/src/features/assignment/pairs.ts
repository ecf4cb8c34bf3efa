import type { AssignmentPair, AssignmentPatch, AssignmentQuality, Bid } from '@shortlist/contract';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import {
  datasets,
  issueAccessDatasets,
  issueAccesses,
  issueConflicts,
  issueDatasets,
  issueSubmissions,
  issues,
  users,
} from '../../db/schema/index.ts';
import { fieldErrors } from '../../http/errors.ts';
import { containsPattern } from '../../http/pagination.ts';
import { recordAudit, selectionEntry } from '../audit/record.ts';
import { alreadySubmitted } from '../judges/judge-access.ts';
import { affinityOf, explainPairs, loadJudgeTexts, loadSettings } from './affinity-matrix.ts';
import { loadBids } from './assign-expertise.ts';
import { loadItemTexts } from './item-texts.ts';
import { assignmentQuality } from './quality.ts';

const ofIssue = (issueId: number) => eq(issueAccesses.issueId, issueId);

/** A search of the pairs: the item's title or number, the judge's name or e-mail. */
function pairSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  const number = /^#?\d{1,9}$/.test(search) ? Number(search.replace('#', '')) : null;
  return or(
    ilike(datasets.title, pattern),
    ilike(users.email, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    number === null ? undefined : eq(issueDatasets.number, number),
  );
}

/**
 * GET issues/{id}/assignment/: the pairs, by judge then item number, with affinity, bid and why; `search`
 * in the item's title or number and the judge's name or e-mail, paged in SQL.
 */
export async function listPairs(
  ctx: AppContext,
  issue: IssueRow,
  query: { offset: number; limit: number; search?: string; users?: number[]; datasets?: number[] },
): Promise<{ count: number; results: AssignmentPair[] }> {
  const where = and(
    ofIssue(issue.id),
    query.users?.length ? inArray(issueAccesses.userId, query.users) : undefined,
    query.datasets?.length ? inArray(issueAccessDatasets.datasetId, query.datasets) : undefined,
    pairSearch(query.search),
  );
  /** The pairs of the selection with their judge and item, filtered. */
  const joined = <T extends PgSelect>(query: T) =>
    query
      .innerJoin(issueAccesses, eq(issueAccesses.id, issueAccessDatasets.accessId))
      .innerJoin(users, eq(users.id, issueAccesses.userId))
      .innerJoin(datasets, eq(datasets.id, issueAccessDatasets.datasetId))
      .innerJoin(
        issueDatasets,
        and(
          eq(issueDatasets.issueId, issueAccesses.issueId),
          eq(issueDatasets.datasetId, issueAccessDatasets.datasetId),
        ),
      )
      .where(where);
  const [[total], rows] = await Promise.all([
    joined(ctx.db.select({ n: count() }).from(issueAccessDatasets).$dynamic()),
    joined(
      ctx.db
        .select({
          accessId: issueAccesses.id,
          user: issueAccesses.userId,
          name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
          email: users.email,
          dataset: issueAccessDatasets.datasetId,
          dataset_title: datasets.title,
        })
        .from(issueAccessDatasets)
        .$dynamic(),
    )
      .orderBy(
        asc(users.lastName),
        asc(users.firstName),
        asc(issueAccesses.userId),
        asc(issueDatasets.number),
      )
      .limit(query.limit)
      .offset(query.offset),
  ]);
  const [items, judges, bids] = await Promise.all([
    loadItemTexts(ctx, issue),
    loadJudgeTexts(ctx, issue),
    loadBids(ctx, issue.id),
  ]);
  const itemIndex = new Map(items.map((item, i) => [item.id, i]));
  const judgeIndex = new Map(judges.map((judge, j) => [judge.accessId, j]));
  const cells = rows.map(
    (row) => [itemIndex.get(row.dataset) ?? 0, judgeIndex.get(row.accessId) ?? 0] as [number, number],
  );
  const { scores, terms } = await explainPairs(ctx, issue, items, judges, cells);
  return {
    count: total?.n ?? 0,
    results: rows.map((row, k) => ({
      user: row.user,
      name: row.name || row.email,
      dataset: row.dataset,
      dataset_title: row.dataset_title,
      affinity: Math.round((scores[k] ?? 0) * 1e6) / 1e6,
      bid: bids.get(`${row.accessId}:${row.dataset}`) ?? null,
      matched_on: terms[k] ?? [],
    })),
  };
}

/** GET issues/{id}/assignment/quality/: the current pairs' figures, the bound of the last run if it still applies. */
export async function currentQuality(ctx: AppContext, issue: IssueRow): Promise<AssignmentQuality> {
  const [items, judges, bids, settings, pairs] = await Promise.all([
    loadItemTexts(ctx, issue),
    loadJudgeTexts(ctx, issue),
    loadBids(ctx, issue.id),
    loadSettings(ctx, issue.id),
    ctx.db
      .select({ accessId: issueAccessDatasets.accessId, datasetId: issueAccessDatasets.datasetId })
      .from(issueAccessDatasets)
      .innerJoin(issueAccesses, eq(issueAccesses.id, issueAccessDatasets.accessId))
      .innerJoin(
        issueDatasets,
        and(
          eq(issueDatasets.issueId, issueAccesses.issueId),
          eq(issueDatasets.datasetId, issueAccessDatasets.datasetId),
        ),
      )
      .where(ofIssue(issue.id)),
  ]);
  const { source, affinity } = await affinityOf(ctx, issue, items, judges);
  const itemIndex = new Map(items.map((item, i) => [item.id, i]));
  const judgeIndex = new Map(judges.map((judge, j) => [judge.accessId, j]));
  const m = judges.length;
  return assignmentQuality({
    pairs: pairs.map((pair) => ({
      item: pair.datasetId,
      affinity:
        affinity[(itemIndex.get(pair.datasetId) ?? 0) * m + (judgeIndex.get(pair.accessId) ?? 0)] ?? 0,
      bid: (bids.get(`${pair.accessId}:${pair.datasetId}`) ?? null) as Bid | null,
    })),
    itemIds: items.map((item) => item.id),
    source,
    bonus: { eager: settings.eagerBonus, willing: settings.willingBonus },
    bound:
      settings.upperBound === null || settings.boundPairs === null
        ? null
        : { value: settings.upperBound, pairs: settings.boundPairs },
  });
}

/**
 * PATCH issues/{id}/assignment/: hand changes before inviting. Every pair is checked first — the judge and
 * the item of the selection, no conflict, no `not_willing` bid, nothing taken from a judge who submitted —
 * and all are written in one transaction; the selection gives subsets from then on.
 */
export async function patchPairs(
  ctx: AppContext,
  issue: IssueRow,
  input: AssignmentPatch,
): Promise<AssignmentQuality> {
  const add = input.add ?? [];
  const remove = input.remove ?? [];
  const userIds = [...new Set([...add, ...remove].map((pair) => pair.user))];
  const [accesses, items, conflicts, bids, submitted] = await Promise.all([
    userIds.length
      ? ctx.db
          .select({ id: issueAccesses.id, userId: issueAccesses.userId })
          .from(issueAccesses)
          .where(and(ofIssue(issue.id), inArray(issueAccesses.userId, userIds)))
      : [],
    ctx.db
      .select({ id: issueDatasets.datasetId })
      .from(issueDatasets)
      .where(eq(issueDatasets.issueId, issue.id)),
    ctx.db
      .select({ accessId: issueConflicts.accessId, datasetId: issueConflicts.datasetId })
      .from(issueConflicts)
      .innerJoin(issueAccesses, eq(issueAccesses.id, issueConflicts.accessId))
      .where(ofIssue(issue.id)),
    loadBids(ctx, issue.id),
    ctx.db
      .select({ userId: issueSubmissions.userId })
      .from(issueSubmissions)
      .where(eq(issueSubmissions.issueId, issue.id)),
  ]);
  const accessOf = new Map(accesses.map((access) => [access.userId, access.id]));
  const itemIds = new Set(items.map((item) => item.id));
  const conflicted = new Set(conflicts.map((row) => `${row.accessId}:${row.datasetId}`));
  const errors: Record<string, string[]> = {};
  const check = (field: 'add' | 'remove', pairs: typeof add) =>
    pairs.map((pair, k) => {
      const accessId = accessOf.get(pair.user);
      const key = `${accessId}:${pair.dataset}`;
      const problem =
        accessId === undefined
          ? 'This user is not a judge of this selection.'
          : !itemIds.has(pair.dataset)
            ? 'This item is not part of this selection.'
            : field === 'add' && conflicted.has(key)
              ? 'This judge has a conflict of interest with this item.'
              : field === 'add' && bids.get(key) === 'not_willing'
                ? 'This judge is not willing to judge this item.'
                : null;
      if (problem) errors[`${field}.${k}`] = [problem];
      return { accessId: accessId ?? 0, datasetId: pair.dataset };
    });
  const adding = check('add', add);
  const removing = check('remove', remove);
  if (Object.keys(errors).length) throw fieldErrors(errors);
  const judgesWhoSubmitted = new Set(submitted.map((row) => row.userId));
  if (remove.some((pair) => judgesWhoSubmitted.has(pair.user))) throw alreadySubmitted();

  await ctx.db.transaction(async (tx) => {
    for (const pair of removing)
      await tx
        .delete(issueAccessDatasets)
        .where(
          and(
            eq(issueAccessDatasets.accessId, pair.accessId),
            eq(issueAccessDatasets.datasetId, pair.datasetId),
          ),
        );
    if (adding.length) await tx.insert(issueAccessDatasets).values(adding).onConflictDoNothing();
    await tx.update(issues).set({ accessAllItems: false }).where(eq(issues.id, issue.id));
    await recordAudit(tx, {
      ...selectionEntry(issue),
      action: 'access.assigned',
      changes: {
        mode: [null, 'by_hand'],
        pairs_added: [null, adding.length],
        pairs_removed: [null, removing.length],
        access_all_items: [issue.accessAllItems, false],
      },
    });
  });
  return currentQuality(ctx, issue);
}
