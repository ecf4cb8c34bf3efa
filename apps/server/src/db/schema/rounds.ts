import { doublePrecision, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createTime } from './columns.ts';
import { datasets } from './items.ts';
import { issueMerges } from './merges.ts';
import { issues } from './selections.ts';
import { teams } from './teams.ts';

/**
 * How an item reached a selection by promotion (docs/rounds.md): from which selection's report or merge's
 * results, chosen how, at which rank and value at the time. One row per target and item: promoting it
 * there again updates the row only if the item had left the target in between. The source's title and
 * round are copied so that the path still reads once the source is deleted; a target's deletion removes
 * the step. A selection's round itself is `issues.round`.
 */
export const itemPromotions = pgTable(
  'item_promotions',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    targetIssueId: integer('target_issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    /** selection or merge; the id of the other kind stays null. */
    sourceType: varchar('source_type', { length: 10 }).notNull(),
    sourceIssueId: integer('source_issue_id').references(() => issues.id, { onDelete: 'set null' }),
    sourceMergeId: integer('source_merge_id').references(() => issueMerges.id, { onDelete: 'set null' }),
    sourceTitle: varchar('source_title', { length: 250 }).notNull(),
    sourceRound: integer('source_round').notNull(),
    /** top, min_value, tag or datasets */
    selector: varchar('selector', { length: 10 }).notNull(),
    /** The item's rank and value in the source's ranking as the request read it (null: unranked). */
    rank: integer('rank'),
    value: doublePrecision('value'),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('item_promotions_target_dataset').on(t.targetIssueId, t.datasetId),
    index('item_promotions_dataset').on(t.datasetId),
  ],
);
