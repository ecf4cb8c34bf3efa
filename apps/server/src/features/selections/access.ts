import { ISSUE_CLOSED_DETAIL } from '@shortlist/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { issues, teamMembers } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { notFound, refusal } from '../../http/errors.ts';

export type IssueRow = typeof issues.$inferSelect;

/**
 * Every admin endpoint on a selection starts here: the selection, if the caller is admin of its team.
 * Anyone else gets the same 404 as for a selection that does not exist.
 */
export async function requireIssueAdmin(ctx: AppContext, user: UserRow, issueId: number): Promise<IssueRow> {
  const [row] = await ctx.db
    .select({ issue: issues })
    .from(issues)
    .innerJoin(
      teamMembers,
      and(
        eq(teamMembers.teamId, issues.teamId),
        eq(teamMembers.userId, user.id),
        eq(teamMembers.status, 'accepted'),
        eq(teamMembers.role, 'admin'),
      ),
    )
    .where(eq(issues.id, issueId));
  if (!row) throw notFound();
  return row.issue;
}

/** Answers, drafts, conflicts and invitations are refused once the selection is closed or archived. */
export function assertIssueOpen(issue: Pick<IssueRow, 'status'>) {
  if (issue.status !== 'open') throw refusal('ISSUE_CLOSED', ISSUE_CLOSED_DETAIL);
}
