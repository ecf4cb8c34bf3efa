import type { AnswerView, AnswerViewIssue } from '@shortlist/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { issueAnswers, issueComments, issueSubmissions, teams } from '../../db/schema/index.ts';
import { toIssueSettings, toQuestion } from '../selections/replies.ts';
import { verifyUser } from '../verification/status.ts';
import type { Answerer } from './answerer.ts';
import { loadBlind, withJudgeNames } from './blind.ts';
import { selectComments, toAnswer, toComments } from './comments.ts';
import { conflictedItemIds } from './conflicts.ts';
import { loadDraft } from './drafts.ts';
import { loadAnswerItems } from './items.ts';
import { loadQuestions } from './questions.ts';
import { areSharedCommentsHidden, visibleSharedComments } from './shared-comments.ts';

async function toAnswerViewIssue(ctx: AppContext, issue: IssueRow): Promise<AnswerViewIssue> {
  const [[team], questions] = await Promise.all([
    ctx.db
      .select({ image: teams.teamImage, header: teams.customHeader })
      .from(teams)
      .where(eq(teams.id, issue.teamId)),
    loadQuestions(ctx, issue.id),
  ]);
  // The reply's schema keeps only what judges see of these settings.
  return {
    ...toIssueSettings(issue),
    questions: questions.map(toQuestion),
    team_img: team?.image ?? null,
    team_custom_header: team?.header ?? null,
  };
}

/** Other judges' shared comments on the items this answerer sees, unless still hidden from them. */
async function loadSharedComments(ctx: AppContext, answerer: Answerer) {
  const hidden = await areSharedCommentsHidden(ctx, answerer);
  return { hidden, rows: hidden ? [] : await selectComments(ctx, visibleSharedComments(ctx, answerer)) };
}

async function loadOwnAnswers(ctx: AppContext, issueId: number, userId: number) {
  const [answers, comments, submissions] = await Promise.all([
    ctx.db
      .select()
      .from(issueAnswers)
      .where(and(eq(issueAnswers.issueId, issueId), eq(issueAnswers.userId, userId)))
      .orderBy(asc(issueAnswers.id)),
    selectComments(ctx, eq(issueComments.issueId, issueId), eq(issueComments.userId, userId)),
    ctx.db
      .select({ id: issueSubmissions.id })
      .from(issueSubmissions)
      .where(and(eq(issueSubmissions.issueId, issueId), eq(issueSubmissions.userId, userId))),
  ]);
  return {
    answers: answers.map(toAnswer),
    comments: toComments(comments),
    has_submitted: submissions.length > 0,
  };
}

/** Everything the answer page shows, for a judge or for an admin's preview. */
export async function loadAnswerView(
  ctx: AppContext,
  answerer: Answerer,
  verificationCode?: string,
): Promise<AnswerView> {
  // The mailed copy of a personal link proves the judge's address (features/verification).
  if (answerer.kind === 'judge' && answerer.byToken)
    await verifyUser(ctx, answerer.access.userId, verificationCode);
  const blind = await loadBlind(ctx, answerer.issue);
  const [issue, items, shared, own, conflicts, draft] = await Promise.all([
    toAnswerViewIssue(ctx, answerer.issue),
    loadAnswerItems(ctx, answerer, blind),
    loadSharedComments(ctx, answerer),
    answerer.kind === 'judge'
      ? loadOwnAnswers(ctx, answerer.issue.id, answerer.access.userId)
      : { answers: [], comments: [], has_submitted: false },
    answerer.kind === 'judge' ? conflictedItemIds(ctx, answerer.access.id) : [],
    answerer.kind === 'judge' ? loadDraft(ctx, answerer) : null,
  ]);
  const sharedComments = await withJudgeNames(
    ctx,
    answerer.issue,
    toComments(shared.rows),
    answerer.kind === 'judge' ? answerer.access.userId : null,
  );
  return {
    issue,
    preview: answerer.kind === 'preview',
    items,
    shared_comments: sharedComments,
    shared_comments_hidden: shared.hidden,
    conflicts: conflicts.map((row) => row.id),
    draft,
    ...own,
  };
}
