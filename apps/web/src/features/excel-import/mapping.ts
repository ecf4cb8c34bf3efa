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

/**
 * What a column of the sheet becomes: nothing, part of the title, tags, the item's own e-mail address
 * (whom mass e-mail writes to, not a question's answer), or one question's answer.
 */
export type ColumnTarget = 'ignore' | 'title' | 'tags' | 'email' | `field:${number}`;

/** Headers read as the item's e-mail address when no question has that label (trimmed, any case). */
const EMAIL_HEADERS = new Set([
  'email',
  'e-mail',
  'mail',
  'courriel',
  'contact email',
  'contact e-mail',
  'email address',
  'e-mail address',
  'adresse email',
  'adresse e-mail',
  'adresse mail',
]);

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

/** A cell that reads as one e-mail address; the server checks it strictly at the preview. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Cells looked at to tell a column of addresses: enough to judge, few enough for a large sheet. */
const EMAIL_SAMPLE_ROWS = 50;

/** Whether most of a column's first filled cells are e-mail addresses (a typo does not hide the column). */
function holdsAddresses(sheet: Pick<Sheet, 'rows'>, column: number) {
  const cells = sheet.rows
    .slice(0, EMAIL_SAMPLE_ROWS)
    .map((row) => row[column]?.trim() ?? '')
    .filter(Boolean);
  const addresses = cells.filter((cell) => EMAIL_SHAPE.test(cell)).length;
  return cells.length > 0 && addresses * 2 > cells.length;
}

/**
 * The first column of e-mail addresses is the item's e-mail address, even when a question bears its
 * header ("Contact e-mail"): mass e-mail writes to that address only; else the first column named like
 * an e-mail address ("E-mail", "Courriel"…) that no question bears. A column whose header is a question's
 * label (trimmed, any case) answers that question; others are left out.
 */
export function autoMap(sheet: Pick<Sheet, 'headers' | 'rows'>, fields: DatumField[]): ColumnTarget[] {
  const byLabel = new Map(mappableFields(fields).map((field) => [field.label.trim().toLowerCase(), field]));
  const names = sheet.headers.map((header) => header.trim().toLowerCase());
  const emailColumn = [
    names.findIndex((_, column) => holdsAddresses(sheet, column)),
    names.findIndex((name) => !byLabel.has(name) && EMAIL_HEADERS.has(name)),
  ].find((column) => column >= 0);
  const used = new Set<number>();
  return names.map((name, column) => {
    if (column === emailColumn) return 'email';
    const field = byLabel.get(name);
    if (!field || used.has(field.id)) return 'ignore';
    used.add(field.id);
    return fieldTarget(field);
  });
}

export type MappingProblem = 'noTitle' | 'tooManyTags';

/** At least one title column and at most MAX_TAG_COLUMNS tag columns (one e-mail column: the step's select). */
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
  const [emailColumn] = columnsOf(mapping, 'email');
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
    ...(emailColumn === undefined ? {} : { contact_email: row[emailColumn]?.trim() || null }),
    datum_values: answerColumns.flatMap(({ column, field }) => {
      const response = row[column]?.trim();
      return response ? [{ datum_field: field.id, resourcetype: field.resourcetype, response }] : [];
    }),
  }));
}
