import {
  BATCH_NOT_FINISHED,
  BATCH_NOT_FINISHED_MESSAGE,
  BATCH_NOT_SCHEDULED,
  BATCH_NOT_SCHEDULED_MESSAGE,
  BATCHES_PER_MONTH_LIMIT,
  batchesPerMonthMessage,
  DEMAIL_STATUS,
  NO_EMAILS,
  NO_EMAILS_MESSAGE,
  NO_FAILED_EMAILS,
  NO_FAILED_EMAILS_MESSAGE,
  NO_RENDERED_EMAILS,
  NO_RENDERED_EMAILS_MESSAGE,
  NO_SUBJECT,
  NO_SUBJECT_MESSAGE,
  NO_TEMPLATE,
  NO_TEMPLATE_MESSAGE,
  NOT_RENDERED,
  NOT_RENDERED_MESSAGE,
  type SendEmails,
} from '@shortlist/contract';
import { and, asc, eq, gt, inArray, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { TeamRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/raw-rows.ts';
import { batchEmails, emailBatches } from '../../db/schema/index.ts';
import { refusal } from '../../http/errors.ts';
import { recordAudit } from '../audit/record.ts';
import { enqueueMail, MAIL_PRIORITY } from '../mail/queue.ts';
import type { BatchRow } from './access.ts';
import { batchesSentThisMonth, reloadBatch, requireDraft } from './batches.ts';
import { textOf } from './liquid.ts';
import { unsubscribeHeaders, unsubscribeUrls } from './unsubscribe-links.ts';

const CHUNK = 500;

/** The e-mails that go out: rendered for the preview; those whose render failed stay failed. */
const sendable = (batchId: number) => and(eq(batchEmails.batchId, batchId), isNull(batchEmails.status));

/** Every rule that must hold before a batch goes out, each refused with its own code. */
async function checkSendable(ctx: AppContext, team: TeamRow, batch: BatchRow, when: Date) {
  requireDraft(batch);
  if (batch.templateId === null) throw refusal(NO_TEMPLATE, NO_TEMPLATE_MESSAGE);
  const [total, ready, withoutSubject] = await Promise.all([
    ctx.db.$count(batchEmails, eq(batchEmails.batchId, batch.id)),
    ctx.db.$count(batchEmails, sendable(batch.id)),
    ctx.db.$count(batchEmails, and(sendable(batch.id), eq(batchEmails.subject, ''))),
  ]);
  if (total === 0) throw refusal(NO_EMAILS, NO_EMAILS_MESSAGE);
  if (!batch.isRendered) throw refusal(NOT_RENDERED, NOT_RENDERED_MESSAGE);
  if (ready === 0) throw refusal(NO_RENDERED_EMAILS, NO_RENDERED_EMAILS_MESSAGE);
  if (withoutSubject > 0) throw refusal(NO_SUBJECT, NO_SUBJECT_MESSAGE);
  const perMonth = team.package.mass_emails_batches_per_month;
  if ((await batchesSentThisMonth(ctx, team.id, when)) >= perMonth) {
    throw refusal(BATCHES_PER_MONTH_LIMIT, batchesPerMonthMessage(perMonth));
  }
}

/** Whether `time` is still ahead by the database's clock, the one the scheduler reads. */
async function isAhead(db: Db, time: Date) {
  const [row] = await selectRows<{ ahead: boolean }>(
    db,
    sql`SELECT ${time.toISOString()}::timestamptz > now() AS ahead`,
  );
  return row?.ahead === true;
}

/**
 * Sends a previewed batch, or schedules it (`send_at` ahead of the database's clock): a scheduled batch
 * waits, unchanged, until the worker sends it at that time (`sendScheduledBatches`), or the admin
 * cancels it back to a draft.
 */
export async function sendEmails(ctx: AppContext, team: TeamRow, batch: BatchRow, input: SendEmails = {}) {
  const sendAt = input.send_at === undefined ? null : new Date(input.send_at);
  await checkSendable(ctx, team, batch, sendAt ?? new Date());
  if (sendAt !== null && (await isAhead(ctx.db, sendAt))) {
    await ctx.db.transaction(async (tx) => {
      const [scheduled] = await tx
        .update(emailBatches)
        .set({ status: 'scheduled', scheduledTime: sendAt })
        .where(and(eq(emailBatches.id, batch.id), eq(emailBatches.status, 'draft')))
        .returning({ id: emailBatches.id });
      if (!scheduled) requireDraft({ ...batch, status: 'scheduled' });
      await recordAudit(tx, {
        teamId: team.id,
        action: 'mailing.scheduled',
        objectType: 'mailing',
        objectId: batch.id,
        changes: { status: [batch.status, 'scheduled'], scheduled_time: [null, sendAt.toISOString()] },
      });
    });
    return reloadBatch(ctx, batch.id);
  }
  await ctx.db.transaction(async (tx) => {
    if (!(await startSending(ctx, tx, batch, 'draft'))) requireDraft({ ...batch, status: 'sending' });
  });
  return reloadBatch(ctx, batch.id);
}

/** A scheduled batch back to a draft, before its time: nothing was queued. */
export async function cancelSchedule(ctx: AppContext, batch: BatchRow) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailBatches)
      .set({ status: 'draft', scheduledTime: null })
      .where(and(eq(emailBatches.id, batch.id), eq(emailBatches.status, 'scheduled')))
      .returning({ id: emailBatches.id });
    if (!row) throw refusal(BATCH_NOT_SCHEDULED, BATCH_NOT_SCHEDULED_MESSAGE);
    await recordAudit(tx, {
      teamId: batch.teamId,
      action: 'mailing.unscheduled',
      objectType: 'mailing',
      objectId: batch.id,
      changes: {
        status: ['scheduled', 'draft'],
        scheduled_time: [batch.scheduledTime?.toISOString() ?? null, null],
      },
    });
  });
  return reloadBatch(ctx, batch.id);
}

/** The mail queue's rows of a batch's e-mails, with the recipient's unsubscribe headers. */
const queuedMails = (ctx: AppContext, teamId: number, emails: (typeof batchEmails.$inferSelect)[]) =>
  emails.map((email) => ({
    to: email.to,
    subject: email.subject,
    html: email.htmlMessage,
    text: textOf(email.htmlMessage),
    headers: unsubscribeHeaders(unsubscribeUrls(ctx, teamId, email.to)),
    priority: MAIL_PRIORITY.mass,
    batchEmailId: email.id,
    carries: { teamId, itemIds: email.datasetId === null ? [] : [email.datasetId] },
  }));

/** Queues the e-mails that `which` selects, a chunk at a time, in the caller's transaction; answers how many. */
async function queueEmails(ctx: AppContext, tx: Db, teamId: number, which: SQL | undefined) {
  let queued = 0;
  for (let after = 0; ; ) {
    const page = await tx
      .select()
      .from(batchEmails)
      .where(and(which, gt(batchEmails.id, after)))
      .orderBy(asc(batchEmails.id))
      .limit(CHUNK);
    if (page.length === 0) break;
    after = page.at(-1)?.id ?? after;
    queued += page.length;
    await enqueueMail(tx, queuedMails(ctx, teamId, page));
  }
  await tx.update(batchEmails).set({ status: DEMAIL_STATUS.queued, error: null }).where(which);
  return queued;
}

/**
 * In the caller's transaction the batch turns `sending` (only from `from`, so that a second click or
 * process sends nothing twice), each rendered e-mail turns queued, and each gets its row in the mail
 * queue. The worker sends them at the set rate. False: the batch had left `from` meanwhile.
 */
async function startSending(ctx: AppContext, tx: Db, batch: BatchRow, from: 'draft' | 'scheduled') {
  const [started] = await tx
    .update(emailBatches)
    .set({ status: 'sending', sendTime: sql`now()` })
    .where(and(eq(emailBatches.id, batch.id), eq(emailBatches.status, from)))
    .returning({ id: emailBatches.id });
  if (!started) return false;
  const queued = await queueEmails(ctx, tx, batch.teamId, sendable(batch.id));
  await recordAudit(tx, {
    teamId: batch.teamId,
    action: 'mailing.sent',
    objectType: 'mailing',
    objectId: batch.id,
    changes: { status: [from, 'sending'], emails: [null, queued], template: [null, batch.templateId] },
  });
  return true;
}

/**
 * The worker's task: every scheduled batch whose time has come by the database's clock starts sending,
 * each in its own transaction (a batch another process took meanwhile is left to it).
 */
export async function sendScheduledBatches(ctx: AppContext) {
  const due = await ctx.db
    .select()
    .from(emailBatches)
    .where(and(eq(emailBatches.status, 'scheduled'), lte(emailBatches.scheduledTime, sql`now()`)))
    .orderBy(asc(emailBatches.scheduledTime));
  let started = 0;
  for (const batch of due) {
    await ctx.db.transaction(async (tx) => {
      if (await startSending(ctx, tx, batch, 'scheduled')) started += 1;
    });
  }
  return started;
}

/**
 * Sends again only the failed e-mails of a finished batch (those that were rendered: a render that failed
 * fails again, and an address that unsubscribed or bounced meanwhile is skipped by the queue). The batch
 * sends again and settles as before; it is the same batch, so no month's batch is counted.
 */
export async function resendFailed(ctx: AppContext, batch: BatchRow) {
  if (batch.status !== 'sent' && batch.status !== 'failed') {
    throw refusal(BATCH_NOT_FINISHED, BATCH_NOT_FINISHED_MESSAGE);
  }
  const failed = and(
    eq(batchEmails.batchId, batch.id),
    eq(batchEmails.status, DEMAIL_STATUS.failed),
    ne(batchEmails.subject, ''),
  );
  await ctx.db.transaction(async (tx) => {
    if ((await tx.$count(batchEmails, failed)) === 0)
      throw refusal(NO_FAILED_EMAILS, NO_FAILED_EMAILS_MESSAGE);
    const [row] = await tx
      .update(emailBatches)
      .set({ status: 'sending' })
      .where(and(eq(emailBatches.id, batch.id), inArray(emailBatches.status, ['sent', 'failed'])))
      .returning({ id: emailBatches.id });
    if (!row) throw refusal(BATCH_NOT_FINISHED, BATCH_NOT_FINISHED_MESSAGE);
    const queued = await queueEmails(ctx, tx, batch.teamId, failed);
    await recordAudit(tx, {
      teamId: batch.teamId,
      action: 'mailing.resent',
      objectType: 'mailing',
      objectId: batch.id,
      changes: { status: [batch.status, 'sending'], emails: [null, queued] },
    });
  });
  return reloadBatch(ctx, batch.id);
}
