import type { CommentsMode, Issue, IssueListItem, IssueQuestion } from '@shortlist/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { isoTime } from '../../db/iso-time.ts';
import {
  dataModels,
  issueAccessDatasets,
  issueAccesses,
  issueDatasets,
  issueQuestions,
  issues,
  issueTags,
  tags,
  teams,
} from '../../db/schema/index.ts';
import { answerLink } from '../judges/judge-access.ts';
import { itemTypesOf } from './item-types-of.ts';

export type QuestionRow = typeof issueQuestions.$inferSelect;

export const toQuestion = (row: QuestionRow): IssueQuestion => ({
  id: row.id,
  issue: row.issueId,
  title: row.title,
  description: row.description,
  weight: row.weight,
});

/**
 * A selection's tags (by name) and number of items, as columns of its own row: a list of selections
 * reads them in its page's statement instead of a query each.
 */
export const issueExtras = {
  // Each subquery is a `sql` of its own: in a single-table select, Drizzle prints the columns written
  // directly in a selected `sql` without their table, which would tie them to the subquery's tables.
  tags: sql<
    { id: number; name: string }[]
  >`coalesce((${sql`select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}) order by ${tags.name}, ${tags.id})
    from ${issueTags} inner join ${tags} on ${tags.id} = ${issueTags.tagId}
    where ${issueTags.issueId} = ${issues.id}`}), '[]')`,
  datasetsCount:
    sql<number>`(${sql`select count(*) from ${issueDatasets} where ${issueDatasets.issueId} = ${issues.id}`})`.mapWith(
      Number,
    ),
};

/** The columns of a list entry, read without the settings it does not show. */
export const issueListColumns = {
  id: issues.id,
  resourcetype: issues.resourcetype,
  status: issues.status,
  public: issues.public,
  title: issues.title,
  description: issues.description,
  teamId: issues.teamId,
  round: issues.round,
  createTime: isoTime(issues.createTime),
  ...issueExtras,
};

type IssueListRow = Pick<
  IssueRow,
  'id' | 'resourcetype' | 'status' | 'public' | 'title' | 'description' | 'teamId' | 'round'
> & { createTime: string; tags: { id: number; name: string }[]; datasetsCount: number };

export const toIssueListItem = (row: IssueListRow): IssueListItem => ({
  id: row.id,
  resourcetype: row.resourcetype as IssueListItem['resourcetype'],
  status: row.status as IssueListItem['status'],
  public: row.public,
  title: row.title,
  description: row.description,
  team: row.teamId,
  create_time: row.createTime,
  tags: row.tags,
  datasets_count: row.datasetsCount,
  round: row.round,
});

/** The settings of a selection as the wire names them: everything its row holds but the team and times. */
export type IssueSettings = Omit<
  Issue,
  | 'team'
  | 'item_types'
  | 'create_time'
  | 'tags'
  | 'datasets_count'
  | 'questions'
  | 'team_img'
  | 'team_custom_header'
  | 'access'
  | 'round'
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
  hidden_fields: row.hiddenFields,
  hide_respondent: row.hideRespondent,
  hide_judge_names: row.hideJudgeNames,
  share_feedback: row.shareFeedback,
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
  shortlist_size: row.shortlistSize,
  max_per_item: row.maxPerItem,
  nb_ranked: row.nbRanked,
  min_items: row.minItems,
  max_items: row.maxItems,
});

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
  const [[extras], questionRows, [team], accessRows, itemTypes] = await Promise.all([
    ctx.db.select(issueExtras).from(issues).where(eq(issues.id, row.id)),
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
    itemTypesOf(ctx, row).orderBy(asc(dataModels.id)),
  ]);
  if (!extras) throw new Error('issue reply missing');
  return {
    ...toIssueSettings(row),
    team: row.teamId,
    item_types: itemTypes.map((type) => type.id),
    create_time: row.createTime.toISOString(),
    tags: extras.tags,
    datasets_count: extras.datasetsCount,
    round: row.round,
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
