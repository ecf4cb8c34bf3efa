// The ranked report at a jury's size (`npm run bench:ranked`, issue 57, point 1): PGlite at 300 items × 120
// ballots of 20, PostgreSQL at 1,000 items × 1,000 ballots of 20, each judge ranking the 20 best of about 100
// items seen (a quality each, a judge's noise), every judge free to rank every item. Seeded in SQL, not
// analyzed: the first read is the one after the ballots came. Times that first read and 5 reads after it
// over loopback HTTP (after one read of the selection), with `/healthz` asked every 100 ms during the first (its worst delay from when it was
// due, so that an event loop held shows even though the bench shares it), then checks the counts against the
// old SQL's (the statement the report ran before decision 163, kept here as the reference) pair by pair.
import os from 'node:os';
import type { RankedReport } from '@shortlist/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { selectRows } from '../apps/server/src/db/raw-rows.ts';
import { issues } from '../apps/server/src/db/schema/index.ts';
import { countPreferences } from '../apps/server/src/features/ranked/preferences.ts';
import { itemsCte } from '../apps/server/src/item-reads/item-values.ts';
import { judgesCte } from '../apps/server/src/item-reads/judge-values.ts';
import { benchBothEngines, buildBenchApp, describeMachine, seedAdminTeam } from './bench-app.ts';
import { withHealthProbe } from './health-probe.ts';
import { benchClient } from './report-scale/client.ts';
import { gauss, uniform } from './report-scale/seed.ts';
import { median, timed } from './report-scale/timed.ts';

const RANKED = 20;
const SEEN = 100;
const LATER_READS = 5;
const SIZES = { pglite: { items: 300, judges: 120 }, postgres: { items: 1_000, judges: 1_000 } };

async function seedRanked(database: Database, teamId: number, items: number, judges: number) {
  const { db } = database;
  const one = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: { id: number }[] }).rows[0]?.id ?? 0;
  const model = await one(
    sql`INSERT INTO data_models (team_id, title) VALUES (${teamId}, 'Ranked bench') RETURNING id`,
  );
  const issue = await one(sql`INSERT INTO issues (team_id, resourcetype, title, nb_ranked)
    VALUES (${teamId}, 'RankedIssue', 'Ranked bench', ${RANKED}) RETURNING id`);
  await db.execute(sql`INSERT INTO datasets (data_model_id, team_id, title)
    SELECT ${model}, ${teamId}, 'Item ' || i FROM generate_series(1, ${items}) i`);
  await db.execute(sql`INSERT INTO issue_datasets (issue_id, dataset_id)
    SELECT ${issue}, id FROM datasets WHERE data_model_id = ${model}`);
  await db.execute(sql`INSERT INTO users (username, email)
    SELECT 'ranker' || u || '@ranked.bench.test', 'ranker' || u || '@ranked.bench.test' FROM generate_series(1, ${judges}) u`);
  await db.execute(sql`INSERT INTO issue_accesses (issue_id, user_id, token)
    SELECT ${issue}, id, md5(id::text || 'ranked') FROM users WHERE email LIKE '%@ranked.bench.test'`);
  await db.execute(sql`INSERT INTO issue_submissions (issue_id, user_id)
    SELECT ${issue}, user_id FROM issue_accesses WHERE issue_id = ${issue}`);
  // Each judge's 20 best of the items they saw, by the item's quality and their own noise: n + 1 − place.
  await db.execute(sql`WITH seen AS (
      SELECT a.user_id, d.dataset_id, row_number() OVER (
          PARTITION BY a.user_id
          ORDER BY ${gauss(sql`d.dataset_id`, 3)} + 0.8 * ${gauss(sql`a.user_id * 1000003 + d.dataset_id`, 5)} DESC
        ) AS place
      FROM issue_accesses a JOIN issue_datasets d ON d.issue_id = a.issue_id
      WHERE a.issue_id = ${issue} AND ${uniform(sql`a.user_id * 1000003 + d.dataset_id`, 6)} < ${SEEN / items}
    )
    INSERT INTO issue_answers (issue_id, user_id, dataset_id, question_id, value)
    SELECT ${issue}, user_id, dataset_id, NULL, ${RANKED + 1} - place FROM seen WHERE place <= ${RANKED}`);
  return issue;
}

/** The preference counts as the report counted them in SQL before decision 163: the reference. */
function oldPreferencesQuery(issueId: number) {
  return sql`WITH judges AS NOT MATERIALIZED (${judgesCte([issueId])}),
    ${itemsCte([issueId])},
    ballots AS (
      SELECT j.access_id, ans.user_id, ans.dataset_id, ans.value
      FROM issue_answers ans
      JOIN judges j ON j.issue_id = ans.issue_id AND j.user_id = ans.user_id
      JOIN items it ON it.issue_id = ans.issue_id AND it.dataset_id = ans.dataset_id
      WHERE ans.issue_id = ${issueId}
    ),
    candidates AS (SELECT DISTINCT dataset_id FROM ballots),
    voters AS (SELECT DISTINCT access_id, user_id FROM ballots),
    rankable AS (
      SELECT v.user_id, c.dataset_id FROM voters v CROSS JOIN candidates c, issues i
      WHERE i.id = ${issueId} AND (i.access_all_items OR EXISTS (
          SELECT 1 FROM issue_access_datasets iad WHERE iad.access_id = v.access_id AND iad.dataset_id = c.dataset_id))
        AND NOT EXISTS (
          SELECT 1 FROM issue_conflicts ic WHERE ic.access_id = v.access_id AND ic.dataset_id = c.dataset_id)
    )
    SELECT a.dataset_id AS winner, r.dataset_id AS loser, count(*)::int AS n
    FROM ballots a
    JOIN rankable r ON r.user_id = a.user_id AND r.dataset_id <> a.dataset_id
    LEFT JOIN ballots b ON b.user_id = a.user_id AND b.dataset_id = r.dataset_id
    WHERE b.value IS NULL OR b.value < a.value
    GROUP BY a.dataset_id, r.dataset_id`;
}

interface EngineResult {
  engine: string;
  items: number;
  judges: number;
  candidates: number;
  schulzeItems: number;
  firstMs: number;
  worstHealthMs: number;
  probes: number;
  laterMs: number[];
  oldSqlMs: number;
  pairs: number;
  disagreeing: number;
  loads: string[];
}

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function benchEngine(database: Database, dataDir: string): Promise<EngineResult> {
  const { items, judges } = database.engine === 'pglite' ? SIZES.pglite : SIZES.postgres;
  const app = await buildBenchApp(database, dataDir);
  try {
    const { user, team } = await seedAdminTeam(database);
    console.error(`  ${database.engine}: seeding ${items} items × ${judges} ballots of ${RANKED}...`);
    const issueId = await seedRanked(database, team.id, items, judges);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const client = benchClient(base, (await app.ctx.tokens.issuePair(user.id)).access);
    const url = `/issues/${issueId}/ranked_report/`;
    // The app's first request of all costs it ~0.4 s (JIT, first sign-in): the selection's page is asked
    // first, as a server up for a while has answered others before.
    await client.json(`/issues/${issueId}/`);
    const loads = [load()];
    let first: RankedReport | undefined;
    let firstMs = 0;
    // Timed inside: the probe's loop ends at its next due time, after the read.
    const probe = await withHealthProbe(base, async () => {
      firstMs = await timed(async () => {
        first = await client.json<RankedReport>(url);
      });
    });
    const laterMs: number[] = [];
    for (let read = 0; read < LATER_READS; read++) laterMs.push(await timed(() => client.json(url)));
    loads.push(load());
    // The new counts over every item on a ballot, pair by pair against the old statement's.
    const [issue] = await database.db.select().from(issues).where(eq(issues.id, issueId));
    if (!issue) throw new Error('no selection');
    const candidates = (
      await selectRows<{ dataset_id: number }>(
        database.db,
        sql`SELECT DISTINCT dataset_id FROM issue_answers WHERE issue_id = ${issueId} ORDER BY dataset_id`,
      )
    ).map((row) => row.dataset_id);
    const counted = await countPreferences(database.db, issue, {}, candidates);
    const m = candidates.length;
    console.error(`  ${database.engine}: the old SQL over ${m} items on ballots...`);
    // With the tables' statistics, as the later reads of the issue had them (its first took 128 s without).
    await database.db.execute(sql`ANALYZE`);
    let old: { winner: number; loser: number; n: number }[] = [];
    const oldSqlMs = await timed(async () => {
      old = await selectRows(database.db, oldPreferencesQuery(issueId));
    });
    const reference = new Int32Array(m * m);
    const at = new Map(candidates.map((id, i) => [id, i]));
    for (const { winner, loser, n } of old) reference[(at.get(winner) ?? 0) * m + (at.get(loser) ?? 0)] = n;
    let disagreeing = 0;
    for (let cell = 0; cell < m * m; cell++) if (counted[cell] !== reference[cell]) disagreeing++;
    loads.push(load());
    return {
      engine: database.engine,
      items,
      judges,
      candidates: m,
      schulzeItems: first?.schulze_items ?? 0,
      firstMs,
      worstHealthMs: probe.worstHealthMs,
      probes: probe.probes,
      laterMs,
      oldSqlMs,
      pairs: m * m,
      disagreeing,
      loads,
    };
  } finally {
    await app.close();
  }
}

benchBothEngines('the ranked report', benchEngine, (results) => {
  console.log(describeMachine());
  for (const r of results) {
    console.log(
      `  ${r.engine}: ${r.items} items × ${r.judges} ballots of ${RANKED}, ${r.candidates} on ballots, ` +
        `Schulze over ${r.schulzeItems}; load ${r.loads.join(' → ')}`,
    );
    console.log(
      `    first read ${r.firstMs.toFixed(0)} ms, /healthz worst delay ${r.worstHealthMs.toFixed(0)} ms ` +
        `(${r.probes} probes); later reads median ${median(r.laterMs).toFixed(0)} ms, ` +
        `max ${Math.max(...r.laterMs).toFixed(0)} ms`,
    );
    console.log(
      `    counts against the old SQL: ${r.pairs - r.disagreeing} of ${r.pairs} pairs agree ` +
        `(old SQL ${(r.oldSqlMs / 1000).toFixed(1)} s, after the reads and ANALYZE)`,
    );
  }
  const line = results
    .map(
      (r) =>
        `${r.engine === 'pglite' ? 'pglite' : 'pg'}=${r.firstMs.toFixed(0)}/${median(r.laterMs).toFixed(0)} ms`,
    )
    .join(' ');
  console.log(`ranked report first/later: ${line}`);
  if (results.some((r) => r.disagreeing > 0)) process.exitCode = 1;
});
