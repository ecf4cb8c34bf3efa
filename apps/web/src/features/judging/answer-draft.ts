import { type AnswerView, type FieldErrors, ratingStates, type SubmissionCreate } from '@shortlist/contract';

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

/** What the judge's page knows of each item of a rating selection, in the order the page shows them. */
export interface RatingProgress {
  rated: number;
  total: number;
  /** Items with some criteria rated and not others: a submission refuses them. */
  partly: number[];
  /** Items neither rated nor conflicted (partly rated ones included): what "Next unrated" visits. */
  unrated: Set<number>;
}

/**
 * How far a judge is in a rating selection, by the contract's one definition of a rated item
 * (`ratingStates`: a value for every criterion), which the report counts too; items of a conflict are not
 * theirs to rate. Null for the other types, which leave items out by design.
 */
export function ratingProgress(view: AnswerView, draft: Draft): RatingProgress | null {
  if (view.issue.resourcetype !== 'RatingIssue') return null;
  const conflicts = new Set(view.conflicts);
  const states = ratingStates(
    Object.keys(draft.values).map(parseKey),
    view.issue.questions.map((q) => q.id),
  );
  const items = view.items.filter((item) => !conflicts.has(item.id));
  const unrated = new Set(items.filter((item) => !states.rated.has(item.id)).map((item) => item.id));
  return {
    rated: items.length - unrated.size,
    total: items.length,
    partly: items.filter((item) => states.partly.has(item.id)).map((item) => item.id),
    unrated,
  };
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
