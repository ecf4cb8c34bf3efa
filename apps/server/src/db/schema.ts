import type { TeamPackage } from '@shortlist/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const createTime = () => timestamp('create_time', { withTimezone: true }).notNull().defaultNow();

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
    emailVerificationStatus: varchar('email_verification_status', { length: 3 }).notNull().default('unc'),
    emailToVerify: varchar('email_to_verify', { length: 250 }),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
  ],
);

export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 150 }).notNull(),
  description: text('description').notNull().default(''),
  teamImage: text('team_image'),
  customHeader: text('custom_header'),
  package: jsonb('package').$type<TeamPackage>().notNull(),
  createTime: createTime(),
});

export const teamMembers = pgTable(
  'team_members',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pseudo: varchar('pseudo', { length: 150 }).notNull().default(''),
    role: varchar('role', { length: 20 }).notNull().default('admin'),
    status: varchar('status', { length: 10 }).notNull().default('accepted'),
    selfInvite: boolean('self_invite').notNull().default(false),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('team_members_team_user').on(t.teamId, t.userId),
    index('team_members_user').on(t.userId),
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

export const outboxMessages = pgTable('outbox_messages', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createTime: createTime(),
});

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  message: varchar('message', { length: 300 }).notNull(),
  createTime: createTime(),
});
