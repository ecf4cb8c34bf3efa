import {
  DATASET_TAGS_SEPARATOR,
  DATASET_TITLE_MAX_LENGTH,
  type DatasetCreate,
  type DatumField,
} from '@shortlist/contract';

/** Columns that may feed an item's tags. */
export const MAX_TAG_COLUMNS = 6;
export const UNTITLED = '(untitled)';
export const TAG_SEPARATORS = { comma: ',', semicolon: ';', space: ' ', pipe: '|' } as const;
export type TagSeparator = keyof typeof TAG_SEPARATORS;

/** What a column of the sheet becomes: nothing, part of the title, tags, or one field's answer. */
export type ColumnTarget = 'ignore' | 'title' | 'tags' | `field:${number}`;

/** The sheet as read: its header row and the following rows, every cell as text. */
export interface Sheet {
  headers: string[];
  rows: string[][];
  /** Each row's number in the spreadsheet, as the person importing sees it. */
  rowNumbers: number[];
}

export type MappableField = Extract<DatumField, { resourcetype: 'text' | 'choice' }>;

/** Only text and choice answers come from a cell: files and budgets do not. */
export const mappableFields = (fields: DatumField[]) =>
  fields.filter(
    (field): field is MappableField => field.resourcetype === 'text' || field.resourcetype === 'choice',
  );

export const fieldTarget = (field: { id: number }): ColumnTarget => `field:${field.id}`;

/** A column whose header is a field's label (trimmed, any case) answers that field; others are left out. */
export function autoMap(headers: string[], fields: DatumField[]): ColumnTarget[] {
  const byLabel = new Map(mappableFields(fields).map((field) => [field.label.trim().toLowerCase(), field]));
  const used = new Set<number>();
  return headers.map((header) => {
    const field = byLabel.get(header.trim().toLowerCase());
    if (!field || used.has(field.id)) return 'ignore';
    used.add(field.id);
    return fieldTarget(field);
  });
}

export type MappingProblem = 'noTitle' | 'tooManyTags';

/** At least one title column and at most MAX_TAG_COLUMNS tag columns. */
export function checkMapping(mapping: ColumnTarget[]): MappingProblem[] {
  const problems: MappingProblem[] = [];
  if (!mapping.includes('title')) problems.push('noTitle');
  if (mapping.filter((target) => target === 'tags').length > MAX_TAG_COLUMNS) problems.push('tooManyTags');
  return problems;
}

const columnsOf = (mapping: ColumnTarget[], target: ColumnTarget) =>
  mapping.flatMap((candidate, column) => (candidate === target ? [column] : []));

/** The title columns' cells joined by a space, cut to the longest title, or '(untitled)'. */
export function buildTitle(row: string[], titleColumns: number[]): string {
  const title = titleColumns
    .map((column) => row[column]?.trim() ?? '')
    .filter(Boolean)
    .join(' ')
    .slice(0, DATASET_TITLE_MAX_LENGTH)
    .trim();
  return title || UNTITLED;
}

/** Every tag of the tag columns' cells, split by the chosen separator, trimmed, without empties. */
export function splitTags(cells: string[], separator: TagSeparator): string[] {
  return cells.flatMap((cell) =>
    cell
      .split(TAG_SEPARATORS[separator])
      .map((tag) => tag.trim())
      .filter(Boolean),
  );
}

/** The rows as the bulk create takes them. */
export function toDatasets(
  sheet: Sheet,
  mapping: ColumnTarget[],
  itemType: { id: number; datum_fields: DatumField[] },
  separator: TagSeparator,
): DatasetCreate[] {
  const fields = new Map(mappableFields(itemType.datum_fields).map((field) => [fieldTarget(field), field]));
  const titleColumns = columnsOf(mapping, 'title');
  const tagColumns = columnsOf(mapping, 'tags');
  const answerColumns = mapping.flatMap((target, column) => {
    const field = fields.get(target);
    return field ? [{ column, field }] : [];
  });
  return sheet.rows.map((row) => ({
    data_model: itemType.id,
    title: buildTitle(row, titleColumns),
    tags: splitTags(
      tagColumns.map((column) => row[column] ?? ''),
      separator,
    ).join(DATASET_TAGS_SEPARATOR),
    datum_values: answerColumns.flatMap(({ column, field }) => {
      const response = row[column]?.trim();
      return response ? [{ datum_field: field.id, resourcetype: field.resourcetype, response }] : [];
    }),
  }));
}
