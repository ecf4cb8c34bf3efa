// What the benchmarks share: the real app on a given database, the engines, the machine line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import {
  type Database,
  openDatabase,
  POSTGRES_WAITS,
  type PostgresWaits,
} from '../apps/server/src/db/client.ts';
import { teamMembers, users } from '../apps/server/src/db/schema/index.ts';
import { createTeam } from '../apps/server/src/features/teams/service.ts';
import { startCluster, stopCluster } from '../scripts/pg-cluster.mjs';

/**
 * The real app (helmet, rate-limit plugin, swagger, zod, JWT + user lookup), logging off; the web app with
 * WEB_DIST; the background tasks if asked, as `npm start` runs them.
 */
export function buildBenchApp(
  database: Database,
  dataDir: string,
  env: Record<string, string> = {},
  { backgroundJobs = false }: { backgroundJobs?: boolean } = {},
) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'silent',
    ...env,
  });
  return buildApp({
    config,
    db: database.db,
    reportDb: database.reportDb,
    backgroundDb: database.backgroundDb,
    answersDb: database.answersDb,
    engine: database.engine,
    jwtSecret: 'bench-secret-bench-secret-bench-secret',
    logger: false,
    webDist: config.webDist,
    backgroundJobs,
  });
}

/** The bench's signed-in admin (bench@example.org) and their team. */
export async function seedAdminTeam({ db }: Database) {
  const [user] = await db
    .insert(users)
    .values({ username: 'bench@example.org', email: 'bench@example.org' })
    .returning();
  if (!user) throw new Error('no user');
  const team = await createTeam({ db }, { title: 'Bench team' });
  await db.insert(teamMembers).values({ teamId: team.id, userId: user.id, role: 'admin' });
  return { user, team };
}

/** The embedded engine on disk like a real install (DATA_DIR/pgdata; fsync is off there too). */
export async function withPglite<T>(work: (database: Database, dataDir: string) => Promise<T>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shortlist-bench-'));
  const database = await openDatabase({ dataDir });
  try {
    return await work(database, dataDir);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A throwaway PostgreSQL cluster through the app's pg.Pool of 10; undefined without initdb. `waits`
 * changes the production bounds (a bench of bursts lets its requests wait in the pool's queue).
 */
export async function withPostgres<T>(
  work: (database: Database, dataDir: string) => Promise<T>,
  waits: Partial<PostgresWaits> = {},
) {
  if (spawnSync('initdb', ['--version']).error) {
    console.error('  PostgreSQL skipped: initdb is not on PATH.');
    return undefined;
  }
  const cluster = await startCluster();
  try {
    // Seeds of millions of rows run on the requests' pool as one statement each: no request's 30 s bound.
    const database = await openDatabase({
      url: cluster.url,
      waits: { ...POSTGRES_WAITS, statementMs: 0, ...waits },
      // BENCH_ANSWER_CONNECTIONS=10: judges' answers on as many connections as every request had before decision 229.
      answerConnections: Number(process.env.BENCH_ANSWER_CONNECTIONS) || undefined,
    });
    try {
      return await work(database, cluster.dir);
    } finally {
      await database.close();
    }
  } finally {
    stopCluster(cluster.dir);
  }
}

export function describeMachine() {
  const cpus = os.cpus();
  return (
    `Machine: Node ${process.version}, ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ` +
    `${os.platform()} ${os.release()}`
  );
}

/** The p-th quantile (0–1) of ascending times, nearest rank. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;

/**
 * Runs one benchmark on PGlite, then on PostgreSQL when its binaries exist, and prints the table.
 * `BENCH_ENGINES=postgres` (or `pglite`) runs one engine only, to iterate on a bench; a bench may run
 * fewer engines by default.
 */
export function benchBothEngines<T>(
  what: string,
  benchEngine: (database: Database, dataDir: string) => Promise<T>,
  report: (results: T[]) => void,
  defaultEngines = 'pglite,postgres',
  postgresWaits: Partial<PostgresWaits> = {},
) {
  const engines = (process.env.BENCH_ENGINES ?? defaultEngines).split(',');
  const main = async () => {
    console.error(`Benchmarking ${what}...`);
    const results: T[] = [];
    if (engines.includes('pglite')) results.push(await withPglite(benchEngine));
    const postgres = engines.includes('postgres')
      ? await withPostgres(benchEngine, postgresWaits)
      : undefined;
    if (postgres) results.push(postgres);
    report(results);
  };
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
