import { AUDIT_CHANGES_MAX } from '@shortlist/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, issueAnswers, issueComments } from '../../db/schema/index.ts';
import type { SubmissionInput } from '../judging/submission-rules.ts';

interface AnswersAudit {
  teamId: number;
  issueId: number;
  /** The judge: their user. */
  userId: number;
  isEdit: boolean;
  answers: SubmissionInput['answers'];
  comments: SubmissionInput['comments'];
}

/**
 * The audit entry of a judge's submission, in one INSERT run before the answers are replaced: the values
 * that change, `{"answer.<item>.<criterion>": [old, new]}` (criterion 0: the item as a whole) and the
 * comments' texts likewise, read by comparing what is stored with what is sent. One row per submission
 * whatever its size; past AUDIT_CHANGES_MAX changed values, the rest are counted under `more`. Nothing
 * is read or written that other submissions share (decision 85).
 */
export async function recordAnswersAudit(tx: Pick<Db, 'execute'>, audit: AnswersAudit) {
  const { issueId, userId } = audit;
  const answers = JSON.stringify(
    audit.answers.map((a) => ({ d: a.dataset, q: a.question ?? 0, v: a.value })),
  );
  const comments = JSON.stringify(
    audit.comments.map((c) => ({ d: c.dataset, q: c.question ?? 0, c: c.content })),
  );
  const action = audit.isEdit ? 'answers.edited' : 'answers.submitted';
  await tx.execute(sql`
    insert into ${auditLog} (team_id, actor_kind, actor_id, action, object_type, object_id, changes)
    select ${audit.teamId}, 'judge', ${userId}, ${action}, 'selection', ${issueId},
      coalesce(jsonb_object_agg(key, jsonb_build_array(old, new)) filter (where n <= ${AUDIT_CHANGES_MAX}), '{}')
        || case when count(*) > ${AUDIT_CHANGES_MAX}
             then jsonb_build_object('more', jsonb_build_array(null, count(*) - ${AUDIT_CHANGES_MAX}))
             else '{}' end
    from (
      select key, old, new, row_number() over (order by key) as n from (
        select 'answer.' || coalesce(r.d, s.d) || '.' || coalesce(r.q, s.q) as key,
          to_jsonb(s.v) as old, to_jsonb(r.v) as new
        from (select * from json_to_recordset(${answers}::json) as r(d integer, q integer, v double precision)) r
        full join (
          select dataset_id as d, coalesce(question_id, 0) as q, value as v from ${issueAnswers}
          where issue_id = ${issueId} and user_id = ${userId}
        ) s on s.d = r.d and s.q = r.q
        where s.v is distinct from r.v
        union all
        select 'comment.' || coalesce(r.d, s.d) || '.' || coalesce(r.q, s.q),
          to_jsonb(s.c), to_jsonb(r.c)
        from (select * from json_to_recordset(${comments}::json) as r(d integer, q integer, c text)) r
        full join (
          select dataset_id as d, coalesce(question_id, 0) as q, content as c from ${issueComments}
          where issue_id = ${issueId} and user_id = ${userId}
        ) s on s.d = r.d and s.q = r.q
        where s.c is distinct from r.c
      ) changed
    ) numbered`);
}
