import { BID_ITEM_SUMMARY_MAX_LENGTH } from '@shortlist/contract';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { datasets, datumFields, datumValues, issueDatasets } from '../../db/schema/index.ts';
import { loadBlind, shownAnswers, withJudgeTitles } from '../judging/blind.ts';

export interface ItemText {
  id: number;
  /** The item's number in the selection. */
  number: number;
  /** The title as judges see it ("Item 7" under blind review, which the page writes in its language). */
  title: string;
  title_hidden: boolean;
  /** Everything a judge reads of the item: title, description and the answers shown to judges. */
  text: string;
}

/**
 * The selection's items as its judges read them (blind rules apply: a hidden question's answer, a hidden
 * title or the contact repeated never enters), in the order of their numbers. What the text affinity and
 * the bidding list see: the answer page's own rules (`judging/items.ts`), answers only where the
 * selection lets judges load details.
 */
export async function loadItemTexts(
  ctx: AppContext,
  issue: IssueRow,
  itemIds?: number[],
): Promise<ItemText[]> {
  const blind = await loadBlind(ctx, issue);
  const rows = await ctx.db
    .select({
      id: datasets.id,
      number: issueDatasets.number,
      title: datasets.title,
      description: datasets.description,
    })
    .from(issueDatasets)
    .innerJoin(datasets, eq(datasets.id, issueDatasets.datasetId))
    .where(and(eq(issueDatasets.issueId, issue.id), itemIds ? inArray(datasets.id, itemIds) : undefined))
    .orderBy(asc(issueDatasets.number), asc(datasets.id));
  const answers = new Map<number, string[]>();
  if (issue.judgesCanLoadDatasetDetails && rows.length > 0) {
    const values = await ctx.db
      .select({ item: datumValues.datasetId, response: datumValues.response })
      .from(datumValues)
      .innerJoin(issueDatasets, eq(issueDatasets.datasetId, datumValues.datasetId))
      .innerJoin(datumFields, eq(datumFields.id, datumValues.datumFieldId))
      .where(
        and(
          eq(issueDatasets.issueId, issue.id),
          itemIds ? inArray(datumValues.datasetId, itemIds) : undefined,
          eq(datumFields.onIssues, true),
          isNotNull(datumValues.response),
          shownAnswers(blind),
        ),
      )
      .orderBy(asc(datumFields.order), asc(datumFields.id));
    for (const { item, response } of values) {
      const list = answers.get(item) ?? [];
      list.push(response ?? '');
      answers.set(item, list);
    }
  }
  const titled = await withJudgeTitles(ctx, blind, rows);
  return titled.map((row) => ({
    id: row.id,
    number: row.number,
    title: row.title,
    title_hidden: row.title_hidden,
    text: [row.title_hidden ? '' : row.title, row.description ?? '', ...(answers.get(row.id) ?? [])].join(
      '\n',
    ),
  }));
}

/** The start of an item's text as one line, for the bidding list. */
export function summaryOf(item: ItemText): string {
  const body = item.text.replace(/\s+/g, ' ').trim();
  const withoutTitle = body.startsWith(item.title) ? body.slice(item.title.length).trim() : body;
  return withoutTitle.length > BID_ITEM_SUMMARY_MAX_LENGTH
    ? `${withoutTitle.slice(0, BID_ITEM_SUMMARY_MAX_LENGTH - 1)}…`
    : withoutTitle;
}
