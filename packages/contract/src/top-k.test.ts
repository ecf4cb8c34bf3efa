import { describe, expect, it } from 'vitest';
import { defaultTopK } from './top-k.ts';

describe('defaultTopK', () => {
  it('proposes a tenth of the items, at least 1 and at most 10', () => {
    expect([0, 1, 4, 5, 14, 15, 40, 100, 101, 5000].map(defaultTopK)).toEqual([
      1, 1, 1, 1, 1, 2, 4, 10, 10, 10,
    ]);
  });
});
