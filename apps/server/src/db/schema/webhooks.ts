import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createTime } from './columns.ts';
import { teams } from './teams.ts';

/** A team's URL told of its events (Standard Webhooks), signed with its own secret. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 500 }).notNull(),
    events: text('events').array().notNull(),
    active: boolean('active').notNull().default(true),
    /** `whsec_` and 32 random bytes in base64. */
    secret: varchar('secret', { length: 80 }).notNull(),
    createTime: createTime(),
  },
  (t) => [index('webhooks_team').on(t.teamId)],
);

/**
 * One event for one webhook: the body as signed and sent, and where its delivery stands. Claimed by
 * one process at a time, retried with back-off (features/webhooks/deliver.ts).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 40 }).notNull(),
    body: text('body').notNull(),
    /** The items the body names, so that an erasure finds it (docs/privacy.md). */
    itemIds: integer('item_ids').array(),
    /** pending, delivered or failed */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    responseCode: integer('response_code'),
    error: text('error'),
    durationMs: integer('duration_ms'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createTime: createTime(),
  },
  (t) => [
    index('webhook_deliveries_webhook').on(t.webhookId, t.id),
    index('webhook_deliveries_due').on(t.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);
