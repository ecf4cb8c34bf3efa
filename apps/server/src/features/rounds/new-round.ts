import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { Db } from '../../db/client.ts';
import { issueAccesses, issueQuestions, issues, issueTags } from '../../db/schema/index.ts';
import { diffRows, judgeAdded, recordAudit, selectionEntry } from '../audit/record.ts';
import { newAccessToken } from '../judges/judge-access.ts';

export interface NewRoundOptions {
  title: string;
  round: number;
  copyJudges: boolean;
  copyCriteria: boolean;
  copySettings: boolean;
}

/** The scale every selection of a type needs: kept even when the settings are not. */
const typeNumbers = (row: IssueRow) => ({
  minRating: row.minRating,
  maxRating: row.maxRating,
  step: row.step,
  nbTokens: row.nbTokens,
  maxPerItem: row.maxPerItem,
  minItems: row.minItems,
  maxItems: row.maxItems,
  nbRanked: row.nbRanked,
  shortlistSize: row.shortlistSize,
});

/**
 * The next round of `template`, open, of the same type and item type: its settings and tags (or the table's
 * defaults), its criteria, its judges (each with a new personal link; no item subsets, the items differ) —
 * each as asked. Never a deadline: the template's has passed or belongs to it. Audited as a creation plus
 * each judge added.
 */
export async function createNextRound(tx: Db, template: IssueRow, options: NewRoundOptions) {
  const {
    id: _id,
    createTime: _created,
    updateTime: _updated,
    remindedAt: _reminded,
    deadlineClosedAt: _closed,
    ...settings
  } = template;
  const values = options.copySettings
    ? { ...settings, deadline: null, reminderDaysBefore: null }
    : {
        teamId: template.teamId,
        resourcetype: template.resourcetype,
        dataModelId: template.dataModelId,
        ...typeNumbers(template),
      };
  const [created] = await tx
    .insert(issues)
    .values({ ...values, title: options.title, status: 'open', round: options.round })
    .returning();
  if (!created) throw new Error('round insert returned nothing');
  if (options.copySettings)
    await tx.execute(
      sql`insert into ${issueTags} (issue_id, tag_id)
          select ${created.id}, ${issueTags.tagId} from ${issueTags} where ${eq(issueTags.issueId, template.id)}`,
    );
  if (options.copyCriteria) {
    const q = getTableColumns(issueQuestions);
    await tx.execute(
      sql`insert into ${issueQuestions} (issue_id, title, description, weight, create_time)
          select ${created.id}, ${q.title}, ${q.description}, ${q.weight}, ${q.createTime} from ${issueQuestions}
          where ${eq(q.issueId, template.id)} order by ${q.createTime}, ${q.id}`,
    );
  }
  const judges = options.copyJudges
    ? await tx
        .select({ userId: issueAccesses.userId })
        .from(issueAccesses)
        .where(eq(issueAccesses.issueId, template.id))
        .orderBy(asc(issueAccesses.id))
    : [];
  if (judges.length > 0)
    await tx
      .insert(issueAccesses)
      .values(judges.map(({ userId }) => ({ issueId: created.id, userId, token: newAccessToken() })));
  await recordAudit(tx, [
    { ...selectionEntry(created), action: 'selection.created', changes: diffRows(null, created) },
    ...judges.map(({ userId }) => judgeAdded(created, userId)),
  ]);
  return created;
}
