import { type SQL, sql } from 'drizzle-orm';
import { idList } from '../db/raw-rows.ts';

// Each judge's value per item, the one reading that reports, agreement, the top k, ranked ballots, merges
// and rounds share: stored by the report's triggers, or recomputed from the answers of chosen criteria.

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

export const criteriaFilterOf = (criteria: number[]) =>
  criteria.length > 0
    ? sql`AND (ans.question_id IS NULL OR ans.question_id IN (${idList(criteria)}))`
    : sql``;

/** A rating judge's weighted mean of the criteria answered; tokens and picks: the judge's total. */
export const judgeValue = (resourcetype: SQL, weightedSum: SQL, weightSum: SQL, total: SQL) =>
  sql`CASE WHEN ${resourcetype} = 'RatingIssue' THEN ${weightedSum} / nullif(${weightSum}, 0) ELSE ${total} END`;

/** Text selections: each judge's number of comments per item, in the shape of `judgeValuesCte`. */
export function commentCountsSql(issueIds: number[], datasetFilter: SQL = sql``): SQL {
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
export function storedJudgeValuesSql(
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
