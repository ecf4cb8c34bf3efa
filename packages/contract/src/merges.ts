import { z } from 'zod';
import { bodyIdSchema, idListQuerySchema, idSchema, pageQuerySchema, queryBoolean } from './common.ts';
import { tagSchema } from './tags.ts';

export const MERGE_TITLE_MAX_LENGTH = 250;
export const MERGE_DESCRIPTION_MAX_LENGTH = 400;
export const MERGE_MIN_ISSUES = 2;
export const MERGE_WEIGHT_MIN = 0.01;
export const MERGE_WEIGHT_MAX = 1000;
export const MERGE_WEIGHT_STEP = 0.1;
export const MERGE_SEARCH_DEBOUNCE_MS = 400;
/** Merged averages are rounded to this many decimals. */
export const MERGE_AVERAGE_DECIMALS = 3;
export const MERGE_TITLE_REQUIRED = 'no title';
export const MERGE_NOT_ALLOWED = 'MERGE_NOT_ALLOWED';
/** The out-of-range message of issue_merge_infos, for a package allowing `max` selections. */
export const mergeSizeMessage = (max: number) =>
  `A merge needs between ${MERGE_MIN_ISSUES} and ${max} selections.`;
export const MERGE_DUPLICATE_ISSUE = 'A selection can be merged only once.';

export const mergeInfoInputSchema = z.object({
  issue: bodyIdSchema,
  weight: z.number().min(MERGE_WEIGHT_MIN).max(MERGE_WEIGHT_MAX),
});
export type MergeInfoInput = z.infer<typeof mergeInfoInputSchema>;

const mergeFields = {
  // 'no title' for a missing title only; a title too long gets the usual message.
  title: z
    .string({ error: (issue) => (issue.input == null ? MERGE_TITLE_REQUIRED : undefined) })
    .trim()
    .min(1, MERGE_TITLE_REQUIRED)
    .max(MERGE_TITLE_MAX_LENGTH),
  description: z.string().max(MERGE_DESCRIPTION_MAX_LENGTH),
  issue_merge_infos: z.array(mergeInfoInputSchema).max(100),
  tags: z.array(bodyIdSchema).max(1000),
};

export const mergeCreateSchema = z.object({
  ...mergeFields,
  description: mergeFields.description.default(''),
  tags: mergeFields.tags.default([]),
  team: bodyIdSchema,
});
export type MergeCreate = z.input<typeof mergeCreateSchema>;

/** issue_merge_infos is sent only when the selections or weights changed. */
export const mergePatchSchema = z.object(mergeFields).partial();
export type MergePatch = z.input<typeof mergePatchSchema>;

export const mergeInfoSchema = z.object({
  /** `round`: the selection's round (docs/rounds.md). */
  issue: z.object({
    id: z.number().int(),
    title: z.string(),
    resourcetype: z.string(),
    round: z.number().int(),
  }),
  weight: z.number(),
});
export type MergeInfo = z.infer<typeof mergeInfoSchema>;

export const mergeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  create_time: z.string(),
  update_time: z.string(),
  team: z.number().int(),
  tags: z.array(tagSchema),
  issue_merge_infos: z.array(mergeInfoSchema),
});
export type Merge = z.infer<typeof mergeSchema>;

export const mergeListQuerySchema = pageQuerySchema.extend({
  team: idSchema,
  tags: idListQuerySchema.optional(),
});
export type MergeListQuery = z.input<typeof mergeListQuerySchema>;

/** `normalised`: each rating selection's values corrected for judge bias first (docs/judging.md). */
export const mergeResultsQuerySchema = z.object({ normalised: queryBoolean.optional() });
export type MergeResultsQuery = z.input<typeof mergeResultsQuerySchema>;

/**
 * Merged ranking. `issues[issueId][datasetId]` is the selection's own report value; `scales[issueId]` is
 * what it is divided by to fall in 0–1 (rating: max_rating; tokens, picks, comments: the selection's
 * largest value). `average` is the weighted mean of the normalised values over the selections holding the
 * item with a value, weights renormalised; rounded to 3 decimals; datasets listed best first.
 */
export const mergeResultsSchema = z.object({
  datasets: z.record(
    z.string(),
    z.object({ title: z.string(), average: z.number().nullable(), rank: z.number().int() }),
  ),
  order: z.array(z.number().int()),
  issues: z.record(z.string(), z.record(z.string(), z.number().nullable())),
  /** Each selection's own competition rank of its items, as in its report. */
  issue_ranks: z.record(z.string(), z.record(z.string(), z.number().int())),
  scales: z.record(z.string(), z.number().nullable()),
  issue_merge_infos: z.array(mergeInfoSchema),
});
export type MergeResults = z.infer<typeof mergeResultsSchema>;
