// Schulze at 2,000 items on ballots (`npx tsx bench/schulze-scale.ts`), issue 31 point 2: the strongest paths
// over every item on a ballot (as before SCHULZE_MAX) against the report's capped computation — the
// Condorcet winner's knockout over all, then Schulze over the first SCHULZE_MAX by Borda. In memory, without
// the database: the preference counts are built here as the report's SQL would return them.

import {
  condorcetWinnerOf,
  preferencesOf,
  schulze,
  schulzeCandidates,
} from '../apps/server/src/features/ranked/schulze.ts';
import { seededRandom } from '../apps/server/src/test/random.ts';
import { SCHULZE_MAX } from '../packages/contract/src/ranked.ts';
import { describeMachine } from './bench-app.ts';

const ITEMS = 2000;
const JUDGES = 300;
const RANKED = 10;
const SEEN = 100;

const random = seededRandom(7);
const quality = Array.from({ length: ITEMS }, () => random());
const noisy = (item: number) => (quality[item] ?? 0) + random() * 0.3;
// Each judge ranks their top 10 of 100 items they saw; every item left on no ballot gets one of its own.
const ballots = Array.from({ length: JUDGES }, () => {
  const seen = [...new Set(Array.from({ length: SEEN }, () => Math.floor(random() * ITEMS)))];
  return { order: seen.sort((a, b) => noisy(b) - noisy(a)).slice(0, RANKED) };
});
const listed = new Set(ballots.flatMap((ballot) => ballot.order));
for (let item = 0; item < ITEMS; item++) if (!listed.has(item)) ballots.push({ order: [item] });
const d = preferencesOf(ITEMS, ballots);
const borda = new Array<number>(ITEMS).fill(0);
for (const { order } of ballots)
  order.forEach((item, place) => {
    borda[item] = (borda[item] ?? 0) + RANKED - place;
  });
const byBorda = [...borda.keys()].sort((a, b) => (borda[b] ?? 0) - (borda[a] ?? 0));

function measure(label: string, work: () => unknown) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  work();
  const wall = performance.now() - started;
  console.log(
    `${label}: ${wall.toFixed(0)} ms wall, ${(process.cpuUsage(cpu).user / 1000).toFixed(0)} ms CPU`,
  );
}

console.log(describeMachine());
measure(`capped at ${SCHULZE_MAX} (the report)`, () => {
  // The report's flat matrix in Borda's order, the knockout, then the capped Schulze.
  const all = new Int32Array(ITEMS * ITEMS);
  byBorda.forEach((a, i) => {
    byBorda.forEach((b, j) => {
      all[i * ITEMS + j] = d[a]?.[b] ?? 0;
    });
  });
  const winner = condorcetWinnerOf(ITEMS, (i, j) => all[i * ITEMS + j] ?? 0);
  const chosen = schulzeCandidates([...byBorda.keys()], winner, SCHULZE_MAX);
  schulze(
    chosen.length,
    chosen.flatMap((i) => chosen.map((j) => all[i * ITEMS + j] ?? 0)),
  );
});
measure(`every one of the ${ITEMS} items (before the cap)`, () => schulze(ITEMS, d.flat()));
