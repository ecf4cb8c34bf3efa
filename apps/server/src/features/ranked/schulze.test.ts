import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/random.ts';
import { condorcetWinner, condorcetWinnerOf, preferencesOf, schulze, schulzeCandidates } from './schulze.ts';
import { OFF_THREAD_FROM, schulzeOffThread } from './schulze-thread.ts';

/** `schulze` over a matrix of rows, its strongest paths as rows. */
function schulzeOfRows(d: number[][]) {
  const m = d.length;
  const { strongest, ranks } = schulze(m, d.flat());
  return { strongest: d.map((_, i) => [...strongest.subarray(i * m, (i + 1) * m)]), ranks: [...ranks] };
}

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
    const result = schulzeOfRows(d);
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
    expect(condorcetWinner(d)).toBeNull();
  });

  it('elects the Condorcet winner when there is one (Tennessee capital)', () => {
    const cities = 'MNCK';
    const tennessee = preferencesOf(4, [
      { count: 42, order: letters('MNCK', cities) },
      { count: 26, order: letters('NCKM', cities) },
      { count: 15, order: letters('CKNM', cities) },
      { count: 17, order: letters('KCNM', cities) },
    ]);
    const result = schulzeOfRows(tennessee);
    expect(condorcetWinner(tennessee)).toBe(1);
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
    const tied = [
      [0, 1, 1],
      [1, 0, 2],
      [0, 0, 0],
    ];
    // A ties B head to head; A and B beat C.
    expect(schulzeOfRows(tied).ranks).toEqual([1, 1, 3]);
    expect(condorcetWinner(tied)).toBeNull();
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

  /** A random matrix of preference counts among m candidates, `ballots` in all per pair at most. */
  function randomCounts(m: number, ballots: number, seed: number) {
    const random = seededRandom(seed);
    const d = new Int32Array(m * m);
    for (let i = 0; i < m; i++)
      for (let j = 0; j < i; j++) {
        const forward = Math.floor(random() * ballots);
        d[i * m + j] = forward;
        d[j * m + i] = Math.floor(random() * (ballots - forward));
      }
    return d;
  }

  it('finds the textbook strongest paths on random matrices', () => {
    for (const [m, seed] of [
      [2, 1],
      [7, 2],
      [30, 3],
      [61, 4],
    ] as const) {
      const d = randomCounts(m, 9, seed);
      // Schulze (2011), section 2.3, as written: the diagonal and the intermediate skipped.
      const at = (matrix: ArrayLike<number>, i: number, j: number) => matrix[i * m + j] as number;
      const p = Array.from({ length: m * m }, (_, c) => {
        const [i, j] = [Math.floor(c / m), c % m];
        return i !== j && at(d, i, j) > at(d, j, i) ? at(d, i, j) : 0;
      });
      for (let i = 0; i < m; i++)
        for (let j = 0; j < m; j++)
          if (i !== j)
            for (let k = 0; k < m; k++)
              if (i !== k && j !== k)
                p[j * m + k] = Math.max(at(p, j, k), Math.min(at(p, j, i), at(p, i, k)));
      expect(Array.from(schulze(m, d).strongest)).toEqual(p);
    }
  });

  it('runs a large matrix on the worker thread, the event loop free meanwhile, with the same result', async () => {
    const m = OFF_THREAD_FROM + 50;
    const d = randomCounts(m, 120, 5);
    const expected = schulze(m, d);
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    const [first, second] = await Promise.all([
      schulzeOffThread(m, d.slice()),
      schulzeOffThread(m, d.slice()),
    ]);
    expect(turned).toBe(true);
    for (const result of [first, second]) {
      expect(result?.ranks).toEqual(expected.ranks);
      expect(result?.strongest).toEqual(expected.strongest);
    }
    // Handed over to the worker, not copied: the caller's matrix is gone.
    const other = randomCounts(m, 120, 7);
    await schulzeOffThread(m, other);
    expect(other.length).toBe(0);
    // The same counts again: the result kept, at once, the worker not asked.
    const again = d.slice();
    let turnedAgain = false;
    setImmediate(() => {
      turnedAgain = true;
    });
    expect(await schulzeOffThread(m, again)).toBe(second);
    expect([turnedAgain, again.length]).toEqual([false, m * m]);
    // Below the threshold, here and at once.
    const small = randomCounts(OFF_THREAD_FROM - 1, 9, 6);
    await schulzeOffThread(OFF_THREAD_FROM - 1, small);
    expect(small.length).toBe((OFF_THREAD_FROM - 1) ** 2);
  });
});
