import { z } from 'zod';
import { mergeResultsQuerySchema } from './merges.ts';
import { reportExportQuerySchema, reportQuerySchema } from './reports.ts';

// How sure the shortlist is (issue 31 point 4, docs/judging.md): the probability that each item belongs to a
// report's (or merge's) top k, by a seeded bootstrap over judges.

/** Bootstrap draws: each resamples the judges with replacement. */
export const TOP_K_DRAWS = 1000;
/** The seed when none is asked: the same data then always gives the same answer. */
export const TOP_K_DEFAULT_SEED = 1;
export const TOP_K_SEED_MAX = 2_147_483_647;
/**
 * The k "How sure" proposes for a ranking of `nbItems` (issue 56, point 9): a shortlist of a tenth of them,
 * rounded, at most DEFAULT_TOP_K_MAX, at least 1, rather than every item, which is in for sure.
 */
export const DEFAULT_TOP_K_MAX = 10;
export const defaultTopK = (nbItems: number) =>
  Math.max(1, Math.min(DEFAULT_TOP_K_MAX, Math.round(nbItems / 10)));
/** A shortlist longer than this is no shortlist; the selections' item limits are larger. */
export const TOP_K_MAX = 10_000;
/** "In for sure" from this probability (inclusive), "out" below TOP_K_OUT_BELOW, "borderline" between. */
export const TOP_K_IN_FROM = 0.95;
export const TOP_K_OUT_BELOW = 0.05;
/** Probabilities are given to this many decimals; the verdict reads the rounded probability. */
export const TOP_K_PROBABILITY_DECIMALS = 3;

export const TOP_K_VERDICTS = ['in', 'borderline', 'out'] as const;
export type TopKVerdict = (typeof TOP_K_VERDICTS)[number];

/** The verdict of a (rounded) probability: the number shown and its badge always agree. */
export function topKVerdict(probability: number): TopKVerdict {
  if (probability >= TOP_K_IN_FROM) return 'in';
  if (probability < TOP_K_OUT_BELOW) return 'out';
  return 'borderline';
}

const INTEGER_REQUIRED = 'A valid integer is required.';
/** A positive integer of a query (text): missing is 'required', text or a fraction 'a valid integer'. */
const queryInteger = (min: number, max: number) =>
  z
    .string()
    .transform(Number)
    .pipe(
      z
        .number({ error: (issue) => (issue.code === 'invalid_type' ? INTEGER_REQUIRED : undefined) })
        .int({ error: INTEGER_REQUIRED })
        .min(min)
        .max(max),
    );

const topKFields = {
  k: queryInteger(1, TOP_K_MAX),
  seed: queryInteger(0, TOP_K_SEED_MAX).optional(),
};

/** A selection's top k under the report's own filters (criteria, verified e-mails, tags, normalised). */
export const topKQuerySchema = reportQuerySchema.extend(topKFields);
export type TopKQuery = z.input<typeof topKQuerySchema>;

/** A merge's top k, its selections normalised for judge bias or not as its results are. */
export const mergeTopKQuerySchema = mergeResultsQuerySchema.extend(topKFields);
export type MergeTopKQuery = z.input<typeof mergeTopKQuerySchema>;

/** The report's export, with each item's probability of the top k (and its verdict) when k is given. */
export const reportExportWithTopKQuerySchema = reportExportQuerySchema.extend({ k: topKFields.k.optional() });
export type ReportExportWithTopKQuery = z.input<typeof reportExportWithTopKQuerySchema>;

/** The merge's export, likewise. */
export const mergeExportWithTopKQuerySchema = mergeResultsQuerySchema.extend({ k: topKFields.k.optional() });
export type MergeExportWithTopKQuery = z.input<typeof mergeExportWithTopKQuerySchema>;

export const topKItemSchema = z.object({
  dataset: z.number().int(),
  /** Share of the draws in which the item was in the top k (a tie across the cut shares its seats). */
  probability: z.number(),
  verdict: z.enum(TOP_K_VERDICTS),
});
export type TopKItem = z.infer<typeof topKItemSchema>;

/** Every item of the report (or merge), most probable first, then by id. */
export const topKSchema = z.object({
  k: z.number().int(),
  draws: z.number().int(),
  seed: z.number().int(),
  /** Judges who gave at least one value, those the draws resample (a merge: summed over its selections). */
  judges: z.number().int(),
  items: z.array(topKItemSchema),
});
export type TopK = z.infer<typeof topKSchema>;
