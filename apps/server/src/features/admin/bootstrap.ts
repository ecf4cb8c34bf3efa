import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teamMembers, users } from '../../db/schema/index.ts';
import { hashPassword } from '../auth/passwords.ts';
import { createTeam } from '../teams/service.ts';

export const DEMO_TEAM_TITLE = 'Demo workspace';

/**
 * On first start (no user at all) creates the superuser and a demo workspace they administer.
 * Returns the generated password when none was configured, so the caller prints it once.
 */
export async function bootstrapFirstStart(
  db: Db,
  options: { adminEmail?: string; adminPassword?: string },
): Promise<{ email: string; generatedPassword?: string } | null> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return null;
  const email = (options.adminEmail ?? 'admin@localhost').toLowerCase();
  const generatedPassword = options.adminPassword ? undefined : randomBytes(12).toString('base64url');
  const password = options.adminPassword ?? generatedPassword ?? '';
  const passwordHash = await hashPassword(password);
  // One transaction: a failure half-way would leave a superuser and no demo workspace for good.
  await db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values({ username: email, email, passwordHash, isSuperuser: true, isStaff: true, firstName: 'Admin' })
      .returning();
    if (!admin) throw new Error('superuser insert returned nothing');
    const team = await createTeam(
      { db: tx },
      {
        title: DEMO_TEAM_TITLE,
        description:
          'A workspace to try Shortlist: collect items, review them and have judges evaluate them.',
        package: { mass_emails: true, datum_field_custom_type_budget: true },
      },
    );
    await tx
      .insert(teamMembers)
      .values({ teamId: team.id, userId: admin.id, pseudo: 'Admin', role: 'admin' });
  });
  return { email, generatedPassword };
}
