import {
  INVITATIONS_PER_JUDGE,
  type Judge,
  type JudgesStatuses,
  type judgeListQuerySchema,
} from '@shortlist/contract';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import {
  issueAccessDatasets,
  issueAccesses,
  issueDatasets,
  issueInvitations,
  issueSubmissions,
  users,
} from '../../db/schema/index.ts';
import { containsPattern, parseOrdering } from '../../http/pagination.ts';
import { answerLink, hasSubmittedColumn } from './judge-access.ts';

const invitationsColumn = sql<number>`(select count(*)::int from ${issueInvitations} where ${issueInvitations.issueId} = ${issueAccesses.issueId} and ${issueInvitations.userId} = ${issueAccesses.userId})`;
export const isInvitedColumn = sql<boolean>`exists (select 1 from ${issueInvitations} where ${issueInvitations.issueId} = ${issueAccesses.issueId} and ${issueInvitations.userId} = ${issueAccesses.userId})`;

/** The number of items each judge may answer: the whole selection, or their own subset of it. */
export function datasetsColumn(issue: IssueRow) {
  if (issue.accessAllItems)
    return sql<number>`(select count(*)::int from ${issueDatasets} where ${issueDatasets.issueId} = ${issue.id})`;
  return sql<number>`(select count(*)::int from ${issueAccessDatasets} inner join ${issueDatasets} on ${issueDatasets.datasetId} = ${issueAccessDatasets.datasetId} and ${issueDatasets.issueId} = ${issue.id} where ${issueAccessDatasets.accessId} = ${issueAccesses.id})`;
}

const statusFilters: Record<NonNullable<JudgeListQuery['status']>, SQL> = {
  answered: hasSubmittedColumn,
  invited: sql`${isInvitedColumn} and not ${hasSubmittedColumn}`,
  not_invited: sql`not ${isInvitedColumn} and not ${hasSubmittedColumn}`,
};

type JudgeListQuery = z.infer<typeof judgeListQuerySchema>;
const JUDGE_ORDERING = ['email', 'first_name', 'last_name', 'create_time', 'id'] as const;
const judgeColumns = {
  email: users.email,
  first_name: users.firstName,
  last_name: users.lastName,
  create_time: issueAccesses.createTime,
  id: issueAccesses.id,
};

export async function listJudges(ctx: AppContext, issue: IssueRow, query: JudgeListQuery) {
  const filters: SQL[] = [eq(issueAccesses.issueId, issue.id)];
  if (query.status) filters.push(statusFilters[query.status]);
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(
      or(
        ilike(users.email, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      ) as SQL,
    );
  }
  const where = and(...filters);
  const order = parseOrdering(query.ordering, JUDGE_ORDERING, 'email');
  const column = judgeColumns[order.field];
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        access: issueAccesses,
        user: users,
        nbDatasets: datasetsColumn(issue),
        nbInvitations: invitationsColumn,
        hasSubmitted: hasSubmittedColumn,
      })
      .from(issueAccesses)
      .innerJoin(users, eq(users.id, issueAccesses.userId))
      .where(where)
      .orderBy(order.descending ? desc(column) : asc(column), asc(issueAccesses.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db
      .select({ n: count() })
      .from(issueAccesses)
      .innerJoin(users, eq(users.id, issueAccesses.userId))
      .where(where),
  ]);
  const results = rows.map(
    (row): Judge => ({
      id: row.access.id,
      user: {
        id: row.user.id,
        email: row.user.email,
        first_name: row.user.firstName,
        last_name: row.user.lastName,
        email_verification_status: row.user.emailVerificationStatus,
      },
      origin: row.access.origin as Judge['origin'],
      issue_answer_link: answerLink(ctx, issue.id, row.access.token),
      nb_datasets: row.nbDatasets,
      nb_invitations: row.nbInvitations,
      invitations_left: Math.max(0, INVITATIONS_PER_JUDGE - row.nbInvitations),
      has_submitted: row.hasSubmitted,
      create_time: row.access.createTime.toISOString(),
    }),
  );
  return { count: total?.n ?? 0, results };
}

/** Invitations sent per judge and who has submitted, for the whole selection at once. */
export async function getJudgesStatuses(ctx: AppContext, issue: IssueRow): Promise<JudgesStatuses> {
  const [invitations, submissions] = await Promise.all([
    ctx.db
      .select({ userId: issueInvitations.userId, n: count() })
      .from(issueInvitations)
      .where(eq(issueInvitations.issueId, issue.id))
      .groupBy(issueInvitations.userId),
    ctx.db
      .select({ userId: issueSubmissions.userId })
      .from(issueSubmissions)
      .where(eq(issueSubmissions.issueId, issue.id))
      .orderBy(asc(issueSubmissions.userId)),
  ]);
  return {
    invitations_per_user: Object.fromEntries(invitations.map((row) => [String(row.userId), row.n])),
    submission_user_ids: submissions.map((row) => row.userId),
  };
}
