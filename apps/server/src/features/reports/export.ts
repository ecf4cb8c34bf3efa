import type { Writable } from 'node:stream';
import { itemTitleIn, type Language, REPORT_VALUE_DECIMALS, type ReportFilters } from '@shortlist/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { groupRows } from '../../db/group-rows.ts';
import { chunk, idList, selectRows } from '../../db/raw-rows.ts';
import { datasets, datumFields, datumValues, issueQuestions } from '../../db/schema/index.ts';
import { itemsAPart, VALUES_A_STATEMENT } from '../../item-reads/item-parts.ts';
import { type ItemValueRow, itemOrderQuery, selectItemValues } from '../../item-reads/item-values.ts';
import { judgesCte, judgeValuesCte, type ValueFilters } from '../../item-reads/judge-values.ts';
import { type WorkbookOffThread, writeWorkbookOffThread } from '../../threads/workbook.ts';
import { writeAgreementSheet } from '../agreement/export-sheet.ts';
import { answerCells, fieldColumns } from '../item-types/export.ts';
import { pathTexts } from '../rounds/path.ts';
import { getIssueTopK } from '../top-k/service.ts';
import { topKCells, topKColumns } from '../top-k/sheet.ts';
import { foldReportChanges } from './fold.ts';
import { toValueFilters } from './summary.ts';

/** Items per query for the item-field columns, and comments per query. */
const EXPORT_BATCH_SIZE = 500;
/**
 * Judge values per query of the judge × item sheet: its batches hold as many items as fit, so that the
 * memory of a batch stays the same whatever the number of judges (500 items × 300 judges held 150,000
 * values and their cells at once). On the embedded engine, fewer (`VALUES_A_STATEMENT`): a statement of
 * 15,000 values held the event loop 32–41 ms (decision 231).
 */
const EXPORT_VALUES_PER_BATCH = 15_000;
/**
 * What an item's row of the ranking sheet weighs against `VALUES_A_STATEMENT` on the embedded engine: its
 * stored figures and criteria, read and parsed, cost about ten judges' values (250 items a statement).
 */
const RANKING_VALUES_AN_ITEM = 10;

/**
 * The sheets' words in the exporting admin's language, the report page's. Titles, tags, criteria, e-mails
 * and comments are the team's data and stay as written, but an erased item's title (`itemTitleIn`).
 */
const WORDS = {
  en: {
    ranking: 'Ranking',
    judges: 'Judges',
    comments: 'Comments',
    rank: 'Rank',
    id: 'ID',
    title: 'Title',
    tags: 'Tags',
    values: {
      RatingIssue: 'Average rating',
      TokenIssue: 'Tokens',
      SelectionIssue: 'Picks',
      TextIssue: 'Comments',
      RankedIssue: 'Borda count',
    } as Record<string, string>,
    value: 'Value',
    answers: 'Answers',
    accessors: 'Judges with access',
    range: 'Range',
    shift: 'Rank shift',
    path: 'Path',
    itemId: 'Item ID',
    item: 'Item',
    judge: 'Judge',
    question: 'Question',
    comment: 'Comment',
    shared: 'Shared',
    date: 'Date',
  },
  fr: {
    ranking: 'Classement',
    judges: 'Juges',
    comments: 'Commentaires',
    rank: 'Rang',
    id: 'ID',
    title: 'Titre',
    tags: 'Étiquettes',
    values: {
      RatingIssue: 'Note moyenne',
      TokenIssue: 'Jetons',
      SelectionIssue: 'Sélections',
      TextIssue: 'Commentaires',
      RankedIssue: 'Points Borda',
    } as Record<string, string>,
    value: 'Valeur',
    answers: 'Réponses',
    accessors: 'Juges ayant accès',
    range: 'Étendue',
    shift: 'Écart de rang',
    path: 'Parcours',
    itemId: 'ID de l’élément',
    item: 'Élément',
    judge: 'Juge',
    question: 'Critère',
    comment: 'Commentaire',
    shared: 'Partagé',
    date: 'Date',
  },
} as const;

type FieldRow = typeof datumFields.$inferSelect;

/** One batch's item fields, keyed `f<field id>`, per item. */
async function readItemFields(ctx: AppContext, datasetIds: number[], fields: FieldRow[], language: Language) {
  const values = await ctx.db.select().from(datumValues).where(inArray(datumValues.datasetId, datasetIds));
  const byItem = groupRows(values, (value) => value.datasetId);
  return new Map([...byItem].map(([id, ofItem]) => [id, answerCells(ofItem, fields, language)]));
}

/**
 * Sheet 1: rank, item, tags, value, per-criterion averages, answers and judges with access, σ and range, the rank shift
 * of a normalised report, item fields if asked.
 */
async function writeRanking(
  ctx: AppContext,
  workbook: WorkbookOffThread,
  input: {
    issue: IssueRow;
    filters: ReportFilters;
    includeDataset: boolean;
    language: Language;
    k?: number | undefined;
  },
) {
  const { issue, filters, includeDataset, language, k } = input;
  const words = WORDS[language];
  // The top k's probabilities first: the bootstrap reads the judges' values, and the sheet then streams.
  const topK =
    k === undefined ? undefined : topKCells(await getIssueTopK(ctx, issue, filters, { k }), language);
  const questions = await ctx.db
    .select()
    .from(issueQuestions)
    .where(eq(issueQuestions.issueId, issue.id))
    .orderBy(asc(issueQuestions.id));
  const chosen = questions.filter((q) => !filters.criteria?.length || filters.criteria.includes(q.id));
  const fields = includeDataset
    ? await ctx.db
        .select()
        .from(datumFields)
        .where(
          inArray(
            datumFields.dataModelId,
            ctx.db
              .selectDistinct({ id: datasets.dataModelId })
              .from(datasets)
              .where(
                sql`${datasets.id} IN (SELECT dataset_id FROM issue_datasets WHERE issue_id = ${issue.id})`,
              ),
          ),
        )
        .orderBy(asc(datumFields.dataModelId), asc(datumFields.order), asc(datumFields.id))
    : [];
  const sheet = workbook.addWorksheet(words.ranking);
  sheet.columns = [
    { header: words.rank, key: 'rank', width: 6 },
    { header: words.id, key: 'id', width: 8 },
    { header: words.title, key: 'title', width: 40 },
    { header: words.tags, key: 'tags', width: 24 },
    { header: words.values[issue.resourcetype] ?? words.value, key: 'value', width: 14 },
    ...chosen.map((q) => ({ header: q.title, key: `q${q.id}`, width: 16 })),
    { header: words.answers, key: 'answers', width: 10 },
    { header: words.accessors, key: 'accessors', width: 10 },
    { header: 'σ', key: 'stdev', width: 8 },
    { header: words.range, key: 'range', width: 8 },
    ...(filters.normalised ? [{ header: words.shift, key: 'shift', width: 10 }] : []),
    ...(topK && k !== undefined ? topKColumns(k, language) : []),
    { header: words.path, key: 'path', width: 40 },
    ...fieldColumns(fields),
  ];
  const rows: ItemValueRow[] = [];
  for await (const batch of rankingBatches(ctx, issue.id, toValueFilters(filters))) {
    rows.push(...batch);
    const paths = await pathTexts(
      ctx.db,
      batch.map((row) => row.dataset_id),
      language,
    );
    const itemFields = includeDataset
      ? await readItemFields(
          ctx,
          batch.map((row) => row.dataset_id),
          fields,
          language,
        )
      : new Map();
    for (const row of batch) {
      const criteria = Object.fromEntries(row.criteria.map((c) => [`q${c.question}`, c.average]));
      sheet.addRow({
        // As on the report page: a rating nobody gave has no rank.
        rank: row.value === null ? null : row.rank,
        id: row.dataset_id,
        title: itemTitleIn(row.title, language),
        tags: row.tags.join(';'),
        value: row.value,
        ...criteria,
        answers: row.nb_answers,
        accessors: row.nb_accessors,
        stdev: row.stdev,
        range: row.range,
        shift: row.value === null ? null : row.raw_rank - row.rank,
        ...topK?.get(row.dataset_id),
        path: paths.get(row.dataset_id) ?? '',
        ...itemFields.get(row.dataset_id),
      });
    }
    await workbook.flush();
  }
  sheet.commit();
  return rows;
}

/**
 * The ranking sheet's rows in batches, in the ranking's order. PostgreSQL reads them in one statement. The
 * embedded engine, whose statements hold the event loop, reads the order first, then the items' figures in
 * parts, each statement in a turn of its own (decisions 233, 235): the one statement held it 24 ms at 1,000 items, the
 * order 8–10 and a part of 250 items 10.
 */
async function* rankingBatches(ctx: AppContext, issueId: number, filters: ValueFilters) {
  const itemsAStatement = itemsAPart(RANKING_VALUES_AN_ITEM, VALUES_A_STATEMENT[ctx.engine]);
  if (itemsAStatement === Number.POSITIVE_INFINITY) {
    yield* chunk(await selectItemValues(ctx.db, [issueId], filters), EXPORT_BATCH_SIZE);
    return;
  }
  const order = await selectRows<Pick<ItemValueRow, 'dataset_id' | 'rank' | 'raw_rank'>>(
    ctx.db,
    itemOrderQuery([issueId], filters),
  );
  for (const part of chunk(order, Math.min(itemsAStatement, EXPORT_BATCH_SIZE))) {
    const figures = await selectItemValues(ctx.db, [issueId], filters, {
      datasetIds: part.map((item) => item.dataset_id),
    });
    const byItem = new Map(figures.map((row) => [row.dataset_id, row]));
    // The ranks are the order's: a part's own are among its items only. An item gone since is skipped.
    yield part.flatMap(({ dataset_id, rank, raw_rank }) => {
      const row = byItem.get(dataset_id);
      return row ? [{ ...row, rank, raw_rank }] : [];
    });
  }
}

/** Sheet 2: one row per item (ranking order), one column per judge holding that judge's value. */
async function writeJudgeValues(
  ctx: AppContext,
  workbook: WorkbookOffThread,
  input: {
    issue: IssueRow;
    filters: ReportFilters;
    items: { dataset_id: number; title: string }[];
    language: Language;
  },
) {
  const { issue, filters, items, language } = input;
  const words = WORDS[language];
  const judges = await selectRows<{ user_id: number; email: string }>(
    ctx.db,
    sql`WITH judges AS NOT MATERIALIZED (${judgesCte([issue.id], filters.only_verified_emails)})
      SELECT j.user_id, u.email FROM judges j JOIN users u ON u.id = j.user_id ORDER BY lower(u.email)`,
  );
  const sheet = workbook.addWorksheet(words.judges);
  sheet.columns = [
    { header: words.id, key: 'id', width: 8 },
    { header: words.title, key: 'title', width: 40 },
    ...judges.map((judge) => ({ header: judge.email, key: `u${judge.user_id}`, width: 14 })),
  ];
  const decimals = sql.raw(String(REPORT_VALUE_DECIMALS));
  // Each judge's column, from the third on: a row is an array with a hole where the judge gave nothing.
  const columnOf = new Map(judges.map((judge, index) => [judge.user_id, index + 2]));
  // A subset of criteria is recomputed from the answers: an item then counts its judges' answers.
  const itemsPerBatch = itemsAPart(
    judges.length * Math.max(1, filters.criteria?.length ?? 0),
    Math.min(EXPORT_VALUES_PER_BATCH, VALUES_A_STATEMENT[ctx.engine]),
  );
  for (const batch of chunk(items, itemsPerBatch)) {
    const ids = batch.map((item) => item.dataset_id);
    // One row per item, its judges and their values as two comma-separated texts (a value's shortest
    // exact text, empty for none): an object per value, or pg's parsing of arrays character by character,
    // made most of the export's garbage, and the heap grew with it (issue 14: peak RSS at 3M answers).
    const rows = await selectRows<{ dataset_id: number; user_ids: string; judge_values: string }>(
      ctx.db,
      sql`WITH judges AS NOT MATERIALIZED (${judgesCte([issue.id], filters.only_verified_emails)}),
        judge_values AS (${judgeValuesCte([issue.id], filters.criteria, ids)})
        SELECT dataset_id, string_agg(user_id::text, ',' ORDER BY user_id) AS user_ids,
          string_agg(coalesce(round(value::numeric, ${decimals})::float8::text, ''), ',' ORDER BY user_id)
          AS judge_values
        FROM judge_values WHERE dataset_id IN (${idList(ids)}) GROUP BY dataset_id`,
    );
    const byItem = new Map(rows.map((row) => [row.dataset_id, row]));
    for (const item of batch) {
      const cells: unknown[] = [item.dataset_id, itemTitleIn(item.title, language)];
      cells.length = judges.length + 2;
      const row = byItem.get(item.dataset_id);
      if (row) {
        const values = row.judge_values.split(',');
        row.user_ids.split(',').forEach((userId, index) => {
          const column = columnOf.get(Number(userId));
          const value = values[index];
          if (column !== undefined) cells[column] = value ? Number(value) : null;
        });
      }
      sheet.addRow(cells);
    }
    await workbook.flush();
  }
  sheet.commit();
}

/** Sheet 3: every comment, read in batches by id. */
async function writeComments(
  ctx: AppContext,
  workbook: WorkbookOffThread,
  input: { issue: IssueRow; filters: ReportFilters; language: Language },
) {
  const { issue, filters } = input;
  const words = WORDS[input.language];
  const sheet = workbook.addWorksheet(words.comments);
  sheet.columns = [
    { header: words.itemId, key: 'dataset_id', width: 8 },
    { header: words.item, key: 'title', width: 40 },
    { header: words.judge, key: 'email', width: 30 },
    { header: words.question, key: 'question', width: 30 },
    { header: words.comment, key: 'content', width: 60 },
    { header: words.shared, key: 'shared', width: 8 },
    { header: words.date, key: 'create_time', width: 20 },
  ];
  let lastId = 0;
  for (;;) {
    const page = await selectRows<Record<string, unknown> & { id: number }>(
      ctx.db,
      sql`WITH judges AS NOT MATERIALIZED (${judgesCte([issue.id], filters.only_verified_emails)})
        SELECT c.id, c.dataset_id, d.title, u.email, q.title AS question, c.content, c.shared, c.create_time
        FROM issue_comments c
        JOIN judges j ON j.user_id = c.user_id
        JOIN users u ON u.id = c.user_id
        JOIN datasets d ON d.id = c.dataset_id
        LEFT JOIN issue_questions q ON q.id = c.question_id
        WHERE c.issue_id = ${issue.id} AND c.id > ${lastId}
        ORDER BY c.id LIMIT ${EXPORT_BATCH_SIZE}`,
    );
    if (page.length === 0) break;
    for (const { id: _id, create_time, title, ...comment } of page) {
      const row = { ...comment, title: itemTitleIn(String(title), input.language) };
      sheet.addRow({ ...row, create_time: new Date(create_time as string) });
    }
    lastId = page.at(-1)?.id ?? lastId;
    await workbook.flush();
  }
  sheet.commit();
}

/**
 * Writes a selection's report as an xlsx workbook to `output` while reading it in batches:
 * the ranking, each judge's value per item, the comments, and the agreement between judges.
 */
export async function writeReportWorkbook(
  ctx: AppContext,
  input: {
    issue: IssueRow;
    filters: ReportFilters;
    includeDataset: boolean;
    language: Language;
    /** Adds each item's probability of the top k and its verdict (docs/judging.md). */
    k?: number | undefined;
  },
  output: Writable,
) {
  await foldReportChanges(ctx.db, [input.issue.id], { normalised: input.filters.normalised === true });
  await writeWorkbookOffThread(output, async (workbook) => {
    const items = await writeRanking(ctx, workbook, input);
    await writeJudgeValues(ctx, workbook, { ...input, items });
    await writeComments(ctx, workbook, input);
    await writeAgreementSheet(ctx, workbook, input.issue, toValueFilters(input.filters), input.language);
  });
}
