import type { Language, TopK, TopKItem } from '@shortlist/contract';

/** The words of the top k's columns, in the exporting admin's language (the "How sure" tab's). */
const WORDS = {
  en: {
    probability: (k: number) => `In the top ${k} (probability)`,
    verdict: (k: number) => `Top ${k} verdict`,
    verdicts: { in: 'In for sure', borderline: 'Borderline', out: 'Out' },
  },
  fr: {
    // "Les 1 premiers" is no French: the top 1 is "en tête".
    probability: (k: number) => `${k === 1 ? 'En tête' : `Dans les ${k} premiers`} (probabilité)`,
    verdict: (k: number) => `Verdict (${k === 1 ? 'en tête' : `${k} premiers`})`,
    verdicts: { in: 'Retenu à coup sûr', borderline: 'Incertain', out: 'Écarté' },
  },
} as const satisfies Record<
  Language,
  {
    probability: (k: number) => string;
    verdict: (k: number) => string;
    verdicts: Record<TopKItem['verdict'], string>;
  }
>;

/** The two columns an export gains with the top k: each item's probability and its verdict. */
export const topKColumns = (k: number, language: Language) => [
  { header: WORDS[language].probability(k), key: 'topK', width: 14 },
  { header: WORDS[language].verdict(k), key: 'verdict', width: 12 },
];

/** Each item's cells of those columns, by item id. */
export function topKCells(topK: TopK, language: Language): Map<number, { topK: number; verdict: string }> {
  const verdicts = WORDS[language].verdicts;
  return new Map(
    topK.items.map((item) => [item.dataset, { topK: item.probability, verdict: verdicts[item.verdict] }]),
  );
}
