// The lists at a million items (issue 28): seeded in SQL, then every items list page, the ids endpoint,
// the export's first row, the members (10,000) and the selections (10,000) loaded over HTTP.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import { percentile } from '../bench-app.ts';
import { BROWSER_HEADERS, fractionalLoad } from '../lists-floor/load-process.ts';
import { firstByteLoad } from './first-byte-load.ts';
import { type Api, IMPORTED_ITEMS, TITLE_NOUNS, TITLE_WORDS } from './import-export.ts';

export const LIST_ITEMS = 1_000_000;
export const MEMBERS = 10_000;
export const SELECTIONS = 10_000;
/** Items of the selection the `issue` filter names: every hundredth. */
const SELECTION_ITEMS_EVERY = 100;
const CONNECTIONS = 10;
const WARMUP_S = 2;
const DURATION_S = 8;
/** A slow case runs longer, up to MAX_DURATION_S, for this many responses: a p99 of 60 is their slowest. */
const MIN_SAMPLES = 300;
const MAX_DURATION_S = 30;
/** A statement's load alone: its p50 settles within seconds, and the run measures one per list case. */
const FLOOR_DURATION_S = 5;
export const REPEATS = 2;
export const LOAD = `${CONNECTIONS} connections from a process of their own, ${DURATION_S} s per case (longer for ${MIN_SAMPLES} responses, at most ${MAX_DURATION_S} s) after ${WARMUP_S} s of warm-up, ${REPEATS} repeats, every response's latency kept to the µs`;
/** One item in ten has an item-level review, spread over three statuses. */
const REVIEWED_EVERY = 10;
/** Seeded in statements of this many rows: PGlite holds each statement's work in its memory. */
const SEED_CHUNK = 100_000;

const textArray = (words: string[]) => sql.raw(`array[${words.map((word) => `'${word}'`).join(',')}]`);

/** node-postgres answers { rows }, PGlite's drizzle driver the same; both typed loosely here. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface Seeded {
  team: number;
  statusId: number;
  formId: number;
  formModelId: number;
  issueId: number;
}

/**
 * The imported items plus 990,000 more, one second apart: one in five of a second item type that a
 * form owns, one in fifty tagged "Finalist" (one in a thousand "Winner" instead), titles such as
 * `Solar Lab 12345` (`search=lab` matches one item in seven, `search=12345` twenty). One item in ten has
 * its own review (three statuses); 10,000 selections, the first holding every hundredth item with a
 * review within it for one in four of those, the next thousand three items each; 10,000 members.
 */
export async function seedList(database: Database, team: number, modelId: number): Promise<Seeded> {
  const { db } = database;
  const [formModel] = rowsOf<{ id: number }>(
    await db.execute(
      sql`insert into data_models (team_id, title) values (${team}, 'Call 2026') returning id`,
    ),
  );
  const formModelId = Number(formModel?.id);
  const [form] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into intake_forms (team_id, data_model_id, title)
      values (${team}, ${formModelId}, 'Call 2026') returning id`),
  );
  for (let start = IMPORTED_ITEMS; start < LIST_ITEMS; start += SEED_CHUNK) {
    const end = Math.min(LIST_ITEMS, start + SEED_CHUNK) - 1;
    await db.execute(sql`
      insert into datasets (data_model_id, team_id, title, tags, create_time, update_time)
      select case when i % 5 = 0 then ${formModelId}::int else ${modelId}::int end, ${team}::int,
        (${textArray(TITLE_WORDS)})[i % ${TITLE_WORDS.length} + 1] || ' ' ||
          (${textArray(TITLE_NOUNS)})[i % ${TITLE_NOUNS.length} + 1] || ' ' || i,
        case when i % 1000 = 7 then '{Winner}'::text[] when i % 50 = 3 then '{Finalist}'::text[]
          else '{}'::text[] end,
        now() - i * interval '1 second', now() - i * interval '1 second'
      from generate_series(${start}::int, ${end}::int) as i`);
  }
  const statuses = await db.execute(sql`
    insert into review_statuses (team_id, label, bg_color)
    values (${team}, 'Shortlisted', '#d9f7be'), (${team}, 'Declined', '#ffccc7'), (${team}, 'Maybe', '#fff1b8')
    returning id`);
  const ids = rowsOf<{ id: number }>(statuses).map((row) => Number(row.id));
  const statusArray = sql.raw(`array[${ids.join(',')}]`);
  await db.execute(sql`
    insert into reviews (dataset_id, status_id)
    select id, (${statusArray})[(id / ${REVIEWED_EVERY}) % 3 + 1]
    from datasets where team_id = ${team} and id % ${REVIEWED_EVERY} = 0`);
  await db.execute(sql`insert into users (username, email)
    select 'm' || i || '@bench.test', 'm' || i || '@bench.test' from generate_series(1, ${MEMBERS - 1}) i`);
  await db.execute(sql`insert into team_members (team_id, user_id, pseudo)
    select ${team}, id, 'Member ' || id from users where email like '%@bench.test'`);
  await db.execute(sql`insert into issues (team_id, resourcetype, title, min_rating, max_rating, step, create_time)
    select ${team}, 'RatingIssue', 'Selection ' || i, 0, 5, 1, now() - i * interval '1 minute'
    from generate_series(1, ${SELECTIONS}) i`);
  const [finals] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from issues where team_id = ${team} and title = 'Selection 1'`),
  );
  const issueId = Number(finals?.id);
  await db.execute(sql`insert into issue_datasets (issue_id, dataset_id)
    select ${issueId}::int, id from datasets where team_id = ${team} and id % ${SELECTION_ITEMS_EVERY} = 1`);
  await db.execute(sql`insert into issue_datasets (issue_id, dataset_id)
    select issues.id, issues.id * 3 + k from issues, generate_series(0, 2) k
    where issues.team_id = ${team} and issues.id <> ${issueId} and issues.title <= 'Selection 1999'
      and issues.title >= 'Selection 1000'`);
  await db.execute(sql`
    insert into reviews (dataset_id, issue_id, status_id)
    select dataset_id, ${issueId}::int, (${statusArray})[(dataset_id / ${SELECTION_ITEMS_EVERY}) % 3 + 1]
    from issue_datasets where issue_id = ${issueId} and dataset_id % ${4 * SELECTION_ITEMS_EVERY} = 1`);
  // Statistics, and the visibility map that lets an index answer alone (PGlite has no autovacuum).
  await db.execute(sql`vacuum analyze`);
  return { team, statusId: ids[0] as number, formId: Number(form?.id), formModelId, issueId };
}

/**
 * What an earlier run seeded in a kept database (`BENCH_DATABASE_URL`): the bench's admin, team, status,
 * form, item type and selection, found by the names the seed gives them; undefined when the database
 * holds fewer than LIST_ITEMS of the bench team's items (then the run imports and seeds again).
 */
export async function seededBefore(database: Database) {
  const [found] = rowsOf<Record<string, number | string | null>>(
    await database.db.execute(sql`
      select u.id as "userId", t.id as team,
        (select id from review_statuses where team_id = t.id and label = 'Shortlisted') as "statusId",
        (select id from intake_forms where team_id = t.id and title = 'Call 2026') as "formId",
        (select id from data_models where team_id = t.id and title = 'Call 2026') as "formModelId",
        (select id from issues where team_id = t.id and title = 'Selection 1') as "issueId",
        (select count(*) from datasets where team_id = t.id) as items
      from users u join team_members m on m.user_id = u.id join teams t on t.id = m.team_id
      where u.email = 'bench@example.org' and t.title = 'Bench team'`),
  );
  if (!found || Number(found.items) < LIST_ITEMS || found.issueId === null) return undefined;
  const seeded: Seeded = {
    team: Number(found.team),
    statusId: Number(found.statusId),
    formId: Number(found.formId),
    formModelId: Number(found.formModelId),
    issueId: Number(found.issueId),
  };
  return { userId: Number(found.userId), seeded };
}

export type CaseKind = 'items' | 'ids' | 'export' | 'exact' | 'members' | 'selections';
export interface ListCase {
  kind: CaseKind;
  name: string;
  path: string;
}

/** Every items list page: each sort, the search, each filter; deep pages; ids; the export; the short lists. */
export function listCases(
  { team, statusId, formId, formModelId, issueId }: Seeded,
  deepCursor: string,
  deepIdsCursor: string,
): ListCase[] {
  const items = (name: string, query: string): ListCase => ({
    kind: 'items',
    name,
    path: `/datasets/?team=${team}&limit=20${query}`,
  });
  return [
    items('-create_time (default)', ''),
    items('create_time', '&ordering=create_time'),
    items('title', '&ordering=title'),
    items('-title', '&ordering=-title'),
    items('search=lab, title order', '&ordering=title&search=lab'),
    items('search=lab + status, title order', `&ordering=title&search=lab&reviews__status=${statusId}`),
    items('search=12345 (20 items)', '&search=12345'),
    items('reviews__status', `&reviews__status=${statusId}`),
    items('reviews__status=none', '&reviews__status=none'),
    items('tag=Finalist', '&tag=Finalist'),
    items('data_model (200,000)', `&data_model=${formModelId}`),
    items('form', `&form=${formId}`),
    items('issue (10,000 items)', `&issue=${issueId}`),
    items(
      'issue + status within it, title order',
      `&issue=${issueId}&reviews__status=${statusId}&ordering=title`,
    ),
    items('offset 9,980 (page 500)', '&offset=9980'),
    { kind: 'items', name: 'next link at 500,000 (cursor)', path: deepCursor },
    { kind: 'exact', name: 'count=exact', path: `/datasets/?team=${team}&limit=20&count=exact` },
    {
      kind: 'ids',
      name: 'ids, search=lab + status (4,761)',
      path: `/datasets/ids/?team=${team}&search=lab&reviews__status=${statusId}`,
    },
    { kind: 'ids', name: 'ids, all: first page (10,000 of 1,000,000)', path: `/datasets/ids/?team=${team}` },
    { kind: 'ids', name: 'ids, all: page 10 (cursor)', path: deepIdsCursor },
    {
      kind: 'export',
      name: 'export first row, search=lab + status',
      path: `/datasets/export_excel/?team=${team}&search=lab&reviews__status=${statusId}`,
    },
    { kind: 'export', name: 'export first row, all', path: `/datasets/export_excel/?team=${team}` },
    { kind: 'members', name: 'members, default order', path: `/teams/${team}/members/?limit=10` },
    { kind: 'members', name: 'members, search', path: `/teams/${team}/members/?limit=10&search=member 12` },
    {
      kind: 'members',
      name: 'members, email order',
      path: `/teams/${team}/members/?limit=10&ordering=email`,
    },
    { kind: 'selections', name: 'selections, default order', path: `/issues/?team=${team}&limit=10` },
    {
      kind: 'selections',
      name: 'selections, title order',
      path: `/issues/?team=${team}&limit=10&ordering=title`,
    },
    { kind: 'selections', name: 'selections, search', path: `/issues/?team=${team}&limit=10&search=tion 12` },
  ];
}

/** The next link of the page at offset 499,980 (read once by its offset): a cursor deep in the list. */
export async function deepCursorPath(api: Api, team: number) {
  const reply = await fetchChecked(api, `/datasets/?team=${team}&limit=20&offset=499980`);
  const next = (reply as { next?: string }).next;
  if (!next) throw new Error('no next link at offset 499,980');
  const url = new URL(next);
  return `${url.pathname.replace('/api/v1', '')}${url.search}`;
}

/** The tenth page of "select all" (the ids after the first 90,000, newest first), by the ninth's cursor. */
export async function deepIdsCursorPath(api: Api, team: number) {
  const path = (cursor?: string) =>
    `/datasets/ids/?team=${team}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
  let cursor: string | undefined;
  for (let page = 1; page < 10; page++) {
    const reply = (await fetchChecked(api, path(cursor))) as { next_cursor?: string | null };
    if (!reply.next_cursor) throw new Error(`no page after page ${page} of the ids`);
    cursor = reply.next_cursor;
  }
  return path(cursor);
}

async function fetchChecked(api: Api, path: string) {
  const reply = await fetch(`${api.base}/api/v1${path}`, {
    headers: { authorization: `Bearer ${api.token}` },
    signal: AbortSignal.timeout(120_000),
  });
  if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${await reply.text()}`);
  return (await reply.json()) as unknown;
}

export interface Measure {
  p50: number;
  p99: number;
  requests: number;
  /** The 1-minute load average when the measurement ended. */
  load: number;
}
export interface CaseRow {
  kind: CaseKind;
  name: string;
  /** What the first request answered: its count (with "+" when capped), or the ids it listed. */
  answer: string;
  runs: Measure[];
}

/** What one checked request answers, for the table: its count, "+" past the cap. */
async function describeAnswer(api: Api, c: ListCase) {
  if (c.kind === 'export') {
    const reply = await fetch(`${api.base}/api/v1${c.path}`, {
      headers: { authorization: `Bearer ${api.token}` },
      signal: AbortSignal.timeout(600_000),
    });
    if (reply.status !== 200) throw new Error(`${c.name}: ${reply.status}`);
    return `${((await reply.arrayBuffer()).byteLength / 1024).toFixed(0)} KiB xlsx`;
  }
  const body = (await fetchChecked(api, c.path)) as {
    count: number;
    count_exact?: boolean;
    results?: unknown[];
    ids?: unknown[];
  };
  const shown = (body.results ?? body.ids)?.length ?? 0;
  if (shown === 0) throw new Error(`${c.name}: nothing listed`);
  return `${body.count.toLocaleString('en')}${body.count_exact === false ? '+' : ''}`;
}

const durationFor = (perSecond: number) =>
  Math.min(MAX_DURATION_S, Math.max(DURATION_S, Math.ceil((1.2 * MIN_SAMPLES) / Math.max(perSecond, 0.1))));

/** One warm-up, then the measured load: the latency to the whole reply, or to an export's first byte. */
async function measure(api: Api, c: ListCase): Promise<Measure> {
  const url = `${api.base}/api/v1${c.path}`;
  // As a browser asks: a page of items with their answers is 100 KB of JSON, which the server compresses.
  const headers = { ...BROWSER_HEADERS, authorization: `Bearer ${api.token}` };
  const load = c.kind === 'export' ? firstByteLoad : fractionalLoad;
  const warmUp = await load({ url, connections: CONNECTIONS, durationS: WARMUP_S, headers });
  const result = await load({
    url,
    connections: CONNECTIONS,
    durationS: durationFor(warmUp.requests / WARMUP_S),
    headers,
  });
  if (result.failures > 0 || result.latencies.length === 0)
    throw new Error(`${c.name}: ${result.failures} failed of ${result.requests} requests`);
  return measureOf(result.latencies);
}

/** A load's latencies as the tables give them, with the load average as it ends. */
function measureOf(latencies: number[]): Measure {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    requests: sorted.length,
    load: os.loadavg()[0] ?? 0,
  };
}

/** Each case checked once, then measured REPEATS times (all cases, then all again). */
export async function measureCases(
  api: Api,
  cases: ListCase[],
  engine: string,
  renewToken: () => Promise<void>,
): Promise<CaseRow[]> {
  const rows: CaseRow[] = [];
  for (const c of cases)
    rows.push({ kind: c.kind, name: c.name, answer: await describeAnswer(api, c), runs: [] });
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    for (const [index, c] of cases.entries()) {
      await renewToken();
      const measured = await measure(api, c);
      rows[index]?.runs.push(measured);
      console.error(
        `  ${engine} ${repeat + 1}/${REPEATS} ${c.name}: p50 ${measured.p50.toFixed(1)} / p99 ${measured.p99.toFixed(1)} ms (load ${measured.load.toFixed(1)})`,
      );
    }
  }
  return rows;
}

/** How the statement of each kind of list is told from the others a request sends. */
const LIST_STATEMENT: Record<CaseKind, RegExp> = {
  items: /from "datum_values"/,
  exact: /from "datum_values"/,
  ids: /string_agg/,
  export: /from "datasets"/,
  members: /"team_members"\."pseudo"/,
  selections: /from "issues"/,
};

type Client = { query: (...args: unknown[]) => Promise<unknown> };
type Statement = { text: string; values: unknown[] };

/**
 * The statement alone at the cases' 10 connections, sent by the app's own pool with no HTTP, no app and no
 * reply: the floor of its case in the same run, what the database alone takes of the goal.
 */
async function statementLoad(client: Client, statement: Statement): Promise<Measure> {
  const latencies: number[] = [];
  const end = performance.now() + FLOOR_DURATION_S * 1000;
  const connection = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      await client.query(statement.text, statement.values);
      latencies.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, connection));
  return measureOf(latencies);
}

export interface CaseStatement {
  /** EXPLAIN (ANALYZE, BUFFERS). */
  plan: string;
  floor: Measure;
}

/**
 * The statement each list case's request sends for its list (the user lookup and the right check aside),
 * with the values it sent, recorded from the client: its EXPLAIN (ANALYZE, BUFFERS), then its load alone.
 */
export async function measureStatements(database: Database, api: Api, cases: ListCase[]) {
  const client = (database.db as unknown as { $client: Client }).$client;
  const statements: Record<string, CaseStatement> = {};
  for (const c of cases) {
    if (c.kind === 'export') continue;
    const sent: unknown[][] = [];
    const original = client.query;
    client.query = function (this: unknown, ...args: unknown[]) {
      sent.push(args);
      return original.apply(this, args);
    };
    try {
      await fetchChecked(api, c.path);
    } finally {
      client.query = original;
    }
    // The statement of the list itself, not the user lookup or the right check before it.
    const [statement] = sent
      .map(([config, values]) => ({
        text: typeof config === 'string' ? config : (config as { text: string }).text,
        values: (values ?? (config as { values?: unknown[] }).values) as unknown[],
      }))
      .filter(({ text }) => LIST_STATEMENT[c.kind].test(text))
      .sort((a, b) => b.text.length - a.text.length);
    if (!statement) continue;
    const explained = (await client.query(
      `explain (analyze, buffers, costs off) ${statement.text}`,
      statement.values,
    )) as { rows: { 'QUERY PLAN': string }[] };
    const plan = explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    statements[c.name] = { plan, floor: await statementLoad(client, statement) };
  }
  return statements;
}
