import { describe, expect, it } from 'vitest';
import { axisMax } from './format';
import { visiblePage } from './visible-page';

const rows = (count: number) => Array.from({ length: count }, (_, index) => ({ dataset_id: 100 + index }));

describe('visiblePage', () => {
  it("gives the ids of the asked page's rows in their order", () => {
    expect(visiblePage(rows(5), 1, 2)).toEqual({ current: 1, ids: [100, 101] });
    expect(visiblePage(rows(5), 3, 2)).toEqual({ current: 3, ids: [104] });
    expect(visiblePage([{ dataset_id: 9 }, { dataset_id: 3 }], 1, 50)).toEqual({ current: 1, ids: [9, 3] });
  });

  it('keeps the page within the rows when a filter leaves fewer of them', () => {
    expect(visiblePage(rows(120), 40, 50)).toEqual({
      current: 3,
      ids: rows(120)
        .slice(100)
        .map((r) => r.dataset_id),
    });
    expect(visiblePage([], 4, 50)).toEqual({ current: 1, ids: [] });
  });
});

describe('axisMax', () => {
  it("ends a rating's axis at its scale, any other at the report's largest judge value", () => {
    expect(axisMax('RatingIssue', 10, 4)).toBe(10);
    expect(axisMax('TokenIssue', null, 7)).toBe(7);
    expect(axisMax('SelectionIssue', null, null)).toBe(1);
  });
});
