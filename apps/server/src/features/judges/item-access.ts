import {
  type AccessDataset,
  type accessDatasetsQuerySchema,
  type CopyAccess,
  HAS_SUBMISSIONS,
  type JudgeAccessResult,
  NO_ITEMS,
  type SetDatasetsAccess,
  type SpreadAccessResult,
} from '@shortlist/contract';
import { and, asc, count, eq, ilike, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  datasets,
  issueAccessDatasets,
  issueAccesses,
  issueDatasets,
  issueSubmissions,
  issues,
} from '../../db/schema/index.ts';
import { fieldErrors, refusal } from '../../http/errors.ts';
import { containsPattern } from '../../http/pagination.ts';
import { idsChange, recordAudit, selectionEntry } from '../audit/record.ts';
import { alreadySubmitted, invalidPk, lockAccess, requireJudge } from './judge-access.ts';

async function countAccessDatasets(db: Db, accessId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(issueAccessDatasets)
    .where(eq(issueAccessDatasets.accessId, accessId));
  return row?.n ?? 0;
}

/** Refuses ids that are not items of the selection, naming the first one as a related field would. */
async function requireIssueDatasets(db: Db, issueId: number, ids: number[]) {
  const found = await db
    .select({ id: issueDatasets.datasetId })
    .from(issueDatasets)
    .where(and(eq(issueDatasets.issueId, issueId), inArray(issueDatasets.datasetId, ids)));
  const known = new Set(found.map((row) => row.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined) throw fieldErrors({ datasets: invalidPk(missing) });
}

/**
 * Gives or takes items of the selection to one judge. Taking items from a judge who has submitted is
 * refused: their answers were given on what they saw.
 */
export async function setDatasetsAccess(
  ctx: AppContext,
  issue: IssueRow,
  input: Required<SetDatasetsAccess>,
): Promise<JudgeAccessResult> {
  const { access } = await requireJudge(ctx.db, issue.id, input.user);
  const ids = [...new Set(input.datasets)];
  await requireIssueDatasets(ctx.db, issue.id, ids);
  const judge = { judge: [input.user, input.user] as [number, number] };
  if (input.access) {
    await ctx.db.transaction(async (tx) => {
      const added = await tx
        .insert(issueAccessDatasets)
        .values(ids.map((datasetId) => ({ accessId: access.id, datasetId })))
        .onConflictDoNothing()
        .returning({ id: issueAccessDatasets.datasetId });
      const changes = {
        ...judge,
        ...idsChange(
          'items_added',
          added.map((row) => row.id),
          'added',
        ),
      };
      await recordAudit(tx, { ...selectionEntry(issue), action: 'judge.items_changed', changes });
    });
  } else {
    await ctx.db.transaction(async (tx) => {
      // A submission under way is waited for and then seen; one that comes after checks the items left.
      await lockAccess(tx, access.id);
      if ((await requireJudge(tx, issue.id, input.user)).hasSubmitted) throw alreadySubmitted();
      const removed = await tx
        .delete(issueAccessDatasets)
        .where(and(eq(issueAccessDatasets.accessId, access.id), inArray(issueAccessDatasets.datasetId, ids)))
        .returning({ id: issueAccessDatasets.datasetId });
      const changes = {
        ...judge,
        ...idsChange(
          'items_removed',
          removed.map((row) => row.id),
          'removed',
        ),
      };
      await recordAudit(tx, { ...selectionEntry(issue), action: 'judge.items_changed', changes });
    });
  }
  return { user: input.user, nb_datasets: await countAccessDatasets(ctx.db, access.id) };
}

/** Gives `to_user` exactly the items of `from_user`, but those `to_user` has a conflict with. */
export async function copyAccess(
  ctx: AppContext,
  issue: IssueRow,
  input: CopyAccess,
): Promise<JudgeAccessResult> {
  const [from, to] = await Promise.all([
    requireJudge(ctx.db, issue.id, input.from_user, 'from_user'),
    requireJudge(ctx.db, issue.id, input.to_user, 'to_user'),
  ]);
  if (from.access.id === to.access.id) throw fieldErrors({ to_user: ['Choose another judge to copy from.'] });
  const sourceItems = ctx.db
    .select({ id: issueAccessDatasets.datasetId })
    .from(issueAccessDatasets)
    .where(eq(issueAccessDatasets.accessId, from.access.id));
  const lost = and(
    eq(issueAccessDatasets.accessId, to.access.id),
    notInArray(issueAccessDatasets.datasetId, sourceItems),
  );
  if (to.hasSubmitted) {
    const [row] = await ctx.db.select({ n: count() }).from(issueAccessDatasets).where(lost);
    if ((row?.n ?? 0) > 0) throw alreadySubmitted();
  }
  await ctx.db.transaction(async (tx) => {
    await tx.delete(issueAccessDatasets).where(lost);
    await tx.execute(sql`
      insert into ${issueAccessDatasets} (access_id, dataset_id)
      select ${to.access.id}, dataset_id from ${issueAccessDatasets} where access_id = ${from.access.id}
        and not exists (select 1 from issue_conflicts c where c.access_id = ${to.access.id} and c.dataset_id = issue_access_datasets.dataset_id)
      on conflict do nothing`);
    await recordAudit(tx, {
      ...selectionEntry(issue),
      action: 'access.assigned',
      changes: {
        mode: [null, 'copy'],
        judge: [input.to_user, input.to_user],
        from_judge: [null, input.from_user],
      },
    });
  });
  return { user: input.to_user, nb_datasets: await countAccessDatasets(ctx.db, to.access.id) };
}

/**
 * Locks the selection's row and counts its judges, items and submissions, in one statement: a spread
 * that comes second waits here, then counts what the first left.
 */
async function lockAndCount(tx: Db, issueId: number) {
  const countOf = (table: typeof issueAccesses | typeof issueDatasets | typeof issueSubmissions) =>
    sql<number>`(select count(*)::int from ${table} where ${table.issueId} = ${issueId})`;
  const [counts] = await tx
    .select({
      judges: countOf(issueAccesses),
      items: countOf(issueDatasets),
      submissions: countOf(issueSubmissions),
    })
    .from(issues)
    .where(eq(issues.id, issueId))
    .for('no key update');
  return counts ?? { judges: 0, items: 0, submissions: 0 };
}

/**
 * Spreads the selection's items over its judges: each item goes to `perItem` judges taken in turn, so
 * that every judge gets the same number of items, give or take one; a conflicted pair is skipped. The
 * selection switches to subsets.
 */
export async function spreadAccess(
  ctx: AppContext,
  issue: IssueRow,
  perItem: number,
): Promise<SpreadAccessResult> {
  const { judges, items } = await ctx.db.transaction(async (tx) => {
    // Two spreads at once would each insert what the other inserts: the second waits, then replaces it.
    const counts = await lockAndCount(tx, issue.id);
    const { judges, items, submissions } = counts;
    if (items === 0) throw refusal(NO_ITEMS, 'The selection is empty.');
    if (perItem > judges)
      throw fieldErrors({ judges_per_item: [`Ensure this value is less than or equal to ${judges}.`] });
    if (submissions > 0)
      throw refusal(
        HAS_SUBMISSIONS,
        'Judges have already submitted answers: the items cannot be spread again.',
      );
    const ofIssue = tx
      .select({ id: issueAccesses.id })
      .from(issueAccesses)
      .where(eq(issueAccesses.issueId, issue.id));
    await tx.delete(issueAccessDatasets).where(inArray(issueAccessDatasets.accessId, ofIssue));
    // Item i goes to the judges in slots i·n … i·n+n−1, taken modulo the number of judges.
    await tx.execute(sql`
      insert into ${issueAccessDatasets} (access_id, dataset_id)
      select judge.id, item.dataset_id
      from (select dataset_id, row_number() over (order by dataset_id) - 1 as rank
            from ${issueDatasets} where issue_id = ${issue.id}) as item
      cross join generate_series(0, ${perItem - 1}) as slot
      inner join (select id, row_number() over (order by id) - 1 as rank
                  from ${issueAccesses} where issue_id = ${issue.id}) as judge
        on judge.rank = (item.rank * ${perItem} + slot) % ${judges}
      where not exists (select 1 from issue_conflicts c where c.access_id = judge.id and c.dataset_id = item.dataset_id)`);
    await tx.update(issues).set({ accessAllItems: false }).where(eq(issues.id, issue.id));
    await recordAudit(tx, {
      ...selectionEntry(issue),
      action: 'access.assigned',
      changes: {
        mode: [null, 'spread'],
        judges_per_item: [null, perItem],
        access_all_items: [issue.accessAllItems, false],
      },
    });
    return counts;
  });
  const total = items * perItem;
  return {
    nb_judges: judges,
    nb_datasets: items,
    min_datasets_per_judge: Math.floor(total / judges),
    max_datasets_per_judge: Math.ceil(total / judges),
  };
}

/** The selection's items, each marked with whether the judge may answer it, sorted by title. */
export async function listAccessDatasets(
  ctx: AppContext,
  issue: IssueRow,
  query: z.infer<typeof accessDatasetsQuerySchema>,
) {
  const { access } = await requireJudge(ctx.db, issue.id, query.user);
  const filters: SQL[] = [eq(issueDatasets.issueId, issue.id)];
  if (query.search) filters.push(ilike(datasets.title, containsPattern(query.search)));
  const where = and(...filters);
  const hasAccess = sql<boolean>`exists (select 1 from ${issueAccessDatasets} where ${issueAccessDatasets.accessId} = ${access.id} and ${issueAccessDatasets.datasetId} = ${datasets.id})`;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ id: datasets.id, title: datasets.title, has_access: hasAccess })
      .from(issueDatasets)
      .innerJoin(datasets, eq(datasets.id, issueDatasets.datasetId))
      .where(where)
      .orderBy(asc(sql`lower(${datasets.title})`), asc(datasets.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db
      .select({ n: count() })
      .from(issueDatasets)
      .innerJoin(datasets, eq(datasets.id, issueDatasets.datasetId))
      .where(where),
  ]);
  return { count: total?.n ?? 0, results: rows satisfies AccessDataset[] };
}
