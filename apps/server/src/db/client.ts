import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { statementsInTurns } from './pglite-turns.ts';
import { upkeepPglite } from './pglite-upkeep.ts';
import { QueuedPool } from './queued-pool.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type features use, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /**
   * Where reports and exports read: on PostgreSQL a pool of their own, so that a few heavy reads cannot
   * hold every connection while judges and applicants submit; on the embedded engine the same as `db`.
   */
  reportDb: Db;
  /**
   * Where the background work runs (the mail queue, the report's fold, purges): on PostgreSQL a pool of its
   * own with no statement bound, since a fold cancelled half-way would start over for good; the same as `db`
   * on the embedded engine.
   */
  backgroundDb: Db;
  /**
   * Where judges' answers are written: on PostgreSQL a pool of about the machine's cores (decision 229).
   * A submission of thousands of answers keeps a core busy; ten of them at once gave the report's fold,
   * one session among eleven, a share too small to keep up, and the report showed a burst's edits 10.7 s
   * after the last reply; three at once, 3.5 s, at about the same throughput. The same as `db` on the embedded engine.
   */
  answersDb: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded engine only: its data directory as a gzipped tarball. */
  pglite?: PGlite;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK_KEY = 712_001;
/** As often as autovacuum looks (its naptime): a look at tables that did not change costs a few ms. */
const PGLITE_UPKEEP_EVERY_MS = 60_000;

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded engine is used. */
  url?: string;
  /** Where the embedded engine keeps its files; absent means in memory (tests). */
  dataDir?: string;
  /** Restore the embedded engine from a backup tarball. */
  loadDataDir?: Blob;
  /** An embedded engine already started (startPglite), which `close` then leaves open for its owner. */
  pglite?: PGlite;
  /** PostgreSQL only: how long a connection and a statement may take (tests shorten them). */
  waits?: PostgresWaits;
  /** PostgreSQL only: the answers' connections (`answersDb`); absent, the machine's cores + 1. */
  answerConnections?: number;
}

export interface PostgresWaits {
  connectMs: number;
  /** How long a request waits for one of the pool's connections while every one is busy (decision 191). */
  queueMs: number;
  /** 0: not bounded. */
  statementMs: number;
  reportStatementMs: number;
}

/**
 * Every wait on PostgreSQL is bounded, so that a frozen or overloaded server ends in a 503 rather than a
 * request that hangs (it waited 150 s for good with no bound): a new connection within 5 s, a statement
 * within 30 s (a report's within 50 s), cancelled by the server itself, both under a proxy's usual 60 s;
 * and, for a server that answers nothing at all, the client gives up 2 s later. A busy pool's connection
 * is waited for 20 s, in order: a deadline's rush queues rather than fails (decision 191), and a request
 * that waited its 20 s and then ran a submission's few seconds still answers before the proxy's 60 s.
 */
export const POSTGRES_WAITS: PostgresWaits = {
  connectMs: 5_000,
  queueMs: 20_000,
  statementMs: 30_000,
  reportStatementMs: 50_000,
};
const CLIENT_GRACE_MS = 2_000;
/** Connections per process: requests as before, and reports' and the background work's few beside them. */
const POOL_SIZES = { requests: 10, reports: 3, background: 2 };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.waits, options.answerConnections)
    : openPglite(options);
}

/** The embedded engine on `dataDir` (in memory without), or restored from `loadDataDir`. */
export function startPglite({ dataDir, loadDataDir }: Pick<DatabaseOptions, 'dataDir' | 'loadDataDir'>) {
  const dir = dataDir ? path.join(dataDir, 'pgdata') : undefined;
  if (dir) mkdirSync(dir, { recursive: true });
  // One process owns the files (see data-dir-lock.ts), so fsync buys nothing but latency here.
  // The extensions the migrations create (0025: the items list's search index); PostgreSQL ships them.
  return PGlite.create({
    dataDir: dir,
    postgresqlconf: ['fsync=off'],
    loadDataDir,
    extensions: { pg_trgm, btree_gin },
    // bytea's hex text decoded natively: PGlite's own parser calls a function a byte, ~6 ms on the event
    // loop for the 60,000 bytes of 5,000 of the top k's values (decision 231).
    parsers: { [types.BYTEA]: (text: string) => new Uint8Array(Buffer.from(text.slice(2), 'hex')) },
  });
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const client = statementsInTurns(options.pglite ?? (await startPglite(options)));
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  // PGlite has no autovacuum: without fresh statistics the planner loops over joins that it should hash
  // (a selection's items page took 570–930 ms at 2,000 items, 70–110 ms once analyzed); without a vacuum's
  // visibility map the reports cannot read their values by an index-only scan (migration 0019).
  await client.exec('analyze');
  let upkeep: Promise<unknown> | undefined;
  const analyzer = setInterval(() => {
    // A long vacuum is not started again beside itself.
    upkeep ??= upkeepPglite(client)
      .catch(() => {})
      .finally(() => {
        upkeep = undefined;
      });
  }, PGLITE_UPKEEP_EVERY_MS);
  analyzer.unref();
  const close = async () => {
    clearInterval(analyzer);
    await upkeep;
    if (!options.pglite) await client.close();
  };
  return { db, reportDb: db, backgroundDb: db, answersDb: db, engine: 'pglite', pglite: client, close };
}

async function openPostgres(
  url: string,
  waits = POSTGRES_WAITS,
  answerConnections = os.availableParallelism() + 1,
): Promise<Database> {
  await migrateWithLock(url);
  const requests = openPool(url, 'shortlist', POOL_SIZES.requests, waits, waits.statementMs);
  const reports = openPool(url, 'shortlist-reports', POOL_SIZES.reports, waits, waits.reportStatementMs);
  const background = openPool(url, 'shortlist-background', POOL_SIZES.background, waits);
  const answers = openPool(url, 'shortlist-answers', answerConnections, waits, waits.statementMs);
  const drizzleOf = (pool: pg.Pool) => drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db: drizzleOf(requests),
    reportDb: drizzleOf(reports),
    backgroundDb: drizzleOf(background),
    answersDb: drizzleOf(answers),
    engine: 'postgres',
    close: async () => {
      await Promise.all([requests.end(), reports.end(), background.end(), answers.end()]);
    },
  };
}

/**
 * `name` is the connections' application_name: pg_stat_activity tells the pools apart. Without
 * `statementMs`, statements are not bounded (the background work's).
 */
function openPool(url: string, name: string, max: number, waits: PostgresWaits, statementMs?: number) {
  const pool = new QueuedPool(
    {
      connectionString: url,
      application_name: name,
      max,
      // Connections once opened are kept: a rush after a quiet hour would otherwise open ten at once
      // while the server parses its first bodies, and the event loop's delay counted against their 5 s.
      min: max,
      connectionTimeoutMillis: waits.connectMs,
      ...(statementMs
        ? { statement_timeout: statementMs, query_timeout: statementMs + CLIENT_GRACE_MS }
        : {}),
      keepAlive: true,
    },
    waits.queueMs,
  );
  // An idle connection closed by the server (restart, failover, terminate) must not crash the
  // process: the pool has already dropped it and the next query opens a new one.
  pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
  return pool;
}

/** Several API processes may start at once; an advisory lock lets one of them migrate. */
async function migrateWithLock(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
