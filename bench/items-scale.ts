// Items at scale (`npm run bench:items`): import and export of 10,000 items × 20 answers and the
// items list at 100,000 items, through the real app over loopback HTTP, on PGlite and PostgreSQL.
// Every request has a timeout and the load runs for a fixed time, so it stops by itself.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../apps/server/src/db/client.ts';
import { teamMembers, users } from '../apps/server/src/db/schema.ts';
import { createTeam } from '../apps/server/src/features/teams/service.ts';
import { buildBenchApp, describeMachine, withPglite, withPostgres } from './bench-app.ts';
import {
  createItemType,
  exportItems,
  IMPORTED_ITEMS,
  importItems,
  type PhaseResult,
} from './items-scale/import-export.ts';
import {
  explainList,
  LIST_ITEMS,
  type ListRow,
  LOAD,
  listCases,
  measureList,
  seedList,
} from './items-scale/items-list.ts';

const HOST = '127.0.0.1';
/** The whole run on one engine; beyond it something hangs and the run fails. */
const ENGINE_TIMEOUT_MS = 15 * 60_000;

interface EngineResult {
  engine: string;
  imported: PhaseResult;
  exported: PhaseResult & { bytes: number };
  seedMs: number;
  list: ListRow[];
  plans?: Record<string, string>;
}

async function seedAdmin(database: Database) {
  const [user] = await database.db
    .insert(users)
    .values({ username: 'bench@example.org', email: 'bench@example.org' })
    .returning();
  if (!user) throw new Error('no user');
  const team = await createTeam({ db: database.db }, { title: 'Bench team' });
  await database.db.insert(teamMembers).values({ teamId: team.id, userId: user.id, role: 'admin' });
  return { userId: user.id, team: team.id };
}

async function benchEngine(database: Database, dataDir: string): Promise<EngineResult> {
  const app = await buildBenchApp(database, dataDir);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'shortlist-bench-work-'));
  try {
    const { userId, team } = await seedAdmin(database);
    const api = {
      base: await app.listen({ port: 0, host: HOST }),
      token: (await app.ctx.tokens.issuePair(userId)).access,
    };
    const engine = database.engine;
    const type = await createItemType(api, team);
    console.error(`  ${engine}: importing ${IMPORTED_ITEMS} items...`);
    const imported = await importItems(api, type);
    console.error(`  ${engine}: exporting...`);
    const exported = await exportItems(api, type.modelId, workDir);
    console.error(`  ${engine}: seeding ${LIST_ITEMS} items...`);
    const seedStart = performance.now();
    const { statusId } = await seedList(database, team, type.modelId);
    const seedMs = performance.now() - seedStart;
    const list: ListRow[] = [];
    for (const { name, query } of listCases(team, statusId)) list.push(await measureList(api, name, query));
    const plans = engine === 'postgres' ? await explainList(database, team, statusId) : undefined;
    return { engine, imported, exported, seedMs, list, plans };
  } finally {
    await app.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** The run on one engine, failed if it outlasts ENGINE_TIMEOUT_MS. */
function timedBench(what: string) {
  return (database: Database, dataDir: string) => withTimeout(benchEngine(database, dataDir), what);
}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} took over ${ENGINE_TIMEOUT_MS / 60_000} min`)),
      ENGINE_TIMEOUT_MS,
    );
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

const mb = (value: number) => Math.round(value).toString();
const seconds = (ms: number) => (ms / 1000).toFixed(1);

function memoryCells({ memory }: PhaseResult) {
  const { baselineRssMb, baselineHeapMb, peakRssMb, peakHeapMb } = memory;
  return `${mb(baselineRssMb)} → ${mb(peakRssMb)} (+${mb(peakRssMb - baselineRssMb)}) | ${mb(baselineHeapMb)} → ${mb(peakHeapMb)} (+${mb(peakHeapMb - baselineHeapMb)})`;
}

function report(results: EngineResult[]) {
  const lines = [
    `${describeMachine()}, ${Math.round(os.totalmem() / 2 ** 30)} GB`,
    `List load: ${LOAD}, ${HOST}`,
  ];
  for (const result of results) {
    const { imported, exported } = result;
    lines.push(
      '',
      `### ${result.engine}`,
      '',
      '| phase | time (s) | rate | RSS MB (before → peak) | heap MB (before → peak) |',
      '| --- | ---: | ---: | --- | --- |',
      `| import 10,000 × 20 (20 bulk POSTs of 500) | ${seconds(imported.ms)} | ${Math.round(IMPORTED_ITEMS / (imported.ms / 1000))} items/s | ${memoryCells(imported)} |`,
      `| export_excel 10,000 × 20 (${(exported.bytes / 2 ** 20).toFixed(1)} MB xlsx) | ${seconds(exported.ms)} | ${Math.round(IMPORTED_ITEMS / (exported.ms / 1000))} rows/s | ${memoryCells(exported)} |`,
      '',
      `Seeding to ${LIST_ITEMS.toLocaleString('en')} items (SQL): ${seconds(result.seedMs)} s.`,
      '',
      '| GET /datasets/ at 100,000 items | count | req/s | p50 (ms) | p99 (ms) |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...result.list.map(
        (row) => `| ${row.name} | ${row.count} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} |`,
      ),
    );
  }
  console.log(lines.join('\n'));
  for (const result of results) {
    for (const [name, plan] of Object.entries(result.plans ?? {})) console.error(`\n-- ${name}\n${plan}`);
  }
}

async function main() {
  console.error('Benchmarking items at scale (a few minutes per engine)...');
  const results = [await withPglite(timedBench('PGlite'))];
  const postgres = await withPostgres(timedBench('PostgreSQL'));
  if (postgres) results.push(postgres);
  report(results);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
