import type { AnswerView } from '@shortlist/contract';
import { describe, expect, it } from 'vitest';
import type { Draft } from './answer-draft';
import { ballotSize, moveInRanking, rankedOrder, withRanking } from './ranked-draft';

const draft = (values: Record<string, number>): Draft => ({
  values,
  comments: { '7:0': { content: 'x', shared: false } },
});

describe('a ranked ballot in the draft', () => {
  it('reads the order from the points, best first', () => {
    expect(rankedOrder(draft({ '4:0': 1, '9:0': 3, '2:0': 2 }))).toEqual([9, 2, 4]);
  });

  it('writes points n + 1 − place without a gap, keeping comments', () => {
    const next = withRanking(draft({ '4:0': 1 }), 5, [2, 4]);
    expect(next.values).toEqual({ '2:0': 5, '4:0': 4 });
    expect(next.comments['7:0']?.content).toBe('x');
  });

  it('moves one item to a place, clamped to the ends', () => {
    expect(moveInRanking([1, 2, 3], 3, 0)).toEqual([3, 1, 2]);
    expect(moveInRanking([1, 2, 3], 1, 1)).toEqual([2, 1, 3]);
    expect(moveInRanking([1, 2, 3], 2, 9)).toEqual([1, 3, 2]);
    expect(moveInRanking([1, 2], 5, 1)).toEqual([1, 5, 2]);
  });

  it('asks for n items, or every item the judge may rank when fewer', () => {
    const view = (items: number, conflicts: number[]) =>
      ({
        issue: { nb_ranked: 3 },
        items: Array.from({ length: items }, (_, i) => ({ id: i + 1 })),
        conflicts,
      }) as unknown as AnswerView;
    expect(ballotSize(view(5, []))).toBe(3);
    expect(ballotSize(view(3, [2]))).toBe(2);
  });
});
