import type { issueQuestionCreateSchema, issueQuestionPatchSchema } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { refuseMissing, requireIssueAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { issueQuestions } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { fieldErrors } from '../../http/errors.ts';
import { type AuditWrite, diffRows, recordAudit, teamOfIssue } from '../audit/record.ts';
import { type QuestionRow, toQuestion } from './replies.ts';

export const CRITERIA_RATING_ONLY_MESSAGE = 'Criteria are only for rating selections.';

export async function createQuestion(
  ctx: AppContext,
  user: UserRow,
  input: z.infer<typeof issueQuestionCreateSchema>,
) {
  const issue = await requireIssueAdmin(ctx, user, input.issue);
  if (issue.resourcetype !== 'RatingIssue') throw fieldErrors({ issue: [CRITERIA_RATING_ONLY_MESSAGE] });
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(issueQuestions)
      .values({ issueId: issue.id, title: input.title, description: input.description, weight: input.weight })
      .returning();
    if (!created) throw new Error('question insert returned nothing');
    await recordAudit(tx, criterionEntry('criterion.created', null, created));
    return created;
  });
  return toQuestion(row);
}

/** A criterion of a selection the caller administers; any other answers 404. */
export async function requireQuestionAdmin(ctx: AppContext, user: UserRow, id: number): Promise<QuestionRow> {
  const [row] = await ctx.db.select().from(issueQuestions).where(eq(issueQuestions.id, id));
  if (!row) return refuseMissing(user);
  await requireIssueAdmin(ctx, user, row.issueId);
  return row;
}

export async function updateQuestion(
  ctx: AppContext,
  question: QuestionRow,
  patch: z.infer<typeof issueQuestionPatchSchema>,
) {
  if (Object.keys(patch).length === 0) return toQuestion(question);
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(issueQuestions)
      .set(patch)
      .where(eq(issueQuestions.id, question.id))
      .returning();
    await recordAudit(tx, criterionEntry('criterion.updated', question, updated ?? question));
    return updated;
  });
  return toQuestion(row ?? question);
}

export async function deleteQuestion(ctx: AppContext, question: QuestionRow) {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(issueQuestions).where(eq(issueQuestions.id, question.id));
    await recordAudit(tx, criterionEntry('criterion.deleted', question, null));
  });
}

/** A criterion's change, logged on its selection: which criterion, then what changed (title, weight…). */
function criterionEntry(
  action: 'criterion.created' | 'criterion.updated' | 'criterion.deleted',
  before: QuestionRow | null,
  after: QuestionRow | null,
): AuditWrite {
  const issueId = (after ?? before)?.issueId ?? 0;
  return {
    teamId: teamOfIssue(issueId),
    action,
    objectType: 'selection',
    objectId: issueId,
    changes: { criterion: [before?.id ?? null, after?.id ?? null], ...diffRows(before, after) },
  };
}
