import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createTime } from './columns.ts';
import { datasets } from './items.ts';
import { issueAccesses } from './judges.ts';
import { issues } from './selections.ts';
import { users } from './users.ts';

/**
 * Pairwise selections (Crowd-BT, docs/judging.md): each item's current belief N(μ, σ²). A row is written at
 * an item's first vote; until then the item holds the prior. Locked by a vote while it changes.
 */
export const pairwiseItems = pgTable(
  'pairwise_items',
  {
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    mu: doublePrecision('mu').notNull(),
    sigmaSq: doublePrecision('sigma_sq').notNull(),
    /** Votes this item took part in. */
    comparisons: integer('comparisons').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.datasetId] })],
);

/**
 * Each judge's reliability Beta(α, β) and the pair on their screen: `previous` (the item they saw last) and
 * `next` (chosen for them at `shown_at`). `next` is busy for other judges for 5 minutes after `shown_at`.
 */
export const pairwiseJudges = pgTable(
  'pairwise_judges',
  {
    accessId: integer('access_id')
      .primaryKey()
      .references(() => issueAccesses.id, { onDelete: 'cascade' }),
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    alpha: doublePrecision('alpha').notNull(),
    beta: doublePrecision('beta').notNull(),
    previousId: integer('previous_id').references(() => datasets.id, { onDelete: 'set null' }),
    nextId: integer('next_id').references(() => datasets.id, { onDelete: 'set null' }),
    shownAt: timestamp('shown_at', { withTimezone: true }),
  },
  (t) => [index('pairwise_judges_issue').on(t.issueId)],
);

/**
 * The items a judge has been shown, how many times, and whether they skipped it: a skipped item is never
 * shown to them again, another at most `MAX_SHOWINGS` times (features/pairwise/dispatch.ts).
 */
export const pairwiseSeen = pgTable(
  'pairwise_seen',
  {
    accessId: integer('access_id')
      .notNull()
      .references(() => issueAccesses.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    times: integer('times').notNull().default(1),
    skipped: boolean('skipped').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.accessId, t.datasetId] })],
);

/** Every vote as cast, so that the beliefs can be recomputed or audited. */
export const pairwiseVotes = pgTable(
  'pairwise_votes',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    winnerId: integer('winner_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    loserId: integer('loser_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    createTime: createTime(),
  },
  (t) => [index('pairwise_votes_issue_user').on(t.issueId, t.userId)],
);
