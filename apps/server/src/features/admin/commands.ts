import { randomBytes } from 'node:crypto';
import { type TeamPackage, teamPackageSchema } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teamMembers, teams, users } from '../../db/schema/index.ts';
import { hashPassword } from '../auth/passwords.ts';
import { findUserByLogin, setPassword } from '../auth/service.ts';
import { createTeam } from '../teams/service.ts';

/** The operator's commands (npm run admin -- …); each returns the lines to print. */
export class CommandError extends Error {}

const generatePassword = () => randomBytes(12).toString('base64url');

async function requireUser(db: Db, email: string) {
  const user = await findUserByLogin({ db }, email);
  if (!user) throw new CommandError(`No user with the e-mail ${email}.`);
  return user;
}

async function requireTeam(db: Db, teamId: number) {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  if (!team) throw new CommandError(`No team with the id ${teamId}.`);
  return team;
}

export async function createUserCommand(
  db: Db,
  options: { email: string; password?: string; superuser?: boolean },
): Promise<string[]> {
  const email = options.email.trim().toLowerCase();
  if (await findUserByLogin({ db }, email))
    throw new CommandError(`A user with the e-mail ${email} exists already.`);
  const password = options.password ?? generatePassword();
  const [user] = await db
    .insert(users)
    .values({
      username: email,
      email,
      passwordHash: await hashPassword(password),
      isSuperuser: Boolean(options.superuser),
      isStaff: Boolean(options.superuser),
    })
    .returning();
  return [
    `Created user ${user?.id} ${email}${options.superuser ? ' (superuser)' : ''}.`,
    ...(options.password ? [] : [`Password: ${password}`]),
  ];
}

export async function createTeamCommand(db: Db, options: { title: string; description?: string }) {
  const title = options.title.trim();
  if (title.length < 2) throw new CommandError('A team title needs at least 2 characters.');
  const team = await createTeam({ db }, { title, description: options.description });
  return [`Created team ${team.id} "${team.title}".`];
}

export async function makeAdminCommand(db: Db, options: { teamId: number; email: string }) {
  const team = await requireTeam(db, options.teamId);
  const user = await requireUser(db, options.email);
  await db
    .insert(teamMembers)
    .values({ teamId: team.id, userId: user.id, role: 'admin' })
    .onConflictDoUpdate({ target: [teamMembers.teamId, teamMembers.userId], set: { role: 'admin' } });
  return [`${user.email} is now an admin of team ${team.id} "${team.title}".`];
}

/** `settings` are `key=value` pairs of the package; values are numbers or true/false. */
export async function setPackageCommand(db: Db, options: { teamId: number; settings: string[] }) {
  const team = await requireTeam(db, options.teamId);
  const patch: Record<string, unknown> = {};
  for (const setting of options.settings) {
    const [key, raw] = setting.split('=');
    if (!key || raw === undefined) throw new CommandError(`Expected key=value, got "${setting}".`);
    patch[key] = raw === 'true' ? true : raw === 'false' ? false : Number(raw);
  }
  const parsed = teamPackageSchema.strict().safeParse({ ...team.package, ...patch });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CommandError(`Invalid package ${issue?.path.join('.') || ''}: ${issue?.message}`);
  }
  await db.update(teams).set({ package: parsed.data }).where(eq(teams.id, team.id));
  return [
    `Package of team ${team.id}:`,
    ...Object.entries(parsed.data as TeamPackage).map(([k, v]) => `  ${k} = ${v}`),
  ];
}

export async function resetPasswordCommand(db: Db, options: { email: string; password?: string }) {
  const user = await requireUser(db, options.email);
  const password = options.password ?? generatePassword();
  await setPassword(db, user.id, password);
  return [`Password of ${user.email} changed.`, ...(options.password ? [] : [`Password: ${password}`])];
}
