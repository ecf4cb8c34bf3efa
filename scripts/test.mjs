#!/usr/bin/env node
// `npm test`: the web unit tests, the API suite on the embedded engine and on a real PostgreSQL, then the end-to-end
// flows in Chromium against the built app. Ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCluster, stopCluster } from './pg-cluster.mjs';

const reports = mkdtempSync(path.join(tmpdir(), 'shortlist-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
let isGreen = true;

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) isGreen = false;
  return result.status === 0;
}

const vitestBin = path.resolve(import.meta.dirname, '../node_modules/.bin/vitest');

function vitest(label, projects, env = {}) {
  const report = path.join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const selection = projects.flatMap((project) => ['--project', project]);
  const args = ['run', ...selection, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  run(label, vitestBin, args, env);
  if (!existsSync(report)) {
    isGreen = false;
    return;
  }
  const result = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += result.numPassedTests;
  totals.failed += result.numFailedTests;
  totals.skipped += result.numPendingTests + result.numTodoTests;
  for (const file of result.testResults) {
    for (const test of file.assertionResults) {
      if (test.status !== 'failed') continue;
      const where = path.relative(process.cwd(), file.name);
      failures.push(`[${label}] ${where} > ${test.fullName}\n    ${summary(test.failureMessages)}`);
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

// The embedded engine even where TEST_DATABASE_URL is set (CI sets it for the next run): without this, both
// runs were on PostgreSQL there.
vitest('web and api-pglite', ['web', 'api'], { TEST_DATABASE_URL: '' });

let cluster;
let databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl && hasCommand('initdb') && hasCommand('pg_ctl')) {
  cluster = await startCluster();
  databaseUrl = cluster.url;
}
if (databaseUrl) {
  try {
    vitest('api-postgres', ['api'], { TEST_DATABASE_URL: databaseUrl });
  } finally {
    if (cluster) stopCluster(cluster.dir);
  }
} else {
  console.error('\nNo PostgreSQL: set TEST_DATABASE_URL or install the server binaries (initdb, pg_ctl).');
  isGreen = false;
}

if (run('build web', 'npm', ['run', 'build', '-w', 'apps/web'])) vitest('e2e', ['e2e']);
else totals.failed += 1;

if (failures.length > 0) console.log(`\nFailed:\n${failures.join('\n')}`);
console.log(`\nTotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(isGreen && totals.failed === 0 ? 0 : 1);
