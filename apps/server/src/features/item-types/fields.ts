import {
  type DatumField,
  type DatumFieldCreateParsed,
  type DatumFieldType,
  DEFAULT_TEAM_PACKAGE,
  datumFieldPatchSchemas,
  FIELD_LABEL_MAX_LENGTH,
  type FieldsOrder,
  isShortTextQuestion,
  MAX_FIELDS_PER_ITEM_TYPE,
  NUMBER_BOUNDS_ORDER_MESSAGE,
  proposedTitleField,
  type Reorder,
  type TextFormatRules,
} from '@shortlist/contract';
import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { TeamRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { dataModels, datumFields, intakeForms } from '../../db/schema/index.ts';
import { fieldErrors, notFound, refusal, toFieldErrors } from '../../http/errors.ts';
import { checkFieldCondition } from '../forms/conditions.ts';
import { type DatumFieldRow, toColumns, toDatumField } from './field-replies.ts';
import { type DataModelRow, touchItemType } from './service.ts';

const BUDGET_NOT_IN_PACKAGE = "Budget fields are not included in this workspace's package.";
const TYPE_IS_FIXED = 'The type of a field cannot change after its creation.';

/** Locks the item type's row so that concurrent field writes count and order from the same state. */
const lockItemType = (db: Db, id: number) =>
  db.select({ id: dataModels.id }).from(dataModels).where(eq(dataModels.id, id)).for('update');

/** The contract allows a form question's 400 characters; a field of any other item type stops at 300. */
async function checkLabelLength(db: Db, itemTypeId: number, label: string | undefined) {
  if (label === undefined || label.length <= FIELD_LABEL_MAX_LENGTH) return;
  const [form] = await db
    .select({ id: intakeForms.id })
    .from(intakeForms)
    .where(eq(intakeForms.dataModelId, itemTypeId));
  if (!form) {
    throw fieldErrors({
      label: [`Ensure this field has no more than ${FIELD_LABEL_MAX_LENGTH} characters.`],
    });
  }
}

/**
 * A text field's format rules as they will be stored: bounds belong to the number format (any other
 * format keeps none), and a minimum above the maximum is refused. `stored` fills what a PATCH leaves out.
 */
function settleNumberBounds<T extends object>(input: T, stored?: DatumFieldRow): T {
  const given: Partial<TextFormatRules> = input;
  const rules: TextFormatRules = {
    format:
      given.format !== undefined ? given.format : ((stored?.textFormat as TextFormatRules['format']) ?? null),
    number_min: given.number_min !== undefined ? given.number_min : (stored?.numberMin ?? null),
    number_max: given.number_max !== undefined ? given.number_max : (stored?.numberMax ?? null),
  };
  if (rules.format !== 'number') return { ...input, number_min: null, number_max: null };
  if (rules.number_min !== null && rules.number_max !== null && rules.number_min > rules.number_max)
    throw fieldErrors({ number_max: [NUMBER_BOUNDS_ORDER_MESSAGE] });
  return input;
}

export async function createDatumField(
  ctx: AppContext,
  { itemType, team, input }: { itemType: DataModelRow; team: TeamRow; input: DatumFieldCreateParsed },
) {
  const { datum_field_custom_type_budget: hasBudget } = { ...DEFAULT_TEAM_PACKAGE, ...team.package };
  if (input.resourcetype === 'custom' && !hasBudget)
    throw fieldErrors({ resourcetype: [BUDGET_NOT_IN_PACKAGE] });
  await checkLabelLength(ctx.db, itemType.id, input.label);
  const columns = toColumns(input.resourcetype === 'text' ? settleNumberBounds(input) : input);
  return ctx.db.transaction(async (tx) => {
    await lockItemType(tx, itemType.id);
    const [stats] = await tx
      .select({ n: count(), lastOrder: max(datumFields.order) })
      .from(datumFields)
      .where(eq(datumFields.dataModelId, itemType.id));
    if ((stats?.n ?? 0) >= MAX_FIELDS_PER_ITEM_TYPE) {
      throw refusal('MAX_FIELDS', `An item type has at most ${MAX_FIELDS_PER_ITEM_TYPE} fields.`);
    }
    const [row] = await tx
      .insert(datumFields)
      .values({
        ...columns,
        dataModelId: itemType.id,
        resourcetype: input.resourcetype,
        label: input.label,
        order: input.order ?? (stats?.lastOrder ?? 0) + 1,
      })
      .returning();
    if (!row) throw new Error('no field');
    await proposeAsTitle(tx, itemType.id, toDatumField(row));
    await touchItemType(tx, itemType.id);
    return toDatumField(row);
  });
}

/**
 * A form titled by the e-mail takes its first short text question as the title when it is added
 * (`proposedTitleField`): items and judges then read names, not addresses. The editor shows and changes it.
 */
async function proposeAsTitle(db: Db, itemTypeId: number, added: DatumField) {
  const [form] = await db
    .select({ id: intakeForms.id, titleField: intakeForms.titleField })
    .from(intakeForms)
    .where(eq(intakeForms.dataModelId, itemTypeId));
  if (!form || !isShortTextQuestion(added)) return;
  const rows = await db.select().from(datumFields).where(eq(datumFields.dataModelId, itemTypeId));
  const titleField = proposedTitleField(form.titleField, rows.map(toDatumField), added);
  if (titleField !== null)
    await db.update(intakeForms).set({ titleField }).where(eq(intakeForms.id, form.id));
}

async function findField(db: Db, itemTypeId: number, fieldId: number) {
  const [field] = await db
    .select()
    .from(datumFields)
    .where(and(eq(datumFields.id, fieldId), eq(datumFields.dataModelId, itemTypeId)));
  if (!field) throw notFound();
  return field;
}

/** Changes a field within the rules of its type; the type itself never changes. */
export async function updateDatumField(
  ctx: AppContext,
  { itemTypeId, fieldId, body }: { itemTypeId: number; fieldId: number; body: { resourcetype?: string } },
) {
  const field = await findField(ctx.db, itemTypeId, fieldId);
  if (body.resourcetype !== undefined && body.resourcetype !== field.resourcetype) {
    throw fieldErrors({ resourcetype: [TYPE_IS_FIXED] });
  }
  const parsed = datumFieldPatchSchemas[field.resourcetype as DatumFieldType].safeParse(body);
  if (!parsed.success) throw fieldErrors(toFieldErrors(parsed.error));
  await checkLabelLength(ctx.db, itemTypeId, parsed.data.label);
  if (parsed.data.condition) await checkFieldCondition(ctx.db, field, parsed.data.condition);
  const columns = toColumns(
    field.resourcetype === 'text' ? settleNumberBounds(parsed.data, field) : parsed.data,
  );
  if (Object.keys(columns).length === 0) return toDatumField(field);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(datumFields).set(columns).where(eq(datumFields.id, field.id)).returning();
    if (!row) throw notFound();
    await touchItemType(tx, itemTypeId);
    return toDatumField(row);
  });
}

/**
 * Deletes a field; its values go with it (foreign key cascade). A form titled by this question is titled
 * by the e-mail again (title_field 0), in the same transaction; the editor tells the admin.
 */
export async function deleteDatumField(
  ctx: AppContext,
  { itemTypeId, fieldId }: { itemTypeId: number; fieldId: number },
) {
  await ctx.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(datumFields)
      .where(and(eq(datumFields.id, fieldId), eq(datumFields.dataModelId, itemTypeId)))
      .returning({ id: datumFields.id });
    if (deleted.length === 0) throw notFound();
    await tx
      .update(intakeForms)
      .set({ titleField: 0 })
      .where(and(eq(intakeForms.dataModelId, itemTypeId), eq(intakeForms.titleField, fieldId)));
    await touchItemType(tx, itemTypeId);
  });
}

export async function listFieldsOrder(db: Db, itemTypeId: number): Promise<FieldsOrder> {
  const rows = await db
    .select({ id: datumFields.id, order: datumFields.order })
    .from(datumFields)
    .where(eq(datumFields.dataModelId, itemTypeId))
    .orderBy(asc(datumFields.order), asc(datumFields.id));
  return rows.map((row) => [row.id, row.order]);
}

/** Sets the order of the given fields in one statement; every id must be a field of this type. */
export async function reorderDatumFields(
  ctx: AppContext,
  { itemTypeId, newOrders }: { itemTypeId: number; newOrders: Reorder['new_orders'] },
) {
  const ids = newOrders.map(([id]) => id);
  if (new Set(ids).size !== ids.length)
    throw fieldErrors({ new_orders: ['Each field may appear only once.'] });
  return ctx.db.transaction(async (tx) => {
    await lockItemType(tx, itemTypeId);
    const [owned] = await tx
      .select({ n: count() })
      .from(datumFields)
      .where(and(eq(datumFields.dataModelId, itemTypeId), inArray(datumFields.id, ids)));
    if ((owned?.n ?? 0) !== ids.length) {
      throw fieldErrors({ new_orders: ['Some fields do not belong to this item type.'] });
    }
    const cases = sql.join(
      newOrders.map(([id, order]) => sql`when ${id}::int then ${order}::int`),
      sql` `,
    );
    await tx
      .update(datumFields)
      .set({ order: sql`case ${datumFields.id} ${cases} end` })
      .where(and(eq(datumFields.dataModelId, itemTypeId), inArray(datumFields.id, ids)));
    await touchItemType(tx, itemTypeId);
    return listFieldsOrder(tx, itemTypeId);
  });
}
