import type { Writable } from 'node:stream';
import { type BudgetResponse, budgetBalance } from '@shortlist/contract';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { AppContext } from '../../context.ts';
import { datasets, datumFields, datumValues } from '../../db/schema.ts';
import type { DataModelRow } from './service.ts';

/** Items read per query: memory stays flat whatever the number of items. */
const EXPORT_BATCH_SIZE = 1000;

type ValueRow = typeof datumValues.$inferSelect;

/** What a cell shows: the answer's text, the file's name, or a budget's balance. */
export function toCell(value: ValueRow): string | number | null {
  if (value.resourcetype === 'file') return value.filename;
  if (value.resourcetype === 'custom' && value.jsonResponse) {
    return budgetBalance(value.jsonResponse as unknown as BudgetResponse);
  }
  return value.response;
}

/**
 * Writes an item type's items as an xlsx workbook to `output` while reading them in batches:
 * id, title, tags, creation date, then one column per field in the type's order.
 */
export async function writeItemsWorkbook(ctx: AppContext, itemType: DataModelRow, output: Writable) {
  const fields = await ctx.db
    .select()
    .from(datumFields)
    .where(eq(datumFields.dataModelId, itemType.id))
    .orderBy(asc(datumFields.order), asc(datumFields.id));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false });
  const sheet = workbook.addWorksheet((itemType.title || 'Items').slice(0, 31).replace(/[[\]*?:/\\]/g, ' '));
  sheet.columns = [
    { header: 'ID', key: 'id', width: 8 },
    { header: 'Title', key: 'title', width: 40 },
    { header: 'Tags', key: 'tags', width: 24 },
    { header: 'Created', key: 'created', width: 20 },
    ...fields.map((field) => ({ header: field.label, key: `f${field.id}`, width: 24 })),
  ];
  let lastId = 0;
  for (;;) {
    const page = await ctx.db
      .select()
      .from(datasets)
      .where(and(eq(datasets.dataModelId, itemType.id), gt(datasets.id, lastId)))
      .orderBy(asc(datasets.id))
      .limit(EXPORT_BATCH_SIZE);
    if (page.length === 0) break;
    const values = await ctx.db
      .select()
      .from(datumValues)
      .where(
        inArray(
          datumValues.datasetId,
          page.map((item) => item.id),
        ),
      );
    const byItem = Map.groupBy(values, (value) => value.datasetId);
    for (const item of page) {
      const row: Record<string, unknown> = {
        id: item.id,
        title: item.title,
        tags: item.tags.join(';'),
        created: item.createTime,
      };
      for (const value of byItem.get(item.id) ?? []) row[`f${value.datumFieldId}`] = toCell(value);
      sheet.addRow(row).commit();
    }
    lastId = page.at(-1)?.id ?? lastId;
  }
  sheet.commit();
  await workbook.commit();
}
