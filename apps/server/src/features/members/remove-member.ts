import { LAST_ADMIN, LAST_ADMIN_MESSAGE } from '@shortlist/contract';
import { and, eq } from 'drizzle-orm';
import { isAcceptedAdmin, type TeamRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { teamMembers } from '../../db/schema/index.ts';
import { notFound, refusal } from '../../http/errors.ts';
import { recordAudit } from '../audit/record.ts';

/**
 * Removes a member (or withdraws an invitation). Their access to the team ends with the row: every
 * team check reads the membership on each request, on every process, so an access token they hold
 * opens nothing of this team from their next request on. Their account and other teams are not
 * touched (decision 81). The team's admins are locked while counted, so that two admins removing
 * each other at once cannot leave it to nobody.
 */
export async function removeMember(ctx: AppContext, team: TeamRow, memberId: number) {
  await ctx.db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(isAcceptedAdmin(team.id))
      .for('update');
    const [member] = await tx
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.id, memberId), eq(teamMembers.teamId, team.id)));
    if (!member) throw notFound();
    const isLastAdmin = admins.length === 1 && admins[0]?.id === member.id;
    if (isLastAdmin) throw refusal(LAST_ADMIN, LAST_ADMIN_MESSAGE);
    await tx.delete(teamMembers).where(eq(teamMembers.id, member.id));
    await recordAudit(tx, {
      teamId: team.id,
      action: 'member.removed',
      objectType: 'member',
      objectId: member.id,
      changes: { user: [member.userId, null], role: [member.role, null], status: [member.status, null] },
    });
  });
}
