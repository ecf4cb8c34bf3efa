import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/random.ts';
import { condorcetWinner, condorcetWinnerOf, preferencesOf, schulze, schulzeCandidates } from './schulze.ts';

const letters = (word: string, names: string) => [...word].map((letter) => names.indexOf(letter));
const orderOf = (ranks: number[], names: string) =>
  [...names].map((name, i) => ({ name, rank: ranks[i] ?? 0 })).sort((a, b) => a.rank - b.rank);

describe('Schulze', () => {
  // Wikipedia, "Schulze method", the example with 45 voters and 5 candidates.
  const names = 'ABCDE';
  const ballots = [
    [5, 'ACBED'],
    [5, 'ADECB'],
    [8, 'BEDAC'],
    [3, 'CABED'],
    [7, 'CAEBD'],
    [2, 'CBADE'],
    [7, 'DCEBA'],
    [8, 'EBADC'],
  ] as const;
  const d = preferencesOf(
    5,
    ballots.map(([count, word]) => ({ count, order: letters(word, names) })),
  );

  it('builds the published pairwise matrix', () => {
    expect(d).toEqual([
      [0, 20, 26, 30, 22],
      [25, 0, 16, 33, 18],
      [19, 29, 0, 17, 24],
      [15, 12, 28, 0, 14],
      [23, 27, 21, 31, 0],
    ]);
  });

  it('finds the published strongest paths and E > A > C > B > D', () => {
    const result = schulze(d);
    expect(result.strongest).toEqual([
      [0, 28, 28, 30, 24],
      [25, 0, 28, 33, 24],
      [25, 29, 0, 29, 24],
      [25, 28, 28, 0, 24],
      [25, 28, 28, 31, 0],
    ]);
    expect(
      orderOf(result.ranks, names)
        .map((c) => c.name)
        .join(''),
    ).toBe('EACBD');
    expect(result.ranks).toEqual([2, 4, 3, 5, 1]);
    // E loses to C head to head (21 : 24): the winner by strongest paths is no Condorcet winner.
    expect(result.condorcetWinner).toBeNull();
  });

  it('elects the Condorcet winner when there is one (Tennessee capital)', () => {
    const cities = 'MNCK';
    const tennessee = preferencesOf(4, [
      { count: 42, order: letters('MNCK', cities) },
      { count: 26, order: letters('NCKM', cities) },
      { count: 15, order: letters('CKNM', cities) },
      { count: 17, order: letters('KCNM', cities) },
    ]);
    const result = schulze(tennessee);
    expect(condorcetWinner(tennessee)).toBe(1);
    expect(result.condorcetWinner).toBe(1);
    expect(
      orderOf(result.ranks, cities)
        .map((c) => c.name)
        .join(''),
    ).toBe('NCKM');
  });

  it('counts a candidate left off a truncated ballot below every listed one', () => {
    const d3 = preferencesOf(3, [{ order: [2] }, { order: [1, 2] }]);
    expect(d3).toEqual([
      [0, 0, 0],
      [1, 0, 1],
      [2, 1, 0],
    ]);
  });

  it('ties candidates nobody separates, sharing a place', () => {
    const result = schulze([
      [0, 1, 1],
      [1, 0, 2],
      [0, 0, 0],
    ]);
    // A ties B head to head; A and B beat C.
    expect(result.ranks).toEqual([1, 1, 3]);
    expect(result.condorcetWinner).toBeNull();
  });

  it('finds the Condorcet winner from the preference counts as from the matrix, on random elections', () => {
    const random = seededRandom(11);
    let found = 0;
    for (let run = 0; run < 300; run++) {
      const m = 2 + Math.floor(random() * 6);
      const ballots = Array.from({ length: 1 + Math.floor(random() * 9) }, () => ({
        order: [...Array(m).keys()].sort(() => random() - 0.5).slice(0, 1 + Math.floor(random() * m)),
      }));
      const matrix = preferencesOf(m, ballots);
      const expected = condorcetWinner(matrix);
      if (expected !== null) found++;
      expect(condorcetWinnerOf(m, (i, j) => matrix[i]?.[j] ?? 0)).toBe(expected);
    }
    expect(found).toBeGreaterThan(50);
  });

  it('ranks at most the first candidates, and the Condorcet winner wherever it stands', () => {
    expect(schulzeCandidates([5, 4, 3, 2, 1], null, 3)).toEqual([5, 4, 3]);
    expect(schulzeCandidates([5, 4, 3, 2, 1], 1, 3)).toEqual([5, 4, 3, 1]);
    expect(schulzeCandidates([5, 4, 3, 2, 1], 4, 3)).toEqual([5, 4, 3]);
    expect(schulzeCandidates([2, 1], null, 3)).toEqual([2, 1]);
  });
});
