import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { teamMembers, teams } from '../../db/schema/index.ts';
import { openTestDatabase } from '../../test/database.ts';
import { checkPassword } from '../auth/passwords.ts';
import { findUserByLogin } from '../auth/service.ts';
import {
  CommandError,
  createTeamCommand,
  createUserCommand,
  makeAdminCommand,
  resetPasswordCommand,
  setPackageCommand,
} from './commands.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const userByEmail = async (email: string) => {
  const user = await findUserByLogin({ db: database.db }, email);
  if (!user) throw new Error(`no ${email}`);
  return user;
};

describe('admin commands', () => {
  it('creates a user with a given or a generated password, once', async () => {
    const { db } = database;
    await createUserCommand(db, { email: 'Given@Example.org', password: 'given-password', superuser: true });
    const given = await userByEmail('given@example.org');
    expect(given.isSuperuser).toBe(true);
    expect(await checkPassword(given.passwordHash, 'given-password')).toBe(true);

    const lines = await createUserCommand(db, { email: 'generated@example.org' });
    const printed = lines.find((line) => line.startsWith('Password: '))?.slice('Password: '.length) ?? '';
    expect(printed.length).toBeGreaterThanOrEqual(12);
    expect(await checkPassword((await userByEmail('generated@example.org')).passwordHash, printed)).toBe(
      true,
    );

    await expect(createUserCommand(db, { email: 'GIVEN@example.org' })).rejects.toThrow(CommandError);
  });

  it('creates a team, makes a user its admin, and sets its package', async () => {
    const { db } = database;
    await createUserCommand(db, { email: 'boss@example.org', password: 'boss-password' });
    const [line] = await createTeamCommand(db, { title: 'Acme' });
    const teamId = Number(line?.match(/team (\d+)/)?.[1]);
    await makeAdminCommand(db, { teamId, email: 'boss@example.org' });
    await makeAdminCommand(db, { teamId, email: 'boss@example.org' }); // twice is harmless
    const members = await db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
    expect(members).toHaveLength(1);
    expect(members[0]?.role).toBe('admin');

    await setPackageCommand(db, { teamId, settings: ['mass_emails=true', 'nb_issues_in_merge=8'] });
    const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
    expect(team?.package).toMatchObject({ mass_emails: true, nb_issues_in_merge: 8, public_issues: true });

    await expect(setPackageCommand(db, { teamId, settings: ['bogus=1'] })).rejects.toThrow(/bogus/);
    await expect(setPackageCommand(db, { teamId, settings: ['nb_issues_in_merge=1'] })).rejects.toThrow(
      /nb_issues_in_merge/,
    );
    await expect(setPackageCommand(db, { teamId, settings: ['mass_emails'] })).rejects.toThrow(/key=value/);
    const [unchanged] = await db.select().from(teams).where(eq(teams.id, teamId));
    expect(unchanged?.package.nb_issues_in_merge).toBe(8);

    await expect(makeAdminCommand(db, { teamId: 99999, email: 'boss@example.org' })).rejects.toThrow(/99999/);
    await expect(makeAdminCommand(db, { teamId, email: 'nobody@example.org' })).rejects.toThrow(/nobody/);
    await expect(createTeamCommand(db, { title: ' x ' })).rejects.toThrow(CommandError);
  });

  it('resets a password', async () => {
    const { db } = database;
    await createUserCommand(db, { email: 'forgetful@example.org', password: 'old-password' });
    await resetPasswordCommand(db, { email: 'forgetful@example.org', password: 'new-password' });
    const user = await userByEmail('forgetful@example.org');
    expect(await checkPassword(user.passwordHash, 'new-password')).toBe(true);
    expect(await checkPassword(user.passwordHash, 'old-password')).toBe(false);
  });
});
