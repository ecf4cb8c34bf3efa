import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One-time codes that hand an OIDC sign-in to the web app (decision 82): the callback stores a hash,
 * the app exchanges the code once for a token pair within a minute. Only hashes, like reset tokens.
 */
export const ssoSignInCodes = pgTable('sso_sign_in_codes', {
  codeHash: varchar('code_hash', { length: 64 }).primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: varchar('provider', { length: 20 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
