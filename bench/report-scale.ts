// Reports at scale (`npm run bench:report`): report_summary of one rating selection with 2,000 items ×
// 300 judges × 5 criteria (3,000,000 answers) through the real app over loopback HTTP, against the
// same hand-written GROUP BY run directly in SQL in the same run, and the streamed export of that
// report (time, size, peak memory), on PGlite and PostgreSQL.
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../apps/server/src/db/client.ts';
import { teamMembers, users } from '../apps/server/src/db/schema.ts';
import { createTeam } from '../apps/server/src/features/teams/service.ts';
import { benchBothEngines, buildBenchApp, describeMachine } from './bench-app.ts';
import { type MemoryPeak, withMemoryPeak } from './items-scale/memory.ts';
import { ANSWERS, CRITERIA, handWrittenReport, ITEMS, JUDGES, seedReport } from './report-scale/seed.ts';

const HOST = '127.0.0.1';
const RUNS = 2;
const REQUEST_TIMEOUT_MS = 10 * 60_000;

interface EngineResult {
  engine: string;
  seedMs: number;
  summaryMs: number[];
  sqlMs: number[];
  exportMs: number;
  exportBytes: number;
  memory: MemoryPeak;
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const slowest = (values: number[]) => Math.max(...values);

async function timed(work: () => Promise<unknown>) {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

async function benchEngine(database: Database, dataDir: string): Promise<EngineResult> {
  const app = await buildBenchApp(database, dataDir);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'shortlist-bench-report-'));
  try {
    const [user] = await database.db
      .insert(users)
      .values({ username: 'bench@example.org', email: 'bench@example.org' })
      .returning();
    if (!user) throw new Error('no user');
    const team = await createTeam({ db: database.db }, { title: 'Bench team' });
    await database.db.insert(teamMembers).values({ teamId: team.id, userId: user.id, role: 'admin' });
    const engine = database.engine;
    console.error(`  ${engine}: seeding ${ANSWERS.toLocaleString('en')} answers...`);
    let issueId = 0;
    const seedMs = await timed(async () => {
      issueId = await seedReport(database, team.id);
    });
    console.error(`    seeded in ${seconds(seedMs)} s`);
    const base = await app.listen({ port: 0, host: HOST });
    const token = (await app.ctx.tokens.issuePair(user.id)).access;
    // A new connection per request: a long SQL run in between must not leave a stale keep-alive socket.
    const get = (url: string) =>
      new Promise<IncomingMessage>((resolve, reject) => {
        const request = http.get(
          `${base}/api/v1${url}`,
          { agent: false, headers: { authorization: `Bearer ${token}` }, timeout: REQUEST_TIMEOUT_MS },
          resolve,
        );
        request.on('error', reject);
      });
    const readJson = async (reply: IncomingMessage) => {
      const chunks: Buffer[] = [];
      for await (const chunk of reply) chunks.push(chunk as Buffer);
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    };

    const summaryMs: number[] = [];
    const sqlMs: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      console.error(`  ${engine}: report_summary run ${run + 1}...`);
      summaryMs.push(
        await timed(async () => {
          const reply = await get(`/issues/${issueId}/report_summary/`);
          const body = (await readJson(reply)) as { datasets: unknown[] };
          if (body.datasets.length !== ITEMS) throw new Error(`report has ${body.datasets.length} items`);
        }),
      );
      sqlMs.push(await timed(() => database.db.execute(handWrittenReport(issueId))));
      console.error(`    endpoint ${seconds(summaryMs.at(-1) ?? 0)} s, SQL ${seconds(sqlMs.at(-1) ?? 0)} s`);
    }

    console.error(`  ${engine}: export...`);
    let exportBytes = 0;
    const file = path.join(workDir, 'report.xlsx');
    let exportMs = 0;
    const { memory } = await withMemoryPeak(async () => {
      exportMs = await timed(async () => {
        const reply = await get(`/issues/${issueId}/export_excel/`);
        if (reply.statusCode !== 200) throw new Error(`export: ${reply.statusCode}`);
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            exportBytes += chunk.length;
            done(null, chunk);
          },
        });
        await pipeline(reply, counter, createWriteStream(file));
      });
    });
    console.error(`    export ${seconds(exportMs)} s, ${exportBytes} bytes`);
    return { engine, seedMs, summaryMs, sqlMs, exportMs, exportBytes, memory };
  } finally {
    await app.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}

function report(results: EngineResult[]) {
  const lines = [
    `${describeMachine()}, ${Math.round(os.totalmem() / 2 ** 30)} GB`,
    `${ITEMS.toLocaleString('en')} items × ${JUDGES} judges × ${CRITERIA} criteria = ${ANSWERS.toLocaleString('en')} answers; the slower of ${RUNS} runs`,
  ];
  for (const r of results) {
    const summary = slowest(r.summaryMs);
    const raw = slowest(r.sqlMs);
    const { baselineRssMb, peakRssMb, baselineHeapMb, peakHeapMb } = r.memory;
    lines.push(
      '',
      `### ${r.engine}`,
      '',
      `Seeding (SQL, generate_series): ${seconds(r.seedMs)} s`,
      '',
      '| measure | time (s) |',
      '| --- | ---: |',
      `| GET report_summary (HTTP, whole reply) | ${seconds(summary)} |`,
      `| hand-written GROUP BY in SQL | ${seconds(raw)} |`,
      `| ratio endpoint / SQL | ${(summary / raw).toFixed(2)} |`,
      `| GET export_excel (${(r.exportBytes / 2 ** 20).toFixed(1)} MB xlsx) | ${seconds(r.exportMs)} |`,
      '',
      `Export memory (whole process, server and client): RSS ${Math.round(baselineRssMb)} → ${Math.round(peakRssMb)} MB, heap ${Math.round(baselineHeapMb)} → ${Math.round(peakHeapMb)} MB.`,
    );
  }
  console.log(lines.join('\n'));
}

benchBothEngines('the report at scale (a few minutes per engine)', benchEngine, report);
