import { describe, expect, it } from 'vitest';
import { alphaInterval, alphaOf, intervalUnit, nominalUnit, unitsOfMatrix } from './krippendorff.ts';

/**
 * Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: 4 observers × 12 units with
 * missing values; the paper gives nominal α = 0.743 and interval α = 0.849.
 */
const reliabilityData: (number | null)[][] = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
  [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
];

describe("Krippendorff's α", () => {
  it('gives the published example its nominal and interval α to 3 decimals', () => {
    expect(alphaOf(unitsOfMatrix(reliabilityData, 'nominal'), 'nominal')).toBeCloseTo(0.743, 3);
    expect(alphaOf(unitsOfMatrix(reliabilityData, 'interval'), 'interval')).toBeCloseTo(0.849, 3);
  });

  it('leaves out units with one value, and has none without two values or without variation', () => {
    expect(unitsOfMatrix(reliabilityData, 'interval')).toHaveLength(11);
    expect(alphaOf([], 'interval')).toBeNull();
    expect(alphaOf([intervalUnit(1, 3, 9)], 'interval')).toBeNull();
    expect(alphaOf([intervalUnit(2, 6, 18), intervalUnit(3, 9, 27)], 'interval')).toBeNull();
  });

  it('is 1 for perfect agreement and below 0 for systematic disagreement', () => {
    expect(alphaOf([intervalUnit(2, 2, 2), intervalUnit(2, 10, 50)], 'interval')).toBeCloseTo(1, 9);
    expect(alphaOf([nominalUnit([1, 1]), nominalUnit([1, 1])], 'nominal')).toBeLessThan(0);
  });

  it('agrees between nominal and interval on values 0 and 1 (picks)', () => {
    const picks = [
      [1, 0, 1, 1, 0],
      [1, 0, 0, 1, 0],
      [1, 1, 0, 1, 0],
    ];
    const nominal = alphaOf(unitsOfMatrix(picks, 'nominal'), 'nominal');
    expect(nominal).not.toBeNull();
    expect(alphaOf(unitsOfMatrix(picks, 'interval'), 'interval')).toBeCloseTo(nominal as number, 9);
  });

  it('brackets α with a seeded bootstrap interval, the same on every call', () => {
    const units = unitsOfMatrix(reliabilityData, 'interval');
    const interval = alphaInterval(units, 'interval', { draws: 1000, seed: 31 });
    expect(interval).not.toBeNull();
    const { low, high } = interval as { low: number; high: number };
    expect(low).toBeLessThan(0.849);
    expect(high).toBeGreaterThan(0.849);
    expect(high).toBeLessThanOrEqual(1);
    expect(alphaInterval(units, 'interval', { draws: 1000, seed: 31 })).toEqual(interval);
    expect(alphaInterval(units.slice(0, 1), 'interval', { draws: 1000, seed: 31 })).toBeNull();
  });
});
