import {
  CONFLICT_OF_INTEREST,
  CONFLICT_OF_INTEREST_DETAIL,
  HAS_SUBMITTED,
  type IssueSubmission,
} from '@shortlist/contract';
import { and, eq } from 'drizzle-orm';
import { assertIssueOpen } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { issueAnswerDrafts, issueSubmissions, issues } from '../../db/schema/index.ts';
import { fieldErrors, forbidden, refusal } from '../../http/errors.ts';
import { recordAnswersAudit } from '../audit/answers.ts';
import { lockAccess } from '../judges/judge-access.ts';
import { countPairwiseVotes } from '../pairwise/votes.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import type { Answerer } from './answerer.ts';
import { loadConflictedItemIds } from './conflicts.ts';
import { loadAccessibleItemIds } from './items.ts';
import { toSubmission } from './lists.ts';
import { queueSelectionSubmissionMails } from './notifications.ts';
import { loadQuestions } from './questions.ts';
import { replaceAnswers, replaceComments } from './replace-rows.ts';
import { type SubmissionInput, submissionErrors } from './submission-rules.ts';

/**
 * Replaces the judge's answers and comments, records the submission and deletes the draft, in one transaction. Every rule
 * is checked first; an empty comment is simply not kept, which deletes the one it replaces.
 */
export async function submitAnswers(
  ctx: AppContext,
  answerer: Answerer,
  input: SubmissionInput,
): Promise<IssueSubmission> {
  if (answerer.kind === 'preview') throw forbidden('The preview cannot be submitted.');
  const { issue, access } = answerer;
  assertIssueOpen(issue);
  const comments = input.comments.filter((comment) => comment.content !== '');
  const userId = access.userId;
  return ctx.answersDb.transaction(async (tx) => {
    // Two submits of one judge at once would otherwise write over each other's rows.
    await lockAccess(tx, access.id);
    // The access mode as it stands, kept until this commits: a switch to a subset per judge waits for
    // this submission and then sees it, or this waits for the switch and checks the judge's subset.
    const [mode] = await tx
      .select({ accessAllItems: issues.accessAllItems })
      .from(issues)
      .where(eq(issues.id, issue.id))
      .for('share');
    // Checked under those locks, so that no answer lands on an item the judge no longer has (issue 27).
    // One after the other: a transaction's one connection runs one query at a time (pg 9 refuses more).
    const now = { ...ctx, db: tx };
    const questions = await loadQuestions(now, issue.id);
    const itemIds = await loadAccessibleItemIds(now, { ...answerer, issue: { ...issue, ...mode } });
    const conflicts = await loadConflictedItemIds(now, access.id);
    // An item the judge has a conflict with takes nothing from them (docs/judging.md).
    if ([...input.answers, ...comments].some((row) => conflicts.has(row.dataset)))
      throw refusal(CONFLICT_OF_INTEREST, CONFLICT_OF_INTEREST_DETAIL);
    const errors = submissionErrors(
      { answers: input.answers, comments },
      { issue, itemIds, conflictIds: conflicts, questionIds: new Set(questions.map((q) => q.id)) },
    );
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);

    const [previous] = await tx
      .select({ id: issueSubmissions.id })
      .from(issueSubmissions)
      .where(and(eq(issueSubmissions.issueId, issue.id), eq(issueSubmissions.userId, userId)));
    if (previous && issue.public) throw refusal(HAS_SUBMITTED, 'You have already submitted your responses.');

    const judge = { issueId: issue.id, userId };
    // Before the rows change: the entry compares what is stored with what is sent.
    await recordAnswersAudit(tx, {
      teamId: issue.teamId,
      ...judge,
      isEdit: Boolean(previous),
      ...input,
      comments,
    });
    await replaceAnswers(tx, judge, input.answers);
    await replaceComments(tx, judge, comments);
    // What was a draft is now submitted: a reload shows the submission.
    await tx.delete(issueAnswerDrafts).where(eq(issueAnswerDrafts.accessId, access.id));
    const [submission] = await tx
      .insert(issueSubmissions)
      .values({ issueId: issue.id, userId })
      .onConflictDoUpdate({
        target: [issueSubmissions.issueId, issueSubmissions.userId],
        set: { updateTime: new Date() },
      })
      .returning();
    if (!submission) throw new Error('no submission');
    await emitWebhookEvent(tx, issue.teamId, 'judge.submitted', {
      selection: { id: issue.id, title: issue.title },
      submission: {
        id: submission.id,
        judge: userId,
        // A pairwise judge submits no answers: their votes are what they gave (docs/judging.md).
        answers:
          issue.resourcetype === 'PairwiseIssue'
            ? await countPairwiseVotes(tx, issue.id, userId)
            : input.answers.length,
        is_edit: Boolean(previous),
      },
    });
    await queueSelectionSubmissionMails(tx, { issue, judgeId: userId, publicUrl: ctx.config.publicUrl });
    return toSubmission(submission);
  });
}
