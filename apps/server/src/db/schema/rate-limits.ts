import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Per-IP request counts of `@fastify/rate-limit` on PostgreSQL (decision 44): one fixed window per key,
 * counted by an atomic upsert so that every process adds to the same number.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_counters_resets_at').on(t.resetsAt)],
);

/** Attempts counted over a sliding window on PostgreSQL (failed sign-ins, reset e-mails…): one row each. */
export const rateAttempts = pgTable(
  'rate_attempts',
  {
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_attempts_key_at').on(t.key, t.at), index('rate_attempts_expires_at').on(t.expiresAt)],
);
