import { type FormSectionPatch, type formSectionCreateSchema, invalidPkMessage } from '@shortlist/contract';
import { and, count, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { refuseMissing } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { datumFields, formTitles } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { fieldErrors, refusal } from '../../http/errors.ts';
import { type IntakeFormRow, requireForm } from './access.ts';
import { toFormSection } from './replies.ts';

type SectionRow = typeof formTitles.$inferSelect;

const positionTaken = () => refusal('ALREADY_EXISTS', 'A section title already stands at this position.');

/** A section title of a form the caller administers; 404 otherwise. */
export async function requireSection(ctx: AppContext, user: UserRow, id: number) {
  const [section] = await ctx.db.select().from(formTitles).where(eq(formTitles.id, id));
  if (!section) return refuseMissing(user);
  const { form } = await requireForm(ctx, user, section.formId);
  return { section, form };
}

/**
 * A position is the index of a question, or the number of questions for the end; one title per position:
 * another one there answers ALREADY_EXISTS.
 */
async function checkPlacement(
  db: Db,
  form: IntakeFormRow,
  input: { position?: number; linked_to_df?: number | null },
  exceptId = 0,
) {
  if (input.linked_to_df) {
    const [field] = await db
      .select({ id: datumFields.id })
      .from(datumFields)
      .where(and(eq(datumFields.id, input.linked_to_df), eq(datumFields.dataModelId, form.dataModelId)));
    if (!field) throw fieldErrors({ linked_to_df: [invalidPkMessage(input.linked_to_df)] });
  }
  if (input.position === undefined) return;
  const [questions] = await db
    .select({ n: count() })
    .from(datumFields)
    .where(eq(datumFields.dataModelId, form.dataModelId));
  const last = questions?.n ?? 0;
  if (input.position > last) {
    throw fieldErrors({ position: [`Ensure this value is less than or equal to ${last}.`] });
  }
  const [taken] = await db
    .select({ id: formTitles.id })
    .from(formTitles)
    .where(
      and(
        eq(formTitles.formId, form.id),
        eq(formTitles.position, input.position),
        ne(formTitles.id, exceptId),
      ),
    );
  if (taken) throw positionTaken();
}

export async function createSection(
  ctx: AppContext,
  form: IntakeFormRow,
  input: z.output<typeof formSectionCreateSchema>,
) {
  await checkPlacement(ctx.db, form, input);
  const [row] = await ctx.db
    .insert(formTitles)
    .values({
      formId: form.id,
      text: input.text,
      body: input.body,
      position: input.position,
      linkedToDfId: input.linked_to_df,
    })
    .onConflictDoNothing()
    .returning();
  // A concurrent request took the position between the check and the insert.
  if (!row) throw positionTaken();
  return toFormSection(row);
}

export async function updateSection(
  ctx: AppContext,
  { section, form }: { section: SectionRow; form: IntakeFormRow },
  patch: FormSectionPatch,
) {
  await checkPlacement(ctx.db, form, patch, section.id);
  const [row] = await ctx.db
    .update(formTitles)
    .set({ text: patch.text, body: patch.body, position: patch.position, linkedToDfId: patch.linked_to_df })
    .where(eq(formTitles.id, section.id))
    .returning();
  return toFormSection(row ?? section);
}

export async function deleteSection(ctx: AppContext, section: SectionRow) {
  await ctx.db.delete(formTitles).where(eq(formTitles.id, section.id));
}
