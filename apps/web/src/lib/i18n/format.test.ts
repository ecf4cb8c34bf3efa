import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatPercent } from './format';

// Intl's separators: French groups thousands with a narrow no-break space (U+202F) and puts a no-break
// space (U+00A0) before the percent sign.
const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('format', () => {
  // A local date, so that the test reads the same in any time zone.
  const afternoon = new Date(2026, 10, 25, 14, 5);

  it('writes numbers with the language’s decimal mark and grouping', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'fr')).toBe(`1${NNBSP}234,5`);
    expect(formatNumber(4.56789, 'en')).toBe('4.568');
    expect(formatNumber(4.56789, 'fr', 1)).toBe('4,6');
  });

  it('writes shares as percents', () => {
    expect(formatPercent(0.255, 'en')).toBe('25.5%');
    expect(formatPercent(0.255, 'fr')).toBe(`25,5${NBSP}%`);
  });

  it('writes dates and date-times in one format per language', () => {
    expect(formatDate(afternoon, 'en')).toBe('Nov 25, 2026');
    expect(formatDate(afternoon, 'fr')).toBe('25 nov. 2026');
    expect(formatDateTime(afternoon, 'en')).toBe('Nov 25, 2026, 2:05 PM');
    expect(formatDateTime(afternoon, 'fr')).toBe('25 nov. 2026, 14:05');
    expect(formatDate(afternoon.toISOString(), 'fr')).toBe('25 nov. 2026');
  });
});
