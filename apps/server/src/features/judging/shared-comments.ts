import { and, eq, inArray, ne, notInArray, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { issueComments, issueSubmissions } from '../../db/schema/index.ts';
import type { Answerer } from './answerer.ts';
import { conflictedItemIds } from './conflicts.ts';
import { accessibleItemIds } from './items.ts';

/**
 * With "hidden until submitted" (docs/judging.md), a judge reads no other judge's shared comment before
 * submitting their own answers. Every endpoint a judge reads comments through asks here first.
 */
export async function areSharedCommentsHidden(ctx: AppContext, answerer: Answerer): Promise<boolean> {
  if (answerer.kind !== 'judge' || !answerer.issue.hideCommentsUntilSubmitted) return false;
  const [submission] = await ctx.db
    .select({ id: issueSubmissions.id })
    .from(issueSubmissions)
    .where(
      and(
        eq(issueSubmissions.issueId, answerer.issue.id),
        eq(issueSubmissions.userId, answerer.access.userId),
      ),
    );
  return !submission;
}

/**
 * The other judges' shared comments the answerer may read: on the items they may see, and for a judge
 * neither their own nor those on items they have a conflict with.
 */
export function visibleSharedComments(ctx: AppContext, answerer: Answerer): SQL | undefined {
  return and(
    eq(issueComments.issueId, answerer.issue.id),
    eq(issueComments.shared, true),
    inArray(issueComments.datasetId, accessibleItemIds(ctx, answerer)),
    answerer.kind === 'judge' ? ne(issueComments.userId, answerer.access.userId) : undefined,
    answerer.kind === 'judge'
      ? notInArray(issueComments.datasetId, conflictedItemIds(ctx, answerer.access.id))
      : undefined,
  );
}
