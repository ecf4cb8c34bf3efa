import type { JudgePortal, JudgePortalEntry } from '@shortlist/contract';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import {
  issueAccesses,
  issueAnswerDrafts,
  issueAnswers,
  issueComments,
  issueQuestions,
  issueSubmissions,
  issues,
  teams,
  users,
} from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { notFound, unauthorized } from '../../http/errors.ts';
import { type Given, portalProgress, progressColumns } from './portal-progress.ts';

/**
 * Whose selections the portal lists (decision in docs/decisions.md): the token's judge identity — unless
 * the token came from a public selection that hands links out without mailing them, since whoever typed
 * an address there holds its identity without owning the mailbox: that token shows its own selection
 * only. Signed in: the account's own accesses, and those of the judge identity of its address once the
 * address is verified.
 */
async function resolvePortalOwner(ctx: AppContext, token: string | undefined, user: UserRow | null) {
  if (token) {
    const [row] = await ctx.db
      .select({ access: issueAccesses, issue: issues, email: users.email })
      .from(issueAccesses)
      .innerJoin(issues, eq(issues.id, issueAccesses.issueId))
      .innerJoin(users, eq(users.id, issueAccesses.userId))
      .where(eq(issueAccesses.token, token));
    if (!row) throw notFound();
    const mailed = row.access.origin !== 'public' || (row.issue.emailRequired && row.issue.emailLink);
    return {
      email: row.email,
      current: row.issue.id,
      where: mailed ? eq(issueAccesses.userId, row.access.userId) : eq(issueAccesses.id, row.access.id),
    };
  }
  if (!user) throw unauthorized('not_authenticated', 'Authentication credentials were not provided.');
  const identity =
    user.emailVerificationStatus === 'ver'
      ? ctx.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.isJudgeOnly, true), sql`lower(${users.email}) = lower(${user.email})`))
      : null;
  return {
    email: user.email,
    current: null,
    where: identity
      ? or(eq(issueAccesses.userId, user.id), inArray(issueAccesses.userId, identity))
      : eq(issueAccesses.userId, user.id),
  };
}

/** `GET judge_portal/`: the judge's selections with their deadlines, links and progress. */
export async function loadJudgePortal(
  ctx: AppContext,
  token: string | undefined,
  user: UserRow | null,
): Promise<JudgePortal> {
  const owner = await resolvePortalOwner(ctx, token, user);
  const rows = await ctx.db
    .select({
      access: issueAccesses,
      issue: issues,
      teamTitle: teams.title,
      ...progressColumns,
      submitted: sql<boolean>`exists (select 1 from ${issueSubmissions} where ${issueSubmissions.issueId} = ${issues.id} and ${issueSubmissions.userId} = ${issueAccesses.userId})`,
      draft: issueAnswerDrafts.payload,
    })
    .from(issueAccesses)
    .innerJoin(issues, eq(issues.id, issueAccesses.issueId))
    .innerJoin(teams, eq(teams.id, issues.teamId))
    .leftJoin(issueAnswerDrafts, eq(issueAnswerDrafts.accessId, issueAccesses.id))
    .where(and(owner.where, ne(issues.status, 'archived')))
    .orderBy(
      sql`${issues.status} <> 'open'`,
      sql`${issues.deadline} asc nulls last`,
      sql`lower(${issues.title})`,
      issues.id,
    );
  const issueIds = rows.map((row) => row.issue.id);
  const pairs = rows.map((row) => and(eq(sql`issue_id`, row.issue.id), eq(sql`user_id`, row.access.userId)));
  const [criteria, answers, comments] =
    rows.length === 0
      ? [[], [], []]
      : await Promise.all([
          ctx.db
            .select({ id: issueQuestions.id, issue: issueQuestions.issueId })
            .from(issueQuestions)
            .where(inArray(issueQuestions.issueId, issueIds)),
          ctx.db
            .select({
              issue: issueAnswers.issueId,
              user: issueAnswers.userId,
              dataset: issueAnswers.datasetId,
              question: issueAnswers.questionId,
              value: issueAnswers.value,
            })
            .from(issueAnswers)
            .where(or(...pairs)),
          ctx.db
            .select({
              issue: issueComments.issueId,
              user: issueComments.userId,
              dataset: issueComments.datasetId,
            })
            .from(issueComments)
            .where(or(...pairs)),
        ]);
  const selections = rows.map(
    ({ access, issue, teamTitle, submitted, draft, ...figures }): JudgePortalEntry => {
      const mine = (row: { issue: number; user: number }) =>
        row.issue === issue.id && row.user === access.userId;
      const given: Given = (draft as Given | null) ?? {
        answers: answers.filter(mine),
        comments: comments.filter(mine).map((c) => ({ ...c, content: '', shared: false })),
      };
      const criteriaIds = criteria.filter((c) => c.issue === issue.id).map((c) => c.id);
      return {
        id: issue.id,
        title: issue.title,
        team_title: teamTitle,
        resourcetype: issue.resourcetype as JudgePortalEntry['resourcetype'],
        status: issue.status as JudgePortalEntry['status'],
        deadline: issue.deadline?.toISOString() ?? null,
        keep_open_after_deadline: issue.keepOpenAfterDeadline,
        link: `/selection/${issue.id}/answer?token=${encodeURIComponent(access.token)}`,
        ...portalProgress({
          resourcetype: issue.resourcetype,
          nbRanked: issue.nbRanked,
          figures,
          given,
          criteria: criteriaIds,
          submitted,
        }),
        has_submitted: submitted,
        current: issue.id === owner.current,
      };
    },
  );
  return { email: owner.email, selections };
}
