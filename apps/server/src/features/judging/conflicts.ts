import { CONFLICT_SET_BY_ADMIN_DETAIL, type Conflict, type ConflictSetBy } from '@shortlist/contract';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { assertIssueOpen, type IssueRow, isTeamAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import {
  datasets,
  issueAccesses,
  issueAnswers,
  issueComments,
  issueConflicts,
  issueDatasets,
} from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { fieldErrors, forbidden, notFound } from '../../http/errors.ts';
import { type AuditWrite, recordAudit, selectionEntry } from '../audit/record.ts';
import type { AccessRow } from '../judges/judge-access.ts';
import { resolveAnswerer } from './answerer.ts';
import { judgeTitles } from './blind.ts';
import { loadAccessibleItemIds } from './items.ts';

/**
 * Who manages conflicts: a judge (by the personal link's token, or signed in) for themselves only; a
 * signed-in admin of the selection's team for any of its judges (`userId`: the admin's own account).
 */
export interface ConflictCaller {
  issue: IssueRow;
  isAdmin: boolean;
  userId: number;
}

/** The caller of a conflicts endpoint; another team's selection, or a wrong token, answers 404. */
export async function resolveConflictCaller(
  ctx: AppContext,
  options: { issueId: number; token?: string; user: UserRow | null },
): Promise<ConflictCaller> {
  const answerer = await resolveAnswerer(ctx, options);
  const { user } = options;
  if (answerer.kind === 'preview' && user) return { issue: answerer.issue, isAdmin: true, userId: user.id };
  if (answerer.kind === 'preview') throw notFound();
  // A signed-in admin who is also a judge of the selection still manages everyone's conflicts.
  if (!answerer.byToken && user) {
    if (await isTeamAdmin(ctx, user, answerer.issue.teamId))
      return { issue: answerer.issue, isAdmin: true, userId: user.id };
  }
  return { issue: answerer.issue, isAdmin: false, userId: answerer.access.userId };
}

/** The judge a call is about: the caller by default; a judge may name no one else (`ownOnly` says so). */
export async function requireTargetAccess(
  ctx: AppContext,
  caller: ConflictCaller,
  user?: number,
  ownOnly = 'A judge declares or clears their own conflicts only.',
) {
  const userId = user ?? caller.userId;
  if (!caller.isAdmin && userId !== caller.userId) throw forbidden(ownOnly);
  const [access] = await ctx.db
    .select()
    .from(issueAccesses)
    .where(and(eq(issueAccesses.issueId, caller.issue.id), eq(issueAccesses.userId, userId)));
  if (!access) throw fieldErrors({ user: ['This user is not a judge of this selection.'] });
  return access;
}

/** A judge declares on the items of their page, while the selection is open; an admin on any item. */
async function checkItem(ctx: AppContext, caller: ConflictCaller, access: AccessRow, datasetId: number) {
  if (!caller.isAdmin) {
    assertIssueOpen(caller.issue);
    const itemIds = await loadAccessibleItemIds(ctx, {
      kind: 'judge',
      issue: caller.issue,
      access,
      byToken: true,
    });
    if (!itemIds.has(datasetId)) throw fieldErrors({ dataset: ['This item is not in your access.'] });
    return;
  }
  const [item] = await ctx.db
    .select({ id: issueDatasets.datasetId })
    .from(issueDatasets)
    .where(and(eq(issueDatasets.issueId, caller.issue.id), eq(issueDatasets.datasetId, datasetId)));
  if (!item) throw fieldErrors({ dataset: ['This item is not part of this selection.'] });
}

const conflictColumns = {
  user: issueAccesses.userId,
  dataset: issueConflicts.datasetId,
  dataset_title: datasets.title,
  set_by: issueConflicts.setBy,
  create_time: issueConflicts.createTime,
  number: issueDatasets.number,
};

type ConflictRow = { create_time: Date; set_by: string; number: number } & Omit<
  Conflict,
  'create_time' | 'set_by'
>;

/** The conflicts as the caller sees them: a judge reads the items' titles under blind review (`blind.ts`). */
async function toConflicts(
  ctx: AppContext,
  caller: ConflictCaller,
  rows: ConflictRow[],
): Promise<Conflict[]> {
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
    set_by: row.set_by as ConflictSetBy,
    create_time: row.create_time.toISOString(),
  }));
}

function selectConflicts(ctx: AppContext) {
  return ctx.db
    .select(conflictColumns)
    .from(issueConflicts)
    .innerJoin(issueAccesses, eq(issueAccesses.id, issueConflicts.accessId))
    .innerJoin(datasets, eq(datasets.id, issueConflicts.datasetId))
    .innerJoin(
      issueDatasets,
      and(
        eq(issueDatasets.issueId, issueAccesses.issueId),
        eq(issueDatasets.datasetId, issueConflicts.datasetId),
      ),
    );
}

/**
 * POST issues/{id}/conflicts/: records the conflict and, in the same transaction, removes the judge's
 * answers and comments on the item, which no longer count. Declaring it again changes nothing.
 */
export async function declareConflict(
  ctx: AppContext,
  caller: ConflictCaller,
  input: { dataset: number; user?: number },
): Promise<Conflict> {
  const access = await requireTargetAccess(ctx, caller, input.user);
  await checkItem(ctx, caller, access, input.dataset);
  const mine = (table: typeof issueAnswers | typeof issueComments) =>
    and(
      eq(table.issueId, caller.issue.id),
      eq(table.userId, access.userId),
      eq(table.datasetId, input.dataset),
    );
  await ctx.db.transaction(async (tx) => {
    const [declared] = await tx
      .insert(issueConflicts)
      .values({ accessId: access.id, datasetId: input.dataset, setBy: caller.isAdmin ? 'admin' : 'judge' })
      .onConflictDoNothing()
      .returning();
    const answers = await tx
      .delete(issueAnswers)
      .where(mine(issueAnswers))
      .returning({ id: issueAnswers.id });
    const comments = await tx
      .delete(issueComments)
      .where(mine(issueComments))
      .returning({ id: issueComments.id });
    if (declared)
      await recordAudit(tx, {
        ...conflictEntry(caller, 'conflict.declared'),
        changes: {
          judge: [access.userId, access.userId],
          item: [null, input.dataset],
          answers: [answers.length, 0],
          comments: [comments.length, 0],
        },
      });
  });
  const [row] = await selectConflicts(ctx).where(
    and(eq(issueConflicts.accessId, access.id), eq(issueConflicts.datasetId, input.dataset)),
  );
  if (!row) throw new Error('conflict not found after insert');
  const [conflict] = await toConflicts(ctx, caller, [row]);
  if (!conflict) throw new Error('conflict not found after insert');
  return conflict;
}

/** DELETE issues/{id}/conflicts/?dataset=: a judge clears only a conflict they declared themselves. */
export async function clearConflict(
  ctx: AppContext,
  caller: ConflictCaller,
  input: { dataset: number; user?: number },
): Promise<void> {
  const access = await requireTargetAccess(ctx, caller, input.user);
  const which = and(eq(issueConflicts.accessId, access.id), eq(issueConflicts.datasetId, input.dataset));
  const [conflict] = await ctx.db.select().from(issueConflicts).where(which);
  if (!conflict) throw notFound();
  if (!caller.isAdmin) {
    assertIssueOpen(caller.issue);
    if (conflict.setBy === 'admin') throw forbidden(CONFLICT_SET_BY_ADMIN_DETAIL);
  }
  await ctx.db.transaction(async (tx) => {
    await tx.delete(issueConflicts).where(which);
    await recordAudit(tx, {
      ...conflictEntry(caller, 'conflict.removed'),
      changes: { judge: [access.userId, access.userId], item: [input.dataset, null] },
    });
  });
}

/** A conflict's entry, on its selection, by the judge themselves or by the signed-in admin. */
function conflictEntry(caller: ConflictCaller, action: 'conflict.declared' | 'conflict.removed'): AuditWrite {
  return {
    ...selectionEntry(caller.issue),
    action,
    actor: caller.isAdmin ? undefined : { kind: 'judge', id: caller.userId },
  };
}

/** GET issues/{id}/conflicts/: a judge's own; for an admin the selection's, optionally of some judges. */
export async function listConflicts(
  ctx: AppContext,
  caller: ConflictCaller,
  query: { offset: number; limit: number; users?: number[] },
): Promise<{ count: number; results: Conflict[] }> {
  const users = caller.isAdmin ? query.users : [caller.userId];
  const where = and(
    eq(issueAccesses.issueId, caller.issue.id),
    users?.length ? inArray(issueAccesses.userId, users) : undefined,
  );
  const [[total], rows] = await Promise.all([
    ctx.db
      .select({ n: count() })
      .from(issueConflicts)
      .innerJoin(issueAccesses, eq(issueAccesses.id, issueConflicts.accessId))
      .where(where),
    selectConflicts(ctx)
      .where(where)
      .orderBy(asc(issueAccesses.userId), asc(datasets.title), asc(issueConflicts.datasetId))
      .limit(query.limit)
      .offset(query.offset),
  ]);
  return { count: total?.n ?? 0, results: await toConflicts(ctx, caller, rows) };
}

/** The items a judge has a conflict with, as a subquery (for `inArray`/`notInArray`). */
export function conflictedItemIds(ctx: AppContext, accessId: number) {
  return ctx.db
    .select({ id: issueConflicts.datasetId })
    .from(issueConflicts)
    .where(eq(issueConflicts.accessId, accessId));
}

export async function loadConflictedItemIds(ctx: AppContext, accessId: number): Promise<Set<number>> {
  const rows = await conflictedItemIds(ctx, accessId);
  return new Set(rows.map((row) => row.id));
}
