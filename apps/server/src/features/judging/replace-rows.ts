import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { issueAnswers, issueComments } from '../../db/schema/index.ts';
import type { SubmissionInput } from './submission-rules.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
interface Judge {
  issueId: number;
  userId: number;
}

/** What differs between the judge's answers and their comments. */
interface RowsSpec {
  table: typeof issueAnswers | typeof issueComments;
  /** The columns written after issue_id and user_id, the recordset's columns read into them. */
  columns: SQL;
  recordset: SQL;
  values: SQL;
  /** The upsert's update of a row that changed; unchanged rows are not written. */
  update: SQL;
}

/**
 * Makes the judge's rows exactly `rows`. Rows travel as one JSON parameter read by json_to_recordset: one
 * statement whatever their number (10,000 answers for 2,000 items × 5 criteria), far from the limit on bound
 * parameters.
 *
 * With nothing stored yet (a first submission) the rows go in by a plain INSERT, or not at all when there are
 * none: the upsert below would delete nothing and update nothing, but its speculative insertion and its
 * delete cost about 50 ms more than an INSERT for 10,000 answers on PostgreSQL, and fire the update and
 * delete statement triggers for no row (docs/performance.md). The caller holds the judge's access row
 * locked, so no other submission of theirs writes between the check and the insert.
 *
 * Otherwise one statement: rows no longer sent are deleted, new ones inserted, changed values updated, and
 * unchanged rows left alone — an edit that moves a few sliders writes a few rows, not ten thousand.
 */
async function replaceRows(tx: Tx, { issueId, userId }: Judge, spec: RowsSpec, rows: object[]) {
  const { table } = spec;
  const [stored] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.issueId, issueId), eq(table.userId, userId)))
    .limit(1);
  const json = sql`${JSON.stringify(rows)}::json`;
  const into = sql`insert into ${table} (issue_id, user_id, ${spec.columns})`;
  if (!stored) {
    if (rows.length === 0) return;
    await tx.execute(sql`${into}
      select ${issueId}, ${userId}, ${spec.values} from json_to_recordset(${json}) as ${spec.recordset}`);
    return;
  }
  await tx.execute(sql`
    with r as (
      select * from json_to_recordset(${json}) as ${spec.recordset}
    ), removed as (
      delete from ${table} a
      where a.issue_id = ${issueId} and a.user_id = ${userId}
        and not exists (select 1 from r where r.d = a.dataset_id and coalesce(r.q, 0) = coalesce(a.question_id, 0))
    )
    ${into}
    select ${issueId}, ${userId}, ${spec.values} from r
    on conflict (issue_id, user_id, dataset_id, (coalesce(question_id, 0)))
    ${spec.update}`);
}

const answersSpec: RowsSpec = {
  table: issueAnswers,
  columns: sql`dataset_id, question_id, value`,
  recordset: sql`r(d integer, q integer, v double precision)`,
  values: sql`r.d, r.q, r.v`,
  update: sql`do update set value = excluded.value where issue_answers.value is distinct from excluded.value`,
};

const commentsSpec: RowsSpec = {
  table: issueComments,
  columns: sql`dataset_id, question_id, content, shared`,
  recordset: sql`r(d integer, q integer, c text, s boolean)`,
  values: sql`r.d, r.q, r.c, r.s`,
  update: sql`do update set content = excluded.content, shared = excluded.shared
    where (issue_comments.content, issue_comments.shared) is distinct from (excluded.content, excluded.shared)`,
};

/** Makes the judge's answers exactly `answers`. */
export function replaceAnswers(tx: Tx, judge: Judge, answers: SubmissionInput['answers']) {
  const rows = answers.map((a) => ({ d: a.dataset, q: a.question ?? null, v: a.value }));
  return replaceRows(tx, judge, answersSpec, rows);
}

/** The same for comments: an empty comment is not among `comments`, so the stored one is deleted. */
export function replaceComments(tx: Tx, judge: Judge, comments: SubmissionInput['comments']) {
  const rows = comments.map((c) => ({ d: c.dataset, q: c.question ?? null, c: c.content, s: c.shared }));
  return replaceRows(tx, judge, commentsSpec, rows);
}
