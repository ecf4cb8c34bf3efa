import { EMAIL_VERIFICATION_STATUSES } from '@shortlist/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createTime } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** An e-mail for accounts created by invitation, so as long as one. */
    username: varchar('username', { length: 250 }).notNull(),
    email: varchar('email', { length: 250 }).notNull(),
    /** Null until the user sets a password (invited accounts). */
    passwordHash: text('password_hash'),
    firstName: varchar('first_name', { length: 150 }).notNull().default(''),
    lastName: varchar('last_name', { length: 150 }).notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    isStaff: boolean('is_staff').notNull().default(false),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    language: varchar('language', { length: 2 }).notNull().default('en'),
    selfInvite: boolean('self_invite').notNull().default(false),
    /**
     * A judge's identity for one address (decision 42): never a password, never found by sign-in or reset,
     * so a judge's link or a typed address is never bound to an account.
     */
    isJudgeOnly: boolean('is_judge_only').notNull().default(false),
    emailVerificationStatus: varchar('email_verification_status', {
      length: 3,
      enum: EMAIL_VERIFICATION_STATUSES,
    })
      .notNull()
      .default('unc'),
    emailToVerify: varchar('email_to_verify', { length: 250 }),
    /**
     * Carried by each access token as `ver`: a password change or a sign-out adds one, and every access
     * token signed before stops working at its next request, on every process (read with the user).
     */
    tokenVersion: integer('token_version').notNull().default(0),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    // An address has at most one account and at most one judge identity.
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`).where(sql`not ${t.isJudgeOnly}`),
    uniqueIndex('users_judge_email_lower').on(sql`lower(${t.email})`).where(sql`${t.isJudgeOnly}`),
    // The members list by e-mail: a team's page of 10,000 read in the users' order, not sorted.
    index('users_email').on(t.email),
    // The members search by e-mail (`lower(email) like '%…%'`): the accounts of every team, which it read
    // whole on each search (10,000 in 3 ms at the bench's size, and growing with the install, not the team).
    index('users_email_search').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
  ],
);

/** One row per issued refresh token; a token is good once, and reuse revokes its whole family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: varchar('jti', { length: 64 }).primaryKey(),
    family: varchar('family', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The jti issued when this one was spent: a replay within the grace gets that same pair back. */
    replacedBy: varchar('replaced_by', { length: 64 }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family').on(t.family)],
);

/** Only a hash of each reset token is stored, so a leaked table opens no account. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
