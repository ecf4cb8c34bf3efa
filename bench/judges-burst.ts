// Judges at once (`npm run bench:judges`): 300 judges submit together to a 2,000-item rating selection with
// 5 criteria, each rating every item (10,000 answers per submission), through the real app over loopback
// HTTP with its background tasks, on PostgreSQL (BENCH_ENGINES=pglite,postgres adds the embedded engine).
// Two selections in one run: on one the report upkeep runs as it does in production (each statement
// records its changes, folded apart from the submissions: decision 84), on the other it is off (the
// triggers disabled while that selection's judges submit). First five lone submissions a side, one after
// the other, the sides taking turns (ABBA, so that neither is always the first after a fold). Then each
// side: twenty from as many clients as the machine has cores (each sends its next as soon as its reply
// came: a submission with others beside it, none waiting for a core — "p99 ≤ 2× a lone one"); then,
// from the same start (tables vacuumed, a checkpoint, no autovacuum worker left), the 300 at once — first
// submissions, then edits changing every value, the sides taking turns going first.
// Every judge's body is their own (seed.ts). During a burst pg_stat_activity is sampled: how many of the
// sessions running a statement wait on another's lock. After the upkeep side's burst the report is read
// until it shows every answer of the burst (issue 57, point 3: what people wait for is the report, so its
// time runs from the first submission until a GET returns every judge's values, the deferred fold
// included), and the bench waits until every change is folded, counting the folds that took the burst
// in. Then the other side's answers are folded in one go, `verify-reports` must be clean, every answer
// there once, and the report of the upkeep side is timed against its floor. Ends with `burst ratio
// upkeep/no-upkeep: pg=R (300 judges, X s until the report shows them against Y s)`, R the upkeep side
// until shown over the other side's burst.

import os from 'node:os';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { issueAnswers, issueSubmissions, reportFolds } from '../apps/server/src/db/schema/index.ts';
import { verifyReportsCommand } from '../apps/server/src/features/reports/verify.ts';
import { benchBothEngines, buildBenchApp, describeMachine, percentile, seedAdminTeam } from './bench-app.ts';
import {
  type BodyOf,
  type Burst,
  burst,
  drained,
  loadAverage,
  loneSubmissions,
  pacedSubmissions,
  refold,
  settled,
  setUpkeep,
} from './judges-burst/burst.ts';
import {
  ANSWERS_PER_SUBMISSION,
  bodyOf,
  CRITERIA,
  ITEMS,
  JUDGES,
  LONE_JUDGES,
  PACED_JUDGES,
  type Selection,
  seedSelection,
  sumOf,
} from './judges-burst/seed.ts';
import { expectedAverages, untilVisible } from './judges-burst/visible.ts';
import { benchClient } from './report-scale/client.ts';
import { buildPreAggregate, dropPreAggregate, readFloorReply } from './report-scale/floor.ts';
import { median, pairedMedians } from './report-scale/timed.ts';

const KINDS = ['first', 'edit'] as const;
type Kind = (typeof KINDS)[number];
const SIDES = ['upkeep', 'off'] as const;
type Side = (typeof SIDES)[number];

interface SideBurst extends Burst {
  lone: number[];
  /** The paced submissions' times, ascending. */
  paced: number[];
  intact: boolean;
}

interface EngineResult {
  engine: string;
  bursts: Record<Side, Record<Kind, SideBurst>>;
  /**
   * The upkeep side: from the first submission until a GET of the report showed every answer of the
   * burst, and the reads it took; then until every change was folded.
   */
  visibleMs: Record<Kind, number>;
  visibleReads: Record<Kind, number>;
  drainMs: Record<Kind, number>;
  /** The upkeep side: how many folds took the burst in (each fold pays for every item it moves). */
  foldRounds: Record<Kind, number>;
  refoldMs: number;
  verify: { isConsistent: boolean; lines: string[] };
  report: { app: number; floor: number }[];
}

/** How many folds have taken changes of the selection in so far (`report_folds.nb_folds`). */
async function foldCount(database: Database, issueId: number) {
  const [row] = await database.db
    .select({ n: reportFolds.nbFolds })
    .from(reportFolds)
    .where(eq(reportFolds.issueId, issueId));
  return row?.n ?? 0;
}

/** Every judge's submission saved, each answer there once, and the values those of the last burst. */
async function isIntact(database: Database, selection: Selection, kind: Kind, failed: number) {
  const userIds = selection.judges.map((judge) => judge.userId);
  const [[answers], [submissions]] = await Promise.all([
    database.db
      .select({ n: count(), sum: sql<number>`coalesce(sum(${issueAnswers.value}), 0)::float8` })
      .from(issueAnswers)
      .where(inArray(issueAnswers.userId, userIds)),
    database.db
      .select({ n: count() })
      .from(issueSubmissions)
      .where(eq(issueSubmissions.issueId, selection.issueId)),
  ]);
  return (
    failed === 0 &&
    answers?.n === JUDGES * ANSWERS_PER_SUBMISSION &&
    Number(answers.sum) === selection.judges.reduce((sum, judge) => sum + sumOf(selection, judge, kind), 0) &&
    submissions?.n === JUDGES + LONE_JUDGES + PACED_JUDGES
  );
}

async function benchEngine(database: Database, dataDir: string): Promise<EngineResult> {
  const app = await buildBenchApp(database, dataDir, {}, { backgroundJobs: true });
  try {
    const engine = database.engine;
    console.error(
      `  ${engine}: seeding two selections of ${ITEMS} items × ${CRITERIA} criteria, ${JUDGES} judges each...`,
    );
    const { user, team } = await seedAdminTeam(database);
    const selections: Record<Side, Selection> = {
      upkeep: await seedSelection(database, team.id, 'upkeep'),
      off: await seedSelection(database, team.id, 'off'),
    };
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    // A token of its own for each use: the bench outlasts an access token at a load of 30.
    const signedIn = async () => benchClient(base, (await app.ctx.tokens.issuePair(user.id)).access);
    const reportOf = async (side: Side) =>
      (await signedIn()).json(`/issues/${selections[side].issueId}/report_summary/`);
    const bursts = {} as EngineResult['bursts'];
    const visibleMs = {} as EngineResult['visibleMs'];
    const visibleReads = {} as EngineResult['visibleReads'];
    const drainMs = {} as EngineResult['drainMs'];
    const foldRounds = {} as EngineResult['foldRounds'];
    for (const [k, kind] of KINDS.entries()) {
      const bodiesOf =
        (side: Side): BodyOf =>
        (judge) =>
          bodyOf(selections[side], judge, kind);
      console.error(`  ${engine}: ${kind}: lone submissions, the sides taking turns...`);
      const lone = await loneSubmissions(base, database, {
        upkeep: {
          issueId: selections.upkeep.issueId,
          judges: selections.upkeep.lone,
          bodyOf: bodiesOf('upkeep'),
          upkeep: true,
        },
        off: {
          issueId: selections.off.issueId,
          judges: selections.off.lone,
          bodyOf: bodiesOf('off'),
          upkeep: false,
        },
      });
      // The sides take turns going first: the later burst meets a fuller table and a warmer cache.
      for (const side of k % 2 === 0 ? SIDES : [...SIDES].reverse()) {
        const selection = selections[side];
        const bodies = bodiesOf(side);
        await setUpkeep(database, side === 'upkeep');
        try {
          console.error(`  ${engine}: ${side}, ${kind}: paced submissions, then ${JUDGES} at once...`);
          const paced = await pacedSubmissions(base, selection.issueId, selection.paced, bodies);
          await drained(database);
          const settleMs = await settled(database);
          const foldsBefore = await foldCount(database, selection.issueId);
          const result = await burst(base, database, selection.issueId, selection.judges, bodies);
          if (side === 'upkeep' && result.failed === 0) {
            const burstEnd = performance.now();
            const expected = expectedAverages(selection, kind);
            const shown = await untilVisible(await signedIn(), selection, expected);
            visibleMs[kind] = shown.at - result.start;
            visibleReads[kind] = shown.reads;
            await drained(database);
            drainMs[kind] = performance.now() - burstEnd;
            foldRounds[kind] = (await foldCount(database, selection.issueId)) - foldsBefore;
          }
          const intact =
            (await isIntact(database, selection, kind, result.failed)) &&
            (side === 'off' || Number.isFinite(visibleMs[kind]));
          bursts[side] = { ...bursts[side], [kind]: { ...result, lone: lone[side], paced, intact } };
          console.error(
            `    settled in ${seconds(settleMs)} s; ${(result.wallMs / 1000).toFixed(1)} s${side === 'upkeep' ? ` (report shows it at ${seconds(visibleMs[kind])} s)` : ''}, p50 ${Math.round(result.p50)} ms, p99 ${Math.round(result.p99)} ms, lone ${lone[side].map(Math.round).join('/')} ms, paced p50 ${Math.round(percentile(paced, 0.5))} p99 ${Math.round(percentile(paced, 0.99))} ms, autovacuum in ${(100 * result.autovacuumShare).toFixed(0)} % of samples, load ${result.load.map((l) => l.toFixed(1)).join(' → ')}`,
          );
        } finally {
          await setUpkeep(database, true);
        }
      }
    }
    console.error(`  ${engine}: the other side's answers folded in one go, verify-reports, the report...`);
    const refoldMs = await refold(database, selections.off.issueId);
    const verify = await verifyReportsCommand(database.db);
    await buildPreAggregate(database, [selections.upkeep.issueId]);
    await reportOf('upkeep');
    await readFloorReply(database, selections.upkeep.issueId);
    const report = [];
    for (let run = 0; run < 2; run++) {
      report.push(
        await pairedMedians(
          () => reportOf('upkeep'),
          () => readFloorReply(database, selections.upkeep.issueId),
        ),
      );
    }
    await dropPreAggregate(database);
    return { engine, bursts, visibleMs, visibleReads, drainMs, foldRounds, refoldMs, verify, report };
  } finally {
    await app.close();
  }
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const burstRatio = (r: EngineResult, kind: Kind) => r.bursts.upkeep[kind].wallMs / r.bursts.off[kind].wallMs;
/** The upkeep side until its report shows the burst, over the same burst without the upkeep. */
const shownRatio = (r: EngineResult, kind: Kind) => r.visibleMs[kind] / r.bursts.off[kind].wallMs;
/** From the upkeep side's last reply until the report showed every answer. */
const afterLast = (r: EngineResult, kind: Kind) => r.visibleMs[kind] - r.bursts.upkeep[kind].wallMs;
const loneRatio = (r: EngineResult, kind: Kind) =>
  median(r.bursts.upkeep[kind].lone) / median(r.bursts.off[kind].lone);

function report(results: EngineResult[]) {
  const lines = [
    describeMachine(),
    `${JUDGES} judges at once, ${ITEMS.toLocaleString('en')} items × ${CRITERIA} criteria = ${ANSWERS_PER_SUBMISSION.toLocaleString('en')} answers per submission; before each burst, lone: ${LONE_JUDGES} submissions one after the other (median); paced: ${PACED_JUDGES} from ${os.cpus().length} clients (one a core)`,
    '',
    '| engine | burst | upkeep | wall (s) | submissions/s | p50 (ms) | p99 (ms) | lone (ms) | paced p50 / p99 (ms) | paced p99 / lone | sessions waiting on a lock in the burst (share, most at once / running) | autovacuum beside it (share of samples) | failed | intact | load average |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | --- | --- |',
  ];
  for (const r of results) {
    for (const kind of KINDS) {
      for (const side of SIDES) {
        const b = r.bursts[side][kind];
        const lone = median(b.lone);
        lines.push(
          `| ${r.engine} | ${kind} | ${side === 'upkeep' ? 'on' : 'off'} | ${seconds(b.wallMs)} | ${(JUDGES / (b.wallMs / 1000)).toFixed(1)} | ${Math.round(b.p50)} | ${Math.round(b.p99)} | ${Math.round(lone)} | ${Math.round(percentile(b.paced, 0.5))} / ${Math.round(percentile(b.paced, 0.99))} | ${(percentile(b.paced, 0.99) / lone).toFixed(2)} | ${(100 * b.lockWaitShare).toFixed(0)} %, ${b.maxWaiting} / ${b.maxActive} | ${(100 * b.autovacuumShare).toFixed(0)} % | ${b.failed} | ${b.intact ? 'yes' : 'NO'} | ${b.load.map((l) => l.toFixed(1)).join(' → ')} |`,
        );
      }
    }
  }
  for (const r of results) {
    const reportRatio = Math.max(...r.report.map((p) => p.app / p.floor));
    lines.push(
      '',
      `${r.engine}: until the report shows the burst (from the first submission, the fold included) / the burst without upkeep ${KINDS.map((kind) => `${kind} ${shownRatio(r, kind).toFixed(2)} (${seconds(r.visibleMs[kind])} / ${seconds(r.bursts.off[kind].wallMs)} s)`).join(', ')}; shown after the last reply ${KINDS.map((kind) => `${kind} ${seconds(afterLast(r, kind))} s (${r.visibleReads[kind]} read${r.visibleReads[kind] === 1 ? '' : 's'})`).join(', ')}; the bursts alone ${KINDS.map((kind) => `${kind} ${burstRatio(r, kind).toFixed(2)}`).join(', ')}; every change folded ${KINDS.map((kind) => `${kind} ${seconds(r.drainMs[kind])} s`).join(', ')} after the last reply, in ${KINDS.map((kind) => `${kind} ${r.foldRounds[kind]}`).join(', ')} folds; the other side's ${JUDGES} judges folded in one go in ${seconds(r.refoldMs)} s`,
      `${r.engine}: lone submission upkeep / off (medians of ${LONE_JUDGES}) ${KINDS.map((kind) => `${kind} ${loneRatio(r, kind).toFixed(2)} (${Math.round(median(r.bursts.upkeep[kind].lone))} / ${Math.round(median(r.bursts.off[kind].lone))} ms)`).join(', ')}`,
      `${r.engine}: verify-reports: ${r.verify.lines.join(' ')}`,
      `${r.engine}: report_summary / per-judge pre-aggregate after the bursts: ${reportRatio.toFixed(2)} (${r.report.map((p) => `${Math.round(p.app)} / ${Math.round(p.floor)} ms`).join(', ')}); load average now ${loadAverage().toFixed(1)}`,
    );
  }
  const postgres = results.find((r) => r.engine === 'postgres');
  lines.push(
    '',
    postgres
      ? `burst ratio upkeep/no-upkeep: pg=${shownRatio(postgres, 'first').toFixed(2)} (${JUDGES} judges, ${seconds(postgres.visibleMs.first)} s until the report shows them against ${seconds(postgres.bursts.off.first.wallMs)} s; shown ${seconds(afterLast(postgres, 'first'))} s after the last reply; edits ${shownRatio(postgres, 'edit').toFixed(2)}, ${seconds(afterLast(postgres, 'edit'))} s; lone ${loneRatio(postgres, 'first').toFixed(2)}; load ${loadAverage().toFixed(1)})`
      : 'burst ratio upkeep/no-upkeep: pg=n/a',
  );
  console.log(lines.join('\n'));
  const failed = results.some(
    (r) => !r.verify.isConsistent || SIDES.some((side) => KINDS.some((kind) => !r.bursts[side][kind].intact)),
  );
  if (failed) process.exitCode = 1;
}

// 300 submissions of 10,000 answers take longer than the pool's 20 s queue (decision 191): here every judge
// waits as long as it takes, as a client retrying after a 503 would, and the bench weighs the upkeep, not
// the proxy's patience (`npm run bench:rush` keeps the production bounds).
benchBothEngines('judges submitting at once (several minutes)', benchEngine, report, 'postgres', {
  queueMs: 10 * 60_000,
});
