import {
  DEFAULT_TEAM_PACKAGE,
  type PageQuery,
  type Team,
  type TeamPackage,
  type teamPatchSchema,
} from '@shortlist/contract';
import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  findMembership,
  isMembershipOf,
  type MembershipRow,
  requireSuperuser,
  requireTeamReader,
  type TeamRow,
} from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { teamMembers, teams } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { fieldErrors, notFound } from '../../http/errors.ts';
import { containsPattern, parseOrdering } from '../../http/pagination.ts';
import { diffRows, recordAudit } from '../audit/record.ts';

const teamEntry = (teamId: number) => ({ teamId, objectType: 'team' as const, objectId: teamId });

export function toTeam(team: TeamRow, membership: MembershipRow | null | undefined): Team {
  return {
    id: team.id,
    title: team.title,
    description: team.description,
    team_image: team.teamImage,
    custom_header: team.customHeader,
    my_membership: membership
      ? { id: membership.id, role: { key: 'admin' }, status: membership.status as 'accepted' }
      : null,
    package: { ...DEFAULT_TEAM_PACKAGE, ...team.package },
    sso_only: team.ssoOnly,
  };
}

const TEAM_ORDERING = ['title', 'id', 'create_time'] as const;
const teamColumns = { title: teams.title, id: teams.id, create_time: teams.createTime };

/** The caller's teams, or every team for a superuser who asks for all of them. */
export async function listTeams(ctx: AppContext, user: UserRow, query: PageQuery & { all?: boolean }) {
  const everyTeam = Boolean(query.all && user.isSuperuser);
  const filters: SQL[] = [];
  if (query.search) filters.push(ilike(teams.title, containsPattern(query.search)));
  const membershipJoin = isMembershipOf(user.id);
  const order = parseOrdering(query.ordering, TEAM_ORDERING, 'title');
  const column = teamColumns[order.field];
  const base = ctx.db.select({ team: teams, membership: teamMembers }).from(teams);
  const joined = everyTeam
    ? base.leftJoin(teamMembers, membershipJoin)
    : base.innerJoin(teamMembers, membershipJoin);
  const counter = ctx.db.select({ n: count() }).from(teams);
  const counted = everyTeam ? counter : counter.innerJoin(teamMembers, membershipJoin);
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    joined
      .where(where)
      .orderBy(order.descending ? desc(column) : asc(column), asc(teams.id))
      .limit(query.limit)
      .offset(query.offset),
    counted.where(where),
  ]);
  return { count: total?.n ?? 0, results: rows.map((row) => toTeam(row.team, row.membership)) };
}

/** A team as its member sees it; superusers may read any team to manage its package. */
export async function getTeam(ctx: AppContext, user: UserRow, teamId: number): Promise<Team> {
  const { team, membership } = await requireTeamReader(ctx, user, teamId);
  return toTeam(team, membership);
}

export async function createTeam(
  ctx: Pick<AppContext, 'db'>,
  input: { title: string; description?: string; package?: Partial<TeamPackage> },
): Promise<TeamRow> {
  const [team] = await ctx.db
    .insert(teams)
    .values({
      title: input.title,
      description: input.description ?? '',
      package: { ...DEFAULT_TEAM_PACKAGE, ...input.package },
    })
    .returning();
  if (!team) throw new Error('team insert returned nothing');
  return team;
}

/** A superuser's new team: they become its first admin, so that they can open it and invite others. */
export async function createTeamAsAdmin(
  ctx: AppContext,
  user: UserRow,
  input: Parameters<typeof createTeam>[1],
): Promise<Team> {
  return ctx.db.transaction(async (tx) => {
    const team = await createTeam({ db: tx }, input);
    const [membership] = await tx
      .insert(teamMembers)
      .values({ teamId: team.id, userId: user.id, pseudo: user.firstName, role: 'admin' })
      .returning();
    await recordAudit(tx, { ...teamEntry(team.id), action: 'team.created', changes: diffRows(null, team) });
    return toTeam(team, membership);
  });
}

/** Admins edit the team's face; only superusers change what its package allows. */
export async function updateTeam(
  ctx: AppContext,
  user: UserRow,
  teamId: number,
  patch: z.infer<typeof teamPatchSchema>,
): Promise<Team> {
  const current = await getTeam(ctx, user, teamId);
  // An empty PATCH changes nothing; the ORM refuses an UPDATE without columns.
  if (Object.keys(patch).length === 0) return current;
  const isAdmin = current.my_membership?.role.key === 'admin';
  if (patch.package) requireSuperuser(user, 'Only a site administrator can change the package.');
  const { package: packagePatch, ...face } = patch;
  if (Object.keys(face).length > 0 && !isAdmin && !user.isSuperuser) throw notFound();
  if (face.sso_only && !current.sso_only && ctx.config.ssoProviders.length === 0)
    throw fieldErrors({
      sso_only: ['No identity provider is configured on this server: the members could not sign in.'],
    });
  const team = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(teams).where(eq(teams.id, teamId)).for('update');
    const [after] = await tx
      .update(teams)
      .set({
        title: face.title,
        description: face.description,
        teamImage: face.team_image,
        customHeader: face.custom_header,
        ssoOnly: face.sso_only,
        package: packagePatch ? { ...current.package, ...packagePatch } : undefined,
      })
      .where(eq(teams.id, teamId))
      .returning();
    if (!before || !after) throw notFound();
    await recordAudit(tx, { ...teamEntry(teamId), action: 'team.updated', changes: diffRows(before, after) });
    return after;
  });
  return toTeam(team, await findMembership(ctx, teamId, user.id));
}
