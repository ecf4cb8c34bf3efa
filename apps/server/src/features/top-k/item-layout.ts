import { judgesOf, type SelectionValues } from './bootstrap-input.ts';

/**
 * One selection laid out per item, for a report's own top k: item i's judges (in the selection's judge order)
 * and values are `itemJudges` / `itemValues[itemStart[i] … itemStart[i + 1])`; `center` is its value over all
 * the judges (mean or total; NaN: a rating nobody gave) and `spread` what bounds how far a draw moves it:
 * ‖v − mean‖₂ for a mean, ‖v‖₂ for a total. `order` lists the items best `center` first. Where most
 * judges rated most items, `dense` holds item i's values in a row of all judges (0 where a judge gave none)
 * and `missing…` the judges who gave none: a draw then multiplies two rows, with no judge looked up
 * (0.2 s of the 1,000 draws at 2,000 items × 300 judges, against 0.26 s).
 */
export interface ItemLayout {
  nbJudges: number;
  dense: Float64Array | null;
  missingStart: Int32Array;
  missing: Int32Array;
  itemStart: Int32Array;
  itemJudges: Int32Array;
  itemValues: Float64Array;
  center: Float64Array;
  spread: Float64Array;
  order: Int32Array;
}

export function itemLayoutOf(selection: SelectionValues): ItemLayout {
  const nbItems = selection.items.length;
  const nbJudges = judgesOf(selection);
  const { judgeStart, judgeItems, judgeValues } = selection;
  const itemStart = new Int32Array(nbItems + 1);
  for (let p = 0; p < judgeItems.length; p++) {
    const item = judgeItems[p] as number;
    itemStart[item + 1] = (itemStart[item + 1] as number) + 1;
  }
  for (let i = 0; i < nbItems; i++)
    itemStart[i + 1] = (itemStart[i + 1] as number) + (itemStart[i] as number);
  const next = itemStart.slice(0, nbItems);
  const itemJudges = new Int32Array(judgeItems.length);
  const itemValues = new Float64Array(judgeItems.length);
  // Judge by judge, so that each item's judges come in the judges' order: a draw then adds an item's values
  // in the order the judge-major sum did, to the same bits.
  for (let j = 0; j < nbJudges; j++) {
    for (let p = judgeStart[j] as number; p < (judgeStart[j + 1] as number); p++) {
      const item = judgeItems[p] as number;
      const slot = next[item] as number;
      next[item] = slot + 1;
      itemJudges[slot] = j;
      itemValues[slot] = judgeValues[p] as number;
    }
  }
  const center = new Float64Array(nbItems);
  const spread = new Float64Array(nbItems);
  for (let i = 0; i < nbItems; i++) {
    const start = itemStart[i] as number;
    const end = itemStart[i + 1] as number;
    let sum = 0;
    for (let p = start; p < end; p++) sum += itemValues[p] as number;
    const middle = selection.mean ? sum / (end - start) : 0;
    let squares = 0;
    for (let p = start; p < end; p++) squares += ((itemValues[p] as number) - middle) ** 2;
    center[i] = selection.mean ? middle : sum;
    spread[i] = Math.sqrt(squares);
  }
  const order = Int32Array.from({ length: nbItems }, (_, i) => i).sort((a, b) => {
    const ca = center[a] as number;
    const cb = center[b] as number;
    return Number.isNaN(ca) ? 1 : Number.isNaN(cb) ? -1 : cb - ca;
  });
  const isDense = itemValues.length * 2 >= nbItems * nbJudges && nbItems > 0;
  const dense = isDense ? new Float64Array(nbItems * nbJudges) : null;
  const missingStart = new Int32Array(nbItems + 1);
  const missing = new Int32Array(isDense ? nbItems * nbJudges - itemValues.length : 0);
  if (dense) {
    let next = 0;
    for (let i = 0; i < nbItems; i++) {
      let p = itemStart[i] as number;
      const end = itemStart[i + 1] as number;
      for (let j = 0; j < nbJudges; j++) {
        if (p < end && itemJudges[p] === j) dense[i * nbJudges + j] = itemValues[p++] as number;
        else missing[next++] = j;
      }
      missingStart[i + 1] = next;
    }
  }
  return { nbJudges, dense, missingStart, missing, itemStart, itemJudges, itemValues, center, spread, order };
}

/**
 * An item's value in a draw, summed in the judges' order as `drawValues` does, to the same bits (a judge
 * who gave none adds 0: the sum is unchanged); NaN: a rating none of the drawn judges gave. `weights` are
 * the multiplicities as numbers.
 */
export function itemDrawValue(
  layout: ItemLayout,
  mean: boolean,
  weights: Float64Array,
  item: number,
): number {
  const { dense, nbJudges } = layout;
  let sum = 0;
  let count = 0;
  if (dense) {
    const offset = item * nbJudges;
    for (let j = 0; j < nbJudges; j++) sum += (weights[j] as number) * (dense[offset + j] as number);
    if (!mean) return sum;
    count = nbJudges;
    const end = layout.missingStart[item + 1] as number;
    for (let p = layout.missingStart[item] as number; p < end; p++)
      count -= weights[layout.missing[p] as number] as number;
  } else {
    const { itemJudges, itemValues } = layout;
    const end = layout.itemStart[item + 1] as number;
    for (let p = layout.itemStart[item] as number; p < end; p++) {
      const m = weights[itemJudges[p] as number] as number;
      if (m !== 0) {
        sum += m * (itemValues[p] as number);
        count += m;
      }
    }
  }
  return mean ? (count > 0 ? sum / count : Number.NaN) : sum;
}
