// The deadline rush (`npm run bench:rush`, issue 57, point 4): 300 judges submit at the same moment on
// PostgreSQL, as a deadline's last minute brings them, through the real app over loopback HTTP with its
// background tasks and the report upkeep on, the pools' bounds as in production (decision 191). Each
// judge rates a share of their own of a 2,000-item selection with 5 criteria (BENCH_RUSH_ITEMS, 50: 250
// answers; 300 judges × 50 items is 7.5 ratings an item, a jury's assignment), every body different.
// Two repeats, each on a selection of its own: the lone submissions first (what one takes alone), then the
// 300 first submissions at once, then the 300 editing every value at once. Goal: p99 ≤ 10 s and ≥ 30
// submissions/s, nothing failed. Ends with `deadline rush: p99 … ms, … submissions/s (…)`.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../apps/server/src/db/client.ts';
import { benchBothEngines, buildBenchApp, describeMachine, seedAdminTeam } from './bench-app.ts';
import { burst, drained, loadAverage, loneSubmissions } from './judges-burst/burst.ts';
import { bodyOf, JUDGES, type Kind, seedSelection } from './judges-burst/seed.ts';
import { median } from './report-scale/timed.ts';

const ITEMS_PER_JUDGE = Number(process.env.BENCH_RUSH_ITEMS ?? 50);
const REPEATS = 2;
const KINDS: Kind[] = ['first', 'edit'];
const GOAL_P99_MS = 10_000;
const GOAL_RATE = 30;

/** The CPU time (ms) that the cluster's processes used so far, from /proc (100 ticks a second). */
function clusterCpuMs(clusterDir: string) {
  const postmaster =
    readFileSync(path.join(clusterDir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0] ?? '';
  const children = execFileSync('pgrep', ['-P', postmaster]).toString().trim().split('\n').filter(Boolean);
  let ticks = 0;
  for (const pid of [postmaster, ...children]) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks +=
        Number(fields[11] ?? 0) + Number(fields[12] ?? 0) + Number(fields[13] ?? 0) + Number(fields[14] ?? 0);
    } catch {
      // A backend that ended meanwhile: its time went to its parent's children counts.
    }
  }
  return ticks * 10;
}

const appCpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

interface Row {
  repeat: number;
  kind: Kind;
  lone: number[];
  wallMs: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
  lockWaitShare: number;
  maxWaiting: number;
  load: [number, number];
  /** CPU a submission in the burst: this process (the app and the bench's clients), PostgreSQL's. */
  appCpuMs: number;
  databaseCpuMs: number;
}

async function benchEngine(database: Database, dataDir: string): Promise<Row[]> {
  const app = await buildBenchApp(database, dataDir, {}, { backgroundJobs: true });
  try {
    const { team } = await seedAdminTeam(database);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const rows: Row[] = [];
    for (let repeat = 1; repeat <= REPEATS; repeat++) {
      console.error(`  repeat ${repeat}: seeding a selection, ${JUDGES} judges...`);
      const selection = await seedSelection(database, team.id, `rush${repeat}`);
      for (const kind of KINDS) {
        const bodies = (judge: Parameters<typeof bodyOf>[1]) =>
          bodyOf(selection, judge, kind, ITEMS_PER_JUDGE);
        const { rush: lone } = await loneSubmissions(base, database, {
          rush: { issueId: selection.issueId, judges: selection.lone, bodyOf: bodies, upkeep: true },
        });
        await drained(database);
        const cpuBefore = { app: appCpuMs(), database: clusterCpuMs(dataDir) };
        const result = await burst(base, database, selection.issueId, selection.judges, bodies);
        rows.push({
          repeat,
          kind,
          lone,
          ...result,
          appCpuMs: (appCpuMs() - cpuBefore.app) / JUDGES,
          databaseCpuMs: (clusterCpuMs(dataDir) - cpuBefore.database) / JUDGES,
        });
        console.error(
          `    ${kind}: ${(result.wallMs / 1000).toFixed(1)} s, p99 ${Math.round(result.p99)} ms, failed ${result.failed}, load ${result.load.map((l) => l.toFixed(1)).join(' → ')}`,
        );
        await drained(database);
      }
    }
    return rows;
  } finally {
    await app.close();
  }
}

const rate = (row: Row) => JUDGES / (row.wallMs / 1000);

function report(results: Row[][]) {
  const rows = results.flat();
  const lines = [
    describeMachine(),
    `${JUDGES} judges at once, each ${ITEMS_PER_JUDGE} items × 5 criteria = ${ITEMS_PER_JUDGE * 5} answers of their own, PostgreSQL, report upkeep on, the pools' production bounds; ${REPEATS} repeats`,
    '',
    '| repeat | burst | lone median (ms) | wall (s) | submissions/s | p50 (ms) | p99 (ms) | max (ms) | CPU a submission: app / PostgreSQL (ms) | waiting on a lock (share, most at once) | failed | load average |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: | --- |',
    ...rows.map(
      (r) =>
        `| ${r.repeat} | ${r.kind} | ${Math.round(median(r.lone))} | ${(r.wallMs / 1000).toFixed(1)} | ${rate(r).toFixed(1)} | ${Math.round(r.p50)} | ${Math.round(r.p99)} | ${Math.round(r.max)} | ${r.appCpuMs.toFixed(1)} / ${r.databaseCpuMs.toFixed(1)} | ${(100 * r.lockWaitShare).toFixed(0)} %, ${r.maxWaiting} | ${r.failed} | ${r.load.map((l) => l.toFixed(1)).join(' → ')} |`,
    ),
    '',
  ];
  if (rows.length === 0) {
    lines.push('deadline rush: n/a (no PostgreSQL)');
  } else {
    const worstP99 = Math.max(...rows.map((r) => r.p99));
    const worstRate = Math.min(...rows.map((r) => rate(r)));
    const failed = rows.reduce((sum, r) => sum + r.failed, 0);
    const met = worstP99 <= GOAL_P99_MS && worstRate >= GOAL_RATE && failed === 0;
    lines.push(
      `deadline rush: p99 ${Math.round(worstP99)} ms, ${worstRate.toFixed(1)} submissions/s (the worst of ${rows.length} bursts of ${JUDGES}; ${failed} failed; goal p99 ≤ ${GOAL_P99_MS} ms and ≥ ${GOAL_RATE}/s: ${met ? 'met' : 'NOT met'}); load average now ${loadAverage().toFixed(1)}`,
    );
    if (failed > 0) process.exitCode = 1;
  }
  console.log(lines.join('\n'));
}

benchBothEngines('the deadline rush (a few minutes)', benchEngine, report, 'postgres');
