import {
  type Language,
  type Member,
  type MemberCreate,
  type memberListQuerySchema,
  toLanguage,
} from '@shortlist/contract';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  isTeamAdminCondition,
  type MembershipRow,
  type TeamRow,
  totalOfTeamPage,
} from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { issueAccesses, teamMembers, users } from '../../db/schema/index.ts';
import { againIfRaced } from '../../db/unique-violation.ts';
import type { UserRow } from '../../http/auth.ts';
import { containsPattern, parseOrdering, totalOf } from '../../http/pagination.ts';
import { preparedPerShape } from '../../http/prepared.ts';
import { recordAudit } from '../audit/record.ts';
import { createResetLink, findUserByLogin } from '../auth/service.ts';
import { composeMemberInvitation, type InvitationAccess } from './invitation-mail.ts';

/** The columns a member's reply shows: a page reads these alone. */
const memberReplyColumns = {
  member: {
    id: teamMembers.id,
    pseudo: teamMembers.pseudo,
    status: teamMembers.status,
    selfInvite: teamMembers.selfInvite,
  },
  user: {
    id: users.id,
    email: users.email,
    emailVerificationStatus: users.emailVerificationStatus,
    emailToVerify: users.emailToVerify,
  },
};

/**
 * A member as admins see them. Until the person accepts, only what the admin typed is shown: the
 * account's id and verification status would tell whether the address had an account (decision 42).
 */
export function toMember(
  member: Pick<MembershipRow, keyof typeof memberReplyColumns.member>,
  user: Pick<UserRow, keyof typeof memberReplyColumns.user>,
): Member {
  const hasAccepted = member.status === 'accepted';
  return {
    id: member.id,
    user: hasAccepted
      ? {
          id: user.id,
          email: user.email,
          email_verification_status: user.emailVerificationStatus,
          email_to_verify: user.emailToVerify,
        }
      : {
          id: null,
          email: user.email.toLowerCase(),
          email_verification_status: 'unc',
          email_to_verify: null,
        },
    pseudo: member.pseudo,
    role: { key: 'admin' },
    status: member.status as Member['status'],
    self_invite: member.selfInvite,
  };
}

const MEMBER_ORDERING = ['pseudo', 'email', 'id', 'create_time'] as const;
const memberColumns = {
  pseudo: teamMembers.pseudo,
  email: users.email,
  id: teamMembers.id,
  create_time: teamMembers.createTime,
};

/** Which filters a request of the members list names, and its order: one prepared statement each. */
interface MemberListShape {
  selfInvite: boolean;
  role: boolean;
  issue: boolean;
  search: boolean;
  order: ReturnType<typeof parseOrdering<(typeof MEMBER_ORDERING)[number]>>;
}

const p = sql.placeholder;

/** The members list's page (with the caller's right and the total) and its count, for one shape. */
const memberListStatements = preparedPerShape('members', (db, shape: MemberListShape, name) => {
  const filters: SQL[] = [eq(teamMembers.teamId, p('team'))];
  if (shape.selfInvite) filters.push(eq(teamMembers.selfInvite, p('selfInvite')));
  if (shape.role) filters.push(eq(teamMembers.role, p('role')));
  // Members with an access to the selection: none, as admins cannot judge (decision 13), but never all.
  if (shape.issue) {
    const judges = db.select({ id: issueAccesses.userId }).from(issueAccesses);
    filters.push(inArray(teamMembers.userId, judges.where(eq(issueAccesses.issueId, p('issue')))));
  }
  // The pseudo, or the e-mail of an account whose id the members' rows hold: the count reads the
  // memberships alone, the matching users once. `lower(…) like lower(…)` is what ILIKE does in a UTF-8
  // database (decision 83), and costs less: the count of a search of 10,000 members, joined to their users
  // with ILIKE on both sides, took 20–28 ms; this takes 3–7.
  if (shape.search) {
    const pattern = sql`lower(${p('pattern')})`;
    const byEmail = db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) like ${pattern}`);
    filters.push(
      or(sql`lower(${teamMembers.pseudo}) like ${pattern}`, inArray(teamMembers.userId, byEmail)) as SQL,
    );
  }
  const where = and(...filters);
  const column = memberColumns[shape.order.field];
  // Every member has an account (a foreign key): the count of a team of 10,000 reads its memberships alone.
  const counted = db.select({ n: count() }).from(teamMembers).where(where);
  const page = db
    .select({ ...memberReplyColumns, total: totalOf(counted) })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(where, isTeamAdminCondition(p('caller'), p('team'))))
    .orderBy(shape.order.descending ? desc(column) : asc(column), asc(teamMembers.id))
    .limit(p('limit'))
    .offset(p('offset'));
  return { page: page.prepare(name('page')), counted: counted.prepare(name('count')) };
});

/** A team's members, filtered, sorted and paged in SQL, with the caller's right and the total in the same statement. */
export async function listMembers(
  ctx: AppContext,
  caller: UserRow,
  teamId: number,
  query: z.infer<typeof memberListQuerySchema>,
) {
  const statements = memberListStatements(ctx.db, {
    selfInvite: query.self_invite !== undefined,
    role: query.role__key !== undefined,
    issue: query.issue !== undefined,
    search: Boolean(query.search),
    order: parseOrdering(query.ordering, MEMBER_ORDERING, 'pseudo'),
  });
  const values = {
    team: teamId,
    caller: caller.id,
    selfInvite: query.self_invite,
    role: query.role__key,
    issue: query.issue,
    pattern: query.search ? containsPattern(query.search) : undefined,
    limit: query.limit,
    offset: query.offset,
  };
  const rows = await statements.page.execute(values);
  const counted = () => statements.counted.execute(values);
  const total = await totalOfTeamPage(ctx, caller, teamId, { rows, counted });
  return { count: total, results: rows.map((row) => toMember(row.member, row.user)) };
}

/** Accounts for people invited by e-mail to administer a team: no password until they choose one through a link. */
export function insertInvitedUsers(db: Pick<Db, 'insert'>, emails: string[]) {
  return db
    .insert(users)
    .values(emails.map((email) => ({ username: email, email })))
    .returning();
}

/** Invitation links stay valid longer than a reset link: people read such mail days later. */
const INVITATION_TTL_MINUTES = 7 * 24 * 60;

/** Where an invited person answers: the list of their invitations (`/invitations`). */
export const INVITATIONS_PATH = '/invitations';

/**
 * Invites an admin to the team: the membership stays pending until the person accepts it (decision 42).
 * The admin gets the same answer whether or not the address has an account; the person is told by
 * e-mail, with a link to choose a password first when the account has none. Someone already a member or
 * invited is EXISTED; someone who refused is invited again.
 */
export function addMember(
  ctx: AppContext,
  team: TeamRow,
  input: Required<MemberCreate>,
  inviter: Pick<UserRow, 'language'>,
) {
  return againIfRaced(() => inviteMember(ctx, team, input, inviter));
}

async function inviteMember(
  ctx: AppContext,
  team: TeamRow,
  input: Required<MemberCreate>,
  inviter: Pick<UserRow, 'language'>,
) {
  const existing = await findUserByLogin(ctx, input.email);
  const [current] = existing
    ? await ctx.db
        .select()
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, existing.id)))
    : [];
  if (existing && current && current.status !== 'refused')
    return { type: 'EXISTED' as const, member: toMember(current, existing) };
  const { user, member } = await ctx.db.transaction(async (tx) => {
    const user = existing ?? (await insertInvitedUsers(tx, [input.email]))[0];
    if (!user) throw new Error('user insert returned nothing');
    const invitation = { pseudo: input.pseudo, status: 'pending', createTime: new Date() };
    const [member] = current
      ? await tx.update(teamMembers).set(invitation).where(eq(teamMembers.id, current.id)).returning()
      : await tx
          .insert(teamMembers)
          .values({ teamId: team.id, userId: user.id, role: 'admin', ...invitation })
          .returning();
    if (!member) throw new Error('member write returned nothing');
    await recordAudit(tx, {
      teamId: team.id,
      action: 'member.invited',
      objectType: 'member',
      objectId: member.id,
      changes: {
        user: [null, user.id],
        role: [null, member.role],
        status: [current?.status ?? null, 'pending'],
      },
    });
    return { user, member };
  });
  // In the person's language if they have an account, else in the inviting admin's.
  await mailInvitation(ctx, team, user, toLanguage(existing?.language ?? inviter.language));
  return { type: 'INVITED' as const, member: toMember(member, user) };
}

async function mailInvitation(ctx: AppContext, team: TeamRow, user: UserRow, language: Language) {
  const access: InvitationAccess = team.ssoOnly ? 'sso' : user.passwordHash ? 'password' : 'newPassword';
  // A team that requires SSO: a password link would set a password that it then refuses.
  const link =
    access === 'sso'
      ? new URL(`/login?${new URLSearchParams({ next: INVITATIONS_PATH })}`, ctx.config.publicUrl).toString()
      : access === 'password'
        ? new URL(INVITATIONS_PATH, ctx.config.publicUrl).toString()
        : await createResetLink(ctx, user, { next: INVITATIONS_PATH, ttlMinutes: INVITATION_TTL_MINUTES });
  await ctx.mailer.send({
    ...composeMemberInvitation({ to: user.email, language, teamTitle: team.title, link, access }),
    carries: { teamId: team.id },
  });
}
