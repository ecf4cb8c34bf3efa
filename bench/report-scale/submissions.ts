// One judge's full submission (every item × every criterion: 10,000 answers) through the app, against the
// same rows written by a single INSERT … SELECT FROM json_to_recordset, in the same run. Each side gets a
// judge of its own who has not answered, so that both write 10,000 new rows and their aggregates; the two
// sides take turns going first.
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import type { BenchClient } from './client.ts';
import { timed } from './timed.ts';

export interface SubmissionTimes {
  app: number;
  floor: number;
}

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
  const viaApp = await addJudge(database, issueId, `app${run}@extra.bench.test`);
  const viaSql = await addJudge(database, issueId, `sql${run}@extra.bench.test`);

  const json = JSON.stringify(
    answers.map(({ dataset, question, value }) => ({ d: dataset, q: question, v: value })),
  );
  const timeApp = () =>
    timed(() =>
      client.post(`/issues/${issueId}/submissions/?token=${viaApp.token}`, { answers, comments: [] }),
    );
  const timeFloor = () =>
    timed(() =>
      database.db.execute(sql`INSERT INTO issue_answers (issue_id, user_id, dataset_id, question_id, value)
        SELECT ${issueId}, ${viaSql.userId}, r.d, r.q, r.v
        FROM json_to_recordset(${json}::json) AS r(d integer, q integer, v double precision)`),
    );
  // The side that writes first meets the colder pages (the items' rows and index entries); each repeat
  // lets the other side go first, so that neither ratio's side always pays it.
  if (run % 2 === 1) {
    const app = await timeApp();
    return { app, floor: await timeFloor() };
  }
  const floor = await timeFloor();
  return { app: await timeApp(), floor };
}
