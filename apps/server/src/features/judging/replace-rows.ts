import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SubmissionInput } from './submission-rules.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
interface Judge {
  issueId: number;
  userId: number;
}

/**
 * Rows travel as one JSON parameter read by json_to_recordset: one statement whatever their number
 * (10,000 answers for 2,000 items × 5 criteria), far from the limit on bound parameters.
 */
const asRecordset = (rows: object[]) => sql`${JSON.stringify(rows)}::json`;

/**
 * Makes the judge's answers exactly `answers` in one statement: rows no longer sent are deleted, new ones
 * inserted, changed values updated, and unchanged rows left alone — an edit that moves a few sliders writes
 * a few rows, not ten thousand.
 */
export async function replaceAnswers(
  tx: Tx,
  { issueId, userId }: Judge,
  answers: SubmissionInput['answers'],
) {
  const rows = answers.map((a) => ({ d: a.dataset, q: a.question ?? null, v: a.value }));
  await tx.execute(sql`
    with r as (
      select * from json_to_recordset(${asRecordset(rows)}) as r(d integer, q integer, v double precision)
    ), removed as (
      delete from issue_answers a
      where a.issue_id = ${issueId} and a.user_id = ${userId}
        and not exists (select 1 from r where r.d = a.dataset_id and coalesce(r.q, 0) = coalesce(a.question_id, 0))
    )
    insert into issue_answers (issue_id, user_id, dataset_id, question_id, value)
    select ${issueId}, ${userId}, r.d, r.q, r.v from r
    on conflict (issue_id, user_id, dataset_id, (coalesce(question_id, 0)))
    do update set value = excluded.value where issue_answers.value is distinct from excluded.value`);
}

/** The same for comments: an empty comment is not among `comments`, so the stored one is deleted. */
export async function replaceComments(
  tx: Tx,
  { issueId, userId }: Judge,
  comments: SubmissionInput['comments'],
) {
  const rows = comments.map((c) => ({ d: c.dataset, q: c.question ?? null, c: c.content, s: c.shared }));
  await tx.execute(sql`
    with r as (
      select * from json_to_recordset(${asRecordset(rows)}) as r(d integer, q integer, c text, s boolean)
    ), removed as (
      delete from issue_comments a
      where a.issue_id = ${issueId} and a.user_id = ${userId}
        and not exists (select 1 from r where r.d = a.dataset_id and coalesce(r.q, 0) = coalesce(a.question_id, 0))
    )
    insert into issue_comments (issue_id, user_id, dataset_id, question_id, content, shared)
    select ${issueId}, ${userId}, r.d, r.q, r.c, r.s from r
    on conflict (issue_id, user_id, dataset_id, (coalesce(question_id, 0)))
    do update set content = excluded.content, shared = excluded.shared
    where (issue_comments.content, issue_comments.shared) is distinct from (excluded.content, excluded.shared)`);
}
