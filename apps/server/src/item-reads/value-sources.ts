import { type SQL, sql } from 'drizzle-orm';
import { jsonArrayText, jsonNumber, jsonObjectText } from '../db/json-text.ts';
import { idList } from '../db/raw-rows.ts';
import { rounded, sqrtOfVariance } from '../db/report-figures.ts';
import { commentCountsSql, criteriaFilterOf, judgeValue, storedJudgeValuesSql } from './judge-values.ts';

// Where a report's values come from: the stored aggregates or the answers of chosen criteria, raw or
// normalised for judge bias (per judge, or per judge and criterion); CTEs that `reportCtes` assembles.

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
export function storedSources(issueIds: number[], onlyVerifiedEmails = false): SQL {
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
export function answerSources(issueIds: number[], criteria: number[]): SQL {
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
export function normalisedValues(
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
export function criterionNormalisedValues(issueIds: number[], criteria: number[]): SQL {
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
