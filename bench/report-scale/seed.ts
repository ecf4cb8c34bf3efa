// Seeds one rating selection at report scale straight in SQL with generate_series: ITEMS items,
// JUDGES judges who all submitted, CRITERIA weighted criteria, and ratings as a jury gives them: each
// item has a quality, each judge a leniency and a spread of their own, each criterion an offset; a rating
// is their sum plus the judge's noise, rounded to a whole number and kept on the 0–5 scale; a judge leaves
// one item in ten unrated and now and then a criterion (about 0.88 × ITEMS × JUDGES × CRITERIA answers).
// Pseudo-random from hashes of the ids: the same data on every run and engine.
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';

export const ITEMS = 2_000;
export const JUDGES = 300;
export const CRITERIA = 5;

const one = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows[0] as T;

/** A number in (0, 1) from a hash of `key` and `salt`: the same on every run and engine. */
export const uniform = (key: SQL, salt: number) =>
  sql`((hashint8((${key})::bigint * 131 + ${salt}) & 2147483647)::float8 + 0.5) / 2147483648`;

/** A standard normal number from two of them (Box–Muller). */
export const gauss = (key: SQL, salt: number) =>
  sql`(sqrt(-2 * ln(${uniform(key, salt)})) * cos(2 * pi() * ${uniform(key, salt + 100)}))`;

export interface ReportSize {
  items: number;
  judges: number;
  criteria: number;
  /** Names this selection's judges apart from another's seeded in the same database. */
  prefix: string;
}

export async function seedReport(
  database: Database,
  teamId: number,
  size: ReportSize = { items: ITEMS, judges: JUDGES, criteria: CRITERIA, prefix: 'judge' },
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
  const domain = `${size.prefix}.bench.test`;
  await db.execute(sql`INSERT INTO users (username, email, email_verification_status)
    SELECT 'judge' || u || '@' || ${domain}, 'judge' || u || '@' || ${domain}, CASE WHEN u % 3 = 0 THEN 'unc' ELSE 'ver' END
    FROM generate_series(1, ${size.judges}) u`);
  await db.execute(sql`INSERT INTO issue_accesses (issue_id, user_id, token)
    SELECT ${issue.id}, id, md5(id::text || 'bench') FROM users WHERE email LIKE ${`%@${domain}`}`);
  await db.execute(sql`INSERT INTO issue_submissions (issue_id, user_id)
    SELECT ${issue.id}, user_id FROM issue_accesses WHERE issue_id = ${issue.id}`);
  // The answers in bulk with the triggers off (session_replication_role = replica, this transaction only:
  // no foreign-key checks of rows built from the keys themselves), then one change row per judge, as the
  // triggers would have written, and one fold of them all.
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`WITH judges AS (
        SELECT user_id, 0.6 * ${gauss(sql`user_id`, 1)} AS leniency, 0.5 + 0.6 * ${uniform(sql`user_id`, 2)} AS noise
        FROM issue_accesses WHERE issue_id = ${issue.id}
      ),
      items AS (
        SELECT dataset_id, 2.7 + 0.9 * ${gauss(sql`dataset_id`, 3)} AS quality
        FROM issue_datasets WHERE issue_id = ${issue.id}
      ),
      criteria AS (
        SELECT id, 0.3 * ${gauss(sql`id`, 4)} AS shift FROM issue_questions WHERE issue_id = ${issue.id}
      )
      INSERT INTO issue_answers (issue_id, user_id, dataset_id, question_id, value)
      SELECT ${issue.id}, j.user_id, i.dataset_id, c.id,
        greatest(0, least(5, round(i.quality + j.leniency + c.shift
          + j.noise * ${gauss(sql`j.user_id * 1000003 + i.dataset_id * 7 + c.id`, 5)})))
      FROM judges j CROSS JOIN items i CROSS JOIN criteria c
      WHERE ${uniform(sql`j.user_id * 1000003 + i.dataset_id`, 6)} >= 0.1
        AND ${uniform(sql`j.user_id * 1000003 + i.dataset_id * 7 + c.id`, 7)} >= 0.02`);
    await tx.execute(sql`INSERT INTO issue_comments (issue_id, user_id, dataset_id, content)
      SELECT ${issue.id}, a.user_id, d.dataset_id, 'Comment ' || a.user_id || '/' || d.dataset_id
      FROM issue_accesses a JOIN issue_datasets d ON d.issue_id = a.issue_id
      WHERE a.issue_id = ${issue.id} AND (a.user_id + d.dataset_id) % 50 = 0`);
    // The triggers' change rows, one per judge with all their answers, then one fold of them all.
    await tx.execute(sql`INSERT INTO report_changes (issue_id, user_id, sign, dataset_ids, question_ids, answer_values)
      SELECT issue_id, user_id, 1, array_agg(dataset_id), array_agg(question_id), array_agg(value)
      FROM issue_answers WHERE issue_id = ${issue.id} GROUP BY issue_id, user_id`);
  });
  await db.execute(sql`SELECT report_fold(${issue.id})`);
  // What autovacuum does on PostgreSQL after a bulk load (the visibility map lets the reports scan their
  // index alone); PGlite has no autovacuum, so the bench runs it on both.
  await db.execute(sql`VACUUM ANALYZE`);
  return issue.id;
}

/** A merge's ranking from the same table: each selection's item mean, weighted across selections. */
export const preAggregateMerge = (mergeId: number) =>
  sql`SELECT per_issue.dataset_id, sum(per_issue.value * m.weight) / sum(m.weight) AS value,
      rank() OVER (ORDER BY sum(per_issue.value * m.weight) / sum(m.weight) DESC)
    FROM (SELECT issue_id, dataset_id, avg(value) AS value FROM bench_judge_values GROUP BY issue_id, dataset_id) per_issue
    JOIN issue_merge_infos m ON m.issue_id = per_issue.issue_id AND m.merge_id = ${mergeId}
    GROUP BY per_issue.dataset_id`;
