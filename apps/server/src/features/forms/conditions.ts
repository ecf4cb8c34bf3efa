import {
  CONDITION_ON_ITSELF_MESSAGE,
  type conditionCreateSchema,
  invalidPkMessage,
} from '@shortlist/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { datumFieldConditions, datumFields, intakeForms } from '../../db/schema/index.ts';
import { AppError, fieldErrors, notFound } from '../../http/errors.ts';
import type { DataModelRow } from '../item-types/service.ts';
import { toCondition } from './replies.ts';

type ConditionInput = z.output<typeof conditionCreateSchema>;

/** The referenced question: a text or choice field of the item type; a choice's value must be an option. */
async function findReferencedField(db: Db, itemType: DataModelRow, fieldId: number, value: string) {
  const [field] = await db
    .select()
    .from(datumFields)
    .where(and(eq(datumFields.id, fieldId), eq(datumFields.dataModelId, itemType.id)));
  if (!field) throw notFound();
  if (field.resourcetype !== 'text' && field.resourcetype !== 'choice') {
    throw fieldErrors({ datum_field: ['Only text and choice questions can be referenced by a condition.'] });
  }
  if (field.resourcetype === 'choice' && !(field.options ?? []).some((option) => option.label === value)) {
    throw fieldErrors({ value: [`"${value}" is not a valid choice.`] });
  }
  return field;
}

/** "Show when <field> equals <value>"; an equivalent condition answers ALREADY_EXISTS with its id. */
export async function createCondition(
  ctx: AppContext,
  { itemType, fieldId, input }: { itemType: DataModelRow; fieldId: number; input: ConditionInput },
) {
  const field = await findReferencedField(ctx.db, itemType, fieldId, input.value);
  const [form] = await ctx.db
    .select({ id: intakeForms.id })
    .from(intakeForms)
    .where(and(eq(intakeForms.id, input.form), eq(intakeForms.dataModelId, itemType.id)));
  if (!form) throw fieldErrors({ form: [invalidPkMessage(input.form)] });
  const values = {
    formId: form.id,
    datumFieldId: field.id,
    comparison: input.comparison,
    value: input.value,
  };
  const [row] = await ctx.db.insert(datumFieldConditions).values(values).onConflictDoNothing().returning();
  if (row) return toCondition(row);
  const [existing] = await ctx.db
    .select({ id: datumFieldConditions.id })
    .from(datumFieldConditions)
    .where(
      and(
        eq(datumFieldConditions.formId, form.id),
        eq(datumFieldConditions.datumFieldId, field.id),
        eq(datumFieldConditions.comparison, input.comparison),
        eq(datumFieldConditions.value, input.value),
      ),
    );
  throw new AppError(
    400,
    Object.assign(
      { code: 'ALREADY_EXISTS', detail: 'An equivalent condition already exists.' },
      { id: existing?.id ?? 0 },
    ),
  );
}

export async function deleteCondition(
  ctx: AppContext,
  { itemType, fieldId, conditionId }: { itemType: DataModelRow; fieldId: number; conditionId: number },
) {
  const formOfType = ctx.db
    .select({ id: intakeForms.id })
    .from(intakeForms)
    .where(eq(intakeForms.dataModelId, itemType.id));
  const deleted = await ctx.db
    .delete(datumFieldConditions)
    .where(
      and(
        eq(datumFieldConditions.id, conditionId),
        eq(datumFieldConditions.datumFieldId, fieldId),
        inArray(datumFieldConditions.formId, formOfType),
      ),
    )
    .returning({ id: datumFieldConditions.id });
  if (deleted.length === 0) throw notFound();
}

/**
 * A question may be shown only under a condition of its own form that looks at another question.
 * Used by the datum-field PATCH of item types.
 */
export async function checkFieldCondition(
  db: Db,
  field: { id: number; dataModelId: number },
  conditionId: number,
) {
  const [condition] = await db
    .select({ datumFieldId: datumFieldConditions.datumFieldId })
    .from(datumFieldConditions)
    .innerJoin(intakeForms, eq(intakeForms.id, datumFieldConditions.formId))
    .where(and(eq(datumFieldConditions.id, conditionId), eq(intakeForms.dataModelId, field.dataModelId)));
  if (!condition) throw fieldErrors({ condition: [invalidPkMessage(conditionId)] });
  if (condition.datumFieldId === field.id) throw fieldErrors({ condition: [CONDITION_ON_ITSELF_MESSAGE] });
}
