import { describe, expect, it } from 'vitest';
import { seededUniform } from '../top-k/bootstrap.ts';
import { dependentRounding } from './rounding.ts';
import { BID_CODE, pairCapFraction, solveAssignment } from './solve.ts';

/** The best total of k distinct judges per item, at most `max` items a judge, by trying everything. */
function bruteForce(n: number, m: number, k: number, max: number, value: (cell: number) => number | null) {
  const choices: number[][] = [];
  for (let mask = 0; mask < 1 << m; mask++) {
    const chosen = [...Array(m).keys()].filter((j) => mask & (1 << j));
    if (chosen.length === k) choices.push(chosen);
  }
  const load = new Array(m).fill(0);
  let best = -Infinity;
  const walk = (i: number, total: number) => {
    if (i === n) {
      best = Math.max(best, total);
      return;
    }
    for (const choice of choices) {
      const values = choice.map((j) => value(i * m + j));
      if (values.some((v) => v === null) || choice.some((j) => load[j] >= max)) continue;
      for (const j of choice) load[j]++;
      walk(i + 1, total + values.reduce<number>((a, b) => a + (b ?? 0), 0));
      for (const j of choice) load[j]--;
    }
  };
  walk(0, 0);
  return best;
}

describe('the assignment solver', () => {
  it('finds the optimum of random small instances, and its LP bound is never below it', () => {
    const random = seededUniform(11);
    for (let run = 0; run < 40; run++) {
      const n = 3 + Math.floor(random() * 3);
      const m = 3 + Math.floor(random() * 2);
      const k = 1 + Math.floor(random() * 2);
      const max = Math.ceil((n * k) / m) + Math.floor(random() * 2);
      const cells = n * m;
      const affinity = Float32Array.from({ length: cells }, () => Math.round(random() * 100) / 100);
      const bid = Uint8Array.from({ length: cells }, () => {
        const x = random();
        return x < 0.15 ? BID_CODE.eager : x < 0.25 ? BID_CODE.not_willing : BID_CODE.none;
      });
      const conflict = Uint8Array.from({ length: cells }, () => (random() < 0.1 ? 1 : 0));
      const bonus = { eager: 0.3, willing: 0.1 };
      const output = solveAssignment({
        n,
        m,
        affinity,
        bid,
        conflict,
        kept: new Uint8Array(cells),
        demand: new Int32Array(n).fill(k),
        maxPerJudge: max,
        bonus,
        fairness: false,
        maxPairProbability: 1,
        seed: run,
      });
      const value = (cell: number) =>
        conflict[cell] || bid[cell] === BID_CODE.not_willing
          ? null
          : (affinity[cell] as number) + (bid[cell] === BID_CODE.eager ? bonus.eager : 0);
      const optimum = bruteForce(n, m, k, max, value);
      if (optimum === -Infinity) continue; // no full assignment: left to the API tests (items short)
      for (let cell = 0; cell < cells; cell++) if (output.assigned[cell]) expect(value(cell)).not.toBeNull();
      for (let i = 0; i < n; i++)
        expect(output.assigned.slice(i * m, i * m + m).reduce((a, b) => a + b, 0)).toBe(k);
      expect(output.objective, `run ${run}`).toBeCloseTo(optimum, 3);
      expect(output.upperBound).toBeGreaterThanOrEqual(optimum - 1e-3);
    }
  });

  it('a pair cap is the closest fraction below q with a small denominator', () => {
    expect(pairCapFraction(1)).toEqual({ cap: 1, denominator: 1 });
    expect(pairCapFraction(0.5)).toEqual({ cap: 1, denominator: 2 });
    expect(pairCapFraction(0.34)).toEqual({ cap: 1, denominator: 3 });
    expect(pairCapFraction(0.75)).toEqual({ cap: 3, denominator: 4 });
    expect(pairCapFraction(0.1)).toEqual({ cap: 1, denominator: 10 });
  });

  it('dependent rounding keeps each pair’s probability and every item’s whole number of judges', () => {
    const n = 3;
    const m = 4;
    const D = 4;
    // Each item 2 judges in units of 1/4: fractional everywhere.
    const base = Uint16Array.from([2, 2, 2, 2, 4, 1, 1, 2, 1, 3, 3, 1]);
    const counts = new Float64Array(n * m);
    const random = seededUniform(5);
    const draws = 4000;
    for (let draw = 0; draw < draws; draw++) {
      const units = base.slice();
      dependentRounding({ n, m, units, denominator: D, random });
      for (let i = 0; i < n; i++) {
        let judges = 0;
        for (let j = 0; j < m; j++) {
          expect([0, D]).toContain(units[i * m + j]);
          judges += (units[i * m + j] as number) / D;
        }
        expect(judges).toBe(2);
      }
      for (let cell = 0; cell < n * m; cell++)
        counts[cell] = (counts[cell] as number) + (units[cell] as number) / D;
    }
    for (let cell = 0; cell < n * m; cell++)
      expect((counts[cell] as number) / draws).toBeCloseTo((base[cell] as number) / D, 1);
  });
});
