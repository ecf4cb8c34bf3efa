// One judge's full submission (every item × every criterion: 10,000 answers) through the app, against the
// same rows written by a single INSERT … SELECT FROM json_to_recordset, in the same run. Each submission
// gets a judge of its own who has not answered, so that both sides write 10,000 new rows and their
// aggregates. After an untimed pair, a few pairs a run, the two sides taking turns going first, and the
// mean of each side: one 10,000-row insert and its upkeep took 545–1,146 ms from one to the next on
// PostgreSQL, whichever side sent it, and the side that goes first after the run's long queries meets
// the colder pages.
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import type { BenchClient } from './client.ts';
import { timed } from './timed.ts';

/** Pairs of submissions a run; each side's figure is their mean. */
const PAIRS = 3;

/** Each side's mean over the run's pairs, in ms. */
export interface SubmissionTimes {
  app: number;
  floor: number;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const ms = (value = 0) => value.toFixed(0);

interface Judge {
  userId: number;
  token: string;
}

export async function addJudge(database: Database, issueId: number, name: string): Promise<Judge> {
  const result = (await database.db.execute(sql`WITH u AS (
      INSERT INTO users (username, email) VALUES (${name}, ${name}) RETURNING id)
    INSERT INTO issue_accesses (issue_id, user_id, token)
    SELECT ${issueId}, id, md5(id::text || 'extra') FROM u RETURNING user_id, token`)) as unknown as {
    rows: { user_id: number; token: string }[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('no judge');
  return { userId: row.user_id, token: row.token };
}

export async function timeSubmissions(
  database: Database,
  client: BenchClient,
  { issueId, run }: { issueId: number; run: number },
): Promise<SubmissionTimes> {
  const { rows } = (await database.db.execute(sql`SELECT d.dataset_id AS d, q.id AS q
    FROM issue_datasets d CROSS JOIN issue_questions q
    WHERE d.issue_id = ${issueId} AND q.issue_id = ${issueId} ORDER BY 1, 2`)) as unknown as {
    rows: { d: number; q: number }[];
  };
  const answers = rows.map(({ d, q }, i) => ({ dataset: d, question: q, value: i % 6 }));
  const json = JSON.stringify(
    answers.map(({ dataset, question, value }) => ({ d: dataset, q: question, v: value })),
  );
  const timeApp = async (pair: number) => {
    const judge = await addJudge(database, issueId, `app${run}.${pair}@extra.bench.test`);
    return timed(() =>
      client.post(`/issues/${issueId}/submissions/?token=${judge.token}`, { answers, comments: [] }),
    );
  };
  const timeFloor = async (pair: number) => {
    const judge = await addJudge(database, issueId, `sql${run}.${pair}@extra.bench.test`);
    return timed(() =>
      database.db.execute(sql`INSERT INTO issue_answers (issue_id, user_id, dataset_id, question_id, value)
        SELECT ${issueId}, ${judge.userId}, r.d, r.q, r.v
        FROM json_to_recordset(${json}::json) AS r(d integer, q integer, v double precision)`),
    );
  };
  // One untimed pair first, as the reads get one untimed call: the process's first 10,000-answer
  // submission took 347 ms where the next three took 234-238 (quiet machine), its code not yet compiled.
  await timeApp(-1);
  await timeFloor(-1);
  const app: number[] = [];
  const floor: number[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    if ((run + pair) % 2 === 1) {
      app.push(await timeApp(pair));
      floor.push(await timeFloor(pair));
    } else {
      floor.push(await timeFloor(pair));
      app.push(await timeApp(pair));
    }
    console.error(`    submission ${ms(app[pair])} / ${ms(floor[pair])} ms`);
  }
  return { app: mean(app), floor: mean(floor) };
}
