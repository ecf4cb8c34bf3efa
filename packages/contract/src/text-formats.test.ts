import { describe, expect, it } from 'vitest';
import { type TextFormatRules, textFormatProblem } from './item-types.ts';

const rules = (
  format: TextFormatRules['format'],
  number_min: number | null = null,
  number_max: number | null = null,
) => ({
  format,
  number_min,
  number_max,
});

describe('textFormatProblem', () => {
  it('accepts any text without a format, and an empty answer with one', () => {
    expect(textFormatProblem(rules(null), 'not-an-email')).toBeNull();
    expect(textFormatProblem(rules('email'), '   ')).toBeNull();
  });

  it('checks e-mail addresses', () => {
    expect(textFormatProblem(rules('email'), 'not-an-email')).toBe('email');
    expect(textFormatProblem(rules('email'), ' ada@example.org ')).toBeNull();
  });

  it('reads numbers with a point or a comma and holds them to their bounds', () => {
    const between = rules('number', 0, 10);
    expect(textFormatProblem(between, '3,5')).toBeNull();
    expect(textFormatProblem(between, '-0.5')).toBe('min');
    expect(textFormatProblem(between, '10.01')).toBe('max');
    expect(textFormatProblem(between, '10')).toBeNull();
    expect(textFormatProblem(rules('number'), '1e5')).toBe('number');
    expect(textFormatProblem(rules('number'), 'twelve')).toBe('number');
  });

  it('takes calendar dates written YYYY-MM-DD', () => {
    expect(textFormatProblem(rules('date'), '2024-02-29')).toBeNull();
    expect(textFormatProblem(rules('date'), '2025-02-29')).toBe('date');
    expect(textFormatProblem(rules('date'), '29/02/2024')).toBe('date');
  });

  it('takes web addresses only', () => {
    expect(textFormatProblem(rules('url'), 'https://example.org/pitch')).toBeNull();
    expect(textFormatProblem(rules('url'), 'javascript:alert(1)')).toBe('url');
    expect(textFormatProblem(rules('url'), 'example')).toBe('url');
  });
});
