// The floor of report_summary: the whole reply the app sends — every item's value, rank, number of judges
// and judges who could answer, σ, range, per-criterion averages, title and tags, and the judges' list below
// REPORT_USERS_MAX voters — computed by ONE hand-written statement from tables of one row per judge and item
// (`bench_judge_values`) and per item and criterion (`bench_criterion_values`), built outside the timed part,
// with covering indexes; its JSON text read over the bench's own connection and parsed, as the bench's
// client parses the app's. No HTTP, no sign-in check, no fold to look for. Its text is built with the
// app's own JSON helpers (the fastest known on both engines, decision 66), rounded by the app's `rounded`.
// The bench checks that both sides give the same reply, field by field, before it times them.
import { REPORT_USERS_MAX } from '@shortlist/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import {
  jsonArrayText,
  jsonMembersText,
  jsonNumber,
  jsonObjectText,
  jsonValue,
} from '../../apps/server/src/db/json-text.ts';
import { rounded } from '../../apps/server/src/db/report-figures.ts';

/** The per-judge and per-criterion tables of the given selections, from their answers as they are now. */
export async function fillPreAggregate(database: Database, issueIds: number[]) {
  await database.db.execute(sql`INSERT INTO bench_judge_values
    SELECT a.issue_id, a.dataset_id, a.user_id, sum(a.value * coalesce(q.weight, 1)) / sum(coalesce(q.weight, 1)) AS value
    FROM issue_answers a LEFT JOIN issue_questions q ON q.id = a.question_id
    WHERE a.issue_id IN ${issueIds}
    GROUP BY a.issue_id, a.dataset_id, a.user_id`);
  await database.db.execute(sql`INSERT INTO bench_criterion_values
    SELECT issue_id, dataset_id, question_id, sum(value::numeric) AS total, count(*)::int AS n
    FROM issue_answers WHERE issue_id IN ${issueIds} AND question_id IS NOT NULL
    GROUP BY issue_id, dataset_id, question_id`);
}

export async function buildPreAggregate(database: Database, issueIds: number[]) {
  await database.db.execute(sql`CREATE TABLE bench_judge_values
    (issue_id int NOT NULL, dataset_id int NOT NULL, user_id int NOT NULL, value float8)`);
  await database.db.execute(sql`CREATE TABLE bench_criterion_values
    (issue_id int NOT NULL, dataset_id int NOT NULL, question_id int NOT NULL, total numeric, n int NOT NULL)`);
  await fillPreAggregate(database, issueIds);
  await database.db.execute(sql`CREATE INDEX ON bench_judge_values (issue_id, dataset_id) INCLUDE (value)`);
  await database.db.execute(sql`CREATE INDEX ON bench_judge_values (issue_id, user_id)`);
  await database.db.execute(
    sql`CREATE INDEX ON bench_criterion_values (issue_id, dataset_id, question_id) INCLUDE (total, n)`,
  );
  await database.db.execute(sql`VACUUM ANALYZE bench_judge_values`);
  await database.db.execute(sql`VACUUM ANALYZE bench_criterion_values`);
}

/** After the bench's own submissions to a selection, outside the timed part: the floor's tables again. */
export async function refreshPreAggregate(database: Database, issueId: number) {
  await database.db.execute(sql`DELETE FROM bench_judge_values WHERE issue_id = ${issueId}`);
  await database.db.execute(sql`DELETE FROM bench_criterion_values WHERE issue_id = ${issueId}`);
  await fillPreAggregate(database, [issueId]);
  await database.db.execute(sql`VACUUM ANALYZE bench_judge_values`);
  await database.db.execute(sql`VACUUM ANALYZE bench_criterion_values`);
}

export async function dropPreAggregate(database: Database) {
  await database.db.execute(sql`DROP TABLE bench_judge_values`);
  await database.db.execute(sql`DROP TABLE bench_criterion_values`);
}

const iso = (timestamp: SQL) =>
  sql`to_json(to_char(${timestamp} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text`;

/** report_summary's reply for a rating selection whose judges see every item, as JSON text (`reply`). */
export function floorReply(issueId: number): SQL {
  const item = jsonObjectText({
    dataset_id: jsonNumber(sql`dataset_id`),
    title: jsonValue(sql`title`),
    tagsArray: jsonValue(sql`tags`),
    nb_accessors: jsonNumber(sql`nb_accessors`),
    rank: jsonNumber(sql`CASE WHEN value IS NOT NULL THEN rank END`),
    rank_shift: sql`'null'`,
    value: jsonNumber(sql`value`),
    nb_answers: jsonNumber(sql`nb_answers`),
    criteria: sql`coalesce(criteria, '[]')`,
    stdev: jsonNumber(sql`stdev`),
    range: jsonNumber(sql`range`),
  });
  const user = jsonObjectText({
    id: jsonNumber(sql`u.id`),
    email: jsonValue(sql`u.email`),
    first_name: jsonValue(sql`u.first_name`),
    last_name: jsonValue(sql`u.last_name`),
    email_verification_status: jsonValue(sql`u.email_verification_status`),
    submitted_at: sql`coalesce(${iso(sql`s.update_time`)}, 'null')`,
    nb_answered: jsonNumber(sql`coalesce(an.n, 0)`),
    nb_accessible: jsonNumber(sql`(SELECT count(*) FROM issue_datasets WHERE issue_id = ${issueId})`),
  });
  return sql`WITH per_item AS (
      SELECT dataset_id, count(*)::int AS nb_answers, ${rounded(sql`avg(value)`)} AS value,
        CASE WHEN count(*) >= 2 THEN ${rounded(sql`stddev_pop(value)`)} END AS stdev,
        CASE WHEN count(*) >= 2 THEN ${rounded(sql`max(value) - min(value)`)} END AS range, max(value) AS top
      FROM bench_judge_values WHERE issue_id = ${issueId} GROUP BY dataset_id
    ),
    criteria AS (
      SELECT dataset_id, ${jsonArrayText(
        jsonObjectText({
          question: jsonNumber(sql`question_id`),
          average: jsonNumber(rounded(sql`total / n`)),
          nb_answers: jsonNumber(sql`n`),
        }),
        sql`question_id`,
      )} AS criteria
      FROM bench_criterion_values WHERE issue_id = ${issueId} GROUP BY dataset_id
    ),
    ranked AS (
      SELECT d.id AS dataset_id, d.title, d.tags, coalesce(p.nb_answers, 0) AS nb_answers, p.value, p.stdev,
        p.range, p.top, c.criteria,
        (SELECT count(*) FROM issue_accesses WHERE issue_id = ${issueId}) AS nb_accessors,
        rank() OVER (ORDER BY p.value DESC NULLS LAST) AS rank
      FROM issue_datasets idt JOIN datasets d ON d.id = idt.dataset_id
      LEFT JOIN per_item p ON p.dataset_id = d.id
      LEFT JOIN criteria c ON c.dataset_id = d.id
      WHERE idt.issue_id = ${issueId}
    ),
    voters AS (SELECT count(*)::int AS n FROM issue_submissions WHERE issue_id = ${issueId}),
    answered AS (
      SELECT user_id, count(*)::int AS n FROM bench_judge_values WHERE issue_id = ${issueId} GROUP BY user_id
    ),
    users AS (
      SELECT ${jsonArrayText(user, sql`s.update_time DESC NULLS LAST, lower(u.email)`)} AS list
      FROM issue_accesses a JOIN users u ON u.id = a.user_id
      LEFT JOIN issue_submissions s ON s.issue_id = a.issue_id AND s.user_id = a.user_id
      LEFT JOIN answered an ON an.user_id = a.user_id
      WHERE a.issue_id = ${issueId} AND (SELECT n FROM voters) <= ${REPORT_USERS_MAX}
    )
    SELECT '{' || ${jsonMembersText({
      datasets: jsonArrayText(item, sql`rank, lower(title), dataset_id`),
      users: sql`(SELECT list FROM users)`,
      nb_voters: jsonNumber(sql`(SELECT n FROM voters)`),
      judges_disabled: sql`CASE WHEN (SELECT n FROM voters) > ${REPORT_USERS_MAX} THEN 'true' ELSE 'false' END`,
      raw_judges: sql`'[]'`,
      judge_value_max: jsonNumber(sql`max(top)`),
    })} || '}' AS reply
    FROM ranked`;
}

/** The floor's reply, parsed as the bench's client parses the app's. */
export async function readFloorReply<T>(database: Database, issueId: number): Promise<T> {
  const { rows } = (await database.db.execute(floorReply(issueId))) as unknown as {
    rows: { reply: string }[];
  };
  return JSON.parse(rows[0]?.reply ?? 'null') as T;
}
