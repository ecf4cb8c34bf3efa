// Assignment (`npm run bench:assign`): 5,000 items × 300 judges, 3 judges per item, at most 60 items per
// judge. Balanced: in memory (the algorithm alone), then through `assign_access` on both engines (reading
// the selection, computing, writing 15,000 pairs); reported: time and the loads' max − min. By expertise
// (issue 54): texts from 40 fields of made-up words, the TF-IDF affinities and the solver in memory, twice,
// then `by: expertise` through `assign_access`; reported: time, the ratio to the LP bound (goal ≥ 99 % in
// under 5 s) and the machine's load.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { count } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import {
  dataModels,
  datasets,
  issueAccessDatasets,
  issueAccesses,
  issueDatasets,
  issueExpertise,
  issues,
  teamMembers,
  users,
} from '../apps/server/src/db/schema/index.ts';
import { solveAssignment } from '../apps/server/src/features/assignment/solve.ts';
import { affinityMatrix, textModel } from '../apps/server/src/features/assignment/text-affinity.ts';
import { assignJudges } from '../apps/server/src/features/judges/balanced-assignment.ts';
import { createTeam } from '../apps/server/src/features/teams/service.ts';
import { seededUniform } from '../apps/server/src/features/top-k/bootstrap.ts';
import { benchBothEngines, buildBenchApp, describeMachine } from './bench-app.ts';

const ITEMS = 5_000;
const JUDGES = 300;
const PER_ITEM = 3;
const MAX_PER_JUDGE = 60;

function inMemory() {
  const started = performance.now();
  const result = assignJudges({
    itemIds: Array.from({ length: ITEMS }, (_, i) => i + 1),
    judgeIds: Array.from({ length: JUDGES }, (_, i) => 100_000 + i),
    existing: [],
    perItem: PER_ITEM,
    maxPerJudge: MAX_PER_JUDGE,
  });
  const loads = [...result.loads.values()];
  return {
    ms: performance.now() - started,
    spread: Math.max(...loads) - Math.min(...loads),
    short: result.shortItems.size,
  };
}

/** Made-up words of 40 fields (stems of their own), and texts drawn from them. */
const random = seededUniform(54);
const SYLLABLES = ['ka', 'lo', 'mi', 'ner', 'tas', 'vu', 'ri', 'po', 'sel', 'dor', 'fin', 'gar'];
const word = () =>
  Array.from({ length: 3 }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join('');
const FIELDS = Array.from({ length: 40 }, () => Array.from({ length: 12 }, word));
const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)] as T;
const textOf = (fields: string[][], words: number) =>
  Array.from({ length: words }, () => pick(pick(fields))).join(' ');
const ITEM_TEXTS = Array.from(
  { length: ITEMS },
  () => `${textOf([pick(FIELDS), pick(FIELDS)], 30)} ${textOf(FIELDS, 10)}`,
);
const EXPERTISE = Array.from({ length: JUDGES }, () =>
  textOf([pick(FIELDS), pick(FIELDS), pick(FIELDS)], 12),
);

function byExpertiseInMemory() {
  const started = performance.now();
  const affinity = affinityMatrix(textModel(ITEM_TEXTS, EXPERTISE));
  const textMs = performance.now() - started;
  const cells = ITEMS * JUDGES;
  const bid = new Uint8Array(cells);
  for (let k = 0; k < cells; k++) bid[k] = random() < 0.01 ? 1 : random() < 0.005 ? 3 : 0;
  const output = solveAssignment({
    n: ITEMS,
    m: JUDGES,
    affinity,
    bid,
    conflict: new Uint8Array(cells),
    kept: new Uint8Array(cells),
    demand: new Int32Array(ITEMS).fill(PER_ITEM),
    maxPerJudge: MAX_PER_JUDGE,
    bonus: { eager: 0.3, willing: 0.1 },
    fairness: false,
    maxPairProbability: 1,
    seed: 1,
  });
  let pairs = 0;
  for (let k = 0; k < cells; k++) pairs += output.assigned[k] as number;
  return {
    ms: performance.now() - started,
    textMs,
    ratio: output.objective / output.upperBound,
    pairs,
    load: loadavg()[0] ?? 0,
  };
}

async function benchEngine(database: Database, dataDir: string) {
  const { db } = database;
  const team = await createTeam({ db }, { title: 'Bench' });
  const [admin] = await db
    .insert(users)
    .values({ username: 'a@bench.test', email: 'a@bench.test' })
    .returning();
  const [model] = await db.insert(dataModels).values({ teamId: team.id, title: 'Startups' }).returning();
  const [issue] = await db
    .insert(issues)
    .values({ teamId: team.id, resourcetype: 'RatingIssue', title: 'Bench' })
    .returning();
  if (!admin || !model || !issue) throw new Error('seed failed');
  await db.insert(teamMembers).values({ teamId: team.id, userId: admin.id, role: 'admin' });
  for (let from = 0; from < ITEMS; from += 1000) {
    const items = await db
      .insert(datasets)
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          teamId: team.id,
          dataModelId: model.id,
          title: `Item ${from + i}`,
          description: ITEM_TEXTS[from + i] ?? '',
        })),
      )
      .returning({ id: datasets.id });
    await db.insert(issueDatasets).values(items.map((item) => ({ issueId: issue.id, datasetId: item.id })));
  }
  const judges = await db
    .insert(users)
    .values(
      Array.from({ length: JUDGES }, (_, i) => ({ username: `j${i}@bench.test`, email: `j${i}@bench.test` })),
    )
    .returning({ id: users.id });
  await db.insert(issueAccesses).values(
    judges.map((judge) => ({
      issueId: issue.id,
      userId: judge.id,
      token: randomBytes(16).toString('hex'),
    })),
  );
  const app = await buildBenchApp(database, dataDir);
  try {
    const token = (await app.ctx.tokens.issuePair(admin.id)).access;
    const started = performance.now();
    const reply = await app.inject({
      method: 'POST',
      url: `/api/v1/issues/${issue.id}/assign_access/`,
      headers: { authorization: `Bearer ${token}` },
      payload: { judges_per_item: PER_ITEM, max_items_per_judge: MAX_PER_JUDGE },
    });
    const ms = performance.now() - started;
    if (reply.statusCode !== 200) throw new Error(reply.body);
    const body = reply.json() as {
      min_datasets_per_judge: number;
      max_datasets_per_judge: number;
      short: unknown[];
    };
    const [stored] = await db.select({ n: count() }).from(issueAccessDatasets);
    const accesses = await db.select({ id: issueAccesses.id }).from(issueAccesses);
    await db
      .insert(issueExpertise)
      .values(
        accesses.map((access, j) => ({ accessId: access.id, text: EXPERTISE[j] ?? '', source: 'admin' })),
      );
    const expertiseStarted = performance.now();
    const byExpertise = await app.inject({
      method: 'POST',
      url: `/api/v1/issues/${issue.id}/assign_access/`,
      headers: { authorization: `Bearer ${token}` },
      payload: { judges_per_item: PER_ITEM, max_items_per_judge: MAX_PER_JUDGE, by: 'expertise' },
    });
    if (byExpertise.statusCode !== 200) throw new Error(byExpertise.body);
    const expertise = byExpertise.json() as {
      nb_assigned: number;
      solve_ms: number;
      quality: { optimum_ratio: number };
    };
    return {
      engine: database.engine,
      expertiseMs: performance.now() - expertiseStarted,
      expertise,
      ms,
      spread: body.max_datasets_per_judge - body.min_datasets_per_judge,
      short: body.short.length,
      pairs: stored?.n ?? 0,
    };
  } finally {
    await app.close();
  }
}

benchBothEngines('balanced assignment', benchEngine, (results) => {
  console.log(describeMachine());
  console.log(`${ITEMS} items × ${JUDGES} judges, N = ${PER_ITEM}, M = ${MAX_PER_JUDGE}.\n`);
  for (let i = 0; i < 2; i += 1) {
    const run = inMemory();
    console.log(
      `in memory, run ${i + 1}: ${run.ms.toFixed(0)} ms, loads max − min = ${run.spread}, items short = ${run.short}`,
    );
  }
  for (const r of results) {
    console.log(
      `${r.engine} assign_access: ${r.ms.toFixed(0)} ms, loads max − min = ${r.spread}, items short = ${r.short}, pairs stored = ${r.pairs}`,
    );
  }
  console.log('\nBy expertise (goal: ≥ 99 % of the LP bound in under 5 s):');
  for (let i = 0; i < 2; i += 1) {
    const run = byExpertiseInMemory();
    console.log(
      `in memory, run ${i + 1}: ${run.ms.toFixed(0)} ms (text ${run.textMs.toFixed(0)} ms), ${run.pairs} pairs, ratio to the LP bound ${(run.ratio * 100).toFixed(3)} %, load ${run.load.toFixed(1)}`,
    );
  }
  for (const r of results) {
    console.log(
      `${r.engine} assign_access by expertise: ${r.expertiseMs.toFixed(0)} ms (solver ${r.expertise.solve_ms} ms), ${r.expertise.nb_assigned} pairs, ratio ${(r.expertise.quality.optimum_ratio * 100).toFixed(3)} %, load ${(loadavg()[0] ?? 0).toFixed(1)}`,
    );
  }
});
