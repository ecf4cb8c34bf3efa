import { emptyBudget, type PublicQuestion } from '@shortlist/contract';
import { describe, expect, it } from 'vitest';
import { initialAnswers, toSubmission } from './answers';
import { placeSections, visibleQuestionIds } from './visibility';

const common = { description: '', required: false, condition: null };
const anyText = { format: null, number_min: null, number_max: null };
const questions: PublicQuestion[] = [
  { ...common, id: 1, label: 'Name', resourcetype: 'text', response_max_length: 60, ...anyText },
  { ...common, id: 2, label: 'Areas', resourcetype: 'choice', multiple: true, radio: false, options: [] },
  {
    ...common,
    id: 3,
    label: 'Why energy',
    resourcetype: 'text',
    response_max_length: 500,
    ...anyText,
    condition: { datum_field: 2, value: 'Energy' },
  },
  {
    ...common,
    id: 4,
    label: 'Details',
    resourcetype: 'text',
    response_max_length: 500,
    ...anyText,
    condition: { datum_field: 3, value: 'yes' },
  },
  {
    ...common,
    id: 5,
    label: 'Deck',
    resourcetype: 'file',
    mime_types: ['application/pdf'],
    max_size_bytes: 100,
  },
  { ...common, id: 6, label: 'Budget', resourcetype: 'custom', type: 'budget', json_config: {} },
];

describe('visibility', () => {
  it('shows a conditional question when its referenced answer matches, through chains', () => {
    expect([...visibleQuestionIds(questions, new Map())]).toEqual([1, 2, 5, 6]);
    const chosen = new Map([
      [2, 'Health || Energy'],
      [3, 'yes'],
    ]);
    expect([...visibleQuestionIds(questions, chosen)]).toEqual([1, 2, 3, 4, 5, 6]);
    // Hidden questions hide what depends on them, whatever their stale answer.
    expect(visibleQuestionIds(questions, new Map([[3, 'yes']])).has(4)).toBe(false);
  });

  it('places sections above their linked question, else by position, else at the end', () => {
    const section = { body: '', linked_to_df: null };
    const { above, atEnd } = placeSections(questions, [
      { ...section, id: 10, text: 'First', position: 0 },
      { ...section, id: 11, text: 'Linked', position: 0, linked_to_df: 5 },
      { ...section, id: 12, text: 'Last', position: 99 },
    ]);
    expect(above.get(1)?.map((s) => s.text)).toEqual(['First']);
    expect(above.get(5)?.map((s) => s.text)).toEqual(['Linked']);
    expect(atEnd.map((s) => s.text)).toEqual(['Last']);
  });
});

describe('answers', () => {
  it('sends visible, non-empty answers, announces new files and drops untouched budgets', () => {
    const deck = new File(['%PDF'], 'deck.pdf', { type: 'application/pdf' });
    const budget = emptyBudget({}, 'en');
    const answers = {
      1: '  Kites ',
      2: ['Health', 'Energy'],
      3: 'hidden answer',
      5: { file: deck, saved: null },
      6: budget,
    };
    const { values, files } = toSubmission(questions, answers, new Set([1, 2, 5, 6]));
    expect(values).toEqual([
      { datum_field: 1, response: 'Kites' },
      { datum_field: 2, response: 'Health || Energy' },
      { datum_field: 5, file: { name: 'deck.pdf', size: 4, type: 'application/pdf' } },
    ]);
    expect(files.get(5)).toBe(deck);
  });

  it('keeps a saved file unless it was removed, and reopens saved answers', () => {
    const opened = initialAnswers(questions, [
      { datum_field: 2, resourcetype: 'choice', response: 'Health || Food', json_response: null, file: null },
      { datum_field: 5, resourcetype: 'file', response: null, json_response: null, file: 'old.pdf' },
    ]);
    expect(opened[2]).toEqual(['Health', 'Food']);
    expect(opened[5]).toEqual({ file: null, saved: 'old.pdf' });
    expect(toSubmission(questions, opened, new Set([5])).values).toEqual([]);
    const removed = { ...opened, 5: { file: null, saved: null } };
    expect(toSubmission(questions, removed, new Set([5])).values).toEqual([{ datum_field: 5, file: null }]);
  });
});
