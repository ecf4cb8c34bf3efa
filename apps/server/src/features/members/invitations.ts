import type { PageQuery, Team, TeamInvitation } from '@shortlist/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { MembershipRow, TeamRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { teamMembers, teams } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/record.ts';
import { toTeam } from '../teams/service.ts';

function toInvitation(member: MembershipRow, team: TeamRow): TeamInvitation {
  return {
    id: member.id,
    team: { id: team.id, title: team.title, team_image: team.teamImage },
    role: { key: 'admin' },
    status: member.status as TeamInvitation['status'],
    create_time: member.createTime.toISOString(),
  };
}

const isPendingFor = (userId: number) =>
  and(eq(teamMembers.userId, userId), eq(teamMembers.status, 'pending'));

/** The signed-in user's pending memberships, oldest first: what they were invited to and not yet answered. */
export async function listMyInvitations(ctx: AppContext, user: UserRow, query: PageQuery) {
  const where = isPendingFor(user.id);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ member: teamMembers, team: teams })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(where)
      .orderBy(asc(teamMembers.createTime), asc(teamMembers.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(teamMembers).where(where),
  ]);
  return { count: total?.n ?? 0, results: rows.map((row) => toInvitation(row.member, row.team)) };
}

/**
 * Answers one of the caller's pending invitations. Anyone else's, or one already answered, is 404:
 * the id of a membership tells nobody else anything.
 */
async function answerInvitation(
  ctx: AppContext,
  options: { user: UserRow; invitationId: number; status: 'accepted' | 'refused' },
) {
  return ctx.db.transaction(async (tx) => {
    const [member] = await tx
      .update(teamMembers)
      .set({ status: options.status })
      .where(and(eq(teamMembers.id, options.invitationId), isPendingFor(options.user.id)))
      .returning();
    if (!member) throw notFound();
    await recordAudit(tx, {
      teamId: member.teamId,
      action: options.status === 'accepted' ? 'member.accepted' : 'member.refused',
      objectType: 'member',
      objectId: member.id,
      changes: { status: ['pending', options.status] },
    });
    return member;
  });
}

/** The caller becomes a member: the team, as its members see it, opens to them from now on. */
export async function acceptInvitation(ctx: AppContext, user: UserRow, invitationId: number): Promise<Team> {
  const member = await answerInvitation(ctx, { user, invitationId, status: 'accepted' });
  const [team] = await ctx.db.select().from(teams).where(eq(teams.id, member.teamId));
  if (!team) throw notFound();
  return toTeam(team, member);
}

/** The caller declines: the admins see the membership as refused, and may invite them again. */
export async function refuseInvitation(ctx: AppContext, user: UserRow, invitationId: number) {
  await answerInvitation(ctx, { user, invitationId, status: 'refused' });
}
