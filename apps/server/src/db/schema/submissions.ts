import { EMAIL_VERIFICATION_STATUSES, LANGUAGES } from '@shortlist/contract';
import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createTime, updateTime } from './columns.ts';
import { intakeForms } from './forms.ts';
import { datasets } from './items.ts';

/**
 * A respondent's answers: the item (dataset) plus who sent it and where it stands.
 * status: pending (created, files still uploading, not yet committed), draft (saved partway), submitted.
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id')
      .notNull()
      .references(() => intakeForms.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 250 }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    /** sha-256 of the edit token, so a leaked table opens no submission. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /**
     * The language the respondent reads the app in, sent with the answers: every mail to them is written
     * in it (decision 169). Null (a client that does not send it, a response from before): the form's.
     */
    language: varchar('language', { length: 2, enum: LANGUAGES }),
    /** The respondent's address, as for users (features/verification). */
    emailVerificationStatus: varchar('email_verification_status', {
      length: 3,
      enum: EMAIL_VERIFICATION_STATUSES,
    })
      .notNull()
      .default('unc'),
    submitTime: timestamp('submit_time', { withTimezone: true }),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    uniqueIndex('form_submissions_dataset').on(t.datasetId),
    index('form_submissions_form_created').on(t.formId, t.createTime),
    index('form_submissions_status_created').on(t.status, t.createTime),
  ],
);
