import type { AnswerView, FieldErrors, SubmissionCreate } from '@shortlist/contract';

/** One answer or comment per item and criterion (0: the item as a whole). */
export const draftKey = (dataset: number, question: number | null | undefined) =>
  `${dataset}:${question ?? 0}`;

export interface DraftComment {
  content: string;
  shared: boolean;
}

/** The judge's answers while they edit: values and comments by draftKey. */
export interface Draft {
  values: Record<string, number>;
  comments: Record<string, DraftComment>;
}

/** The judge's saved draft when there is one (it is newer than what they submitted), else their submission. */
export function initialDraft(view: AnswerView): Draft {
  const source = view.draft?.update_time ? view.draft : view;
  const values: Draft['values'] = {};
  for (const answer of source.answers) values[draftKey(answer.dataset, answer.question)] = answer.value;
  const comments: Draft['comments'] = {};
  for (const comment of source.comments) {
    comments[draftKey(comment.dataset, comment.question)] = {
      content: comment.content,
      shared: comment.shared,
    };
  }
  return { values, comments };
}

const parseKey = (key: string) => {
  const [dataset, question] = key.split(':').map(Number);
  return { dataset: dataset ?? 0, question: question ? question : null };
};

/**
 * The submission: ignored ratings, unpicked items and items without tokens are left out; every comment
 * the judge touched is sent, an empty one deleting the stored one. Items the judge has a conflict with
 * take nothing.
 */
export function toSubmission(draft: Draft, view: AnswerView): SubmissionCreate {
  const type = view.issue.resourcetype;
  const conflicts = new Set(view.conflicts);
  const answers = Object.entries(draft.values)
    .filter(([, value]) => type === 'RatingIssue' || value > 0)
    .map(([key, value]) => ({ ...parseKey(key), value }))
    .filter((answer) => !conflicts.has(answer.dataset));
  const comments = Object.entries(draft.comments)
    .map(([key, comment]) => ({
      ...parseKey(key),
      content: comment.content.trim(),
      shared: comment.shared,
    }))
    .filter((comment) => !conflicts.has(comment.dataset));
  return { answers: type === 'TextIssue' ? [] : answers, comments };
}

export const pickedCount = (draft: Draft) =>
  Object.values(draft.values).filter((value) => value === 1).length;
export const tokensUsed = (draft: Draft) =>
  Object.values(draft.values).reduce((sum, value) => sum + value, 0);

/** Why one more token cannot go to this item: the budget is spent, or the item has its maximum. */
export function tokenRefusal(view: AnswerView, draft: Draft, dataset: number): 'total' | 'perItem' | null {
  const current = draft.values[draftKey(dataset, null)] ?? 0;
  if (tokensUsed(draft) >= (view.issue.nb_tokens ?? 0)) return 'total';
  if (current >= (view.issue.max_per_item ?? 0)) return 'perItem';
  return null;
}

export const canPickMore = (view: AnswerView, draft: Draft) =>
  pickedCount(draft) < (view.issue.max_items ?? Number.POSITIVE_INFINITY);

/** Submit is blocked while fewer items than min_items are picked. */
export const isBelowMinPicks = (view: AnswerView, draft: Draft) =>
  view.issue.resourcetype === 'SelectionIssue' && pickedCount(draft) < (view.issue.min_items ?? 0);

/**
 * How far a judge is in a rating selection: an item is rated once every criterion has a value; items of a
 * conflict are not theirs to rate. Null for the other types, which leave items out by design.
 */
export function ratingProgress(view: AnswerView, draft: Draft): { rated: number; total: number } | null {
  if (view.issue.resourcetype !== 'RatingIssue') return null;
  const conflicts = new Set(view.conflicts);
  const criteria = new Set(view.issue.questions.length > 0 ? view.issue.questions.map((q) => q.id) : [null]);
  // The draft's answers counted by item, on each render of the page: cheaper than building and looking up
  // every item's keys (10,000 of them at 2,000 items × 5 criteria, whatever the judge answered).
  const answered = new Map<number, number>();
  for (const key of Object.keys(draft.values)) {
    const { dataset, question } = parseKey(key);
    if (criteria.has(question)) answered.set(dataset, (answered.get(dataset) ?? 0) + 1);
  }
  const items = view.items.filter((item) => !conflicts.has(item.id));
  const rated = items.filter((item) => answered.get(item.id) === criteria.size).length;
  return { rated, total: items.length };
}

/** Comments are for selections that are not public (text selections are nothing but comments). */
export const hasComments = (view: AnswerView) => !view.issue.public;

/** The server's messages joined with ' | ', those about comments prefixed 'Comments: ' (spec, section 8). */
export function joinSubmissionErrors(errors: FieldErrors, commentsPrefix: string): string {
  return Object.entries(errors)
    .flatMap(([field, messages]) =>
      messages.map((message) => (field.startsWith('comments') ? `${commentsPrefix}${message}` : message)),
    )
    .join(' | ');
}
