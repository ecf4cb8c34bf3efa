#!/usr/bin/env node
// Rewrites e2e/seconds.json, the end-to-end files' times by which `npm test` shares them between its lanes, from
// vitest JSON reports of a run with the machine to itself:
//   npx vitest run --project e2e --reporter=json --outputFile.json=/tmp/e2e.json
//   node scripts/e2e-seconds.mjs /tmp/e2e.json
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const reports = process.argv.slice(2);
if (reports.length === 0) {
  console.error('usage: node scripts/e2e-seconds.mjs <vitest JSON report>...');
  process.exit(2);
}
const seconds = reports
  .flatMap((report) => JSON.parse(readFileSync(report, 'utf8')).testResults)
  .map((file) => [path.basename(file.name), Math.round((file.endTime - file.startTime) / 100) / 10])
  .sort((a, b) => b[1] - a[1]);
const target = path.resolve(import.meta.dirname, '../e2e/seconds.json');
writeFileSync(target, `${JSON.stringify(Object.fromEntries(seconds), null, 2)}\n`);
console.log(
  `${target}: ${seconds.length} files, ${Math.round(seconds.reduce((sum, [, s]) => sum + s, 0))} s`,
);
