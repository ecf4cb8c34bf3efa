import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { issueAccesses, issues } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { notFound, unauthorized } from '../../http/errors.ts';
import type { AccessRow } from '../judges/judge-access.ts';
import { type IssueRow, requireIssueAdmin } from '../selections/access.ts';

/** Who opens the answer page: a judge (by the personal link's token, or signed in), or an admin previewing. */
export type Answerer =
  | { kind: 'judge'; issue: IssueRow; access: AccessRow; byToken: boolean }
  | { kind: 'preview'; issue: IssueRow };

/**
 * The personal link's token opens one selection only: another selection's token, or a wrong one, answers
 * 404 like a missing selection. Without a token, a signed-in judge answers as themselves and a team admin
 * previews; anyone else gets the same 404.
 */
export async function resolveAnswerer(
  ctx: AppContext,
  options: { issueId: number; token?: string; user: UserRow | null },
): Promise<Answerer> {
  const { issueId, token, user } = options;
  if (token) {
    const [row] = await ctx.db
      .select({ issue: issues, access: issueAccesses })
      .from(issueAccesses)
      .innerJoin(issues, eq(issues.id, issueAccesses.issueId))
      .where(and(eq(issueAccesses.token, token), eq(issueAccesses.issueId, issueId)));
    if (!row) throw notFound();
    return { kind: 'judge', issue: row.issue, access: row.access, byToken: true };
  }
  if (!user) throw unauthorized('not_authenticated', 'Authentication credentials were not provided.');
  const [row] = await ctx.db
    .select({ issue: issues, access: issueAccesses })
    .from(issueAccesses)
    .innerJoin(issues, eq(issues.id, issueAccesses.issueId))
    .where(and(eq(issueAccesses.issueId, issueId), eq(issueAccesses.userId, user.id)));
  if (row) return { kind: 'judge', issue: row.issue, access: row.access, byToken: false };
  return { kind: 'preview', issue: await requireIssueAdmin(ctx, user, issueId) };
}
