// The items list at 100,000 items: seeded in SQL, then loaded over HTTP with autocannon.
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import { type Api, IMPORTED_ITEMS, TITLE_NOUNS, TITLE_WORDS } from './import-export.ts';

export const LIST_ITEMS = 100_000;
const DURATION_S = 10;
const WARMUP_S = 2;
const CONNECTIONS = 10;
export const LOAD = `autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per case after ${WARMUP_S} s warm-up`;
/** One item in ten has an item-level review, spread over three statuses. */
const REVIEWED_EVERY = 10;
const SEARCH = 'lab';

export interface ListRow {
  name: string;
  count: number;
  rps: number;
  p50: number;
  p99: number;
}

const textArray = (words: string[]) => sql.raw(`array[${words.map((word) => `'${word}'`).join(',')}]`);

/** The imported items plus 90,000 more of the same type, one second apart, and the reviews. */
export async function seedList(database: Database, team: number, modelId: number) {
  const { db } = database;
  const extra = LIST_ITEMS - IMPORTED_ITEMS;
  await db.execute(sql`
    insert into datasets (data_model_id, team_id, title, create_time, update_time)
    select ${modelId}::int, ${team}::int,
      (${textArray(TITLE_WORDS)})[i % ${TITLE_WORDS.length} + 1] || ' ' ||
        (${textArray(TITLE_NOUNS)})[i % ${TITLE_NOUNS.length} + 1] || ' ' || i,
      now() - i * interval '1 second', now() - i * interval '1 second'
    from generate_series(${IMPORTED_ITEMS}::int, ${IMPORTED_ITEMS + extra - 1}::int) as i`);
  const statuses = await db.execute(sql`
    insert into review_statuses (team_id, label, bg_color)
    values (${team}, 'Shortlisted', '#d9f7be'), (${team}, 'Declined', '#ffccc7'), (${team}, 'Maybe', '#fff1b8')
    returning id`);
  const ids = rowsOf<{ id: number }>(statuses).map((row) => Number(row.id));
  await db.execute(sql`
    insert into reviews (dataset_id, status_id)
    select id, (${sql.raw(`array[${ids.join(',')}]`)})[(id / ${REVIEWED_EVERY}) % 3 + 1]
    from datasets where team_id = ${team} and id % ${REVIEWED_EVERY} = 0`);
  await db.execute(sql`analyze`);
  return { statusId: ids[0] as number };
}

/** node-postgres answers { rows }, PGlite's drizzle driver the same; both typed loosely here. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export function listCases(team: number, statusId: number) {
  const filtered = `team=${team}&ordering=title&search=${SEARCH}&limit=20`;
  return [
    { name: `title order, search=${SEARCH}`, query: filtered },
    {
      name: `title order, search=${SEARCH}, reviews__status`,
      query: `${filtered}&reviews__status=${statusId}`,
    },
    { name: '-create_time order, offset 5000', query: `team=${team}&limit=20&offset=5000` },
  ];
}

/** One checked request, then a discarded warm-up and the measured run. */
export async function measureList(api: Api, name: string, query: string): Promise<ListRow> {
  const url = `${api.base}/api/v1/datasets/?${query}`;
  const headers = { authorization: `Bearer ${api.token}` };
  const check = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
  const body = (await check.json()) as { count?: number; results?: unknown[] };
  if (check.status !== 200 || !body.count || body.results?.length !== 20) {
    throw new Error(`${name}: status ${check.status}, count ${body.count}, ${body.results?.length} results`);
  }
  const options = { url, connections: CONNECTIONS, duration: DURATION_S, headers, workers: 1, timeout: 30 };
  await autocannon({ ...options, duration: WARMUP_S });
  const result = await autocannon(options);
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0 || result.requests.total === 0) {
    throw new Error(
      `${name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  console.error(`  ${name}: ${Math.round(result.requests.mean)} req/s, p50 ${result.latency.p50} ms`);
  return {
    name,
    count: body.count,
    rps: result.requests.mean,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

/** The page and count queries of the filtered list, as listDatasets writes them, on PostgreSQL. */
export async function explainList(database: Database, team: number, statusId: number) {
  const where = sql`team_id = ${team} and title ilike ${`%${SEARCH}%`} and exists (
    select 1 from reviews where reviews.dataset_id = datasets.id and reviews.issue_id is null
      and reviews.status_id = ${statusId})`;
  const queries = {
    'page, title order + search + status': sql`select * from datasets where ${where}
      order by lower(title), id limit 20`,
    'count, search + status': sql`select count(*) from datasets where ${where}`,
    'page, title order + search': sql`select * from datasets where team_id = ${team}
      and title ilike ${`%${SEARCH}%`} order by lower(title), id limit 20`,
    'count, search': sql`select count(*) from datasets where team_id = ${team}
      and title ilike ${`%${SEARCH}%`}`,
    'page, -create_time offset 5000': sql`select * from datasets where team_id = ${team}
      order by create_time desc, id desc limit 20 offset 5000`,
  };
  const plans: Record<string, string> = {};
  for (const [name, query] of Object.entries(queries)) {
    const result = await database.db.execute(sql`explain (analyze, buffers off) ${query}`);
    plans[name] = rowsOf<{ 'QUERY PLAN': string }>(result)
      .map((row) => row['QUERY PLAN'])
      .join('\n');
  }
  return plans;
}
