import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jsonArrayText, jsonNumber, jsonObjectText } from '../../db/json-text.ts';
import { idList, selectRows } from '../../db/raw-rows.ts';
import { rounded, sqrtOfVariance } from '../../db/report-figures.ts';
import { hasAnyTag } from '../../db/tag-match.ts';

export interface ValueFilters {
  /** Question ids to keep (rating criteria); absent or empty keeps every criterion. */
  criteria?: number[];
  /** Keep only judges whose e-mail is verified ('ver'). */
  onlyVerifiedEmails?: boolean;
  /** Item tags to keep (an item with any of them); absent or empty keeps every item. */
  tags?: string[];
  /** Rating selections: each judge's values normalised (z-scores mapped back onto the scale). */
  normalised?: boolean;
  /** With `normalised`: per judge and criterion, each criterion onto its own scale (docs/judging.md). */
  perCriterion?: boolean;
}

interface ItemCriterion {
  question: number;
  average: number | null;
  nb_answers: number;
}

/** How a report query reads what is stored. */
export interface ReadOptions {
  /** The JSON reply: rows in no order, the stored figures' text (see `itemValuesQuery`). */
  reply?: boolean;
  /** The per-criterion figures of `report_item_stats` are current for these selections: read them. */
  storedCriterionFigures?: boolean;
}

export interface ItemValueRow {
  issue_id: number;
  dataset_id: number;
  title: string;
  tags: string[];
  value: number | null;
  nb_answers: number;
  nb_accessors: number;
  rank: number;
  criteria: ItemCriterion[];
  stdev: number | null;
  range: number | null;
  /** The largest of the judges' values (normalised if asked); null: no value. */
  max_value: number | null;
  /** The rank on the raw values: equal to `rank` unless normalised. */
  raw_rank: number;
  /** Normalised only: the judges whose values stayed raw, on every row of their selection. */
  raw_judges: number[] | null;
}

/**
 * The judges of the selections, as a CTE body: every access, or only verified e-mails. Callers declare it
 * NOT MATERIALIZED: a materialized CTE is estimated at one row, and PostgreSQL then joins 3M answers
 * to it by nested loops (8× slower at 2,000 items × 300 judges × 5 criteria).
 */
export function judgesCte(issueIds: number[], onlyVerifiedEmails = false): SQL {
  return sql`SELECT a.id AS access_id, a.issue_id, a.user_id
    FROM issue_accesses a JOIN users u ON u.id = a.user_id
    WHERE a.issue_id IN (${idList(issueIds)})
    ${onlyVerifiedEmails ? sql`AND u.email_verification_status = 'ver'` : sql``}`;
}

const criteriaFilterOf = (criteria: number[]) =>
  criteria.length > 0
    ? sql`AND (ans.question_id IS NULL OR ans.question_id IN (${idList(criteria)}))`
    : sql``;

/** A rating judge's weighted mean of the criteria answered; tokens and picks: the judge's total. */
const judgeValue = (resourcetype: SQL, weightedSum: SQL, weightSum: SQL, total: SQL) =>
  sql`CASE WHEN ${resourcetype} = 'RatingIssue' THEN ${weightedSum} / nullif(${weightSum}, 0) ELSE ${total} END`;

/** Text selections: each judge's number of comments per item, in the shape of `judgeValuesCte`. */
function commentCountsSql(issueIds: number[], datasetFilter: SQL = sql``): SQL {
  return sql`SELECT c.issue_id, c.dataset_id, c.user_id, count(*)::float8 AS value
    FROM issue_comments c
    JOIN judges j ON j.issue_id = c.issue_id AND j.user_id = c.user_id
    JOIN issues i ON i.id = c.issue_id AND i.resourcetype = 'TextIssue'
    WHERE c.issue_id IN (${idList(issueIds)}) ${datasetFilter}
    GROUP BY c.issue_id, c.dataset_id, c.user_id`;
}

/**
 * Each judge's stored value per item (`report_judge_values`, kept by triggers), as a CTE body. Only current
 * judges have stored values (removing a judge deletes their answers in the same transaction), so the join
 * to `judges` is made only when it filters (verified e-mails): at 600,000 values it costs more than the
 * rest of the report.
 */
function storedJudgeValuesSql(
  issueIds: number[],
  {
    datasetIds,
    onlyJudges = true,
    withZ = false,
  }: { datasetIds?: number[]; onlyJudges?: boolean; withZ?: boolean } = {},
): SQL {
  return sql`SELECT v.issue_id, v.dataset_id, v.user_id, v.value ${withZ ? sql`, v.z` : sql``}
    FROM report_judge_values v
    ${onlyJudges ? sql`JOIN judges j ON j.issue_id = v.issue_id AND j.user_id = v.user_id` : sql``}
    WHERE v.issue_id IN (${idList(issueIds)})
    ${datasetIds ? sql`AND v.dataset_id IN (${idList(datasetIds)})` : sql``}`;
}

/**
 * Each judge's value per item, as a CTE body over `judges`. Rating: the weighted mean of the judge's
 * chosen criteria (criteria left unanswered are left out of the mean); tokens and picks: the judge's
 * total; text: the judge's number of comments. Read from the stored values; only a subset of criteria,
 * which no stored value fits, is recomputed from the answers.
 */
export function judgeValuesCte(issueIds: number[], criteria: number[] = [], datasetIds?: number[]): SQL {
  if (criteria.length === 0) return storedJudgeValuesSql(issueIds, { datasetIds });
  const only = (alias: string) =>
    datasetIds ? sql`AND ${sql.raw(alias)}.dataset_id IN (${idList(datasetIds)})` : sql``;
  const value = judgeValue(
    sql`max(i.resourcetype)`,
    sql`sum(ans.value * coalesce(q.weight, 1))`,
    sql`sum(coalesce(q.weight, 1))`,
    sql`sum(ans.value)`,
  );
  return sql`SELECT ans.issue_id, ans.dataset_id, ans.user_id, ${value} AS value
    FROM issue_answers ans
    JOIN judges j ON j.issue_id = ans.issue_id AND j.user_id = ans.user_id
    JOIN issues i ON i.id = ans.issue_id AND i.resourcetype <> 'TextIssue'
    LEFT JOIN issue_questions q ON q.id = ans.question_id
    WHERE ans.issue_id IN (${idList(issueIds)}) ${criteriaFilterOf(criteria)} ${only('ans')}
    GROUP BY ans.issue_id, ans.dataset_id, ans.user_id
    UNION ALL
    ${commentCountsSql(issueIds, only('c'))}`;
}

/**
 * `criteria` of one item as JSON text (the reply is text): per criterion its `average`, already rounded,
 * and its number of answers, by question id.
 */
const criteriaText = jsonArrayText(
  jsonObjectText({
    question: jsonNumber(sql`question_id`),
    average: jsonNumber(sql`average`),
    nb_answers: jsonNumber(sql`nb_answers`),
  }),
  sql`question_id`,
);

/**
 * The CTEs `judge_values` and `criterion_values` from the stored aggregates: with only verified e-mails,
 * the stored sums less the answers of the other judges (only their answers are read); otherwise none, as
 * `item_values` reads each item's criteria as the fold wrote their JSON text (migration 0031).
 */
function storedSources(issueIds: number[], onlyVerifiedEmails = false): SQL {
  const stored = sql`SELECT issue_id, dataset_id, question_id, total, nb_answers, average
    FROM report_criterion_sums WHERE issue_id IN (${idList(issueIds)})`;
  // The stored sums and averages as they are (one row per item and criterion already), or less the
  // unverified answers, the average then rounded as the stored one is. The unverified answers are read as
  // they are now, so the stored sums are taken as they are now too: plus the changes committed since the
  // fold that this read ran first (decision 84; almost always none, one index probe).
  const criterionSums = onlyVerifiedEmails
    ? sql`SELECT issue_id, dataset_id, question_id, sum(nb_answers)::int AS nb_answers,
        CASE WHEN sum(nb_answers) > 0 THEN ${rounded(sql`sum(total) / sum(nb_answers)`)} END AS average
      FROM (
        ${stored}
        UNION ALL
        SELECT c.issue_id, a.dataset_id, a.question_id, sum(c.sign * a.value::numeric), sum(c.sign)::int, NULL
        FROM report_changes c
        CROSS JOIN LATERAL unnest(c.dataset_ids, c.question_ids, c.answer_values) AS a(dataset_id, question_id, value)
        JOIN issues i ON i.id = c.issue_id AND i.resourcetype <> 'TextIssue'
        WHERE c.issue_id IN (${idList(issueIds)}) AND c.answer_values IS NOT NULL AND a.question_id IS NOT NULL
        GROUP BY c.issue_id, a.dataset_id, a.question_id
        UNION ALL
        SELECT ans.issue_id, ans.dataset_id, ans.question_id, -sum(ans.value::numeric), -count(*)::int, NULL
        FROM issue_answers ans
        JOIN issue_accesses a ON a.issue_id = ans.issue_id AND a.user_id = ans.user_id
        JOIN users u ON u.id = a.user_id AND u.email_verification_status IS DISTINCT FROM 'ver'
        JOIN issues i ON i.id = ans.issue_id AND i.resourcetype <> 'TextIssue'
        WHERE ans.issue_id IN (${idList(issueIds)}) AND ans.question_id IS NOT NULL
        GROUP BY ans.issue_id, ans.dataset_id, ans.question_id
      ) sums
      GROUP BY issue_id, dataset_id, question_id`
    : stored;
  // Without the filter, each item's criteria come with its row of `report_item_stats` (`item_values`).
  const criterionValues = onlyVerifiedEmails
    ? sql`SELECT issue_id, dataset_id, ${criteriaText} AS criteria
      FROM criterion_sums WHERE nb_answers > 0
      GROUP BY issue_id, dataset_id`
    : sql`SELECT NULL::int AS issue_id, NULL::int AS dataset_id, NULL::text AS criteria WHERE false`;
  return sql`judge_values AS NOT MATERIALIZED (${storedJudgeValuesSql(issueIds, { onlyJudges: onlyVerifiedEmails, withZ: true })}),
    criterion_sums AS NOT MATERIALIZED (${criterionSums}),
    criterion_values AS (${criterionValues})`;
}

/** The same CTEs recomputed from the answers of the chosen criteria, in one pass over them. */
function answerSources(issueIds: number[], criteria: number[]): SQL {
  return sql`answer_groups AS (
      SELECT ans.issue_id, ans.dataset_id, ans.user_id, ans.question_id,
        GROUPING(ans.user_id) AS per_criterion, max(i.resourcetype) AS resourcetype,
        sum(ans.value * coalesce(q.weight, 1)) AS weighted_sum, sum(coalesce(q.weight, 1)) AS weight_sum,
        sum(ans.value) AS total, ${rounded(sql`avg(ans.value)`)} AS average, count(*)::int AS nb_answers
      FROM issue_answers ans
      JOIN judges j ON j.issue_id = ans.issue_id AND j.user_id = ans.user_id
      JOIN issues i ON i.id = ans.issue_id AND i.resourcetype <> 'TextIssue'
      LEFT JOIN issue_questions q ON q.id = ans.question_id
      WHERE ans.issue_id IN (${idList(issueIds)}) ${criteriaFilterOf(criteria)}
      GROUP BY GROUPING SETS (
        (ans.issue_id, ans.dataset_id, ans.user_id),
        (ans.issue_id, ans.dataset_id, ans.question_id)
      )
    ),
    judge_values AS (
      SELECT issue_id, dataset_id, user_id,
        ${judgeValue(sql`resourcetype`, sql`weighted_sum`, sql`weight_sum`, sql`total`)} AS value
      FROM answer_groups WHERE per_criterion = 0
      UNION ALL
      ${commentCountsSql(issueIds)}
    ),
    criterion_values AS (
      SELECT issue_id, dataset_id, ${criteriaText} AS criteria
      FROM answer_groups WHERE per_criterion = 1 AND question_id IS NOT NULL
      GROUP BY issue_id, dataset_id
    )`;
}

/** Whether a judge is normalised (SQL function of migration 0019, shared with the triggers). */
const isNormalised = (resourcetype: SQL, n: SQL, sd: SQL) =>
  sql`report_judge_normalised(${resourcetype}, ${n}, ${sd})`;

/**
 * Each judge's number, mean and σ of values (CTE `judge_stats`), and each value with its z-score, null where
 * the judge stays raw (CTE `judge_z`). Stored values carry their z and the judges' statistics are read from
 * `report_judge_stats` (both kept by the triggers, migrations 0018–0019); values recomputed from the
 * answers (a subset of criteria) get both here.
 */
function zScoredSources(
  issueIds: number[],
  { stored, onlyVerifiedEmails }: { stored: boolean; onlyVerifiedEmails?: boolean },
): SQL {
  if (stored) {
    return sql`judge_stats AS (
        SELECT s.issue_id, s.user_id, s.mean, s.sd, s.nb_values::bigint AS n
        FROM report_judge_stats s
        ${onlyVerifiedEmails ? sql`JOIN judges j ON j.issue_id = s.issue_id AND j.user_id = s.user_id` : sql``}
        WHERE s.issue_id IN (${idList(issueIds)})
      ),
      judge_z AS NOT MATERIALIZED (SELECT * FROM judge_values)`;
  }
  return sql`judge_stats AS (
      SELECT issue_id, user_id, avg(value) AS mean, stddev_pop(value) AS sd, count(value) AS n
      FROM judge_values GROUP BY issue_id, user_id
    ),
    judge_z AS (
      SELECT jv.issue_id, jv.dataset_id, jv.user_id, jv.value,
        CASE WHEN ${isNormalised(sql`i.resourcetype`, sql`js.n`, sql`js.sd`)} THEN (jv.value - js.mean) / js.sd END AS z
      FROM judge_values jv
      JOIN judge_stats js ON js.issue_id = jv.issue_id AND js.user_id = jv.user_id
      JOIN issues i ON i.id = jv.issue_id
    )`;
}

/** Per selection, `(SELECT column FROM scale_stats …)`: computed once, joined to no value row. */
const perIssueScale = (issueIds: number[], column: string) =>
  sql`CASE v.issue_id ${sql.join(
    issueIds.map(
      (id) => sql`WHEN ${id} THEN (SELECT ${sql.raw(column)} FROM scale_stats WHERE issue_id = ${id})`,
    ),
    sql` `,
  )} END`;

/**
 * Judge-bias correction (docs/judging.md): in a rating selection, each judge's values become z-scores over
 * the items that judge rated, mapped back onto the scale with the mean and spread of all the selection's
 * values, and kept within it. A judge with fewer than NORMALISE_MIN_RATINGS values or no spread stays raw.
 * Other selections stay raw. CTEs over `judge_values`, ending in `scored_values`. The selection's scale is
 * read per value by selection id rather than joined: the values then stay in the order of the index that
 * groups them per item (a join of 600,000 values to the judges made PostgreSQL sort them on disk).
 */
function normalisedValues(
  issueIds: number[],
  filters: { stored: boolean; onlyVerifiedEmails?: boolean },
): SQL {
  return sql`${zScoredSources(issueIds, filters)},
    scale_stats AS (
      SELECT ss.issue_id, ss.mean, ss.sd, i.min_rating, i.max_rating FROM (
        SELECT issue_id, sum(n * mean) / sum(n) AS mean,
          sqrt(greatest(sum(n * (sd * sd + mean * mean)) / sum(n) - power(sum(n * mean) / sum(n), 2), 0)) AS sd
        FROM judge_stats WHERE n > 0 GROUP BY issue_id
      ) ss JOIN issues i ON i.id = ss.issue_id
    ),
    scored_values AS NOT MATERIALIZED (
      SELECT v.issue_id, v.dataset_id, v.user_id, v.value AS raw,
        CASE WHEN v.z IS NULL THEN v.value ELSE least(${perIssueScale(issueIds, 'max_rating')},
          greatest(${perIssueScale(issueIds, 'min_rating')},
            ${perIssueScale(issueIds, 'mean')} + v.z * ${perIssueScale(issueIds, 'sd')})) END AS value
      FROM judge_z v
      -- Ordered, so not inlined: each value is mapped once (not once per aggregate that reads it), and
      -- the planner knows the rows come grouped per item from the index, with no sort.
      ORDER BY v.issue_id, v.dataset_id
    ),
    raw_judges AS (
      SELECT js.issue_id, array_agg(js.user_id ORDER BY js.user_id) AS users
      FROM judge_stats js JOIN issues i ON i.id = js.issue_id AND i.resourcetype = 'RatingIssue'
      WHERE NOT ${isNormalised(sql`i.resourcetype`, sql`js.n`, sql`js.sd`)}
      GROUP BY js.issue_id
    )`;
}

/**
 * Judge-bias correction per judge and criterion (docs/judging.md): each answer becomes a z-score over the
 * answers that judge gave on that criterion, mapped back with the mean and σ of all the selection's answers
 * on the criterion and kept within the scale; the judge's value per item is then the weighted mean of their
 * mapped criteria, as the raw value is of the raw ones. A judge with fewer than NORMALISE_MIN_RATINGS
 * answers on a criterion, or all alike, keeps that criterion raw (and is listed in `raw_judges`). A rating
 * without criteria (question null) is one criterion: the per-judge correction. Each judge's statistics per
 * criterion are the fold's (`report_judge_criterion_sums`), the values mapped from the answers; the default
 * view's item figures are stored from them (`criterion-figures.ts`). CTEs ending in `scored_values` and
 * `raw_judges`, as `normalisedValues`.
 */
function criterionNormalisedValues(issueIds: number[], criteria: number[]): SQL {
  // Each judge's count, sum and sum of squares per criterion as the fold keeps them (decision 126),
  // plus the changes committed since it ran (almost always none, one index probe), so that they match the
  // answers this statement reads. Then one read of the answers, joined to nothing but the statistics: each
  // judge's answers by index, each mapped through the one row of its judge and criterion (its scale and
  // weight on it), grouped per item a judge at a time: one hash aggregate of all 540,000 judge × item
  // values spilled 286 MB to disk (7.4 s against 2.7 s, EXPLAIN ANALYZE at 2,000 × 300 × 5). `criterion`
  // is the question, 0 for a rating without criteria: an equality (IS NOT DISTINCT FROM made PostgreSQL
  // loop, 150× the raw report).
  const keptCriteria = (column: SQL) =>
    criteria.length > 0 ? sql`AND (${column} = 0 OR ${column} IN (${idList(criteria)}))` : sql``;
  return sql`criterion_judge_stats AS MATERIALIZED (
      SELECT s.issue_id, s.user_id, s.criterion, (s.total / s.n)::float8 AS mean,
        ${sqrtOfVariance(sql`s.squares`, sql`s.total`, sql`s.n`)} AS sd, s.n, s.total, s.squares
      FROM (
        SELECT issue_id, user_id, criterion, sum(nb_answers) AS n, sum(total) AS total, sum(squares) AS squares
        FROM (
          SELECT issue_id, user_id, criterion, nb_answers, total, squares FROM report_judge_criterion_sums
          WHERE issue_id IN (${idList(issueIds)}) ${keptCriteria(sql`criterion`)}
          UNION ALL
          SELECT c.issue_id, c.user_id, a.criterion, c.sign, c.sign * report_exact(a.value),
            c.sign * report_exact(a.value) * report_exact(a.value)
          FROM report_changes c
          CROSS JOIN LATERAL (
            SELECT coalesce(u.question_id, 0) AS criterion, u.value
            FROM unnest(c.question_ids, c.answer_values) AS u(question_id, value)
          ) a
          WHERE c.issue_id IN (${idList(issueIds)}) AND c.answer_values IS NOT NULL AND c.user_id IS NOT NULL
            ${keptCriteria(sql`a.criterion`)}
        ) sums
        GROUP BY issue_id, user_id, criterion
      ) s
      JOIN judges j ON j.issue_id = s.issue_id AND j.user_id = s.user_id
      JOIN issues i ON i.id = s.issue_id AND i.resourcetype <> 'TextIssue'
      WHERE s.n > 0
    ),
    criterion_scale AS (
      SELECT issue_id, criterion, (sum(total) / sum(n))::float8 AS mean,
        ${sqrtOfVariance(sql`sum(squares)`, sql`sum(total)`, sql`sum(n)`)} AS sd
      FROM criterion_judge_stats GROUP BY issue_id, criterion
    ),
    criterion_z AS MATERIALIZED (
      SELECT s.issue_id, s.user_id, s.criterion, i.resourcetype, i.min_rating, i.max_rating, s.mean, s.sd,
        ${isNormalised(sql`i.resourcetype`, sql`s.n`, sql`s.sd`)} AS normalised,
        cs.mean AS scale_mean, cs.sd AS scale_sd, coalesce(q.weight, 1) AS weight
      FROM criterion_judge_stats s
      JOIN criterion_scale cs ON cs.issue_id = s.issue_id AND cs.criterion = s.criterion
      JOIN issues i ON i.id = s.issue_id
      LEFT JOIN issue_questions q ON q.id = s.criterion
      -- A judge's criteria in one order on every engine and plan: their weighted mean is summed in it.
      ORDER BY s.issue_id, s.user_id, s.criterion
    ),
    judge_item_sums AS (
      SELECT j.issue_id, a.dataset_id, j.user_id, a.weighted_sum, a.raw_weighted_sum, a.weight_sum, a.total,
        a.raw_total
      FROM (SELECT DISTINCT issue_id, user_id FROM criterion_z) j
      CROSS JOIN LATERAL (
        SELECT ans.dataset_id, sum(m.value * z.weight) AS weighted_sum, sum(ans.value * z.weight) AS raw_weighted_sum,
          sum(z.weight) AS weight_sum, sum(m.value) AS total, sum(ans.value) AS raw_total
        FROM issue_answers ans
        JOIN criterion_z z ON z.issue_id = ans.issue_id AND z.user_id = ans.user_id
          AND z.criterion = coalesce(ans.question_id, 0)
        CROSS JOIN LATERAL (SELECT CASE WHEN z.normalised
            THEN least(z.max_rating, greatest(z.min_rating, z.scale_mean + (ans.value - z.mean) / z.sd * z.scale_sd))
            ELSE ans.value END AS value) m
        WHERE ans.issue_id = j.issue_id AND ans.user_id = j.user_id
        GROUP BY ans.dataset_id
      ) a
    ),
    scored_values AS NOT MATERIALIZED (
      SELECT v.issue_id, v.dataset_id, v.user_id,
        ${judgeValue(sql`i.resourcetype`, sql`v.weighted_sum`, sql`v.weight_sum`, sql`v.total`)} AS value,
        ${judgeValue(sql`i.resourcetype`, sql`v.raw_weighted_sum`, sql`v.weight_sum`, sql`v.raw_total`)} AS raw
      FROM judge_item_sums v JOIN issues i ON i.id = v.issue_id
      UNION ALL
      SELECT *, value AS raw FROM (${commentCountsSql(issueIds)}) comment_counts
    ),
    raw_judges AS (
      SELECT issue_id, array_agg(DISTINCT user_id ORDER BY user_id) AS users
      FROM criterion_z
      WHERE resourcetype = 'RatingIssue' AND NOT normalised
      GROUP BY issue_id
    )`;
}

/** Whether the report reads each item's stored aggregates (`report_item_stats`): the default views. */
export const readsItemStats = (filters: ValueFilters) =>
  !filters.criteria?.length && !filters.onlyVerifiedEmails;

/** Whether the report asked can read the stored per-criterion figures: the default view, per judge and criterion. */
export const readsCriterionFigures = (filters: ValueFilters) =>
  filters.normalised === true && filters.perCriterion === true && readsItemStats(filters);

/**
 * The normalised report's `item_values` as stored for each item of a rating selection: per judge
 * (`norm_*`, written by the fold, migration 0031, decision 84: from the z sums, or value by value where the
 * scale cuts) or per judge and criterion (`crit_*`, written by `refreshCriterionFigures`, decision 126);
 * other selections stay raw, with their raw figures.
 */
function normalisedItemValuesCte(
  issueIds: number[],
  criteriaBeside: (figures: SQL) => SQL,
  prefix: 'norm' | 'crit',
): SQL {
  const normal = (normalised: string, raw: string) =>
    sql.raw(`CASE WHEN i.resourcetype = 'RatingIssue' THEN s.${prefix}_${normalised} ELSE s.${raw} END`);
  const figures = normal('figures_json', 'figures_json');
  return sql`item_values AS MATERIALIZED (
      SELECT s.issue_id, s.dataset_id, s.nb_values AS nb_answers, ${normal('mean', 'rounded_mean')} AS mean,
        s.rounded_total AS total, s.rounded_mean AS raw_mean, ${normal('stdev', 'rounded_stdev')} AS stdev,
        ${normal('range', 'rounded_range')} AS range, ${normal('max', 'max_value')} AS max_value,
        ${figures} AS figures, ${criteriaBeside(figures)} AS criteria
      FROM report_item_stats s JOIN issues i ON i.id = s.issue_id
      WHERE s.issue_id IN (${idList(issueIds)})
    )`;
}

/**
 * Per item: number of values, mean, total, raw mean (normalised only), σ and range, rounded to the report's
 * decimals, and the largest value. The default view reads them from `report_item_stats` (one row an item,
 * exact sums kept by the fold, decision 55, the figures rounded when the row is written, decision 66), and
 * `figures`, the item's members of the reply as JSON text written by the fold (decision 84); a filter or
 * the normalised report aggregates the judge values in `scored_values` (and has no `figures`). The mean passes
 * through float8 either way, so that it rounds like an `avg` of the values. MATERIALIZED: planned apart
 * from the joins of the items to their counts and criteria, it cost PGlite 5 ms less planning and its
 * normalised report 50 ms less running (decision 66).
 */
function itemValuesCte(
  issueIds: number[],
  filters: ValueFilters,
  { reply = false, storedCriterionFigures = false }: ReadOptions = {},
): SQL {
  // The default view's sources leave `criterion_values` empty (the stored rows hold the criteria): a
  // report aggregated from `scored_values` (per criterion) takes them from there.
  const storedCriteria = readsItemStats(filters)
    ? sql`(SELECT s.criteria_json FROM report_item_stats s WHERE s.issue_id = v.issue_id AND s.dataset_id = v.dataset_id)`
    : sql`NULL::text`;
  // The stored criteria, unless the reply takes the stored figures, which hold them.
  const criteriaBeside = (figures: SQL) =>
    reply ? sql`CASE WHEN ${figures} IS NULL THEN s.criteria_json END` : sql`s.criteria_json`;
  if (readsItemStats(filters) && filters.normalised === true && filters.perCriterion !== true) {
    return normalisedItemValuesCte(issueIds, criteriaBeside, 'norm');
  }
  if (storedCriterionFigures && readsCriterionFigures(filters)) {
    return normalisedItemValuesCte(issueIds, criteriaBeside, 'crit');
  }
  if (readsItemStats(filters) && filters.normalised !== true) {
    return sql`item_values AS MATERIALIZED (
      SELECT issue_id, dataset_id, nb_values AS nb_answers, rounded_mean AS mean, rounded_total AS total,
        NULL::float8 AS raw_mean, rounded_stdev AS stdev, rounded_range AS range, max_value,
        figures_json AS figures, ${criteriaBeside(sql`s.figures_json`)} AS criteria
      FROM report_item_stats s WHERE issue_id IN (${idList(issueIds)})
    )`;
  }
  return sql`item_values AS MATERIALIZED (
      SELECT issue_id, dataset_id, count(*)::int AS nb_answers, ${rounded(sql`avg(value)`)} AS mean,
        ${rounded(sql`sum(value)`)} AS total, ${rounded(sql`avg(raw)`)} AS raw_mean,
        ${rounded(sql`CASE WHEN count(value) >= 2 THEN stddev_pop(value) END`)} AS stdev,
        ${rounded(sql`CASE WHEN count(value) >= 2 THEN max(value) - min(value) END`)} AS range,
        max(value) AS max_value, NULL::text AS figures, ${storedCriteria} AS criteria
      FROM scored_values v GROUP BY issue_id, dataset_id
    )`;
}

/**
 * The CTEs every report query starts with: `judges`, the value sources (`judge_values`,
 * `criterion_values`), `scored_values` (each judge's value, normalised if asked, and `raw`) and
 * `item_values`. A CTE the query does not name is never run.
 */
export function reportCtes(issueIds: number[], filters: ValueFilters, options: ReadOptions = {}): SQL {
  const { criteria = [] } = filters;
  const sources =
    criteria.length > 0
      ? answerSources(issueIds, criteria)
      : storedSources(issueIds, filters.onlyVerifiedEmails);
  // The stored per-criterion figures come with their `raw_judges`, written beside them.
  const storedRawJudges = sql`raw_judges AS (
      SELECT issue_id, criterion_raw_judges AS users FROM report_folds
      WHERE issue_id IN (${idList(issueIds)}) AND criterion_raw_judges IS NOT NULL
    )`;
  const scored =
    options.storedCriterionFigures && readsCriterionFigures(filters)
      ? storedRawJudges
      : filters.normalised === true && filters.perCriterion === true
        ? criterionNormalisedValues(issueIds, criteria)
        : filters.normalised === true
          ? normalisedValues(issueIds, {
              stored: criteria.length === 0,
              onlyVerifiedEmails: filters.onlyVerifiedEmails,
            })
          : sql`scored_values AS NOT MATERIALIZED (SELECT *, value AS raw FROM judge_values)`;
  return sql`judges AS NOT MATERIALIZED (${judgesCte(issueIds, filters.onlyVerifiedEmails)}),
    ${sources},
    ${scored},
    ${itemValuesCte(issueIds, filters, options)}`;
}

/** The selections' items, those with any of the tags if some are given. */
export function itemsCte(issueIds: number[], tags: string[] = []): SQL {
  const tagFilter = tags.length > 0 ? sql`AND ${hasAnyTag(sql`d.tags`, tags)}` : sql``;
  return sql`items AS (
      SELECT idt.issue_id, d.id AS dataset_id, d.title, d.tags
      FROM issue_datasets idt JOIN datasets d ON d.id = idt.dataset_id
      WHERE idt.issue_id IN (${idList(issueIds)}) ${tagFilter}
    )`;
}

/** An item's value by type: rating, the mean (no judge: none); tokens, picks, comments: the total or 0. */
const itemValue = (mean: SQL, total: SQL) =>
  sql`CASE WHEN i.resourcetype = 'RatingIssue' THEN ${mean} ELSE coalesce(${total}, 0) END`;

/** Competition rank (1, 2, 2, 4) within each selection, best first, no value last. */
const rankOf = (value: SQL) =>
  sql`rank() OVER (PARTITION BY issue_id ORDER BY ${value} DESC NULLS LAST)::int`;

/**
 * The report of one or more selections in ONE query: per item its value (rating: mean over judges of
 * their weighted means; tokens: total; picks: number of picks; text: number of comments), how many judges
 * answered and could answer it, per-criterion averages, σ and range of the judges' values, and the
 * competition rank on the value rounded to 3 decimals. A rating nobody gave has no value; tokens, picks
 * and comments nobody gave count 0. The values come from the stored aggregates (decisions 37 and 55), or
 * from the answers for a subset of criteria. The quartiles of the box plots are `distributionQuery`'s.
 * Rows in the ranking's order. For the JSON reply (`reply`), in no order (it aggregates them in its own)
 * and, where the fold stored an item's figures as JSON text, without its criteria, which they hold: the
 * criteria's text carried through the query's joins and sorts cost a 2,000-item reply a quarter of its
 * statement. `storedCriterionFigures`: the caller made the per-criterion figures current
 * (`refreshCriterionFigures`), which the default view per judge and criterion then reads.
 */
export function itemValuesQuery(
  issueIds: number[],
  filters: ValueFilters = {},
  options: ReadOptions = {},
): SQL {
  const { reply = false } = options;
  const normalised = filters.normalised === true;
  return sql`WITH ${reportCtes(issueIds, filters, options)},
    ${itemsCte(issueIds, filters.tags)},
    judge_counts AS (SELECT issue_id, count(*)::int AS n FROM judges GROUP BY issue_id),
    subset_counts AS (
      SELECT j.issue_id, iad.dataset_id, count(*)::int AS n
      FROM judges j JOIN issue_access_datasets iad ON iad.access_id = j.access_id
      WHERE NOT EXISTS (
        SELECT 1 FROM issue_conflicts ic WHERE ic.access_id = j.access_id AND ic.dataset_id = iad.dataset_id
      )
      GROUP BY j.issue_id, iad.dataset_id
    ),
    -- A judge with a conflict of interest is not counted among the item's judges (docs/judging.md).
    conflict_counts AS (
      SELECT j.issue_id, ic.dataset_id, count(*)::int AS n
      FROM judges j JOIN issue_conflicts ic ON ic.access_id = j.access_id
      GROUP BY j.issue_id, ic.dataset_id
    ),
    scored AS (
      SELECT it.issue_id, it.dataset_id, it.title, it.tags,
        ${itemValue(sql`iv.mean`, sql`iv.total`)} AS value,
        ${normalised ? itemValue(sql`iv.raw_mean`, sql`iv.total`) : sql`NULL::float8`} AS raw_value,
        iv.stdev, iv.range,
        ${normalised ? sql`coalesce(rj.users, '{}')` : sql`NULL::int[]`} AS raw_judges,
        coalesce(iv.nb_answers, 0) AS nb_answers,
        coalesce(CASE WHEN i.access_all_items THEN jc.n - coalesce(cc.n, 0) ELSE sc.n END, 0) AS nb_accessors,
        coalesce(iv.criteria, cv.criteria, '[]') AS criteria, iv.max_value, iv.figures
      FROM items it
      JOIN issues i ON i.id = it.issue_id
      LEFT JOIN item_values iv ON iv.issue_id = it.issue_id AND iv.dataset_id = it.dataset_id
      LEFT JOIN criterion_values cv ON cv.issue_id = it.issue_id AND cv.dataset_id = it.dataset_id
      LEFT JOIN judge_counts jc ON jc.issue_id = it.issue_id
      LEFT JOIN subset_counts sc ON sc.issue_id = it.issue_id AND sc.dataset_id = it.dataset_id
      LEFT JOIN conflict_counts cc ON cc.issue_id = it.issue_id AND cc.dataset_id = it.dataset_id
      ${normalised ? sql`LEFT JOIN raw_judges rj ON rj.issue_id = it.issue_id` : sql``}
    )
    SELECT *, ${rankOf(sql`value`)} AS rank, ${rankOf(normalised ? sql`raw_value` : sql`value`)} AS raw_rank
    FROM scored
    ${reply ? sql`` : sql`ORDER BY issue_id, rank, lower(title), dataset_id`}`;
}

/**
 * Only each item's value and rank (the same values and ranks as `itemValuesQuery`), for the merges: no
 * criteria, counts or spread, so that the default view reads nothing but `report_item_stats`.
 */
export function itemRanksQuery(issueIds: number[], filters: ValueFilters = {}): SQL {
  return sql`WITH ${reportCtes(issueIds, filters)},
    ${itemsCte(issueIds, filters.tags)},
    scored AS (
      SELECT it.issue_id, it.dataset_id, it.title,
        -- A pairwise item's value is its chance to beat an average item, 1 / (1 + e^−μ) (docs/judging.md).
        CASE WHEN i.resourcetype = 'PairwiseIssue' THEN 1 / (1 + exp(-coalesce(pw.mu, 0)))
          ELSE ${itemValue(sql`iv.mean`, sql`iv.total`)} END AS value
      FROM items it
      JOIN issues i ON i.id = it.issue_id
      LEFT JOIN item_values iv ON iv.issue_id = it.issue_id AND iv.dataset_id = it.dataset_id
      LEFT JOIN pairwise_items pw ON pw.issue_id = it.issue_id AND pw.dataset_id = it.dataset_id
    )
    SELECT *, ${rankOf(sql`value`)} AS rank FROM scored`;
}

/**
 * The judges' values as the report ranks them (normalised if asked, under its filters but tags), one row an
 * item of each selection, in no order: its judges' user ids and values beside them, packed as big-endian
 * int4 and float8 in bytea. For the top-k bootstrap (features/top-k), which resamples judges: 600,000 values
 * cross to Node as 2,000 rows (node-pg took 255 ms of CPU to parse the same as int4[] and float8[]). Per
 * item, not per judge: the values are stored in item order, so grouping them per item reads the table in
 * its order (0.7 s at load 16, 6,000 pages), where grouping per judge visited a page per value (2.7 s,
 * 540,000 pages) or hashed 300 states of 20 KB. The caller keeps the items of the report (its tags) by id.
 */
export function itemValueArraysQuery(issueIds: number[], filters: ValueFilters = {}): SQL {
  return sql`WITH ${reportCtes(issueIds, filters)}
    SELECT v.issue_id, v.dataset_id, string_agg(int4send(v.user_id), ''::bytea) AS judges,
      string_agg(float8send(v.value::float8), ''::bytea) AS values
    FROM scored_values v
    WHERE v.value IS NOT NULL
    GROUP BY v.issue_id, v.dataset_id`;
}

/** The items of the selections (with any of the tags if some are given), by selection, ordered by id. */
export function itemIdArraysQuery(issueIds: number[], tags: string[] = []): SQL {
  return sql`WITH ${itemsCte(issueIds, tags)}
    SELECT issue_id, array_agg(dataset_id ORDER BY dataset_id) AS datasets FROM items GROUP BY issue_id`;
}

/**
 * The box plot of each named item of one selection: min, quartiles and max of its judges' values under the
 * report's filters (normalised values if asked). Asked only for the items on screen: sorting the values of
 * every item costs the whole report several times over (decision 55).
 */
export function distributionQuery(issueId: number, datasetIds: number[], filters: ValueFilters = {}): SQL {
  return sql`WITH ${reportCtes([issueId], filters)}
    SELECT dataset_id, q[1] AS min, q[2] AS q1, q[3] AS median, q[4] AS q3, q[5] AS max FROM (
      SELECT dataset_id,
        percentile_cont(ARRAY[0, 0.25, 0.5, 0.75, 1]::float8[]) WITHIN GROUP (ORDER BY value) AS q
      FROM scored_values
      WHERE issue_id = ${issueId} AND dataset_id IN (${idList(datasetIds)}) AND value IS NOT NULL
      GROUP BY dataset_id
    ) quartiles
    ORDER BY dataset_id`;
}

export async function selectItemValues(db: Db, issueIds: number[], filters: ValueFilters = {}) {
  const rows = await selectRows<Omit<ItemValueRow, 'criteria'> & { criteria: string }>(
    db,
    itemValuesQuery(issueIds, filters),
  );
  return rows.map((row): ItemValueRow => ({ ...row, criteria: JSON.parse(row.criteria) as ItemCriterion[] }));
}
