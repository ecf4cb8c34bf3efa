import {
  REPORT_USERS_MAX,
  type ReportDataset,
  type ReportFilters,
  type ReportSummary,
  type ReportUser,
} from '@shortlist/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { issueSubmissions } from '../../db/schema.ts';
import type { IssueRow } from '../selections/access.ts';
import { type ItemValueRow, judgesCte, selectItemValues, selectRows } from './item-values.ts';

/** The filters of the wire, as the values query takes them. */
export function toValueFilters(filters: ReportFilters) {
  return {
    criteria: filters.criteria,
    onlyVerifiedEmails: filters.only_verified_emails,
    tags: filters.tags,
    normalised: filters.normalised,
  };
}

export function toReportDataset(row: ItemValueRow): ReportDataset {
  const [min, q1, median, q3, max] = row.quartiles ?? [];
  return {
    dataset_id: row.dataset_id,
    title: row.title,
    tagsArray: row.tags,
    value: row.value,
    nb_answers: row.nb_answers,
    nb_accessors: row.nb_accessors,
    rank: row.rank,
    criteria: row.criteria,
    distribution:
      min === undefined || q1 === undefined || median === undefined || q3 === undefined || max === undefined
        ? null
        : { min, q1, median, q3, max },
    stdev: row.stdev,
    range: row.range,
    rank_shift: row.raw_judges === null ? null : row.raw_rank - row.rank,
  };
}

export async function countVoters(ctx: AppContext, issueId: number) {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(issueSubmissions)
    .where(eq(issueSubmissions.issueId, issueId));
  return row?.n ?? 0;
}

type UserRow = Omit<ReportUser, 'submitted_at'> & { submitted_at: Date | string | null };

/** Every judge with when they last submitted, how many items they answered and could answer. */
async function listReportUsers(ctx: AppContext, issue: IssueRow, onlyVerifiedEmails = false) {
  const rows = await selectRows<UserRow>(
    ctx.db,
    sql`WITH judges AS NOT MATERIALIZED (${judgesCte([issue.id], onlyVerifiedEmails)}),
      answered AS (
        SELECT user_id, count(DISTINCT dataset_id)::int AS n FROM (
          SELECT user_id, dataset_id FROM issue_answers WHERE issue_id = ${issue.id}
          UNION ALL SELECT user_id, dataset_id FROM issue_comments WHERE issue_id = ${issue.id}
        ) responses GROUP BY user_id
      ),
      subsets AS (
        SELECT j.access_id, count(*)::int AS n
        FROM judges j JOIN issue_access_datasets iad ON iad.access_id = j.access_id GROUP BY j.access_id
      )
      SELECT u.id, u.email, u.first_name, u.last_name, u.email_verification_status,
        s.update_time AS submitted_at, coalesce(an.n, 0) AS nb_answered,
        CASE WHEN ${issue.accessAllItems}
          THEN (SELECT count(*)::int FROM issue_datasets WHERE issue_id = ${issue.id})
          ELSE coalesce(sb.n, 0) END AS nb_accessible
      FROM judges j
      JOIN users u ON u.id = j.user_id
      LEFT JOIN issue_submissions s ON s.issue_id = ${issue.id} AND s.user_id = j.user_id
      LEFT JOIN answered an ON an.user_id = j.user_id
      LEFT JOIN subsets sb ON sb.access_id = j.access_id
      ORDER BY s.update_time DESC NULLS LAST, lower(u.email)`,
  );
  return rows.map((row) => ({ ...row, submitted_at: toIso(row.submitted_at) }));
}

export function toIso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** The report tab: the ranked items, and the judges unless there are too many voters to list. */
export async function getReportSummary(
  ctx: AppContext,
  { issue, filters }: { issue: IssueRow; filters: ReportFilters },
): Promise<ReportSummary> {
  const [rows, nbVoters] = await Promise.all([
    selectItemValues(ctx.db, [issue.id], toValueFilters(filters)),
    countVoters(ctx, issue.id),
  ]);
  const judgesDisabled = nbVoters > REPORT_USERS_MAX;
  return {
    datasets: rows.map(toReportDataset),
    users: judgesDisabled ? [] : await listReportUsers(ctx, issue, filters.only_verified_emails),
    nb_voters: nbVoters,
    judges_disabled: judgesDisabled,
    raw_judges: rows[0]?.raw_judges ?? [],
  };
}
