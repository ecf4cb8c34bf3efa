// Test support: the report query as it was before the stored aggregates (issue 14), recomputing every
// value from the answers on each call. Kept unchanged as the oracle that the property test compares the
// reports read from the stored aggregates with; it serves no request.
import {
  NORMALISE_MIN_RATINGS,
  REPORT_VALUE_DECIMALS,
  type ReportDataset,
  type ReportDistribution,
} from '@shortlist/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idList, selectRows } from '../../db/raw-rows.ts';
import type { ItemValueRow } from '../../item-reads/item-values.ts';
import { judgesCte, type ValueFilters } from '../../item-reads/judge-values.ts';

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
 * Each judge's value per item, as a CTE body over `judges`. Rating: the weighted mean of the judge's
 * chosen criteria (criteria left unanswered are left out of the mean); tokens and picks: the judge's
 * total; text: the judge's number of comments.
 */
export function oracleJudgeValuesCte(
  issueIds: number[],
  criteria: number[] = [],
  datasetIds?: number[],
): SQL {
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
 * The report of one or more selections in ONE aggregate query: per item its value (rating: mean over
 * judges of their weighted means; tokens: total; picks: number of picks; text: number of comments),
 * how many judges answered and could answer it, per-criterion averages, quartiles of the judges' values,
 * and the competition rank (1, 2, 2, 4) on the value rounded to 3 decimals, descending, no value last.
 * A rating nobody gave has no value; tokens, picks and comments nobody gave count 0.
 */
export function oracleItemValuesQuery(issueIds: number[], filters: ValueFilters = {}): SQL {
  const { criteria = [], tags = [] } = filters;
  const tagFilter =
    tags.length > 0
      ? sql`AND d.tags && ARRAY[${sql.join(
          tags.map((tag) => sql`${tag}`),
          sql`, `,
        )}]::text[]`
      : sql``;
  const decimals = sql.raw(String(REPORT_VALUE_DECIMALS));
  // One pass over the answers: per judge (their value) and per criterion (its average) together.
  return sql`WITH judges AS NOT MATERIALIZED (${judgesCte(issueIds, filters.onlyVerifiedEmails)}),
    answer_groups AS (
      SELECT ans.issue_id, ans.dataset_id, ans.user_id, ans.question_id,
        GROUPING(ans.user_id) AS per_criterion, max(i.resourcetype) AS resourcetype,
        sum(ans.value * coalesce(q.weight, 1)) AS weighted_sum, sum(coalesce(q.weight, 1)) AS weight_sum,
        sum(ans.value) AS total, avg(ans.value) AS average, count(*)::int AS nb_answers
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
    items AS (
      SELECT idt.issue_id, d.id AS dataset_id, d.title, d.tags
      FROM issue_datasets idt JOIN datasets d ON d.id = idt.dataset_id
      WHERE idt.issue_id IN (${idList(issueIds)}) ${tagFilter}
    ),
    item_values AS (
      SELECT issue_id, dataset_id, count(*)::int AS nb_answers, avg(value) AS mean, sum(value) AS total,
        percentile_cont(ARRAY[0, 0.25, 0.5, 0.75, 1]::float8[]) WITHIN GROUP (ORDER BY value) AS quartiles
      FROM judge_values GROUP BY issue_id, dataset_id
    ),
    criterion_values AS (
      SELECT issue_id, dataset_id,
        jsonb_agg(jsonb_build_object('question', question_id,
          'average', round(average::numeric, ${decimals})::float8, 'nb_answers', nb_answers)
          ORDER BY question_id) AS criteria
      FROM answer_groups WHERE per_criterion = 1 AND question_id IS NOT NULL
      GROUP BY issue_id, dataset_id
    ),
    judge_counts AS (SELECT issue_id, count(*)::int AS n FROM judges GROUP BY issue_id),
    subset_counts AS (
      SELECT j.issue_id, iad.dataset_id, count(*)::int AS n
      FROM judges j JOIN issue_access_datasets iad ON iad.access_id = j.access_id
      GROUP BY j.issue_id, iad.dataset_id
    ),
    scored AS (
      SELECT it.issue_id, it.dataset_id, it.title, it.tags,
        round((CASE WHEN i.resourcetype = 'RatingIssue' THEN iv.mean ELSE coalesce(iv.total, 0) END)::numeric,
          ${decimals})::float8 AS value,
        coalesce(iv.nb_answers, 0) AS nb_answers,
        coalesce(CASE WHEN i.access_all_items THEN jc.n ELSE sc.n END, 0) AS nb_accessors,
        coalesce(cv.criteria, '[]'::jsonb) AS criteria,
        iv.quartiles
      FROM items it
      JOIN issues i ON i.id = it.issue_id
      LEFT JOIN item_values iv ON iv.issue_id = it.issue_id AND iv.dataset_id = it.dataset_id
      LEFT JOIN criterion_values cv ON cv.issue_id = it.issue_id AND cv.dataset_id = it.dataset_id
      LEFT JOIN judge_counts jc ON jc.issue_id = it.issue_id
      LEFT JOIN subset_counts sc ON sc.issue_id = it.issue_id AND sc.dataset_id = it.dataset_id
    )
    SELECT *, rank() OVER (PARTITION BY issue_id ORDER BY value DESC NULLS LAST)::int AS rank
    FROM scored
    ORDER BY issue_id, rank, lower(title), dataset_id`;
}

/** A row of the oracle: the quartiles of the box plot, which the report itself no longer computes. */
export type OracleRow = ItemValueRow & { quartiles: number[] | null };

/** The oracle's quartiles of an item in the shape of `report_distribution`; null where it has no value. */
export function toDistribution(row: OracleRow): ReportDistribution | null {
  const [min, q1, median, q3, max] = row.quartiles ?? [];
  if (
    min === undefined ||
    q1 === undefined ||
    median === undefined ||
    q3 === undefined ||
    max === undefined
  ) {
    return null;
  }
  return { dataset_id: row.dataset_id, min, q1, median, q3, max };
}

/** A row of the values query in the reply's shape, mapped in JS: the oracle of the JSON built in SQL. */
export function toReportDataset(row: ItemValueRow): ReportDataset {
  return {
    dataset_id: row.dataset_id,
    title: row.title,
    tagsArray: row.tags,
    value: row.value,
    nb_answers: row.nb_answers,
    nb_accessors: row.nb_accessors,
    // The reply's shape: a rating nobody gave has no rank.
    rank: row.value === null ? null : row.rank,
    criteria: row.criteria,
    stdev: row.stdev,
    range: row.range,
    rank_shift: row.raw_judges === null ? null : row.raw_rank - row.rank,
  };
}

/** One rating answer of a current judge, with its criterion's weight (1 without criteria). */
export interface OracleAnswer {
  dataset: number;
  user: number;
  question: number | null;
  value: number;
  weight: number;
}

const meanOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const sdOf = (values: number[]) => {
  const mean = meanOf(values);
  return Math.sqrt(meanOf(values.map((value) => (value - mean) ** 2)));
};

/**
 * The report's per-judge-and-criterion correction recomputed in plain TypeScript from the answers
 * (docs/judging.md, "Per criterion"): each item's unrounded normalised mean, and the judges left raw on some
 * criterion. The property test compares `normalised=true&per_criterion=true` with it.
 */
export function oracleCriterionNormalised(
  answers: OracleAnswer[],
  scale: { min: number | null; max: number | null },
  minRatings: number,
): { items: Map<number, number>; rawJudges: number[] } {
  const byKey = <T>(rows: T[], key: (row: T) => string) => {
    const groups = new Map<string, T[]>();
    for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
    return groups;
  };
  const criterionOf = (answer: OracleAnswer) => String(answer.question);
  const judgeCriterion = byKey(answers, (answer) => `${answer.user}/${criterionOf(answer)}`);
  const criterion = byKey(answers, criterionOf);
  const rawJudges = new Set<number>();
  const mapped = answers.map((answer) => {
    const own = (judgeCriterion.get(`${answer.user}/${criterionOf(answer)}`) ?? []).map((row) => row.value);
    const all = (criterion.get(criterionOf(answer)) ?? []).map((row) => row.value);
    const sd = sdOf(own);
    if (own.length < minRatings || sd === 0) {
      rawJudges.add(answer.user);
      return { ...answer, mapped: answer.value };
    }
    let value = meanOf(all) + ((answer.value - meanOf(own)) / sd) * sdOf(all);
    if (scale.max !== null) value = Math.min(scale.max, value);
    if (scale.min !== null) value = Math.max(scale.min, value);
    return { ...answer, mapped: value };
  });
  const items = new Map<number, number>();
  for (const [, rows] of byKey(mapped, (row) => String(row.dataset))) {
    const judges = [...byKey(rows, (row) => String(row.user)).values()].map(
      (own) =>
        own.reduce((sum, row) => sum + row.mapped * row.weight, 0) /
        own.reduce((sum, row) => sum + row.weight, 0),
    );
    items.set((rows[0] as OracleAnswer).dataset, meanOf(judges));
  }
  return { items, rawJudges: [...rawJudges].sort((a, b) => a - b) };
}

/**
 * `oracleCriterionNormalised` of one rating selection read from its current judges' answers: each valued
 * item as [dataset id, value rounded as the report rounds it] by id, and the judges left raw.
 */
export async function oracleCriterionNormalisedOf(db: Db, issueId: number, { onlyVerified = false } = {}) {
  const answers = await selectRows<OracleAnswer>(
    db,
    sql`SELECT ans.dataset_id AS dataset, ans.user_id AS "user", ans.question_id AS question, ans.value,
        coalesce(q.weight, 1) AS weight
      FROM issue_answers ans
      JOIN issue_accesses a ON a.issue_id = ans.issue_id AND a.user_id = ans.user_id
      JOIN users u ON u.id = a.user_id
      LEFT JOIN issue_questions q ON q.id = ans.question_id
      WHERE ans.issue_id = ${issueId} ${onlyVerified ? sql`AND u.email_verification_status = 'ver'` : sql``}`,
  );
  const [scale] = await selectRows<{ min: number | null; max: number | null }>(
    db,
    sql`SELECT min_rating AS min, max_rating AS max FROM issues WHERE id = ${issueId}`,
  );
  const { items, rawJudges } = oracleCriterionNormalised(
    answers,
    scale ?? { min: null, max: null },
    NORMALISE_MIN_RATINGS,
  );
  const values = [...items]
    .map(([dataset, value]): [number, number] => [dataset, Number(value.toFixed(REPORT_VALUE_DECIMALS))])
    .sort((a, b) => a[0] - b[0]);
  return { values, rawJudges };
}
