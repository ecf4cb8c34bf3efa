import type { InjectOptions } from 'fastify';
import { type App, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { teamMembers, users } from '../db/schema/index.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { createTeam as insertTeam } from '../features/teams/service.ts';
import { openTestDatabase } from './database.ts';

export const TEST_PASSWORD = 'correct-horse-battery';

export interface TestAppOptions {
  env?: Record<string, string>;
  accessTokenSeconds?: number;
  /** A built web app to serve, for tests of how it is served. */
  webDist?: string;
  /** Where the app's log goes, at level info, for tests of what it logs; silent by default. */
  logStream?: { write(line: string): void };
}

/**
 * The real app on a fresh database, with small factories to build test data. Requests go through
 * the whole HTTP stack with `inject`.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const database = await openTestDatabase();
  const config = loadConfig({
    DATA_DIR: '/nonexistent',
    PUBLIC_URL: 'http://shortlist.test',
    ...options.env,
  });
  const build = async (db: typeof database.db, reportDb = db, answersDb = db) => {
    const built = await buildApp({
      config,
      db,
      reportDb,
      answersDb,
      engine: database.engine,
      jwtSecret: 'test-secret-test-secret-test-secret-42',
      logger: options.logStream ? { level: 'info', stream: options.logStream } : false,
      accessTokenSeconds: options.accessTokenSeconds,
      webDist: options.webDist,
    });
    await built.ready();
    return built;
  };
  const app = await build(database.db, database.reportDb, database.answersDb);
  const closeTwin: Array<() => Promise<void>> = [];
  const { db } = database;
  let sequence = 0;

  async function createUser(
    fields: { email?: string; password?: string | null; isSuperuser?: boolean } = {},
  ) {
    sequence += 1;
    const email = fields.email ?? `user${sequence}@example.org`;
    const password = fields.password === undefined ? TEST_PASSWORD : fields.password;
    const [user] = await db
      .insert(users)
      .values({
        username: email,
        email,
        passwordHash: password === null ? null : await hashPassword(password),
        isSuperuser: fields.isSuperuser ?? false,
      })
      .returning();
    if (!user) throw new Error('no user');
    return user;
  }

  async function createTeam(title = `Team ${++sequence}`) {
    return insertTeam({ db }, { title });
  }

  async function addAdmin(teamId: number, userId: number, pseudo = '') {
    await db.insert(teamMembers).values({ teamId, userId, pseudo, role: 'admin' });
  }

  /** A user who administers a new team, with an access token. */
  async function createAdmin(fields: Parameters<typeof createUser>[0] = {}) {
    const user = await createUser(fields);
    const team = await createTeam();
    await addAdmin(team.id, user.id);
    return { user, team, token: await tokenFor(user.id) };
  }

  /** A site administrator's access token. */
  async function superuserToken() {
    return tokenFor((await createUser({ isSuperuser: true })).id);
  }

  async function tokenFor(userId: number) {
    return (await app.ctx.tokens.issuePair(userId)).access;
  }

  function request(options: InjectOptions & { token?: string }) {
    const { token, ...rest } = options;
    return app.inject({
      ...rest,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...rest.headers },
    });
  }

  /**
   * On PostgreSQL, a second app on the same database with its own connection pool, as a second process
   * behind a load balancer would be; on the embedded engine (one process) the app itself.
   */
  async function twin() {
    if (!database.url) return { app: app as App, request };
    const second = await openDatabase({ url: database.url });
    const twinApp = await build(second.db, second.reportDb, second.answersDb);
    closeTwin.push(async () => {
      await twinApp.close();
      await second.close();
    });
    return {
      app: twinApp as App,
      request: (options: InjectOptions) => twinApp.inject(options),
    };
  }

  return {
    app: app as App,
    twin,
    db,
    engine: database.engine,
    request,
    createUser,
    createTeam,
    addAdmin,
    createAdmin,
    superuserToken,
    tokenFor,
    async close() {
      for (const close of closeTwin) await close();
      await app.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
