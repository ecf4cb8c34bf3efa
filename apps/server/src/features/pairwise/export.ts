import type { Writable } from 'node:stream';
import type { PairwiseReport } from '@shortlist/contract';
import ExcelJS from 'exceljs';

const round = (x: number) => Math.round(x * 1000) / 1000;

/** The pairwise report as a workbook: the ranking and the judges, the same rows as the report's JSON. */
export async function writePairwiseWorkbook(report: PairwiseReport, output: Writable) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false });
  const ranking = workbook.addWorksheet('Ranking');
  ranking.columns = [
    { header: 'Rank', key: 'rank', width: 8 },
    { header: 'Item id', key: 'dataset', width: 10 },
    { header: 'Item', key: 'title', width: 40 },
    { header: 'Score (μ)', key: 'mu', width: 12 },
    { header: 'σ', key: 'sigma', width: 10 },
    { header: '95 % low', key: 'low', width: 12 },
    { header: '95 % high', key: 'high', width: 12 },
    { header: 'Comparisons', key: 'comparisons', width: 13 },
    { header: `In the top ${report.shortlist_size}`, key: 'shortlisted', width: 14 },
  ];
  for (const item of report.items)
    ranking
      .addRow({
        ...item,
        mu: round(item.mu),
        sigma: round(item.sigma),
        low: round(item.low),
        high: round(item.high),
        shortlisted: item.shortlisted ? 'yes' : 'no',
      })
      .commit();
  ranking.commit();
  const judges = workbook.addWorksheet('Judges');
  judges.columns = [
    { header: 'Judge id', key: 'user', width: 10 },
    { header: 'Judge', key: 'name', width: 30 },
    { header: 'Reliability', key: 'reliability', width: 12 },
    { header: 'α', key: 'alpha', width: 10 },
    { header: 'β', key: 'beta', width: 10 },
    { header: 'Votes', key: 'votes', width: 8 },
  ];
  for (const judge of report.judges)
    judges
      .addRow({
        ...judge,
        reliability: round(judge.reliability),
        alpha: round(judge.alpha),
        beta: round(judge.beta),
      })
      .commit();
  judges.commit();
  await workbook.commit();
}
