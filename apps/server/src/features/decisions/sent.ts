import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { itemDecisions } from '../../db/schema/index.ts';
import { recordAudit, SYSTEM_ACTOR } from '../audit/record.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';

/**
 * A decisions mailing's e-mail has left: the decision it told becomes the one the applicant sees at their
 * edit link, in the transaction that marks the e-mail sent (docs/emails.md, "Decisions"). Told the
 * webhooks (`decision.sent`) and the audit log.
 */
export async function markDecisionSent(
  tx: Db,
  sent: { datasetId: number | null; decision: string | null; batchId: number },
) {
  if (sent.datasetId === null || sent.decision === null) return;
  const [row] = await tx
    .update(itemDecisions)
    .set({ sentDecision: sent.decision, sentTime: sql`now()` })
    .where(eq(itemDecisions.datasetId, sent.datasetId))
    .returning({ teamId: itemDecisions.teamId });
  if (!row) return;
  await recordAudit(tx, {
    teamId: row.teamId,
    action: 'decision.sent',
    objectType: 'item',
    objectId: sent.datasetId,
    changes: { decision: [null, sent.decision], mailing: [sent.batchId, sent.batchId] },
    actor: SYSTEM_ACTOR,
  });
  await emitWebhookEvent(
    tx,
    row.teamId,
    'decision.sent',
    {
      item: sent.datasetId,
      decision: sent.decision,
      mailing: sent.batchId,
    },
    { itemIds: [sent.datasetId] },
  );
}
