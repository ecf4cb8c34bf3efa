import {
  NOT_RANKED,
  RANKED_MATRIX_MAX,
  type RankedItem,
  type RankedReport,
  type ReportFilters,
  SCHULZE_MAX,
} from '@shortlist/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { refusal } from '../../http/errors.ts';
import { itemsCte, judgesCte, selectRows } from '../reports/item-values.ts';
import type { IssueRow } from '../selections/access.ts';
import { condorcetWinnerOf, schulze, schulzeCandidates } from './schulze.ts';

type Filters = Pick<ReportFilters, 'only_verified_emails' | 'tags'>;

/** The ballots under the filters: each judge's ranked items with their points (judges and items filtered). */
function ballotsCtes(issue: IssueRow, filters: Filters) {
  return sql`judges AS NOT MATERIALIZED (${judgesCte([issue.id], filters.only_verified_emails)}),
    ${itemsCte([issue.id], filters.tags)},
    ballots AS (
      SELECT j.access_id, ans.user_id, ans.dataset_id, ans.value
      FROM issue_answers ans
      JOIN judges j ON j.issue_id = ans.issue_id AND j.user_id = ans.user_id
      JOIN items it ON it.issue_id = ans.issue_id AND it.dataset_id = ans.dataset_id
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
 * How many ballots put each item on some ballot above each other such item, in SQL: a judge prefers an
 * item they ranked to one they ranked lower, and to one they could have ranked and left off (in their
 * access, no conflict); an item they could not rank gets no preference from them (docs/judging.md).
 */
function preferencesQuery(issue: IssueRow, filters: Filters) {
  return sql`WITH ${ballotsCtes(issue, filters)},
    candidates AS (SELECT DISTINCT dataset_id FROM ballots),
    voters AS (SELECT DISTINCT access_id, user_id FROM ballots),
    rankable AS (
      SELECT v.user_id, c.dataset_id FROM voters v CROSS JOIN candidates c
      WHERE (${issue.accessAllItems} OR EXISTS (
          SELECT 1 FROM issue_access_datasets iad WHERE iad.access_id = v.access_id AND iad.dataset_id = c.dataset_id))
        AND NOT EXISTS (
          SELECT 1 FROM issue_conflicts ic WHERE ic.access_id = v.access_id AND ic.dataset_id = c.dataset_id)
    )
    SELECT a.dataset_id AS winner, r.dataset_id AS loser, count(*)::int AS n
    FROM ballots a
    JOIN rankable r ON r.user_id = a.user_id AND r.dataset_id <> a.dataset_id
    LEFT JOIN ballots b ON b.user_id = a.user_id AND b.dataset_id = r.dataset_id
    WHERE b.value IS NULL OR b.value < a.value
    GROUP BY a.dataset_id, r.dataset_id`;
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
  const [borda, pairs] = await Promise.all([
    selectRows<BordaRow & { total_ballots: number }>(ctx.db, bordaQuery(issue, filters)),
    selectRows<{ winner: number; loser: number; n: number }>(ctx.db, preferencesQuery(issue, filters)),
  ]);
  const onBallots = borda.filter((row) => row.nb_ballots > 0).map((row) => row.dataset_id);
  const m = onBallots.length;
  const at = new Map(onBallots.map((id, i) => [id, i]));
  const all = new Int32Array(m * m);
  for (const { winner, loser, n } of pairs) {
    const i = at.get(winner);
    const j = at.get(loser);
    if (i !== undefined && j !== undefined) all[i * m + j] = n;
  }
  const winner = condorcetWinnerOf(m, (i, j) => all[i * m + j] ?? 0);
  // Indexes into `onBallots`, in Borda's order (the rows').
  const chosen = schulzeCandidates([...onBallots.keys()], winner, SCHULZE_MAX);
  const candidates = chosen.map((i) => onBallots[i] as number);
  const index = new Map(candidates.map((id, i) => [id, i]));
  const d = chosen.map((i) => chosen.map((j) => all[i * m + j] ?? 0));
  const result = schulze(d);
  const items: RankedItem[] = borda.map(({ total_ballots: _, ...row }) => {
    const i = index.get(row.dataset_id);
    return { ...row, schulze_rank: i === undefined ? null : (result.ranks[i] ?? null) };
  });
  // Schulze's order first, Borda's to part its ties, then the title: the rows come in Borda's order.
  items.sort(
    (a, b) =>
      (a.schulze_rank ?? Number.POSITIVE_INFINITY) - (b.schulze_rank ?? Number.POSITIVE_INFINITY) ||
      b.borda - a.borda,
  );
  const shown = items.slice(0, RANKED_MATRIX_MAX).filter((item) => index.has(item.dataset_id));
  const of = (matrix: number[][]) =>
    shown.map((a) =>
      shown.map((b) => matrix[index.get(a.dataset_id) ?? 0]?.[index.get(b.dataset_id) ?? 0] ?? 0),
    );
  return {
    nb_ranked: issue.nbRanked ?? 0,
    nb_ballots: borda[0]?.total_ballots ?? 0,
    schulze_items: candidates.length,
    condorcet_winner: winner === null ? null : (onBallots[winner] ?? null),
    items,
    matrix_items: shown.map((item) => item.dataset_id),
    preferences: of(d),
    strongest: of(result.strongest),
  };
}
