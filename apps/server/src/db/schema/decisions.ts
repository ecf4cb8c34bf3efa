import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { datasets } from './items.ts';
import { teams } from './teams.ts';

/**
 * The answer to an applicant about their item (docs/emails.md, "Decisions"): `decision` is what the team
 * has set, `sentDecision` what the applicant was last told by a decisions mailing. The decision is
 * pending while the two differ; the applicant sees only `sentDecision`.
 */
export const itemDecisions = pgTable(
  'item_decisions',
  {
    datasetId: integer('dataset_id')
      .primaryKey()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** accepted, waitlisted or declined. */
    decision: varchar('decision', { length: 10 }).notNull(),
    setTime: timestamp('set_time', { withTimezone: true }).notNull().defaultNow(),
    sentDecision: varchar('sent_decision', { length: 10 }),
    sentTime: timestamp('sent_time', { withTimezone: true }),
  },
  (t) => [index('item_decisions_team').on(t.teamId, t.decision)],
);
