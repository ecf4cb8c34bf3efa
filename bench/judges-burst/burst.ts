// The judges bench's measures: a burst of submissions sent at the same moment, lone submissions, how
// many database sessions wait on a lock meanwhile, and the report upkeep switched on or off.
import http from 'node:http';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import { selectRows } from '../../apps/server/src/db/raw-rows.ts';
import { percentile } from '../bench-app.ts';
import type { Judge } from './seed.ts';

/** One submission waiting behind 299 others may take long; past this it failed. */
const REQUEST_TIMEOUT_MS = 10 * 60_000;
const LOCK_SAMPLE_MS = 200;

/**
 * POSTs with node:http rather than fetch, whose client gives up after 300 s without response headers:
 * on the embedded engine the last of 300 submissions waits longer than that behind the others.
 */
function post(url: string, body: string): Promise<number | string> {
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      timeout: REQUEST_TIMEOUT_MS,
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve(error.message));
    request.end(body);
  });
}

const submissionUrl = (base: string, issueId: number, judge: Judge) =>
  `${base}/api/v1/issues/${issueId}/submissions/?token=${judge.token}`;

export const loadAverage = () => os.loadavg()[0] ?? 0;

export interface Burst {
  wallMs: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
  /** Of the database sessions running a statement, the share waiting on another's lock (sampled). */
  lockWaitShare: number;
  /** The most sessions seen waiting on a lock at once, and running at once. */
  maxWaiting: number;
  maxActive: number;
  /** The share of the samples that saw an autovacuum worker running. */
  autovacuumShare: number;
  load: [number, number];
}

/**
 * Samples pg_stat_activity while the burst runs: sessions of this database running a statement, those of
 * them waiting on a heavyweight lock (a row or a transaction: what the report's shared rows made them do),
 * and whether an autovacuum worker runs beside them (the cores it takes, the burst does not have).
 */
async function sampleLocks(database: Database) {
  let active = 0;
  let waiting = 0;
  let samples = 0;
  let vacuumed = 0;
  let maxWaiting = 0;
  let maxActive = 0;
  let isRunning = true;
  let started: () => void = () => {};
  const isSampling = new Promise<void>((resolve) => {
    started = resolve;
  });
  // One connection of the reports' pool held from before the burst: the requests' pool is the burst's,
  // and a connection opened while the server parses 300 bodies could miss its bound. A transaction's
  // statistics are read once, hence the snapshot cleared before each sample.
  const done =
    database.engine !== 'postgres'
      ? Promise.resolve(started())
      : database.reportDb.transaction(async (tx) => {
          started();
          while (isRunning) {
            const [row] = await selectRows<{ active: number; waiting: number; vacuuming: number }>(
              tx,
              sql`SELECT count(*) FILTER (WHERE backend_type = 'client backend')::int AS active,
                  count(*) FILTER (WHERE backend_type = 'client backend' AND wait_event_type = 'Lock')::int AS waiting,
                  count(*) FILTER (WHERE backend_type = 'autovacuum worker')::int AS vacuuming
                FROM pg_stat_activity, pg_stat_clear_snapshot()
                WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
            );
            samples += 1;
            if (row?.vacuuming) vacuumed += 1;
            active += row?.active ?? 0;
            waiting += row?.waiting ?? 0;
            maxWaiting = Math.max(maxWaiting, row?.waiting ?? 0);
            maxActive = Math.max(maxActive, row?.active ?? 0);
            await new Promise((resolve) => setTimeout(resolve, LOCK_SAMPLE_MS));
          }
        });
  await isSampling;
  return async () => {
    isRunning = false;
    await done;
    return {
      lockWaitShare: active > 0 ? waiting / active : 0,
      maxWaiting,
      maxActive,
      autovacuumShare: samples > 0 ? vacuumed / samples : 0,
    };
  };
}

/** A judge's body of the burst under way. */
export type BodyOf = (judge: Judge) => string;

/**
 * Every judge submits their body at the same moment (the bodies made beforehand); each submission's time
 * and outcome are kept. `start` is when the first was sent.
 */
export async function burst(
  base: string,
  database: Database,
  issueId: number,
  judges: Judge[],
  bodyOf: BodyOf,
): Promise<Burst & { start: number }> {
  const bodies = judges.map(bodyOf);
  const loadBefore = loadAverage();
  const stopSampling = await sampleLocks(database);
  const start = performance.now();
  const results = await Promise.all(
    judges.map(async (judge, j) => {
      const sent = performance.now();
      const status = await post(submissionUrl(base, issueId, judge), bodies[j] ?? '');
      return { ms: performance.now() - sent, status };
    }),
  );
  const wallMs = performance.now() - start;
  const locks = await stopSampling();
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const failures = results.filter((r) => r.status !== 201).map((r) => String(r.status));
  if (failures.length > 0) console.error(`    failed: ${[...new Set(failures)].join(', ')}`);
  return {
    start,
    wallMs,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    max: times.at(-1) ?? 0,
    failed: failures.length,
    ...locks,
    load: [loadBefore, loadAverage()],
  };
}

/** The lone judges submit one after the other, each once the report has taken the previous in. */
/**
 * Lone submissions on two selections taking turns (ABBA: A B, B A, A B…), each with its own upkeep switched
 * on or off, so that neither side is always the first after a burst, a fold or a cold cache; answers each
 * side's times. Every change is folded before each one.
 */
export async function loneSubmissions<Side extends string>(
  base: string,
  database: Database,
  sides: Record<Side, { issueId: number; judges: Judge[]; bodyOf: BodyOf; upkeep: boolean }>,
): Promise<Record<Side, number[]>> {
  const names = Object.keys(sides) as Side[];
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<Side, number[]>;
  const turns = Math.max(...names.map((name) => sides[name].judges.length));
  for (let turn = 0; turn < turns; turn++) {
    for (const name of turn % 2 === 0 ? names : [...names].reverse()) {
      const { issueId, judges, bodyOf, upkeep } = sides[name];
      const judge = judges[turn];
      if (!judge) continue;
      await setUpkeep(database, upkeep);
      const body = bodyOf(judge);
      await drained(database);
      const start = performance.now();
      const status = await post(submissionUrl(base, issueId, judge), body);
      times[name].push(performance.now() - start);
      if (status !== 201) throw new Error(`lone submission: ${status}`);
    }
  }
  await setUpkeep(database, true);
  await drained(database);
  return times;
}

/**
 * The same start for every burst: the tables the bursts write vacuumed and analysed, a checkpoint, and no
 * autovacuum worker running: one still cleaning up after the previous burst shares the cores with whichever
 * burst comes next. Answers the time it took.
 */
export async function settled(database: Database): Promise<number> {
  const start = performance.now();
  await database.db.execute(sql`VACUUM (ANALYZE)`);
  await database.db.execute(sql`CHECKPOINT`);
  for (const waitUntil = Date.now() + 120_000; Date.now() < waitUntil; ) {
    const [row] = await selectRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'`,
    );
    if (!row?.n) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return performance.now() - start;
}

/**
 * The judges submit from as many clients as the machine has cores, each taking the next judge as soon as
 * its previous reply came; answers each submission's time.
 */
export async function pacedSubmissions(
  base: string,
  issueId: number,
  judges: Judge[],
  bodyOf: BodyOf,
): Promise<number[]> {
  const queue = judges.map((judge) => ({ judge, body: bodyOf(judge) }));
  const times: number[] = [];
  const client = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const start = performance.now();
      const status = await post(submissionUrl(base, issueId, next.judge), next.body);
      times.push(performance.now() - start);
      if (status !== 201) throw new Error(`paced submission: ${status}`);
    }
  };
  await Promise.all(Array.from({ length: os.cpus().length }, client));
  return times.sort((a, b) => a - b);
}

/** Waits until no change is left to fold (the background task takes them in); answers how long it took. */
export async function drained(database: Database): Promise<number> {
  const start = performance.now();
  for (;;) {
    const [row] = await selectRows<{ pending: boolean }>(
      database.db,
      sql`SELECT EXISTS (SELECT 1 FROM report_changes) AS pending`,
    );
    if (!row?.pending) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ANSWER_TRIGGERS = [
  'issue_answers_report_insert',
  'issue_answers_report_update',
  'issue_answers_report_delete',
];

/** The report upkeep on or off: the triggers that record what answers change (migration 0031). */
export async function setUpkeep(database: Database, isOn: boolean) {
  for (const trigger of ANSWER_TRIGGERS) {
    await database.db.execute(
      sql.raw(`ALTER TABLE issue_answers ${isOn ? 'ENABLE' : 'DISABLE'} TRIGGER ${trigger}`),
    );
  }
}

/**
 * A selection whose answers changed with the upkeep off: its report tables emptied, and every answer
 * logged once as a change, then folded in one go (timed): they read what the answers say again.
 */
export async function refold(database: Database, issueId: number): Promise<number> {
  const { db } = database;
  await db.transaction(async (tx) => {
    for (const table of [
      'report_judge_values',
      'report_judge_stats',
      'report_item_stats',
      'report_criterion_sums',
    ]) {
      await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE issue_id = ${issueId}`);
    }
    await tx.execute(sql`INSERT INTO report_changes (issue_id, user_id, sign, dataset_ids, question_ids, answer_values)
      SELECT issue_id, user_id, 1, array_agg(dataset_id), array_agg(question_id), array_agg(value)
      FROM issue_answers WHERE issue_id = ${issueId} GROUP BY issue_id, user_id`);
  });
  const start = performance.now();
  await db.execute(sql`SELECT report_fold(${issueId})`);
  return performance.now() - start;
}
