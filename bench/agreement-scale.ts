// Agreement between judges at scale (`npm run bench:agreement`): one rating selection of 2,000 items ×
// 300 judges × 5 criteria (about 2,600,000 answers, report-scale/seed.ts), through the real app over
// loopback HTTP: GET issues/{id}/agreement/ (α with its 1,000-draw bootstrap, α per criterion, each judge's
// leniency and consistency), the median of 5 calls after one untimed call. PostgreSQL by default (the goal
// is stated there); BENCH_ENGINES=pglite,postgres adds PGlite at 60 judges. Last line:
// `agreement 2,000 items × J judges: pg=… ms`. Same data, the report's judge-bias corrections (issue 31,
// point 5): report_summary normalised per judge and criterion / raw, and / normalised per judge, each a
// median of 5 calls taking turns with the other (pairedMedians).
import os from 'node:os';
import type { Agreement } from '@shortlist/contract';
import type { Database } from '../apps/server/src/db/client.ts';
import { benchBothEngines, buildBenchApp, describeMachine, seedAdminTeam } from './bench-app.ts';
import { benchClient } from './report-scale/client.ts';
import { CRITERIA, ITEMS, JUDGES, seedReport } from './report-scale/seed.ts';
import { median, pairedMedians, timed } from './report-scale/timed.ts';

const SAMPLES = 5;
/** The embedded engine at 300 judges seeds for more than 10 minutes on the shared machine (report-scale.ts). */
const PGLITE_JUDGES = 60;

interface EngineResult {
  engine: string;
  judges: number;
  seedMs: number;
  agreementMs: number;
  alpha: number | null;
  /** report_summary normalised per judge and criterion against the raw one, and against per judge. */
  perCriterionVsRaw: { app: number; floor: number };
  perCriterionVsPerJudge: { app: number; floor: number };
}

async function benchEngine(database: Database, dataDir: string): Promise<EngineResult> {
  const app = await buildBenchApp(database, dataDir);
  try {
    const { user, team } = await seedAdminTeam(database);
    const judges = database.engine === 'pglite' ? PGLITE_JUDGES : JUDGES;
    console.error(
      `  ${database.engine}: seeding ${ITEMS} items × ${judges} judges × ${CRITERIA} criteria...`,
    );
    let issueId = 0;
    const seedMs = await timed(async () => {
      issueId = await seedReport(database, team.id, {
        items: ITEMS,
        judges,
        criteria: CRITERIA,
        prefix: 'judge',
      });
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const client = benchClient(base, (await app.ctx.tokens.issuePair(user.id)).access);
    const url = `/issues/${issueId}/agreement/`;
    const first = await client.json<Agreement>(url);
    const times: number[] = [];
    for (let sample = 0; sample < SAMPLES; sample++) times.push(await timed(() => client.json(url)));
    const report = (query: string) => () => client.json(`/issues/${issueId}/report_summary/${query}`);
    const perCriterion = report('?normalised=true&per_criterion=true');
    for (const query of ['', '?normalised=true']) await report(query)();
    await perCriterion();
    const perCriterionVsRaw = await pairedMedians(perCriterion, report(''));
    const perCriterionVsPerJudge = await pairedMedians(perCriterion, report('?normalised=true'));
    return {
      engine: database.engine,
      judges,
      seedMs,
      agreementMs: median(times),
      alpha: first.alpha,
      perCriterionVsRaw,
      perCriterionVsPerJudge,
    };
  } finally {
    await app.close();
  }
}

benchBothEngines(
  'agreement between judges',
  benchEngine,
  (results) => {
    console.log(describeMachine());
    console.log(
      `Load average at the end: ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
    for (const result of results) {
      console.log(
        `  ${result.engine}: ${ITEMS} items × ${result.judges} judges × ${CRITERIA} criteria, seeded in ` +
          `${(result.seedMs / 1000).toFixed(0)} s; α = ${result.alpha}; agreement ${result.agreementMs.toFixed(0)} ms`,
      );
      const { perCriterionVsRaw: raw, perCriterionVsPerJudge: perJudge } = result;
      console.log(
        `    report_summary per judge and criterion ${raw.app.toFixed(0)} ms / raw ${raw.floor.toFixed(0)} ms = ` +
          `${(raw.app / raw.floor).toFixed(2)}×; ${perJudge.app.toFixed(0)} ms / per judge ${perJudge.floor.toFixed(0)} ms = ` +
          `${(perJudge.app / perJudge.floor).toFixed(2)}×`,
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
