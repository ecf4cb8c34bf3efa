import type { Writable } from 'node:stream';
import type { datasetListQuerySchema } from '@shortlist/contract';
import { and, asc, eq, gt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataModels, datasets } from '../../db/schema.ts';
import { datasetFilters } from './dataset-list.ts';
import { datasetReplyFields, toDataset } from './replies.ts';

/** Items read per query: memory stays flat whatever the number of items. */
const EXPORT_BATCH_SIZE = 1000;

/**
 * The items page as a spreadsheet: the items its filters match (paging aside), with the table's columns
 * (item type, tags, dates, linked form, submission, selections, review status). Answers differ by item
 * type; the item type's own export (`data-models/{id}/export_excel/`) has one column per field.
 */
export async function writeDatasetsWorkbook(
  ctx: AppContext,
  query: z.infer<typeof datasetListQuerySchema>,
  output: Writable,
) {
  const types = await ctx.db
    .select({ id: dataModels.id, title: dataModels.title })
    .from(dataModels)
    .where(eq(dataModels.teamId, query.team));
  const typeTitle = new Map(types.map((type) => [type.id, type.title]));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Items');
  sheet.columns = [
    { header: 'ID', key: 'id', width: 8 },
    { header: 'Title', key: 'title', width: 40 },
    { header: 'Item type', key: 'type', width: 24 },
    { header: 'Tags', key: 'tags', width: 24 },
    { header: 'Created', key: 'created', width: 20 },
    { header: 'Linked form', key: 'form', width: 24 },
    { header: 'Submission date', key: 'submitted', width: 20 },
    { header: 'Submission e-mail', key: 'email', width: 28 },
    { header: 'State', key: 'state', width: 12 },
    { header: 'Selections', key: 'issues', width: 32 },
    { header: 'Review status', key: 'status', width: 18 },
  ];
  const where = datasetFilters(ctx, query);
  let lastId = 0;
  for (;;) {
    const page = await ctx.db
      .select(datasetReplyFields(datasets))
      .from(datasets)
      .where(and(where, gt(datasets.id, lastId)))
      .orderBy(asc(datasets.id))
      .limit(EXPORT_BATCH_SIZE);
    if (page.length === 0) break;
    for (const item of page.map((row) => toDataset(ctx, row))) {
      // The review the list shows: within the selection it is filtered by, otherwise the item's own.
      const review = item.reviews.find((candidate) => candidate.issue === (query.issue ?? null));
      const submission = item.submission;
      sheet
        .addRow({
          id: item.id,
          title: item.title,
          type: typeTitle.get(item.data_model) ?? '',
          tags: item.tags,
          created: new Date(item.create_time),
          form: item.form?.title ?? '',
          submitted: submission ? new Date(submission.create_time) : null,
          email: submission?.email ?? '',
          state: submission ? (submission.is_submitted ? 'submitted' : 'draft') : '',
          issues: item.issues.map((issue) => issue.title).join('; '),
          status: review?.status?.label ?? '',
        })
        .commit();
    }
    lastId = page.at(-1)?.id ?? lastId;
  }
  sheet.commit();
  await workbook.commit();
}
