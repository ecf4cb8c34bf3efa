import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createTime, updateTime } from './columns.ts';
import { datasets } from './items.ts';
import { issueAccesses } from './judges.ts';
import { issueQuestions, issues } from './selections.ts';
import { users } from './users.ts';

/**
 * A judge's answers and comments while they work, saved as they go so that a reload loses nothing. Never
 * read by reports: only `issue_answers` count, written by a submission, which deletes the draft.
 */
export const issueAnswerDrafts = pgTable('issue_answer_drafts', {
  accessId: integer('access_id')
    .primaryKey()
    .references(() => issueAccesses.id, { onDelete: 'cascade' }),
  /** The submission's body as it stands: { answers, comments } */
  payload: jsonb('payload').notNull(),
  updateTime: updateTime(),
});

/** A judge's submission; answers and comments are replaced as a whole at each submit. */
export const issueSubmissions = pgTable(
  'issue_submissions',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [uniqueIndex('issue_submissions_issue_user').on(t.issueId, t.userId)],
);

/** One value per judge, item and criterion (question null: the item as a whole). */
export const issueAnswers = pgTable(
  'issue_answers',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').references(() => issueQuestions.id, { onDelete: 'cascade' }),
    value: doublePrecision('value').notNull(),
  },
  (t) => [
    uniqueIndex('issue_answers_unique').on(
      t.issueId,
      t.userId,
      t.datasetId,
      sql`coalesce(${t.questionId}, 0)`,
    ),
    // Reports aggregate per item of one selection.
    index('issue_answers_issue_dataset').on(t.issueId, t.datasetId),
  ],
);

/** Judges' comments, per item (comments_mode DATASET) or per item and criterion (QUESTION). */
export const issueComments = pgTable(
  'issue_comments',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').references(() => issueQuestions.id, { onDelete: 'cascade' }),
    content: varchar('content', { length: 400 }).notNull(),
    shared: boolean('shared').notNull().default(false),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('issue_comments_unique').on(
      t.issueId,
      t.userId,
      t.datasetId,
      sql`coalesce(${t.questionId}, 0)`,
    ),
    index('issue_comments_issue_dataset').on(t.issueId, t.datasetId),
  ],
);
