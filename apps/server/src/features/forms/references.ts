import { type FieldErrors, invalidPkMessage } from '@shortlist/contract';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cssThemes, dataModels, datumFields, pageHeaders, tags } from '../../db/schema/index.ts';
import { fieldErrors } from '../../http/errors.ts';

/**
 * Ids a form may point to: the team's page headers, themes, tags and item types (to start from), and its own
 * text or choice questions.
 */
export interface FormReferences {
  page_header?: number | null;
  css_theme?: number | null;
  tags?: number[];
  title_field?: number;
  data_model?: number | null;
}

async function existingIds(
  db: Db,
  table: typeof pageHeaders | typeof tags | typeof cssThemes | typeof dataModels,
  teamId: number,
  ids: number[],
) {
  if (ids.length === 0) return new Set<number>();
  const team =
    table === cssThemes
      ? or(isNull(cssThemes.teamId), eq(cssThemes.teamId, teamId))
      : eq(table.teamId, teamId);
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, ids), team));
  return new Set(rows.map((row) => row.id));
}

/** 400 naming each id that is not the team's (or, for title_field, not a text or choice question of the form). */
export async function checkFormReferences(
  db: Db,
  { teamId, dataModelId }: { teamId: number; dataModelId?: number },
  input: FormReferences,
) {
  const errors: FieldErrors = {};
  const single = async (
    key: 'page_header' | 'css_theme' | 'data_model',
    table: typeof pageHeaders | typeof cssThemes | typeof dataModels,
  ) => {
    const id = input[key];
    if (id === undefined || id === null) return;
    if (!(await existingIds(db, table, teamId, [id])).has(id)) errors[key] = [invalidPkMessage(id)];
  };
  await single('page_header', pageHeaders);
  await single('css_theme', cssThemes);
  await single('data_model', dataModels);
  if (input.tags?.length) {
    const found = await existingIds(db, tags, teamId, input.tags);
    const missing = input.tags.filter((id) => !found.has(id));
    if (missing.length > 0) errors.tags = missing.map(invalidPkMessage);
  }
  if (input.title_field && dataModelId !== undefined) {
    const [field] = await db
      .select({ id: datumFields.id })
      .from(datumFields)
      .where(
        and(
          eq(datumFields.id, input.title_field),
          eq(datumFields.dataModelId, dataModelId),
          inArray(datumFields.resourcetype, ['text', 'choice']),
        ),
      );
    if (!field) errors.title_field = [invalidPkMessage(input.title_field)];
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}
