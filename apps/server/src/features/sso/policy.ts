import { SSO_REQUIRED_DETAIL } from '@shortlist/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teamMembers, teams, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

/** The `code` of a refused password sign-in, password reset or password-issued refresh. */
export const ssoRequired = () => new AppError(403, { code: 'SSO_REQUIRED', detail: SSO_REQUIRED_DETAIL });

/**
 * A person must sign in through an identity provider when any team they belong to (an accepted
 * membership) requires it; superusers never, so that the operator can get in when the provider is
 * down (decision 82).
 */
export async function isPasswordRefused(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: teams.id })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(
      and(
        eq(teamMembers.userId, userId),
        eq(teamMembers.status, 'accepted'),
        eq(teams.ssoOnly, true),
        eq(users.isSuperuser, false),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function requirePasswordAllowed(db: Db, userId: number) {
  if (await isPasswordRefused(db, userId)) throw ssoRequired();
}

/** The refresh policy: a family that signed in with a password ends when the person must use SSO. */
export async function admitRefresh(db: Db, family: { userId: number; sso?: string }) {
  if (!family.sso) await requirePasswordAllowed(db, family.userId);
}
