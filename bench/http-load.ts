// HTTP load benchmark (`npm run bench`): the real app on PGlite and on PostgreSQL, against a bare
// Fastify route, over loopback with autocannon. Fixed duration and connections, so it stops by itself. Every
// request is asked as a browser asks (`accept-encoding`): the app compresses what it would compress for one.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import type { Database } from '../apps/server/src/db/client.ts';
import { teamMembers, users } from '../apps/server/src/db/schema/index.ts';
import { createTeam } from '../apps/server/src/features/teams/service.ts';
import { buildBenchApp, describeMachine, withPglite, withPostgres } from './bench-app.ts';
import { BROWSER_HEADERS } from './lists-floor/load-process.ts';

const HOST = '127.0.0.1';
const DURATION_S = 10;
const WARMUP_S = 2;
const CONNECTIONS = 10;
const TEAMS = 50;
const MEMBERS = 200;

interface Row {
  name: string;
  engine: string;
  rps: number;
  p50: number;
  p99: number;
}

/** One case: a short discarded warm-up (JIT, pool, plan caches), then the measured run. */
async function measure(name: string, engine: string, url: string, token?: string): Promise<Row> {
  const options = {
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: token ? { ...BROWSER_HEADERS, authorization: `Bearer ${token}` } : BROWSER_HEADERS,
    // The load generator runs in a worker thread so that it does not share the server's event loop.
    workers: 1,
  };
  await autocannon({ ...options, duration: WARMUP_S });
  const result = await autocannon(options);
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0 || result.requests.total === 0) {
    throw new Error(
      `${name} on ${engine}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts ` +
        `(status codes ${JSON.stringify(result.statusCodeStats)})`,
    );
  }
  console.error(`  ${name} (${engine}): ${Math.round(result.requests.mean)} req/s`);
  return { name, engine, rps: result.requests.mean, p50: result.latency.p50, p99: result.latency.p99 };
}

/** The floor: Fastify 5 with one JSON route and nothing else, same host, same load. */
async function benchBare(): Promise<Row> {
  const bare = Fastify({ logger: false });
  bare.get('/ping', async () => ({ ok: true, name: 'shortlist' }));
  const base = await bare.listen({ port: 0, host: HOST });
  try {
    return await measure('bare Fastify GET /ping', 'none', `${base}/ping`);
  } finally {
    await bare.close();
  }
}

/** A user who administers 50 teams; the first team has 200 members (the user and 199 others). */
async function seed(database: Database) {
  const { db } = database;
  // No password hashes: argon2 is not what this benchmark measures, and the token is issued directly.
  const [user] = await db
    .insert(users)
    .values({ username: 'bench@example.org', email: 'bench@example.org' })
    .returning();
  if (!user) throw new Error('no user');
  const teamIds: number[] = [];
  for (let i = 0; i < TEAMS; i++) {
    const team = await createTeam({ db }, { title: `Team ${String(i + 1).padStart(2, '0')}` });
    teamIds.push(team.id);
  }
  await db.insert(teamMembers).values(teamIds.map((teamId) => ({ teamId, userId: user.id, role: 'admin' })));
  const others = await db
    .insert(users)
    .values(
      Array.from({ length: MEMBERS - 1 }, (_, i) => ({
        username: `m${i}@example.org`,
        email: `m${i}@example.org`,
      })),
    )
    .returning({ id: users.id });
  const bigTeam = teamIds[0] as number;
  await db
    .insert(teamMembers)
    .values(others.map(({ id }, i) => ({ teamId: bigTeam, userId: id, pseudo: `Member ${i}` })));
  return { userId: user.id, bigTeam };
}

/** The real app (helmet, rate-limit plugin, swagger, zod, JWT + user lookup) on one database. */
async function benchApp(database: Database, dataDir: string): Promise<Row[]> {
  const app = await buildBenchApp(database, dataDir);
  try {
    const { userId, bigTeam } = await seed(database);
    const token = (await app.ctx.tokens.issuePair(userId)).access;
    const base = await app.listen({ port: 0, host: HOST });
    const membersUrl = `${base}/api/v1/teams/${bigTeam}/members/?limit=10`;
    const teamsUrl = `${base}/api/v1/teams/?limit=10`;
    // One checked request each, so that a 200 with the wrong data cannot pass for a result.
    await expectCount(membersUrl, token, MEMBERS);
    await expectCount(teamsUrl, token, TEAMS);
    return [
      await measure('GET /teams/{id}/members/?limit=10', database.engine, membersUrl, token),
      await measure('GET /teams/?limit=10', database.engine, teamsUrl, token),
    ];
  } finally {
    await app.close();
  }
}

async function expectCount(url: string, token: string, count: number) {
  const response = await fetch(url, { headers: { ...BROWSER_HEADERS, authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { count?: number; results?: unknown[] };
  if (response.status !== 200 || body.count !== count || body.results?.length !== 10) {
    throw new Error(
      `${url}: status ${response.status}, count ${body.count}, expected ${count} (10 on the page)`,
    );
  }
}

function report(rows: Row[]) {
  const bare = rows.find((row) => row.engine === 'none');
  const lines = [
    describeMachine(),
    `Load: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per case after ${WARMUP_S} s warm-up, ${HOST}`,
    '',
    '| case | engine | req/s | p50 (ms) | p99 (ms) | bare / case |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...rows.map((row) => {
      const ratio = bare ? `${(bare.rps / row.rps).toFixed(1)}×` : '–';
      return `| ${row.name} | ${row.engine} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${ratio} |`;
    }),
  ];
  console.log(lines.join('\n'));
}

async function main() {
  console.error(`Benchmarking (about ${5 * (DURATION_S + WARMUP_S)} s of load)...`);
  const rows = [
    await benchBare(),
    ...(await withPglite(benchApp)),
    ...((await withPostgres(benchApp)) ?? []),
  ];
  report(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
