import { type SQL, sql } from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { Db } from '../../db/client.ts';
import { idList, selectRows } from '../../db/raw-rows.ts';
import { judgesCte, judgeValuesCte, type ValueFilters } from '../../item-reads/judge-values.ts';

/** The report's filters that the agreement follows: its judges (verified e-mails only) and criteria. */
export type AgreementFilters = Pick<ValueFilters, 'criteria' | 'onlyVerifiedEmails'>;

/** The selection's judges under the filters (`access_id, issue_id, user_id`), as the report's CTE `judges`. */
const judgesOf = (issue: IssueRow, filters: AgreementFilters) =>
  sql`judges AS (${judgesCte([issue.id], filters.onlyVerifiedEmails)})`;

/** Only the items of one part of the selection (`itemParts`), or all of them. */
const onlyItems = (column: SQL, datasetIds?: number[]) =>
  datasetIds ? sql`AND ${column} IN (${idList(datasetIds)})` : sql``;

/** Rating criteria to keep: those given, or every one. */
const criteriaOf = (filters: AgreementFilters, column: SQL) =>
  filters.criteria?.length ? sql`AND ${column} IN (${idList(filters.criteria)})` : sql``;

/**
 * Each judge's value per item, as a CTE body (`dataset_id, user_id, value`), of the judges of the CTE
 * `judges`: the data whose agreement is measured (decision "Agreement between judges").
 * - Ratings: the judge's value as the report ranks on it (`judgeValuesCte`): the stored weighted mean of
 *   the criteria, or of the criteria kept.
 * - Picks and tokens: every item a judge who submitted could answer (access, no conflict) has a value:
 *   1 / 0 picked or not (a stored 0 is not a pick), or the tokens given (0 if none). An item left unpicked is a judgement too.
 */
function judgeItemValues(issue: IssueRow, filters: AgreementFilters, datasetIds?: number[]): SQL {
  if (issue.resourcetype === 'RatingIssue') {
    return sql`SELECT v.dataset_id, v.user_id, v.value::float8 AS value
      FROM (${judgeValuesCte([issue.id], filters.criteria, datasetIds)}) v
      WHERE v.value IS NOT NULL`;
  }
  const value =
    issue.resourcetype === 'SelectionIssue'
      ? sql`CASE WHEN coalesce(bool_or(ans.value = 1), false) THEN 1 ELSE 0 END::float8`
      : sql`coalesce(sum(ans.value), 0)::float8`;
  return sql`SELECT s.dataset_id, s.user_id, ${value} AS value
    FROM (
      SELECT a.user_id, idt.dataset_id
      FROM judges j
      JOIN issue_accesses a ON a.id = j.access_id
      JOIN issue_submissions sub ON sub.issue_id = a.issue_id AND sub.user_id = a.user_id
      JOIN issue_datasets idt ON idt.issue_id = a.issue_id
      WHERE a.issue_id = ${issue.id} ${onlyItems(sql`idt.dataset_id`, datasetIds)}
        AND (${issue.accessAllItems} OR EXISTS (
          SELECT 1 FROM issue_access_datasets iad WHERE iad.access_id = a.id AND iad.dataset_id = idt.dataset_id))
        AND NOT EXISTS (
          SELECT 1 FROM issue_conflicts ic WHERE ic.access_id = a.id AND ic.dataset_id = idt.dataset_id)
    ) s
    LEFT JOIN issue_answers ans ON ans.issue_id = ${issue.id} AND ans.user_id = s.user_id AND ans.dataset_id = s.dataset_id
    GROUP BY s.dataset_id, s.user_id`;
}

/** One item two or more judges valued: number of values, their sum and sum of squares. */
export interface UnitSums {
  m: number;
  s1: number;
  s2: number;
}
/** A unit of one criterion. */
export interface CriterionUnitSums extends UnitSums {
  question_id: number;
}
/**
 * One judge's sums over the items they share with another judge, `o` being the others' mean there (the
 * leave-one-out consensus): n, Σv, Σo, Σv², Σo², Σvo. All null for a judge who shares none.
 */
export interface JudgeSums {
  user_id: number;
  n: number;
  sv: number | null;
  so: number | null;
  svv: number | null;
  soo: number | null;
  svo: number | null;
}

/**
 * The pairable values of the selection summed per item (`units`) and each judge's sums against the
 * leave-one-out consensus (`judges`, every judge of the selection), in one statement over the values of
 * the items `datasetIds` (all when absent).
 */
export async function selectAgreementSums(
  db: Db,
  issue: IssueRow,
  filters: AgreementFilters,
  datasetIds?: number[],
) {
  const rows = await selectRows<{ unit: boolean; user_id: number | null } & Omit<JudgeSums, 'user_id'>>(
    db,
    sql`WITH ${judgesOf(issue, filters)},
      values AS MATERIALIZED (${judgeItemValues(issue, filters, datasetIds)}),
      units AS MATERIALIZED (
        SELECT dataset_id, count(*)::int AS m, sum(value) AS s1, sum(value * value) AS s2
        FROM values GROUP BY dataset_id HAVING count(*) >= 2
      ),
      judge_sums AS (
        SELECT v.user_id, count(*)::int AS n, sum(v.value) AS sv, sum(o.o) AS so, sum(v.value * v.value) AS svv,
          sum(o.o * o.o) AS soo, sum(v.value * o.o) AS svo
        FROM values v JOIN units u ON u.dataset_id = v.dataset_id
        CROSS JOIN LATERAL (SELECT (u.s1 - v.value) / (u.m - 1) AS o) o
        GROUP BY v.user_id
      )
      SELECT true AS unit, dataset_id, NULL::int AS user_id, m AS n, s1 AS sv, s2 AS svv,
        NULL::float8 AS so, NULL::float8 AS soo, NULL::float8 AS svo
      FROM units
      UNION ALL
      SELECT false, NULL, a.user_id, coalesce(js.n, 0), js.sv, js.svv, js.so, js.soo, js.svo
      FROM judges a LEFT JOIN judge_sums js ON js.user_id = a.user_id
      -- The units in the items' order: the bootstrap draws them by place, so its interval must not
      -- depend on the plan's order of the groups.
      ORDER BY unit DESC, dataset_id`,
  );
  const units: UnitSums[] = [];
  const judges: JudgeSums[] = [];
  for (const { unit, user_id, n, sv, svv, so, soo, svo } of rows) {
    if (unit) units.push({ m: n, s1: sv ?? 0, s2: svv ?? 0 });
    else judges.push({ user_id: user_id as number, n, sv, so, svv, soo, svo });
  }
  return { units, judges };
}

/** Rating selections: each criterion's items (of `datasetIds`, or all) that two or more judges rated, summed. */
export async function selectCriterionSums(
  db: Db,
  issue: IssueRow,
  filters: AgreementFilters,
  datasetIds?: number[],
): Promise<CriterionUnitSums[]> {
  if (issue.resourcetype !== 'RatingIssue') return [];
  return selectRows<CriterionUnitSums>(
    db,
    sql`WITH ${judgesOf(issue, filters)}
      SELECT ans.question_id, count(*)::int AS m, sum(ans.value)::float8 AS s1,
        sum(ans.value * ans.value)::float8 AS s2
      FROM issue_answers ans
      JOIN judges j ON j.issue_id = ans.issue_id AND j.user_id = ans.user_id
      WHERE ans.issue_id = ${issue.id} AND ans.question_id IS NOT NULL ${criteriaOf(filters, sql`ans.question_id`)}
        ${onlyItems(sql`ans.dataset_id`, datasetIds)}
      GROUP BY ans.question_id, ans.dataset_id
      HAVING count(*) >= 2`,
  );
}

/** The selection's criteria (those kept), in their order (each gets an entry, α null when no item is shared). */
export async function selectCriteria(db: Db, issue: IssueRow, filters: AgreementFilters): Promise<number[]> {
  if (issue.resourcetype !== 'RatingIssue') return [];
  const rows = await selectRows<{ id: number }>(
    db,
    sql`SELECT id FROM issue_questions WHERE issue_id = ${issue.id} ${criteriaOf(filters, sql`id`)} ORDER BY id`,
  );
  return rows.map((row) => row.id);
}
