import { z } from 'zod';
import { reportQuerySchema } from './reports.ts';

/**
 * Ranked ballots (issue 31, point 2; docs/judging.md "Ranked ballots"). A judge orders their top n of the
 * items they may rank. Each ranked item is one answer whose value is its Borda points, n + 1 − place (the
 * first gets n, the n-th 1); an item left off the ballot has no answer and counts 0. The place is read back
 * from the points, so the stored sum of an item's values is its Borda count.
 */

export const pointsOfPlace = (nbRanked: number, place: number) => nbRanked + 1 - place;
export const placeOfPoints = (nbRanked: number, points: number) => nbRanked + 1 - points;

/** How many items a judge ranks: n, or all they may rank when that is fewer (conflicts left out). */
export const ballotLength = (nbRanked: number, rankable: number) => Math.max(0, Math.min(nbRanked, rankable));

/** The items in ballot order, from a judge's answers (best first). */
export function ballotOrder(answers: Iterable<{ dataset: number; value: number }>): number[] {
  return [...answers].sort((a, b) => b.value - a.value || a.dataset - b.dataset).map((a) => a.dataset);
}

/** The answers of a ballot listed best first. */
export function ballotAnswers(nbRanked: number, order: readonly number[]) {
  return order.map((dataset, index) => ({
    dataset,
    question: null,
    value: pointsOfPlace(nbRanked, index + 1),
  }));
}

export const rankedExactMessage = (length: number, singular: string, plural: string) =>
  `Please rank exactly ${length} ${length === 1 ? singular : plural}.`;
export const rankedAtMostMessage = (length: number, singular: string, plural: string) =>
  `You can rank at most ${length} ${length === 1 ? singular : plural}.`;
export const rankedValueMessage = (nbRanked: number) =>
  `A ranked item's value is its points: a whole number from 1 to ${nbRanked}.`;
export const RANKED_SAME_PLACE_MESSAGE = 'Two items have the same place.';
export const RANKED_GAP_MESSAGE = 'The places must follow each other from the first, without a gap.';

/** The ranked report of a selection of another type. */
export const NOT_RANKED = 'NOT_RANKED';

/** The report shows the preference matrix of this many items, the first by Schulze. */
export const RANKED_MATRIX_MAX = 20;

/**
 * Schulze ranks at most this many items, those with the most Borda points (and the Condorcet winner, when
 * there is one): its strongest paths cost m³, about 0.2 s of CPU at 500 items and 3 s at 1,500 (docs/judging.md).
 */
export const SCHULZE_MAX = 500;

/** An item of the ranked report names at most this many of the items Schulze leaves unordered against it. */
export const RANKED_UNORDERED_MAX = 10;

export const rankedReportQuerySchema = reportQuerySchema.pick({ only_verified_emails: true, tags: true });
export type RankedReportQuery = z.input<typeof rankedReportQuerySchema>;

export const rankedItemSchema = z.object({
  dataset_id: z.number().int(),
  title: z.string(),
  /** Sum of the points of every ballot; 0 when on none. */
  borda: z.number().int(),
  /** Competition ranking (1, 2, 2, 4) by Borda count; null for an item on no ballot. */
  borda_rank: z.number().int().nullable(),
  /**
   * Schulze's order (1, 2, 2, 4: tied items share a place); null for an item on no ballot, or beyond the
   * SCHULZE_MAX items with the most Borda points.
   */
  schulze_rank: z.number().int().nullable(),
  /**
   * The last place Schulze leaves it (null with no rank): its place runs from `schulze_rank` to this one, equal
   * when the jury's ballots order it against every other item; otherwise 3rd before 4th is no verdict.
   */
  schulze_last_place: z.number().int().nullable(),
  /**
   * The items Schulze puts neither above nor below it (tied or not comparable), the first
   * RANKED_UNORDERED_MAX of them in the order of `items`, and how many there are.
   */
  schulze_unordered: z.array(z.number().int()),
  schulze_unordered_count: z.number().int(),
  /** How many ballots put it first, and how many name it at all. */
  first_places: z.number().int(),
  nb_ballots: z.number().int(),
});
export type RankedItem = z.infer<typeof rankedItemSchema>;

export const rankedReportSchema = z.object({
  nb_ranked: z.number().int(),
  /** Ballots counted: judges with at least one ranked item under the filters. */
  nb_ballots: z.number().int(),
  /** How many items Schulze ranked: those on a ballot, at most SCHULZE_MAX (+ the Condorcet winner). */
  schulze_items: z.number().int(),
  /** The item every other item loses to head to head, or null when there is none. */
  condorcet_winner: z.number().int().nullable(),
  /** Every item of the selection under the filters, by Schulze then Borda; items on no ballot last. */
  items: z.array(rankedItemSchema),
  /**
   * The pairwise preferences behind Schulze for the first RANKED_MATRIX_MAX items of `items`:
   * `preferences[i][j]` ballots put `matrix_items[i]` above `matrix_items[j]`; `strongest[i][j]` is the
   * strength of the strongest path from i to j.
   */
  matrix_items: z.array(z.number().int()),
  preferences: z.array(z.array(z.number().int())),
  strongest: z.array(z.array(z.number().int())),
});
export type RankedReport = z.infer<typeof rankedReportSchema>;
