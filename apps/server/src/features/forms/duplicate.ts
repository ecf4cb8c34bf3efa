import { FORM_TITLE_MAX_LENGTH } from '@shortlist/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  dataModels,
  datumFieldConditions,
  datumFields,
  formTitles,
  intakeForms,
  intakeFormTags,
} from '../../db/schema/index.ts';
import type { IntakeFormRow } from './access.ts';
import { toIntakeForm } from './replies.ts';

const copyTitle = (title: string) => `${title} (copy)`.slice(0, FORM_TITLE_MAX_LENGTH);

/** Inserts copies of the rows and maps each old id to its copy's (RETURNING keeps the VALUES order). */
export async function copyFields(db: Db, fromModel: number, toModel: number) {
  const fields = await db
    .select()
    .from(datumFields)
    .where(eq(datumFields.dataModelId, fromModel))
    .orderBy(asc(datumFields.id));
  if (fields.length === 0) return { fields, fieldIds: new Map<number, number>() };
  const copies = await db
    .insert(datumFields)
    .values(
      fields.map(({ id: _id, createTime: _time, conditionId: _condition, ...field }) => ({
        ...field,
        dataModelId: toModel,
      })),
    )
    .returning({ id: datumFields.id });
  return { fields, fieldIds: new Map(fields.map((field, index) => [field.id, copies[index]?.id ?? 0])) };
}

/** Copies the form, its item type with the questions, sections, conditions and tags; never the answers. */
export async function duplicateIntakeForm(ctx: AppContext, form: IntakeFormRow) {
  const row = await ctx.db.transaction(async (tx) => {
    const title = copyTitle(form.title);
    const [model] = await tx.insert(dataModels).values({ teamId: form.teamId, title }).returning();
    if (!model) throw new Error('no data model');
    const { fields, fieldIds } = await copyFields(tx, form.dataModelId, model.id);
    const { id: _id, createTime: _c, updateTime: _u, ...columns } = form;
    const [copy] = await tx
      .insert(intakeForms)
      .values({
        ...columns,
        title,
        dataModelId: model.id,
        // A copy starts private: it opens to respondents only when its admin says so.
        published: false,
        titleField: fieldIds.get(form.titleField) ?? 0,
      })
      .returning();
    if (!copy) throw new Error('no form');
    const newField = (id: number | null) => (id === null ? null : (fieldIds.get(id) ?? null));

    const sections = await tx.select().from(formTitles).where(eq(formTitles.formId, form.id));
    if (sections.length > 0) {
      await tx.insert(formTitles).values(
        sections.map(({ id: _s, ...section }) => ({
          ...section,
          formId: copy.id,
          linkedToDfId: newField(section.linkedToDfId),
        })),
      );
    }
    const tagRows = await tx.select().from(intakeFormTags).where(eq(intakeFormTags.formId, form.id));
    if (tagRows.length > 0) {
      await tx.insert(intakeFormTags).values(tagRows.map(({ tagId }) => ({ formId: copy.id, tagId })));
    }

    const conditions = await tx
      .select()
      .from(datumFieldConditions)
      .where(eq(datumFieldConditions.formId, form.id))
      .orderBy(asc(datumFieldConditions.id));
    const conditional = fields.filter((field) => field.conditionId !== null);
    if (conditions.length > 0) {
      const copies = await tx
        .insert(datumFieldConditions)
        .values(
          conditions.map(({ id: _d, ...condition }) => ({
            ...condition,
            formId: copy.id,
            datumFieldId: newField(condition.datumFieldId) ?? 0,
          })),
        )
        .returning({ id: datumFieldConditions.id });
      const conditionIds = new Map(
        conditions.map((condition, index) => [condition.id, copies[index]?.id ?? 0]),
      );
      const links = conditional.flatMap((field) => {
        const fieldId = fieldIds.get(field.id);
        const conditionId = conditionIds.get(field.conditionId ?? 0);
        return fieldId && conditionId ? [sql`when ${fieldId}::int then ${conditionId}::int`] : [];
      });
      if (links.length > 0) {
        await tx
          .update(datumFields)
          .set({ conditionId: sql`case ${datumFields.id} ${sql.join(links, sql` `)} end` })
          .where(
            inArray(
              datumFields.id,
              conditional.map((field) => fieldIds.get(field.id) ?? 0),
            ),
          );
      }
    }
    return copy;
  });
  return toIntakeForm(ctx, row);
}
