// Lists at their floor (`npm run bench:lists`, issue 14): the members list, the items list (100,000 items,
// with a search and a status filter) and the selections list through the real app, each against a bare
// Fastify route on the same database client that runs the very statements the app ran for that request
// (recorded from the client) and answers their rows. Same load, same run, the two sides taking turns in
// slices (a shared machine's load changes within seconds), two repeats; reports p50 and p99 of each,
// their ratios (goals ≤ 1.5× and ≤ 2×) and the statements per request: the app's counted from the client
// over its whole measured load and divided by the requests the server received in it, the floor's those
// it replays. Both sides are asked as a browser asks (`accept-encoding`); the floor answers the app's own reply
// (recorded with the statements), compressed the same way, so that both send the same bytes. Before the load,
// the bench checks that the floor's rows hold the items the app's page listed.
import os from 'node:os';
import compress from '@fastify/compress';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import type { Database } from '../apps/server/src/db/client.ts';
import { REPLY_COMPRESSION } from '../apps/server/src/http/page-encoding.ts';
import { JSON_TYPE } from '../apps/server/src/http/raw-json.ts';
import { benchBothEngines, buildBenchApp, describeMachine, percentile, seedAdminTeam } from './bench-app.ts';
import { BROWSER_HEADERS, fractionalLoad, type LoadOptions } from './lists-floor/load-process.ts';
import { countStatements, recordStatements } from './lists-floor/recorder.ts';

const HOST = '127.0.0.1';
const DURATION_S = 8;
const MIN_SAMPLES = 300;
const MAX_DURATION_S = 60;
/** Each side's load in a repeat comes as this many slices, alternating with the other side's. */
const SLICES = 4;
const WARMUP_S = 2;
const CONNECTIONS = 10;
const RUNS = 2;
const ITEMS = 100_000;
const MEMBERS = 200;
const SELECTIONS = 60;

interface Latency {
  p50: number;
  p99: number;
  /** Requests completed in the measured load. */
  requests: number;
}
interface CaseResult {
  name: string;
  /** The statements the floor replays per request. */
  statements: number;
  /** The app's statements per request under load, one per run. */
  appStatements: number[];
  runs: { app: Latency; floor: Latency }[];
}

/**
 * Long enough for MIN_SAMPLES responses at the warm-up's pace: a slow list (a search over 100,000 items on
 * PGlite, 8 a second) answers 60 in 8 s, and the p99 of 60 is their slowest, one stall of either side.
 */
const durationFor = (perSecond: number) =>
  Math.min(MAX_DURATION_S, Math.max(DURATION_S, Math.ceil((1.2 * MIN_SAMPLES) / Math.max(perSecond, 1))));

const loadOptions = (url: string, durationS: number, token?: string): LoadOptions => ({
  url,
  connections: CONNECTIONS,
  durationS,
  headers: token ? { ...BROWSER_HEADERS, authorization: `Bearer ${token}` } : BROWSER_HEADERS,
});

/** One load; its responses' latencies, every one a success. */
async function latenciesOf(options: LoadOptions) {
  const result = await fractionalLoad(options);
  if (result.failures > 0 || result.requests === 0)
    throw new Error(`${options.url}: ${result.failures} failed of ${result.requests} requests`);
  return result.latencies;
}

function latencyOf(latencies: number[]): Latency {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), requests: sorted.length };
}

/** A team of 200 members, 100,000 items (one in ten reviewed), 60 selections; its admin. */
async function seed(database: Database) {
  const { db } = database;
  const { user, team } = await seedAdminTeam(database);
  await db.execute(sql`INSERT INTO users (username, email)
    SELECT 'm' || i || '@bench.test', 'm' || i || '@bench.test' FROM generate_series(1, ${MEMBERS - 1}) i`);
  await db.execute(sql`INSERT INTO team_members (team_id, user_id, pseudo)
    SELECT ${team.id}, id, 'Member ' || id FROM users WHERE email LIKE '%@bench.test'`);
  const [model] = (
    (await db.execute(
      sql`INSERT INTO data_models (team_id, title) VALUES (${team.id}, 'Startups') RETURNING id`,
    )) as unknown as { rows: { id: number }[] }
  ).rows;
  await db.execute(sql`INSERT INTO datasets (data_model_id, team_id, title, create_time, update_time)
    SELECT ${model?.id}, ${team.id},
      (array['Solar','Urban','Green','Ocean','Smart','Open','Rural','Bio'])[i % 8 + 1] || ' ' ||
      (array['Lab','Farm','Grid','Works','Hub','Studio','Project'])[i % 7 + 1] || ' ' || i,
      now() - i * interval '1 second', now() - i * interval '1 second'
    FROM generate_series(1, ${ITEMS}) i`);
  const [status] = (
    (await db.execute(sql`INSERT INTO review_statuses (team_id, label, bg_color)
      VALUES (${team.id}, 'Shortlisted', '#d9f7be') RETURNING id`)) as unknown as { rows: { id: number }[] }
  ).rows;
  await db.execute(sql`INSERT INTO reviews (dataset_id, status_id)
    SELECT id, ${status?.id} FROM datasets WHERE team_id = ${team.id} AND id % 10 = 0`);
  await db.execute(sql`INSERT INTO issues (team_id, resourcetype, title, min_rating, max_rating, step)
    SELECT ${team.id}, 'RatingIssue', 'Selection ' || i, 0, 5, 1 FROM generate_series(1, ${SELECTIONS}) i`);
  await db.execute(sql`ANALYZE`);
  return { userId: user.id, teamId: team.id, statusId: status?.id ?? 0 };
}

async function benchEngine(database: Database, dataDir: string): Promise<CaseResult[]> {
  const app = await buildBenchApp(database, dataDir);
  const bare = Fastify({ logger: false });
  await bare.register(compress, REPLY_COMPRESSION);
  try {
    console.error(`  ${database.engine}: seeding ${ITEMS.toLocaleString('en')} items...`);
    const { userId, teamId, statusId } = await seed(database);
    const token = (await app.ctx.tokens.issuePair(userId)).access;
    // The app's requests as the server received them. A request cut off when a load stops still runs
    // its statements, so it counts, and the statements are counted until the client has been quiet.
    // Counted by the HTTP server itself, not by a hook: the app must not do work that the floor does not.
    let received = 0;
    const base = await app.listen({ port: 0, host: HOST });
    app.server.on('request', () => {
      received += 1;
    });
    const cases = [
      { name: 'members, page of 10', path: `/teams/${teamId}/members/?limit=10` },
      { name: 'items, 100,000, page of 20', path: `/datasets/?team=${teamId}&limit=20` },
      {
        name: 'items, search "lab" + status, title order',
        path: `/datasets/?team=${teamId}&search=lab&reviews__status=${statusId}&ordering=title&limit=20`,
      },
      { name: 'selections, page of 10', path: `/issues/?team=${teamId}&limit=10` },
    ];
    // Each case's floor replays, in order, the statements the app ran for one request of it.
    const replays: Awaited<ReturnType<typeof recordStatements>>[] = [];
    for (const [index, c] of cases.entries()) {
      let body = '';
      const statements = await recordStatements(database, async () => {
        const reply = await fetch(`${base}/api/v1${c.path}`, {
          headers: { ...BROWSER_HEADERS, authorization: `Bearer ${token}` },
        });
        body = await reply.text();
        if (reply.status !== 200) throw new Error(`${c.path}: ${reply.status} ${body}`);
      });
      // The floor's SQL finds what the app listed: the same answer, before either is timed.
      const ids = (JSON.parse(body) as { results: { id: unknown }[] }).results.map((result) => result.id);
      if (ids.length === 0 || !holdsColumn(await statements.replay(), ids))
        throw new Error(`${c.name}: the floor's rows do not hold the ${ids.length} items the app listed`);
      replays.push(statements);
      // The floor sends the app's reply as the app wrote it, so that both compress and send the same bytes.
      bare.get(`/floor/${index}`, async (_request, reply) => {
        await statements.replay();
        return reply.type(JSON_TYPE).send(body);
      });
    }
    const bareBase = await bare.listen({ port: 0, host: HOST });
    const results: CaseResult[] = cases.map((c, index) => ({
      name: c.name,
      statements: replays[index]?.count ?? 0,
      appStatements: [],
      runs: [],
    }));
    // Both sides start their measured load once the statements of the requests that the warm-up (or the
    // previous load) left running are done: on PGlite, whose SQL runs on the app's one thread, ten cut-off
    // requests of a slow list are seconds of work that would otherwise run inside the next measurement.
    const settle = async () => {
      const settling = countStatements(database);
      await quiet(settling);
      settling.stop();
    };
    for (let run = 0; run < RUNS; run++) {
      for (const [index, c] of cases.entries()) {
        const appUrl = `${base}/api/v1${c.path}`;
        const floorUrl = `${bareBase}/floor/${index}`;
        const warmUp = await fractionalLoad(loadOptions(appUrl, WARMUP_S, token));
        await fractionalLoad(loadOptions(floorUrl, WARMUP_S));
        const sliceS = durationFor(warmUp.requests / WARMUP_S) / SLICES;
        // The two sides take turns, so that a change in the machine's load falls on both. The app's
        // statements are counted over the requests its server received, once the requests a slice left
        // behind are done.
        const app: number[] = [];
        const floor: number[] = [];
        let statements = 0;
        let requests = 0;
        for (let slice = 0; slice < SLICES; slice++) {
          await settle();
          const receivedBefore = received;
          const counter = countStatements(database);
          app.push(...(await latenciesOf(loadOptions(appUrl, sliceS, token))));
          await quiet(counter);
          statements += counter.stop();
          requests += received - receivedBefore;
          floor.push(...(await latenciesOf(loadOptions(floorUrl, sliceS))));
        }
        results[index]?.appStatements.push(statements / requests);
        const measured = { app: latencyOf(app), floor: latencyOf(floor) };
        results[index]?.runs.push(measured);
        console.error(`    ${c.name}: app p50 ${ms(measured.app.p50)} / floor ${ms(measured.floor.p50)} ms`);
      }
    }
    return results.map((r) => ({ ...r, name: `${r.name} (${database.engine})` }));
  } finally {
    await bare.close();
    await app.close();
  }
}

/**
 * Whether one statement's rows (arrays or objects, as the client answers them) hold every one of `ids` in one
 * column: the app's page, as the floor's SQL found it.
 */
function holdsColumn(statements: unknown[][], ids: unknown[]): boolean {
  return statements.some((rows) => {
    const columns = Object.keys((rows[0] ?? {}) as object);
    return columns.some((column) => {
      const values = new Set(rows.map((row) => String((row as Record<string, unknown>)[column])));
      return ids.every((id) => values.has(String(id)));
    });
  });
}

const QUIET_MS = 500;

/** Waits until no statement has been sent for QUIET_MS: the requests a load left behind are done. */
async function quiet(counter: ReturnType<typeof countStatements>) {
  let seen = -1;
  while (seen !== counter.current()) {
    seen = counter.current();
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  }
}

const ratio = (app: number, floor: number) => app / floor;
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));
const worst = (r: CaseResult, key: keyof Latency) =>
  Math.max(...r.runs.map((run) => ratio(run.app[key], run.floor[key])));

function report(results: CaseResult[][]) {
  const lines = [
    describeMachine(),
    `Load average at the end (1, 5, 15 min): ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}`,
    `Load: autocannon in a process of its own, ${CONNECTIONS} connections, ${DURATION_S} s per side and case (longer where needed for ${MIN_SAMPLES} responses, at most ${MAX_DURATION_S} s) in ${SLICES} slices taking turns with the other side's, after ${WARMUP_S} s warm-up of each, every response's latency kept to the µs; ${RUNS} repeats, ratios of the worse repeat`,
    '',
    '| list | statements per request, app / floor | requests, app / floor | app p50 / p99 (ms) | floor p50 / p99 (ms) | p50 ratio | p99 ratio |',
    '| --- | ---: | --- | --- | --- | ---: | ---: |',
  ];
  for (const r of results.flat()) {
    const runs = r.runs.map((run) => `${ms(run.app.p50)} / ${ms(run.app.p99)}`).join(', ');
    const floors = r.runs.map((run) => `${ms(run.floor.p50)} / ${ms(run.floor.p99)}`).join(', ');
    const requests = r.runs.map((run) => `${run.app.requests} / ${run.floor.requests}`).join(', ');
    lines.push(
      `| ${r.name} | ${r.appStatements.map((n) => n.toFixed(1)).join(', ')} / ${r.statements} | ${requests} | ${runs} | ${floors} | ${worst(r, 'p50').toFixed(2)} | ${worst(r, 'p99').toFixed(2)} |`,
    );
  }
  console.log(lines.join('\n'));
}

benchBothEngines('lists against their own SQL (about 7 minutes per engine)', benchEngine, report);
