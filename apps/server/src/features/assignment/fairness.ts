/**
 * `fairness`: after the best total, raise the worst-served item's total affinity by moves that leave every
 * other item above its old level (after FairFlow, Kobren et al. 2019; decision 200). The worst item swaps
 * its weakest new judge for a better one: one with room, or one that leaves another item which takes a judge
 * with room instead. It stops when the worst item cannot be raised that way, or at the time budget. Pairs
 * kept from before (`top_up`) never move.
 */
export interface FairnessInput {
  n: number;
  m: number;
  affinity: Float32Array;
  /** n × m: 1 where the pair may never be (conflict, not willing). */
  forbidden: Uint8Array;
  /** n × m: 1 for a pair kept from before, which does not move. */
  kept: Uint8Array;
  /** n × m, changed in place: 1 for a pair of the assignment. */
  assigned: Uint8Array;
  maxPerJudge: number;
  budgetMs: number;
}

const STEP = 1e-9;

export function raiseWorstItems(input: FairnessInput): { moves: number } {
  const { n, m, affinity, forbidden, kept, assigned, maxPerJudge } = input;
  const deadline = Date.now() + input.budgetMs;
  const totals = new Float64Array(n);
  const load = new Int32Array(m);
  const itemsOf: Set<number>[] = Array.from({ length: m }, () => new Set());
  for (let i = 0; i < n; i++)
    for (let j = 0; j < m; j++)
      if (assigned[i * m + j]) {
        totals[i] = (totals[i] as number) + (affinity[i * m + j] as number);
        load[j] = (load[j] as number) + 1;
        itemsOf[j]?.add(i);
      }
  const a = (i: number, j: number) => affinity[i * m + j] as number;
  const free = (i: number, j: number) => !assigned[i * m + j] && !forbidden[i * m + j];
  function move(i: number, from: number, to: number) {
    assigned[i * m + from] = 0;
    assigned[i * m + to] = 1;
    totals[i] = (totals[i] as number) - a(i, from) + a(i, to);
    load[from] = (load[from] as number) - 1;
    load[to] = (load[to] as number) + 1;
    itemsOf[from]?.delete(i);
    itemsOf[to]?.add(i);
  }

  /** 'fixed': the item has no pair that may move, so it is left out of the search. */
  function raise(worst: number): 'moved' | 'stuck' | 'fixed' {
    let weakest = -1;
    for (let j = 0; j < m; j++)
      if (assigned[worst * m + j] && !kept[worst * m + j] && (weakest < 0 || a(worst, j) < a(worst, weakest)))
        weakest = j;
    if (weakest < 0) return 'fixed';
    const floor = totals[worst] as number;
    const candidates: number[] = [];
    for (let j = 0; j < m; j++)
      if (free(worst, j) && a(worst, j) > a(worst, weakest) + STEP) candidates.push(j);
    candidates.sort((x, y) => a(worst, y) - a(worst, x));
    for (const j of candidates) {
      if ((load[j] as number) < maxPerJudge) {
        move(worst, weakest, j);
        return 'moved';
      }
      for (const other of itemsOf[j] ?? []) {
        if (kept[other * m + j]) continue;
        let replacement = -1;
        for (let r = 0; r < m; r++) {
          if (r === j || !free(other, r) || ((load[r] as number) >= maxPerJudge && r !== weakest)) continue;
          if (replacement < 0 || a(other, r) > a(other, replacement)) replacement = r;
        }
        if (replacement < 0) continue;
        if ((totals[other] as number) - a(other, j) + a(other, replacement) <= floor + STEP) continue;
        move(worst, weakest, j);
        move(other, j, replacement);
        return 'moved';
      }
    }
    return 'stuck';
  }

  let moves = 0;
  const fixed = new Uint8Array(n);
  while (Date.now() < deadline) {
    let worst = -1;
    for (let i = 0; i < n; i++)
      if (!fixed[i] && (worst < 0 || (totals[i] as number) < (totals[worst] as number))) worst = i;
    if (worst < 0) break;
    const outcome = raise(worst);
    if (outcome === 'stuck') break;
    if (outcome === 'fixed') fixed[worst] = 1;
    else moves++;
  }
  return { moves };
}
