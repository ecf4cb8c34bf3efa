import {
  ALREADY_HAS_COMMENTS,
  ALREADY_HAS_ISSUE_ACCESSES,
  type IssueCreateInput,
  type IssuePatchInput,
  type IssueResourcetype,
  type issueListQuerySchema,
  RANKED_LOCKED_MESSAGE,
  TYPE_LOCKED_MESSAGE,
} from '@shortlist/contract';
import { and, asc, count, desc, eq, exists, ilike, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { requireRowsOfTeam } from '../../access/rows-of-team.ts';
import type { IssueRow } from '../../access/team.ts';
import { isTeamAdminCondition, requireTeamAdmin, type TeamRow, totalOfTeamPage } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  issueAccesses,
  issueAnswers,
  issueComments,
  issues,
  issueTags,
  tags,
} from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { fieldErrors, refusal } from '../../http/errors.ts';
import { containsPattern, parseOrdering, totalOf } from '../../http/pagination.ts';
import { preparedPerShape } from '../../http/prepared.ts';
import { diffRows, recordAudit, selectionEntry } from '../audit/record.ts';
import { alreadySubmitted, wouldTakeItemsFromSubmitted } from '../judges/judge-access.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import { issueListColumns, toIssueListItem, toIssueReply } from './replies.ts';
import { checkSettings, toColumns } from './settings.ts';

const ORDERING = ['create_time', 'title'] as const;
const orderColumns = { create_time: issues.createTime, title: sql`lower(${issues.title})` };

/** Which filters a request of the selections list names, and its order: one prepared statement each. */
interface IssueListShape {
  search: boolean;
  status: boolean;
  public: boolean;
  tags: boolean;
  order: ReturnType<typeof parseOrdering<(typeof ORDERING)[number]>>;
}

const p = sql.placeholder;

/** The selections list's page (with the caller's right, tags, item counts and total) and its count. */
const issueListStatements = preparedPerShape('issues', (db, shape: IssueListShape, name) => {
  const filters: SQL[] = [eq(issues.teamId, p('team'))];
  if (shape.search) filters.push(ilike(issues.title, p('pattern')));
  if (shape.status) filters.push(eq(issues.status, p('status')));
  if (shape.public) filters.push(eq(issues.public, p('public')));
  // Any number of tags in one parameter (a `{1,2}` array literal), so that their count is no new shape.
  if (shape.tags) {
    filters.push(
      exists(
        sql`(select 1 from ${issueTags} where ${issueTags.issueId} = ${issues.id} and ${issueTags.tagId} = any(${p('tags')}::integer[]))`,
      ),
    );
  }
  const where = and(...filters);
  const direction = shape.order.descending ? desc : asc;
  const counted = db.select({ n: count() }).from(issues).where(where);
  // The caller's right, the page, its tags and item counts and the total: one statement.
  const page = db
    .select({ ...issueListColumns, total: totalOf(counted) })
    .from(issues)
    .where(and(where, isTeamAdminCondition(p('caller'), p('team'))))
    .orderBy(direction(orderColumns[shape.order.field]), direction(issues.id))
    .limit(p('limit'))
    .offset(p('offset'));
  return { page: page.prepare(name('page')), counted: counted.prepare(name('count')) };
});

/** A team's selections, filtered, sorted and paged in SQL; 404 unless the caller is the team's admin. */
export async function listIssues(
  ctx: AppContext,
  user: UserRow,
  query: z.infer<typeof issueListQuerySchema>,
) {
  const statements = issueListStatements(ctx.db, {
    search: Boolean(query.search),
    status: Boolean(query.status),
    public: query.public !== undefined,
    tags: Boolean(query.tags?.length),
    order: parseOrdering<(typeof ORDERING)[number]>(query.ordering, ORDERING, '-create_time'),
  });
  const values = {
    team: query.team,
    caller: user.id,
    pattern: query.search ? containsPattern(query.search) : undefined,
    status: query.status,
    public: query.public,
    tags: query.tags?.length ? `{${query.tags.join(',')}}` : undefined,
    limit: query.limit,
    offset: query.offset,
  };
  const rows = await statements.page.execute(values);
  const counted = () => statements.counted.execute(values);
  const total = await totalOfTeamPage(ctx, user, query.team, { rows, counted });
  return { count: total, results: rows.map(toIssueListItem) };
}

/** The values a new selection starts from before its settings apply (the table's defaults). */
const NEW_ISSUE = {
  public: false,
  commentsMode: 'DATASET',
  itemLabelSingularEn: 'item',
  itemLabelPluralEn: 'items',
  dataModelId: null,
  minRating: null,
  maxRating: null,
  step: null,
  minItems: null,
  maxItems: null,
  nbTokens: null,
  maxPerItem: null,
  nbRanked: null,
  shortlistSize: null,
  deadline: null,
  reminderDaysBefore: null,
} satisfies Partial<IssueRow>;

export async function createIssue(ctx: AppContext, user: UserRow, input: IssueCreateInput) {
  const { team } = await requireTeamAdmin(ctx, user, input.team);
  const columns = toColumns(input.resourcetype, input);
  await checkSettings(ctx, team, { ...NEW_ISSUE, resourcetype: input.resourcetype, ...columns }, input);
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(issues)
      .values({ ...columns, title: input.title, teamId: team.id, resourcetype: input.resourcetype })
      .returning();
    if (!created) throw new Error('issue insert returned nothing');
    await recordAudit(tx, {
      ...selectionEntry(created),
      action: 'selection.created',
      changes: diffRows(null, created),
    });
    return created;
  });
  return toIssueReply(ctx, row);
}

async function hasRows(
  db: Db,
  table: typeof issueAccesses | typeof issueComments | typeof issueAnswers,
  issueId: number,
) {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.issueId, issueId)).limit(1);
  return row !== undefined;
}

/** Replaces the selection's tags; every id must be a tag of its team. */
async function replaceTags(db: Db, issue: IssueRow, tagIds: number[]) {
  const wanted = [...new Set(tagIds)];
  await requireRowsOfTeam(db, tags, issue.teamId, wanted, 'tags_patch');
  await db.delete(issueTags).where(eq(issueTags.issueId, issue.id));
  if (wanted.length > 0)
    await db.insert(issueTags).values(wanted.map((tagId) => ({ issueId: issue.id, tagId })));
}

/**
 * A partial update. The type never changes; the public setting is frozen once judges exist and the
 * comments mode once comments exist; the switch to a subset per judge is refused while it would take
 * items from a judge who has submitted (JUDGE_ALREADY_SUBMITTED, as taking one item from them is).
 */
export async function updateIssue(ctx: AppContext, team: TeamRow, issue: IssueRow, patch: IssuePatchInput) {
  const type = issue.resourcetype as IssueResourcetype;
  if (patch.resourcetype !== type) throw fieldErrors({ resourcetype: [TYPE_LOCKED_MESSAGE] });
  const columns = toColumns(type, patch);
  // Keeping the current setting changes nothing: a public selection stays so when the package loses it.
  const changed = patch.public === issue.public ? { ...patch, public: undefined } : patch;
  await checkSettings(ctx, team, { ...issue, ...columns }, changed);
  const row = await ctx.db.transaction(async (tx) => {
    if (
      columns.public !== undefined &&
      columns.public !== issue.public &&
      (await hasRows(tx, issueAccesses, issue.id))
    )
      throw refusal(
        ALREADY_HAS_ISSUE_ACCESSES,
        'The selection already has judges: it cannot become public or private.',
      );
    if (
      columns.commentsMode !== undefined &&
      columns.commentsMode !== issue.commentsMode &&
      (await hasRows(tx, issueComments, issue.id))
    )
      throw refusal(
        ALREADY_HAS_COMMENTS,
        'The selection already has comments: its comments mode cannot change.',
      );
    if (
      columns.accessAllItems === false &&
      (await isSwitchToSubsets(tx, issue.id)) &&
      (await wouldTakeItemsFromSubmitted(tx, issue.id))
    )
      throw alreadySubmitted();
    // A ballot's values are points out of n (decision on ranked ballots): another n would misread them.
    if (
      columns.nbRanked !== undefined &&
      columns.nbRanked !== issue.nbRanked &&
      (await hasRows(tx, issueAnswers, issue.id))
    )
      throw fieldErrors({ nb_ranked: [RANKED_LOCKED_MESSAGE] });
    if (patch.tags_patch) await replaceTags(tx, issue, patch.tags_patch);
    if (Object.keys(columns).length === 0) return issue;
    const [updated] = await tx
      .update(issues)
      .set({ ...columns, ...deadlineMarkersReset(issue, columns), updateTime: new Date() })
      .where(eq(issues.id, issue.id))
      .returning();
    await recordAudit(tx, {
      ...selectionEntry(issue),
      action: 'selection.updated',
      changes: diffRows(issue, updated ?? issue),
    });
    if (updated && updated.status === 'closed' && issue.status !== 'closed') {
      await emitWebhookEvent(tx, team.id, 'selection.closed', {
        selection: { id: updated.id, title: updated.title, type: updated.resourcetype },
      });
    }
    return updated ?? issue;
  });
  return toIssueReply(ctx, row);
}

/**
 * Whether the selection gives all items now, its row locked until the transaction ends: a submission
 * (which reads the mode under a share lock, judging/submit.ts) waits for the switch, or the switch for the
 * submission, whose judge it then sees as submitted.
 */
async function isSwitchToSubsets(tx: Db, issueId: number): Promise<boolean> {
  const [row] = await tx
    .select({ accessAllItems: issues.accessAllItems })
    .from(issues)
    .where(eq(issues.id, issueId))
    .for('update');
  return row?.accessAllItems === true;
}

/**
 * A new deadline (or reminder delay) gets its own reminder and its own closing: the scheduler's markers
 * start over, still within each judge's cap of sends.
 */
function deadlineMarkersReset(issue: IssueRow, columns: Partial<IssueRow>): Partial<IssueRow> {
  const isNewDeadline =
    columns.deadline !== undefined && columns.deadline?.getTime() !== issue.deadline?.getTime();
  const isNewReminder =
    columns.reminderDaysBefore !== undefined && columns.reminderDaysBefore !== issue.reminderDaysBefore;
  return {
    ...(isNewDeadline || isNewReminder ? { remindedAt: null } : {}),
    ...(isNewDeadline ? { deadlineClosedAt: null } : {}),
  };
}

export async function deleteIssue(ctx: AppContext, issue: IssueRow) {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(issues).where(eq(issues.id, issue.id));
    await recordAudit(tx, {
      ...selectionEntry(issue),
      action: 'selection.deleted',
      changes: diffRows(issue, null),
    });
  });
}
