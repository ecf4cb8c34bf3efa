import { describe, expect, it } from 'vitest';
import { type QuestionsOfType, sharedQuestions, tickState, withTicked } from './hidden-questions';

const type = (id: number, label: string, fields: [number, string][]): QuestionsOfType => ({
  id,
  label,
  datum_fields: fields.map(([fieldId, fieldLabel]) => ({
    id: fieldId,
    label: fieldLabel,
    identifying: false,
  })),
});

describe('sharedQuestions', () => {
  it('finds a label that several item types share, whatever its case and spaces, and no other', () => {
    const types = [
      type(1, 'Startups', [
        [10, 'Founder'],
        [11, 'Pitch'],
      ]),
      type(2, 'Labs', [
        [20, ' founder '],
        [21, 'Summary'],
      ]),
      type(3, 'Grants', [[30, 'Founder']]),
    ];
    expect(sharedQuestions(types)).toEqual([{ label: 'Founder', ids: [10, 20, 30] }]);
    expect(sharedQuestions(types.slice(0, 1))).toEqual([]);
  });

  it('does not count two questions of one item type as shared', () => {
    expect(
      sharedQuestions([
        type(1, 'Startups', [
          [10, 'Name'],
          [11, 'Name'],
        ]),
      ]),
    ).toEqual([]);
  });
});

describe('withTicked and tickState', () => {
  it('ticks every field of a shared question once, unticks them all, and keeps the others', () => {
    expect(withTicked([5, 10], [10, 20], true)).toEqual([5, 10, 20]);
    expect(withTicked([5, 10, 20], [10, 20], false)).toEqual([5]);
  });

  it('is ticked when every field is hidden, half when some are', () => {
    expect(tickState([10, 20], [10, 20])).toEqual({ checked: true, indeterminate: false });
    expect(tickState([10], [10, 20])).toEqual({ checked: false, indeterminate: true });
    expect(tickState([5], [10, 20])).toEqual({ checked: false, indeterminate: false });
  });
});
