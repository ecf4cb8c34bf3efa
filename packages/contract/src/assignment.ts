import { z } from 'zod';
import { bodyIdSchema, idListQuerySchema, idSchema, pageQuerySchema } from './common.ts';
import { JUDGES_PER_ITEM_MAX } from './judges.ts';
import { issueTokenQuerySchema } from './judging.ts';

/**
 * Expertise-aware assignment (issue 54, docs/judging.md "Assignment by expertise"): judges state their
 * expertise and bid on items through their link; an affinity per judge × item comes from the items' visible
 * text and that expertise (or a matrix an admin uploads); `assign_access` with `by: expertise` maximises
 * affinity plus bid bonuses under the loads, conflicts and `not_willing` bids, and reports its quality
 * against the LP optimum's upper bound.
 */

const tokenQuery = issueTokenQuerySchema.shape;

// ---------------------------------------------------------------- expertise

export const EXPERTISE_TEXT_MAX_LENGTH = 2000;
/** Where a judge's expertise text came from: typed (by the judge or an admin), or seeded from past items. */
export const EXPERTISE_SOURCES = ['judge', 'admin', 'seeded'] as const;
export type ExpertiseSource = (typeof EXPERTISE_SOURCES)[number];

/** PUT issues/{id}/expertise/: a judge sets their own (`?token=`); an admin any judge's, naming `user`. */
export const expertisePutSchema = z.object({
  text: z.string().trim().max(EXPERTISE_TEXT_MAX_LENGTH),
  user: bodyIdSchema.optional(),
});
export type ExpertisePut = z.input<typeof expertisePutSchema>;

/**
 * GET issues/{id}/expertise/: a judge's own; an admin's every judge of the selection (`users=1,2`), or those
 * whose name, e-mail or text holds `search`.
 */
export const expertiseQuerySchema = pageQuerySchema.extend({
  users: idListQuerySchema.optional(),
  ...tokenQuery,
});
export type ExpertiseQuery = z.input<typeof expertiseQuerySchema>;

export const expertiseSchema = z.object({
  user: z.number().int(),
  /** The judge's name and e-mail address for an admin; empty for a judge reading their own. */
  name: z.string(),
  email: z.string(),
  text: z.string(),
  source: z.enum(EXPERTISE_SOURCES).nullable(),
  update_time: z.string().nullable(),
});
export type Expertise = z.infer<typeof expertiseSchema>;

/**
 * POST issues/{id}/expertise/seed/: fills expertise from the titles and visible answers of the items each
 * judge answered in the team's other selections. A judge seeds their own; an admin the `users` named (all
 * by default). Texts already written are kept unless `overwrite`.
 */
export const expertiseSeedSchema = z.object({
  users: z.array(bodyIdSchema).max(10_000).optional(),
  overwrite: z.boolean().default(false),
});
export type ExpertiseSeed = z.input<typeof expertiseSeedSchema>;
export const expertiseSeedResultSchema = z.object({ seeded: z.number().int() });
export type ExpertiseSeedResult = z.infer<typeof expertiseSeedResultSchema>;

// ---------------------------------------------------------------- bids

export const BIDS = ['eager', 'willing', 'not_willing'] as const;
export type Bid = (typeof BIDS)[number];
/** Bids are refused after the selection's bidding deadline. */
export const BIDDING_CLOSED = 'BIDDING_CLOSED';
export const BIDDING_CLOSED_DETAIL = 'Bidding on this selection is closed.';

/** POST issues/{id}/bids/: a judge's own bid (`?token=`); an admin may bid for a judge with `user`. */
export const bidCreateSchema = z.object({
  dataset: bodyIdSchema,
  bid: z.enum(BIDS),
  user: bodyIdSchema.optional(),
});
export type BidCreate = z.input<typeof bidCreateSchema>;

/** DELETE issues/{id}/bids/?dataset=&user=: withdraws a bid (back to no opinion). */
export const bidDeleteQuerySchema = z.object({
  dataset: idSchema,
  user: idSchema.optional(),
  ...tokenQuery,
});
export type BidDeleteQuery = z.input<typeof bidDeleteQuerySchema>;

/** GET issues/{id}/bids/: a judge's own; an admin's all, optionally of some judges or of one bid. */
export const bidsQuerySchema = pageQuerySchema.extend({
  users: idListQuerySchema.optional(),
  bid: z.enum(BIDS).optional(),
  ...tokenQuery,
});
export type BidsQuery = z.input<typeof bidsQuerySchema>;

export const bidSchema = z.object({
  user: z.number().int(),
  dataset: z.number().int(),
  /** As the caller may read it: a judge gets the blind title ("Item 7") where the selection hides titles. */
  dataset_title: z.string(),
  bid: z.enum(BIDS),
  update_time: z.string(),
});
export type BidRow = z.infer<typeof bidSchema>;

/**
 * GET issues/{id}/bid_items/: the items a judge may bid on, as the selection shows them to judges (blind
 * rules apply: hidden answers never shown), searchable; each with the judge's bid and conflict. An admin
 * previews a judge's list with `user`.
 */
export const bidItemsQuerySchema = pageQuerySchema.extend({
  user: idSchema.optional(),
  ...tokenQuery,
});
export type BidItemsQuery = z.input<typeof bidItemsQuerySchema>;
export const BID_ITEM_SUMMARY_MAX_LENGTH = 300;
export const bidItemSchema = z.object({
  dataset: z.number().int(),
  /** The item's number in the selection. */
  number: z.number().int(),
  /** "Item <number>" when blind review hides the title, as on the answer page: the page writes it in its language. */
  title: z.string(),
  title_hidden: z.boolean(),
  /** The start of the item's visible answers, as one line of text. */
  summary: z.string(),
  bid: z.enum(BIDS).nullable(),
  conflict: z.boolean(),
});
export type BidItem = z.infer<typeof bidItemSchema>;

/** PUT issues/{id}/bidding/ (admin): the optional deadline after which bids are refused. */
export const biddingPutSchema = z.object({ deadline: z.iso.datetime({ offset: true }).nullable() });
export type BiddingPut = z.input<typeof biddingPutSchema>;
/** GET issues/{id}/bidding/ (judge or admin): the deadline and how far bidding has got. */
export const biddingSchema = z.object({
  deadline: z.string().nullable(),
  open: z.boolean(),
  nb_judges: z.number().int(),
  nb_judges_with_bids: z.number().int(),
  nb_bids: z.number().int(),
});
export type Bidding = z.infer<typeof biddingSchema>;
/** POST issues/{id}/bidding/remind/ (admin): mails judges (in their language) who have not bid yet, or `users`. */
export const biddingRemindSchema = z.object({ users: z.array(bodyIdSchema).max(10_000).optional() });
export type BiddingRemind = z.input<typeof biddingRemindSchema>;
export const biddingRemindResultSchema = z.object({ sent: z.number().int(), failed: z.number().int() });
export type BiddingRemindResult = z.infer<typeof biddingRemindResultSchema>;

// ---------------------------------------------------------------- affinity

/** Where affinities come from: the text of items and expertise, or a matrix the admin uploaded. */
export const AFFINITY_SOURCES = ['text', 'uploaded'] as const;
export type AffinitySource = (typeof AFFINITY_SOURCES)[number];
/** Terms shown to explain a pair's affinity ("matched on: sequencing, genomics"). */
export const MATCHED_TERMS_MAX = 5;

/**
 * POST issues/{id}/affinities/ (admin): a CSV with a header `judge,item,score`, one row per pair; `judge`
 * a user id or e-mail address of a judge of the selection, `item` an item id of the selection, `score`
 * between 0 and 1. Pairs left out score 0. Replaces any earlier upload; the selection then assigns by it.
 */
export const AFFINITY_CSV_MAX_LENGTH = 30_000_000;
export const AFFINITY_CSV_HEADER = ['judge', 'item', 'score'] as const;
export const affinityUploadSchema = z.object({ csv: z.string().min(1).max(AFFINITY_CSV_MAX_LENGTH) });
export type AffinityUpload = z.input<typeof affinityUploadSchema>;
/** A refused CSV answers 400 `{csv: ["Line 4: …", …]}` (at most this many lines named). */
export const AFFINITY_CSV_ERRORS_MAX = 20;
export const affinityUploadResultSchema = z.object({
  pairs: z.number().int(),
  source: z.enum(AFFINITY_SOURCES),
});
export type AffinityUploadResult = z.infer<typeof affinityUploadResultSchema>;

/** GET issues/{id}/affinities/?users=&datasets= (admin): scores of some pairs and why. DELETE: back to text. */
export const affinitiesQuerySchema = pageQuerySchema.extend({
  users: idListQuerySchema.optional(),
  datasets: idListQuerySchema.optional(),
});
export type AffinitiesQuery = z.input<typeof affinitiesQuerySchema>;
export const affinitySchema = z.object({
  user: z.number().int(),
  dataset: z.number().int(),
  score: z.number(),
  /** Stemmed terms shared by the item and the expertise, strongest first (empty for an uploaded score). */
  matched_on: z.array(z.string()),
});
export type Affinity = z.infer<typeof affinitySchema>;

// ---------------------------------------------------------------- the assignment

/** `balanced`: loads only (the default); `expertise`: affinity and bids; `uncertainty`: a second wave. */
export const ASSIGN_BY = ['balanced', 'expertise', 'uncertainty'] as const;
export type AssignBy = (typeof ASSIGN_BY)[number];
export const ASSIGN_MODES = ['replace', 'top_up'] as const;
export const ITEMS_PER_JUDGE_MAX = 100_000;
/** A randomised assignment's cap on any pair's probability (Jecmen et al. 2020): q in [0.1, 1]. */
export const MAX_PAIR_PROBABILITY_MIN = 0.1;
/** Bonuses added to a pair's affinity (0–1) for the judge's bid. */
export const BID_BONUS_DEFAULTS = { eager: 0.3, willing: 0.1 } as const;
/** `uncertainty`: how many items (those least sure around the cut-off) get extra judges. */
export const UNCERTAIN_ITEMS_MAX = 10_000;
export const HISTOGRAM_BUCKETS = 10;
/** A second wave needs answers to measure how sure each item's place is. */
export const NO_ANSWERS_YET = 'NO_ANSWERS_YET';
export const NO_ANSWERS_YET_DETAIL = 'A second wave needs answers: no judge has given any yet.';

/**
 * POST issues/{id}/assign_access/: every item gets `judges_per_item` judges where possible, no judge more
 * than `max_items_per_judge` items. `top_up` keeps what judges already have (items added later); `replace`
 * starts again (refused once judges have submitted). `by: uncertainty` is always a top-up: each item keeps
 * its judges, and the least sure around the cut-off get `judges_per_item` more, chosen by expertise.
 */
export const assignAccessSchema = z.object({
  judges_per_item: z.number().int().min(1).max(JUDGES_PER_ITEM_MAX),
  max_items_per_judge: z.number().int().min(1).max(ITEMS_PER_JUDGE_MAX),
  mode: z.enum(ASSIGN_MODES).default('replace'),
  by: z.enum(ASSIGN_BY).default('balanced'),
  /** Raise the worst-served item's total affinity first (FairFlow-like), then the total. */
  fairness: z.boolean().default(false),
  /** Randomised: no pair more likely than this (1 or absent: the deterministic optimum). */
  max_pair_probability: z.number().min(MAX_PAIR_PROBABILITY_MIN).max(1).optional(),
  /** The random draw's seed, to repeat a randomised assignment. */
  seed: z.number().int().min(0).max(2_147_483_647).optional(),
  bid_bonus: z
    .object({
      eager: z.number().min(0).max(1).default(BID_BONUS_DEFAULTS.eager),
      willing: z.number().min(0).max(1).default(BID_BONUS_DEFAULTS.willing),
    })
    .optional(),
  /**
   * `by: uncertainty`: the cut-off (the k of the report's "How sure"), required, and how many of the items
   * whose place around it is least sure get `judges_per_item` more judges (by default every item neither
   * certain in nor certain out).
   */
  cutoff: z.number().int().min(1).max(UNCERTAIN_ITEMS_MAX).optional(),
  uncertain_items: z.number().int().min(1).max(UNCERTAIN_ITEMS_MAX).optional(),
});
export type AssignAccess = z.input<typeof assignAccessSchema>;

/** A pair's affinity histogram bucket: [from, to) (the last one includes 1). */
export const histogramBucketSchema = z.object({ from: z.number(), to: z.number(), pairs: z.number().int() });
export type HistogramBucket = z.infer<typeof histogramBucketSchema>;

/**
 * How good an assignment is. `objective` = total affinity + bid bonuses of the pairs; `upper_bound` = a bound
 * no assignment (even fractional) with as many pairs can beat, from the LP's dual computed in the same run;
 * `optimum_ratio` = objective / upper_bound (1 proves the optimum). Item affinity = the sum over its judges.
 */
export const assignmentQualitySchema = z.object({
  affinity_source: z.enum(AFFINITY_SOURCES),
  pairs: z.number().int(),
  mean_affinity: z.number(),
  mean_item_affinity: z.number(),
  worst_item_affinity: z.number(),
  eager_share: z.number(),
  willing_share: z.number(),
  objective: z.number(),
  upper_bound: z.number().nullable(),
  optimum_ratio: z.number().nullable(),
  histogram: z.array(histogramBucketSchema),
});
export type AssignmentQuality = z.infer<typeof assignmentQualitySchema>;

export const assignAccessResultSchema = z.object({
  nb_judges: z.number().int(),
  nb_datasets: z.number().int(),
  /** Judge–item pairs added by this call. */
  nb_assigned: z.number().int(),
  min_datasets_per_judge: z.number().int(),
  max_datasets_per_judge: z.number().int(),
  /** Items left with fewer judges than asked, grouped by how many they have. */
  short: z.array(z.object({ judges: z.number().int(), items: z.number().int() })),
  by: z.enum(ASSIGN_BY),
  /** The quality of the whole assignment (kept pairs included); null for `balanced`, which reads no affinity. */
  quality: assignmentQualitySchema.nullable(),
  /** Milliseconds the solver took (off the request's thread). */
  solve_ms: z.number().int(),
});
export type AssignAccessResult = z.infer<typeof assignAccessResultSchema>;

/** GET issues/{id}/assignment/ (admin): the current pairs with their affinity, bid and explanation. */
export const assignmentPairsQuerySchema = pageQuerySchema.extend({
  users: idListQuerySchema.optional(),
  datasets: idListQuerySchema.optional(),
});
export type AssignmentPairsQuery = z.input<typeof assignmentPairsQuerySchema>;
export const assignmentPairSchema = z.object({
  user: z.number().int(),
  name: z.string(),
  dataset: z.number().int(),
  dataset_title: z.string(),
  affinity: z.number(),
  bid: z.enum(BIDS).nullable(),
  matched_on: z.array(z.string()),
});
export type AssignmentPair = z.infer<typeof assignmentPairSchema>;

/** GET issues/{id}/assignment/quality/ (admin): the current pairs' quality (bound from the last run). */
export const assignmentQualityReplySchema = assignmentQualitySchema;

/**
 * PATCH issues/{id}/assignment/ (admin): hand adjustments before inviting. Adding a `not_willing` or
 * conflicted pair is refused (400 on `add`); removing a pair the judge has answered is refused
 * ("The judge has already submitted answers."). Replies with the quality after the change.
 */
export const ASSIGNMENT_PATCH_MAX = 1000;
const pairRefSchema = z.object({ user: bodyIdSchema, dataset: bodyIdSchema });
export const assignmentPatchSchema = z.object({
  add: z.array(pairRefSchema).max(ASSIGNMENT_PATCH_MAX).default([]),
  remove: z.array(pairRefSchema).max(ASSIGNMENT_PATCH_MAX).default([]),
});
export type AssignmentPatch = z.input<typeof assignmentPatchSchema>;

/**
 * GET issues/{id}/judges_planner/?target=0.8 (admin): judges per item needed for a target reliability of an
 * item's mean value, by Spearman–Brown from the agreement measured so far (Krippendorff's α, the
 * reliability of one judge's value): R(n) = n·α ÷ (1 + (n − 1)·α).
 */
export const plannerQuerySchema = z.object({ target: z.coerce.number().gt(0).lt(1).default(0.8) });
export type PlannerQuery = z.input<typeof plannerQuerySchema>;
export const plannerSchema = z.object({
  alpha: z.number().nullable(),
  /** Judges who answered an item, on average over the items answered. */
  judges_per_item: z.number().nullable(),
  /** The reliability of an item's mean with that many judges, R(judges_per_item). */
  reliability: z.number().nullable(),
  target: z.number(),
  /** Judges per item the target needs; null while agreement cannot be measured or is not positive. */
  needed_judges_per_item: z.number().int().nullable(),
});
export type Planner = z.infer<typeof plannerSchema>;
