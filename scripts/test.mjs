#!/usr/bin/env node
// `npm test`: the type check and the lint, the web unit tests, the API suite on the embedded engine and on a real
// PostgreSQL, the web build and the end-to-end flows in Chromium against it, in two lanes (below); each stage's
// output is prefixed with its name. Ends with each stage's wall time, the CPU time of all of them, and one
// "Total: N passed, N failed, N skipped" line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
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
  // Each of the two runs of end-to-end files.
  e2e: 200,
  all: 900,
};
const budget = (label) => BUDGETS[label] ?? BUDGETS[label.split(' ')[0]];

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
// Then two lanes, one a core: the API suite on the embedded engine, then the end-to-end files; the type check,
// the lint, the web unit tests and the API suite on PostgreSQL. The end-to-end files start when the first lane's
// API run ends, beside the last ~90 s of the PostgreSQL run, not beside both API runs: as a third lane (three
// clean runs, 1,136–1,270 s) each run lost one or two e2e steps to the load (decision 223). Measured in
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

// The end-to-end files in two vitest runs of about equal size (by bytes), one after the other, each with its
// own Chromium and template: a run's progress and slowest files are printed as it ends.
const E2E_BATCHES = 2;
const e2eDirectory = path.resolve(import.meta.dirname, '../e2e');
const batches = Array.from({ length: E2E_BATCHES }, () => ({ files: [], bytes: 0 }));
for (const { file, bytes } of readdirSync(e2eDirectory)
  .filter((name) => name.endsWith('.e2e.ts'))
  .map((name) => ({
    file: path.join(e2eDirectory, name),
    bytes: statSync(path.join(e2eDirectory, name)).size,
  }))
  .sort((a, b) => b.bytes - a.bytes)) {
  const lightest = batches.reduce((a, b) => (b.bytes < a.bytes ? b : a));
  lightest.files.push(file);
  lightest.bytes += bytes;
}
async function e2e() {
  if (!(isWebBuilt && isServerBuilt)) return;
  // The end-to-end servers built, on the same PostgreSQL, a database each (e2e/support/database.ts).
  const env = { E2E_DATABASE_URL: databaseUrl ?? '', E2E_BUILT_SERVER: '1' };
  for (const [index, { files }] of batches.entries())
    await vitest(`e2e ${index + 1}/${E2E_BATCHES}`, ['e2e'], env, files);
}

try {
  await Promise.all([
    (async () => {
      // The embedded engine even where TEST_DATABASE_URL is set (CI sets it for the PostgreSQL run).
      await vitest('api-pglite', ['api'], { ...apiEnv, TEST_DATABASE_URL: '' });
      // The end-to-end files follow on the core this lane frees, while the other lane ends its PostgreSQL run.
      await e2e();
    })(),
    (async () => {
      await step('typecheck', 'npm', ['run', 'typecheck']);
      await step('lint', 'npm', ['run', 'lint']);
      await vitest('web', ['web']);
      await apiPostgres();
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
