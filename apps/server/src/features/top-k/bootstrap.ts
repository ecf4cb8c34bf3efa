/**
 * One selection's judges' values, in the layout the draws read: judge j's values are
 * `judgeValues[judgeStart[j] … judgeStart[j + 1])`, each for the selection's item `judgeItems[…]` (an index into
 * `items`, which maps it to the item's index in the whole result).
 */
export interface SelectionValues {
  /** Rating: an item's value is the mean of its judges' values; tokens, picks, comments: their total. */
  mean: boolean;
  /** Merges only: what a value is divided by to fall in 0–1; null: the largest value of the draw. */
  scale: number | null;
  /** Merges only: the selection's weight. */
  weight: number;
  items: Int32Array;
  judgeStart: Int32Array;
  judgeItems: Int32Array;
  judgeValues: Float64Array;
}

export interface BootstrapInput {
  /** Items of the result (a merge: the union of its selections' items). */
  nbItems: number;
  selections: SelectionValues[];
  k: number;
  draws: number;
  seed: number;
  /** Values are ranked rounded to this many decimals, as the report (or merge) ranks them. */
  decimals: number;
  /** One selection: its values as they are; a merge: each scaled to 0–1 and weighted (merges/results.ts). */
  merged: boolean;
}

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

const judgesOf = (selection: SelectionValues) => selection.judgeStart.length - 1;

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

/**
 * The probability that each item is in the top k: the share of `draws` bootstrap draws — every selection's
 * judges resampled with replacement, the report's values recomputed from the drawn judges (a judge drawn
 * twice counts twice), ranked rounded — in which it is among the k best. Deterministic for a seed.
 */
export function bootstrapTopK(input: BootstrapInput): Float64Array {
  const { nbItems, selections, k, draws, merged } = input;
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
