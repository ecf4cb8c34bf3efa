import type { Writable } from 'node:stream';
import { answerCell, itemTitleIn, type Language } from '@shortlist/contract';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { groupRows } from '../../db/group-rows.ts';
import { datasets, datumFields, datumValues } from '../../db/schema/index.ts';
import { writeWorkbookOffThread } from '../../threads/workbook.ts';
import { toAnswerParts } from '../items/answer-parts.ts';
import type { DataModelRow } from './service.ts';

/** Items read per query: memory stays flat whatever the number of items. */
const EXPORT_BATCH_SIZE = 1000;

/** The fixed columns' words in the exporting admin's language; field labels are the team's, as written. */
const WORDS = {
  en: { sheet: 'Items', id: 'ID', title: 'Title', tags: 'Tags', created: 'Created' },
  fr: { sheet: 'Éléments', id: 'ID', title: 'Titre', tags: 'Étiquettes', created: 'Créé le' },
} as const;

type ValueRow = typeof datumValues.$inferSelect;
type FieldRow = Pick<typeof datumFields.$inferSelect, 'id' | 'label' | 'textFormat'>;

/** One column per field, in the order given. */
export const fieldColumns = (fields: FieldRow[]) =>
  fields.map((field) => ({ header: field.label, key: `f${field.id}`, width: 32 }));

/**
 * An item's answers as cells keyed `f<field id>`, each as the contract's `answerCell` writes it in the
 * language of the person exporting: the text, the options, the file's name, a budget's table as text.
 */
export function answerCells(values: ValueRow[], fields: FieldRow[], language: Language) {
  const formats = new Map(fields.map((field) => [field.id, field.textFormat]));
  return Object.fromEntries(
    values.map((value) => [
      `f${value.datumFieldId}`,
      answerCell(toAnswerParts(value, formats.get(value.datumFieldId) ?? null), language),
    ]),
  );
}

/**
 * Writes an item type's items as an xlsx workbook to `output` while reading them in batches:
 * id, title, tags, creation date, then one column per field in the type's order.
 */
export async function writeItemsWorkbook(
  ctx: AppContext,
  { itemType, language }: { itemType: DataModelRow; language: Language },
  output: Writable,
) {
  const fields = await ctx.db
    .select()
    .from(datumFields)
    .where(eq(datumFields.dataModelId, itemType.id))
    .orderBy(asc(datumFields.order), asc(datumFields.id));
  const words = WORDS[language];
  await writeWorkbookOffThread(output, async (workbook) => {
    const sheet = workbook.addWorksheet(
      (itemType.title || words.sheet).slice(0, 31).replace(/[[\]*?:/\\]/g, ' '),
    );
    sheet.columns = [
      { header: words.id, key: 'id', width: 8 },
      { header: words.title, key: 'title', width: 40 },
      { header: words.tags, key: 'tags', width: 24 },
      { header: words.created, key: 'created', width: 20 },
      ...fieldColumns(fields),
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
      const byItem = groupRows(values, (value) => value.datasetId);
      for (const item of page) {
        sheet.addRow({
          id: item.id,
          title: itemTitleIn(item.title, language),
          tags: item.tags.join(';'),
          created: item.createTime,
          ...answerCells(byItem.get(item.id) ?? [], fields, language),
        });
      }
      lastId = page.at(-1)?.id ?? lastId;
      await workbook.flush();
    }
    sheet.commit();
  });
}
