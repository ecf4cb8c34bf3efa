import { type BootstrapInput, judgesOf, type SelectionValues } from './bootstrap-input.ts';
import { itemDrawValue, itemLayoutOf } from './item-layout.ts';

/** Mulberry32: a small, fast 32-bit generator, so that a seed gives the same draws on every machine. */
export function seededUniform(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A selection laid out for the draws. A judge who rated at least half of the items is dense: their values
 * in a row of the selection's items (0 where they gave none), added without looking items up, and their
 * count moved only where they gave none (`missing`). The others keep their own values and items. At
 * 2,000 items × 300 judges this took a draw from 1,100,000 updates to 650,000.
 */
interface Layout {
  selection: SelectionValues;
  /** Per judge: their row in `rows`, or -1 (sparse). */
  rowOf: Int32Array;
  rows: Float64Array;
  missingStart: Int32Array;
  missing: Int32Array;
}

function layoutOf(selection: SelectionValues): Layout {
  const nbItems = selection.items.length;
  const nbJudges = judgesOf(selection);
  const { judgeStart, judgeItems, judgeValues } = selection;
  const rowOf = new Int32Array(nbJudges).fill(-1);
  let nbRows = 0;
  let nbMissing = 0;
  for (let j = 0; j < nbJudges; j++) {
    const rated = (judgeStart[j + 1] as number) - (judgeStart[j] as number);
    if (rated * 2 >= nbItems && nbItems > 0) {
      rowOf[j] = nbRows++;
      nbMissing += nbItems - rated;
    }
  }
  const rows = new Float64Array(nbRows * nbItems);
  const missingStart = new Int32Array(nbJudges + 1);
  const missing = new Int32Array(nbMissing);
  const seen = new Uint8Array(nbItems);
  let next = 0;
  for (let j = 0; j < nbJudges; j++) {
    const row = rowOf[j] as number;
    if (row >= 0) {
      seen.fill(0);
      for (let p = judgeStart[j] as number; p < (judgeStart[j + 1] as number); p++) {
        const item = judgeItems[p] as number;
        rows[row * nbItems + item] = judgeValues[p] as number;
        seen[item] = 1;
      }
      for (let i = 0; i < nbItems; i++) if (seen[i] === 0) missing[next++] = i;
    }
    missingStart[j + 1] = next;
  }
  return { selection, rowOf, rows, missingStart, missing };
}

/**
 * Each item's value in one draw, where judge j counts `multiplicity[j]` times (0: not drawn; a judge is left
 * out of about 37 % of the draws). NaN: no drawn judge rated the item (a rating; a total is 0).
 */
function drawValues(
  layout: Layout,
  multiplicity: Int32Array,
  sums: Float64Array,
  counts: Float64Array,
): void {
  const { selection, rowOf, rows, missingStart, missing } = layout;
  const nbItems = selection.items.length;
  const { judgeStart, judgeItems, judgeValues, mean } = selection;
  sums.fill(0, 0, nbItems);
  if (mean) counts.fill(0, 0, nbItems);
  /** Drawn dense judges' multiplicities, counted in every item at the end (less where they gave none). */
  let denseCount = 0;
  const nbJudges = judgesOf(selection);
  for (let j = 0; j < nbJudges; j++) {
    const m = multiplicity[j] as number;
    if (m === 0) continue;
    const row = rowOf[j] as number;
    if (row >= 0) {
      const offset = row * nbItems;
      for (let i = 0; i < nbItems; i++) sums[i] = (sums[i] as number) + m * (rows[offset + i] as number);
      if (mean) {
        denseCount += m;
        const end = missingStart[j + 1] as number;
        for (let p = missingStart[j] as number; p < end; p++) {
          const item = missing[p] as number;
          counts[item] = (counts[item] as number) - m;
        }
      }
      continue;
    }
    const end = judgeStart[j + 1] as number;
    for (let p = judgeStart[j] as number; p < end; p++) {
      const item = judgeItems[p] as number;
      sums[item] = (sums[item] as number) + m * (judgeValues[p] as number);
      if (mean) counts[item] = (counts[item] as number) + m;
    }
  }
  if (mean) {
    for (let i = 0; i < nbItems; i++) {
      const count = (counts[i] as number) + denseCount;
      sums[i] = count > 0 ? (sums[i] as number) / count : Number.NaN;
    }
  }
}

/**
 * Adds each item's share of the top k of one draw to `shares`. `keys` are the draw's ranked values (NaN:
 * no value, never in). Items above the k-th value are in; the items tied at it share the seats left
 * equally (two tied for one seat: ½ each), so that every draw gives out exactly k seats, or one per item
 * with a value when fewer have one.
 */
export function addTopKShares(keys: Float64Array, k: number, shares: Float64Array, scratch: Float64Array) {
  let valued = 0;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as number;
    if (!Number.isNaN(key)) scratch[valued++] = key;
  }
  if (valued <= k) {
    for (let i = 0; i < keys.length; i++)
      if (!Number.isNaN(keys[i] as number)) shares[i] = (shares[i] as number) + 1;
    return;
  }
  const sorted = scratch.subarray(0, valued).sort();
  const cut = sorted[valued - k] as number;
  let above = 0;
  let tied = 0;
  for (let i = 0; i < valued; i++) {
    const key = sorted[i] as number;
    if (key > cut) above++;
    else if (key === cut) tied++;
  }
  const tiedShare = (k - above) / tied;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as number;
    if (key > cut) shares[i] = (shares[i] as number) + 1;
    else if (key === cut) shares[i] = (shares[i] as number) + tiedShare;
  }
}

/** Draws each selection's judges with replacement: how many times each judge is drawn. */
function drawJudges(uniform: () => number, multiplicity: Int32Array): void {
  const nbJudges = multiplicity.length;
  multiplicity.fill(0);
  for (let n = 0; n < nbJudges; n++) {
    const j = Math.floor(uniform() * nbJudges);
    multiplicity[j] = (multiplicity[j] as number) + 1;
  }
}

/** A min-heap of the k largest keys seen: its top is the k-th largest, the cut of the draw so far. */
class KeyHeap {
  readonly keys: Float64Array;
  size = 0;
  constructor(k: number) {
    this.keys = new Float64Array(k);
  }
  get full() {
    return this.size === this.keys.length;
  }
  get min() {
    return this.keys[0] as number;
  }
  /** Keeps `key` if it is among the k largest so far. */
  offer(key: number) {
    const { keys } = this;
    if (!this.full) {
      let at = this.size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if ((keys[parent] as number) <= key) break;
        keys[at] = keys[parent] as number;
        at = parent;
      }
      keys[at] = key;
      return;
    }
    if (key <= (keys[0] as number)) return;
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= this.size) break;
      const right = left + 1;
      const child = right < this.size && (keys[right] as number) < (keys[left] as number) ? right : left;
      if ((keys[child] as number) >= key) break;
      keys[at] = keys[child] as number;
      at = child;
    }
    keys[at] = key;
  }
}

/**
 * How much a draw can move item values, whatever the item (Cauchy–Schwarz): a mean over the judges R who
 * gave one moves by Σ_R (m_j − 1)(v_j − mean) / Σ_R m_j ≤ ‖m − 1‖₂ · spread / Σ_R m_j, a total by
 * Σ_R (m_j − 1) v_j ≤ ‖m − 1‖₂ · spread. `distance` is ‖m − 1‖₂; `largest[r]` the sum of the r largest
 * multiplicities, so that an item missing r judges has Σ_R m_j ≥ judges − largest[r].
 */
function drawBounds(
  multiplicity: Int32Array,
  weights: Float64Array,
  largest: Int32Array,
  histogram: Int32Array,
): number {
  let squares = 0;
  histogram.fill(0);
  for (let j = 0; j < multiplicity.length; j++) {
    const m = multiplicity[j] as number;
    weights[j] = m;
    squares += (m - 1) * (m - 1);
    histogram[m] = (histogram[m] as number) + 1;
  }
  let r = 0;
  for (let m = histogram.length - 1; m >= 0; m--) {
    for (let n = histogram[m] as number; n > 0; n--) {
      largest[r + 1] = (largest[r] as number) + m;
      r++;
    }
  }
  return Math.sqrt(squares);
}

/**
 * One selection's own top k (not a merge): the same draws and the same probabilities as computing every item
 * in every draw, but an item is computed only when its bound can reach the draw's cut. Items are taken best
 * value first; once k have values, the k-th largest key so far is a floor of the draw's cut, and an item
 * whose value can move (`drawBounds`) at most to below it cannot be in, nor tie at the cut. At 2,000 items ×
 * 300 judges, k = 10, a draw computes some hundred items rather than all 2,000.
 */
function bootstrapOneSelection(input: BootstrapInput, selection: SelectionValues): Float64Array<ArrayBuffer> {
  const { k, draws } = input;
  const uniform = seededUniform(input.seed);
  const factor = 10 ** input.decimals;
  const layout = itemLayoutOf(selection);
  const { nbJudges, itemStart, center, spread, order } = layout;
  const nbItems = selection.items.length;
  const multiplicity = new Int32Array(nbJudges);
  const weights = new Float64Array(nbJudges);
  const largest = new Int32Array(nbJudges + 1);
  const histogram = new Int32Array(nbJudges + 1);
  const heap = new KeyHeap(k);
  const computed = new Int32Array(nbItems);
  const keys = new Float64Array(nbItems);
  const shares = new Float64Array(nbItems);
  for (let draw = 0; draw < draws; draw++) {
    drawJudges(uniform, multiplicity);
    const distance = drawBounds(multiplicity, weights, largest, histogram);
    heap.size = 0;
    let nbComputed = 0;
    for (let o = 0; o < nbItems; o++) {
      const item = order[o] as number;
      if (Number.isNaN(center[item] as number)) continue;
      if (heap.full) {
        const given = (itemStart[item + 1] as number) - (itemStart[item] as number);
        const weight = selection.mean ? nbJudges - (largest[nbJudges - given] as number) : 1;
        // One key's margin covers the bound's rounding errors (a key is a value × 10^decimals, rounded).
        if (
          weight > 0 &&
          ((center[item] as number) + (distance * (spread[item] as number)) / weight) * factor < heap.min - 1
        ) {
          continue;
        }
      }
      const key = Math.round(itemDrawValue(layout, selection.mean, weights, item) * factor);
      if (Number.isNaN(key)) continue;
      keys[item] = key;
      computed[nbComputed++] = item;
      heap.offer(key);
    }
    // Fewer than k items with a value: each has a seat.
    if (!heap.full) {
      for (let c = 0; c < nbComputed; c++) {
        const item = computed[c] as number;
        shares[item] = (shares[item] as number) + 1;
      }
      continue;
    }
    const cut = heap.min;
    let above = 0;
    let tied = 0;
    for (let c = 0; c < nbComputed; c++) {
      const key = keys[computed[c] as number] as number;
      if (key > cut) above++;
      else if (key === cut) tied++;
    }
    const tiedShare = (k - above) / tied;
    for (let c = 0; c < nbComputed; c++) {
      const item = computed[c] as number;
      const key = keys[item] as number;
      if (key > cut) shares[item] = (shares[item] as number) + 1;
      else if (key === cut) shares[item] = (shares[item] as number) + tiedShare;
    }
  }
  const result = new Float64Array(input.nbItems);
  for (let i = 0; i < nbItems; i++) result[selection.items[i] as number] = (shares[i] as number) / draws;
  return result;
}

/**
 * The probability that each item is in the top k: the share of `draws` bootstrap draws — every selection's
 * judges resampled with replacement, the report's values recomputed from the drawn judges (a judge drawn
 * twice counts twice), ranked rounded — in which it is among the k best. Deterministic for a seed.
 */
export function bootstrapTopK(input: BootstrapInput): Float64Array<ArrayBuffer> {
  const { nbItems, selections, k, draws, merged } = input;
  const [only] = selections;
  if (!merged && only && selections.length === 1) return bootstrapOneSelection(input, only);
  const uniform = seededUniform(input.seed);
  const factor = 10 ** input.decimals;
  const largest = Math.max(0, ...selections.map((selection) => selection.items.length));
  const sums = new Float64Array(largest);
  const counts = new Float64Array(largest);
  const layouts = selections.map(layoutOf);
  const multiplicities = selections.map((selection) => new Int32Array(judgesOf(selection)));
  const keys = new Float64Array(nbItems);
  const weighted = new Float64Array(nbItems);
  const weights = new Float64Array(nbItems);
  const shares = new Float64Array(nbItems);
  const scratch = new Float64Array(nbItems);
  for (let draw = 0; draw < draws; draw++) {
    if (merged) {
      weighted.fill(0);
      weights.fill(0);
    } else {
      keys.fill(Number.NaN);
    }
    selections.forEach((selection, s) => {
      const multiplicity = multiplicities[s] as Int32Array;
      drawJudges(uniform, multiplicity);
      drawValues(layouts[s] as Layout, multiplicity, sums, counts);
      const { items } = selection;
      if (!merged) {
        for (let i = 0; i < items.length; i++) keys[items[i] as number] = sums[i] as number;
        return;
      }
      // As merges/results.ts: a rating over its maximum, other types over the largest value (all 0: 0).
      let scale = selection.scale;
      if (scale === null) {
        scale = 0;
        for (let i = 0; i < items.length; i++) scale = Math.max(scale, sums[i] as number);
      }
      for (let i = 0; i < items.length; i++) {
        const value = sums[i] as number;
        if (Number.isNaN(value)) continue;
        const item = items[i] as number;
        weighted[item] = (weighted[item] as number) + selection.weight * (scale > 0 ? value / scale : 0);
        weights[item] = (weights[item] as number) + selection.weight;
      }
    });
    if (merged) {
      for (let i = 0; i < nbItems; i++) {
        const weight = weights[i] as number;
        keys[i] = weight > 0 ? (weighted[i] as number) / weight : Number.NaN;
      }
    }
    // Ranked on the rounded value, as the report is: values equal to its decimals tie.
    for (let i = 0; i < nbItems; i++) keys[i] = Math.round((keys[i] as number) * factor);
    addTopKShares(keys, k, shares, scratch);
  }
  for (let i = 0; i < nbItems; i++) shares[i] = (shares[i] as number) / draws;
  return shares;
}
