import { describe, expect, it } from 'vitest';
import { isVersionMismatch } from './version-store';

describe('isVersionMismatch', () => {
  it('ignores the patch part and an unknown server version', () => {
    expect(isVersionMismatch('0.9.0', '0.9.24')).toBe(false);
    expect(isVersionMismatch(null, '0.9.24')).toBe(false);
  });

  it('flags another major or minor version', () => {
    expect(isVersionMismatch('0.10.0', '0.9.24')).toBe(true);
    expect(isVersionMismatch('1.9.0', '0.9.24')).toBe(true);
  });
});
