import {
  type AffinitySource,
  type AssignmentQuality,
  type Bid,
  HISTOGRAM_BUCKETS,
} from '@shortlist/contract';

export interface QualityPair {
  item: number;
  affinity: number;
  bid: Bid | null;
}

/** Figures to 6 decimals: enough to compare, no float noise in the reply. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * An assignment's quality (decision 199): per pair and per item (the sum over its judges; an item without
 * judges counts 0), the bids' shares, the objective (affinity + bid bonuses), and its ratio to the bound of
 * the run that made it — only while the pairs are as many as the bound was computed for.
 */
export function assignmentQuality(input: {
  pairs: QualityPair[];
  itemIds: number[];
  source: AffinitySource;
  bonus: { eager: number; willing: number };
  bound: { value: number; pairs: number } | null;
}): AssignmentQuality {
  const { pairs, bonus } = input;
  const totals = new Map(input.itemIds.map((id) => [id, 0]));
  const histogram = Array.from({ length: HISTOGRAM_BUCKETS }, (_, k) => ({
    from: round(k / HISTOGRAM_BUCKETS),
    to: round((k + 1) / HISTOGRAM_BUCKETS),
    pairs: 0,
  }));
  let sum = 0;
  let objective = 0;
  let eager = 0;
  let willing = 0;
  for (const pair of pairs) {
    sum += pair.affinity;
    objective +=
      pair.affinity + (pair.bid === 'eager' ? bonus.eager : pair.bid === 'willing' ? bonus.willing : 0);
    if (pair.bid === 'eager') eager++;
    if (pair.bid === 'willing') willing++;
    totals.set(pair.item, (totals.get(pair.item) ?? 0) + pair.affinity);
    const bucket = histogram[Math.min(HISTOGRAM_BUCKETS - 1, Math.floor(pair.affinity * HISTOGRAM_BUCKETS))];
    if (bucket) bucket.pairs++;
  }
  const itemTotals = [...totals.values()];
  const share = (count: number) => (pairs.length ? round(count / pairs.length) : 0);
  const upperBound = input.bound && input.bound.pairs === pairs.length ? input.bound.value : null;
  return {
    affinity_source: input.source,
    pairs: pairs.length,
    mean_affinity: pairs.length ? round(sum / pairs.length) : 0,
    mean_item_affinity: itemTotals.length
      ? round(itemTotals.reduce((a, b) => a + b, 0) / itemTotals.length)
      : 0,
    worst_item_affinity: itemTotals.length ? round(Math.min(...itemTotals)) : 0,
    eager_share: share(eager),
    willing_share: share(willing),
    objective: round(objective),
    upper_bound: upperBound === null ? null : round(upperBound),
    optimum_ratio: upperBound && upperBound > 0 ? round(objective / upperBound) : null,
    histogram,
  };
}
