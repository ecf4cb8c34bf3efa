// The report's fold alone (`npx tsx bench/fold-scale.ts`, issue 57, point 3): what one round of the
// deferred fold costs on bench:judges' selection (2,000 items × 5 criteria), on PostgreSQL. BASE judges'
// answers are folded first (the background's work so far), then PENDING judges submit (first submissions,
// then edits of every value) and the fold that takes them in is timed, each time in a transaction rolled
// back, so that every repeat folds the same changes: wall time and the backend's CPU. FOLD_BASE, FOLD_PENDING,
// FOLD_REPEATS change the sizes. FOLD_BEFORE=<a reports-fold.sql> times that version's functions too, each
// repeat taking turns with the current one. Prints the tables' digest after a fold and the normalised
// figures' write (as a normalised read writes them, decision 217): the same digest, the same tables.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { startCluster, stopCluster } from '../scripts/pg-cluster.mjs';
import { seedAdminTeam } from './bench-app.ts';
import { seedSelection } from './judges-burst/seed.ts';

const BASE = Number(process.env.FOLD_BASE ?? 280);
const PENDING = Number(process.env.FOLD_PENDING ?? 20);
const REPEATS = Number(process.env.FOLD_REPEATS ?? 3);

/** A backend's CPU seconds, user and system (/proc: the fold runs in the bench's one session). */
function backendCpu(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The judges' answers, one statement: every item on every criterion, a value 0–5 of their own. */
const answersOf = (issueId: number, userIds: number[], salt: number) => `
  INSERT INTO issue_answers (issue_id, user_id, dataset_id, question_id, value)
  SELECT ${issueId}, u, d.dataset_id, q.id, abs(hashtext(u || ':' || d.dataset_id || ':' || q.id || ':${salt}')) % 6
  FROM unnest(ARRAY[${userIds.join(',')}]::int[]) u
  CROSS JOIN (SELECT dataset_id FROM issue_datasets WHERE issue_id = ${issueId}) d
  CROSS JOIN (SELECT id FROM issue_questions WHERE issue_id = ${issueId}) q`;

const DIGEST = `SELECT md5(string_agg(t, '|' ORDER BY t)) FROM (
  SELECT 'i' || dataset_id || ':' || nb_values || ':' || total || ':' || total_squares || ':' || nb_z || ':' || z_total
    || ':' || coalesce(min_z::text, '') || ':' || coalesce(max_z::text, '') || ':' || figures_json || ':'
    || coalesce(norm_figures_json, '') AS t FROM report_item_stats WHERE issue_id = $1
  UNION ALL SELECT 'c' || dataset_id || ':' || question_id || ':' || total || ':' || nb_answers || ':' || average
    FROM report_criterion_sums WHERE issue_id = $1
  UNION ALL SELECT 'j' || user_id || ':' || criterion || ':' || nb_answers || ':' || total || ':' || squares
    FROM report_judge_criterion_sums WHERE issue_id = $1
  UNION ALL SELECT 'v' || dataset_id || ':' || user_id || ':' || value || ':' || coalesce(z::text, '')
    FROM report_judge_values WHERE issue_id = $1) x`;

/** The function definitions of a reports-fold.sql, applied in turn (drizzle-kit's separator between them). */
const definitions = (file: string) => readFileSync(file, 'utf8').split(/^--> statement-breakpoint$/m);
const VERSIONS: [string, string[]][] = [
  ['now', definitions(path.join(import.meta.dirname, '../apps/server/src/db/functions/reports-fold.sql'))],
  ...(process.env.FOLD_BEFORE
    ? [['before', definitions(process.env.FOLD_BEFORE)] as [string, string[]]]
    : []),
];

async function timedFolds(client: pg.Client, issueId: number, label: string) {
  const pid: number = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
  const fmt = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
  const runs = VERSIONS.map(([name]) => ({
    name,
    walls: [] as number[],
    cpus: [] as number[],
    normalised: [] as number[],
    digest: '',
  }));
  for (let i = 0; i < REPEATS; i++) {
    for (const [v, [, statements]] of VERSIONS.entries()) {
      const run = runs[v];
      if (!run) continue;
      for (const statement of statements) await client.query(statement);
      await client.query('BEGIN');
      const cpu = backendCpu(pid);
      const start = performance.now();
      await client.query('SELECT report_fold($1)', [issueId]);
      run.walls.push(performance.now() - start);
      run.cpus.push((backendCpu(pid) - cpu) * 1000);
      const written = backendCpu(pid);
      // As the read writes them (features/reports/normalised-figures.ts): without JIT.
      await client.query('SET LOCAL jit = off');
      await client.query('SELECT report_write_normalised($1)', [issueId]);
      run.normalised.push((backendCpu(pid) - written) * 1000);
      if (i === 0) run.digest = (await client.query(DIGEST, [issueId])).rows[0].md5;
      await client.query('ROLLBACK');
    }
  }
  for (const run of runs) {
    console.log(
      `${label}, ${run.name}: fold wall ${fmt(run.walls)} ms, CPU ${fmt(run.cpus)} ms; the normalised figures' write after it CPU ${fmt(run.normalised)} ms; digest ${run.digest}`,
    );
  }
}

const cluster = await startCluster();
try {
  const database = await openDatabase({ url: cluster.url });
  const { team } = await seedAdminTeam(database);
  process.env.BENCH_JUDGES ??= String(BASE + PENDING);
  const selection = await seedSelection(database, team.id, 'fold');
  await database.close();
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  if (process.env.FOLD_EXPLAIN) await client.query(`LOAD 'auto_explain'`);
  const ids = selection.judges.map((judge) => judge.userId);
  const base = ids.slice(0, BASE);
  const pending = ids.slice(BASE, BASE + PENDING);
  console.error(`seeding ${base.length} judges' answers`);
  for (let i = 0; i < base.length; i += 50)
    await client.query(answersOf(selection.issueId, base.slice(i, i + 50), 0));
  const start = performance.now();
  await client.query('SELECT report_fold($1)', [selection.issueId]);
  console.log(`${base.length} judges folded in one go: ${(performance.now() - start).toFixed(0)} ms`);
  await client.query('VACUUM ANALYZE');
  await client.query(answersOf(selection.issueId, pending, 0));
  if (process.env.FOLD_EXPLAIN) {
    // Each statement of one fold, nested ones included, with its plan and times, in the cluster's log.
    for (const setting of ['log_min_duration = 0', 'log_analyze = on', 'log_nested_statements = on']) {
      await client.query(`SET auto_explain.${setting}`);
    }
  }
  await timedFolds(client, selection.issueId, `${PENDING} judges' first submissions`);
  await client.query('SELECT report_fold($1)', [selection.issueId]);
  await client.query(
    `DELETE FROM issue_answers WHERE issue_id = ${selection.issueId} AND user_id = ANY(ARRAY[${pending.join(',')}])`,
  );
  await client.query(answersOf(selection.issueId, pending, 1));
  await timedFolds(client, selection.issueId, `${PENDING} judges' edits (delete + insert)`);
  await client.query('SELECT report_fold($1)', [selection.issueId]);
  await client.query(`UPDATE issue_answers SET value = (value + 1)::int % 6 WHERE issue_id = ${selection.issueId}
    AND user_id = ANY(ARRAY[${pending.slice(0, 2).join(',')}]) AND dataset_id % 10 = 0`);
  await timedFolds(client, selection.issueId, `2 judges' edits of a tenth of their items (update)`);
  await client.end();
  console.log(`load ${os.loadavg()[0]?.toFixed(1)}, ${os.cpus().length} × ${os.cpus()[0]?.model}`);
} finally {
  if (process.env.FOLD_EXPLAIN) console.log(readFileSync(path.join(cluster.dir, 'log'), 'utf8'));
  stopCluster(cluster.dir);
}
