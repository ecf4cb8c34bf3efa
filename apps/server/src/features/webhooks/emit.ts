import type { WebhookEvent } from '@shortlist/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhooks } from '../../db/schema/index.ts';

/**
 * Queues an event for every active webhook of the team that listens to it, in one statement: pass
 * the transaction that makes the event happen, so that no event is told that did not happen.
 */
export async function emitWebhookEvent(
  db: Db,
  teamId: number,
  event: WebhookEvent | 'ping',
  data: Record<string, unknown>,
  onlyWebhookId?: number,
) {
  const body = JSON.stringify({ type: event, timestamp: new Date().toISOString(), data });
  const which =
    onlyWebhookId === undefined
      ? and(eq(webhooks.teamId, teamId), eq(webhooks.active, true), sql`${event} = any(${webhooks.events})`)
      : and(eq(webhooks.teamId, teamId), eq(webhooks.id, onlyWebhookId));
  await db.execute(sql`
    insert into ${webhookDeliveries} (webhook_id, event, body)
    select ${webhooks.id}, ${event}, ${body} from ${webhooks} where ${which}`);
}
