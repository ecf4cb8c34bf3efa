import { describe, expect, it } from 'vitest';
import { getServerVersion, isVersionMismatch, recordServerVersion } from './version-store';

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

describe('recordServerVersion', () => {
  it('follows the replies until a mismatch, then keeps the mismatch until a reload', () => {
    recordServerVersion('0.9.3');
    expect(getServerVersion()).toBe('0.9.3');
    recordServerVersion('1.0.0');
    recordServerVersion('0.9.0');
    expect(getServerVersion()).toBe('1.0.0');
  });
});
