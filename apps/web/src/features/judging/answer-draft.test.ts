import type { AnswerView } from '@shortlist/contract';
import { describe, expect, it } from 'vitest';
import {
  canPickMore,
  draftKey,
  initialDraft,
  isBelowMinPicks,
  joinSubmissionErrors,
  ratingProgress,
  tokenRefusal,
  toSubmission,
} from './answer-draft';

function viewOf(issue: Partial<AnswerView['issue']>, rest: Partial<AnswerView> = {}): AnswerView {
  return {
    issue: {
      id: 1,
      resourcetype: 'RatingIssue',
      status: 'open',
      public: false,
      title: 'T',
      description: '',
      random_order: false,
      hide_comments_until_submitted: false,
      hide_judge_names: false,
      deadline: null,
      keep_open_after_deadline: false,
      comments_mode: 'DATASET',
      item_label_singular_en: 'item',
      item_label_plural_en: 'items',
      min_rating: 0,
      max_rating: 5,
      step: 1,
      nb_tokens: null,
      max_per_item: null,
      min_items: null,
      max_items: null,
      nb_ranked: null,
      questions: [],
      team_img: null,
      team_custom_header: null,
      ...issue,
    },
    preview: false,
    has_submitted: false,
    items: [],
    answers: [],
    comments: [],
    shared_comments: [],
    shared_comments_hidden: false,
    conflicts: [],
    draft: null,
    ...rest,
  };
}

describe('the answer draft', () => {
  it('starts from the stored answers and comments and sends them back', () => {
    const view = viewOf(
      {},
      {
        answers: [{ id: 1, dataset: 3, question: 7, value: 4, user: 1 }],
        comments: [
          {
            id: 1,
            create_time: '',
            issue: 1,
            dataset: 3,
            question: null,
            user: 1,
            user_fullname: '',
            pseudonym: null,
            content: ' Good ',
            shared: true,
          },
        ],
      },
    );
    const draft = initialDraft(view);
    expect(draft.values[draftKey(3, 7)]).toBe(4);
    expect(toSubmission(draft, view)).toEqual({
      answers: [{ dataset: 3, question: 7, value: 4 }],
      comments: [{ dataset: 3, question: null, content: 'Good', shared: true }],
    });
  });

  it('sends nothing for an item the judge has a conflict with', () => {
    const view = viewOf({}, { conflicts: [3] });
    const draft = {
      values: { [draftKey(3, null)]: 4, [draftKey(5, null)]: 2 },
      comments: { [draftKey(3, null)]: { content: 'Mine', shared: false } },
    };
    expect(toSubmission(draft, view)).toEqual({
      answers: [{ dataset: 5, question: null, value: 2 }],
      comments: [],
    });
  });

  it('leaves out items without tokens or unpicked, and blocks tokens at the budget and per item', () => {
    const view = viewOf({ resourcetype: 'TokenIssue', nb_tokens: 5, max_per_item: 3 });
    const draft = { values: { [draftKey(1, null)]: 3, [draftKey(2, null)]: 0 }, comments: {} };
    expect(toSubmission(draft, view).answers).toEqual([{ dataset: 1, question: null, value: 3 }]);
    expect(tokenRefusal(view, draft, 1)).toBe('perItem');
    expect(tokenRefusal(view, draft, 2)).toBeNull();
    const spent = { values: { [draftKey(1, null)]: 3, [draftKey(2, null)]: 2 }, comments: {} };
    expect(tokenRefusal(view, spent, 2)).toBe('total');
  });

  it('blocks picking at max_items and submitting below min_items', () => {
    const view = viewOf({ resourcetype: 'SelectionIssue', min_items: 2, max_items: 2 });
    const one = { values: { [draftKey(1, null)]: 1 }, comments: {} };
    expect(isBelowMinPicks(view, one)).toBe(true);
    expect(canPickMore(view, one)).toBe(true);
    const two = { values: { [draftKey(1, null)]: 1, [draftKey(2, null)]: 1 }, comments: {} };
    expect(isBelowMinPicks(view, two)).toBe(false);
    expect(canPickMore(view, two)).toBe(false);
  });

  it('joins server errors with " | " and prefixes those about comments', () => {
    expect(
      joinSubmissionErrors(
        { answers: ['Too many.', 'Wrong.'], 'comments.0.content': ['Too long.'] },
        'Comments: ',
      ),
    ).toBe('Too many. | Wrong. | Comments: Too long.');
  });
});

describe('the saved draft and the progress', () => {
  const item = (id: number) => ({
    id,
    number: id,
    title: `Item ${id}`,
    title_hidden: false,
    description: '',
    tags: [],
    details: [],
  });

  it('starts from the saved draft rather than the submission when there is one', () => {
    const submitted = { id: 1, dataset: 1, question: null, value: 5, user: 1 };
    const view = viewOf(
      {},
      {
        answers: [submitted],
        draft: {
          answers: [{ dataset: 2, question: null, value: 3 }],
          comments: [{ dataset: 2, question: null, content: 'Later', shared: false }],
          update_time: '2026-01-01T00:00:00.000Z',
        },
      },
    );
    expect(initialDraft(view)).toEqual({
      values: { '2:0': 3 },
      comments: { '2:0': { content: 'Later', shared: false } },
    });
    expect(initialDraft({ ...view, draft: null }).values).toEqual({ '1:0': 5 });
  });

  it('counts an item rated once every criterion has a value, conflicts left out', () => {
    const questions = [
      { id: 7, title: 'Team', description: '', weight: 1 },
      { id: 8, title: 'Market', description: '', weight: 1 },
    ] as AnswerView['issue']['questions'];
    const view = viewOf({ questions }, { items: [item(1), item(2), item(3)], conflicts: [3] });
    const values = { '1:7': 2, '1:8': 0, '2:7': 4 };
    expect(ratingProgress(view, { values, comments: {} })).toEqual({
      rated: 1,
      total: 2,
      partly: [2],
      unrated: new Set([2]),
    });
    // A minimum is a rating like any other: 0 on both criteria rates the item.
    expect(ratingProgress(view, { values: { '2:7': 0, '2:8': 0 }, comments: {} })).toMatchObject({
      rated: 1,
      partly: [],
      unrated: new Set([1]),
    });
    expect(ratingProgress(viewOf({ resourcetype: 'TokenIssue' }), { values, comments: {} })).toBeNull();
  });
});
