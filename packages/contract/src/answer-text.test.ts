import { describe, expect, it } from 'vitest';
import { answerCell, answerText } from './answer-text.ts';
import { emptyBudget, readBudgetConfig } from './budget.ts';

const budget = {
  resourcetype: 'custom',
  response: null,
  filename: null,
  json_response: {
    currency: '€',
    expenses: [
      { label: 'Rent', value: 900 },
      { label: 'Food', value: 300 },
      { label: 'Taxes', value: null },
    ],
    income: [{ label: 'Job', value: 1500 }],
  },
};
const text = (response: string, format: string | null = null) => ({
  resourcetype: 'text',
  format,
  response,
  json_response: null,
  filename: null,
});
/** Intl writes no-break spaces in figures and before a currency; a reader sees spaces. */
const spaced = (value: unknown) => String(value).replace(/\u00a0|\u202f/g, ' ');

describe('answerText', () => {
  it('writes a budget as its filled lines, totals and balance, in the words of the language', () => {
    expect(spaced(answerText(budget, 'en'))).toBe(
      'Expenses: Rent 900 €, Food 300 € — Total 1,200 €\nIncome: Job 1,500 € — Total 1,500 €\nBalance: 300 €',
    );
    expect(spaced(answerText(budget, 'fr'))).toBe(
      'Dépenses : Rent 900 €, Food 300 € — Total 1 200 €\nRevenus : Job 1 500 € — Total 1 500 €\nSolde : 300 €',
    );
  });

  it('writes choices joined by commas, a file by its name, a date in words, any other text as typed', () => {
    const choice = {
      resourcetype: 'choice',
      response: 'Health || Food',
      json_response: null,
      filename: null,
    };
    expect(answerText(choice, 'en')).toBe('Health, Food');
    expect(answerText({ ...choice, resourcetype: 'file', response: null, filename: 'deck.pdf' }, 'fr')).toBe(
      'deck.pdf',
    );
    expect(answerText(text('2025-03-14', 'date'), 'en')).toBe('Mar 14, 2025');
    expect(answerText(text('2025-03-14', 'date'), 'fr')).toBe('14 mars 2025');
    expect(answerText(text('2025-03-14'), 'fr')).toBe('2025-03-14');
    expect(answerText(null, 'en')).toBe('');
    expect(answerText({ ...budget, json_response: { oops: true } }, 'en')).toBe('');
  });
});

describe('answerCell', () => {
  it('keeps numbers and dates as such, and a budget on one line', () => {
    expect(answerCell(text('12,5', 'number'), 'fr')).toBe(12.5);
    expect(answerCell(text('2025-03-14', 'date'), 'fr')).toEqual(new Date(Date.UTC(2025, 2, 14)));
    expect(spaced(answerCell(budget, 'en'))).toBe(
      'Expenses: Rent 900 €, Food 300 € — Total 1,200 €; Income: Job 1,500 € — Total 1,500 €; Balance: 300 €',
    );
    expect(answerCell(text(''), 'en')).toBeNull();
  });
});

describe('a budget question', () => {
  it('starts with its own lines, or the default ones in the language of the form', () => {
    expect(emptyBudget(readBudgetConfig({ currency: 'CHF', expenses: ['Rent'] }), 'fr')).toEqual({
      currency: 'CHF',
      expenses: [{ label: 'Rent', value: null }],
      income: [
        { label: 'Aide familiale', value: null },
        { label: 'Aide au logement', value: null },
        { label: 'Bourses', value: null },
        { label: 'Emploi', value: null },
        { label: 'Autre', value: null },
      ],
    });
    const english = emptyBudget(readBudgetConfig({ expenses: null, colour: 'red' }), 'en');
    expect(english.currency).toBe('€');
    expect(english.expenses.map((line) => line.label).slice(0, 3)).toEqual([
      'Housing',
      'Utilities (water, electricity, heating)',
      'Taxes',
    ]);
    expect(english.income).toHaveLength(5);
  });
});
