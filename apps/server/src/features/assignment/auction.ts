/**
 * The assignment as a transportation problem solved by Bertsekas' auction with ε-scaling (decision 198):
 * items (persons) each need `need[i]` units, judges (objects) offer `slots[j]` units, an item takes at most
 * `cap` units of one judge, and a unit of pair (i, j) is worth `weight[i·m + j]` (−Infinity: never). Each
 * judge's units are a min-heap of prices; an item short of units bids for the judge of best value
 * (weight − cheapest unit's price) and raises that price by its margin over the next best plus ε, taking the
 * unit from whoever held it. Every bid raises a price by ε at least and no item pays more than a unit is
 * worth, so it ends; ε shrinks phase by phase, prices kept, so that each phase starts near its equilibrium.
 * Judges have more units than items need: a unit left unsold in the last phase may keep a price from an
 * earlier one and turn items away from a judge with room (or make them give up), so the end lowers unsold
 * units to 0 and lets the items that now prefer them, or gave up, bid again (a few rounds), as the dual's
 * complementary slackness asks.
 * Pure and synchronous: it runs on the assignment's worker thread.
 */
export interface AuctionInput {
  n: number;
  m: number;
  /** n × m, row by item; −Infinity where the pair is forbidden. Values must be ≥ 0 where allowed. */
  weight: Float64Array;
  need: Int32Array;
  slots: Int32Array;
  /** Units one item may take of one judge (1 for an ordinary assignment). */
  cap: number;
  /** The last phase's ε: the solution is within Σ units × ε of the optimum of these weights. */
  epsilon: number;
}

export interface AuctionResult {
  /** n × m units per pair. */
  units: Uint16Array;
  /** Units each item could not get at any price worth paying (short items). */
  short: Int32Array;
  /** Each judge's unit price at the end (its cheapest unit; 0 with a unit unsold): the dual's judge values. */
  judgePrice: Float64Array;
  bids: number;
}

const PHASE_FACTOR = 8;
const CLEAN_UP_ROUNDS = 20;

export function auction(input: AuctionInput): AuctionResult {
  const { n, m, weight, need, slots, cap, epsilon } = input;
  const start = new Int32Array(m + 1);
  for (let j = 0; j < m; j++) start[j + 1] = (start[j] as number) + Math.max(0, slots[j] as number);
  const total = start[m] as number;
  const price = new Float64Array(total);
  const owner = new Int32Array(total);
  const units = new Uint16Array(n * m);
  const left = new Int32Array(n);
  const short = new Int32Array(n);
  const queue = new Int32Array(n);
  const queued = new Uint8Array(n);
  let head = 0;
  let count = 0;
  let span = 0;
  for (let k = 0; k < weight.length; k++) {
    const value = weight[k] as number;
    if (value > span) span = value;
  }
  let eps = Math.max(epsilon, span / 16);
  let bids = 0;

  function enqueue(i: number) {
    if (queued[i] || (left[i] as number) === 0) return;
    queued[i] = 1;
    queue[(head + count++) % n] = i;
  }

  /** Restores judge j's heap after the price at heap position `pos` rose. */
  function siftDown(j: number, pos: number) {
    const base = start[j] as number;
    const size = (start[j + 1] as number) - base;
    let at = pos - base;
    const p = price[pos] as number;
    const o = owner[pos] as number;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      const right = child + 1;
      if (right < size && (price[base + right] as number) < (price[base + child] as number)) child = right;
      if ((price[base + child] as number) >= p) break;
      price[base + at] = price[base + child] as number;
      owner[base + at] = owner[base + child] as number;
      at = child;
    }
    price[base + at] = p;
    owner[base + at] = o;
  }

  /** The best judge's value for item i and the next best (0 at least: taking nothing). */
  function values(i: number): { best: number; second: number; judge: number } {
    const row = i * m;
    let best = -Infinity;
    let second = 0;
    let judge = -1;
    for (let j = 0; j < m; j++) {
      const w = weight[row + j] as number;
      if (w === -Infinity || (units[row + j] as number) >= cap) continue;
      const base = start[j] as number;
      if (base === start[j + 1]) continue;
      const value = w - (price[base] as number);
      if (value > best) {
        if (best > second) second = best;
        best = value;
        judge = j;
      } else if (value > second) second = value;
    }
    return { best, second, judge };
  }

  function bidUntilDone() {
    while (count > 0) {
      const i = queue[head] as number;
      const { best, second, judge } = values(i);
      if (judge < 0 || best < 0) {
        short[i] = (short[i] as number) + (left[i] as number);
        left[i] = 0;
      } else {
        const pos = start[judge] as number;
        const previous = owner[pos] as number;
        price[pos] = (price[pos] as number) + best - second + eps;
        owner[pos] = i;
        siftDown(judge, pos);
        units[i * m + judge] = (units[i * m + judge] as number) + 1;
        left[i] = (left[i] as number) - 1;
        bids++;
        if (previous >= 0) {
          units[previous * m + judge] = (units[previous * m + judge] as number) - 1;
          left[previous] = (left[previous] as number) + 1;
          enqueue(previous);
        }
      }
      if ((left[i] as number) === 0) {
        queued[i] = 0;
        head = (head + 1) % n;
        count--;
      }
    }
  }

  for (;;) {
    // A phase starts from no assignment, with the prices of the last.
    owner.fill(-1);
    units.fill(0);
    short.fill(0);
    for (let i = 0; i < n; i++) {
      left[i] = need[i] as number;
      enqueue(i);
    }
    bidUntilDone();
    if (eps <= epsilon) break;
    eps = Math.max(epsilon, eps / PHASE_FACTOR);
  }

  for (let round = 0; round < CLEAN_UP_ROUNDS && lowerUnsold(); round++) {
    // An item that gave up at the old prices tries again; one holding a unit worth less (at what it paid)
    // than a judge now cheaper gives it up and bids again.
    for (let i = 0; i < n; i++)
      if ((short[i] as number) > 0) {
        left[i] = (left[i] as number) + (short[i] as number);
        short[i] = 0;
        enqueue(i);
      }
    for (let j = 0; j < m; j++)
      for (let pos = start[j] as number; pos < (start[j + 1] as number); pos++) {
        const i = owner[pos] as number;
        if (i < 0) continue;
        const held = (weight[i * m + j] as number) - (price[pos] as number);
        if (held >= values(i).best - eps) continue;
        owner[pos] = -1;
        units[i * m + j] = (units[i * m + j] as number) - 1;
        left[i] = (left[i] as number) + 1;
        enqueue(i);
      }
    lowerUnsold();
    bidUntilDone();
  }

  /** Unsold units to price 0 (each judge's heap rebuilt); whether any price fell. */
  function lowerUnsold(): boolean {
    let fell = false;
    for (let j = 0; j < m; j++) {
      const base = start[j] as number;
      const end = start[j + 1] as number;
      let changed = false;
      for (let pos = base; pos < end; pos++)
        if ((owner[pos] as number) < 0 && (price[pos] as number) > 0) {
          price[pos] = 0;
          changed = true;
        }
      if (!changed) continue;
      fell = true;
      for (let pos = base + Math.floor((end - base) / 2) - 1; pos >= base; pos--) siftDown(j, pos);
    }
    return fell;
  }

  const judgePrice = new Float64Array(m);
  for (let j = 0; j < m; j++) {
    const base = start[j] as number;
    let unsold = false;
    for (let pos = base; pos < (start[j + 1] as number); pos++) if ((owner[pos] as number) < 0) unsold = true;
    judgePrice[j] = base === start[j + 1] || unsold ? 0 : (price[base] as number);
  }
  return { units, short, judgePrice, bids };
}
