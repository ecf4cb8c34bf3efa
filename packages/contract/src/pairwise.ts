import { z } from 'zod';
import { bodyIdSchema } from './common.ts';

/** An item on the judge's screen: what they need to compare it. */
export const pairwiseItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
});
export type PairwiseItem = z.infer<typeof pairwiseItemSchema>;

/**
 * `issues/{id}/pairwise/`: the pair on the judge's screen. `previous` is null before the first vote (the
 * judge only reads `next`); `next` is null when no item is left for them (seen all, or all others busy).
 */
export const pairwiseStateSchema = z.object({
  previous: pairwiseItemSchema.nullable(),
  next: pairwiseItemSchema.nullable(),
  /** This judge's votes so far. */
  votes: z.number().int(),
  /** Items they have been shown (voted on or skipped), of `items` they may see. */
  seen: z.number().int(),
  items: z.number().int(),
  /** True when no item is left for them: they have seen every item they may see. */
  done: z.boolean(),
});
export type PairwiseState = z.infer<typeof pairwiseStateSchema>;

export const PAIRWISE_CHOICES = ['previous', 'next', 'skip'] as const;
export type PairwiseChoice = (typeof PAIRWISE_CHOICES)[number];

/**
 * A vote on the pair on screen: `next` repeats the item shown (a second click on a pair already answered is
 * refused, not counted twice); `choice` says which is better, or skips `next`.
 */
export const pairwiseVoteSchema = z.object({
  next: bodyIdSchema,
  choice: z.enum(PAIRWISE_CHOICES),
});
export type PairwiseVote = z.infer<typeof pairwiseVoteSchema>;

/** Refused: the vote is not about the pair now on the judge's screen. */
export const PAIRWISE_STALE = 'PAIRWISE_STALE';
export const PAIRWISE_STALE_DETAIL = 'This pair has changed; the page shows the current one.';

/** The report: items by μ, with a 95 % interval μ ± 1.96 σ. */
export const pairwiseReportItemSchema = z.object({
  dataset: z.number().int(),
  title: z.string(),
  rank: z.number().int(),
  mu: z.number(),
  sigma: z.number(),
  low: z.number(),
  high: z.number(),
  comparisons: z.number().int(),
  /** Within the top k by μ. */
  shortlisted: z.boolean(),
});
export const pairwiseReportJudgeSchema = z.object({
  user: z.number().int(),
  name: z.string(),
  /** α / (α + β): the learned chance that the judge votes as the consensus would. */
  reliability: z.number(),
  alpha: z.number(),
  beta: z.number(),
  votes: z.number().int(),
});
export const pairwiseReportSchema = z.object({
  shortlist_size: z.number().int(),
  votes: z.number().int(),
  items: z.array(pairwiseReportItemSchema),
  judges: z.array(pairwiseReportJudgeSchema),
});
export type PairwiseReport = z.infer<typeof pairwiseReportSchema>;

/** The shortlist's size when the admin leaves it empty: 10 % of the items, at least 1. */
export const defaultShortlistSize = (items: number) => Math.max(1, Math.ceil(items / 10));
