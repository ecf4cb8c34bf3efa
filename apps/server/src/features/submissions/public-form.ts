import {
  FORM_NOT_PUBLISHED_MESSAGE,
  NOT_PUBLISHED,
  type PublicForm,
  type publicFormQuerySchema,
  type SavedAnswer,
} from '@shortlist/contract';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { requireTeamAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { cssThemes, datumValues, formTitles, intakeForms, pageHeaders } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { notFound, refusal } from '../../http/errors.ts';
import { sanitizeRichText } from '../forms/sanitize.ts';
import { verifyRespondent } from '../verification/status.ts';
import { loadQuestions, toPublicQuestion } from './questions.ts';
import { isEditableAfterSubmit, requireOpenSubmission } from './tokens.ts';

export type IntakeFormRow = typeof intakeForms.$inferSelect;

/**
 * A form anyone may answer; an unpublished one only its team's admins preview. Anyone else is told it is
 * not published (the spec's info message), as a submission to it is: a 404 that names why.
 */
export async function requirePublicForm(ctx: AppContext, id: number, user: UserRow | null) {
  const [row] = await ctx.db
    .select({ form: intakeForms, pageHeader: pageHeaders.html, cssTheme: cssThemes.path })
    .from(intakeForms)
    .leftJoin(pageHeaders, eq(pageHeaders.id, intakeForms.pageHeaderId))
    .leftJoin(cssThemes, eq(cssThemes.id, intakeForms.cssThemeId))
    .where(eq(intakeForms.id, id));
  if (!row) throw notFound();
  if (!row.form.published) {
    const notPublished = refusal(NOT_PUBLISHED, FORM_NOT_PUBLISHED_MESSAGE, 404);
    if (!user) throw notPublished;
    await requireTeamAdmin(ctx, user, row.form.teamId).catch(() => {
      throw notPublished;
    });
  }
  return row;
}

async function loadSavedAnswers(ctx: AppContext, datasetId: number): Promise<SavedAnswer[]> {
  const rows = await ctx.db
    .select()
    .from(datumValues)
    .where(eq(datumValues.datasetId, datasetId))
    .orderBy(asc(datumValues.id));
  return rows.map((row) => ({
    datum_field: row.datumFieldId,
    resourcetype: row.resourcetype as SavedAnswer['resourcetype'],
    response: row.response,
    json_response: row.jsonResponse,
    file: row.fileKey ? row.filename : null,
  }));
}

/** What the public page needs to render the form, and the draft that the edit link reopens. */
export async function getPublicForm(
  ctx: AppContext,
  { id, user, query }: { id: number; user: UserRow | null; query: z.output<typeof publicFormQuerySchema> },
): Promise<PublicForm> {
  const { form, pageHeader, cssTheme } = await requirePublicForm(ctx, id, user);
  const [questions, titles, draft] = await Promise.all([
    loadQuestions(ctx.db, form.dataModelId),
    ctx.db.select().from(formTitles).where(eq(formTitles.formId, form.id)).orderBy(asc(formTitles.position)),
    query.submission !== undefined && query.token
      ? requireOpenSubmission(ctx.db, { id: query.submission, token: query.token, form })
      : null,
  ]);
  if (draft) await verifyRespondent(ctx, draft, query.v);
  return {
    id: form.id,
    title: form.title,
    description: sanitizeRichText(form.description, ctx.config.richTextImageHosts),
    published: form.published,
    language_code: form.languageCode === 'fr' ? 'fr' : 'en',
    allow_partial_save: form.allowPartialSave,
    after_submit_message: form.afterSubmitMessage,
    edit_until: isEditableAfterSubmit(form) ? (form.editUntil?.toISOString() ?? null) : null,
    page_header: pageHeader === null ? null : sanitizeRichText(pageHeader, ctx.config.richTextImageHosts),
    css_theme: cssTheme,
    questions: questions.map(toPublicQuestion),
    titles: titles.map(({ id: titleId, text, body, position, linkedToDfId }) => ({
      id: titleId,
      text,
      body,
      position,
      linked_to_df: linkedToDfId,
    })),
    submission: draft && {
      id: draft.id,
      email: draft.email,
      is_submitted: draft.status === 'submitted',
      datum_values: await loadSavedAnswers(ctx, draft.datasetId),
    },
  };
}
