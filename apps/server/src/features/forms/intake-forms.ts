import {
  type intakeFormCreateSchema,
  type intakeFormListQuerySchema,
  proposedTitleField,
  TITLE_FIELD_EMAIL,
} from '@shortlist/contract';
import { and, count, desc, eq, exists, ilike, inArray, isNotNull, not, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  dataModels,
  datasets,
  datumValues,
  intakeForms,
  intakeFormTags,
  tags,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../http/pagination.ts';
import { diffRows, recordAudit } from '../audit/record.ts';
import { toDatumField } from '../item-types/field-replies.ts';
import type { IntakeFormRow } from './access.ts';
import { copyFields } from './duplicate.ts';
import { checkFormReferences } from './references.ts';
import { toFormSummaries, toIntakeForm } from './replies.ts';
import { sanitizeRichText } from './sanitize.ts';

/** Forms carrying any of the tags; tag ids that are not the team's are dropped from the filter. */
function tagFilter(teamId: number, ids: number[]): SQL {
  const tagged = exists(
    sql`(select 1 from ${intakeFormTags} where ${and(eq(intakeFormTags.formId, intakeForms.id), inArray(intakeFormTags.tagId, ids))})`,
  );
  const anyKnown = exists(
    sql`(select 1 from ${tags} where ${and(eq(tags.teamId, teamId), inArray(tags.id, ids))})`,
  );
  return sql`(${tagged} or ${not(anyKnown)})`;
}

/** A team's forms, newest first, filtered and paged in SQL. */
export async function listIntakeForms(ctx: AppContext, query: z.output<typeof intakeFormListQuerySchema>) {
  const filters: SQL[] = [eq(intakeForms.teamId, query.data_model__team)];
  if (query.search) filters.push(ilike(intakeForms.title, containsPattern(query.search)));
  if (query.tags.length > 0) filters.push(tagFilter(query.data_model__team, query.tags));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(intakeForms)
      .where(where)
      .orderBy(desc(intakeForms.createTime), desc(intakeForms.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(intakeForms).where(where),
  ]);
  return { count: total?.n ?? 0, results: await toFormSummaries(ctx.db, rows) };
}

export const formEntry = (form: IntakeFormRow) => ({
  teamId: form.teamId,
  objectType: 'form' as const,
  objectId: form.id,
});

/**
 * Creates the form and its own item type (same title) together; from `data_model`, the type starts with a
 * copy of that item type's questions (decision 192), the title proposed among them as they are added.
 */
export async function createIntakeForm(ctx: AppContext, input: z.output<typeof intakeFormCreateSchema>) {
  await checkFormReferences(ctx.db, { teamId: input.team }, input);
  const row = await ctx.db.transaction(async (tx) => {
    const [model] = await tx
      .insert(dataModels)
      .values({ teamId: input.team, title: input.title })
      .returning({ id: dataModels.id });
    if (!model) throw new Error('no data model');
    const titleField = input.data_model === null ? 0 : await copyQuestions(tx, input.data_model, model.id);
    const [form] = await tx
      .insert(intakeForms)
      .values({
        teamId: input.team,
        dataModelId: model.id,
        title: input.title,
        description: sanitizeRichText(input.description, ctx.config.richTextImageHosts),
        published: input.published,
        allowPartialSave: input.allow_partial_save,
        pageHeaderId: input.page_header,
        languageCode: input.language_code,
        cssThemeId: input.css_theme,
        titleField,
      })
      .returning();
    if (!form) throw new Error('no form');
    await recordAudit(tx, { ...formEntry(form), action: 'form.created', changes: diffRows(null, form) });
    return form;
  });
  return toIntakeForm(ctx, row);
}

/** Copies the questions of item type `from` into `to`; answers the copy that titles the responses. */
async function copyQuestions(db: Db, from: number, to: number) {
  const { fields, fieldIds } = await copyFields(db, from, to);
  const questions = fields.map(toDatumField).sort((a, b) => a.order - b.order || a.id - b.id);
  let titleField = TITLE_FIELD_EMAIL;
  questions.forEach((question, index) => {
    titleField = proposedTitleField(titleField, questions.slice(0, index + 1), question) ?? titleField;
  });
  return fieldIds.get(titleField) ?? TITLE_FIELD_EMAIL;
}

/** Deletes the form, its item type, and every item it collected (with their files). */
export async function deleteIntakeForm(ctx: AppContext, form: IntakeFormRow) {
  const fileKeys = await ctx.db.transaction(async (tx) => {
    const files = await tx
      .select({ key: datumValues.fileKey })
      .from(datumValues)
      .innerJoin(datasets, eq(datasets.id, datumValues.datasetId))
      .where(and(eq(datasets.dataModelId, form.dataModelId), isNotNull(datumValues.fileKey)));
    const items = await tx
      .delete(datasets)
      .where(eq(datasets.dataModelId, form.dataModelId))
      .returning({ id: datasets.id });
    await tx.delete(intakeForms).where(eq(intakeForms.id, form.id));
    await tx.delete(dataModels).where(eq(dataModels.id, form.dataModelId));
    await recordAudit(tx, {
      ...formEntry(form),
      action: 'form.deleted',
      changes: { title: [form.title, null], items: [items.length, 0] },
    });
    return files.map((file) => file.key);
  });
  await ctx.files.remove(fileKeys);
}
