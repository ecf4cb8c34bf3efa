import type { TopK, TopKItem } from '@shortlist/contract';

/** The top k's verdicts as the exports write them (their headers are English, like the rest of them). */
const VERDICT_TEXTS: Record<TopKItem['verdict'], string> = {
  in: 'In for sure',
  borderline: 'Borderline',
  out: 'Out',
};

/** The two columns an export gains with the top k: each item's probability and its verdict. */
export const topKColumns = (k: number) => [
  { header: `In the top ${k} (probability)`, key: 'topK', width: 14 },
  { header: `Top ${k} verdict`, key: 'verdict', width: 12 },
];

/** Each item's cells of those columns, by item id. */
export function topKCells(topK: TopK): Map<number, { topK: number; verdict: string }> {
  return new Map(
    topK.items.map((item) => [
      item.dataset,
      { topK: item.probability, verdict: VERDICT_TEXTS[item.verdict] },
    ]),
  );
}
