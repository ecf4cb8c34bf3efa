import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../app/i18n/format';
import { formatValue } from './format';

describe('formatValue', () => {
  it('writes a value as formatNumber does, in each language, with its formatter kept', () => {
    for (const language of ['en', 'fr', 'en']) {
      for (const value of [0, 3.5, 3.4444, 1234.5678, -0.413]) {
        expect(formatValue(value, language)).toBe(formatNumber(value, language));
      }
    }
    expect(formatValue(1234.5, 'fr')).not.toBe(formatValue(1234.5, 'en'));
  });

  it('writes a missing value as a dash', () => {
    expect(formatValue(null, 'en')).toBe('—');
  });
});
