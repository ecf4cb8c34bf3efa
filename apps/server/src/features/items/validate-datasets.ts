import {
  type DatasetCreateInput,
  type DatasetDuplicateTitle,
  type DatasetValidation,
  datasetCreateSchema,
  type FieldErrors,
  type Language,
  withColon,
} from '@shortlist/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { selectRows } from '../../db/raw-rows.ts';
import { datasets } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { toFieldErrors } from '../../http/errors.ts';
import { translated } from '../../http/reply-language.ts';
import type { FieldRow } from './answers.ts';
import { checkDatasets } from './datasets.ts';

type RawRow = { title?: unknown; datum_values?: { datum_field?: unknown }[] };

/** An answer's error names its field by label, as the person importing knows it. */
function fieldName(row: RawRow, key: string, fields: FieldRow[]) {
  const answer = /^datum_values\.(\d+)\./.exec(key);
  if (!answer) return key;
  const fieldId = row.datum_values?.[Number(answer[1])]?.datum_field;
  return fields.find((field) => field.id === fieldId)?.label ?? key;
}

/** The errors by row, each message in the request's language and behind its field's name. */
function groupByRow(
  rows: RawRow[],
  errors: FieldErrors,
  fields: FieldRow[],
  language: Language,
): DatasetValidation['errors'] {
  const byRow = new Map<number, string[]>();
  for (const [key, messages] of Object.entries(errors)) {
    const [, index = '0', field = ''] = /^(\d+)\.(.*)$/.exec(key) ?? [];
    const row = rows[Number(index)] ?? {};
    const name = fieldName(row, field, fields);
    byRow.set(Number(index), [
      ...(byRow.get(Number(index)) ?? []),
      ...messages.map((message) => withColon(name, translated(message, language), language)),
    ]);
  }
  return [...byRow.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, messages]) => {
      const title = rows[index]?.title;
      return { index, title: typeof title === 'string' ? title : '', messages };
    });
}

/**
 * The rows whose title (any case) an item of their item type already has: an import run twice, or a row
 * for an item made by hand. Titles are not unique, so these are only a warning. The database lowers both
 * sides, so that they compare by one collation's rules (in the C locale, ASCII letters only); the team's
 * index on lower(title) finds them.
 */
async function findDuplicateTitles(
  ctx: AppContext,
  rows: { index: number; input: DatasetCreateInput }[],
  teamOf: Map<number, number>,
): Promise<DatasetDuplicateTitle[]> {
  const duplicates: DatasetDuplicateTitle[] = [];
  for (const dataModelId of new Set(rows.map(({ input }) => input.data_model))) {
    const ofModel = rows.filter(({ input }) => input.data_model === dataModelId);
    const titles = [...new Set(ofModel.map(({ input }) => input.title))];
    const sent = sql`unnest(array[${sql.join(
      titles.map((title) => sql`${title}`),
      sql`, `,
    )}]::text[]) as sent(title)`;
    const taken = await selectRows<{ title: string }>(
      ctx.db,
      sql`select sent.title from ${sent} where exists (
        select 1 from ${datasets} where ${datasets.teamId} = ${teamOf.get(dataModelId) ?? 0}
          and lower(${datasets.title}) = lower(sent.title) and ${datasets.dataModelId} = ${dataModelId})`,
    );
    const isTaken = new Set(taken.map((row) => row.title));
    duplicates.push(
      ...ofModel
        .filter(({ input }) => isTaken.has(input.title))
        .map(({ index, input }) => ({ index, title: input.title })),
    );
  }
  return duplicates.sort((a, b) => a.index - b.index);
}

/**
 * Checks the rows of a bulk create exactly as the create does, writing nothing: each row on its
 * own, so that every refused row is named with all its messages. Rows that pass are not listed,
 * unless their title repeats an existing item's.
 */
export async function validateDatasets(
  ctx: AppContext,
  user: UserRow,
  rows: unknown[],
  language: Language,
): Promise<DatasetValidation> {
  const errors: FieldErrors = {};
  const parsed: { index: number; input: DatasetCreateInput }[] = [];
  rows.forEach((row, index) => {
    const result = datasetCreateSchema.safeParse(row);
    if (result.success) parsed.push({ index, input: result.data });
    else Object.assign(errors, toFieldErrors(result.error, `${index}.`));
  });
  const checked = await checkDatasets(
    ctx,
    user,
    parsed.map(({ input }) => input),
    (position) => `${parsed[position]?.index}.`,
  );
  Object.assign(errors, checked.errors);
  const rawRows = rows.map((row) => (typeof row === 'object' && row !== null ? (row as RawRow) : {}));
  const refused = groupByRow(rawRows, errors, checked.fields, language);
  const isRefused = new Set(refused.map((error) => error.index));
  const duplicates = await findDuplicateTitles(
    ctx,
    parsed.filter(({ index }) => !isRefused.has(index)),
    checked.teamOf,
  );
  return { errors: refused, duplicate_titles: duplicates };
}
