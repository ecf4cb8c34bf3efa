// Shared limits (`npx tsx bench/rate-limits.ts`, decision 44): what counting in PostgreSQL instead of in the
// process's memory costs, in one run on one throwaway PostgreSQL cluster, twice. Two levels:
// - the store alone: one per-IP hit (the fixed-window upsert) and one attempt check + record (the
//   per-form throttle of submissions: two statements);
// - the whole request: a small GET through the real app (helmet, compress, zod…) with a per-IP limit,
//   the app counting in memory vs in PostgreSQL, and the same route without a limit as the floor.
import { randomBytes } from 'node:crypto';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import {
  type Counters,
  createMemoryCounters,
  createPostgresCounters,
} from '../apps/server/src/http/counter-store.ts';
import { createAttemptThrottle } from '../apps/server/src/http/throttle.ts';
import { describeMachine, withPostgres } from './bench-app.ts';

const STORE_OPS = 4_000;
const REQUESTS = 4_000;
/** Clients spread over this many addresses, as a busy public form would see them. */
const ADDRESSES = 200;
const HUGE = { max: 1_000_000_000, timeWindow: '1 minute' } as const;

const microsPer = (ms: number, n: number) => (ms * 1000) / n;

async function timeStore(counters: Counters) {
  const perIp = counters.open(`bench ip ${randomBytes(4).toString('hex')}`);
  const throttle = createAttemptThrottle(counters, {
    name: `bench form ${randomBytes(4).toString('hex')}`,
    max: 1_000_000,
    windowMs: 60_000,
  });
  let started = performance.now();
  for (let i = 0; i < STORE_OPS; i++) await perIp.increment(`10.0.${i % ADDRESSES}.1`, 60_000);
  const hit = microsPer(performance.now() - started, STORE_OPS);
  started = performance.now();
  // Attempts per form: 20 forms, so each key holds up to STORE_OPS / 20 rows within its window.
  for (let i = 0; i < STORE_OPS; i++) {
    const key = String(i % 20);
    await throttle.check(key);
    await throttle.record(key);
  }
  const attempt = microsPer(performance.now() - started, STORE_OPS);
  return { hit, attempt };
}

async function timeRequests(database: Database, dataDir: string, engine: Database['engine']) {
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1', LOG_LEVEL: 'silent' }),
    db: database.db,
    engine,
    jwtSecret: 'bench-secret-bench-secret-bench-secret',
    logger: false,
  });
  app.get('/bench/limited', { config: { rateLimit: HUGE } }, async () => ({ ok: true }));
  app.get('/bench/free', async () => ({ ok: true }));
  await app.ready();
  const run = async (url: string) => {
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) {
      const reply = await app.inject({ method: 'GET', url, remoteAddress: `10.1.${i % ADDRESSES}.1` });
      if (reply.statusCode !== 200) throw new Error(`${url} answered ${reply.statusCode}`);
    }
    return microsPer(performance.now() - started, REQUESTS);
  };
  await run('/bench/free'); // warm-up
  const free = await run('/bench/free');
  const limited = await run('/bench/limited');
  await app.close();
  return { free, limited };
}

const f = (n: number) => n.toFixed(0).padStart(6);

const result = await withPostgres(async (database, dataDir) => {
  const rows: string[] = [];
  for (let repeat = 1; repeat <= 2; repeat++) {
    const memory = await timeStore(createMemoryCounters());
    const postgres = await timeStore(createPostgresCounters(database.db));
    const memoryApp = await timeRequests(database, dataDir, 'pglite');
    const postgresApp = await timeRequests(database, dataDir, 'postgres');
    rows.push(
      `| ${repeat} | per-IP hit (store) | ${f(memory.hit)} | ${f(postgres.hit)} | ${(postgres.hit / memory.hit).toFixed(0)}× |`,
      `| ${repeat} | attempt check + record (store) | ${f(memory.attempt)} | ${f(postgres.attempt)} | ${(postgres.attempt / memory.attempt).toFixed(0)}× |`,
      `| ${repeat} | GET with a per-IP limit (whole request) | ${f(memoryApp.limited)} | ${f(postgresApp.limited)} | ${(postgresApp.limited / memoryApp.limited).toFixed(2)}× |`,
      `| ${repeat} | same GET without a limit (floor) | ${f(memoryApp.free)} | ${f(postgresApp.free)} | |`,
    );
  }
  return rows;
});

if (result) {
  console.log(describeMachine());
  console.log(
    `${STORE_OPS} store calls and ${REQUESTS} sequential requests each, ${ADDRESSES} addresses; µs per call.\n`,
  );
  console.log('| Repeat | What | Memory µs | PostgreSQL µs | PostgreSQL / memory |');
  console.log('|---|---|---|---|---|');
  for (const row of result) console.log(row);
}
