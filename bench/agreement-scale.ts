// Agreement between judges at scale (`npm run bench:agreement`): one rating selection of 2,000 items ×
// 300 judges × 5 criteria (about 2,600,000 answers, report-scale/seed.ts), through the real app over
// loopback HTTP: GET issues/{id}/agreement/ (α with its 1,000-draw bootstrap, α per criterion, each judge's
// leniency and consistency), the median of 5 calls after one untimed call. PostgreSQL by default (the goal
// is stated there); BENCH_ENGINES=pglite,postgres adds PGlite at 60 judges. Last line:
// `agreement 2,000 items × J judges: pg=… ms`.
import os from 'node:os';
import type { Agreement } from '@shortlist/contract';
import type { Database } from '../apps/server/src/db/client.ts';
import { benchBothEngines, buildBenchApp, describeMachine, seedAdminTeam } from './bench-app.ts';
import { benchClient } from './report-scale/client.ts';
import { CRITERIA, ITEMS, JUDGES, seedReport } from './report-scale/seed.ts';
import { median, timed } from './report-scale/timed.ts';

const SAMPLES = 5;
/** The embedded engine at 300 judges seeds for more than 10 minutes on the shared machine (report-scale.ts). */
const PGLITE_JUDGES = 60;

interface EngineResult {
  engine: string;
  judges: number;
  seedMs: number;
  agreementMs: number;
  alpha: number | null;
}

async function benchEngine(database: Database, dataDir: string): Promise<EngineResult> {
  const app = await buildBenchApp(database, dataDir);
  try {
    const { user, team } = await seedAdminTeam(database);
    const judges = database.engine === 'pglite' ? PGLITE_JUDGES : JUDGES;
    console.error(`  ${database.engine}: seeding ${ITEMS} items × ${judges} judges × ${CRITERIA} criteria...`);
    let issueId = 0;
    const seedMs = await timed(async () => {
      issueId = await seedReport(database, team.id, { items: ITEMS, judges, criteria: CRITERIA, prefix: 'judge' });
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const client = benchClient(base, (await app.ctx.tokens.issuePair(user.id)).access);
    const url = `/issues/${issueId}/agreement/`;
    const first = await client.json<Agreement>(url);
    const times: number[] = [];
    for (let sample = 0; sample < SAMPLES; sample++) times.push(await timed(() => client.json(url)));
    return { engine: database.engine, judges, seedMs, agreementMs: median(times), alpha: first.alpha };
  } finally {
    await app.close();
  }
}

benchBothEngines(
  'agreement between judges',
  benchEngine,
  (results) => {
    console.log(describeMachine());
    console.log(`Load average at the end: ${os.loadavg().map((load) => load.toFixed(2)).join(' ')}`);
    for (const result of results) {
      console.log(
        `  ${result.engine}: ${ITEMS} items × ${result.judges} judges × ${CRITERIA} criteria, seeded in ` +
          `${(result.seedMs / 1000).toFixed(0)} s; α = ${result.alpha}; agreement ${result.agreementMs.toFixed(0)} ms`,
      );
    }
    const line = results
      .map((result) => `${result.engine === 'pglite' ? 'pglite' : 'pg'}=${result.agreementMs.toFixed(0)} ms`)
      .join(' ');
    const judges = results.find((result) => result.engine !== 'pglite')?.judges ?? JUDGES;
    console.log(`agreement ${ITEMS.toLocaleString('en')} items × ${judges} judges: ${line}`);
  },
  'postgres',
);
