import { invalidPkMessage, type Merge, type PromoteInput, type PromoteSelector } from '@shortlist/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { idList, selectRows } from '../../db/raw-rows.ts';
import { tags } from '../../db/schema/index.ts';
import { hasTag } from '../../db/tag-match.ts';
import { fieldErrors } from '../../http/errors.ts';
import { getMergeResults } from '../merges/results.ts';
import type { RankedItem } from '../reports/ranking.ts';

/** A merge's ranking as its results show it (raw or normalised): the merged average and rank. */
export async function mergeRanking(ctx: AppContext, merge: Merge, input: PromoteInput) {
  const results = await getMergeResults(ctx, merge, { normalised: input.normalised });
  return results.order.map((id): RankedItem => {
    const row = results.datasets[String(id)];
    return {
      datasetId: id,
      title: row?.title ?? '',
      rank: row?.average == null ? null : row.rank,
      value: row?.average ?? null,
    };
  });
}

/** The item tag a `tag` names: the text itself, or the name of the team's tag of that id. */
async function tagName(ctx: AppContext, teamId: number, tag: number | string) {
  if (typeof tag === 'string') return tag;
  const [row] = await ctx.db
    .select({ name: tags.name })
    .from(tags)
    .where(and(eq(tags.id, tag), eq(tags.teamId, teamId)));
  if (!row) throw fieldErrors({ tag: [invalidPkMessage(tag)] });
  return row.name;
}

/** The ids among `ids` whose item carries the tag, as every tag filter matches it (`hasTag`). */
async function withTag(ctx: AppContext, ids: number[], name: string) {
  if (ids.length === 0) return new Set<number>();
  const rows = await selectRows<{ id: number }>(
    ctx.db,
    sql`SELECT id FROM datasets WHERE id IN (${idList(ids)})
      AND ${hasTag(sql`tags`, name)}`,
  );
  return new Set(rows.map((row) => row.id));
}

/** Which selector the (validated) body uses. */
export const selectorOf = (input: PromoteInput): PromoteSelector =>
  input.top !== undefined
    ? 'top'
    : input.min_value !== undefined
      ? 'min_value'
      : input.tag !== undefined
        ? 'tag'
        : 'datasets';

/**
 * The items of the ranking the body chooses, in the ranking's order: rank ≤ top (ties at the cut all go,
 * unranked never), value ≥ min_value, carrying the tag, or the named ones (each must be in the ranking).
 */
export async function chooseItems(
  ctx: AppContext,
  teamId: number,
  ranking: RankedItem[],
  input: PromoteInput,
): Promise<RankedItem[]> {
  const { top, min_value: minValue, tag, datasets } = input;
  if (top !== undefined) return ranking.filter((item) => item.rank !== null && item.rank <= top);
  if (minValue !== undefined) return ranking.filter((item) => item.value !== null && item.value >= minValue);
  if (tag !== undefined) {
    const tagged = await withTag(
      ctx,
      ranking.map((item) => item.datasetId),
      await tagName(ctx, teamId, tag),
    );
    return ranking.filter((item) => tagged.has(item.datasetId));
  }
  const wanted = new Set(datasets);
  const inRanking = new Set(ranking.map((item) => item.datasetId));
  const missing = [...wanted].filter((id) => !inRanking.has(id));
  if (missing.length > 0) throw fieldErrors({ datasets: missing.slice(0, 10).map(invalidPkMessage) });
  return ranking.filter((item) => wanted.has(item.datasetId));
}
