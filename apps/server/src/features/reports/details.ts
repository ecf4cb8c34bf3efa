import {
  REPORT_USERS_MAX,
  REPORT_VALUE_DECIMALS,
  type ReportDatasetDetails,
  type ReportJudge,
  type ReportSummaryUser,
  TOO_MANY_VOTERS,
} from '@shortlist/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { selectRows } from '../../db/raw-rows.ts';
import { datasets, issueAccesses, issueDatasets, issueSubmissions, users } from '../../db/schema/index.ts';
import { notFound, refusal } from '../../http/errors.ts';
import { judgesCte, judgeValuesCte } from '../../item-reads/judge-values.ts';
import { foldReportChanges } from './fold.ts';
import { countVoters, toIso } from './summary.ts';

type ResponsesOf = { datasetId: number } | { userId: number };

interface ResponseRow {
  user: ReportJudge;
  dataset_id: number;
  title: string;
  value: number | null;
  answers: ReportDatasetDetails['judges'][number]['answers'];
  comments: ReportDatasetDetails['judges'][number]['comments'];
  conflict: boolean;
}

/**
 * Each (judge, item) pair the judge may answer, for one item or one judge, with values and comments; a
 * pair with a conflict of interest is listed too, marked (docs/judging.md).
 */
async function selectResponses(
  ctx: AppContext,
  issue: IssueRow,
  of: ResponsesOf,
  onlyVerifiedEmails = false,
) {
  await foldReportChanges(ctx.db, [issue.id]);
  const only =
    'datasetId' in of ? sql`AND idt.dataset_id = ${of.datasetId}` : sql`AND j.user_id = ${of.userId}`;
  const decimals = sql.raw(String(REPORT_VALUE_DECIMALS));
  return selectRows<ResponseRow>(
    ctx.db,
    sql`WITH judges AS NOT MATERIALIZED (${judgesCte([issue.id], onlyVerifiedEmails)}),
      judge_values AS (${judgeValuesCte([issue.id])}),
      pairs AS (
        SELECT j.user_id, idt.dataset_id, ic.access_id IS NOT NULL AS conflict FROM judges j
        JOIN issue_datasets idt ON idt.issue_id = ${issue.id}
        LEFT JOIN issue_conflicts ic ON ic.access_id = j.access_id AND ic.dataset_id = idt.dataset_id
        WHERE (${issue.accessAllItems} OR ic.access_id IS NOT NULL OR EXISTS (
          SELECT 1 FROM issue_access_datasets iad WHERE iad.access_id = j.access_id AND iad.dataset_id = idt.dataset_id
        )) ${only}
      ),
      answers AS (
        SELECT ans.user_id, ans.dataset_id, jsonb_agg(jsonb_build_object(
          'question', ans.question_id, 'question_title', q.title, 'value', ans.value) ORDER BY q.id) AS list
        FROM issue_answers ans JOIN pairs p ON p.user_id = ans.user_id AND p.dataset_id = ans.dataset_id
        LEFT JOIN issue_questions q ON q.id = ans.question_id
        WHERE ans.issue_id = ${issue.id} GROUP BY ans.user_id, ans.dataset_id
      ),
      comments AS (
        SELECT c.user_id, c.dataset_id, jsonb_agg(jsonb_build_object(
          'question', c.question_id, 'question_title', q.title, 'content', c.content, 'shared', c.shared,
          'create_time', c.create_time) ORDER BY q.id NULLS FIRST) AS list
        FROM issue_comments c JOIN pairs p ON p.user_id = c.user_id AND p.dataset_id = c.dataset_id
        LEFT JOIN issue_questions q ON q.id = c.question_id
        WHERE c.issue_id = ${issue.id} GROUP BY c.user_id, c.dataset_id
      )
      SELECT jsonb_build_object('id', u.id, 'email', u.email, 'first_name', u.first_name,
          'last_name', u.last_name, 'email_verification_status', u.email_verification_status) AS user,
        p.dataset_id, d.title, round(jv.value::numeric, ${decimals})::float8 AS value,
        coalesce(a.list, '[]'::jsonb) AS answers, coalesce(c.list, '[]'::jsonb) AS comments, p.conflict
      FROM pairs p
      JOIN users u ON u.id = p.user_id
      JOIN datasets d ON d.id = p.dataset_id
      LEFT JOIN judge_values jv ON jv.user_id = p.user_id AND jv.dataset_id = p.dataset_id
      LEFT JOIN answers a ON a.user_id = p.user_id AND a.dataset_id = p.dataset_id
      LEFT JOIN comments c ON c.user_id = p.user_id AND c.dataset_id = p.dataset_id
      ORDER BY jv.value DESC NULLS LAST, lower(u.email), lower(d.title), p.dataset_id`,
  );
}

/** The item drawer: each judge who may answer the item, with their value, answers and comments. */
export async function getDatasetDetails(
  ctx: AppContext,
  {
    issue,
    datasetId,
    onlyVerifiedEmails,
  }: { issue: IssueRow; datasetId: number; onlyVerifiedEmails?: boolean },
): Promise<ReportDatasetDetails> {
  const [item] = await ctx.db
    .select({ title: datasets.title })
    .from(issueDatasets)
    .innerJoin(datasets, eq(datasets.id, issueDatasets.datasetId))
    .where(and(eq(issueDatasets.issueId, issue.id), eq(issueDatasets.datasetId, datasetId)));
  if (!item) throw notFound();
  const rows = await selectResponses(ctx, issue, { datasetId }, onlyVerifiedEmails);
  return {
    dataset_id: datasetId,
    title: item.title,
    judges: rows.map(({ user, value, answers, comments, conflict }) => ({
      user,
      value,
      answers,
      comments,
      conflict,
    })),
  };
}

/** One judge's report: each item they may answer. Refused above 100 voters, like the Judges sub-tab. */
export async function getUserReport(
  ctx: AppContext,
  { issue, userId }: { issue: IssueRow; userId: number },
): Promise<ReportSummaryUser> {
  if ((await countVoters(ctx, issue.id)) > REPORT_USERS_MAX) {
    throw refusal(TOO_MANY_VOTERS, 'Results per judge are unavailable above 100 voters.');
  }
  const [judge] = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      first_name: users.firstName,
      last_name: users.lastName,
      email_verification_status: users.emailVerificationStatus,
      submitted_at: issueSubmissions.updateTime,
    })
    .from(issueAccesses)
    .innerJoin(users, eq(users.id, issueAccesses.userId))
    .leftJoin(
      issueSubmissions,
      and(eq(issueSubmissions.issueId, issue.id), eq(issueSubmissions.userId, issueAccesses.userId)),
    )
    .where(and(eq(issueAccesses.issueId, issue.id), eq(issueAccesses.userId, userId)));
  if (!judge) throw notFound();
  const rows = await selectResponses(ctx, issue, { userId });
  const { submitted_at, ...user } = judge;
  return {
    user,
    submitted_at: toIso(submitted_at),
    datasets: rows.map(({ dataset_id, title, value, answers, comments, conflict }) => ({
      dataset_id,
      title,
      value,
      answers,
      comments,
      conflict,
    })),
  };
}
