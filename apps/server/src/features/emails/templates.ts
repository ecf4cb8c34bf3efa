import {
  type EmailTemplate,
  type EmailTemplateCreate,
  type EmailTemplatePatch,
  invalidPkMessage,
  type Language,
  NO_ITEM_WITH_EMAIL,
  NO_ITEM_WITH_EMAIL_MESSAGE,
  type RenderedEmail,
  type TeamPageQuery,
  type templatePreviewRequestSchema,
  toLanguage,
} from '@shortlist/contract';
import { and, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { requireRowsOfTeam } from '../../access/rows-of-team.ts';
import type { TeamRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { datasets, emailBatches, emailTemplates, formSubmissions, issues } from '../../db/schema/index.ts';
import { AppError, fieldErrors, refusal } from '../../http/errors.ts';
import { containsPattern } from '../../http/pagination.ts';
import { sanitizeRichText } from '../forms/sanitize.ts';
import type { TemplateRow } from './access.ts';
import { composeEmail } from './compose.ts';
import {
  type ParsedTemplate,
  parseTemplate,
  renderSample,
  renderTemplate,
  TemplateRenderError,
} from './liquid.ts';
import { COMMITTED_SUBMISSION_STATUSES } from './recipients.ts';
import { type ItemScope, oneItemScope, teamVariables } from './variables.ts';

export const toTemplateReply = (row: TemplateRow): EmailTemplate => ({
  id: row.id,
  team: row.teamId,
  title: row.title,
  description: row.description,
  subject: row.subject,
  html_content: row.htmlContent,
  language: toLanguage(row.language),
  variant_subject: row.variantSubject,
  variant_html_content: row.variantHtmlContent,
  create_time: row.createTime.toISOString(),
});

export async function listTemplates(ctx: AppContext, query: TeamPageQuery) {
  const where = and(
    eq(emailTemplates.teamId, query.team),
    query.search ? ilike(emailTemplates.title, containsPattern(query.search)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(emailTemplates)
      .where(where)
      .orderBy(desc(emailTemplates.createTime), desc(emailTemplates.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(emailTemplates).where(where),
  ]);
  return { count: total?.n ?? 0, results: rows.map(toTemplateReply) };
}

/**
 * Subject and body parsed with the team's variables and rendered once for a sample item: an unknown
 * variable, a refused tag or filter, or a render past the limits is a 400 on the field, naming it.
 */
export async function checkedTemplate(
  ctx: AppContext,
  teamId: number,
  source: { subject: string; html_content: string },
): Promise<ParsedTemplate> {
  const known = new Set((await teamVariables(ctx.db, teamId)).map((variable) => variable.name));
  const result = parseTemplate(source, known);
  if ('errors' in result) throw fieldErrors(result.errors);
  const errors = await renderSample(result.parsed, known);
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  return result.parsed;
}

/** A template's text in its language and, when written, in the other one (docs/emails.md, "Language variant"). */
export interface CheckedTemplate {
  main: ParsedTemplate;
  variant: ParsedTemplate | null;
  language: Language;
}

interface TemplateSource {
  subject: string;
  html_content: string;
  language: Language;
  variant_subject: string | null;
  variant_html_content: string | null;
}

const REQUIRED = 'This field is required.';

/**
 * The template and its variant checked alike; an error of the variant is on `variant_subject` or
 * `variant_html_content`. A variant needs both its subject and its body.
 */
export async function checkedTemplates(ctx: AppContext, teamId: number, source: TemplateSource) {
  const main = await checkedTemplate(ctx, teamId, source);
  const subject = source.variant_subject || null;
  const html = source.variant_html_content || null;
  if (subject === null && html === null) return { main, variant: null, language: source.language };
  if (subject === null) throw fieldErrors({ variant_subject: [REQUIRED] });
  if (html === null) throw fieldErrors({ variant_html_content: [REQUIRED] });
  try {
    const variant = await checkedTemplate(ctx, teamId, { subject, html_content: html });
    return { main, variant, language: source.language };
  } catch (error) {
    if (error instanceof AppError && error.status === 400 && !('code' in error.body)) {
      const fields = Object.entries(error.body).map(([field, messages]) => [`variant_${field}`, messages]);
      throw fieldErrors(Object.fromEntries(fields));
    }
    throw error;
  }
}

/**
 * The text an item gets, and its language (the footer's): the variant when the item's language is the
 * variant's, else the template's own.
 */
export const templateFor = (checked: CheckedTemplate, language: Language) =>
  checked.variant !== null && language !== checked.language
    ? { parsed: checked.variant, language }
    : { parsed: checked.main, language: checked.language };

/** A stored template's source, as `checkedTemplates` reads it. */
export const sourceOf = (row: TemplateRow): TemplateSource => ({
  subject: row.subject,
  html_content: row.htmlContent,
  language: toLanguage(row.language),
  variant_subject: row.variantSubject,
  variant_html_content: row.variantHtmlContent,
});

/** One item's e-mail for a request that shows or sends it at once: a failed render is a 400 on its field. */
export async function renderForRequest(parsed: ParsedTemplate, scope: ItemScope) {
  try {
    return await renderTemplate(parsed, scope);
  } catch (error) {
    if (error instanceof TemplateRenderError) throw fieldErrors({ [error.field]: [error.message] });
    throw error;
  }
}

const sanitizedVariant = (ctx: AppContext, html: string | null) =>
  html ? sanitizeRichText(html, ctx.config.richTextImageHosts) || null : null;

export async function createTemplate(ctx: AppContext, team: TeamRow, input: EmailTemplateCreate) {
  const htmlContent = sanitizeRichText(input.html_content, ctx.config.richTextImageHosts);
  const variantHtmlContent = sanitizedVariant(ctx, input.variant_html_content);
  const variantSubject = input.variant_subject || null;
  await checkedTemplates(ctx, team.id, {
    subject: input.subject,
    html_content: htmlContent,
    language: input.language,
    variant_subject: variantSubject,
    variant_html_content: variantHtmlContent,
  });
  const [row] = await ctx.db
    .insert(emailTemplates)
    .values({
      teamId: team.id,
      title: input.title,
      description: input.description,
      subject: input.subject,
      htmlContent,
      language: input.language,
      variantSubject,
      variantHtmlContent,
    })
    .returning();
  if (!row) throw new Error('template not created');
  return toTemplateReply(row);
}

/** A changed template must be previewed again in the draft batches that use it. */
export async function updateTemplate(ctx: AppContext, template: TemplateRow, patch: EmailTemplatePatch) {
  const subject = patch.subject ?? template.subject;
  const htmlContent =
    patch.html_content === undefined
      ? template.htmlContent
      : sanitizeRichText(patch.html_content, ctx.config.richTextImageHosts);
  const language = patch.language ?? toLanguage(template.language);
  const variantSubject =
    patch.variant_subject === undefined ? template.variantSubject : patch.variant_subject || null;
  const variantHtmlContent =
    patch.variant_html_content === undefined
      ? template.variantHtmlContent
      : sanitizedVariant(ctx, patch.variant_html_content);
  await checkedTemplates(ctx, template.teamId, {
    subject,
    html_content: htmlContent,
    language,
    variant_subject: variantSubject,
    variant_html_content: variantHtmlContent,
  });
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(emailTemplates)
      .set({
        title: patch.title,
        description: patch.description,
        subject,
        htmlContent,
        language,
        variantSubject,
        variantHtmlContent,
      })
      .where(eq(emailTemplates.id, template.id))
      .returning();
    await tx
      .update(emailBatches)
      .set({ isRendered: false })
      .where(and(eq(emailBatches.templateId, template.id), eq(emailBatches.status, 'draft')));
    return updated;
  });
  if (!row) throw new Error('template not updated');
  return toTemplateReply(row);
}

export async function deleteTemplate(ctx: AppContext, template: TemplateRow) {
  await ctx.db.delete(emailTemplates).where(eq(emailTemplates.id, template.id));
}

/** The item a preview shows: the one asked for, or the team's most recent one with a submission e-mail. */
async function previewItem(ctx: AppContext, teamId: number, datasetId: number | undefined) {
  const hasSubmission = and(
    eq(formSubmissions.datasetId, datasets.id),
    inArray(formSubmissions.status, COMMITTED_SUBMISSION_STATUSES),
  );
  const query = ctx.db
    .select({ id: datasets.id, title: datasets.title, email: formSubmissions.email })
    .from(datasets);
  if (datasetId !== undefined) {
    const [row] = await query
      .leftJoin(formSubmissions, hasSubmission)
      .where(and(eq(datasets.teamId, teamId), eq(datasets.id, datasetId)));
    if (!row) throw fieldErrors({ dataset: [invalidPkMessage(datasetId)] });
    return row;
  }
  const [row] = await query
    .innerJoin(formSubmissions, hasSubmission)
    .where(eq(datasets.teamId, teamId))
    .orderBy(desc(datasets.createTime), desc(datasets.id))
    .limit(1);
  if (!row) throw refusal(NO_ITEM_WITH_EMAIL, NO_ITEM_WITH_EMAIL_MESSAGE);
  return row;
}

/** An unsaved template rendered for one real item, exactly as its e-mail would be. */
export async function previewTemplate(
  ctx: AppContext,
  team: TeamRow,
  request: z.infer<typeof templatePreviewRequestSchema>,
): Promise<RenderedEmail> {
  const htmlContent = sanitizeRichText(request.html_content, ctx.config.richTextImageHosts);
  const parsed = await checkedTemplate(ctx, team.id, { subject: request.subject, html_content: htmlContent });
  const item = await previewItem(ctx, team.id, request.dataset);
  if (request.issue !== undefined) await requireRowsOfTeam(ctx.db, issues, team.id, [request.issue], 'issue');
  // The admin's own preview shows the pending decision: it reaches nobody else.
  const context = { issueId: request.issue ?? null, tellsPending: true };
  const { scope, language } = await oneItemScope(ctx.db, item.id, context);
  const to = item.email ?? '';
  // An unsaved template has no language yet: the footer takes the item's.
  const email = composeEmail(ctx, team, { to, language }, await renderForRequest(parsed, scope));
  return {
    dataset: item.id,
    dataset_title: item.title,
    to,
    subject: email.subject,
    html_message: email.html,
  };
}
