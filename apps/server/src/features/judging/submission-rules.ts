import {
  ballotLength,
  PARTLY_RATED_MESSAGE,
  RANKED_GAP_MESSAGE,
  RANKED_SAME_PLACE_MESSAGE,
  rankedAtMostMessage,
  rankedExactMessage,
  rankedValueMessage,
  ratingStates,
  type submissionCreateSchema,
} from '@shortlist/contract';
import type { z } from 'zod';
import type { IssueRow } from '../../access/team.ts';

export type SubmissionInput = z.output<typeof submissionCreateSchema>;
type Answer = SubmissionInput['answers'][number];

interface RuleContext {
  issue: IssueRow;
  questionIds: Set<number>;
  itemIds: Set<number>;
  /** The judge's conflicts of interest: items they may see but not answer (a ranked ballot is shorter). */
  conflictIds?: Set<number>;
  /** A draft is work in progress: everything is checked but the minimum of picks and partly rated items. */
  isDraft?: boolean;
}

/** Messages are kept in a set: ten thousand bad answers give one line, not ten thousand. */
type Messages = Set<string>;

const EPSILON = 1e-9;

function checkItemsAndQuestions(
  rows: { dataset: number; question?: number | null }[],
  rules: RuleContext,
  needsQuestion: boolean,
  messages: Messages,
  what: 'answer' | 'comment',
) {
  const seen = new Set<string>();
  for (const row of rows) {
    if (!rules.itemIds.has(row.dataset)) messages.add('Some items are not in your access.');
    const question = row.question ?? null;
    if (needsQuestion && question === null) messages.add(`Each ${what} needs a criterion.`);
    if (!needsQuestion && question !== null)
      messages.add(`The ${what}s of this selection take no criterion.`);
    if (question !== null && !rules.questionIds.has(question))
      messages.add('A criterion is not part of this selection.');
    const key = `${row.dataset}:${question}`;
    if (seen.has(key)) messages.add(`An item has the same ${what} more than once.`);
    seen.add(key);
  }
}

function checkRatings(answers: Answer[], { issue, questionIds, isDraft }: RuleContext, messages: Messages) {
  // An item is rated on every criterion or on none: a draft may be half done, a submission may not.
  if (!isDraft && ratingStates(answers, [...questionIds]).partly.size > 0) messages.add(PARTLY_RATED_MESSAGE);
  const min = issue.minRating ?? 0;
  const max = issue.maxRating ?? 0;
  const step = issue.step ?? 1;
  for (const { value } of answers) {
    if (value < min - EPSILON || value > max + EPSILON)
      messages.add(`Ratings must be between ${min} and ${max}.`);
    const steps = (value - min) / step;
    if (Math.abs(steps - Math.round(steps)) > 1e-6)
      messages.add(`Ratings must follow steps of ${step} from ${min}.`);
  }
}

function checkPicks(answers: Answer[], { issue, isDraft }: RuleContext, messages: Messages) {
  if (answers.some((a) => a.value !== 0 && a.value !== 1)) messages.add('A pick is 0 or 1.');
  const picked = answers.filter((a) => a.value === 1).length;
  const min = issue.minItems ?? 0;
  const max = issue.maxItems ?? Number.POSITIVE_INFINITY;
  const items = (n: number) => (n === 1 ? issue.itemLabelSingularEn : issue.itemLabelPluralEn);
  if (picked < min && !isDraft) messages.add(`Please pick at least ${min} ${items(min)}.`);
  if (picked > max) messages.add(`You can pick at most ${max} ${items(max)}.`);
}

function checkTokens(answers: Answer[], issue: IssueRow, messages: Messages) {
  const perItem = issue.maxPerItem ?? 0;
  const total = issue.nbTokens ?? 0;
  if (answers.some((a) => !Number.isInteger(a.value) || a.value < 0))
    messages.add('Tokens are whole numbers, 0 or more.');
  if (answers.some((a) => a.value > perItem))
    messages.add(`An item can receive at most ${perItem} ${perItem === 1 ? 'token' : 'tokens'}.`);
  if (answers.reduce((sum, a) => sum + a.value, 0) > total) messages.add(`You have ${total} tokens in all.`);
}

/**
 * A ranked ballot: each value is the item's points out of n (contract `ranked.ts`), each place once, exactly
 * the ballot's length of items (n, or all the judge may rank when fewer), from the first place down without
 * a gap. A draft may be shorter, and have gaps, but not longer.
 */
function checkRanking(
  answers: Answer[],
  { issue, itemIds, conflictIds, isDraft }: RuleContext,
  messages: Messages,
) {
  const n = issue.nbRanked ?? 0;
  const rankable = [...itemIds].filter((id) => !conflictIds?.has(id)).length;
  const length = ballotLength(n, rankable);
  const labels = [issue.itemLabelSingularEn, issue.itemLabelPluralEn] as const;
  if (answers.some((a) => !Number.isInteger(a.value) || a.value < 1 || a.value > n))
    messages.add(rankedValueMessage(n));
  if (new Set(answers.map((a) => a.value)).size < answers.length) messages.add(RANKED_SAME_PLACE_MESSAGE);
  if (isDraft) {
    if (answers.length > length) messages.add(rankedAtMostMessage(length, ...labels));
    return;
  }
  if (answers.length !== length) messages.add(rankedExactMessage(length, ...labels));
  else if (answers.some((a) => a.value < n + 1 - length)) messages.add(RANKED_GAP_MESSAGE);
}

function checkAnswers(answers: Answer[], rules: RuleContext): string[] {
  const { issue } = rules;
  const messages = new Set<string>();
  if (issue.resourcetype === 'TextIssue') {
    if (answers.length > 0) messages.add('This selection takes comments only.');
    return [...messages];
  }
  // A pairwise judge's votes are recorded one by one (features/pairwise); the submission only closes them.
  if (issue.resourcetype === 'PairwiseIssue') {
    if (answers.length > 0) messages.add('This selection takes comparisons, not answers.');
    return [...messages];
  }
  const perCriterion = issue.resourcetype === 'RatingIssue' && rules.questionIds.size > 0;
  checkItemsAndQuestions(answers, rules, perCriterion, messages, 'answer');
  if (issue.resourcetype === 'RatingIssue') checkRatings(answers, rules, messages);
  if (issue.resourcetype === 'SelectionIssue') checkPicks(answers, rules, messages);
  if (issue.resourcetype === 'TokenIssue') checkTokens(answers, issue, messages);
  if (issue.resourcetype === 'RankedIssue') checkRanking(answers, rules, messages);
  return [...messages];
}

function checkComments(comments: SubmissionInput['comments'], rules: RuleContext): string[] {
  const messages = new Set<string>();
  if (comments.length === 0) return [];
  if (rules.issue.public) return ['Comments are disabled for public selections.'];
  checkItemsAndQuestions(comments, rules, rules.issue.commentsMode === 'QUESTION', messages, 'comment');
  return [...messages];
}

/** Every rule of a submission (spec section 5), as field errors; empty when the submission may be saved. */
export function submissionErrors(input: SubmissionInput, rules: RuleContext): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const answers = checkAnswers(input.answers, rules);
  const comments = checkComments(input.comments, rules);
  if (answers.length > 0) errors.answers = answers;
  if (comments.length > 0) errors.comments = comments;
  return errors;
}
