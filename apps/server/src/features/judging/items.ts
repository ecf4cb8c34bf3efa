import type { AnswerViewDetail, AnswerViewItem, TextFormat } from '@shortlist/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import {
  datasets,
  datumFields,
  datumValues,
  issueAccessDatasets,
  issueDatasets,
} from '../../db/schema/index.ts';
import type { Answerer } from './answerer.ts';
import { type Blind, judgeFileName, shownAnswers, withJudgeTitles } from './blind.ts';

/** The selection's items the answerer may see: all of them, or the judge's subset when access is per item. */
function accessibleCondition(ctx: AppContext, answerer: Answerer): SQL | undefined {
  const inIssue = eq(issueDatasets.issueId, answerer.issue.id);
  if (answerer.kind === 'preview' || answerer.issue.accessAllItems) return inIssue;
  const subset = ctx.db
    .select({ id: issueAccessDatasets.datasetId })
    .from(issueAccessDatasets)
    .where(eq(issueAccessDatasets.accessId, answerer.access.id));
  return and(inIssue, inArray(issueDatasets.datasetId, subset));
}

/** The ids of the items the answerer may see, as a subquery (for `inArray`). */
export function accessibleItemIds(ctx: AppContext, answerer: Answerer) {
  return ctx.db
    .select({ id: issueDatasets.datasetId })
    .from(issueDatasets)
    .where(accessibleCondition(ctx, answerer));
}

/** The ids of the items the answerer may answer, for checking a submission. */
export async function loadAccessibleItemIds(ctx: AppContext, answerer: Answerer): Promise<Set<number>> {
  const rows = await accessibleItemIds(ctx, answerer);
  return new Set(rows.map((row) => row.id));
}

/**
 * The items of the answer page, alphabetical (by number when blind review hides the titles: the order
 * must not tell the hidden titles), or in an order shuffled per judge (stable across reloads, different
 * between judges) when the selection asks for a random order. Blind review applies (`blind.ts`).
 */
export async function loadAnswerItems(
  ctx: AppContext,
  answerer: Answerer,
  blind: Blind,
): Promise<AnswerViewItem[]> {
  const seed = answerer.kind === 'judge' ? answerer.access.id : 0;
  let order = [sql`lower(${datasets.title})`, asc(datasets.id)];
  if (blind.titlesHidden) order = [asc(issueDatasets.number)];
  if (answerer.issue.randomOrder) order = [sql`md5(${datasets.id}::text || ':' || ${String(seed)})`];
  const rows = await ctx.db
    .select({
      id: datasets.id,
      number: issueDatasets.number,
      title: datasets.title,
      description: datasets.description,
      tags: datasets.tags,
    })
    .from(issueDatasets)
    .innerJoin(datasets, eq(datasets.id, issueDatasets.datasetId))
    .where(accessibleCondition(ctx, answerer))
    .orderBy(...order);
  const numbers = new Map(rows.map((row) => [row.id, row.number]));
  const details = answerer.issue.judgesCanLoadDatasetDetails
    ? await loadDetails(ctx, answerer, blind, numbers)
    : new Map<number, AnswerViewDetail[]>();
  const items = rows.map((row) => ({ ...row, details: details.get(row.id) ?? [] }));
  return withJudgeTitles(ctx, blind, items, accessibleItemIds(ctx, answerer));
}

/**
 * The items' answers to the fields shown on selections (on_issues) and not hidden by blind review, in
 * field order, in one query. The items by their subquery rather than a list of ids: 2,000 parameters took
 * longer to build and bind than the query took to run. Under blind review a file goes by a neutral name.
 */
async function loadDetails(ctx: AppContext, answerer: Answerer, blind: Blind, numbers: Map<number, number>) {
  const byItem = new Map<number, AnswerViewDetail[]>();
  const rows = await ctx.db
    .select({ value: datumValues, label: datumFields.label, format: datumFields.textFormat })
    .from(datumValues)
    .innerJoin(datumFields, eq(datumFields.id, datumValues.datumFieldId))
    .where(
      and(
        inArray(datumValues.datasetId, accessibleItemIds(ctx, answerer)),
        eq(datumFields.onIssues, true),
        shownAnswers(blind),
      ),
    )
    .orderBy(asc(datumFields.order), asc(datumFields.id));
  for (const { value, label, format } of rows) {
    const ofItem = byItem.get(value.datasetId) ?? [];
    const name =
      value.fileKey && blind.active
        ? judgeFileName(numbers.get(value.datasetId) ?? 0, ofItem.length, value)
        : undefined;
    ofItem.push({
      label,
      resourcetype: value.resourcetype,
      format: format as TextFormat | null,
      response: value.response,
      json_response: value.jsonResponse,
      filename: name ?? value.filename,
      mime_type: value.fileKey ? value.mimeType : null,
      file_url_signed: value.fileKey ? ctx.files.signedUrl(value.fileKey, undefined, name) : null,
    });
    byItem.set(value.datasetId, ofItem);
  }
  return byItem;
}
