import { type IntakeFormPatch, RESPONDENT_EMAIL_REQUIRED_MESSAGE, SUMMARY_MARKER } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import type { ImageHosts } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { dataModels, intakeForms, intakeFormTags } from '../../db/schema/index.ts';
import { fieldErrors } from '../../http/errors.ts';
import { diffRows, recordAudit } from '../audit/record.ts';
import type { IntakeFormRow } from './access.ts';
import { formEntry } from './intake-forms.ts';
import { checkFormReferences } from './references.ts';
import { toIntakeForm } from './replies.ts';
import { retitleResponses } from './retitle-responses.ts';
import { sanitizeRichText } from './sanitize.ts';

type FormColumns = Partial<typeof intakeForms.$inferInsert>;

/** The respondent e-mail as it will stand after the patch; when active it needs a subject and a body. */
function respondentEmailColumns(
  form: IntakeFormRow,
  patch: IntakeFormPatch,
  imageHosts: ImageHosts,
): FormColumns {
  const template = patch.respondent_email_template;
  const active = patch.respondent_email_active ?? form.respondentEmailActive;
  const subject = template?.subject ?? form.respondentEmailSubject;
  const content = template?.content ?? form.respondentEmailContent;
  if (active && (!subject.trim() || !content.trim())) {
    throw fieldErrors({ respondent_email_template: [RESPONDENT_EMAIL_REQUIRED_MESSAGE] });
  }
  return {
    respondentEmailActive: patch.respondent_email_active,
    respondentEmailSubject: template?.subject,
    respondentEmailContent: template?.content,
    respondentEmailHtmlContent: template && sanitizeRichText(template.html_content, imageHosts),
    // The [summary] marker in the body turns the recap on, unless the client says otherwise.
    respondentEmailIncludeRecap:
      patch.respondent_email_include_recap ?? (template ? content.includes(SUMMARY_MARKER) : undefined),
  };
}

/** Changes any part of a form; tags are replaced as a whole. */
export async function updateIntakeForm(ctx: AppContext, form: IntakeFormRow, patch: IntakeFormPatch) {
  await checkFormReferences(ctx.db, { teamId: form.teamId, dataModelId: form.dataModelId }, patch);
  const columns: FormColumns = {
    title: patch.title,
    description:
      patch.description === undefined
        ? undefined
        : sanitizeRichText(patch.description, ctx.config.richTextImageHosts),
    published: patch.published,
    allowPartialSave: patch.allow_partial_save,
    pageHeaderId: patch.page_header,
    languageCode: patch.language_code,
    cssThemeId: patch.css_theme,
    titleField: patch.title_field,
    afterSubmitMessage: patch.after_submit_message,
    editUntil: patch.edit_until == null ? patch.edit_until : new Date(patch.edit_until),
    ...respondentEmailColumns(form, patch, ctx.config.richTextImageHosts),
    updateTime: new Date(),
  };
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(intakeForms)
      .set(columns)
      .where(eq(intakeForms.id, form.id))
      .returning();
    if (patch.title_field !== undefined && patch.title_field !== form.titleField)
      await retitleResponses(tx, form.id, patch.title_field);
    // The form's own item type carries its title.
    if (patch.title)
      await tx.update(dataModels).set({ title: patch.title }).where(eq(dataModels.id, form.dataModelId));
    if (patch.tags) {
      await tx.delete(intakeFormTags).where(eq(intakeFormTags.formId, form.id));
      const tagIds = [...new Set(patch.tags)];
      if (tagIds.length > 0) {
        await tx.insert(intakeFormTags).values(tagIds.map((tagId) => ({ formId: form.id, tagId })));
      }
    }
    await recordAudit(tx, {
      ...formEntry(form),
      action: 'form.updated',
      changes: diffRows(form, updated ?? form),
    });
    return updated ?? form;
  });
  return toIntakeForm(ctx, row);
}
