import { ISSUE_TITLE_MAX_LENGTH } from '@shortlist/contract';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { issueDatasets, issueQuestions, issues, issueTags } from '../../db/schema/index.ts';
import { toIssueReply } from './replies.ts';

const COPY_SUFFIX = ' (copy)';
const copyTitle = (title: string) =>
  `${title.slice(0, ISSUE_TITLE_MAX_LENGTH - COPY_SUFFIX.length)}${COPY_SUFFIX}`;

/**
 * A new open selection with the same settings, criteria, tags and items; judges, invitations and
 * answers stay with the original. The copies are made in SQL, whatever the number of items.
 */
export async function duplicateIssue(ctx: AppContext, issue: IssueRow) {
  const { id: _id, createTime: _created, updateTime: _updated, ...settings } = issue;
  const row = await ctx.db.transaction(async (tx) => {
    const [copy] = await tx
      .insert(issues)
      .values({
        ...settings,
        title: copyTitle(issue.title),
        status: 'open',
        // The copy's deadline has not been acted on yet.
        remindedAt: null,
        deadlineClosedAt: null,
        // The copy numbers its items afresh as they are inserted below.
        itemNumbers: 0,
      })
      .returning();
    if (!copy) throw new Error('issue copy returned nothing');
    const q = getTableColumns(issueQuestions);
    await tx.execute(
      sql`insert into ${issueQuestions} (issue_id, title, description, weight, create_time)
          select ${copy.id}, ${q.title}, ${q.description}, ${q.weight}, ${q.createTime} from ${issueQuestions}
          where ${eq(q.issueId, issue.id)} order by ${q.createTime}, ${q.id}`,
    );
    await tx.execute(
      sql`insert into ${issueTags} (issue_id, tag_id)
          select ${copy.id}, ${issueTags.tagId} from ${issueTags} where ${eq(issueTags.issueId, issue.id)}`,
    );
    await tx.execute(
      sql`insert into ${issueDatasets} (issue_id, dataset_id)
          select ${copy.id}, ${issueDatasets.datasetId} from ${issueDatasets} where ${eq(issueDatasets.issueId, issue.id)}`,
    );
    return copy;
  });
  return toIssueReply(ctx, row);
}
