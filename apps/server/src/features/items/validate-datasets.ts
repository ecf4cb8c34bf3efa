import {
  type DatasetCreateInput,
  type DatasetRowError,
  datasetCreateSchema,
  type FieldErrors,
} from '@shortlist/contract';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../http/auth.ts';
import { toFieldErrors } from '../../http/errors.ts';
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

function groupByRow(rows: RawRow[], errors: FieldErrors, fields: FieldRow[]): DatasetRowError[] {
  const byRow = new Map<number, string[]>();
  for (const [key, messages] of Object.entries(errors)) {
    const [, index = '0', field = ''] = /^(\d+)\.(.*)$/.exec(key) ?? [];
    const row = rows[Number(index)] ?? {};
    const name = fieldName(row, field, fields);
    byRow.set(Number(index), [
      ...(byRow.get(Number(index)) ?? []),
      ...messages.map((message) => `${name}: ${message}`),
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
 * Checks the rows of a bulk create exactly as the create does, writing nothing: each row on its
 * own, so that every refused row is named with all its messages. Rows that pass are not listed.
 */
export async function validateDatasets(
  ctx: AppContext,
  user: UserRow,
  rows: unknown[],
): Promise<DatasetRowError[]> {
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
  return groupByRow(rawRows, errors, checked.fields);
}
