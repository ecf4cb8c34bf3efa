import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { issueQuestions } from '../../db/schema/index.ts';

/** A selection's criteria in the order they were added: the answer page, drafts and submissions read them. */
export function loadQuestions(ctx: AppContext, issueId: number) {
  return ctx.db
    .select()
    .from(issueQuestions)
    .where(eq(issueQuestions.issueId, issueId))
    .orderBy(asc(issueQuestions.createTime), asc(issueQuestions.id));
}
