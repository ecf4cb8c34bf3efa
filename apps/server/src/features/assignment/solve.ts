import { seededUniform } from '../top-k/bootstrap.ts';
import { auction } from './auction.ts';
import { raiseWorstItems } from './fairness.ts';
import { lpUpperBound } from './lp-bound.ts';
import { dependentRounding } from './rounding.ts';

/** A pair's bid, one byte a cell: the contract's BIDS in order, after 0 for none. */
export const BID_CODE = { none: 0, eager: 1, willing: 2, not_willing: 3 } as const;

export interface SolveInput {
  n: number;
  m: number;
  /** n × m, row by item, each in [0, 1]. */
  affinity: Float32Array;
  /** n × m BID_CODE. */
  bid: Uint8Array;
  /** n × m: 1 for a conflict of interest. */
  conflict: Uint8Array;
  /** n × m: 1 for a pair kept from before (`top_up`). */
  kept: Uint8Array;
  /** Judges wanted per item (kept pairs count). */
  demand: Int32Array;
  maxPerJudge: number;
  bonus: { eager: number; willing: number };
  fairness: boolean;
  /** 1 for the deterministic optimum; below 1 a randomised assignment with no pair above it. */
  maxPairProbability: number;
  seed: number;
}

export interface SolveOutput {
  /** n × m: 1 for a pair of the assignment, kept pairs included. */
  assigned: Uint8Array;
  /** Total affinity + bid bonuses of the pairs. */
  objective: number;
  /** No assignment with as many pairs, even fractional, under the same pair cap, scores more. */
  upperBound: number;
  bids: number;
  fairnessMoves: number;
}

/** The pair cap as a fraction cap/D ≤ q with D ≤ 10, the closest below q (the smallest D on a tie). */
export function pairCapFraction(q: number): { cap: number; denominator: number } {
  let chosen = { cap: 1, denominator: 1 };
  let value = q >= 1 ? 1 : 0;
  if (q >= 1) return chosen;
  for (let denominator = 2; denominator <= 10; denominator++) {
    const cap = Math.floor(q * denominator + 1e-9);
    if (cap >= 1 && cap / denominator > value + 1e-12) {
      value = cap / denominator;
      chosen = { cap, denominator };
    }
  }
  return chosen;
}

/** The unit price of a pair relative to leaving an item short: every pair is first worth this much. */
function coverageWeight(bonus: SolveInput['bonus']) {
  return 2 + Math.max(bonus.eager, bonus.willing, 0);
}

/**
 * The assignment by expertise (decisions 198–200): the auction's optimum of affinity + bid bonuses with
 * each pair first worth a constant (so that as many pairs as possible are made), bounded by the LP dual;
 * a pair cap below 1 solves the capped LP in units of 1/D and samples it by dependent rounding; `fairness`
 * then raises the worst items. Pure: runs on the worker thread (`solve-worker.ts`) and in bench:assign.
 */
export function solveAssignment(input: SolveInput): SolveOutput {
  const { n, m, affinity, bid, conflict, kept, demand, maxPerJudge, bonus } = input;
  const { cap, denominator: D } = pairCapFraction(input.maxPairProbability);
  const coverage = coverageWeight(bonus);
  const gain = (cell: number) =>
    (affinity[cell] as number) +
    (bid[cell] === BID_CODE.eager ? bonus.eager : bid[cell] === BID_CODE.willing ? bonus.willing : 0);

  const weight = new Float64Array(n * m);
  const forbidden = new Uint8Array(n * m);
  const need = new Int32Array(n);
  const slots = new Int32Array(m).fill(maxPerJudge);
  let keptObjective = 0;
  for (let i = 0; i < n; i++) {
    let have = 0;
    for (let j = 0; j < m; j++) {
      const cell = i * m + j;
      if (conflict[cell] || bid[cell] === BID_CODE.not_willing) forbidden[cell] = 1;
      if (kept[cell]) {
        have++;
        slots[j] = (slots[j] as number) - 1;
        keptObjective += gain(cell);
      }
      weight[cell] = kept[cell] || forbidden[cell] ? -Infinity : coverage + gain(cell);
    }
    need[i] = Math.max(0, (demand[i] as number) - have) * D;
  }
  for (let j = 0; j < m; j++) slots[j] = Math.max(0, slots[j] as number) * D;

  const solved = auction({ n, m, weight, need, slots, cap, epsilon: 2e-5 });
  const unitBound = lpUpperBound({ n, m, weight, need, slots, cap, judgePrice: solved.judgePrice });
  let units = 0;
  for (let k = 0; k < solved.units.length; k++) units += solved.units[k] as number;
  // Lagrangian on "as many pairs as made": the constant per pair comes off the dual's bound again.
  const upperBound = keptObjective + (unitBound - coverage * units) / D;

  if (D > 1)
    dependentRounding({ n, m, units: solved.units, denominator: D, random: seededUniform(input.seed) });
  const assigned = new Uint8Array(n * m);
  for (let cell = 0; cell < n * m; cell++)
    assigned[cell] = kept[cell] || (solved.units[cell] as number) >= D ? 1 : 0;
  const fairnessMoves = input.fairness
    ? raiseWorstItems({ n, m, affinity, forbidden, kept, assigned, maxPerJudge, budgetMs: 2000 }).moves
    : 0;
  let objective = 0;
  for (let cell = 0; cell < n * m; cell++) if (assigned[cell]) objective += gain(cell);
  return { assigned, objective, upperBound, bids: solved.bids, fairnessMoves };
}
