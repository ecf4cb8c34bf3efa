import { type AnswerDraft, HAS_SUBMITTED } from '@shortlist/contract';
import { and, eq } from 'drizzle-orm';
import { assertIssueOpen } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { issueAnswerDrafts, issueSubmissions } from '../../db/schema/index.ts';
import { fieldErrors, forbidden, refusal } from '../../http/errors.ts';
import type { Answerer } from './answerer.ts';
import { loadConflictedItemIds } from './conflicts.ts';
import { loadAccessibleItemIds } from './items.ts';
import { loadQuestions } from './questions.ts';
import { type SubmissionInput, submissionErrors } from './submission-rules.ts';

const NO_DRAFT: AnswerDraft = { answers: [], comments: [], update_time: null };

type JudgeAnswerer = Extract<Answerer, { kind: 'judge' }>;

function requireJudge(answerer: Answerer): JudgeAnswerer {
  if (answerer.kind === 'preview') throw forbidden('The preview has no draft.');
  return answerer;
}

/**
 * Keeps only the rows of items the judge may still answer: an item taken out of their access, or one they
 * (or an admin) declared a conflict with since, drops out of the draft instead of refusing every later save.
 * A submission refuses the same rows; the draft never holds them.
 */
function keepAnswerable(input: SubmissionInput, itemIds: Set<number>, conflicts: Set<number>) {
  const isAnswerable = (row: { dataset: number }) => itemIds.has(row.dataset) && !conflicts.has(row.dataset);
  return { answers: input.answers.filter(isAnswerable), comments: input.comments.filter(isAnswerable) };
}

function toDraft(input: SubmissionInput, updateTime: Date): AnswerDraft {
  return {
    answers: input.answers.map((a) => ({ dataset: a.dataset, question: a.question ?? null, value: a.value })),
    comments: input.comments.map((c) => ({
      dataset: c.dataset,
      question: c.question ?? null,
      content: c.content,
      shared: c.shared,
    })),
    update_time: updateTime.toISOString(),
  };
}

/** The judge's saved draft (conflicted and removed items left out), or null when there is none. */
export async function loadDraft(ctx: AppContext, answerer: JudgeAnswerer): Promise<AnswerDraft | null> {
  const [row] = await ctx.db
    .select()
    .from(issueAnswerDrafts)
    .where(eq(issueAnswerDrafts.accessId, answerer.access.id));
  if (!row) return null;
  const [itemIds, conflicts] = await Promise.all([
    loadAccessibleItemIds(ctx, answerer),
    loadConflictedItemIds(ctx, answerer.access.id),
  ]);
  return toDraft(keepAnswerable(row.payload as SubmissionInput, itemIds, conflicts), row.updateTime);
}

/** `GET issues/{id}/draft/`: the judge's draft, empty (update_time null) when they have none. */
export async function getDraft(ctx: AppContext, answerer: Answerer): Promise<AnswerDraft> {
  return (await loadDraft(ctx, requireJudge(answerer))) ?? NO_DRAFT;
}

/**
 * `PUT issues/{id}/draft/`: replaces the judge's draft. It obeys a submission's rules but the minimum of
 * picks (it is unfinished), on a selection still open that the judge may still submit to.
 */
export async function saveDraft(
  ctx: AppContext,
  answerer: Answerer,
  input: SubmissionInput,
): Promise<AnswerDraft> {
  const judge = requireJudge(answerer);
  const { issue, access } = judge;
  assertIssueOpen(issue);
  const [questions, itemIds, conflicts, submitted] = await Promise.all([
    loadQuestions(ctx, issue.id),
    loadAccessibleItemIds(ctx, judge),
    loadConflictedItemIds(ctx, access.id),
    issue.public
      ? ctx.db
          .select({ id: issueSubmissions.id })
          .from(issueSubmissions)
          .where(and(eq(issueSubmissions.issueId, issue.id), eq(issueSubmissions.userId, access.userId)))
      : [],
  ]);
  if (submitted.length > 0) throw refusal(HAS_SUBMITTED, 'You have already submitted your responses.');
  const payload = keepAnswerable(input, itemIds, conflicts);
  const errors = submissionErrors(
    { answers: payload.answers, comments: payload.comments.filter((c) => c.content !== '') },
    {
      issue,
      itemIds,
      conflictIds: conflicts,
      questionIds: new Set(questions.map((q) => q.id)),
      isDraft: true,
    },
  );
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  const updateTime = new Date();
  await ctx.db
    .insert(issueAnswerDrafts)
    .values({ accessId: access.id, payload, updateTime })
    .onConflictDoUpdate({ target: issueAnswerDrafts.accessId, set: { payload, updateTime } });
  return toDraft(payload, updateTime);
}
