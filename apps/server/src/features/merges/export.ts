import type { Writable } from 'node:stream';
import type { MergeResults, TopK } from '@shortlist/contract';
import ExcelJS from 'exceljs';
import { topKCells, topKColumns } from '../top-k/sheet.ts';

/** Excel's limits on a sheet name: 31 characters, none of : \ / ? * [ ]. */
const SHEET_NAME_MAX = 31;

/** A sheet name Excel accepts, unique in the workbook (a suffix tells two selections of one title apart). */
function sheetName(title: string, taken: Set<string>) {
  const base = title.replace(/[:\\/?*[\]]/g, ' ').trim() || 'Selection';
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
export async function writeMergeWorkbook(results: MergeResults, output: Writable, topK?: TopK) {
  const topKOf = topK ? topKCells(topK) : undefined;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false });
  const infos = results.issue_merge_infos;
  const sheet = workbook.addWorksheet('Merged ranking');
  sheet.columns = [
    { header: 'Rank', key: 'rank', width: 6 },
    { header: 'ID', key: 'id', width: 8 },
    { header: 'Title', key: 'title', width: 40 },
    ...infos.map((info) => ({
      header: `${info.issue.title} (weight ${info.weight})`,
      key: `i${info.issue.id}`,
      width: 18,
    })),
    { header: 'Result', key: 'average', width: 10 },
    ...(topK ? topKColumns(topK.k) : []),
  ];
  for (const id of results.order) {
    const item = results.datasets[id];
    if (!item) continue;
    const values = infos.map((info) => [`i${info.issue.id}`, results.issues[info.issue.id]?.[id] ?? null]);
    sheet
      .addRow({
        rank: item.rank,
        id,
        title: item.title,
        ...Object.fromEntries(values),
        average: item.average,
        ...topKOf?.get(id),
      })
      .commit();
  }
  sheet.commit();

  const taken = new Set([sheet.name.toLowerCase()]);
  for (const info of infos) {
    const ranking = workbook.addWorksheet(sheetName(info.issue.title, taken));
    ranking.columns = [
      { header: 'Rank', key: 'rank', width: 6 },
      { header: 'ID', key: 'id', width: 8 },
      { header: 'Title', key: 'title', width: 40 },
      { header: 'Value', key: 'value', width: 10 },
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
    for (const row of rows) ranking.addRow(row).commit();
    ranking.commit();
  }
  await workbook.commit();
}
