import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, stopCluster } from '../../../../scripts/pg-cluster.mjs';
import { type App, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from './client.ts';
import { databaseWait } from './database-wait.ts';
import { users } from './schema/index.ts';

/** Short bounds, so that the test waits seconds where production waits 5 s and 30 s. */
const WAITS = { connectMs: 1_000, queueMs: 1_000, statementMs: 1_500, reportStatementMs: 4_000 };
/** The longest a request may take with the server frozen: a statement's bound, the client's grace, slack. */
const BOUND_MS = WAITS.statementMs + 2_000 + 1_500;

/** The cluster's postmaster and its backends, stopped or resumed as one (SIGSTOP: a frozen server). */
function signalCluster(dir: string, signal: 'STOP' | 'CONT') {
  const postmaster = readFileSync(path.join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0] ?? '';
  const children = execFileSync('pgrep', ['-P', postmaster]).toString().trim().split('\n');
  execFileSync('kill', [`-${signal}`, postmaster, ...children.filter(Boolean)]);
}

const signIn = (app: App) =>
  app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { username: 'nobody@example.org', password: 'not-a-password' },
  });

// Its own cluster, frozen on purpose: only where PostgreSQL's binaries are known to be (CI's PostgreSQL run).
describe.runIf(process.env.TEST_DATABASE_URL)('a frozen or slow PostgreSQL', () => {
  let cluster: { url: string; dir: string };
  let database: Database;
  let app: App;

  beforeAll(async () => {
    cluster = await startCluster();
    database = await openDatabase({ url: cluster.url, waits: WAITS });
    app = await buildApp({
      config: loadConfig({ DATA_DIR: '/nonexistent', PUBLIC_URL: 'http://shortlist.test' }),
      db: database.db,
      reportDb: database.reportDb,
      engine: database.engine,
      jwtSecret: 'test-secret-test-secret-test-secret-42',
      logger: false,
    });
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    if (cluster) signalCluster(cluster.dir, 'CONT');
    await app?.close();
    await database?.close();
    if (cluster) stopCluster(cluster.dir);
  });

  it('cancels a statement past its bound, which reads as a timeout', async () => {
    const started = performance.now();
    const failure = await database.db.execute(sql`select pg_sleep(5)`).catch((error: unknown) => error);
    expect(databaseWait(failure)).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(WAITS.statementMs + 1_000);
  });

  it('reads reports on their own connections, which cannot take the requests’ ones', async () => {
    const poolOf = async (name: string) => {
      const { rows } = (await database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where application_name = ${name}`,
      )) as unknown as { rows: { n: number }[] };
      return rows[0]?.n;
    };
    expect(await poolOf('shortlist-reports')).toBe(0);
    const [user] = await database.db
      .insert(users)
      .values({ username: 'admin@example.org', email: 'admin@example.org' })
      .returning();
    const token = (await app.ctx.tokens.issuePair(user?.id ?? 0)).access;
    const report = await app.inject({
      method: 'GET',
      url: '/api/v1/issues/999/ranked_report/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(report.statusCode).toBe(404);
    expect(await poolOf('shortlist-reports')).toBeGreaterThan(0);
    // The background work has its own connections, with no bound: a fold cancelled half-way would start over.
    const background = await database.backgroundDb.execute(sql`select pg_sleep(2)`).then(
      () => 'done',
      (error: unknown) => error,
    );
    expect(background).toBe('done');
    expect(await poolOf('shortlist-background')).toBeGreaterThan(0);

    // Every report connection busy (3) and more reports queued: a request still answers at once.
    const slowReports = Array.from({ length: 5 }, () =>
      database.reportDb.execute(sql`select pg_sleep(1.5)`).then(
        () => 'read',
        (error: unknown) => databaseWait(error),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    expect((await signIn(app)).statusCode).toBe(401);
    expect(performance.now() - started).toBeLessThan(1_000);
    // A report queued past the wait for a connection is told to come back, as a frozen server's requests are.
    expect((await Promise.all(slowReports)).sort()).toEqual([
      'read',
      'read',
      'read',
      'unavailable',
      'unavailable',
    ]);
  });

  it('answers 503 within its bound while the server is frozen, and recovers without a restart', async () => {
    expect((await signIn(app)).statusCode).toBe(401);
    signalCluster(cluster.dir, 'STOP');
    try {
      // More requests than the pool's 10 connections: none may wait for good behind the others.
      const started = performance.now();
      const replies = await Promise.all(Array.from({ length: 14 }, () => signIn(app)));
      const waited = performance.now() - started;
      for (const reply of replies) {
        expect(reply.statusCode).toBe(503);
        expect(reply.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
        expect(reply.headers['retry-after']).toBe('5');
      }
      expect(waited).toBeLessThan(2 * BOUND_MS);

      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      const readyStarted = performance.now();
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks.database).not.toBe('ok');
      expect(performance.now() - readyStarted).toBeLessThan(3_000);
    } finally {
      signalCluster(cluster.dir, 'CONT');
    }
    // The same pool, once the server answers again.
    let reply = await signIn(app);
    for (let tries = 0; reply.statusCode !== 401 && tries < 20; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      reply = await signIn(app);
    }
    expect(reply.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  }, 60_000);
});
