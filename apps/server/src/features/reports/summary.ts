import {
  REPORT_USERS_MAX,
  type ReportDistribution,
  type ReportDistributions,
  type ReportFilters,
  type ReportSummary,
  type ReportUser,
} from '@shortlist/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { jsonArrayText, jsonMembersText, jsonNumber, jsonValue } from '../../db/json-text.ts';
import { selectRows } from '../../db/raw-rows.ts';
import { issueSubmissions } from '../../db/schema/index.ts';
import { distributionQuery, itemValuesQuery, readsCriterionFigures } from '../../item-reads/item-values.ts';
import { judgesCte } from '../../item-reads/judge-values.ts';
import { criterionFiguresStale, refreshCriterionFigures } from './criterion-figures.ts';
import { foldReportChanges, foldSelection, hasPendingChanges } from './fold.ts';
import { normalisedFiguresStale, refreshNormalisedFigures } from './normalised-figures.ts';

/** The filters of the wire, as the values query takes them. */
export function toValueFilters(filters: ReportFilters) {
  return {
    criteria: filters.criteria,
    onlyVerifiedEmails: filters.only_verified_emails,
    tags: filters.tags,
    normalised: filters.normalised,
    perCriterion: filters.per_criterion,
  };
}

/**
 * An item's figures in the reply: those the fold wrote as JSON text for the default view (decision 84), or
 * formatted here from the values query's row.
 */
const figuresText = sql`coalesce(r.figures, ${jsonMembersText({
  value: jsonNumber(sql`r.value`),
  nb_answers: jsonNumber(sql`r.nb_answers`),
  criteria: sql`r.criteria`,
  stdev: jsonNumber(sql`r.stdev`),
  range: jsonNumber(sql`r.range`),
})})`;

/** One item of a report_summary reply (`reportDatasetSchema`) as JSON text, from a row of the values query. */
const datasetText = sql`('{' || ${jsonMembersText({
  dataset_id: jsonNumber(sql`r.dataset_id`),
  title: jsonValue(sql`r.title`),
  tagsArray: jsonValue(sql`r.tags`),
  nb_accessors: jsonNumber(sql`r.nb_accessors`),
  // A rating nobody gave has no rank (issue 27); the query still orders it last.
  rank: jsonNumber(sql`CASE WHEN r.value IS NOT NULL THEN r.rank END`),
  rank_shift: jsonNumber(sql`CASE WHEN r.raw_judges IS NOT NULL THEN r.raw_rank - r.rank END`),
})} || ',' || ${figuresText} || '}')`;

/**
 * The `datasets` of a report_summary reply and its `raw_judges`, built as JSON text in SQL: a 2,000-item
 * report then costs Node one string, not 2,000 rows to parse, map, validate and serialise again (about
 * 300 ms, decision 51). Rows in the ranking's order.
 */
function reportJsonQuery(issueId: number, filters: ReportFilters) {
  const valueFilters = toValueFilters(filters);
  const storedCriterionFigures = readsCriterionFigures(valueFilters);
  return sql`SELECT ${jsonArrayText(datasetText, sql`r.rank, lower(r.title), r.dataset_id`)} AS datasets,
      coalesce(max(r.raw_judges), '{}') AS raw_judges, max(r.max_value) AS judge_value_max
    FROM (${itemValuesQuery([issueId], valueFilters, { reply: true, storedCriterionFigures })}) r`;
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
      selection_items AS (SELECT count(*)::int AS n FROM issue_datasets WHERE issue_id = ${issue.id}),
      -- The items a judge answered are their stored values' (one per item answered, decision 37), whose
      -- number the triggers keep with the judge's statistics (migration 0022): one row a judge, and the
      -- answers or values of a large selection are never read. Plus the items they only commented: each
      -- comment looks its value up by key (OFFSET 0 keeps it a lookup; as an anti join PGlite hashed
      -- the selection's 120,000 values for 2,400 comments), except a judge's with a value for every item,
      -- whose comments are all on items with one (comments and values go with the item). In a rating
      -- selection a comment answers nothing: an item is answered once rated, as on the judge's page
      -- (ratingStates of the contract; a submission refuses partly rated items).
      answered AS (
        SELECT user_id, sum(n)::int AS n FROM (
          SELECT user_id, nb_items AS n FROM report_judge_stats WHERE issue_id = ${issue.id}
          UNION ALL
          SELECT c.user_id, count(DISTINCT c.dataset_id) FROM issue_comments c
          WHERE c.issue_id = ${issue.id} AND ${issue.resourcetype !== 'RatingIssue'} AND c.user_id NOT IN (
            SELECT user_id FROM report_judge_stats WHERE issue_id = ${issue.id}
              AND nb_items >= (SELECT n FROM selection_items)
          ) AND NOT EXISTS (
            SELECT 1 FROM report_judge_values v
            WHERE v.issue_id = c.issue_id AND v.dataset_id = c.dataset_id AND v.user_id = c.user_id OFFSET 0
          )
          GROUP BY c.user_id
        ) responses GROUP BY user_id
      ),
      subsets AS (
        SELECT j.access_id, count(*)::int AS n
        FROM judges j JOIN issue_access_datasets iad ON iad.access_id = j.access_id GROUP BY j.access_id
      )
      SELECT u.id, u.email, u.first_name, u.last_name, u.email_verification_status,
        s.update_time AS submitted_at, coalesce(an.n, 0) AS nb_answered,
        CASE WHEN ${issue.accessAllItems} THEN (SELECT n FROM selection_items) ELSE coalesce(sb.n, 0) END AS nb_accessible
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

/**
 * The report tab as the JSON text of `reportSummarySchema`: the ranked items, and the judges unless there
 * are too many voters to list. The route sends it as is.
 */
export async function getReportSummaryJson(
  ctx: AppContext,
  { issue, filters }: { issue: IssueRow; filters: ReportFilters },
): Promise<string> {
  // The voters and whether changes wait to be folded, in one statement: a read costs its round trips.
  // Normalised, whether the stored figures it reads (per judge, or per judge and criterion) are current
  // too: the raw report waits for neither.
  const perCriterion = readsCriterionFigures(toValueFilters(filters));
  const perJudge = filters.normalised && !perCriterion;
  const [state] = await selectRows<{ nb_voters: number; pending: boolean; stale: boolean }>(
    ctx.db,
    sql`SELECT (SELECT count(*)::int FROM issue_submissions WHERE issue_id = ${issue.id}) AS nb_voters,
      ${hasPendingChanges(issue.id)} AS pending,
      ${perCriterion ? criterionFiguresStale(issue.id) : perJudge ? normalisedFiguresStale(issue.id) : sql`false`} AS stale`,
  );
  if (state?.pending) await foldSelection(ctx.db, issue.id);
  if (perCriterion && (state?.pending || state?.stale)) await refreshCriterionFigures(ctx.db, issue.id);
  if (perJudge && (state?.pending || state?.stale)) await refreshNormalisedFigures(ctx.db, issue.id);
  const nbVoters = state?.nb_voters ?? 0;
  const judgesDisabled = nbVoters > REPORT_USERS_MAX;
  // The ranking and the judges side by side: two connections of the pool on PostgreSQL; on the embedded
  // engine each statement in a turn of the event loop of its own (db/pglite-turns.ts).
  const [[report], users] = await Promise.all([
    selectRows<{ datasets: string; raw_judges: number[]; judge_value_max: number | null }>(
      ctx.db,
      reportJsonQuery(issue.id, filters),
    ),
    judgesDisabled ? [] : listReportUsers(ctx, issue, filters.only_verified_emails),
  ]);
  const rest: Omit<ReportSummary, 'datasets'> = {
    users,
    nb_voters: nbVoters,
    judges_disabled: judgesDisabled,
    raw_judges: report?.raw_judges ?? [],
    judge_value_max: report?.judge_value_max ?? null,
  };
  return `{"datasets":${report?.datasets ?? '[]'},${JSON.stringify(rest).slice(1)}`;
}

/** The box plots of the items on screen, under the report's filters. */
export async function getReportDistributions(
  ctx: AppContext,
  { issue, datasetIds, filters }: { issue: IssueRow; datasetIds: number[]; filters: ReportFilters },
): Promise<ReportDistributions> {
  // The box plots read the judges' values, not the stored normalised figures.
  await foldReportChanges(ctx.db, [issue.id], { normalised: false });
  const distributions = await selectRows<ReportDistribution>(
    ctx.db,
    distributionQuery(issue.id, datasetIds, toValueFilters(filters)),
  );
  return { distributions };
}
