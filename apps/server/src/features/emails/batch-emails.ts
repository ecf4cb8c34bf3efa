import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  BATCH_SIZE_LIMIT,
  batchSizeLimitMessage,
  type CreateEmails,
  type CreateEmailsResult,
  DEMAIL_STATUS,
  type Demail,
  type DemailListQuery,
  type DemailStatus,
  invalidPkMessage,
  type Language,
  NO_TEMPLATE,
  NO_TEMPLATE_MESSAGE,
} from '@shortlist/contract';
import { and, asc, count, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { requireRowsOfTeam } from '../../access/rows-of-team.ts';
import type { TeamRow } from '../../access/team.ts';
import { refuseMissing } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { batchEmails, datasets, emailBatches, emailTemplates } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { fieldErrors, refusal } from '../../http/errors.ts';
import { translated } from '../../http/reply-language.ts';
import { SUPPRESSION_REASONS, suppressionsOf } from '../mail/suppressions.ts';
import type { BatchRow } from './access.ts';
import { reloadBatch, requireDraft } from './batches.ts';
import { composeEmail } from './compose.ts';
import { loadMailing } from './decision-variables.ts';
import { itemFacts } from './item-facts.ts';
import { renderTemplate, TemplateRenderError } from './liquid.ts';
import { mailingContextOf } from './mailing-context.ts';
import { recipientsOf } from './recipients.ts';
import { checkedTemplates, sourceOf, templateFor } from './templates.ts';
import { type ItemScope, itemScopes } from './variables.ts';

/** Rows written per statement: a few thousand e-mails make a few statements, not thousands. */
const CHUNK = 500;
/** Rendering gives the event loop back this often, so that other requests wait at most about this long. */
const YIELD_EVERY_MS = 20;

/**
 * Adds an e-mail per item that has an address (an item already in the batch gets its address
 * again). Items without one, and addresses that unsubscribed from the team or bounced, are counted
 * and left out. The batch must then be previewed again.
 */
export async function createEmails(
  ctx: AppContext,
  team: TeamRow,
  batch: BatchRow,
  input: CreateEmails,
): Promise<CreateEmailsResult> {
  requireDraft(batch);
  const datasetIds = [...new Set(input.datasets)];
  const limit = team.package.mass_emails_batch_size_limit;
  if (datasetIds.length > limit) throw refusal(BATCH_SIZE_LIMIT, batchSizeLimitMessage(limit));
  await requireRowsOfTeam(ctx.db, datasets, team.id, datasetIds, 'datasets');

  const addresses = await recipientsOf(ctx.db, team.id, datasetIds, input.email_field);
  const suppressed = await suppressionsOf(ctx.db, team.id, [...addresses.values()]);
  const rows: (typeof batchEmails.$inferInsert)[] = [];
  let unsubscribed = 0;
  let invalid = 0;
  for (const [datasetId, to] of addresses) {
    const reason = suppressed.get(to);
    if (reason === SUPPRESSION_REASONS.unsubscribed) unsubscribed += 1;
    else if (reason === SUPPRESSION_REASONS.invalid) invalid += 1;
    else rows.push({ batchId: batch.id, datasetId, to });
  }

  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await tx
        .insert(batchEmails)
        .values(rows.slice(i, i + CHUNK))
        .onConflictDoUpdate({
          target: [batchEmails.batchId, batchEmails.datasetId],
          set: {
            to: sql`excluded.${sql.identifier('to')}`,
            subject: '',
            htmlMessage: '',
            status: null,
            error: null,
          },
        });
    }
    // Checked after writing, in the transaction: the batch's e-mails so far count too.
    if ((await tx.$count(batchEmails, eq(batchEmails.batchId, batch.id))) > limit) {
      throw refusal(BATCH_SIZE_LIMIT, batchSizeLimitMessage(limit));
    }
    await tx.update(emailBatches).set({ isRendered: false }).where(eq(emailBatches.id, batch.id));
  });
  return {
    nb_datasets: datasetIds.length,
    nb_emails: rows.length,
    nb_without_email: datasetIds.length - addresses.size,
    nb_unsubscribed: unsubscribed,
    nb_invalid: invalid,
  };
}

/** One e-mail rendered for the preview, or failed with the reason its render could not finish. */
async function renderOne(
  ctx: AppContext,
  team: TeamRow,
  text: ReturnType<typeof templateFor>,
  to: string,
  scope: ItemScope,
) {
  try {
    const email = composeEmail(
      ctx,
      team,
      { to, language: text.language },
      await renderTemplate(text.parsed, scope),
    );
    return { subject: email.subject, html: email.html, status: null, error: null };
  } catch (error) {
    if (!(error instanceof TemplateRenderError)) throw error;
    return { subject: '', html: '', status: DEMAIL_STATUS.failed, error: error.message };
  }
}

/**
 * Renders every e-mail of a draft with its template (or the one given, which becomes the batch's):
 * the preview step. An e-mail whose render fails (an item's answers took it past the limits) is
 * marked failed with the reason and is not sent; the others are. One e-mail at a time, the event loop
 * given back every YIELD_EVERY_MS, so that a slow template delays no one else's request for long.
 * Written back a chunk at a time with one UPDATE … FROM json_to_recordset.
 */
export async function renderEmails(ctx: AppContext, team: TeamRow, batch: BatchRow, templateId?: number) {
  requireDraft(batch);
  const id = templateId ?? batch.templateId;
  if (id === null) throw refusal(NO_TEMPLATE, NO_TEMPLATE_MESSAGE);
  const [template] = await ctx.db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.id, id), eq(emailTemplates.teamId, team.id)));
  if (!template) throw fieldErrors({ template: [invalidPkMessage(id)] });
  const checked = await checkedTemplates(ctx, team.id, sourceOf(template));

  // The selection's ranking and settings once for the batch; each chunk reads only its items' own.
  const mailing = await loadMailing(ctx.db, mailingContextOf(batch));
  let after = 0;
  for (;;) {
    const page = await ctx.db
      .select({ id: batchEmails.id, datasetId: batchEmails.datasetId, to: batchEmails.to })
      .from(batchEmails)
      .where(and(eq(batchEmails.batchId, batch.id), gt(batchEmails.id, after)))
      .orderBy(asc(batchEmails.id))
      .limit(CHUNK);
    if (page.length === 0) break;
    after = page.at(-1)?.id ?? after;
    const ids = page.flatMap((row) => (row.datasetId === null ? [] : [row.datasetId]));
    const facts = await itemFacts(ctx.db, ids);
    const scopes = await itemScopes(ctx.db, ids, mailing, facts);
    const rendered = [];
    let since = performance.now();
    for (const row of page) {
      const item = row.datasetId === null ? undefined : facts.get(row.datasetId);
      const scope = (row.datasetId === null ? undefined : scopes.get(row.datasetId)) ?? {};
      const text = templateFor(checked, item?.language ?? 'en');
      // A decisions mailing's e-mail records the pending decision it tells.
      const decision = (batch.sendsDecisions ? item?.decision : null) ?? null;
      rendered.push({ id: row.id, decision, ...(await renderOne(ctx, team, text, row.to, scope)) });
      if (performance.now() - since > YIELD_EVERY_MS) {
        await yieldToEventLoop();
        since = performance.now();
      }
    }
    // Only a draft's e-mails (none queued yet): a send that started meanwhile keeps what it queued.
    await ctx.db.execute(sql`
      update ${batchEmails} set subject = v.subject, html_message = v.html, status = v.status, error = v.error,
        decision = v.decision
      from json_to_recordset(${JSON.stringify(rendered)}::json)
        as v(id int, subject text, html text, status int, error text, decision text)
      where ${batchEmails.id} = v.id
        and (${batchEmails.status} is null or ${batchEmails.status} = ${DEMAIL_STATUS.failed})`);
  }
  await ctx.db
    .update(emailBatches)
    .set({ templateId: id, isRendered: true })
    .where(and(eq(emailBatches.id, batch.id), eq(emailBatches.status, 'draft')));
  return reloadBatch(ctx, batch.id);
}

const statusFilters: Record<NonNullable<DemailListQuery['status']>, SQL> = {
  draft: isNull(batchEmails.status),
  sent: eq(batchEmails.status, DEMAIL_STATUS.sent),
  failed: eq(batchEmails.status, DEMAIL_STATUS.failed),
  queued: inArray(batchEmails.status, [DEMAIL_STATUS.queued, DEMAIL_STATUS.requeued]),
};

const demailColumns = {
  email: batchEmails,
  datasetTitle: datasets.title,
  templateId: emailBatches.templateId,
};
type DemailRow = {
  email: typeof batchEmails.$inferSelect;
  datasetTitle: string | null;
  templateId: number | null;
};

/** An e-mail as the API shows it; why it was not sent, kept in English, read in `language`. */
const toDemail = ({ email, datasetTitle, templateId }: DemailRow, language: Language): Demail => ({
  id: email.id,
  batch: email.batchId,
  dataset: email.datasetId,
  dataset_title: datasetTitle,
  template: templateId,
  email: {
    to: email.to,
    subject: email.subject,
    html_message: email.htmlMessage,
    status: email.status as DemailStatus | null,
  },
  error: email.error === null ? null : translated(email.error, language),
  attempts: email.attempts,
  sent_time: email.sentTime?.toISOString() ?? null,
  maybe_sent_twice: email.maybeSentTwice,
});

/** A batch's e-mails in order, paged in SQL, optionally of one status. */
export async function listDemails(
  ctx: AppContext,
  batch: BatchRow,
  query: DemailListQuery,
  language: Language,
) {
  const where = and(
    eq(batchEmails.batchId, batch.id),
    query.status ? statusFilters[query.status] : undefined,
    query.maybe_sent_twice === undefined ? undefined : eq(batchEmails.maybeSentTwice, query.maybe_sent_twice),
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(demailColumns)
      .from(batchEmails)
      .innerJoin(emailBatches, eq(emailBatches.id, batchEmails.batchId))
      .leftJoin(datasets, eq(datasets.id, batchEmails.datasetId))
      .where(where)
      .orderBy(asc(batchEmails.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(batchEmails).where(where),
  ]);
  return { count: total?.n ?? 0, results: rows.map((row) => toDemail(row, language)) };
}

/** One e-mail of a batch, with the batch it belongs to (whose team the caller must administer). */
export async function findDemail(ctx: AppContext, user: UserRow, id: number, language: Language) {
  const [row] = await ctx.db
    .select({ ...demailColumns, teamId: emailBatches.teamId })
    .from(batchEmails)
    .innerJoin(emailBatches, eq(emailBatches.id, batchEmails.batchId))
    .leftJoin(datasets, eq(datasets.id, batchEmails.datasetId))
    .where(eq(batchEmails.id, id));
  if (!row) return refuseMissing(user);
  return { demail: toDemail(row, language), batchId: row.email.batchId };
}
