import type { WebhookEvent } from '@shortlist/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idList } from '../../db/raw-rows.ts';
import { webhookDeliveries, webhooks } from '../../db/schema/index.ts';

/**
 * Queues an event for every active webhook of the team that listens to it, in one statement: pass
 * the transaction that makes the event happen, so that no event is told that did not happen. `itemIds`:
 * the items `data` names, kept with the delivery so that an erasure finds it (docs/privacy.md).
 */
export async function emitWebhookEvent(
  db: Db,
  teamId: number,
  event: WebhookEvent | 'ping',
  data: Record<string, unknown>,
  { itemIds, onlyWebhookId }: { itemIds?: number[]; onlyWebhookId?: number } = {},
) {
  const body = JSON.stringify({ type: event, timestamp: new Date().toISOString(), data });
  const which =
    onlyWebhookId === undefined
      ? and(eq(webhooks.teamId, teamId), eq(webhooks.active, true), sql`${event} = any(${webhooks.events})`)
      : and(eq(webhooks.teamId, teamId), eq(webhooks.id, onlyWebhookId));
  await db.execute(sql`
    insert into ${webhookDeliveries} (webhook_id, event, body, item_ids)
    select ${webhooks.id}, ${event}, ${body}, ${itemIds ? sql`array[${idList(itemIds)}]::integer[]` : null} from ${webhooks} where ${which}`);
}
