import type { IssueAnswer, IssueComment, IssueSubmission, PageQuery } from '@shortlist/contract';
import { and, asc, count, eq, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { issueAnswers, issueComments, issueSubmissions, users } from '../../db/schema/index.ts';
import type { Answerer } from './answerer.ts';
import { withJudgeNames } from './blind.ts';
import { fullnameColumn, toAnswer, toComments } from './comments.ts';
import { areSharedCommentsHidden, visibleSharedComments } from './shared-comments.ts';

interface Filters {
  user?: number;
  dataset?: number;
}

/** A judge reads their own rows only; an admin reads the selection's rows, filtered by judge or item. */
function scopeOf(answerer: Answerer, filters: Filters) {
  if (answerer.kind === 'judge') return { user: answerer.access.userId, dataset: filters.dataset };
  return filters;
}

function answersWhere(answerer: Answerer, filters: Filters) {
  const scope = scopeOf(answerer, filters);
  return and(
    eq(issueAnswers.issueId, answerer.issue.id),
    scope.user ? eq(issueAnswers.userId, scope.user) : undefined,
    scope.dataset ? eq(issueAnswers.datasetId, scope.dataset) : undefined,
  );
}

function submissionsWhere(answerer: Answerer, filters: Filters) {
  const { user } = scopeOf(answerer, filters);
  return and(
    eq(issueSubmissions.issueId, answerer.issue.id),
    user ? eq(issueSubmissions.userId, user) : undefined,
  );
}

/** `answers/count/`: the number of answers `answers/` would list. */
export async function countAnswers(ctx: AppContext, answerer: Answerer, filters: Filters) {
  const [total] = await ctx.db
    .select({ count: count() })
    .from(issueAnswers)
    .where(answersWhere(answerer, filters));
  return { count: total?.count ?? 0 };
}

/** `submissions/count/`: how many judges submitted (a judge: 1 once they have, else 0). */
export async function countSubmissions(ctx: AppContext, answerer: Answerer, filters: Filters) {
  const [total] = await ctx.db
    .select({ count: count() })
    .from(issueSubmissions)
    .where(submissionsWhere(answerer, filters));
  return { count: total?.count ?? 0 };
}

/** `issues/{id}/submissions/`: a judge's own submission, or for an admin every judge's, oldest first. */
export async function listSubmissions(
  ctx: AppContext,
  answerer: Answerer,
  query: PageQuery & Filters,
): Promise<{ count: number; results: IssueSubmission[] }> {
  const where = submissionsWhere(answerer, query);
  const [[total], rows] = await Promise.all([
    ctx.db.select({ count: count() }).from(issueSubmissions).where(where),
    ctx.db
      .select()
      .from(issueSubmissions)
      .where(where)
      .orderBy(asc(issueSubmissions.createTime), asc(issueSubmissions.id))
      .limit(query.limit)
      .offset(query.offset),
  ]);
  return { count: total?.count ?? 0, results: rows.map(toSubmission) };
}

export const toSubmission = (row: typeof issueSubmissions.$inferSelect): IssueSubmission => ({
  id: row.id,
  user: row.userId,
  issue: row.issueId,
  create_time: row.createTime.toISOString(),
});

/** `issues/{id}/answers/`: a judge's own answers, or for an admin any judge's, paged. */
export async function listAnswers(
  ctx: AppContext,
  answerer: Answerer,
  query: PageQuery & Filters,
): Promise<{ count: number; results: IssueAnswer[] }> {
  const where = answersWhere(answerer, query);
  const [[total], rows] = await Promise.all([
    ctx.db.select({ count: count() }).from(issueAnswers).where(where),
    ctx.db
      .select()
      .from(issueAnswers)
      .where(where)
      .orderBy(asc(issueAnswers.id))
      .limit(query.limit)
      .offset(query.offset),
  ]);
  return { count: total?.count ?? 0, results: rows.map(toAnswer) };
}

/**
 * `issues/{id}/comments/`: with as_judge, the judge's own comments and the others' shared ones on the items
 * the judge may see (what the answer page shows); otherwise a judge's own only, or for an admin every comment, filtered.
 */
export async function listComments(
  ctx: AppContext,
  answerer: Answerer,
  query: PageQuery & Filters & { as_judge?: boolean },
): Promise<{ count: number; results: IssueComment[] }> {
  let who: SQL | undefined;
  if (answerer.kind === 'judge') {
    const own = eq(issueComments.userId, answerer.access.userId);
    const showShared = query.as_judge && !(await areSharedCommentsHidden(ctx, answerer));
    who = showShared ? or(own, visibleSharedComments(ctx, answerer)) : own;
  } else {
    who = query.user ? eq(issueComments.userId, query.user) : undefined;
  }
  const where = and(
    eq(issueComments.issueId, answerer.issue.id),
    who,
    query.dataset ? eq(issueComments.datasetId, query.dataset) : undefined,
  );
  const [[total], rows] = await Promise.all([
    ctx.db.select({ count: count() }).from(issueComments).where(where),
    ctx.db
      .select({ comment: issueComments, fullname: fullnameColumn })
      .from(issueComments)
      .innerJoin(users, eq(users.id, issueComments.userId))
      .where(where)
      .orderBy(asc(issueComments.createTime), asc(issueComments.id))
      .limit(query.limit)
      .offset(query.offset),
  ]);
  const ownId = answerer.kind === 'judge' ? answerer.access.userId : null;
  // An admin reads every name; a judge's own rows keep theirs.
  const comments =
    answerer.kind === 'judge'
      ? await withJudgeNames(ctx, answerer.issue, toComments(rows), ownId)
      : toComments(rows);
  return { count: total?.count ?? 0, results: comments };
}
