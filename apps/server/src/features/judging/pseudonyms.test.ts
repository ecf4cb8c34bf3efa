import { describe, expect, it } from 'vitest';
import { judgeLetters } from './pseudonyms.ts';

describe('judgeLetters', () => {
  it('counts A to Z, then AA to ZZ, then AAA, as spreadsheet columns do', () => {
    const places = [1, 2, 26, 27, 28, 52, 53, 702, 703];
    expect(places.map(judgeLetters)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});
