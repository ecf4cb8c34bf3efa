import type { Writable } from 'node:stream';
import {
  DATASET_TAGS_SEPARATOR,
  type datasetListQuerySchema,
  itemTitleIn,
  type Language,
} from '@shortlist/contract';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isTeamAdminCondition, requireTeamAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import {
  dataModels,
  datasets,
  formSubmissions,
  intakeForms,
  issueDatasets,
  issues,
  reviewStatuses,
  reviews,
} from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { drained } from '../../http/download.ts';
import { preparedPerShape } from '../../http/prepared.ts';
import {
  type DatasetFilterShape,
  filterShapeOf,
  filterValuesOf,
  placeholderConditions,
} from '../../item-reads/dataset-filters.ts';
import { writeWorkbookOffThread } from '../../threads/workbook.ts';
import { pathText, promotionStepsJson } from '../rounds/path.ts';

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
 * selections and review statuses are the team's data and stay as written, but an erased item's title.
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

const p = sql.placeholder;

/**
 * The items the filters match after `lastId`, by id, at most `size`, with what the sheet shows of each and
 * nothing more: the items table's columns, each cell as PostgreSQL writes it, the item type's title and
 * the path's steps among them (each read apart was a statement more per batch). Not the answers, which the
 * sheet does not show: reading them cost each batch its items' every answer as JSON. Built once per shape
 * of filters, planned at each run with its values, as the list's page is (decision 83): an export of a
 * million items reads a thousand batches, and Drizzle's building each took 0.3–0.5 ms of CPU.
 */
const batchStatement = preparedPerShape(
  'datasets_export',
  (db, shape: DatasetFilterShape, name) => {
    // The review the list shows: within the selection it is filtered by, otherwise the item's own.
    const ofSelection = shape.filters.issue ? eq(reviews.issueId, p('issue')) : isNull(reviews.issueId);
    return db
      .select({
        id: datasets.id,
        title: datasets.title,
        typeTitle: dataModels.title,
        tags: datasets.tags,
        createTime: datasets.createTime,
        form: sql<string | null>`(select ${intakeForms.title} from ${intakeForms}
          where ${intakeForms.dataModelId} = ${datasets.dataModelId})`,
        submittedAt: formSubmissions.createTime,
        submissionEmail: formSubmissions.email,
        submissionStatus: formSubmissions.status,
        contactEmail: datasets.contactEmail,
        selections: sql<string>`coalesce((select string_agg(${issues.title}, '; ' order by ${issues.title}, ${issues.id})
          from ${issueDatasets} join ${issues} on ${issues.id} = ${issueDatasets.issueId}
          where ${issueDatasets.datasetId} = ${datasets.id}), '')`,
        status: sql<string | null>`(select ${reviewStatuses.label} from ${reviews}
          join ${reviewStatuses} on ${reviewStatuses.id} = ${reviews.statusId}
          where ${reviews.datasetId} = ${datasets.id} and ${ofSelection})`,
        steps: promotionStepsJson(datasets.id),
      })
      .from(datasets)
      .innerJoin(dataModels, eq(dataModels.id, datasets.dataModelId))
      .leftJoin(formSubmissions, eq(formSubmissions.datasetId, datasets.id))
      .where(
        and(
          placeholderConditions(db, shape),
          isTeamAdminCondition(p('caller'), p('team')),
          gt(datasets.id, p('lastId')),
        ),
      )
      .orderBy(asc(datasets.id))
      .limit(p('size'))
      .prepare(name('batch'));
  },
  { planEachRun: true },
);

/** The reader of the export's batches, each row's path in the admin's language. */
function batchReader(ctx: AppContext, caller: number, query: ListQuery, language: Language) {
  const filterValues = filterValuesOf(query);
  const statement = batchStatement(ctx.db, filterShapeOf(filterValues));
  return async (lastId: number, size: number) => {
    const rows = await statement.execute({ ...filterValues, caller, lastId, size });
    return rows.map(({ steps, ...row }) => ({ ...row, path: pathText(steps, language) }));
  };
}

/**
 * Reads the export's first rows, then gives the writer of its workbook: the reply's status follows the
 * first query (a query that fails answers 500, not a cut download), and its first byte comes once a row
 * is ready, whatever the number of items (decision 83). The caller's right is a condition of that query
 * (`isTeamAdminCondition`): an empty first batch tells it apart, not admin (404) or nothing to export.
 */
export async function openDatasetsExport(
  ctx: AppContext,
  user: UserRow,
  query: ListQuery,
  language: Language,
) {
  const readAfter = batchReader(ctx, user.id, query, language);
  const first = await readAfter(0, EXPORT_FIRST_BATCH_SIZE);
  if (first.length === 0) await requireTeamAdmin(ctx, user, query.team);
  return (output: Writable) => writeDatasetsWorkbook(output, { first, readAfter, language });
}

/**
 * The items page as a spreadsheet: the items its filters match (paging aside), with the table's columns
 * (item type, tags, dates, linked form, submission, selections, review status). Answers differ by item
 * type; the item type's own export (`data-models/{id}/export_excel/`) has one column per field. A
 * download the client leaves stops the reading at its next batch.
 */
async function writeDatasetsWorkbook(
  output: Writable,
  {
    first,
    readAfter,
    language,
  }: { first: BatchRow[]; readAfter: ReturnType<typeof batchReader>; language: Language },
) {
  const words = WORDS[language];
  let page = first;
  // The event loop turns once, the headers leave, and a download already left (a double click, a cancel)
  // starts no workbook: the writer's set-up costs more than the statement before the reply.
  await drained(output);
  await writeWorkbookOffThread(output, async (workbook) => {
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
        sheet.addRow({
          id: row.id,
          title: itemTitleIn(row.title, language),
          type: row.typeTitle,
          tags: row.tags.join(DATASET_TAGS_SEPARATOR),
          created: row.createTime,
          form: row.form ?? '',
          submitted: row.submittedAt,
          email: row.submissionEmail ?? '',
          contact: row.contactEmail ?? '',
          state: row.submissionStatus
            ? words.states[row.submissionStatus === 'submitted' ? 'submitted' : 'draft']
            : '',
          issues: row.selections,
          path: row.path,
          status: row.status ?? '',
        });
      }
      await workbook.flush();
      // A short batch was the last.
      if (page.length < size) break;
      size = Math.min(EXPORT_BATCH_SIZE, size * 2);
      page = await readAfter(page.at(-1)?.id ?? 0, size);
    }
    sheet.commit();
  });
}

type BatchRow = Awaited<ReturnType<ReturnType<typeof batchReader>>>[number];
