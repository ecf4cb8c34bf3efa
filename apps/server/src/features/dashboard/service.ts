import {
  DASHBOARD_COMMENTS_PREVIEW,
  DASHBOARD_LIST_SIZE,
  type DashboardData,
  type UsageData,
} from '@shortlist/contract';
import { and, desc, eq, gte, isNotNull, lt, notExists, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import {
  dataModels,
  datasets,
  formSubmissions,
  intakeForms,
  issueComments,
  issueMerges,
  issueSubmissions,
  issues,
  teams,
  users,
} from '../../db/schema/index.ts';

type RecentEntry = DashboardData['recently_updated'][number];
interface Titled {
  id: number;
  title: string;
  updateTime: Date;
}

/** The admin's landing page: what changed lately and who answered lately, newest first. */
export async function readDashboard(ctx: AppContext, teamId: number): Promise<DashboardData> {
  const [recent, formAnswers, judgeAnswers] = await Promise.all([
    readRecentlyUpdated(ctx, teamId),
    readLatestFormSubmissions(ctx, teamId),
    readLatestIssueSubmissions(ctx, teamId),
  ]);
  return {
    recently_updated: recent,
    latest_form_submissions: formAnswers,
    latest_issue_submissions: judgeAnswers,
  };
}

function toRecent(rows: Titled[], type: RecentEntry['object_type'], route: string): RecentEntry[] {
  return rows.map((row) => ({
    object_name: row.title,
    object_type: type,
    object_update: row.updateTime.toISOString(),
    object_route: route.replace(':id', String(row.id)),
    object_id: row.id,
  }));
}

/** Each kind's newest few, merged: at most 4 × DASHBOARD_LIST_SIZE rows read, whatever the team's size. */
async function readRecentlyUpdated(ctx: AppContext, teamId: number): Promise<RecentEntry[]> {
  const newest = <T extends typeof intakeForms | typeof issues | typeof issueMerges>(table: T) =>
    ctx.db
      .select({ id: table.id, title: table.title, updateTime: table.updateTime })
      .from(table as typeof intakeForms)
      .where(eq(table.teamId, teamId))
      .orderBy(desc(table.updateTime))
      .limit(DASHBOARD_LIST_SIZE);
  const [forms, selections, merges, models] = await Promise.all([
    newest(intakeForms),
    newest(issues),
    newest(issueMerges),
    // A form's own item type is the form: it is listed once, as the form.
    ctx.db
      .select({ id: dataModels.id, title: dataModels.title, updateTime: dataModels.updateTime })
      .from(dataModels)
      .where(
        and(
          eq(dataModels.teamId, teamId),
          notExists(
            ctx.db
              .select({ one: sql`1` })
              .from(intakeForms)
              .where(eq(intakeForms.dataModelId, dataModels.id)),
          ),
        ),
      )
      .orderBy(desc(dataModels.updateTime))
      .limit(DASHBOARD_LIST_SIZE),
  ]);
  return [
    ...toRecent(forms, 'form', 'intake-forms/:id'),
    ...toRecent(selections, 'issue', 'issue/:id/manage'),
    ...toRecent(merges, 'issue_merge', 'issues-merge/:id'),
    ...toRecent(models, 'data_model', 'item-types/:id/manage'),
  ]
    .sort((a, b) => b.object_update.localeCompare(a.object_update))
    .slice(0, DASHBOARD_LIST_SIZE);
}

async function readLatestFormSubmissions(ctx: AppContext, teamId: number) {
  const rows = await ctx.db
    .select({
      submission_title: datasets.title,
      form_title: intakeForms.title,
      date: formSubmissions.submitTime,
      form_id: intakeForms.id,
    })
    .from(formSubmissions)
    .innerJoin(intakeForms, eq(intakeForms.id, formSubmissions.formId))
    .innerJoin(datasets, eq(datasets.id, formSubmissions.datasetId))
    .where(and(eq(intakeForms.teamId, teamId), isNotNull(formSubmissions.submitTime)))
    .orderBy(desc(formSubmissions.submitTime))
    .limit(DASHBOARD_LIST_SIZE);
  return rows.map((row) => ({ ...row, date: (row.date ?? new Date(0)).toISOString() }));
}

async function readLatestIssueSubmissions(ctx: AppContext, teamId: number) {
  const firstComments = sql<string[]>`array(${ctx.db
    .select({ content: issueComments.content })
    .from(issueComments)
    .where(
      and(
        eq(issueComments.issueId, issueSubmissions.issueId),
        eq(issueComments.userId, issueSubmissions.userId),
      ),
    )
    .orderBy(issueComments.createTime, issueComments.id)
    .limit(DASHBOARD_COMMENTS_PREVIEW)})`;
  const rows = await ctx.db
    .select({
      issue_title: issues.title,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      date: issueSubmissions.updateTime,
      issue_id: issues.id,
      comments: firstComments,
    })
    .from(issueSubmissions)
    .innerJoin(issues, eq(issues.id, issueSubmissions.issueId))
    .innerJoin(users, eq(users.id, issueSubmissions.userId))
    .where(eq(issues.teamId, teamId))
    .orderBy(desc(issueSubmissions.updateTime))
    .limit(DASHBOARD_LIST_SIZE);
  return rows.map(({ firstName, lastName, email, date, ...row }) => ({
    ...row,
    submitter: `${firstName} ${lastName}`.trim() || email,
    date: date.toISOString(),
  }));
}

/**
 * The site's usage per team over [from, toDate], both days included; counted in SQL, one row per team.
 * Form submissions count when submitted (drafts and uploads in progress do not), as on the dashboard.
 */
export async function readUsage(
  ctx: AppContext,
  range: { from: string; toDate: string; teamId?: number },
): Promise<UsageData> {
  const start = new Date(`${range.from}T00:00:00Z`);
  const end = new Date(`${range.toDate}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  const inRange = (column: AnyPgColumn) => and(gte(column, start), lt(column, end));
  const countOf = <T extends typeof intakeForms | typeof issues | typeof issueMerges>(table: T) =>
    sql<number>`(${ctx.db
      .select({ n: sql`count(*)` })
      .from(table as typeof intakeForms)
      .where(and(eq(table.teamId, teams.id), inRange(table.createTime)))})::int`;
  const formSubmissionCount = sql<number>`(${ctx.db
    .select({ n: sql`count(*)` })
    .from(formSubmissions)
    .innerJoin(intakeForms, eq(intakeForms.id, formSubmissions.formId))
    .where(and(eq(intakeForms.teamId, teams.id), inRange(formSubmissions.submitTime)))})::int`;
  const issueSubmissionCount = sql<number>`(${ctx.db
    .select({ n: sql`count(*)` })
    .from(issueSubmissions)
    .innerJoin(issues, eq(issues.id, issueSubmissions.issueId))
    .where(and(eq(issues.teamId, teams.id), inRange(issueSubmissions.createTime)))})::int`;
  const rows = await ctx.db
    .select({
      team_id: teams.id,
      name: teams.title,
      forms: countOf(intakeForms),
      formSubmissions: formSubmissionCount,
      issues: countOf(issues),
      issueMerges: countOf(issueMerges),
      issueSubmissions: issueSubmissionCount,
    })
    .from(teams)
    .where(range.teamId ? eq(teams.id, range.teamId) : undefined)
    .orderBy(teams.title, teams.id);
  return { statsByTeam: rows };
}
