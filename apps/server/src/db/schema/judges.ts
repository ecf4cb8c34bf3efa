import { index, integer, pgTable, primaryKey, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createTime } from './columns.ts';
import { datasets } from './items.ts';
import { issues } from './selections.ts';
import { users } from './users.ts';

/** A judge of a selection and the secret of their personal link (/selection/{id}/answer?token=…). */
export const issueAccesses = pgTable(
  'issue_accesses',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: varchar('token', { length: 64 }).notNull(),
    /** admin (added by an admin) or public (unlocked through the public link) */
    origin: varchar('origin', { length: 10 }).notNull().default('admin'),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('issue_accesses_issue_user').on(t.issueId, t.userId),
    uniqueIndex('issue_accesses_token').on(t.token),
    index('issue_accesses_user').on(t.userId),
  ],
);

/** The items a judge may answer when the selection does not give all items to everyone. */
export const issueAccessDatasets = pgTable(
  'issue_access_datasets',
  {
    accessId: integer('access_id')
      .notNull()
      .references(() => issueAccesses.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.accessId, t.datasetId] }),
    index('issue_access_datasets_dataset').on(t.datasetId),
  ],
);

/**
 * A judge's conflict of interest with an item (docs/judging.md): the pair is never assigned, takes no
 * answer or comment and is not counted among the item's judges.
 */
export const issueConflicts = pgTable(
  'issue_conflicts',
  {
    accessId: integer('access_id')
      .notNull()
      .references(() => issueAccesses.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    /** judge (declared on the answer page) or admin (set from the access tab) */
    setBy: varchar('set_by', { length: 10 }).notNull(),
    createTime: createTime(),
  },
  (t) => [
    primaryKey({ columns: [t.accessId, t.datasetId] }),
    index('issue_conflicts_dataset').on(t.datasetId),
  ],
);

/** Each invitation or reminder sent to a judge (at most 3). */
export const issueInvitations = pgTable(
  'issue_invitations',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createTime: createTime(),
  },
  (t) => [index('issue_invitations_issue_user').on(t.issueId, t.userId)],
);
