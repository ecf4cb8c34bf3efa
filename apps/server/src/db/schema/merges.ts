import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createTime, updateTime } from './columns.ts';
import { issues } from './selections.ts';
import { tags } from './tags.ts';
import { teams } from './teams.ts';

/** Several selections combined into one weighted ranking. */
export const issueMerges = pgTable(
  'issue_merges',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 250 }).notNull(),
    description: varchar('description', { length: 400 }).notNull().default(''),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [index('issue_merges_team_created').on(t.teamId, t.createTime)],
);

export const issueMergeInfos = pgTable(
  'issue_merge_infos',
  {
    id: serial('id').primaryKey(),
    mergeId: integer('merge_id')
      .notNull()
      .references(() => issueMerges.id, { onDelete: 'cascade' }),
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    weight: doublePrecision('weight').notNull().default(1),
  },
  (t) => [uniqueIndex('issue_merge_infos_merge_issue').on(t.mergeId, t.issueId)],
);

export const issueMergeTags = pgTable(
  'issue_merge_tags',
  {
    mergeId: integer('merge_id')
      .notNull()
      .references(() => issueMerges.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.mergeId, t.tagId] }), index('issue_merge_tags_tag').on(t.tagId)],
);
