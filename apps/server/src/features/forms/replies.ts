import type { Condition, FormSection, IntakeForm, IntakeFormSummary, Tag } from '@shortlist/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { datumFieldConditions, formTitles, intakeFormTags, tags } from '../../db/schema/index.ts';
import { getItemType } from '../item-types/service.ts';
import type { IntakeFormRow } from './access.ts';

export const toFormSection = (row: typeof formTitles.$inferSelect): FormSection => ({
  id: row.id,
  form: row.formId,
  text: row.text,
  body: row.body,
  position: row.position,
  linked_to_df: row.linkedToDfId,
});

export const toCondition = (row: typeof datumFieldConditions.$inferSelect): Condition => ({
  id: row.id,
  datum_field: row.datumFieldId,
  form: row.formId,
  comparison: 'equals',
  value: row.value,
});

/** The tags of several forms, in one query. */
async function loadFormTags(db: Db, formIds: number[]) {
  const rows = formIds.length
    ? await db
        .select({ formId: intakeFormTags.formId, id: tags.id, name: tags.name })
        .from(intakeFormTags)
        .innerJoin(tags, eq(tags.id, intakeFormTags.tagId))
        .where(inArray(intakeFormTags.formId, formIds))
        .orderBy(asc(tags.name), asc(tags.id))
    : [];
  const byForm = new Map<number, Tag[]>();
  for (const { formId, ...tag } of rows) byForm.set(formId, [...(byForm.get(formId) ?? []), tag]);
  return byForm;
}

function toSummary(row: IntakeFormRow, formTags: Tag[]): IntakeFormSummary {
  return {
    id: row.id,
    create_time: row.createTime.toISOString(),
    update_time: row.updateTime.toISOString(),
    title: row.title,
    published: row.published,
    allow_partial_save: row.allowPartialSave,
    language_code: row.languageCode as IntakeFormSummary['language_code'],
    data_model_id: row.dataModelId,
    team: row.teamId,
    tags: formTags,
  };
}

/** A page of forms with their tags (one query for all of them). */
export async function toFormSummaries(db: Db, rows: IntakeFormRow[]) {
  const tagsByForm = await loadFormTags(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toSummary(row, tagsByForm.get(row.id) ?? []));
}

/** The admin's full view: the form, its item type with the ordered questions, sections and conditions. */
export async function toIntakeForm(ctx: AppContext, row: IntakeFormRow): Promise<IntakeForm> {
  const [dataModel, tagsByForm, sections, conditions] = await Promise.all([
    getItemType(ctx, row.dataModelId),
    loadFormTags(ctx.db, [row.id]),
    ctx.db.select().from(formTitles).where(eq(formTitles.formId, row.id)).orderBy(asc(formTitles.position)),
    ctx.db
      .select()
      .from(datumFieldConditions)
      .where(eq(datumFieldConditions.formId, row.id))
      .orderBy(asc(datumFieldConditions.id)),
  ]);
  return {
    ...toSummary(row, tagsByForm.get(row.id) ?? []),
    description: row.description,
    title_field: row.titleField,
    page_header: row.pageHeaderId,
    css_theme: row.cssThemeId,
    after_submit_message: row.afterSubmitMessage,
    edit_until: row.editUntil?.toISOString() ?? null,
    respondent_email_active: row.respondentEmailActive,
    respondent_email_include_recap: row.respondentEmailIncludeRecap,
    respondent_email_template: {
      subject: row.respondentEmailSubject,
      content: row.respondentEmailContent,
      html_content: row.respondentEmailHtmlContent,
    },
    data_model: dataModel,
    titles: sections.map(toFormSection),
    datum_field_conditions: conditions.map(toCondition),
  };
}
