import type { CommentsMode, Issue, IssueListItem, IssueQuestion } from '@shortlist/contract';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  issueAccessDatasets,
  issueAccesses,
  issueDatasets,
  issueQuestions,
  issueTags,
  tags,
  teams,
} from '../../db/schema.ts';
import { answerLink } from '../judges/judge-access.ts';
import type { IssueRow } from './access.ts';

export type QuestionRow = typeof issueQuestions.$inferSelect;

export const toQuestion = (row: QuestionRow): IssueQuestion => ({
  id: row.id,
  issue: row.issueId,
  title: row.title,
  description: row.description,
  weight: row.weight,
});

function groupBy<T>(rows: T[], keyOf: (row: T) => number) {
  const groups = new Map<number, T[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  return groups;
}

/** The tags and item counts of several selections, one query each. */
async function loadListExtras(db: Db, ids: number[]) {
  const [tagRows, countRows] = await Promise.all([
    db
      .select({ issueId: issueTags.issueId, id: tags.id, name: tags.name })
      .from(issueTags)
      .innerJoin(tags, eq(tags.id, issueTags.tagId))
      .where(inArray(issueTags.issueId, ids))
      .orderBy(asc(tags.name), asc(tags.id)),
    db
      .select({ issueId: issueDatasets.issueId, n: count() })
      .from(issueDatasets)
      .where(inArray(issueDatasets.issueId, ids))
      .groupBy(issueDatasets.issueId),
  ]);
  return {
    tagsOf: groupBy(tagRows, (row) => row.issueId),
    countOf: new Map(countRows.map((row) => [row.issueId, Number(row.n)])),
  };
}

/** The settings of a selection as the wire names them: everything its row holds but the team and times. */
export type IssueSettings = Omit<
  Issue,
  | 'team'
  | 'create_time'
  | 'tags'
  | 'datasets_count'
  | 'questions'
  | 'team_img'
  | 'team_custom_header'
  | 'access'
>;

export const toIssueSettings = (row: IssueRow): IssueSettings => ({
  id: row.id,
  resourcetype: row.resourcetype as Issue['resourcetype'],
  status: row.status as Issue['status'],
  public: row.public,
  title: row.title,
  description: row.description,
  email_required: row.emailRequired,
  email_link: row.emailLink,
  captcha: row.captcha,
  access_all_items: row.accessAllItems,
  judges_can_load_dataset_details: row.judgesCanLoadDatasetDetails,
  data_model: row.dataModelId,
  random_order: row.randomOrder,
  hide_comments_until_submitted: row.hideCommentsUntilSubmitted,
  deadline: row.deadline?.toISOString() ?? null,
  keep_open_after_deadline: row.keepOpenAfterDeadline,
  reminder_days_before: row.reminderDaysBefore,
  comments_mode: row.commentsMode as CommentsMode,
  item_label_singular_en: row.itemLabelSingularEn as Issue['item_label_singular_en'],
  item_label_plural_en: row.itemLabelPluralEn as Issue['item_label_plural_en'],
  min_rating: row.minRating,
  max_rating: row.maxRating,
  step: row.step,
  nb_tokens: row.nbTokens,
  max_per_item: row.maxPerItem,
  min_items: row.minItems,
  max_items: row.maxItems,
});

/** Selections with their tags and item counts, as the list and the admin view share them. */
async function toIssuesWithExtras(ctx: AppContext, rows: IssueRow[]) {
  if (rows.length === 0) return [];
  const { tagsOf, countOf } = await loadListExtras(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...toIssueSettings(row),
    team: row.teamId,
    create_time: row.createTime.toISOString(),
    tags: (tagsOf.get(row.id) ?? []).map(({ id, name }) => ({ id, name })),
    datasets_count: countOf.get(row.id) ?? 0,
  }));
}

/** List entries for a page of selections. */
export const toIssueListItems = (ctx: AppContext, rows: IssueRow[]): Promise<IssueListItem[]> =>
  toIssuesWithExtras(ctx, rows);

/** Each judge's access with the ids of their items (empty when they see all), in one query. */
function loadAccessEntries(ctx: AppContext, issueId: number) {
  const datasetId = issueAccessDatasets.datasetId;
  return ctx.db
    .select({
      id: issueAccesses.id,
      user: issueAccesses.userId,
      token: issueAccesses.token,
      dataSets: sql<
        number[]
      >`coalesce(array_agg(${datasetId} order by ${datasetId}) filter (where ${datasetId} is not null), '{}')`,
    })
    .from(issueAccesses)
    .leftJoin(issueAccessDatasets, eq(issueAccessDatasets.accessId, issueAccesses.id))
    .where(eq(issueAccesses.issueId, issueId))
    .groupBy(issueAccesses.id)
    .orderBy(asc(issueAccesses.id));
}

/** The admin view of one selection: every setting, its criteria in creation order and its team's header. */
export async function toIssueReply(ctx: AppContext, row: IssueRow): Promise<Issue> {
  const [[issue], questionRows, [team], accessRows] = await Promise.all([
    toIssuesWithExtras(ctx, [row]),
    ctx.db
      .select()
      .from(issueQuestions)
      .where(eq(issueQuestions.issueId, row.id))
      .orderBy(asc(issueQuestions.createTime), asc(issueQuestions.id)),
    ctx.db
      .select({ image: teams.teamImage, header: teams.customHeader })
      .from(teams)
      .where(eq(teams.id, row.teamId)),
    loadAccessEntries(ctx, row.id),
  ]);
  if (!issue) throw new Error('issue reply missing');
  return {
    ...issue,
    access: accessRows.map((access) => ({
      id: access.id,
      user: access.user,
      data_sets: access.dataSets,
      issue_answer_link: answerLink(ctx, row.id, access.token),
    })),
    questions: questionRows.map(toQuestion),
    team_img: team?.image ?? null,
    team_custom_header: team?.header ?? null,
  };
}
