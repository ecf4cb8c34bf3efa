import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { rounded, sqrtOfVariance } from '../report-figures.ts';

/**
 * Each judge's value per item, the unit of every report (decision 24): rating, the weighted mean of the
 * criteria answered; tokens and picks, the total; text, the number of comments. Kept by triggers on
 * answers, comments and criteria (migration 0008, decision 37) in the transaction that changes them.
 */
export const reportJudgeValues = pgTable(
  'report_judge_values',
  {
    issueId: integer('issue_id').notNull(),
    datasetId: integer('dataset_id').notNull(),
    userId: integer('user_id').notNull(),
    value: doublePrecision('value'),
    /**
     * The value's z-score over the judge's values (`report_judge_stats`), null where the judge stays raw in
     * the normalised report (migration 0019): that report then maps each value without a join.
     */
    z: doublePrecision('z'),
  },
  (t) => [
    // A judge's values together: where the fold reads and rewrites them, one range a judge (and the upsert's
    // key); an index of (issue, user) beside a key by item cost every rewritten value one more entry
    // (migration 0054).
    primaryKey({ columns: [t.issueId, t.userId, t.datasetId] }),
    // Reports read an item's values in this order by an index-only scan: grouped for the quartiles
    // without a sort, and without visiting the heap in the primary key's scattered order.
    // Also where a fold reads an item's least and greatest z-score back (the z of its entries): the index
    // of z alone (0021) cost every fold one more entry per value written, for a rare read (migration 0031).
    index('report_judge_values_item_value').on(t.issueId, t.datasetId, t.value, t.z),
  ],
);

/**
 * Per judge of a selection, the number, mean and population σ of their stored values: what the normalised
 * report (judge-bias correction, issue 15) needs of each judge, so that it reads 300 rows instead of
 * aggregating 600,000. Refreshed from `report_judge_values` for the judges a change touches, by the same
 * trigger function (migrations 0018–0019, decision 51).
 */
export const reportJudgeStats = pgTable(
  'report_judge_stats',
  {
    issueId: integer('issue_id').notNull(),
    userId: integer('user_id').notNull(),
    nbValues: integer('nb_values').notNull(),
    mean: doublePrecision('mean'),
    sd: doublePrecision('sd'),
    /**
     * How many items the judge has a stored value for (null values included): the report's "items
     * answered" reads it rather than counting the judge's values (migration 0022).
     */
    nbItems: integer('nb_items').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.userId] })],
);

/**
 * Per item of a selection, the aggregates of its judges' stored values that the default report ranks by:
 * how many values (and how many not null), their exact sum and sum of squares (`numeric`, moved by each
 * changed value, so they never drift), least and greatest (moved like the sums; read back from the item's
 * values by index only where a change took one of them away, migration 0022). The report of 2,000 items
 * then reads 2,000 rows, not 600,000 values (migration 0020, decision 55).
 */
export const reportItemStats = pgTable(
  'report_item_stats',
  {
    issueId: integer('issue_id').notNull(),
    datasetId: integer('dataset_id').notNull(),
    nbValues: integer('nb_values').notNull(),
    nbRated: integer('nb_rated').notNull(),
    total: numeric('total').notNull(),
    totalSquares: numeric('total_squares').notNull(),
    minValue: doublePrecision('min_value'),
    maxValue: doublePrecision('max_value'),
    /**
     * The values' z-scores (those not null): how many, their exact sum and sum of squares, moved by each
     * changed z-score like the sums above. The normalised report maps them in one step per item, since
     * `mean + z × σ` is linear in z (migration 0021).
     */
    nbZ: integer('nb_z').notNull().default(0),
    zTotal: numeric('z_total').notNull().default('0'),
    zSquares: numeric('z_squares').notNull().default('0'),
    /** The least and greatest z-score, read back by index like the least and greatest value. */
    minZ: doublePrecision('min_z'),
    maxZ: doublePrecision('max_z'),
    /**
     * The default report's figures of the item, rounded as it shows them, computed when the row is
     * written: the mean (a rating's value), the total (the value of the other kinds), σ and range. Rounding
     * through numeric cost PGlite about 25 ms a 2,000-item report read (decision 66).
     */
    roundedMean: doublePrecision('rounded_mean').generatedAlwaysAs(
      sql`CASE WHEN nb_rated > 0 THEN ${rounded(sql`(total / nb_rated)::float8`)} END`,
    ),
    roundedTotal: doublePrecision('rounded_total').generatedAlwaysAs(rounded(sql`total::float8`)),
    roundedStdev: doublePrecision('rounded_stdev').generatedAlwaysAs(
      sql`CASE WHEN nb_rated >= 2 THEN ${rounded(sqrtOfVariance(sql`total_squares`, sql`total`, sql`nb_rated`))} END`,
    ),
    roundedRange: doublePrecision('rounded_range').generatedAlwaysAs(
      sql`CASE WHEN nb_rated >= 2 THEN ${rounded(sql`max_value - min_value`)} END`,
    ),
    /**
     * The item's criterion averages as the report's JSON text (`[{"question":…,"average":…,"nb_answers":…}]`),
     * and its members of the default report (`"value":…,"nb_answers":…,"criteria":[…],"stdev":…,"range":…`),
     * written by the fold for the items it moved (migration 0031, decision 84): the report of 2,000 items
     * then formats no number and aggregates no criterion.
     */
    criteriaJson: text('criteria_json'),
    figuresJson: text('figures_json'),
    /**
     * The normalised report's figures of the item (rating selections: each judge's values as z-scores mapped
     * onto the scale, docs/judging.md), rounded: mean, σ, range and the largest value, and the JSON text. They depend on the
     * whole selection's mean and σ, so each fold that moved anything writes them again for every item,
     * from the z sums, or value by value where the scale cuts (migration 0031, decision 84).
     */
    normMean: doublePrecision('norm_mean'),
    normStdev: doublePrecision('norm_stdev'),
    normRange: doublePrecision('norm_range'),
    normMax: doublePrecision('norm_max'),
    /** The normalised report's members of the item as JSON text, like `figuresJson`. */
    normFiguresJson: text('norm_figures_json'),
    /**
     * The report normalised per judge and criterion (decision 126): the same figures and JSON
     * text, written by the first such read after a fold (`refreshCriterionFigures`), for the fold of
     * `report_folds.criterion_figures_fold`; null until then. Every answer moves every criterion's scale,
     * so the fold does not write them: only the selections whose view is read pay for them.
     */
    critMean: doublePrecision('crit_mean'),
    critStdev: doublePrecision('crit_stdev'),
    critRange: doublePrecision('crit_range'),
    critMax: doublePrecision('crit_max'),
    critFiguresJson: text('crit_figures_json'),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.datasetId] })],
);

/** Per item and criterion, the sum (exact) and number of its answers; kept like `report_judge_values`. */
export const reportCriterionSums = pgTable(
  'report_criterion_sums',
  {
    issueId: integer('issue_id').notNull(),
    datasetId: integer('dataset_id').notNull(),
    questionId: integer('question_id').notNull(),
    total: numeric('total').notNull(),
    nbAnswers: integer('nb_answers').notNull(),
    /**
     * The criterion's average as the report shows it, rounded to its decimals when the row is written:
     * rounding 10,000 exact averages on every report read cost PGlite about 20 ms (decision 66).
     */
    average: doublePrecision('average').generatedAlwaysAs(
      sql`CASE WHEN nb_answers > 0 THEN ${rounded(sql`total / nb_answers`)} END`,
    ),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.datasetId, t.questionId] })],
);

/**
 * Per judge and criterion of a selection (`criterion` the question, 0 for a rating without criteria): the
 * number, exact sum and exact sum of squares of the judge's answers, moved by the fold by the deltas of
 * the changes it takes, as `report_criterion_sums` (decision 126). The per-criterion correction
 * reads each judge's mean and σ on a criterion, and each criterion's scale, from these rows rather than
 * grouping the answers. One row per judge: no two judges' changes move the same row.
 */
export const reportJudgeCriterionSums = pgTable(
  'report_judge_criterion_sums',
  {
    issueId: integer('issue_id').notNull(),
    userId: integer('user_id').notNull(),
    criterion: integer('criterion').notNull(),
    nbAnswers: integer('nb_answers').notNull(),
    total: numeric('total').notNull(),
    squares: numeric('squares').notNull(),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.userId, t.criterion] })],
);

/**
 * Per selection, how many folds took changes in (`report_fold`), and the folds for which the per-criterion
 * figures of `report_item_stats` (`crit_*`) and the normalised ones (`norm_*`) were last written: each is
 * current while it equals the count.
 * Written by the fold and by that refresh only, each under the selection's fold lock; never by a submission.
 */
export const reportFolds = pgTable('report_folds', {
  issueId: integer('issue_id').primaryKey(),
  nbFolds: bigint('nb_folds', { mode: 'number' }).notNull().default(0),
  criterionFiguresFold: bigint('criterion_figures_fold', { mode: 'number' }),
  /** With those figures, the report's `raw_judges` per judge and criterion (null: none). */
  criterionRawJudges: integer('criterion_raw_judges').array(),
  /** The fold for which the normalised figures per judge (`norm_*`) were last written (migration 0053). */
  normFiguresFold: bigint('norm_figures_fold', { mode: 'number' }),
});

/**
 * The changes that the report tables have not taken in yet (decision 84): each statement on answers or
 * comments appends, per selection and judge, the rows it removed (sign −1) or wrote (+1) as arrays, in the
 * transaction that changes them; a criterion's new weight appends a row without a judge (every value of
 * the selection). No row is ever updated, so judges submitting at once never wait for each other here.
 * `report_fold` (migration 0031) takes a selection's rows and moves the report tables by them, apart from
 * the submissions: in the background and before any read of those tables.
 */
export const reportChanges = pgTable(
  'report_changes',
  {
    issueId: integer('issue_id').notNull(),
    /** Null: a criterion's weight changed, every stored value of the selection is recomputed. */
    userId: integer('user_id'),
    sign: smallint('sign').notNull(),
    datasetIds: integer('dataset_ids').array(),
    /** Answers only (null for comments): the criterion, value and item of each row, in the same order. */
    questionIds: integer('question_ids').array(),
    answerValues: doublePrecision('answer_values').array(),
  },
  (t) => [index('report_changes_issue').on(t.issueId)],
);
