import { describe, expect, it } from 'vitest';
import './messages.ts';
import { parseIdList } from './common.ts';
import { issueCreateSchema, issuePatchSchema, MIN_RATING_MESSAGE } from './selections.ts';

const errorsOf = (body: unknown) => {
  const parsed = issueCreateSchema.safeParse(body);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('issueCreateSchema', () => {
  it('fills the defaults of each type', () => {
    expect(issueCreateSchema.parse({ team: 1, resourcetype: 'RatingIssue', title: 'Ab' })).toMatchObject({
      min_rating: 0,
      max_rating: 5,
      step: 1,
      comments_mode: 'DATASET',
      item_label_singular_en: 'item',
    });
    expect(issueCreateSchema.parse({ team: 1, resourcetype: 'TokenIssue', title: 'Ab' })).toMatchObject({
      nb_tokens: 20,
      max_per_item: 5,
    });
    expect(issueCreateSchema.parse({ team: 1, resourcetype: 'SelectionIssue', title: 'Ab' })).toMatchObject({
      min_items: 0,
      max_items: 10,
    });
  });

  it('checks the numbers against each other', () => {
    const base = { team: 1, title: 'Ab' };
    expect(errorsOf({ ...base, resourcetype: 'RatingIssue', min_rating: 5, max_rating: 5 })).toEqual({
      min_rating: MIN_RATING_MESSAGE,
    });
    expect(errorsOf({ ...base, resourcetype: 'RatingIssue', step: 6 })).toHaveProperty('step');
    expect(errorsOf({ ...base, resourcetype: 'SelectionIssue', min_items: 11 })).toHaveProperty('min_items');
    expect(errorsOf({ ...base, resourcetype: 'TokenIssue', nb_tokens: 3 })).toHaveProperty('max_per_item');
  });

  it('refuses an unknown type and out-of-range numbers', () => {
    expect(errorsOf({ team: 1, title: 'Ab', resourcetype: 'Nope' })).toHaveProperty('resourcetype');
    expect(errorsOf({ team: 1, title: 'Ab', resourcetype: 'RatingIssue', max_rating: 1001 })).toHaveProperty(
      'max_rating',
    );
  });

  it('reads the comments mode in either case', () => {
    expect(
      issueCreateSchema.parse({
        team: 1,
        resourcetype: 'RatingIssue',
        title: 'Ab',
        comments_mode: 'question',
      }),
    ).toMatchObject({ comments_mode: 'QUESTION' });
  });
});

describe('issuePatchSchema', () => {
  it('adds no defaults', () => {
    expect(issuePatchSchema.parse({ resourcetype: 'RatingIssue', status: 'closed' })).toEqual({
      resourcetype: 'RatingIssue',
      status: 'closed',
    });
  });
});

describe('parseIdList', () => {
  it('keeps positive integers once', () => {
    expect(parseIdList('1,a,2,2,-3,0')).toEqual([1, 2]);
    expect(parseIdList('99999999999,2147483647')).toEqual([2147483647]);
  });
});
