// PGlite's upkeep at a million items (`npm run bench:upkeep`, decision 139): the whole-database `vacuum
// analyze` PGlite ran every 5 minutes against `upkeepPglite`, which does what autovacuum would, table by table.
// Each is timed with the longest the event loop waited meanwhile (the server answers no one then), twice,
// when nothing changed and after an import of 1,000 and of 250,000 items. It reads the folder `BENCH_PGLITE_DIR` that
// `bench:items` seeded (BENCH_ENGINES=pglite BENCH_PGLITE_DIR=… npm run bench:items) and leaves it as it was.

import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { upkeepPglite } from '../apps/server/src/db/pglite-upkeep.ts';
import { describeMachine } from './bench-app.ts';

/** A small import, which autovacuum's thresholds let pass, and a quarter of the items, which they do not. */
const IMPORTS = [1000, 250_000];

interface Run {
  ms: number;
  longestStall: number;
  datasets: string;
}

/** Runs `work`, timing it and the longest gap between ticks of a 5 ms timer meanwhile. */
async function timed<T>(work: () => Promise<T>) {
  let last = performance.now();
  let longestStall = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longestStall = Math.max(longestStall, now - last);
    last = now;
  }, 5);
  const start = performance.now();
  const result = await work();
  const ms = performance.now() - start;
  longestStall = Math.max(longestStall, performance.now() - last);
  clearInterval(ticker);
  return { result, ms, longestStall };
}

async function main() {
  const dataDir = process.env.BENCH_PGLITE_DIR;
  if (!dataDir) throw new Error('BENCH_PGLITE_DIR must name a folder that bench:items seeded on PGlite');
  const database = await openDatabase({ dataDir });
  const client = database.pglite;
  if (!client) throw new Error('not PGlite');
  const { db } = database;
  const count = async () =>
    Number(
      ((await db.execute(sql`select count(*) as n from datasets`)) as { rows: { n: number }[] }).rows[0]?.n,
    );
  const items = await count();
  const lines = [
    `${describeMachine()}, load ${os.loadavg()[0]?.toFixed(1)}`,
    `${items.toLocaleString('en')} items`,
  ];
  // The first look after a seed does what the seed left to do, as the server's first minute would.
  const settled = await timed(() => upkeepPglite(client));
  lines.push(
    `settling: ${settled.ms.toFixed(0)} ms, ${settled.result.map((s) => s.table).join(', ') || 'nothing'}`,
  );
  lines.push(
    '',
    '| repeat | case | time ms | longest stall ms | tables | the items after |',
    '| --- | --- | ---: | ---: | --- | --- |',
  );
  const row = (repeat: number, what: string, run: Run, tables: string) =>
    lines.push(
      `| ${repeat} | ${what} | ${run.ms.toFixed(0)} | ${run.longestStall.toFixed(0)} | ${tables} | ${run.datasets} |`,
    );
  const named = (steps: { table: string; vacuum: boolean }[]) =>
    steps.map((s) => `${s.vacuum ? 'vacuum analyze' : 'analyze'} ${s.table}`).join(', ') || 'none';
  /** What the planner knows of the items after a case: both sides must leave the same. */
  const datasetsStatistics = async () => {
    await client.query('select pg_stat_force_next_flush()');
    const { rows } = await client.query<{ estimated: number; unanalyzed: number }>(
      `select c.reltuples::int8::float8 as estimated, s.n_mod_since_analyze::int8::float8 as unanalyzed
       from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = 'datasets'`,
    );
    return `${rows[0]?.estimated.toLocaleString('en')} estimated, ${rows[0]?.unanalyzed.toLocaleString('en')} changed since`;
  };
  const lastId = Number(
    ((await db.execute(sql`select max(id) as id from datasets`)) as { rows: { id: number }[] }).rows[0]?.id,
  );
  /** `upkeep` after an import of `imported` items, which are deleted again after it. */
  const afterImport = async <T>(imported: number, upkeep: () => Promise<T>) => {
    await db.execute(sql`insert into datasets (data_model_id, team_id, title, tags)
      select data_model_id, team_id, 'Imported ' || id, tags from datasets order by id limit ${imported}`);
    const run = await measured(upkeep);
    await db.execute(sql`delete from datasets where id > ${lastId}`);
    // The rows deleted are cleared away, untimed, so that each case starts from the same seed.
    await client.exec('vacuum analyze');
    return run;
  };
  const whole = () => client.exec('vacuum analyze');
  const measured = async <T>(work: () => Promise<T>) => ({
    ...(await timed(work)),
    datasets: await datasetsStatistics(),
  });
  const upkeep = () => upkeepPglite(client);
  for (const repeat of [1, 2]) {
    row(repeat, 'whole `vacuum analyze` (before), nothing changed', await measured(whole), 'all');
    const quiet = await measured(upkeep);
    row(repeat, 'upkeep, nothing changed', quiet, named(quiet.result));
    for (const imported of IMPORTS) {
      const after = `after ${imported.toLocaleString('en')} items imported`;
      row(repeat, `whole \`vacuum analyze\` (before), ${after}`, await afterImport(imported, whole), 'all');
      const run = await afterImport(imported, upkeep);
      row(repeat, `upkeep, ${after}`, run, named(run.result));
    }
  }
  if ((await count()) !== items) throw new Error('the seed was not left as it was');
  await client.exec('vacuum analyze');
  await database.close();
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
