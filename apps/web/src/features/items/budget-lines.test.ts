import { budgetBalance, sumBudgetLines } from '@shortlist/contract';
import { describe, expect, it } from 'vitest';
import { defaultBudget } from './budget-lines';
import { formatBytes, joinTags, tagsOf } from './format';

describe('budget lines', () => {
  it('starts with the spec’s ten expense and five income lines, empty, in euros', () => {
    const budget = defaultBudget();
    expect(budget.expenses).toHaveLength(10);
    expect(budget.income).toHaveLength(5);
    expect(budget.currency).toBe('€');
    expect(budgetBalance(budget)).toBe(0);
  });

  it('sums whole amounts, empty and negative ones counting as 0', () => {
    expect(
      sumBudgetLines([
        { label: 'a', value: 100.4 },
        { label: 'b', value: null },
        { label: 'c', value: -30 },
      ]),
    ).toBe(100);
    const budget = {
      currency: 'CHF',
      expenses: [{ label: 'Rent', value: 900 }],
      income: [{ label: 'Job', value: 1200 }],
    };
    expect(budgetBalance(budget)).toBe(300);
  });
});

describe('tags on the wire', () => {
  it('reads "a; b;A" as two tags and joins them back with semicolons', () => {
    expect(tagsOf(' a; b;A;; ')).toEqual(['a', 'b']);
    expect(joinTags([' space ', 'b2b'])).toBe('space;b2b');
  });

  it('formats sizes', () => {
    expect(formatBytes(15)).toBe('15 B');
    expect(formatBytes(1024 * 1024)).toBe('1 MB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1536, 'fr')).toBe('1,5 KB');
  });
});
