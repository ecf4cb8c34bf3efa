import {
  EMAIL_REFUSED,
  EMAIL_REFUSED_MESSAGE,
  invalidPkMessage,
  NO_TEMPLATE,
  NO_TEMPLATE_MESSAGE,
  type SendTestEmail,
  type SendTestEmailResult,
  TEST_EMAIL_NOT_SENT,
  TEST_EMAIL_NOT_SENT_MESSAGE,
  TEST_EMAIL_SUBJECT_PREFIX,
} from '@shortlist/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TeamRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { batchEmails, emailTemplates } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { fieldErrors, refusal } from '../../http/errors.ts';
import { isPermanentFailure } from '../mail/mailer.ts';
import type { BatchRow } from './access.ts';
import { composeEmail } from './compose.ts';
import { textOf } from './liquid.ts';
import { mailingContextOf } from './mailing-context.ts';
import { checkedTemplates, renderForRequest, sourceOf, templateFor } from './templates.ts';
import { unsubscribeHeaders, unsubscribeUrls } from './unsubscribe-links.ts';
import { oneItemScope } from './variables.ts';

/**
 * The batch's e-mail for one of its items, rendered now with the batch's template and mailed at once
 * to the signed-in admin, as the recipient would get it but with the subject marked
 * TEST_EMAIL_SUBJECT_PREFIX and the footer and unsubscribe headers of the admin's own address. It is
 * neither queued nor part of the batch: it counts against no month's batches and changes no status.
 */
export async function sendTestEmail(
  ctx: AppContext,
  team: TeamRow,
  batch: BatchRow,
  user: UserRow,
  input: SendTestEmail,
  log: FastifyBaseLogger,
): Promise<SendTestEmailResult> {
  if (batch.templateId === null) throw refusal(NO_TEMPLATE, NO_TEMPLATE_MESSAGE);
  const [[email], [template]] = await Promise.all([
    ctx.db
      .select({ id: batchEmails.id })
      .from(batchEmails)
      .where(and(eq(batchEmails.batchId, batch.id), eq(batchEmails.datasetId, input.dataset))),
    ctx.db
      .select()
      .from(emailTemplates)
      .where(and(eq(emailTemplates.id, batch.templateId), eq(emailTemplates.teamId, team.id))),
  ]);
  if (!email) throw fieldErrors({ dataset: [invalidPkMessage(input.dataset)] });
  if (!template) throw refusal(NO_TEMPLATE, NO_TEMPLATE_MESSAGE);
  const checked = await checkedTemplates(ctx, team.id, sourceOf(template));
  const { scope, language } = await oneItemScope(ctx.db, input.dataset, mailingContextOf(batch));
  const text = templateFor(checked, language);
  const rendered = composeEmail(
    ctx,
    team,
    { to: user.email, language: text.language },
    await renderForRequest(text.parsed, scope),
  );
  const subject = `${TEST_EMAIL_SUBJECT_PREFIX}${rendered.subject}`;
  try {
    await ctx.mailer.send({
      to: user.email,
      subject,
      html: rendered.html,
      text: textOf(rendered.html),
      headers: unsubscribeHeaders(unsubscribeUrls(ctx, team.id, user.email)),
    });
  } catch (error) {
    if (isPermanentFailure(error)) throw refusal(EMAIL_REFUSED, EMAIL_REFUSED_MESSAGE);
    log.warn({ err: error }, 'test e-mail not sent');
    throw refusal(TEST_EMAIL_NOT_SENT, TEST_EMAIL_NOT_SENT_MESSAGE, 503);
  }
  return { to: user.email, subject };
}
