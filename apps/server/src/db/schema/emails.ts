import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createTime, updateTime } from './columns.ts';
import { datasets } from './items.ts';
import { issues } from './selections.ts';
import { teams } from './teams.ts';

/** A team's e-mail templates for mass e-mail: Liquid in the subject and the sanitized HTML body. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    description: text('description').notNull().default(''),
    subject: varchar('subject', { length: 255 }).notNull(),
    htmlContent: text('html_content').notNull(),
    /** The language of subject and body; the variant, when written, is the other one (docs/emails.md). */
    language: varchar('language', { length: 2 }).notNull().default('en'),
    variantSubject: varchar('variant_subject', { length: 255 }),
    variantHtmlContent: text('variant_html_content'),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [index('email_templates_team').on(t.teamId, t.id)],
);

/** A mass e-mail to items' contacts. status: draft, sending, sent, failed. */
export const emailBatches = pgTable(
  'email_batches',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    description: text('description').notNull().default(''),
    templateId: integer('template_id').references(() => emailTemplates.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 10 }).notNull().default('draft'),
    /** The e-mails hold what the current template gives: the preview step is done. */
    isRendered: boolean('is_rendered').notNull().default(false),
    sendTime: timestamp('send_time', { withTimezone: true }),
    /** status `scheduled`: the worker starts sending at this time of the database's clock. */
    scheduledTime: timestamp('scheduled_time', { withTimezone: true }),
    /** A decisions mailing: each e-mail tells the item's pending decision and marks it sent once sent. */
    sendsDecisions: boolean('sends_decisions').notNull().default(false),
    /** The selection whose rank, round, comments and averages the variables read (its audience's). */
    issueId: integer('issue_id').references(() => issues.id, { onDelete: 'set null' }),
    createTime: createTime(),
  },
  (t) => [
    index('email_batches_scheduled').on(t.scheduledTime).where(sql`${t.status} = 'scheduled'`),
    index('email_batches_team_created').on(t.teamId, t.createTime),
    index('email_batches_template').on(t.templateId),
  ],
);

/** One e-mail of a batch ("demail"). status: null draft, 0 sent, 1 failed, 2 queued, 3 requeued. */
export const batchEmails = pgTable(
  'batch_emails',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => emailBatches.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
    to: varchar('to', { length: 250 }).notNull(),
    subject: text('subject').notNull().default(''),
    htmlMessage: text('html_message').notNull().default(''),
    status: integer('status'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    sentTime: timestamp('sent_time', { withTimezone: true }),
    /** Sent again after a server died while sending it: the recipient may have it twice. */
    maybeSentTwice: boolean('maybe_sent_twice').notNull().default(false),
    /** In a decisions mailing: the decision this e-mail tells, marked sent on the item when it is sent. */
    decision: varchar('decision', { length: 10 }),
    createTime: createTime(),
  },
  (t) => [
    index('batch_emails_batch').on(t.batchId, t.id),
    uniqueIndex('batch_emails_batch_dataset').on(t.batchId, t.datasetId),
  ],
);

/**
 * Addresses mass e-mail skips: unsubscribed from one team, or invalid (a permanent SMTP refusal)
 * for every team (team_id null). Stored lower-case.
 */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 250 }).notNull(),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    reason: varchar('reason', { length: 12 }).notNull(),
    detail: text('detail'),
    createTime: createTime(),
  },
  (t) => [uniqueIndex('email_suppressions_team_email').on(sql`coalesce(${t.teamId}, 0)`, t.email)],
);
