import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** ALTCHA challenges already used: each solution opens one request only. */
export const spentCaptchas = pgTable('spent_captchas', {
  signature: varchar('signature', { length: 128 }).primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
