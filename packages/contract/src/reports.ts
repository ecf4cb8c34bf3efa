import { z } from 'zod';
import { EMAIL_VERIFICATION_STATUSES } from './auth.ts';
import { idListQuerySchema, idSchema, queryBoolean } from './common.ts';
import { DATASET_TAGS_SEPARATOR } from './items.ts';

/** Report values are rounded to this many decimals, and ranked on the rounded value. */
export const REPORT_VALUE_DECIMALS = 3;
export const TOO_MANY_VOTERS = 'TOO_MANY_VOTERS';
/** A judge with fewer ratings than this (or all alike) keeps raw values in a normalised report. */
export const NORMALISE_MIN_RATINGS = 3;

/** Item tags are free text joined by ';' as everywhere else for items; an item with any of them, by `tagKey`. */
const tagListSchema = z
  .string()
  .max(2000)
  .transform((text) =>
    text
      .split(DATASET_TAGS_SEPARATOR)
      .map((tag) => tag.trim())
      .filter(Boolean),
  );

export const reportQuerySchema = z.object({
  /** Comma-separated question ids ('3,5'); anything else is dropped. */
  criteria: idListQuerySchema.optional(),
  only_verified_emails: queryBoolean.optional(),
  tags: tagListSchema.optional(),
  /** Rating selections: each judge's values as z-scores, mapped back onto the scale (docs/judging.md). */
  normalised: queryBoolean.optional(),
  /**
   * With `normalised`: per judge and criterion rather than per judge — each judge's answers on each
   * criterion as z-scores, mapped back onto that criterion's spread (docs/judging.md).
   */
  per_criterion: queryBoolean.optional(),
});
export type ReportQuery = z.input<typeof reportQuerySchema>;
export type ReportFilters = z.output<typeof reportQuerySchema>;

export const reportCriterionAverageSchema = z.object({
  question: z.number().int(),
  average: z.number().nullable(),
  nb_answers: z.number().int(),
});

/** Spread of one item's judge values (rating: each judge's weighted mean) for its box plot. */
export const reportDistributionSchema = z.object({
  dataset_id: z.number().int(),
  min: z.number(),
  q1: z.number(),
  median: z.number(),
  q3: z.number(),
  max: z.number(),
});
export type ReportDistribution = z.infer<typeof reportDistributionSchema>;

export const reportDatasetSchema = z.object({
  dataset_id: z.number().int(),
  title: z.string(),
  tagsArray: z.array(z.string()),
  /** Rating: weighted average; tokens: total; pick: number of picks; text: number of comments. */
  value: z.number().nullable(),
  nb_answers: z.number().int(),
  nb_accessors: z.number().int(),
  /**
   * Competition ranking (1, 2, 2, 4) on the rounded value, descending; null for a rating nobody gave (the
   * item comes last, unranked: ranking every unrated item "11" said they tied).
   */
  rank: z.number().int().nullable(),
  /** Rating selections with criteria: the average of each chosen criterion. */
  criteria: z.array(reportCriterionAverageSchema),
  /** Disagreement: population standard deviation and range of the judges' values; null below 2 judges. */
  stdev: z.number().nullable(),
  range: z.number().nullable(),
  /** Normalised report only: raw rank − normalised rank (positive: the item moved up); otherwise null. */
  rank_shift: z.number().int().nullable(),
});
export type ReportDataset = z.infer<typeof reportDatasetSchema>;

export const reportUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email_verification_status: z.enum(EMAIL_VERIFICATION_STATUSES),
  submitted_at: z.string().nullable(),
  nb_answered: z.number().int(),
  nb_accessible: z.number().int(),
});
export type ReportUser = z.infer<typeof reportUserSchema>;

export const reportSummarySchema = z.object({
  datasets: z.array(reportDatasetSchema),
  /** The judges (Judges sub-tab); empty when there are more than REPORT_USERS_MAX (selections.ts) voters. */
  users: z.array(reportUserSchema),
  nb_voters: z.number().int(),
  judges_disabled: z.boolean(),
  /** Normalised report only: judges left raw (fewer than NORMALISE_MIN_RATINGS ratings, or no spread). */
  raw_judges: z.array(z.number().int()),
  /** The largest judge value of the report (normalised if asked): the end of the box plots' axis; null: none. */
  judge_value_max: z.number().nullable(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/** Items per `report_distribution` request: a page of the report table is 50. */
export const REPORT_DISTRIBUTION_MAX_ITEMS = 100;

/**
 * `report_distribution`: the box plots of the named items (those on screen), under the report's filters.
 * Items without a value are left out of the reply.
 */
export const reportDistributionQuerySchema = reportQuerySchema.extend({
  datasets: idListQuerySchema.pipe(z.array(z.number()).min(1).max(REPORT_DISTRIBUTION_MAX_ITEMS)),
});
export type ReportDistributionQuery = z.input<typeof reportDistributionQuerySchema>;
export const reportDistributionsSchema = z.object({ distributions: z.array(reportDistributionSchema) });
export type ReportDistributions = z.infer<typeof reportDistributionsSchema>;

export const reportAnswerSchema = z.object({
  question: z.number().int().nullable(),
  question_title: z.string().nullable(),
  value: z.number(),
});
export const reportCommentSchema = z.object({
  question: z.number().int().nullable(),
  question_title: z.string().nullable(),
  content: z.string(),
  shared: z.boolean(),
  create_time: z.string(),
});
export type ReportComment = z.infer<typeof reportCommentSchema>;

const judgeIdentitySchema = reportUserSchema.pick({
  id: true,
  email: true,
  first_name: true,
  last_name: true,
  email_verification_status: true,
});
export type ReportJudge = z.infer<typeof judgeIdentitySchema>;

/** One item: each judge who can access it, their value (null: not answered), answers and comments. */
export const reportDatasetDetailsSchema = z.object({
  dataset_id: z.number().int(),
  title: z.string(),
  judges: z.array(
    z.object({
      user: judgeIdentitySchema,
      value: z.number().nullable(),
      answers: z.array(reportAnswerSchema),
      comments: z.array(reportCommentSchema),
      /** The judge has a conflict of interest with the item: not counted among its judges. */
      conflict: z.boolean(),
    }),
  ),
});
export type ReportDatasetDetails = z.infer<typeof reportDatasetDetailsSchema>;
export const reportDatasetQuerySchema = reportQuerySchema.pick({ only_verified_emails: true }).extend({
  dataset: idSchema,
});

/** One judge: each item they can access with their value, answers and comments. */
export const reportSummaryUserSchema = z.object({
  user: judgeIdentitySchema,
  submitted_at: z.string().nullable(),
  datasets: z.array(
    z.object({
      dataset_id: z.number().int(),
      title: z.string(),
      value: z.number().nullable(),
      answers: z.array(reportAnswerSchema),
      comments: z.array(reportCommentSchema),
      /** The judge has a conflict of interest with the item. */
      conflict: z.boolean(),
    }),
  ),
});
export type ReportSummaryUser = z.infer<typeof reportSummaryUserSchema>;
export const reportUserQuerySchema = z.object({ user: idSchema });

export const reportExportQuerySchema = reportQuerySchema.extend({
  include_dataset: queryBoolean.optional(),
});
export type ReportExportQuery = z.input<typeof reportExportQuerySchema>;
