// The report's correction per judge and criterion against the per-judge one and the raw report, on one
// database seeded once (issue 31, point 5): `seed` writes 2,000 items × 30 judges × 5 criteria (260,000
// answers) and 2,000 × 300 × 5 (2.6 M), or the judges of PERCRIT_JUDGES (e.g. 30), and their ids into
// PERCRIT_STATE; `measure <label>` times report_summary through the real app over loopback HTTP (medians
// of PERCRIT_SAMPLES, 25 by default, taking turns), writes each per-criterion reply to PERCRIT_STATE's
// folder (`<label>-<judges>.json`, to compare two versions of the code) and the load at the end; `explain` prints EXPLAIN (ANALYZE, BUFFERS) of
// the per-criterion statement at the largest size. Each size also times an edit of one answer (written again
// as it was) with the read after it, which folds it (and, per criterion, writes the stored figures again).
// PERCRIT_URL: a PostgreSQL database (`node scripts/pg-cluster.mjs start`); without it, PGlite in
// PERCRIT_STATE's folder.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { itemValuesQuery } from '../apps/server/src/item-reads/item-values.ts';
import { buildBenchApp, seedAdminTeam } from './bench-app.ts';
import { benchClient } from './report-scale/client.ts';
import { CRITERIA, ITEMS, seedReport } from './report-scale/seed.ts';
import { pairedMedians } from './report-scale/timed.ts';

const url = process.env.PERCRIT_URL ?? '';
/** Without PERCRIT_URL, the embedded engine in PERCRIT_STATE's folder (seed it with PERCRIT_JUDGES=30). */
const open = () => openDatabase(url ? { url } : { dataDir: path.join(path.dirname(statePath), 'pglite') });
const sizes = (process.env.PERCRIT_JUDGES ?? '30,300').split(',').map(Number);
const statePath = process.env.PERCRIT_STATE ?? '/tmp/percrit/state.json';
/** Calls per side of each steady read: replies of ~40 ms move by a third between medians of 5. */
const samples = Number(process.env.PERCRIT_SAMPLES ?? 25);
interface State {
  userId: number;
  issues: { judges: number; id: number }[];
}

async function seed() {
  const database = await open();
  const { user, team } = await seedAdminTeam(database);
  const issues: State['issues'] = [];
  for (const judges of sizes) {
    const started = Date.now();
    const id = await seedReport(database, team.id, {
      items: ITEMS,
      judges,
      criteria: CRITERIA,
      prefix: `j${judges}`,
    });
    console.log(
      `seeded ${ITEMS} × ${judges} × ${CRITERIA} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    issues.push({ judges, id });
    writeFileSync(statePath, JSON.stringify({ userId: user.id, issues }));
  }
  await database.close();
}

async function measure(label: string) {
  const state = JSON.parse(readFileSync(statePath, 'utf8')) as State;
  const database = await open();
  const app = await buildBenchApp(database, path.dirname(statePath));
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const client = benchClient(base, (await app.ctx.tokens.issuePair(state.userId)).access);
    for (const { judges, id } of state.issues) {
      const report = (query: string) => () => client.json(`/issues/${id}/report_summary/${query}`);
      const perCriterion = report('?normalised=true&per_criterion=true');
      writeFileSync(
        path.join(path.dirname(statePath), `${label}-${judges}.json`),
        JSON.stringify(await perCriterion()),
      );
      await report('')();
      await report('?normalised=true')();
      const vsRaw = await pairedMedians(perCriterion, report(''), samples);
      const vsPerJudge = await pairedMedians(perCriterion, report('?normalised=true'), samples);
      // The first read after a change: one answer written again as it was (the triggers log it, the
      // fold takes it, the stored figures per criterion are then written again; the replies stay equal).
      const edit = () =>
        database.db.execute(sql`UPDATE issue_answers SET value = value
          WHERE ctid = (SELECT ctid FROM issue_answers WHERE issue_id = ${id} LIMIT 1)`);
      const afterEdit = (read: () => Promise<unknown>) => async () => {
        await edit();
        await read();
      };
      const edited = await pairedMedians(afterEdit(perCriterion), afterEdit(report('')), 3);
      console.log(
        `${label} ${ITEMS} × ${judges} × ${CRITERIA}: per judge and criterion ${vsRaw.app.toFixed(0)} ms / raw ` +
          `${vsRaw.floor.toFixed(0)} ms = ${(vsRaw.app / vsRaw.floor).toFixed(2)}×; ${vsPerJudge.app.toFixed(0)} ms / ` +
          `per judge ${vsPerJudge.floor.toFixed(0)} ms = ${(vsPerJudge.app / vsPerJudge.floor).toFixed(2)}×; ` +
          `an edit and the read after it (its fold): per judge and criterion ${edited.app.toFixed(0)} ms / raw ` +
          `${edited.floor.toFixed(0)} ms`,
      );
    }
    console.log(
      `load ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of the per-criterion reply's statement at the largest size, nothing timed. */
async function explain() {
  const state = JSON.parse(readFileSync(statePath, 'utf8')) as State;
  const database = await open();
  const big = state.issues.at(-1);
  if (big) {
    const query = itemValuesQuery([big.id], { normalised: true, perCriterion: true }, { reply: true });
    const { rows } = (await database.db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`)) as unknown as {
      rows: { 'QUERY PLAN': string }[];
    };
    console.log(rows.map((row) => row['QUERY PLAN']).join('\n'));
  }
  await database.close();
}

const [command, label = 'run'] = process.argv.slice(2);
(command === 'seed' ? seed() : command === 'explain' ? explain() : measure(label)).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
