import type { IssueAnswer, IssueComment } from '@shortlist/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type issueAnswers, issueComments, users } from '../../db/schema/index.ts';

export type AnswerRow = typeof issueAnswers.$inferSelect;
type CommentRow = typeof issueComments.$inferSelect;

export const toAnswer = (row: AnswerRow): IssueAnswer => ({
  id: row.id,
  dataset: row.datasetId,
  question: row.questionId,
  value: row.value,
  user: row.userId,
});

export const toComment = (row: CommentRow & { fullname: string }): IssueComment => ({
  id: row.id,
  create_time: row.createTime.toISOString(),
  issue: row.issueId,
  dataset: row.datasetId,
  question: row.questionId,
  user: row.userId,
  user_fullname: row.fullname,
  pseudonym: null,
  content: row.content,
  shared: row.shared,
});

/** The author's first and last name, as other judges see them next to a shared comment. */
export const fullnameColumn = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/** Comments matching the conditions with their author's full name, oldest first. */
export function selectComments(ctx: AppContext, ...conditions: (SQL | undefined)[]) {
  return ctx.db
    .select({ comment: issueComments, fullname: fullnameColumn })
    .from(issueComments)
    .innerJoin(users, eq(users.id, issueComments.userId))
    .where(and(...conditions))
    .orderBy(issueComments.createTime, issueComments.id);
}

export const toComments = (rows: Awaited<ReturnType<typeof selectComments>>) =>
  rows.map((row) => toComment({ ...row.comment, fullname: row.fullname }));
