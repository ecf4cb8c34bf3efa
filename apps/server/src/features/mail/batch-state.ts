import { DEMAIL_STATUS } from '@shortlist/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { batchEmails, emailBatches } from '../../db/schema/index.ts';

/**
 * A sending batch whose e-mails are all sent or failed ends `sent` (at least one went out) or
 * `failed` (none did). One statement, so that two processes finishing the last e-mails agree.
 */
export async function settleBatches(db: Db, batchEmailIds: number[]) {
  const batchIds = db
    .selectDistinct({ id: batchEmails.batchId })
    .from(batchEmails)
    .where(inArray(batchEmails.id, batchEmailIds));
  const pending = sql`exists (select 1 from ${batchEmails} where ${batchEmails.batchId} = ${emailBatches.id}
    and (${batchEmails.status} is null or ${batchEmails.status} in (${DEMAIL_STATUS.queued}, ${DEMAIL_STATUS.requeued})))`;
  const anySent = sql`exists (select 1 from ${batchEmails} where ${batchEmails.batchId} = ${emailBatches.id}
    and ${batchEmails.status} = ${DEMAIL_STATUS.sent})`;
  await db
    .update(emailBatches)
    .set({ status: sql`case when ${anySent} then 'sent' else 'failed' end` })
    .where(and(inArray(emailBatches.id, batchIds), eq(emailBatches.status, 'sending'), sql`not ${pending}`));
}
