import type { Writable } from 'node:stream';
import type { datasetListQuerySchema, Language } from '@shortlist/contract';
import { and, asc, eq, gt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataModels, datasets } from '../../db/schema/index.ts';
import { DownloadLeft, drained } from '../../http/download.ts';
import { pathTexts } from '../rounds/path.ts';
import { datasetFilters } from './dataset-list.ts';
import { datasetReplyFields, toDataset } from './replies.ts';

/** Items read per query, at most: memory stays flat whatever the number of items. */
const EXPORT_BATCH_SIZE = 1000;
/**
 * The first query reads a few: the reply starts once they are read (`openDatasetsExport`), and where one
 * item in 200 matches (a search within a status) finding 50 walks 10,000 ids. Each next batch doubles up
 * to EXPORT_BATCH_SIZE, so that a download left at once has read 30 items, not 1,010.
 */
const EXPORT_FIRST_BATCH_SIZE = 10;

type ListQuery = z.infer<typeof datasetListQuerySchema>;

/**
 * The sheet's words in the exporting admin's language, the items table's; titles, item types, tags, forms,
 * selections and review statuses are the team's data and stay as written.
 */
const WORDS = {
  en: {
    sheet: 'Items',
    id: 'ID',
    title: 'Title',
    type: 'Item type',
    tags: 'Tags',
    created: 'Created',
    form: 'Linked form',
    submitted: 'Submission date',
    email: 'Submission e-mail',
    contact: 'Contact e-mail',
    state: 'State',
    issues: 'Selections',
    path: 'Path',
    status: 'Review status',
    states: { submitted: 'submitted', draft: 'draft' },
  },
  fr: {
    sheet: 'Éléments',
    id: 'ID',
    title: 'Titre',
    type: 'Type d’élément',
    tags: 'Étiquettes',
    created: 'Créé le',
    form: 'Formulaire lié',
    submitted: 'Date de soumission',
    email: 'E-mail de soumission',
    contact: 'E-mail de contact',
    state: 'État',
    issues: 'Sélections',
    path: 'Parcours',
    status: 'Statut de revue',
    states: { submitted: 'envoyé', draft: 'brouillon' },
  },
} as const;

/**
 * The items the filters match after `lastId`, by id, at most `size`, with what each shows and its item
 * type's title (joined here rather than read apart: one statement fewer before a download's first rows).
 */
function batchReader(ctx: AppContext, query: ListQuery) {
  const where = datasetFilters(ctx, query);
  return (lastId: number, size: number) =>
    ctx.db
      .select({ ...datasetReplyFields(datasets), typeTitle: dataModels.title })
      .from(datasets)
      .innerJoin(dataModels, eq(dataModels.id, datasets.dataModelId))
      .where(and(where, gt(datasets.id, lastId)))
      .orderBy(asc(datasets.id))
      .limit(size);
}

/**
 * Reads the export's first rows, then gives the writer of its workbook: the reply's status follows the
 * first query (a query that fails answers 500, not a cut download), and its first byte comes once a row
 * is ready, whatever the number of items (decision 83).
 */
export async function openDatasetsExport(ctx: AppContext, query: ListQuery, language: Language) {
  const readAfter = batchReader(ctx, query);
  const first = await readAfter(0, EXPORT_FIRST_BATCH_SIZE);
  return (output: Writable) => writeDatasetsWorkbook(ctx, query, output, { first, readAfter, language });
}

/**
 * The items page as a spreadsheet: the items its filters match (paging aside), with the table's columns
 * (item type, tags, dates, linked form, submission, selections, review status). Answers differ by item
 * type; the item type's own export (`data-models/{id}/export_excel/`) has one column per field. A
 * download the client leaves stops the reading at its next batch.
 */
async function writeDatasetsWorkbook(
  ctx: AppContext,
  query: ListQuery,
  output: Writable,
  {
    first,
    readAfter,
    language,
  }: { first: BatchRow[]; readAfter: ReturnType<typeof batchReader>; language: Language },
) {
  const words = WORDS[language];
  let page = first;
  let paths = await pathTexts(
    ctx.db,
    page.map((row) => row.id),
    language,
  );
  // A download left once its headers came (a double click, a cancel) starts no workbook: the writer's
  // set-up costs more than the statements before the reply.
  if (output.destroyed) throw new DownloadLeft();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false });
  const sheet = workbook.addWorksheet(words.sheet);
  sheet.columns = [
    { header: words.id, key: 'id', width: 8 },
    { header: words.title, key: 'title', width: 40 },
    { header: words.type, key: 'type', width: 24 },
    { header: words.tags, key: 'tags', width: 24 },
    { header: words.created, key: 'created', width: 20 },
    { header: words.form, key: 'form', width: 24 },
    { header: words.submitted, key: 'submitted', width: 20 },
    { header: words.email, key: 'email', width: 28 },
    { header: words.contact, key: 'contact', width: 28 },
    { header: words.state, key: 'state', width: 12 },
    { header: words.issues, key: 'issues', width: 32 },
    { header: words.path, key: 'path', width: 40 },
    { header: words.status, key: 'status', width: 18 },
  ];
  let size = EXPORT_FIRST_BATCH_SIZE;
  for (;;) {
    for (const row of page) {
      const item = toDataset(ctx, row);
      // The review the list shows: within the selection it is filtered by, otherwise the item's own.
      const review = item.reviews.find((candidate) => candidate.issue === (query.issue ?? null));
      const submission = item.submission;
      sheet
        .addRow({
          id: item.id,
          title: item.title,
          type: row.typeTitle,
          tags: item.tags,
          created: new Date(item.create_time),
          form: item.form?.title ?? '',
          submitted: submission ? new Date(submission.create_time) : null,
          email: submission?.email ?? '',
          contact: item.contact_email ?? '',
          state: submission ? words.states[submission.is_submitted ? 'submitted' : 'draft'] : '',
          issues: item.issues.map((issue) => issue.title).join('; '),
          path: paths.get(item.id) ?? '',
          status: review?.status?.label ?? '',
        })
        .commit();
    }
    await drained(output);
    // A short batch was the last.
    if (page.length < size) break;
    size = Math.min(EXPORT_BATCH_SIZE, size * 2);
    page = await readAfter(page.at(-1)?.id ?? 0, size);
    paths = await pathTexts(
      ctx.db,
      page.map((row) => row.id),
      language,
    );
  }
  sheet.commit();
  await workbook.commit();
}

type BatchRow = Awaited<ReturnType<ReturnType<typeof batchReader>>>[number];
