import {
  type Language,
  type PageQuery,
  type TeamPageQuery,
  WEBHOOK_LIMIT,
  WEBHOOKS_PER_TEAM_MAX,
  type Webhook,
  type WebhookCreate,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookPatch,
  webhookLimitMessage,
} from '@shortlist/contract';
import { count, desc, eq } from 'drizzle-orm';
import { requireAdminOfRow, type TeamRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { webhookDeliveries, webhooks } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { notFound, refusal } from '../../http/errors.ts';
import { translated } from '../../http/reply-language.ts';
import { diffRows, recordAudit } from '../audit/record.ts';
import { checkWebhookUrl } from './egress.ts';
import { emitWebhookEvent } from './emit.ts';
import { newWebhookSecret } from './signing.ts';

type WebhookRow = typeof webhooks.$inferSelect;

const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  team: row.teamId,
  url: row.url,
  events: row.events as WebhookEvent[],
  active: row.active,
  secret: row.secret,
  create_time: row.createTime.toISOString(),
});

/** A delivery as the API shows it; why it failed, kept in English, read in `language`. */
const toDelivery = (row: typeof webhookDeliveries.$inferSelect, language: Language): WebhookDelivery => ({
  id: row.id,
  event: row.event,
  status: row.status as WebhookDelivery['status'],
  attempts: row.attempts,
  response_code: row.responseCode,
  error: row.error === null ? null : translated(row.error, language),
  duration_ms: row.durationMs,
  create_time: row.createTime.toISOString(),
  delivered_time: row.deliveredAt?.toISOString() ?? null,
  next_attempt_time: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
});

/** A webhook, if the caller administers its team; anyone else gets 404 as for a missing one. */
export async function requireWebhook(ctx: AppContext, user: UserRow, id: number) {
  const [found] = await ctx.db.select().from(webhooks).where(eq(webhooks.id, id));
  const { row } = await requireAdminOfRow(ctx, user, found);
  return row;
}

export async function listWebhooks(ctx: AppContext, query: TeamPageQuery) {
  const where = eq(webhooks.teamId, query.team);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(webhooks)
      .where(where)
      .orderBy(desc(webhooks.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(webhooks).where(where),
  ]);
  return { count: total?.n ?? 0, results: rows.map(toWebhook) };
}

export async function createWebhook(ctx: AppContext, team: TeamRow, input: WebhookCreate) {
  await checkWebhookUrl(ctx.config, input.url);
  return ctx.db.transaction(async (tx) => {
    if ((await tx.$count(webhooks, eq(webhooks.teamId, team.id))) >= WEBHOOKS_PER_TEAM_MAX) {
      throw refusal(WEBHOOK_LIMIT, webhookLimitMessage);
    }
    const [row] = await tx
      .insert(webhooks)
      .values({
        teamId: team.id,
        url: input.url,
        events: [...new Set(input.events)],
        active: input.active,
        secret: newWebhookSecret(),
      })
      .returning();
    if (!row) throw new Error('webhook not created');
    await recordAudit(tx, { ...webhookEntry(row), action: 'webhook.created', changes: diffRows(null, row) });
    return toWebhook(row);
  });
}

export async function updateWebhook(ctx: AppContext, row: WebhookRow, patch: WebhookPatch) {
  // An empty PATCH changes nothing, and an UPDATE needs a column to set.
  if (patch.url === undefined && patch.events === undefined && patch.active === undefined)
    return toWebhook(row);
  if (patch.url !== undefined) await checkWebhookUrl(ctx.config, patch.url);
  const updated = await ctx.db.transaction(async (tx) => {
    const [written] = await tx
      .update(webhooks)
      .set({
        url: patch.url,
        events: patch.events ? [...new Set(patch.events)] : undefined,
        active: patch.active,
      })
      .where(eq(webhooks.id, row.id))
      .returning();
    if (!written) throw notFound();
    await recordAudit(tx, {
      ...webhookEntry(row),
      action: 'webhook.updated',
      changes: diffRows(row, written),
    });
    return written;
  });
  return toWebhook(updated);
}

export async function deleteWebhook(ctx: AppContext, row: WebhookRow) {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(webhooks).where(eq(webhooks.id, row.id));
    await recordAudit(tx, { ...webhookEntry(row), action: 'webhook.deleted', changes: diffRows(row, null) });
  });
}

const webhookEntry = (row: WebhookRow) => ({
  teamId: row.teamId,
  objectType: 'webhook' as const,
  objectId: row.id,
});

/** The test button: a `ping` queued for this webhook alone, sent by the worker like any event. */
export async function pingWebhook(ctx: AppContext, row: WebhookRow) {
  await emitWebhookEvent(ctx.db, row.teamId, 'ping', { webhook: row.id }, { onlyWebhookId: row.id });
}

/** The delivery log, newest first, paged in SQL. */
export async function listDeliveries(ctx: AppContext, row: WebhookRow, query: PageQuery, language: Language) {
  const where = eq(webhookDeliveries.webhookId, row.id);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { count: total?.n ?? 0, results: rows.map((delivery) => toDelivery(delivery, language)) };
}
