import type { IssueAnswer, IssueComment, PageQuery } from '@shortlist/contract';
import { and, asc, count, eq, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { issueAnswers, issueComments, users } from '../../db/schema.ts';
import type { Answerer } from './answerer.ts';
import { fullnameColumn, toAnswer, toComments } from './comments.ts';

interface Filters {
  user?: number;
  dataset?: number;
}

/** A judge reads their own rows only; an admin reads the selection's rows, filtered by judge or item. */
function scopeOf(answerer: Answerer, filters: Filters) {
  if (answerer.kind === 'judge') return { user: answerer.access.userId, dataset: filters.dataset };
  return filters;
}

/** `issues/{id}/answers/`: a judge's own answers, or for an admin any judge's, paged. */
export async function listAnswers(
  ctx: AppContext,
  answerer: Answerer,
  query: PageQuery & Filters,
): Promise<{ count: number; results: IssueAnswer[] }> {
  const scope = scopeOf(answerer, query);
  const where = and(
    eq(issueAnswers.issueId, answerer.issue.id),
    scope.user ? eq(issueAnswers.userId, scope.user) : undefined,
    scope.dataset ? eq(issueAnswers.datasetId, scope.dataset) : undefined,
  );
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
 * `issues/{id}/comments/`: with as_judge, the judge's own comments and the others' shared ones (what the
 * answer page shows); otherwise a judge's own only, or for an admin every comment, filtered.
 */
export async function listComments(
  ctx: AppContext,
  answerer: Answerer,
  query: PageQuery & Filters & { as_judge?: boolean },
): Promise<{ count: number; results: IssueComment[] }> {
  let who: SQL | undefined;
  if (answerer.kind === 'judge') {
    const own = eq(issueComments.userId, answerer.access.userId);
    who = query.as_judge ? or(own, eq(issueComments.shared, true)) : own;
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
  return { count: total?.count ?? 0, results: toComments(rows) };
}
