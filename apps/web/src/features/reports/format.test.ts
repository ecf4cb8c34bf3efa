import { describe, expect, it } from 'vitest';
import { formatValue } from './format';

describe('formatValue', () => {
  it('writes a value with up to 3 decimals in each language', () => {
    expect(formatValue(3.4444, 'en')).toBe('3.444');
    expect(formatValue(3.4444, 'fr')).toBe('3,444');
    expect(formatValue(1234.5, 'en')).toBe('1,234.5');
    expect(formatValue(-0.413, 'en')).toBe('-0.413');
  });

  it('writes a missing value as a dash', () => {
    expect(formatValue(null, 'en')).toBe('—');
  });
});
