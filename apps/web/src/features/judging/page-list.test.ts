import { describe, expect, it } from 'vitest';
import { pageList } from './page-list';

describe('pageList', () => {
  it('lists every page of a short list', () => {
    expect(pageList(1, 1)).toEqual([1]);
    expect(pageList(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the first, the last and the current page with its neighbours of a long list', () => {
    expect(pageList(1, 40)).toEqual([1, 2, 3, 4, 5, 'gap', 40]);
    expect(pageList(3, 40)).toEqual([1, 2, 3, 4, 5, 'gap', 40]);
    expect(pageList(20, 40)).toEqual([1, 'gap', 19, 20, 21, 'gap', 40]);
    expect(pageList(39, 40)).toEqual([1, 'gap', 36, 37, 38, 39, 40]);
    expect(pageList(40, 40)).toEqual([1, 'gap', 36, 37, 38, 39, 40]);
  });

  it('never leaves a gap of one page', () => {
    expect(pageList(4, 8)).toEqual([1, 2, 3, 4, 5, 'gap', 8]);
    expect(pageList(5, 8)).toEqual([1, 'gap', 4, 5, 6, 7, 8]);
  });
});
