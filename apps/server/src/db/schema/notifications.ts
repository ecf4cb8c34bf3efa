import { boolean, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createTime } from './columns.ts';
import { intakeForms } from './forms.ts';
import { issues } from './selections.ts';
import { teams } from './teams.ts';

/** Who gets told about new answers of a form or a selection, and how often. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 40 }).notNull(),
    formId: integer('form_id').references(() => intakeForms.id, { onDelete: 'cascade' }),
    issueId: integer('issue_id').references(() => issues.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    /** immediate or daily */
    frequency: varchar('frequency', { length: 10 }).notNull().default('immediate'),
    /** Everything created before this instant has been notified. */
    notifiedUntil: timestamp('notified_until', { withTimezone: true }).notNull().defaultNow(),
    createTime: createTime(),
  },
  (t) => [
    index('notification_settings_form').on(t.formId),
    index('notification_settings_issue').on(t.issueId),
  ],
);
