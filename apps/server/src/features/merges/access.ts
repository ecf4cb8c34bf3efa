import { MERGE_NOT_ALLOWED } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import { refuseMissing, requireTeamAdmin, type TeamRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { issueMerges } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { refusal } from '../../http/errors.ts';

export type MergeRow = typeof issueMerges.$inferSelect;

/** Merging is a package feature: without can_merge_issues every merge endpoint refuses. */
export async function requireMergeTeam(ctx: AppContext, user: UserRow, teamId: number): Promise<TeamRow> {
  const { team } = await requireTeamAdmin(ctx, user, teamId);
  if (!team.package.can_merge_issues) {
    throw refusal(MERGE_NOT_ALLOWED, 'Your package does not allow merging selections.', 403);
  }
  return team;
}

/** A merge, if the caller administers its team (else 404) and the team's package allows merges. */
export async function requireMerge(ctx: AppContext, user: UserRow, mergeId: number) {
  const [merge] = await ctx.db.select().from(issueMerges).where(eq(issueMerges.id, mergeId));
  if (!merge) return refuseMissing(user);
  const team = await requireMergeTeam(ctx, user, merge.teamId);
  return { merge, team };
}
