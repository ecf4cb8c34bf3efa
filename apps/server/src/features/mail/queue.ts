import { randomUUID } from 'node:crypto';
import { DEMAIL_STATUS } from '@shortlist/contract';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { batchEmails, mailQueue } from '../../db/schema/index.ts';
import type { Pacer } from '../../jobs/pacer.ts';
import { markDecisionSent } from '../decisions/sent.ts';
import { settleRespondentMail } from '../verification/status.ts';
import { settleBatches } from './batch-state.ts';
import {
  carriedColumns,
  failureText,
  isPermanentFailure,
  type MailMessage,
  SMTP_MAX_CONNECTIONS,
} from './mailer.ts';
import { markAddressInvalid, suppressedBatchEmails } from './suppressions.ts';

/** After this many failed attempts a message is failed for good, its last error kept for the operator. */
export const MAIL_MAX_ATTEMPTS = 8;
/** The first retry waits this long; each next one twice as long, up to MAIL_RETRY_MAX_MS. */
export const MAIL_RETRY_BASE_MS = 30_000;
const MAIL_RETRY_MAX_MS = 60 * 60 * 1000;
/**
 * How long a claim holds without being renewed. The sender renews its claims every CLAIM_RENEW_MS while
 * it sends, however slow the SMTP server; a sender that dies (kill -9, a lost machine) stops renewing,
 * and its messages come due again 10 to 15 s later: another process's worker, which looks every 5 s,
 * takes them over within 20 s of the death (decision 80).
 */
export const CLAIM_LEASE_MS = 15_000;
/**
 * Three renewals a lease: two may fail (a database hiccup, a busy event loop) before a live claim lapses;
 * if one ever did, the second sender's copy is marked as perhaps a duplicate, like a crash's.
 */
export const CLAIM_RENEW_MS = 5_000;
/** After this many sends cut short by a dead sender, a message is not sent again (decision 80). */
export const MAIL_MAX_INTERRUPTIONS = 2;
export const NOT_SENT_INTERRUPTED_MESSAGE =
  'Not sent again: the server sending it stopped twice during the send. The recipient may have received it.';

export const MAIL_PRIORITY = { request: 0, mass: 1 } as const;

export interface QueuedMail extends MailMessage {
  priority?: number;
  batchEmailId?: number;
  /** The respondent whose address this mail goes to, whose verification status follows it. */
  verifiesSubmissionId?: number;
}

/**
 * Queues messages to send after the caller's transaction commits: pass the transaction so that the
 * mail exists exactly when what caused it does.
 */
export async function enqueueMail(db: Db, messages: QueuedMail | QueuedMail[]) {
  const rows = (Array.isArray(messages) ? messages : [messages]).map((message) => ({
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    headers: message.headers ?? null,
    priority: message.priority ?? MAIL_PRIORITY.request,
    batchEmailId: message.batchEmailId ?? null,
    verifiesSubmissionId: message.verifiesSubmissionId ?? null,
    ...carriedColumns(message.carries),
  }));
  if (rows.length > 0) await db.insert(mailQueue).values(rows);
}

export const retryDelayMs = (attempts: number) =>
  Math.min(MAIL_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), MAIL_RETRY_MAX_MS);

type QueueRow = typeof mailQueue.$inferSelect;

/**
 * Claims up to `limit` due messages in one statement (SKIP LOCKED: several processes never take
 * the same row) for `claimant`, by pushing their next attempt out by a lease, so that no transaction
 * stays open while the SMTP server is slow. Mail caused by a request goes before mass e-mail. A row
 * due while still claimed was left by a sender that died during its send: that send is counted in
 * `interruptions`, since it may have reached the recipient.
 */
async function claimDueMessages(
  db: Db,
  now: Date | undefined,
  limit: number,
  { leaseMs, claimant }: { leaseMs: number; claimant: string },
): Promise<QueueRow[]> {
  const due = db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(
      and(
        isNull(mailQueue.sentAt),
        isNull(mailQueue.failedAt),
        // Without a time given, the database's clock: a message queued in the same millisecond as this
        // call is due (its default `now()` counts µs; a JavaScript Date would read it as later).
        lte(mailQueue.nextAttemptAt, now ?? sql`now()`),
      ),
    )
    .orderBy(mailQueue.priority, mailQueue.nextAttemptAt, mailQueue.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailQueue)
    .set({
      nextAttemptAt: new Date(Date.now() + leaseMs),
      claimedBy: claimant,
      interruptions: sql`${mailQueue.interruptions} + case when ${mailQueue.claimedBy} is null then 0 else 1 end`,
    })
    .where(sql`${mailQueue.id} in ${due}`)
    .returning();
}

/**
 * Keeps the claimant's claims on `ids` alive while it sends them: their lease pushed forward every
 * CLAIM_RENEW_MS. A failed renewal is tried again at the next tick.
 */
function holdClaims(db: Db, claimant: string, ids: number[], leaseMs: number) {
  const timer = setInterval(
    () => {
      db.update(mailQueue)
        .set({ nextAttemptAt: new Date(Date.now() + leaseMs) })
        .where(and(inArray(mailQueue.id, ids), eq(mailQueue.claimedBy, claimant)))
        .catch(() => undefined);
    },
    Math.min(CLAIM_RENEW_MS, leaseMs / 3),
  );
  return () => clearInterval(timer);
}

/** The queue row and, for mass e-mail, its batch e-mail, in one transaction. */
async function markSent(db: Db, row: QueueRow) {
  await db.transaction(async (tx) => {
    await tx
      .update(mailQueue)
      .set({ sentAt: new Date(), lastError: null, claimedBy: null })
      .where(eq(mailQueue.id, row.id));
    if (row.batchEmailId !== null) {
      const [email] = await tx
        .update(batchEmails)
        .set({
          status: DEMAIL_STATUS.sent,
          sentTime: new Date(),
          error: null,
          attempts: sql`${batchEmails.attempts} + 1`,
          // The send cut short before this one may have reached the recipient too.
          maybeSentTwice: row.interruptions > 0,
        })
        .where(eq(batchEmails.id, row.batchEmailId))
        .returning({
          datasetId: batchEmails.datasetId,
          decision: batchEmails.decision,
          batchId: batchEmails.batchId,
        });
      if (email) await markDecisionSent(tx, email);
    }
    if (row.verifiesSubmissionId !== null) await settleRespondentMail(tx, row.verifiesSubmissionId, 'sent');
  });
}

/**
 * A failure: tried again later with back-off, or failed for good after the last try, a 5xx reply
 * (`isPermanent`: the address is then marked invalid), an address that mass e-mail skips, or a
 * message whose sends were cut short twice (`isInterrupted`: not sent a third time).
 */
async function markFailed(
  db: Db,
  row: QueueRow,
  error: string,
  {
    isPermanent = false,
    isSkipped = false,
    isInterrupted = false,
  }: { isPermanent?: boolean; isSkipped?: boolean; isInterrupted?: boolean },
  now: Date,
) {
  const attempts = isSkipped ? row.attempts : row.attempts + 1;
  const isFinal = isPermanent || isSkipped || isInterrupted || attempts >= MAIL_MAX_ATTEMPTS;
  await db.transaction(async (tx) => {
    await tx
      .update(mailQueue)
      .set({
        attempts,
        lastError: error,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
        failedAt: isFinal ? new Date() : null,
        claimedBy: null,
      })
      .where(eq(mailQueue.id, row.id));
    if (row.batchEmailId !== null) {
      await tx
        .update(batchEmails)
        .set({
          status: isFinal ? DEMAIL_STATUS.failed : DEMAIL_STATUS.requeued,
          error,
          attempts,
          maybeSentTwice: isInterrupted,
        })
        .where(eq(batchEmails.id, row.batchEmailId));
    }
    if (isPermanent) await markAddressInvalid(tx, row.to, error);
    else if (isFinal && row.verifiesSubmissionId !== null)
      await settleRespondentMail(tx, row.verifiesSubmissionId, 'lost');
  });
}

export interface DrainOptions {
  /** Spaces sends at the configured rate (MAIL_RATE_PER_MINUTE). */
  pacer?: Pacer;
  /** Sends at once; at most the SMTP connections kept open. */
  concurrency?: number;
  /** How long a claim holds unrenewed (tests shorten it to show that a slow server causes no second send). */
  leaseMs?: number;
  /** Checked between sends: a stopping worker finishes what it claimed and claims nothing more. */
  isStopped?: () => boolean;
}

/**
 * Sends every message due now through ctx.mailer, a few at a time, each claimed just before it is
 * sent and its claim renewed until it is marked. A temporary failure is retried later with back-off; a
 * permanent one (5xx) fails the message at once and marks the address invalid. A message whose sender
 * died during the send is sent again once, marked as perhaps received twice; after a second such
 * death it is failed rather than sent a third time.
 */
export async function drainMailQueue(
  ctx: Pick<AppContext, 'db' | 'mailer'>,
  now?: Date,
  options: DrainOptions = {},
) {
  const {
    pacer,
    concurrency = SMTP_MAX_CONNECTIONS,
    leaseMs = CLAIM_LEASE_MS,
    isStopped = () => false,
  } = options;
  const claimant = randomUUID();
  let sent = 0;
  let failed = 0;
  while (!isStopped()) {
    const allowed = pacer ? await pacer.take(concurrency) : concurrency;
    const claimed = await claimDueMessages(ctx.db, now, allowed, { leaseMs, claimant });
    pacer?.refund(allowed - claimed.length);
    if (claimed.length === 0) break;
    const release = holdClaims(
      ctx.db,
      claimant,
      claimed.map((row) => row.id),
      leaseMs,
    );
    try {
      await sendClaimed(ctx, claimed, now ?? new Date(), (isSent) => {
        if (isSent) sent += 1;
        else failed += 1;
      });
    } finally {
      release();
    }
  }
  return { sent, failed };
}

/** Sends the claimed rows at once and marks each; `count` hears each send's outcome. */
async function sendClaimed(
  ctx: Pick<AppContext, 'db' | 'mailer'>,
  claimed: QueueRow[],
  now: Date,
  count: (isSent: boolean) => void,
) {
  const batchEmailIds = claimed.flatMap((row) => (row.batchEmailId === null ? [] : [row.batchEmailId]));
  const skipped = await suppressedBatchEmails(ctx.db, batchEmailIds);
  await Promise.all(
    claimed.map(async (row) => {
      const skipReason = row.batchEmailId === null ? undefined : skipped.get(row.batchEmailId);
      if (skipReason) {
        await markFailed(ctx.db, row, skipReason, { isSkipped: true }, now);
        return;
      }
      if (row.interruptions >= MAIL_MAX_INTERRUPTIONS) {
        await markFailed(ctx.db, row, NOT_SENT_INTERRUPTED_MESSAGE, { isInterrupted: true }, now);
        count(false);
        return;
      }
      try {
        await ctx.mailer.send({
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html ?? undefined,
          headers: row.headers ?? undefined,
          carries:
            row.teamId === null ? undefined : { teamId: row.teamId, itemIds: row.itemIds ?? undefined },
        });
      } catch (error) {
        await markFailed(ctx.db, row, failureText(error), { isPermanent: isPermanentFailure(error) }, now);
        count(false);
        return;
      }
      await markSent(ctx.db, row);
      count(true);
    }),
  );
  if (batchEmailIds.length > 0) await settleBatches(ctx.db, batchEmailIds);
}

/** E-mails not yet sent nor failed for good: the queue's depth. */
export const pendingMailCount = (db: Db) =>
  db.$count(mailQueue, and(isNull(mailQueue.sentAt), isNull(mailQueue.failedAt)));
