import { describe, expect, it } from 'vitest';
import { readUsageRange } from './usage-range';

const today = new Date('2026-03-10T15:00:00Z');

describe('readUsageRange', () => {
  it('defaults to the last 30 days, today included', () => {
    expect(readUsageRange(new URLSearchParams(), today)).toEqual({
      from: '2026-02-09',
      toDate: '2026-03-10',
    });
  });

  it('keeps well-formed dates from the query and drops the others', () => {
    const params = new URLSearchParams({ from: '2026-01-01', toDate: 'tomorrow' });
    expect(readUsageRange(params, today)).toEqual({ from: '2026-01-01', toDate: '2026-03-10' });
  });
});
