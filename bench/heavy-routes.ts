// Does any heavy route hold the process? (`npm run bench:heavy`, issue 57 point 2.) One rating selection of
// 1,000 items × 100 judges × 3 criteria (300,000 answers, report-scale/seed.ts) on PostgreSQL by default
// (BENCH_ENGINES=pglite,postgres adds the embedded engine at 30 judges), through the real app over loopback
// HTTP. For each heavy route — the report, agreement (α's bootstrap), the top k (1,000 draws), the report's
// workbook — in two rounds after one untimed call, each route called again and again for 3 s: its median
// call and the delay of a `/healthz` due every 100 ms meanwhile (p99 and worst of ~30 probes), beside the
// same probe with nothing running for 3 s (the floor, same run). Goal: p99
// ≤ 50 ms during every route. Last line: `heavy routes: worst /healthz p99 … ms (floor … ms)`.
import os from 'node:os';
import type { Database } from '../apps/server/src/db/client.ts';
import { benchBothEngines, buildBenchApp, describeMachine, seedAdminTeam } from './bench-app.ts';
import { withHealthProbe } from './health-probe.ts';
import { benchClient } from './report-scale/client.ts';
import { seedReport } from './report-scale/seed.ts';

const ITEMS = 1_000;
const CRITERIA = 3;
const JUDGES = { postgres: 100, pglite: 30 };
const ROUNDS = 2;
const IDLE_MS = 3_000;

interface RouteRun {
  route: string;
  /** The median call's, or the floor's window. */
  ms: number;
  calls?: number;
  p99HealthMs: number;
  worstHealthMs: number;
  probes: number;
}

interface EngineResult {
  engine: string;
  judges: number;
  seedMs: number;
  floor: RouteRun[];
  runs: RouteRun[];
}

async function benchEngine(database: Database, dataDir: string): Promise<EngineResult> {
  const judges = JUDGES[database.engine];
  const { user, team } = await seedAdminTeam(database);
  const seedStarted = performance.now();
  const issueId = await seedReport(database, team.id, {
    items: ITEMS,
    judges,
    criteria: CRITERIA,
    prefix: 'heavy',
  });
  const seedMs = performance.now() - seedStarted;
  const app = await buildBenchApp(database, dataDir);
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const client = benchClient(base, (await app.ctx.tokens.issuePair(user.id)).access);
    const routes: Record<string, () => Promise<unknown>> = {
      report_summary: () => client.json(`/issues/${issueId}/report_summary/`),
      agreement: () => client.json(`/issues/${issueId}/agreement/`),
      'top-k': () => client.json(`/issues/${issueId}/top-k/?k=10`),
      export_excel: () => client.download(`/issues/${issueId}/export_excel/`, os.devNull),
    };
    const floor: RouteRun[] = [];
    const runs: RouteRun[] = [];
    const idle = () => new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    for (const call of Object.values(routes)) await call(); // caches, workers started, plans made
    for (let round = 0; round < ROUNDS; round++) {
      const quiet = await withHealthProbe(base, idle);
      floor.push({ route: 'nothing', ms: IDLE_MS, ...quiet });
      for (const [route, call] of Object.entries(routes)) {
        // Called again and again for as long as the floor's window: once, a route of 50 ms met 0–1
        // probes, and its "p99" was one sample's.
        const probe = await withHealthProbe(base, async () => {
          const times: number[] = [];
          for (const started = performance.now(); performance.now() - started < IDLE_MS; ) {
            const callStarted = performance.now();
            await call();
            times.push(performance.now() - callStarted);
          }
          return times.sort((a, b) => a - b);
        });
        const times = probe.result;
        runs.push({ route, ms: times[Math.floor(times.length / 2)] ?? 0, calls: times.length, ...probe });
      }
    }
    return { engine: database.engine, judges, seedMs, floor, runs };
  } finally {
    await app.close();
  }
}

function report(results: EngineResult[]) {
  console.log(describeMachine());
  console.log(
    `Load average: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  let worstP99 = 0;
  let worstFloor = 0;
  for (const r of results) {
    const answers = ITEMS * r.judges * CRITERIA;
    console.log(
      `\n${r.engine}: ${ITEMS} items × ${r.judges} judges × ${CRITERIA} (${answers} answers), seeded in ${(r.seedMs / 1000).toFixed(0)} s`,
    );
    for (const run of [...r.floor, ...r.runs]) {
      console.log(
        `  ${run.route.padEnd(15)} ${run.ms.toFixed(0).padStart(6)} ms${run.calls ? ` ×${String(run.calls).padEnd(3)}` : '     '} /healthz p99 ${run.p99HealthMs.toFixed(0).padStart(4)} ms, ` +
          `worst ${run.worstHealthMs.toFixed(0).padStart(4)} ms (${run.probes} probes)`,
      );
      if (run.route === 'nothing') worstFloor = Math.max(worstFloor, run.p99HealthMs);
      else worstP99 = Math.max(worstP99, run.p99HealthMs);
    }
  }
  console.log(
    `\nheavy routes: worst /healthz p99 ${worstP99.toFixed(0)} ms (floor ${worstFloor.toFixed(0)} ms, goal ≤ 50 ms)`,
  );
}

benchBothEngines('heavy routes beside /healthz', benchEngine, report, 'postgres');
