import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createTime } from './columns.ts';
import { batchEmails } from './emails.ts';
import { formSubmissions } from './submissions.ts';

/**
 * Whose data a mail carries, so that an erasure finds its copies (docs/privacy.md): the team that sent it
 * (null: the site's own mail) and the items it quotes. No foreign key: like the mail, it outlives the team.
 */
const carried = () => ({
  teamId: integer('team_id'),
  itemIds: integer('item_ids').array(),
});

export const outboxMessages = pgTable('outbox_messages', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  ...carried(),
  createTime: createTime(),
});

/**
 * Every e-mail sent in the background: mail that a request caused (a failing SMTP server never fails
 * or loses that request) and mass e-mail. Each row is claimed for one send only (see mail/queue.ts).
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Extra headers (List-Unsubscribe of mass e-mail). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** 0: caused by a request, sent first; 1: mass e-mail, sent at the configured rate. */
    priority: integer('priority').notNull().default(0),
    /** The mass e-mail this row sends, whose status follows the row's. */
    batchEmailId: integer('batch_email_id').references((): AnyPgColumn => batchEmails.id, {
      onDelete: 'cascade',
    }),
    /** The respondent whose address this mail verifies: sent, it is pending; refused for good, invalid. */
    verifiesSubmissionId: integer('verifies_submission_id').references(() => formSubmissions.id, {
      onDelete: 'set null',
    }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the row will not be tried again: a permanent refusal or the last attempt failed. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /**
     * The sender holding the row (one drain of one process), renewing its lease while it sends; null once
     * marked. Still set when the row comes due again: that sender died during the send.
     */
    claimedBy: varchar('claimed_by', { length: 36 }),
    /** Sends cut short by a dead sender: after one, the next send may be a second copy; after two, no more. */
    interruptions: integer('interruptions').notNull().default(0),
    ...carried(),
    createTime: createTime(),
  },
  (t) => [
    index('mail_queue_due').on(t.sentAt, t.nextAttemptAt),
    index('mail_queue_pending')
      .on(t.priority, t.nextAttemptAt, t.id)
      .where(sql`sent_at is null and failed_at is null`),
    index('mail_queue_batch_email').on(t.batchEmailId),
  ],
);

/** Work done once per period by whichever process claims it first (jobs/schedule.ts). */
export const scheduledRuns = pgTable('scheduled_runs', {
  name: varchar('name', { length: 64 }).primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
});
