import type { TeamPackage } from '@shortlist/contract';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createTime } from './columns.ts';
import { users } from './users.ts';

export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 150 }).notNull(),
  description: text('description').notNull().default(''),
  teamImage: text('team_image'),
  customHeader: text('custom_header'),
  package: jsonb('package').$type<TeamPackage>().notNull(),
  /** Members sign in only through an identity provider (OIDC), not with a password (decision 82). */
  ssoOnly: boolean('sso_only').notNull().default(false),
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
    // The members list's default order: a page of a team of 10,000 read in order, not sorted.
    index('team_members_team_pseudo').on(t.teamId, t.pseudo, t.id),
  ],
);
