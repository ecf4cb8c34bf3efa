import type { Issue } from '@shortlist/contract';
import { describe, expect, it } from 'vitest';
import {
  followNumbers,
  issueToValues,
  newIssueValues,
  toIssuePatch,
  toIssuePayload,
} from './issue-form-values';
import { weightShares } from './weight-shares';

describe('followNumbers', () => {
  it('pulls the pick minimum down when the maximum drops below it', () => {
    const values = { ...newIssueValues('SelectionIssue'), min_items: 6, max_items: 10 };
    expect(followNumbers({ max_items: 4 }, values)).toEqual({ min_items: 4 });
    expect(followNumbers({ max_items: 8 }, values)).toBeNull();
  });

  it('lowers the per-item cap when the tokens drop below it', () => {
    const values = newIssueValues('TokenIssue');
    expect(followNumbers({ nb_tokens: 3 }, values)).toEqual({ max_per_item: 3 });
    expect(followNumbers({ nb_tokens: 30 }, values)).toBeNull();
  });
});

describe('toIssuePayload', () => {
  it('sends a pairwise selection its shortlist size, null when left empty, and no other number', () => {
    const empty = toIssuePayload({ ...newIssueValues('PairwiseIssue'), title: 'Expo' });
    expect(empty).toMatchObject({ resourcetype: 'PairwiseIssue', shortlist_size: null });
    expect(empty).not.toHaveProperty('nb_tokens');
    const set = toIssuePayload({ ...newIssueValues('PairwiseIssue'), title: 'Expo', shortlist_size: 20 });
    expect(set).toMatchObject({ shortlist_size: 20 });
  });

  it("sends only the chosen type's numbers", () => {
    const payload = toIssuePayload({ ...newIssueValues('TokenIssue'), title: ' Vote ' });
    expect(payload).toMatchObject({
      resourcetype: 'TokenIssue',
      title: 'Vote',
      nb_tokens: 20,
      max_per_item: 5,
    });
    expect(payload).not.toHaveProperty('max_rating');
    expect(payload).not.toHaveProperty('email_required');
  });

  it('sends the e-mail options only when public and the comments mode only when not', () => {
    const privateRating = toIssuePayload({ ...newIssueValues('RatingIssue'), comments_mode: 'QUESTION' });
    expect(privateRating).toMatchObject({ comments_mode: 'QUESTION', item_label_plural_en: 'items' });
    const publicRating = toIssuePayload({
      ...newIssueValues('RatingIssue'),
      public: true,
      email_required: false,
    });
    expect(publicRating).not.toHaveProperty('comments_mode');
    expect(publicRating).toMatchObject({ email_required: false, email_link: false });
  });
});

describe('weightShares', () => {
  it('gives each weight as a percent of the total, rounded to one decimal, in the language', () => {
    expect(weightShares([1, 0.5, 0.5], 'en')).toEqual(['50%', '25%', '25%']);
    expect(weightShares([1, 1, 1], 'en')).toEqual(['33.3%', '33.3%', '33.3%']);
    expect(weightShares([2, 1], 'fr')).toEqual(['66,7\u00a0%', '33,3\u00a0%']);
    expect(weightShares([], 'en')).toEqual([]);
  });
});

describe('toIssuePatch', () => {
  it('sends the type and what changed only, so a kept public setting is not sent again', () => {
    const issue = {
      ...toIssuePayload({ ...newIssueValues('RatingIssue'), title: 'Old', public: true }),
      id: 1,
      comments_mode: 'DATASET',
      judges_can_load_dataset_details: false,
    } as unknown as Issue;
    const values = { ...issueToValues(issue), title: 'New', judges_can_load_dataset_details: true };
    expect(toIssuePatch(values, issue)).toEqual({
      resourcetype: 'RatingIssue',
      title: 'New',
      judges_can_load_dataset_details: true,
    });
  });
});
