import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { issueAccesses, issueSubmissions, teamMembers, users } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { initialVerificationStatus } from '../mail/suppressions.ts';

type Queries = Pick<Db, 'insert' | 'select'>;

const lowerEmail = sql<string>`lower(${users.email})`;

/**
 * The judge identities of these addresses (in lower case), created when missing (decision 42): rows
 * that never hold a password and that sign-in, reset and team invitations never find. A judge is an
 * address answering through a personal link, so whether the address also has an account changes
 * neither the admin's answer nor what the link opens.
 */
export async function findOrCreateJudgeIdentities(db: Queries, emails: string[]) {
  if (emails.length === 0) return new Map<string, UserRow>();
  await db
    .insert(users)
    .values(
      emails.map((email) => ({
        username: `judge-${randomBytes(12).toString('hex')}`,
        email,
        isJudgeOnly: true,
        // An address that already bounced for good is invalid from the start, not once a mail fails.
        emailVerificationStatus: initialVerificationStatus(email),
      })),
    )
    .onConflictDoNothing();
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.isJudgeOnly, true), inArray(lowerEmail, emails)));
  return new Map(rows.map((row) => [row.email.toLowerCase(), row]));
}

export interface AddressState {
  /** The address's account is a member (any status) of the selection's team: admins cannot judge. */
  isAdmin: boolean;
  /** A row of the address (its judge identity, or an account from before decision 42) judging here. */
  judge: { user: UserRow; token: string | null } | null;
  hasSubmitted: boolean;
}

/** What each address (in lower case) already is to a selection, over every row that carries it. */
export async function findAddressStates(
  db: Queries,
  issue: { id: number; teamId: number },
  emails: string[],
): Promise<Map<string, AddressState>> {
  const states = new Map<string, AddressState>();
  if (emails.length === 0) return states;
  const rows = await db
    .select({
      user: users,
      isMember: sql<boolean>`${teamMembers.id} is not null`,
      token: issueAccesses.token,
      hasAccess: sql<boolean>`${issueAccesses.id} is not null`,
      hasSubmitted: sql<boolean>`exists (select 1 from ${issueSubmissions} where ${issueSubmissions.issueId} = ${issue.id} and ${issueSubmissions.userId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(teamMembers, and(eq(teamMembers.userId, users.id), eq(teamMembers.teamId, issue.teamId)))
    .leftJoin(issueAccesses, and(eq(issueAccesses.userId, users.id), eq(issueAccesses.issueId, issue.id)))
    .where(inArray(lowerEmail, emails));
  for (const row of rows) {
    const email = row.user.email.toLowerCase();
    const state = states.get(email) ?? { isAdmin: false, judge: null, hasSubmitted: false };
    state.isAdmin ||= row.isMember;
    state.hasSubmitted ||= row.hasSubmitted;
    if (row.hasAccess && !state.judge) state.judge = { user: row.user, token: row.token };
    states.set(email, state);
  }
  return states;
}
