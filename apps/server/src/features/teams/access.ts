import { and, eq, exists, type Placeholder, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { teamMembers, teams } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';

export type TeamRow = typeof teams.$inferSelect;
export type MembershipRow = typeof teamMembers.$inferSelect;

/** Joins the caller's accepted membership: pending and refused ones open nothing. */
export const isMembershipOf = (userId: number) =>
  and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId), eq(teamMembers.status, 'accepted'));

/** The caller's accepted membership of a team, if any. */
export async function findMembership(ctx: AppContext, teamId: number, userId: number) {
  const [row] = await ctx.db
    .select()
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teams.id, teamId), isMembershipOf(userId)));
  return row?.team_members;
}

/**
 * The caller is an accepted admin of the team, as a condition of a list's own statement, so that the
 * check costs no round trip; it names no outer column, so PostgreSQL evaluates it once per statement.
 * An empty result must then be told apart (`totalOfTeamPage`): not admin (404) or nothing to list.
 * Placeholders for ids keep a prepared list's SQL the same for every caller.
 */
export const isTeamAdminCondition = (userId: number | Placeholder, teamId: number | Placeholder) =>
  exists(
    sql`(select 1 from ${teamMembers} where ${and(
      eq(teamMembers.teamId, teamId),
      eq(teamMembers.userId, userId),
      eq(teamMembers.status, 'accepted'),
      eq(teamMembers.role, 'admin'),
    )})`,
  );

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
  if (first) return first.total;
  await requireTeamAdmin(ctx, user, teamId);
  const [row] = await counted();
  return row?.n ?? 0;
}

/**
 * Every team-scoped endpoint starts here: the team, if the caller is its admin. Anyone else gets
 * the same 404 as for a team that does not exist, so ids reveal nothing.
 */
export async function requireTeamAdmin(ctx: AppContext, user: UserRow, teamId: number) {
  const [row] = await ctx.db
    .select({ team: teams, membership: teamMembers })
    .from(teams)
    .innerJoin(teamMembers, isMembershipOf(user.id))
    .where(and(eq(teams.id, teamId), eq(teamMembers.role, 'admin')));
  if (!row) throw notFound();
  return row;
}

/**
 * Holds the team's row to the end of the transaction: what checks a count against the package (tags,
 * review statuses) then counts after any other such write of the team, never beside it.
 */
export async function lockTeam(tx: Db, teamId: number) {
  await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('no key update');
}
