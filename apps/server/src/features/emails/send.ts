import {
  BATCHES_PER_MONTH_LIMIT,
  batchesPerMonthMessage,
  DEMAIL_STATUS,
  NO_EMAILS,
  NO_EMAILS_MESSAGE,
  NO_RENDERED_EMAILS,
  NO_RENDERED_EMAILS_MESSAGE,
  NO_SUBJECT,
  NO_SUBJECT_MESSAGE,
  NO_TEMPLATE,
  NO_TEMPLATE_MESSAGE,
  NOT_RENDERED,
  NOT_RENDERED_MESSAGE,
} from '@shortlist/contract';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { batchEmails, emailBatches } from '../../db/schema/index.ts';
import { refusal } from '../../http/errors.ts';
import { recordAudit } from '../audit/record.ts';
import { enqueueMail, MAIL_PRIORITY } from '../mail/queue.ts';
import type { TeamRow } from '../teams/access.ts';
import type { BatchRow } from './access.ts';
import { batchesSentThisMonth, reloadBatch, requireDraft } from './batches.ts';
import { textOf } from './liquid.ts';
import { unsubscribeHeaders, unsubscribeUrls } from './unsubscribe-links.ts';

const CHUNK = 500;

/** The e-mails that go out: rendered for the preview; those whose render failed stay failed. */
const sendable = (batchId: number) => and(eq(batchEmails.batchId, batchId), isNull(batchEmails.status));

/** Every rule that must hold before a batch goes out, each refused with its own code. */
async function checkSendable(ctx: AppContext, team: TeamRow, batch: BatchRow) {
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
  if ((await batchesSentThisMonth(ctx, team.id)) >= perMonth) {
    throw refusal(BATCHES_PER_MONTH_LIMIT, batchesPerMonthMessage(perMonth));
  }
}

/**
 * Sends a previewed batch: in one transaction the batch turns `sending` (only from draft, so a
 * second click or process sends nothing twice), each rendered e-mail turns queued, and each gets its
 * row in the mail queue with the recipient's unsubscribe headers. The worker sends them at the set
 * rate.
 */
export async function sendEmails(ctx: AppContext, team: TeamRow, batch: BatchRow) {
  await checkSendable(ctx, team, batch);
  await ctx.db.transaction(async (tx) => {
    const [started] = await tx
      .update(emailBatches)
      .set({ status: 'sending', sendTime: new Date() })
      .where(and(eq(emailBatches.id, batch.id), eq(emailBatches.status, 'draft')))
      .returning({ id: emailBatches.id });
    if (!started) requireDraft({ ...batch, status: 'sending' });
    let queued = 0;
    for (let after = 0; ; ) {
      const page = await tx
        .select()
        .from(batchEmails)
        .where(and(sendable(batch.id), gt(batchEmails.id, after)))
        .orderBy(asc(batchEmails.id))
        .limit(CHUNK);
      if (page.length === 0) break;
      after = page.at(-1)?.id ?? after;
      queued += page.length;
      await enqueueMail(
        tx,
        page.map((email) => ({
          to: email.to,
          subject: email.subject,
          html: email.htmlMessage,
          text: textOf(email.htmlMessage),
          headers: unsubscribeHeaders(unsubscribeUrls(ctx, team.id, email.to)),
          priority: MAIL_PRIORITY.mass,
          batchEmailId: email.id,
        })),
      );
    }
    await tx.update(batchEmails).set({ status: DEMAIL_STATUS.queued }).where(sendable(batch.id));
    await recordAudit(tx, {
      teamId: team.id,
      action: 'mailing.sent',
      objectType: 'mailing',
      objectId: batch.id,
      changes: {
        status: [batch.status, 'sending'],
        emails: [null, queued],
        template: [null, batch.templateId],
      },
    });
  });
  return reloadBatch(ctx, batch.id);
}
