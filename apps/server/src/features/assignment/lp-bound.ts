/**
 * An upper bound on the LP relaxation of the assignment, from its dual (decision 199). The LP: maximise
 * Σ w·y subject to Σ_j y_ij ≤ need_i, Σ_i y_ij ≤ slots_j, 0 ≤ y_ij ≤ cap (y = 0 where w is −Infinity). Any
 * judge prices v ≥ 0 give a feasible dual once each item's u_i and the pairs' z_ij = (w − u_i − v_j)⁺ are
 * chosen, and the best u_i for given v is found exactly below (a convex piecewise-linear minimum), so the
 * bound Σ slots_j·v_j + Σ_i min_u [need_i·u + cap·Σ_j (w_ij − v_j − u)⁺] holds for every fractional
 * assignment whatever produced v. The auction's final prices make it tight to within its ε.
 */
export interface BoundInput {
  n: number;
  m: number;
  weight: Float64Array;
  need: Int32Array;
  slots: Int32Array;
  cap: number;
  judgePrice: Float64Array;
}

export function lpUpperBound(input: BoundInput): number {
  const { n, m, weight, need, slots, cap, judgePrice } = input;
  let bound = 0;
  for (let j = 0; j < m; j++) bound += Math.max(0, slots[j] as number) * (judgePrice[j] as number);
  const reduced = new Float64Array(m);
  for (let i = 0; i < n; i++) {
    const demand = need[i] as number;
    if (demand <= 0) continue;
    let size = 0;
    const row = i * m;
    for (let j = 0; j < m; j++) {
      const w = weight[row + j] as number;
      if (w === -Infinity || (slots[j] as number) <= 0) continue;
      const value = w - (judgePrice[j] as number);
      if (value > 0) reduced[size++] = value;
    }
    const values = reduced.subarray(0, size).sort().reverse();
    // f(u) = demand·u + cap·Σ (a − u)⁺ is convex; its minimum is at u = 0 or at one of the a's.
    let sumAbove = 0;
    let best = 0;
    for (let t = 0; t < size; t++) sumAbove += values[t] as number;
    best = cap * sumAbove;
    let prefix = 0;
    for (let t = 0; t < size; t++) {
      const u = values[t] as number;
      const f = demand * u + cap * (prefix - t * u);
      if (f < best) best = f;
      prefix += u;
    }
    bound += best;
  }
  return bound;
}
