// Does any heavy route hold the process? (`npm run bench:heavy`, issue 57 point 2.) One rating selection of
// 1,000 items × 100 judges × 3 criteria (300,000 answers, report-scale/seed.ts) on PostgreSQL by default
// (BENCH_ENGINES=pglite,postgres adds the embedded engine at 30 judges), through the real app over loopback
// HTTP. For each heavy route — the report, agreement (α's bootstrap), the top k (1,000 draws), the report's
// workbook — in two rounds after one untimed call, each route called again and again for 3 s: its median
// call and the delay of a `/healthz` due every 100 ms meanwhile (p99 and worst of ~30 probes), beside the
// same probe with nothing running for 3 s (the floor, same run). The calls and the probe run in a process
// of their own, as a person's browser would (heavy-routes/caller.ts); beside each window, the app's own
// event loop delay (`monitorEventLoopDelay`). Goal: p99 ≤ 50 ms during every route. Last line:
// `heavy routes: worst /healthz p99 … ms (floor … ms)`.
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Database } from '../apps/server/src/db/client.ts';
import { benchBothEngines, buildBenchApp, describeMachine, seedAdminTeam } from './bench-app.ts';
import { HEAVY_ROUTES, startCaller, type WindowRun } from './heavy-routes/caller.ts';
import { seedReport } from './report-scale/seed.ts';

const ITEMS = 1_000;
const CRITERIA = 3;
const JUDGES = { postgres: 100, pglite: 30 };
const ROUNDS = 2;
const IDLE_MS = 3_000;

interface RouteRun extends WindowRun {
  route: string;
  /** The app's event loop meanwhile (`monitorEventLoopDelay`): p99 and worst delay. */
  loopP99Ms: number;
  loopMaxMs: number;
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
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = (await app.ctx.tokens.issuePair(user.id)).access;
  const caller = startCaller({ base, token, teamId: team.id, issueId, windowMs: IDLE_MS });
  try {
    const floor: RouteRun[] = [];
    const runs: RouteRun[] = [];
    // Each window as the probe saw it, and as the app's event loop lived it meanwhile.
    const window = async (route: string): Promise<RouteRun> => {
      const loop = monitorEventLoopDelay({ resolution: 5 });
      loop.enable();
      const run = await caller.ask<WindowRun>({ kind: 'window', route });
      loop.disable();
      return { route, ...run, loopP99Ms: loop.percentile(99) / 1e6, loopMaxMs: loop.max / 1e6 };
    };
    await caller.ask({ kind: 'warm' }); // caches, workers started, plans made
    for (let round = 0; round < ROUNDS; round++) {
      floor.push(await window('nothing'));
      for (const route of HEAVY_ROUTES) runs.push(await window(route));
    }
    return { engine: database.engine, judges, seedMs, floor, runs };
  } finally {
    caller.stop();
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
          `worst ${run.worstHealthMs.toFixed(0).padStart(4)} ms (${run.probes} probes); the app's loop p99 ${run.loopP99Ms.toFixed(0).padStart(3)}, worst ${run.loopMaxMs.toFixed(0).padStart(3)} ms`,
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
