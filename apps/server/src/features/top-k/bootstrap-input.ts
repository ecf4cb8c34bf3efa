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

/** How many judges a selection has. */
export const judgesOf = (selection: SelectionValues) => selection.judgeStart.length - 1;
