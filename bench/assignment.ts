// Balanced assignment (`npm run bench:assign`): 5,000 items × 300 judges, 3 judges per item, at most 60
// items per judge, first in memory (the algorithm alone), then through `assign_access` on both engines
// (reading the selection, computing, writing 15,000 pairs). Reported: time and the loads' max − min.
import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import {
  dataModels,
  datasets,
  issueAccessDatasets,
  issueAccesses,
  issueDatasets,
  issues,
  teamMembers,
  users,
} from '../apps/server/src/db/schema/index.ts';
import { assignJudges } from '../apps/server/src/features/judges/balanced-assignment.ts';
import { createTeam } from '../apps/server/src/features/teams/service.ts';
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
    return {
      engine: database.engine,
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
});
