import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createTime, updateTime } from './columns.ts';
import { datasets } from './items.ts';
import { issues } from './selections.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

export const reviewStatuses = pgTable(
  'review_statuses',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    label: varchar('label', { length: 100 }).notNull(),
    color: varchar('color', { length: 20 }).notNull().default(''),
    bgColor: varchar('bg_color', { length: 20 }).notNull(),
    createTime: createTime(),
  },
  (t) => [index('review_statuses_team').on(t.teamId)],
);

/** An admin's verdict on an item, optionally within a selection (issue_id). */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    issueId: integer('issue_id').references(() => issues.id, { onDelete: 'cascade' }),
    statusId: integer('status_id').references(() => reviewStatuses.id, { onDelete: 'set null' }),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    // One review per item and selection (or per item outside any selection): later choices update it.
    uniqueIndex('reviews_dataset_issue').on(t.datasetId, sql`coalesce(${t.issueId}, 0)`),
    index('reviews_status').on(t.statusId),
    // The items of a selection with a status there: the items list starts from these (decision 83).
    index('reviews_issue_status').on(t.issueId, t.statusId, t.datasetId).where(sql`${t.issueId} is not null`),
  ],
);

export const reviewComments = pgTable(
  'review_comments',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [index('review_comments_review').on(t.reviewId)],
);
