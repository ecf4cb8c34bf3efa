import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { updateTime } from './columns.ts';
import { datasets } from './items.ts';
import { issueAccesses } from './judges.ts';
import { issues } from './selections.ts';

/** A judge's expertise in their own words (issue 54): what the text affinity reads. */
export const issueExpertise = pgTable('issue_expertise', {
  accessId: integer('access_id')
    .primaryKey()
    .references(() => issueAccesses.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  /** judge, admin or seeded (from the items the judge answered before in the team) */
  source: varchar('source', { length: 10 }).notNull(),
  updateTime: updateTime(),
});

/** A judge's bid on an item: eager, willing or not_willing (never assigned). */
export const issueBids = pgTable(
  'issue_bids',
  {
    accessId: integer('access_id')
      .notNull()
      .references(() => issueAccesses.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    bid: varchar('bid', { length: 12 }).notNull(),
    updateTime: updateTime(),
  },
  (t) => [primaryKey({ columns: [t.accessId, t.datasetId] }), index('issue_bids_dataset').on(t.datasetId)],
);

/** Affinities an admin uploaded (CSV): a pair left out scores 0 while the selection assigns by them. */
export const issueAffinities = pgTable(
  'issue_affinities',
  {
    accessId: integer('access_id')
      .notNull()
      .references(() => issueAccesses.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    score: real('score').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accessId, t.datasetId] })],
);

/**
 * A selection's assignment settings and its last run: the bidding deadline, where affinities come from,
 * and the last expertise run's bonuses and LP bound, against which hand adjustments are measured.
 */
export const issueAssignmentSettings = pgTable('issue_assignment_settings', {
  issueId: integer('issue_id')
    .primaryKey()
    .references(() => issues.id, { onDelete: 'cascade' }),
  biddingDeadline: timestamp('bidding_deadline', { withTimezone: true }),
  /** text or uploaded */
  affinitySource: varchar('affinity_source', { length: 10 }).notNull().default('text'),
  eagerBonus: real('eager_bonus').notNull().default(0.3),
  willingBonus: real('willing_bonus').notNull().default(0.1),
  upperBound: doublePrecision('upper_bound'),
  /** The pairs the bound was computed for: a hand change that adds or removes pairs leaves it aside. */
  boundPairs: integer('bound_pairs'),
  updateTime: updateTime(),
});
