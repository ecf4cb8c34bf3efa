#!/usr/bin/env node
// `npm test`: the type check and the lint, the web unit tests, the API suite on the embedded engine and on a real
// PostgreSQL, the web build and the end-to-end flows in Chromium against it, in two lanes (below); each stage's
// output is prefixed with its name. Ends with each stage's wall time, the CPU time of all of them, and one
// "Total: N passed, N failed, N skipped" line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { startCluster, stopCluster } from './pg-cluster.mjs';

const reports = mkdtempSync(path.join(tmpdir(), 'shortlist-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const times = [];
let isGreen = true;
const started = performance.now();

/** Runs `command`, its output's lines prefixed with `label`; resolves whether it exited 0. */
function run(label, command, args, env = {}) {
  const start = performance.now();
  console.log(`=== ${label}: started at ${seconds(start - started)} s ===`);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ])
    createInterface({ input: stream }).on('line', (line) => out.write(`[${label}] ${line}\n`));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      times.push({ label, start: start - started, wall: performance.now() - start });
      console.log(`=== ${label}: ${status === 0 ? 'done' : `failed (exit ${status})`} ===`);
      if (status !== 0) isGreen = false;
      resolve(status === 0);
    });
  });
}

const seconds = (ms) => Math.round(ms / 1000);

/**
 * Each stage's share of CI's 15 minutes, in seconds (docs/architecture.md, "CI stages"). Under other work on
 * the machine every stage stretches; the load printed says how much.
 */
const BUDGETS = {
  'build web': 20,
  'build server': 15,
  'api-pglite': 540,
  typecheck: 100,
  lint: 20,
  web: 40,
  'api-postgres': 330,
  // A run of end-to-end files: twice its files' seconds measured alone (e2e/seconds.json; two runs side by side
  // took 1.3–2.0 times as long, 2026-12-07), and 25 s for its start (below).
  all: 900,
};
const budget = (label) => BUDGETS[label];

/** A check or a build: its failure counts as one failed test and is repeated at the end with its name. */
async function step(label, command, args) {
  if (await run(label, command, args)) return true;
  totals.failed += 1;
  failures.push(
    `[${label}] failed: \`${[command, ...args].join(' ')}\` (its output above, prefixed [${label}])`,
  );
  return false;
}

const vitestBin = path.resolve(import.meta.dirname, '../node_modules/.bin/vitest');

async function vitest(label, projects, env = {}, extra = []) {
  const report = path.join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const selection = projects.flatMap((project) => ['--project', project]);
  const args = [
    'run',
    ...selection,
    ...extra,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  await run(label, vitestBin, args, env);
  if (!existsSync(report)) {
    isGreen = false;
    failures.push(`[${label}] wrote no report (its output above, prefixed [${label}])`);
    return;
  }
  const result = JSON.parse(readFileSync(report, 'utf8'));
  const stage = times.find((time) => time.label === label);
  stage.slowest = result.testResults
    .map((file) => ({ name: path.basename(file.name), ms: file.endTime - file.startTime }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map(({ name, ms }) => `${name} ${seconds(ms)} s`)
    .join(', ');
  totals.passed += result.numPassedTests;
  totals.failed += result.numFailedTests;
  totals.skipped += result.numPendingTests + result.numTodoTests;
  for (const file of result.testResults) {
    const where = path.relative(process.cwd(), file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed)
      failures.push(`[${label}] ${where} > ${test.fullName}\n    ${summary(test.failureMessages)}`);
    // A file that failed with no failed test (its import or a hook threw) is a failure too: vitest counts it
    // only in its own exit code, which once ended a run red beside "0 failed".
    if (file.status === 'failed' && failed.length === 0) {
      totals.failed += 1;
      failures.push(
        `[${label}] ${where} (the file failed outside its tests)\n    ${summary([file.message])}`,
      );
    }
  }
}

// CI shows only the end of the output: the failures are repeated there with their message's first line, and
// for an end-to-end test what its page showed and did (e2e/support/session.ts puts it in the message).
function summary(messages) {
  const message = messages?.[0] ?? '';
  const lines = [message.split('\n')[0].slice(0, 300)];
  const account = message.indexOf('\n[e2e] ');
  if (account >= 0)
    lines.push(
      ...message
        .slice(account + 1)
        .split('\n')
        .slice(0, 60),
    );
  return lines.join('\n    ');
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

let cluster;
let databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl && hasCommand('initdb') && hasCommand('pg_ctl')) {
  cluster = await startCluster();
  databaseUrl = cluster.url;
}

// The builds first (11 s): the end-to-end servers and the API suite's process tests start the server's bundle.
// Then two lanes, one a core: the API suite on the embedded engine; the type check, the lint, the web unit tests
// and the API suite on PostgreSQL; each lane then draws end-to-end files from one queue (above), so they start
// beside the last ~90 s of the PostgreSQL run, not beside both API runs: as a third lane (three clean runs,
// 1,136–1,270 s) each run lost one or two e2e steps to the load (decision 223). Measured in
// docs/architecture.md ("CI stages").
const [isWebBuilt, isServerBuilt] = await Promise.all([
  step('build web', 'npm', ['run', 'build', '-w', 'apps/web']),
  step('build server', 'npm', ['run', 'build', '-w', 'apps/server']),
]);
const apiEnv = isServerBuilt ? { TEST_BUILT_SERVER: '1' } : {};

const apiPostgres = async () => {
  if (databaseUrl) await vitest('api-postgres', ['api'], { ...apiEnv, TEST_DATABASE_URL: databaseUrl });
  else {
    isGreen = false;
    failures.push('[api-postgres] no PostgreSQL: set TEST_DATABASE_URL or install initdb and pg_ctl');
  }
};

// The end-to-end files, drawn from one queue by both lanes as each ends its API run: a lane takes the longest
// files left until it holds a third of what is left (at least 30 s), runs them in a vitest run of its own (its
// own Chromium and template), and comes back for more. Alone, a run keeps 0.9 of a core busy (538 s wall,
// 491 CPU-s, 2026-12-07): two side by side fit the 2 cores. Times are a sequential run's (e2e/seconds.json,
// rewritten from a run's report by `node scripts/e2e-seconds.mjs`); a file not in it counts the median.
const e2eDirectory = path.resolve(import.meta.dirname, '../e2e');
const measured = JSON.parse(readFileSync(path.join(e2eDirectory, 'seconds.json'), 'utf8'));
const median = Object.values(measured).sort((a, b) => a - b)[Math.floor(Object.keys(measured).length / 2)];
const e2eQueue = readdirSync(e2eDirectory)
  .filter((name) => name.endsWith('.e2e.ts'))
  .map((name) => ({ file: path.join(e2eDirectory, name), seconds: measured[name] ?? median }))
  .sort((a, b) => b.seconds - a.seconds);
let e2eRuns = 0;

/** Takes the next run's files off the queue: the longest left, until a third of what is left (≥ 30 s). */
function nextE2eFiles() {
  const left = e2eQueue.reduce((sum, { seconds }) => sum + seconds, 0);
  const share = Math.max(left / 3, 30);
  const files = [];
  let seconds = 0;
  while (e2eQueue.length > 0 && seconds < share) {
    const next = e2eQueue.shift();
    files.push(next.file);
    seconds += next.seconds;
  }
  return { files, seconds };
}

async function e2e() {
  if (!(isWebBuilt && isServerBuilt)) return;
  // The end-to-end servers built, on the same PostgreSQL, a database each (e2e/support/database.ts).
  const env = { E2E_DATABASE_URL: databaseUrl ?? '', E2E_BUILT_SERVER: '1' };
  for (let next = nextE2eFiles(); next.files.length > 0; next = nextE2eFiles()) {
    e2eRuns += 1;
    const label = `e2e ${e2eRuns}`;
    BUDGETS[label] = Math.round(next.seconds * 2 + 25);
    await vitest(label, ['e2e'], env, next.files);
  }
}

try {
  await Promise.all([
    (async () => {
      // The embedded engine even where TEST_DATABASE_URL is set (CI sets it for the PostgreSQL run).
      await vitest('api-pglite', ['api'], { ...apiEnv, TEST_DATABASE_URL: '' });
      // End-to-end files on the core this lane frees, while the other lane ends its PostgreSQL run.
      await e2e();
    })(),
    (async () => {
      await step('typecheck', 'npm', ['run', 'typecheck']);
      await step('lint', 'npm', ['run', 'lint']);
      await vitest('web', ['web']);
      await apiPostgres();
      await e2e();
    })(),
  ]);
} finally {
  if (cluster) stopCluster(cluster.dir);
}

// The load says how far a time is the machine's: other work on its cores stretches every stage.
const load = loadavg()
  .map((value) => value.toFixed(1))
  .join(' ');
console.log(
  `\nStages (wall seconds, budget on a quiet machine: docs/architecture.md, "CI stages"), load ${load}:`,
);
for (const { label, start, wall, slowest } of times) {
  const over = seconds(wall) > budget(label) ? ' OVER BUDGET' : '';
  console.log(
    `  ${label.padEnd(20)} ${String(seconds(wall)).padStart(5)} / ${budget(label)} s${over}, from ${seconds(start)} s${slowest ? `; slowest: ${slowest}` : ''}`,
  );
}
const wall = seconds(performance.now() - started);
console.log(`  ${'all'.padEnd(20)} ${String(wall).padStart(5)} / ${BUDGETS.all} s`);
// The stages' processes and theirs, all waited for: utime and stime of the children, fields 16 and 17 of stat
// (14 and 15 after the command's closing parenthesis). The PostgreSQL cluster, a daemon, is not among them.
const children = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
const cpu = seconds(((Number(children[13]) + Number(children[14])) * 1000) / 100);
console.log(
  `  CPU: ${cpu} s of the stages' processes, ${(cpu / wall).toFixed(2)} of the ${availableParallelism()} cores busy on average`,
);
if (failures.length > 0) console.log(`\nFailed:\n${failures.join('\n')}`);
console.log(`\nTotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(isGreen && totals.failed === 0 ? 0 : 1);
