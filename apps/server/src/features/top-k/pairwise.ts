import { TOP_K_DRAWS, TOP_K_PROBABILITY_DECIMALS, type TopK, topKVerdict } from '@shortlist/contract';
import { countDistinct, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { pairwiseVotes } from '../../db/schema/index.ts';
import { loadItemBeliefs } from '../pairwise/beliefs.ts';
import { addTopKShares, seededUniform } from './bootstrap.ts';

/**
 * How sure a pairwise selection's top k is (decision 189). Its judges give no value per item to resample;
 * its model already holds each item's belief, N(μ, σ²). Each draw takes every item's score from its belief
 * (Box–Muller over the seeded generator), and an item's probability is its share of the draws' top k.
 */
export async function getPairwiseTopK(
  ctx: AppContext,
  issueId: number,
  { k, seed }: { k: number; seed: number },
): Promise<TopK> {
  const [items, [voters]] = await Promise.all([
    loadItemBeliefs(ctx, issueId),
    ctx.db
      .select({ n: countDistinct(pairwiseVotes.userId) })
      .from(pairwiseVotes)
      .where(eq(pairwiseVotes.issueId, issueId)),
  ]);
  const uniform = seededUniform(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
  const keys = new Float64Array(items.length);
  const shares = new Float64Array(items.length);
  const scratch = new Float64Array(items.length);
  for (let draw = 0; draw < TOP_K_DRAWS; draw++) {
    items.forEach((item, i) => {
      keys[i] = item.mu + Math.sqrt(item.sigmaSq) * normal();
    });
    addTopKShares(keys, k, shares, scratch);
  }
  const factor = 10 ** TOP_K_PROBABILITY_DECIMALS;
  const rows = items.map((item, i) => {
    const probability = Math.round(((shares[i] as number) / TOP_K_DRAWS) * factor) / factor;
    return { dataset: item.id, probability, verdict: topKVerdict(probability), mu: item.mu };
  });
  rows.sort(byShareThenScore);
  return {
    k,
    draws: TOP_K_DRAWS,
    seed,
    judges: voters?.n ?? 0,
    items: rows.map(({ mu: _, ...row }) => row),
  };
}

/**
 * Most probable first; equal shares in the ranking's order (score μ), as the report beside lists them: two items
 * at 35.8 % once came in id order, the ranking's second above its first.
 */
export function byShareThenScore(
  a: { probability: number; mu: number; dataset: number },
  b: { probability: number; mu: number; dataset: number },
) {
  return b.probability - a.probability || b.mu - a.mu || a.dataset - b.dataset;
}
