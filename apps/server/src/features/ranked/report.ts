import {
  NOT_RANKED,
  RANKED_MATRIX_MAX,
  RANKED_UNORDERED_MAX,
  type RankedItem,
  type RankedReport,
  SCHULZE_MAX,
} from '@shortlist/contract';
import { sql } from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { selectRows } from '../../db/raw-rows.ts';
import { refusal } from '../../http/errors.ts';
import { itemsCte } from '../../item-reads/item-values.ts';
import { judgesCte } from '../../item-reads/judge-values.ts';
import { countPreferences, type BallotFilters as Filters } from './preferences.ts';
import { condorcetWinnerOf, schulzeCandidates, schulzeOpenPairs } from './schulze.ts';
import { schulzeOffThread } from './schulze-thread.ts';

/**
 * The ballots under the filters: each judge's ranked items with their points. Every answer is a current
 * judge's (removing a judge deletes their answers), so the judges are joined only to keep the verified ones:
 * joined always, they cost two lookups an answer, most of the statement on tables without statistics.
 */
function ballotsCtes(issue: IssueRow, filters: Filters) {
  const verified = filters.only_verified_emails
    ? sql`JOIN (${judgesCte([issue.id], true)}) j ON j.issue_id = ans.issue_id AND j.user_id = ans.user_id`
    : sql``;
  return sql`${itemsCte([issue.id], filters.tags)},
    ballots AS (
      SELECT ans.user_id, ans.dataset_id, ans.value
      FROM issue_answers ans
      JOIN items it ON it.issue_id = ans.issue_id AND it.dataset_id = ans.dataset_id
      ${verified}
      WHERE ans.issue_id = ${issue.id}
    )`;
}

interface BordaRow {
  dataset_id: number;
  title: string;
  borda: number;
  first_places: number;
  nb_ballots: number;
  borda_rank: number | null;
}

/** Borda counts in SQL: the sum of each item's points over the ballots, ranked (1, 2, 2, 4). */
function bordaQuery(issue: IssueRow, filters: Filters) {
  return sql`WITH ${ballotsCtes(issue, filters)}
    SELECT it.dataset_id, it.title, coalesce(sum(b.value), 0)::int AS borda,
      (count(*) FILTER (WHERE b.value = ${issue.nbRanked ?? 0}))::int AS first_places,
      count(b.user_id)::int AS nb_ballots,
      CASE WHEN count(b.user_id) > 0 THEN (rank() OVER (ORDER BY coalesce(sum(b.value), 0) DESC))::int END
        AS borda_rank,
      (SELECT count(DISTINCT user_id) FROM ballots)::int AS total_ballots
    FROM items it LEFT JOIN ballots b ON b.dataset_id = it.dataset_id
    GROUP BY it.dataset_id, it.title
    ORDER BY borda DESC, lower(it.title), it.dataset_id`;
}

/**
 * `GET issues/{id}/ranked_report/`: Borda and Schulze side by side. Schulze runs over the items on at least
 * one ballot (an item on none is beaten by every one of them and shares the last place, unranked), at most
 * SCHULZE_MAX of them (`schulzeCandidates`); the Condorcet winner is found over them all.
 */
export async function getRankedReport(
  ctx: AppContext,
  issue: IssueRow,
  filters: Filters,
): Promise<RankedReport> {
  if (issue.resourcetype !== 'RankedIssue')
    throw refusal(NOT_RANKED, 'This selection does not take ranked ballots.');
  // One snapshot for Borda and the pages of ballots, so that a ballot arriving meanwhile is in both or neither.
  const { borda, onBallots, all } = await ctx.db.transaction(
    async (tx) => {
      const borda = await selectRows<BordaRow & { total_ballots: number }>(tx, bordaQuery(issue, filters));
      const onBallots = borda.filter((row) => row.nb_ballots > 0).map((row) => row.dataset_id);
      return { borda, onBallots, all: await countPreferences(tx, issue, filters, onBallots) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const m = onBallots.length;
  const winner = condorcetWinnerOf(m, (i, j) => all[i * m + j] ?? 0);
  // Indexes into `onBallots`, in Borda's order (the rows').
  const chosen = schulzeCandidates([...onBallots.keys()], winner, SCHULZE_MAX);
  const candidates = chosen.map((i) => onBallots[i] as number);
  const index = new Map(candidates.map((id, i) => [id, i]));
  const n = chosen.length;
  const d = new Int32Array(n * n);
  chosen.forEach((i, a) => {
    chosen.forEach((j, b) => {
      d[a * n + b] = all[i * m + j] as number;
    });
  });
  // `d` goes to the worker, which takes it: the shown preferences are read from `all`.
  const result = await schulzeOffThread(n, d);
  const open = schulzeOpenPairs(n, result.strongest);
  const items: RankedItem[] = borda.map(({ total_ballots: _, ...row }) => {
    const i = index.get(row.dataset_id);
    return {
      ...row,
      schulze_rank: i === undefined ? null : (result.ranks[i] ?? null),
      schulze_last_place: i === undefined ? null : (open.lastPlaces[i] ?? null),
      schulze_unordered: [],
      schulze_unordered_count: i === undefined ? 0 : (open.unordered[i]?.length ?? 0),
    };
  });
  // Schulze's order first, Borda's to part its ties, then the title: the rows come in Borda's order.
  items.sort(
    (a, b) =>
      (a.schulze_rank ?? Number.POSITIVE_INFINITY) - (b.schulze_rank ?? Number.POSITIVE_INFINITY) ||
      b.borda - a.borda,
  );
  nameUnordered(items, candidates, index, open.unordered);
  const shown = items.slice(0, RANKED_MATRIX_MAX).filter((item) => index.has(item.dataset_id));
  const at = new Map(onBallots.map((id, i) => [id, i]));
  // The shown items' cells of a flat matrix of `size` items placed by `place`.
  const of = (matrix: Int32Array, size: number, place: Map<number, number>) =>
    shown.map((a) =>
      shown.map((b) => matrix[(place.get(a.dataset_id) ?? 0) * size + (place.get(b.dataset_id) ?? 0)] ?? 0),
    );
  return {
    nb_ranked: issue.nbRanked ?? 0,
    nb_ballots: borda[0]?.total_ballots ?? 0,
    schulze_items: candidates.length,
    condorcet_winner: winner === null ? null : (onBallots[winner] ?? null),
    items,
    matrix_items: shown.map((item) => item.dataset_id),
    preferences: of(all, m, at),
    strongest: of(result.strongest, n, index),
  };
}

/** Each item's first RANKED_UNORDERED_MAX unordered items (indexes into `candidates`), in the rows' order. */
function nameUnordered(
  items: RankedItem[],
  candidates: number[],
  index: Map<number, number>,
  unordered: number[][],
) {
  const row = new Map(items.map((item, at) => [item.dataset_id, at]));
  const rowOf = (candidate: number) => row.get(candidates[candidate] as number) ?? 0;
  for (const item of items) {
    const i = index.get(item.dataset_id);
    if (i === undefined) continue;
    item.schulze_unordered = [...(unordered[i] ?? [])]
      .sort((a, b) => rowOf(a) - rowOf(b))
      .slice(0, RANKED_UNORDERED_MAX)
      .map((candidate) => candidates[candidate] as number);
  }
}
