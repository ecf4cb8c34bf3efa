import type { Writable } from 'node:stream';
import { itemTitleIn, type Language, type RankedReport } from '@shortlist/contract';
import { writeWorkbookOffThread } from '../../threads/workbook.ts';

const HEADERS = {
  en: {
    ranking: 'Borda and Schulze',
    matrix: 'Pairwise preferences',
    schulze: 'Schulze rank',
    last: 'Last Schulze place',
    borda_rank: 'Borda rank',
    borda: 'Borda count',
    first: 'First places',
    ballots: 'Ballots',
    id: 'ID',
    title: 'Title',
    note: 'Row item preferred to column item by this many ballots',
  },
  fr: {
    ranking: 'Borda et Schulze',
    matrix: 'Préférences par paire',
    schulze: 'Rang Schulze',
    last: 'Dernière place Schulze',
    borda_rank: 'Rang Borda',
    borda: 'Points Borda',
    first: 'Premières places',
    ballots: 'Bulletins',
    id: 'ID',
    title: 'Titre',
    note: 'Nombre de bulletins qui préfèrent l’élément de la ligne à celui de la colonne',
  },
} as const;

/**
 * The ranked report as a workbook: Borda and Schulze side by side (the report's rows, in its order), then the
 * pairwise preferences of its first items, the matrix behind Schulze.
 */
export async function writeRankedWorkbook(report: RankedReport, language: Language, output: Writable) {
  const h = HEADERS[language];
  await writeWorkbookOffThread(output, async (workbook) => {
    const ranking = workbook.addWorksheet(h.ranking);
    ranking.columns = [
      { header: h.schulze, key: 'schulze_rank', width: 12 },
      // From the rank to this place, the jury's ballots leave the order open (decision 174).
      { header: h.last, key: 'schulze_last_place', width: 14 },
      { header: h.borda_rank, key: 'borda_rank', width: 12 },
      { header: h.id, key: 'dataset_id', width: 8 },
      { header: h.title, key: 'title', width: 40 },
      { header: h.borda, key: 'borda', width: 12 },
      { header: h.first, key: 'first_places', width: 14 },
      { header: h.ballots, key: 'nb_ballots', width: 10 },
    ];
    for (const item of report.items) ranking.addRow({ ...item, title: itemTitleIn(item.title, language) });
    ranking.commit();

    const matrix = workbook.addWorksheet(h.matrix);
    const titles = new Map(report.items.map((item) => [item.dataset_id, itemTitleIn(item.title, language)]));
    matrix.addRow([h.note]);
    matrix.addRow(['', ...report.matrix_items.map((id) => titles.get(id) ?? String(id))]);
    report.matrix_items.forEach((id, i) => {
      matrix.addRow([titles.get(id) ?? String(id), ...(report.preferences[i] ?? [])]);
    });
    matrix.commit();
  });
}
