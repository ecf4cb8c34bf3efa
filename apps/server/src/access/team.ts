import { ISSUE_CLOSED_DETAIL } from '@shortlist/contract';
import { and, type Column, eq, exists, type Placeholder, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { issues, teamMembers, teams } from '../db/schema/index.ts';
import type { UserRow } from '../http/auth.ts';
import { notFound, refusal } from '../http/errors.ts';
import { decide, refuse } from './decisions.ts';
import type { Action } from './rules.ts';

export type TeamRow = typeof teams.$inferSelect;
export type MembershipRow = typeof teamMembers.$inferSelect;
export type IssueRow = typeof issues.$inferSelect;

/** A membership that opens the team: accepted (pending and refused ones open nothing). */
const isAccepted = eq(teamMembers.status, 'accepted');

/** "An accepted admin", the one spelling of it, of whichever team the statement joins. */
export const isAdminMembership = and(isAccepted, eq(teamMembers.role, 'admin'));

/**
 * An accepted admin of this team: the membership row of `userId` (any user's without it) in the team
 * `teamId` names (a value, a placeholder or an outer column).
 */
export const isAcceptedAdmin = (teamId: number | Placeholder | Column, userId?: number | Placeholder) =>
  and(
    eq(teamMembers.teamId, teamId),
    userId === undefined ? undefined : eq(teamMembers.userId, userId),
    isAdminMembership,
  );

/** Joins the caller's accepted membership: pending and refused ones open nothing. */
export const isMembershipOf = (userId: number) =>
  and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId), isAccepted);

/** The caller's accepted membership of a team, if any. */
export async function findMembership(ctx: AppContext, teamId: number, userId: number) {
  const [row] = await ctx.db
    .select()
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teams.id, teamId), isMembershipOf(userId)));
  return row?.team_members;
}

/** Who a signed-in caller is to a team they do not administer. */
const outsider = (user: UserRow) => (user.isSuperuser ? 'superuser' : 'stranger');

/**
 * Every team-scoped endpoint starts here: the team, if the caller is its admin. Anyone else gets the same
 * 404 as for a team that does not exist, so ids reveal nothing. An object's route passes its row's team,
 * or `undefined` for no row: the answer is then the same 404, asked of the same rule.
 */
export async function requireTeamAdmin(ctx: AppContext, user: UserRow, teamId: number | undefined) {
  const [row] =
    teamId === undefined
      ? []
      : await ctx.db
          .select({ team: teams, membership: teamMembers })
          .from(teams)
          .innerJoin(teamMembers, isAcceptedAdmin(teams.id, user.id))
          .where(eq(teams.id, teamId));
  if (!row) return refuse('manage-team', outsider(user));
  decide('manage-team', 'team-admin');
  return row;
}

/** No object of that id: the same 404 as another team's, asked of the same rule. */
export const refuseMissing = (user: UserRow) => refuse('manage-team', outsider(user));

/**
 * An object's row, read by its id, with its team, if the caller administers that team; no row answers the
 * same 404 as another team's, asked of the same rule.
 */
export async function requireAdminOfRow<T extends { teamId: number }>(
  ctx: AppContext,
  user: UserRow,
  row: T | undefined,
) {
  if (!row) return refuseMissing(user);
  const { team } = await requireTeamAdmin(ctx, user, row.teamId);
  return { row, team };
}

/**
 * The team itself (its page, its face): its admins, and site administrators, who set its package. Anyone
 * else gets the same 404 as for a team that does not exist.
 */
export async function requireTeamReader(ctx: AppContext, user: UserRow, teamId: number) {
  const [team] = await ctx.db.select().from(teams).where(eq(teams.id, teamId));
  const membership = team ? await findMembership(ctx, teamId, user.id) : undefined;
  decide('open-team', membership ? 'team-admin' : outsider(user));
  // A site administrator asking for a team that does not exist.
  if (!team) throw notFound();
  return { team, membership };
}

/** Whether the caller administers the team, for a route that another rule opened (a judge's conflicts). */
export async function isTeamAdmin(ctx: AppContext, user: UserRow, teamId: number) {
  const [row] = await ctx.db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(isAcceptedAdmin(teamId, user.id));
  return Boolean(row);
}

/**
 * The caller is an accepted admin of the team, as a condition of a list's own statement, so that the
 * check costs no round trip; it names no outer column, so PostgreSQL evaluates it once per statement.
 * An empty result must then be told apart (`totalOfTeamPage`): not admin (404) or nothing to list.
 * Placeholders for ids keep a prepared list's SQL the same for every caller.
 */
export const isTeamAdminCondition = (userId: number | Placeholder, teamId: number | Placeholder) =>
  exists(sql`(select 1 from ${teamMembers} where ${isAcceptedAdmin(teamId, userId)})`);

/**
 * The total of a team's list whose page was read with `totalOf` under `isTeamAdminCondition`. An empty
 * page tells neither the right nor the total, so then the right is checked (404) and the list counted:
 * a page past the end or an empty list costs the round trips the others save.
 */
export async function totalOfTeamPage(
  ctx: AppContext,
  user: UserRow,
  teamId: number,
  { rows, counted }: { rows: { total: number }[]; counted: () => PromiseLike<{ n: number }[]> },
) {
  const [first] = rows;
  if (first) {
    // The statement's own condition found the caller an admin of the team.
    decide('manage-team', 'team-admin');
    return first.total;
  }
  await requireTeamAdmin(ctx, user, teamId);
  const [row] = await counted();
  return row?.n ?? 0;
}

/**
 * Every admin endpoint on a selection starts here: the selection, if the caller is admin of its team.
 * Anyone else gets the same 404 as for a selection that does not exist.
 */
export async function requireIssueAdmin(
  ctx: AppContext,
  user: UserRow,
  issueId: number,
  action: Action = 'manage-team',
): Promise<IssueRow> {
  const [row] = await ctx.db
    .select({ issue: issues })
    .from(issues)
    .innerJoin(teamMembers, isAcceptedAdmin(issues.teamId, user.id))
    .where(eq(issues.id, issueId));
  if (!row) return refuse(action, outsider(user));
  decide(action, 'team-admin');
  return row.issue;
}

/** What only a site administrator may do; anyone else is told so (403), as the route is no secret. */
export function requireSuperuser(user: UserRow, detail?: string) {
  decide('operate-site', user.isSuperuser ? 'superuser' : 'stranger', detail);
}

/** Answers, drafts, conflicts and invitations are refused once the selection is closed or archived. */
export function assertIssueOpen(issue: Pick<IssueRow, 'status'>) {
  if (issue.status !== 'open') throw refusal('ISSUE_CLOSED', ISSUE_CLOSED_DETAIL);
}
