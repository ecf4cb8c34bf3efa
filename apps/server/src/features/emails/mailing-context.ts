import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { itemDecisions } from '../../db/schema/index.ts';
import type { BatchRow } from './access.ts';
import type { MailingContext } from './decision-variables.ts';

/** What a batch's variables read: its selection, and the pending decision only in a decisions mailing. */
export const mailingContextOf = (batch: Pick<BatchRow, 'issueId' | 'sendsDecisions'>): MailingContext => ({
  issueId: batch.issueId,
  tellsPending: batch.sendsDecisions,
});

/** Each item's pending decision, which a decisions mailing's e-mail records as the one it tells. */
export async function pendingDecisions(db: Db, datasetIds: number[]) {
  if (datasetIds.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: itemDecisions.datasetId, decision: itemDecisions.decision })
    .from(itemDecisions)
    .where(inArray(itemDecisions.datasetId, datasetIds));
  return new Map(rows.map((row) => [row.id, row.decision]));
}
