import type { DatumValueCreate, DatumValuePatch } from '@shortlist/contract';
import { invalidPkMessage } from '@shortlist/contract';
import { and, eq } from 'drizzle-orm';
import { requireAdminOfRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { datasets, datumFields, datumValues } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { fieldErrors, refusal } from '../../http/errors.ts';
import { checkAnswer, type FieldRow } from './answers.ts';
import { requireDataset } from './datasets.ts';
import { type DatumValueRow, toDatumValue } from './replies.ts';

/** An answer the caller administers, with its field; another team's answers 404 like a missing one. */
export async function requireDatumValue(ctx: AppContext, user: UserRow, id: number) {
  const [found] = await ctx.db
    .select({ value: datumValues, field: datumFields, teamId: datasets.teamId })
    .from(datumValues)
    .innerJoin(datasets, eq(datasets.id, datumValues.datasetId))
    .innerJoin(datumFields, eq(datumFields.id, datumValues.datumFieldId))
    .where(eq(datumValues.id, id));
  const { row } = await requireAdminOfRow(ctx, user, found);
  return row;
}

function checkedAnswer(field: FieldRow, input: DatumValuePatch & { resourcetype?: string }) {
  const check = checkAnswer(field, input);
  if (!check.ok) throw fieldErrors(check.errors);
  return check.answer;
}

/** Answers one field of an item; a second answer to the same field is refused (PATCH it instead). */
export async function createDatumValue(ctx: AppContext, user: UserRow, input: DatumValueCreate) {
  const dataset = await requireDataset(ctx, user, input.data_set);
  const [field] = await ctx.db.select().from(datumFields).where(eq(datumFields.id, input.datum_field));
  if (!field || field.dataModelId !== dataset.dataModelId) {
    throw fieldErrors({ datum_field: [invalidPkMessage(input.datum_field)] });
  }
  const answer = checkedAnswer(field, input);
  if (!answer) throw fieldErrors({ response: ['This field may not be blank.'] });
  const [existing] = await ctx.db
    .select({ id: datumValues.id })
    .from(datumValues)
    .where(and(eq(datumValues.datasetId, dataset.id), eq(datumValues.datumFieldId, field.id)));
  if (existing) throw refusal('ALREADY_EXISTS', 'This item already answers this field.');
  const [row] = await ctx.db
    .insert(datumValues)
    .values({ datasetId: dataset.id, datumFieldId: field.id, resourcetype: field.resourcetype, ...answer })
    .returning();
  if (!row) throw new Error('datum value insert returned nothing');
  return toDatumValue(ctx, row);
}

/** Changes an answer; an empty text or choice answer deletes the value (the reply is then null). */
export async function updateDatumValue(
  ctx: AppContext,
  { value, field }: { value: DatumValueRow; field: FieldRow },
  patch: DatumValuePatch,
) {
  const answer = checkedAnswer(field, patch);
  if (!answer) {
    await deleteDatumValue(ctx, value);
    return null;
  }
  const [row] = await ctx.db
    .update(datumValues)
    .set({ ...answer, updateTime: new Date() })
    .where(eq(datumValues.id, value.id))
    .returning();
  return toDatumValue(ctx, row ?? value);
}

export async function deleteDatumValue(ctx: AppContext, value: DatumValueRow) {
  await ctx.db.delete(datumValues).where(eq(datumValues.id, value.id));
  await ctx.files.remove([value.fileKey]);
}
