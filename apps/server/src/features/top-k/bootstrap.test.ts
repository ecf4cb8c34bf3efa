import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/random.ts';
import { addTopKShares, bootstrapTopK, seededUniform } from './bootstrap.ts';
import type { SelectionValues } from './bootstrap-input.ts';

const shares = (keys: number[], k: number) => {
  const result = new Float64Array(keys.length);
  addTopKShares(Float64Array.from(keys), k, result, new Float64Array(keys.length));
  return [...result];
};

describe('the seats of one draw', () => {
  it('shares the seats left between the items tied at the cut', () => {
    expect(shares([5, 4, 4, 3], 2)).toEqual([1, 0.5, 0.5, 0]);
    expect(shares([4, 4, 4, 1], 2)).toEqual([2 / 3, 2 / 3, 2 / 3, 0]);
    expect(shares([5, 4, 4, 3], 3)).toEqual([1, 1, 1, 0]);
  });

  it('never seats an item without a value, and seats every valued one when fewer than k have one', () => {
    expect(shares([Number.NaN, 2, Number.NaN, 1], 3)).toEqual([0, 1, 0, 1]);
    expect(shares([Number.NaN, 2, 7, 1], 1)).toEqual([0, 0, 1, 0]);
  });
});

/** Judges each rating a random share of `nbItems` (some nearly all: dense rows; some few: sparse lists). */
function randomSelection(
  random: () => number,
  nbItems: number,
  nbJudges: number,
  mean: boolean,
  coverages: [number, number] = [0.9, 0.2],
): SelectionValues {
  const judgeStart = new Int32Array(nbJudges + 1);
  const items: number[] = [];
  const values: number[] = [];
  for (let j = 0; j < nbJudges; j++) {
    const coverage = coverages[j % 2] ?? 0;
    for (let i = 0; i < nbItems; i++) {
      if (random() < coverage) {
        items.push(i);
        values.push(Math.round(random() * 10));
      }
    }
    judgeStart[j + 1] = items.length;
  }
  return {
    mean,
    scale: mean ? 10 : null,
    weight: 1,
    items: Int32Array.from({ length: nbItems }, (_, i) => i),
    judgeStart,
    judgeItems: Int32Array.from(items),
    judgeValues: Float64Array.from(values),
  };
}

/**
 * The bootstrap written plainly: per draw, how many times each judge is drawn, then every item's drawn values
 * summed judge by judge, in the judges' order (the order the app sums them in, so the same bits).
 */
function plainBootstrap(selection: SelectionValues, k: number, draws: number, seed: number) {
  const uniform = seededUniform(seed);
  const nbItems = selection.items.length;
  const nbJudges = selection.judgeStart.length - 1;
  const result = new Float64Array(nbItems);
  for (let draw = 0; draw < draws; draw++) {
    const drawn = new Array<number>(nbJudges).fill(0);
    for (let n = 0; n < nbJudges; n++) {
      const j = Math.floor(uniform() * nbJudges);
      drawn[j] = (drawn[j] ?? 0) + 1;
    }
    const sums = new Array<number>(nbItems).fill(0);
    const counts = new Array<number>(nbItems).fill(0);
    drawn.forEach((m, j) => {
      if (m === 0) return;
      for (let p = selection.judgeStart[j] ?? 0; p < (selection.judgeStart[j + 1] ?? 0); p++) {
        const item = selection.judgeItems[p] ?? 0;
        sums[item] = (sums[item] ?? 0) + m * (selection.judgeValues[p] ?? 0);
        counts[item] = (counts[item] ?? 0) + m;
      }
    });
    const keys = sums.map((sum, i) =>
      Math.round(
        (selection.mean ? ((counts[i] ?? 0) > 0 ? sum / (counts[i] ?? 1) : Number.NaN) : sum) * 1000,
      ),
    );
    addTopKShares(Float64Array.from(keys), k, result, new Float64Array(nbItems));
  }
  return [...result].map((share) => share / draws);
}

describe('the bootstrap', () => {
  it.each([true, false])(
    'gives the plain computation’s probabilities (means: %s), k seats a draw',
    (mean) => {
      const selection = randomSelection(seededRandom(11), 60, 9, mean);
      const input = {
        nbItems: 60,
        selections: [selection],
        k: 5,
        draws: 200,
        seed: 3,
        decimals: 3,
        merged: false,
      };
      const probabilities = [...bootstrapTopK(input)];
      expect(probabilities).toEqual(plainBootstrap(selection, 5, 200, 3));
      expect(probabilities.reduce((sum, p) => sum + p, 0)).toBeCloseTo(5, 9);
      expect([...bootstrapTopK(input)]).toEqual(probabilities);
    },
  );

  // The draws leave out the items that cannot reach a draw's cut: at every k, with values close together
  // (many ties at the cut), they must give the same numbers as computing every item.
  // Judges who rated most items (rows of all judges) or few (each item's own judges).
  it.each([
    [true, 1, 0.9],
    [true, 7, 0.9],
    [true, 59, 0.9],
    [true, 60, 0.9],
    [true, 80, 0.9],
    [false, 3, 0.9],
    [false, 40, 0.9],
    [true, 7, 0.3],
    [false, 7, 0.3],
  ])('skips only items that cannot be in (means: %s, k = %i, coverage %f)', (mean, k, coverage) => {
    const random = seededRandom(5);
    const selection = randomSelection(random, 60, 40, mean, [coverage, 0.2]);
    // Values in halves, each item a quality plus noise: items' values lie close, and draws tie at the cut.
    const judgeValues = selection.judgeValues.map(
      (_, p) => Math.round(((selection.judgeItems[p] ?? 0) / 60) * 3 + random() * 4) / 2,
    );
    const close = { ...selection, judgeValues };
    const input = { nbItems: 60, selections: [close], k, draws: 300, seed: 8, decimals: 3, merged: false };
    expect([...bootstrapTopK(input)]).toEqual(plainBootstrap(close, k, 300, 8));
  });

  it('draws the same numbers from the same seed, other numbers from another', () => {
    const first = seededUniform(42);
    const again = seededUniform(42);
    const other = seededUniform(43);
    const a = Array.from({ length: 5 }, first);
    expect(Array.from({ length: 5 }, again)).toEqual(a);
    expect(Array.from({ length: 5 }, other)).not.toEqual(a);
    expect(a.every((value) => value >= 0 && value < 1)).toBe(true);
  });
});
