import type { Writable } from 'node:stream';
import { itemTitleIn, type Language, type PairwiseReport } from '@shortlist/contract';
import { writeWorkbookOffThread } from '../../threads/workbook.ts';

const round = (x: number) => Math.round(x * 1000) / 1000;

/** The sheets' words in the exporting admin's language, the pairwise report's; titles as written (an erased one in those words). */
const WORDS = {
  en: {
    ranking: 'Ranking',
    judges: 'Judges',
    rank: 'Rank',
    itemId: 'Item id',
    item: 'Item',
    low: '95 % low',
    high: '95 % high',
    comparisons: 'Comparisons',
    shortlisted: (size: number) => `In the top ${size}`,
    yes: 'yes',
    no: 'no',
    judgeId: 'Judge id',
    judge: 'Judge',
    reliability: 'Reliability',
    votes: 'Votes',
  },
  fr: {
    ranking: 'Classement',
    judges: 'Juges',
    rank: 'Rang',
    itemId: 'ID de l’élément',
    item: 'Élément',
    low: 'Borne basse à 95 %',
    high: 'Borne haute à 95 %',
    comparisons: 'Comparaisons',
    shortlisted: (size: number) => (size === 1 ? 'En tête' : `Dans les ${size} premiers`),
    yes: 'oui',
    no: 'non',
    judgeId: 'ID du juge',
    judge: 'Juge',
    reliability: 'Fiabilité',
    votes: 'Votes',
  },
} as const;

/** The pairwise report as a workbook: the ranking and the judges, the same rows as the report's JSON. */
export async function writePairwiseWorkbook(report: PairwiseReport, language: Language, output: Writable) {
  const words = WORDS[language];
  await writeWorkbookOffThread(output, async (workbook) => {
    const ranking = workbook.addWorksheet(words.ranking);
    ranking.columns = [
      { header: words.rank, key: 'rank', width: 8 },
      { header: words.itemId, key: 'dataset', width: 10 },
      { header: words.item, key: 'title', width: 40 },
      { header: 'Score (μ)', key: 'mu', width: 12 },
      { header: 'σ', key: 'sigma', width: 10 },
      { header: words.low, key: 'low', width: 12 },
      { header: words.high, key: 'high', width: 12 },
      { header: words.comparisons, key: 'comparisons', width: 13 },
      { header: words.shortlisted(report.shortlist_size), key: 'shortlisted', width: 14 },
    ];
    for (const item of report.items)
      ranking.addRow({
        ...item,
        title: itemTitleIn(item.title, language),
        mu: round(item.mu),
        sigma: round(item.sigma),
        low: round(item.low),
        high: round(item.high),
        shortlisted: item.shortlisted ? words.yes : words.no,
      });
    ranking.commit();
    const judges = workbook.addWorksheet(words.judges);
    judges.columns = [
      { header: words.judgeId, key: 'user', width: 10 },
      { header: words.judge, key: 'name', width: 30 },
      { header: words.reliability, key: 'reliability', width: 12 },
      { header: 'α', key: 'alpha', width: 10 },
      { header: 'β', key: 'beta', width: 10 },
      { header: words.votes, key: 'votes', width: 8 },
    ];
    for (const judge of report.judges)
      judges.addRow({
        ...judge,
        reliability: round(judge.reliability),
        alpha: round(judge.alpha),
        beta: round(judge.beta),
      });
    judges.commit();
  });
}
