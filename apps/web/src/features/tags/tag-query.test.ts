import { describe, expect, it } from 'vitest';
import { formatTagQuery, parseTagQuery, toggleTagQuery } from './tag-query';

describe('parseTagQuery', () => {
  it('reads comma-separated integer ids', () => {
    expect(parseTagQuery('3,12, 7')).toEqual([3, 12, 7]);
  });

  it('drops non-numeric, negative, zero, decimal and repeated ids', () => {
    expect(parseTagQuery('a,4,-2,0,1.5,,4,x9')).toEqual([4]);
  });

  it('reads nothing from a missing or empty parameter', () => {
    expect(parseTagQuery(null)).toEqual([]);
    expect(parseTagQuery('')).toEqual([]);
  });

  it('drops ids that are not among the known tags', () => {
    expect(parseTagQuery('1,2,3', [3, 1])).toEqual([1, 3]);
    expect(parseTagQuery('5', [])).toEqual([]);
  });
});

describe('toggleTagQuery', () => {
  it('makes a clicked tag the filter', () => {
    expect(toggleTagQuery([], 4)).toBe('4');
    expect(toggleTagQuery([2], 4)).toBe('4');
  });

  it('clears the filter when the clicked tag is active', () => {
    expect(toggleTagQuery([4], 4)).toBeNull();
    expect(toggleTagQuery([2, 4], 4)).toBeNull();
  });
});

describe('formatTagQuery', () => {
  it('joins ids by commas and gives null for none', () => {
    expect(formatTagQuery([1, 2])).toBe('1,2');
    expect(formatTagQuery([])).toBeNull();
  });
});
