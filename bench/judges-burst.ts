// Judges at once (`npm run bench:judges`): 300 judges submit together to a 2,000-item rating selection
// with 5 criteria, each rating every item (10,000 answers per submission), through the real app over
// loopback HTTP, on PGlite and PostgreSQL. A first burst creates the submissions, a second replaces them
// with every value changed (the edit path); after each, the rows are counted: nothing may be lost or doubled.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import {
  dataModels,
  datasets,
  issueAccesses,
  issueAnswers,
  issueDatasets,
  issueQuestions,
  issueSubmissions,
  issues,
  users,
} from '../apps/server/src/db/schema.ts';
import { createTeam } from '../apps/server/src/features/teams/service.ts';
import { benchBothEngines, buildBenchApp, describeMachine, percentile } from './bench-app.ts';

const JUDGES = 300;
const ITEMS = 2_000;
const CRITERIA = 5;
const ANSWERS_PER_SUBMISSION = ITEMS * CRITERIA;
/** One submission waiting behind 299 others may take long on the embedded engine; past this it failed. */
const REQUEST_TIMEOUT_MS = 10 * 60_000;
const HOST = '127.0.0.1';

interface Seed {
  issueId: number;
  tokens: string[];
  first: { body: string; sum: number };
  edit: { body: string; sum: number };
}

/** The selection, its items and criteria, and the judges with their links, written in a few statements. */
async function seed(database: Database): Promise<Seed> {
  const { db } = database;
  const team = await createTeam({ db }, { title: 'Bench team' });
  const [model] = await db.insert(dataModels).values({ teamId: team.id, title: 'Startups' }).returning();
  if (!model) throw new Error('no model');
  const [issue] = await db
    .insert(issues)
    .values({
      teamId: team.id,
      resourcetype: 'RatingIssue',
      title: 'Burst',
      minRating: 0,
      maxRating: 5,
      step: 1,
    })
    .returning();
  if (!issue) throw new Error('no issue');
  const items = await db
    .insert(datasets)
    .values(
      Array.from({ length: ITEMS }, (_, i) => ({
        teamId: team.id,
        dataModelId: model.id,
        title: `Item ${i}`,
      })),
    )
    .returning({ id: datasets.id });
  await db.insert(issueDatasets).values(items.map((item) => ({ issueId: issue.id, datasetId: item.id })));
  const questions = await db
    .insert(issueQuestions)
    .values(Array.from({ length: CRITERIA }, (_, i) => ({ issueId: issue.id, title: `Criterion ${i + 1}` })))
    .returning({ id: issueQuestions.id });
  const judges = await db
    .insert(users)
    .values(
      Array.from({ length: JUDGES }, (_, i) => ({
        username: `judge${i}@bench.test`,
        email: `judge${i}@bench.test`,
      })),
    )
    .returning({ id: users.id });
  const tokens = judges.map(() => randomBytes(24).toString('base64url'));
  await db
    .insert(issueAccesses)
    .values(judges.map((judge, i) => ({ issueId: issue.id, userId: judge.id, token: tokens[i] ?? '' })));
  const answersWith = (shift: number) =>
    items.flatMap((item, i) =>
      questions.map((question, q) => ({
        dataset: item.id,
        question: question.id,
        value: (i + q + shift) % 6,
      })),
    );
  const bodyWith = (shift: number) => JSON.stringify({ answers: answersWith(shift), comments: [] });
  const sumWith = (shift: number) => JUDGES * answersWith(shift).reduce((sum, a) => sum + a.value, 0);
  // The edit changes every value: the worst case of an edit, every row rewritten.
  return {
    issueId: issue.id,
    tokens,
    first: { body: bodyWith(0), sum: sumWith(0) },
    edit: { body: bodyWith(1), sum: sumWith(1) },
  };
}

interface Burst {
  wallMs: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
  answersRows: number;
  /** Every judge's values added up: shows that the edit replaced them all. */
  valueSum: number;
  submissionRows: number;
}

/**
 * POSTs with node:http rather than fetch, whose client gives up after 300 s without response headers:
 * on the embedded engine the last of 300 submissions waits longer than that behind the others.
 */
function post(url: string, body: string): Promise<number | string> {
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      timeout: REQUEST_TIMEOUT_MS,
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve(error.message));
    request.end(body);
  });
}

/** Every judge submits at the same moment; each submission's time and outcome are kept. */
async function burst(
  base: string,
  database: Database,
  issueId: number,
  tokens: string[],
  body: string,
): Promise<Burst> {
  const start = performance.now();
  const results = await Promise.all(
    tokens.map(async (token) => {
      const sent = performance.now();
      const status = await post(`${base}/api/v1/issues/${issueId}/submissions/?token=${token}`, body);
      return { ms: performance.now() - sent, status };
    }),
  );
  const wallMs = performance.now() - start;
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const failures = results.filter((r) => r.status !== 201).map((r) => String(r.status));
  if (failures.length > 0) console.error(`    failed: ${[...new Set(failures)].join(', ')}`);
  const [[answers], [submissions]] = await Promise.all([
    database.db
      .select({ n: count(), sum: sql<number>`coalesce(sum(${issueAnswers.value}), 0)::float8` })
      .from(issueAnswers)
      .where(eq(issueAnswers.issueId, issueId)),
    database.db.select({ n: count() }).from(issueSubmissions).where(eq(issueSubmissions.issueId, issueId)),
  ]);
  return {
    wallMs,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    max: times.at(-1) ?? 0,
    failed: failures.length,
    answersRows: answers?.n ?? 0,
    valueSum: Number(answers?.sum ?? 0),
    submissionRows: submissions?.n ?? 0,
  };
}

async function benchEngine(database: Database, dataDir: string) {
  const app = await buildBenchApp(database, dataDir);
  try {
    console.error(`  ${database.engine}: seeding ${ITEMS} items, ${CRITERIA} criteria, ${JUDGES} judges...`);
    const seeded = await seed(database);
    const base = await app.listen({ port: 0, host: HOST });
    console.error(`  ${database.engine}: first submissions...`);
    const first = await burst(base, database, seeded.issueId, seeded.tokens, seeded.first.body);
    console.error(`  ${database.engine}: edits (every judge submits again)...`);
    const edits = await burst(base, database, seeded.issueId, seeded.tokens, seeded.edit.body);
    return {
      engine: database.engine,
      first,
      edits,
      sums: { first: seeded.first.sum, edit: seeded.edit.sum },
    };
  } finally {
    await app.close();
  }
}

type EngineResult = Awaited<ReturnType<typeof benchEngine>>;
const EXPECTED_ROWS = JUDGES * ANSWERS_PER_SUBMISSION;

/** Every submission saved, every row there once, and the values those of the last burst. */
const isIntact = (b: Burst, sum: number) =>
  b.failed === 0 && b.answersRows === EXPECTED_ROWS && b.submissionRows === JUDGES && b.valueSum === sum;

function report(results: EngineResult[]) {
  const lines = [
    describeMachine(),
    `${JUDGES} judges at once, ${ITEMS.toLocaleString('en')} items × ${CRITERIA} criteria = ${ANSWERS_PER_SUBMISSION.toLocaleString('en')} answers per submission (${EXPECTED_ROWS.toLocaleString('en')} in all)`,
    '',
    '| engine | burst | wall (s) | answers/s | p50 (ms) | p99 (ms) | max (ms) | failed | answer rows | submissions | values intact |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const { engine, first, edits, sums } of results) {
    for (const [name, b, sum] of [
      ['first', first, sums.first],
      ['edit', edits, sums.edit],
    ] as const) {
      const rate = Math.round(EXPECTED_ROWS / (b.wallMs / 1000));
      lines.push(
        `| ${engine} | ${name} | ${(b.wallMs / 1000).toFixed(1)} | ${rate.toLocaleString('en')} | ${Math.round(b.p50)} | ${Math.round(b.p99)} | ${Math.round(b.max)} | ${b.failed} | ${b.answersRows.toLocaleString('en')} | ${b.submissionRows} | ${isIntact(b, sum) ? 'yes' : 'NO'} |`,
      );
    }
  }
  console.log(lines.join('\n'));
  if (results.some((r) => !isIntact(r.first, r.sums.first) || !isIntact(r.edits, r.sums.edit)))
    process.exitCode = 1;
}

benchBothEngines('judges submitting at once (a few minutes per engine)', benchEngine, report);
