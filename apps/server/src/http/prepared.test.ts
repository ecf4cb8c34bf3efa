import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { teamMembers, users } from '../db/schema/index.ts';
import { createTeam } from '../features/teams/service.ts';
import { openTestDatabase } from '../test/database.ts';
import { preparedPerShape } from './prepared.ts';

/** The row mapper worked out once per statement gives what Drizzle's own mapping gives, on either engine. */
describe('statements prepared per shape', () => {
  let database: Database;
  let teamId: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    const { db } = database;
    const team = await createTeam({ db }, { title: 'Mapped' });
    teamId = team.id;
    const created = await db
      .insert(users)
      .values([
        { username: 'a@example.org', email: 'a@example.org', emailToVerify: 'new@example.org' },
        { username: 'b@example.org', email: 'b@example.org' },
      ])
      .returning();
    await db
      .insert(teamMembers)
      .values(
        created.map((user, index) => ({ teamId, userId: user.id, pseudo: `P${index}`, role: 'admin' })),
      );
    await db.insert(users).values({ username: 'alone@example.org', email: 'alone@example.org' });
  });
  afterAll(() => database.close());

  // Nested objects, a column with a null, a timestamp, a boolean, a count and a SQL value with its own decoder.
  const selection = {
    member: { id: teamMembers.id, pseudo: teamMembers.pseudo, createTime: teamMembers.createTime },
    user: { id: users.id, emailToVerify: users.emailToVerify, isActive: users.isActive },
    total: sql`count(*) over ()`.mapWith(Number),
    doubled: sql<string>`(${users.id} * 2)::text`.as('doubled'),
  };
  const joined = (db: Database['db'], team: number | ReturnType<typeof sql.placeholder>) =>
    db
      .select(selection)
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(eq(teamMembers.teamId, team))
      .orderBy(teamMembers.id);
  const statements = preparedPerShape('mapped_test', (db, _shape: null, name) => ({
    page: joined(db, sql.placeholder('team')).prepare(name('page')),
    counted: db.select({ n: count() }).from(users).prepare(name('count')),
    outer: db
      .select({ user: { id: users.id }, member: { id: teamMembers.id } })
      .from(users)
      .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
      .orderBy(users.id)
      .prepare(name('outer')),
  }));

  it('maps rows as Drizzle does', async () => {
    const { db } = database;
    const { page, counted } = statements(db, null);
    const rows = await page.execute({ team: teamId });
    expect(rows).toEqual(await joined(db, teamId));
    expect(rows).toHaveLength(2);
    expect(rows[0]?.member.createTime).toBeInstanceOf(Date);
    expect(rows[0]?.user.emailToVerify).toBe('new@example.org');
    expect(rows[1]?.user.emailToVerify).toBeNull();
    expect(rows[0]?.total).toBe(2);
    expect(rows[0]?.doubled).toBe(String((rows[0]?.user.id ?? 0) * 2));
    expect(await counted.execute()).toEqual([{ n: 3 }]);
  });

  it('keeps Drizzle’s mapping where an outer join may miss its row', async () => {
    const rows = await statements(database.db, null).outer.execute();
    expect(rows.at(-1)).toEqual({ user: { id: expect.any(Number) }, member: null });
  });
});
