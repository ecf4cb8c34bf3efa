import type { Writable } from 'node:stream';
import { decimalText, itemTitleIn, type Language, type MergeResults, type TopK } from '@shortlist/contract';
import { writeWorkbookOffThread } from '../../threads/workbook.ts';
import { topKCells, topKColumns } from '../top-k/sheet.ts';

/** The sheets' words in the exporting admin's language, the merge results page's; titles as written (an erased one in those words). */
const WORDS = {
  en: {
    merged: 'Merged ranking',
    selection: 'Selection',
    rank: 'Rank',
    id: 'ID',
    title: 'Title',
    weighted: (title: string, weight: string) => `${title} (weight ${weight})`,
    result: 'Result',
    value: 'Value',
  },
  fr: {
    merged: 'Classement fusionné',
    selection: 'Sélection',
    rank: 'Rang',
    id: 'ID',
    title: 'Titre',
    weighted: (title: string, weight: string) => `${title} (poids ${weight})`,
    result: 'Résultat',
    value: 'Valeur',
  },
} as const;

/** Excel's limits on a sheet name: 31 characters, none of : \ / ? * [ ]. */
const SHEET_NAME_MAX = 31;

/** A sheet name Excel accepts, unique in the workbook (a suffix tells two selections of one title apart). */
function sheetName(title: string, taken: Set<string>, language: Language) {
  const base = title.replace(/[:\\/?*[\]]/g, ' ').trim() || WORDS[language].selection;
  let name = base.slice(0, SHEET_NAME_MAX);
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) {
    const suffix = ` (${n})`;
    name = `${base.slice(0, SHEET_NAME_MAX - suffix.length)}${suffix}`;
  }
  taken.add(name.toLowerCase());
  return name;
}

/**
 * The merge results page as a workbook, written to `output` as it goes: the merged ranking (rank, item, each
 * selection's value, the result), then one sheet per selection with its own ranking. The rows are the
 * results route's, so the file and the page cannot disagree. An item a selection does not hold has an
 * empty cell; so has a value nobody gave. With a top k, the merged ranking gains each item's probability of
 * it and its verdict.
 */
export async function writeMergeWorkbook(
  results: MergeResults,
  { language, topK }: { language: Language; topK?: TopK | undefined },
  output: Writable,
) {
  const words = WORDS[language];
  const topKOf = topK ? topKCells(topK, language) : undefined;
  await writeWorkbookOffThread(output, async (workbook) => {
    const infos = results.issue_merge_infos;
    const sheet = workbook.addWorksheet(words.merged);
    sheet.columns = [
      { header: words.rank, key: 'rank', width: 6 },
      { header: words.id, key: 'id', width: 8 },
      { header: words.title, key: 'title', width: 40 },
      ...infos.map((info) => ({
        header: words.weighted(info.issue.title, decimalText(info.weight, language)),
        key: `i${info.issue.id}`,
        width: 18,
      })),
      { header: words.result, key: 'average', width: 10 },
      ...(topK ? topKColumns(topK.k, language) : []),
    ];
    for (const id of results.order) {
      const item = results.datasets[id];
      if (!item) continue;
      const values = infos.map((info) => [`i${info.issue.id}`, results.issues[info.issue.id]?.[id] ?? null]);
      sheet.addRow({
        rank: item.rank,
        id,
        title: itemTitleIn(item.title, language),
        ...Object.fromEntries(values),
        average: item.average,
        ...topKOf?.get(id),
      });
    }
    sheet.commit();

    const taken = new Set([sheet.name.toLowerCase()]);
    for (const info of infos) {
      const ranking = workbook.addWorksheet(sheetName(info.issue.title, taken, language));
      ranking.columns = [
        { header: words.rank, key: 'rank', width: 6 },
        { header: words.id, key: 'id', width: 8 },
        { header: words.title, key: 'title', width: 40 },
        { header: words.value, key: 'value', width: 10 },
      ];
      const values = results.issues[info.issue.id] ?? {};
      const ranks = results.issue_ranks[info.issue.id] ?? {};
      const rows = Object.keys(values)
        .map((id) => ({
          rank: ranks[id] ?? 0,
          id: Number(id),
          title: results.datasets[id]?.title ?? '',
          value: values[id],
        }))
        .sort((a, b) => a.rank - b.rank || a.title.localeCompare(b.title));
      for (const row of rows) ranking.addRow(row);
      ranking.commit();
    }
  });
}
