// Seeds one rating selection at report scale straight in SQL with generate_series: ITEMS items,
// JUDGES judges who all submitted, CRITERIA weighted criteria, and every judge rating every item on
// every criterion (ITEMS × JUDGES × CRITERIA answers).
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';

export const ITEMS = 2_000;
export const JUDGES = 300;
export const CRITERIA = 5;
export const ANSWERS = ITEMS * JUDGES * CRITERIA;

const one = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows[0] as T;

export async function seedReport(
  database: Database,
  teamId: number,
  size = { items: ITEMS, judges: JUDGES, criteria: CRITERIA },
) {
  const { db } = database;
  const model = await one<{ id: number }>(
    database,
    sql`INSERT INTO data_models (team_id, title) VALUES (${teamId}, 'Report bench') RETURNING id`,
  );
  const issue = await one<{ id: number }>(
    database,
    sql`INSERT INTO issues (team_id, resourcetype, title, min_rating, max_rating, step)
      VALUES (${teamId}, 'RatingIssue', 'Report bench', 0, 5, 1) RETURNING id`,
  );
  await db.execute(sql`INSERT INTO datasets (data_model_id, team_id, title, tags)
    SELECT ${model.id}, ${teamId}, 'Item ' || i, ARRAY['tag' || (i % 7)] FROM generate_series(1, ${size.items}) i`);
  await db.execute(sql`INSERT INTO issue_datasets (issue_id, dataset_id)
    SELECT ${issue.id}, id FROM datasets WHERE data_model_id = ${model.id}`);
  await db.execute(sql`INSERT INTO issue_questions (issue_id, title, weight)
    SELECT ${issue.id}, 'Criterion ' || q, q / ${size.criteria}::float8 FROM generate_series(1, ${size.criteria}) q`);
  await db.execute(sql`INSERT INTO users (username, email, email_verification_status)
    SELECT 'judge' || u || '@bench.test', 'judge' || u || '@bench.test', CASE WHEN u % 3 = 0 THEN 'unc' ELSE 'ver' END
    FROM generate_series(1, ${size.judges}) u`);
  await db.execute(sql`INSERT INTO issue_accesses (issue_id, user_id, token)
    SELECT ${issue.id}, id, md5(id::text || 'bench') FROM users WHERE email LIKE '%@bench.test'`);
  await db.execute(sql`INSERT INTO issue_submissions (issue_id, user_id)
    SELECT ${issue.id}, user_id FROM issue_accesses WHERE issue_id = ${issue.id}`);
  // Deterministic spread of values 0–5 over judges, items and criteria.
  await db.execute(sql`INSERT INTO issue_answers (issue_id, user_id, dataset_id, question_id, value)
    SELECT ${issue.id}, a.user_id, d.dataset_id, q.id, ((a.user_id * 7 + d.dataset_id * 13 + q.id * 3) % 6)::float8
    FROM issue_accesses a
    CROSS JOIN issue_datasets d
    CROSS JOIN issue_questions q
    WHERE a.issue_id = ${issue.id} AND d.issue_id = ${issue.id} AND q.issue_id = ${issue.id}`);
  await db.execute(sql`INSERT INTO issue_comments (issue_id, user_id, dataset_id, content)
    SELECT ${issue.id}, a.user_id, d.dataset_id, 'Comment ' || a.user_id || '/' || d.dataset_id
    FROM issue_accesses a JOIN issue_datasets d ON d.issue_id = a.issue_id
    WHERE a.issue_id = ${issue.id} AND (a.user_id + d.dataset_id) % 50 = 0`);
  await db.execute(sql`ANALYZE`);
  return issue.id;
}

/** The same ranking written by hand: per judge the weighted mean, then the mean over judges. */
export function handWrittenReport(issueId: number) {
  return sql`SELECT dataset_id, avg(score) AS value, count(*) AS nb_answers
    FROM (
      SELECT a.dataset_id, a.user_id, sum(a.value * q.weight) / sum(q.weight) AS score
      FROM issue_answers a JOIN issue_questions q ON q.id = a.question_id
      WHERE a.issue_id = ${issueId}
      GROUP BY a.dataset_id, a.user_id
    ) per_judge
    GROUP BY dataset_id ORDER BY value DESC`;
}
