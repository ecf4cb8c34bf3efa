import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { mailQueue } from '../../db/schema.ts';
import type { MailMessage } from './mailer.ts';

/** After this many failed attempts a message stays unsent, its last error kept for the operator. */
export const MAIL_MAX_ATTEMPTS = 8;
/** The first retry waits this long; each next one twice as long, up to MAIL_RETRY_MAX_MS. */
export const MAIL_RETRY_BASE_MS = 30_000;
const MAIL_RETRY_MAX_MS = 60 * 60 * 1000;
/** A claimed message not marked within this time (a crash mid-send) becomes due again. */
const CLAIM_LEASE_MS = 5 * 60 * 1000;
const BATCH_SIZE = 20;

/**
 * Queues messages to send after the caller's transaction commits: pass the transaction so that the
 * mail exists exactly when what caused it does.
 */
export async function enqueueMail(db: Db, messages: MailMessage | MailMessage[]) {
  const rows = (Array.isArray(messages) ? messages : [messages]).map((message) => ({
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
  }));
  if (rows.length > 0) await db.insert(mailQueue).values(rows);
}

export const retryDelayMs = (attempts: number) =>
  Math.min(MAIL_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), MAIL_RETRY_MAX_MS);

/**
 * Claims a batch of due messages in one statement (SKIP LOCKED: several processes never take the
 * same row) by pushing their next attempt out by a lease, so that no transaction stays open while
 * the SMTP server is slow.
 */
async function claimDueMessages(db: Db, now: Date) {
  const due = db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(
      and(
        isNull(mailQueue.sentAt),
        lte(mailQueue.nextAttemptAt, now),
        lt(mailQueue.attempts, MAIL_MAX_ATTEMPTS),
      ),
    )
    .orderBy(asc(mailQueue.nextAttemptAt), asc(mailQueue.id))
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true });
  return db
    .update(mailQueue)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(sql`${mailQueue.id} in ${due}`)
    .returning();
}

/** Sends every message due now through ctx.mailer; a failure is retried later with backoff. */
export async function drainMailQueue(ctx: Pick<AppContext, 'db' | 'mailer'>, now = new Date()) {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const batch = await claimDueMessages(ctx.db, now);
    if (batch.length === 0) return { sent, failed };
    for (const row of batch) {
      try {
        await ctx.mailer.send({
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html ?? undefined,
        });
        await ctx.db
          .update(mailQueue)
          .set({ sentAt: new Date(), lastError: null })
          .where(eq(mailQueue.id, row.id));
        sent += 1;
      } catch (error) {
        const attempts = row.attempts + 1;
        await ctx.db
          .update(mailQueue)
          .set({
            attempts,
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
            lastError: error instanceof Error ? error.message.slice(0, 1000) : String(error),
          })
          .where(eq(mailQueue.id, row.id));
        failed += 1;
      }
    }
  }
}
