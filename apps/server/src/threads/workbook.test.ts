import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { DownloadLeft } from '../http/download.ts';
import { longestStall } from '../test/longest-stall.ts';
import { readWorkbook } from '../test/workbook.ts';
import { writeWorkbookOffThread } from './workbook.ts';

const COLUMNS = [
  { header: 'ID', key: 'id', width: 8 },
  { header: 'Titre', key: 'title', width: 40 },
  { header: 'Créé le', key: 'created', width: 20 },
  { header: 'Note', key: 'value', width: 10 },
  { header: 'Vide', key: 'none', width: 10 },
];

/** Rows of every kind of cell the exports write: numbers, text (accents, XML's own characters), dates, nulls. */
function rowsOf(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    title: `Élément <${i}> & « ${'x'.repeat(i % 40)} »`,
    created: new Date(Date.UTC(2026, 11, 1, 0, 0, i)),
    value: i % 7 === 0 ? null : i / 3,
    none: '',
  }));
}

/** A judge sheet's rows: arrays with holes where a judge gave nothing. */
function sparseRowsOf(count: number) {
  return Array.from({ length: count }, (_, i) => {
    const cells: unknown[] = [i, `Item ${i}`];
    cells.length = 12;
    for (let column = 2; column < 12; column += 1 + (i % 3)) cells[column] = column * i;
    return cells;
  });
}

const collect = (output: PassThrough) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    output.on('end', () => resolve(Buffer.concat(chunks)));
    output.on('error', reject);
  });

/** The same sheets as ExcelJS's streamed writer writes them on this thread, as every export did before. */
async function onThisThread(rows: ReturnType<typeof rowsOf>, sparse: unknown[][]) {
  const output = new PassThrough();
  const bytes = collect(output);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Classement');
  sheet.columns = COLUMNS;
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  const judges = workbook.addWorksheet('Juges');
  for (const row of sparse) judges.addRow(row).commit();
  judges.commit();
  await workbook.commit();
  return bytes;
}

async function onWorker(rows: ReturnType<typeof rowsOf>, sparse: unknown[][], batch = 1000) {
  const output = new PassThrough();
  const bytes = collect(output);
  await writeWorkbookOffThread(output, async (workbook) => {
    const sheet = workbook.addWorksheet('Classement');
    sheet.columns = COLUMNS;
    for (const [index, row] of rows.entries()) {
      sheet.addRow(row);
      if (index % batch === batch - 1) await workbook.flush();
    }
    sheet.commit();
    const judges = workbook.addWorksheet('Juges');
    for (const row of sparse) judges.addRow(row);
    judges.commit();
  });
  return bytes;
}

describe('a workbook written on the worker thread', () => {
  it('holds the same sheets, cells and types as ExcelJS writes here', async () => {
    const rows = rowsOf(2500);
    const sparse = sparseRowsOf(300);
    const [here, there] = await Promise.all([onThisThread(rows, sparse), onWorker(rows, sparse, 700)]);
    const expected = await readWorkbook(here);
    expect(Object.keys(expected)).toEqual(['Classement', 'Juges']);
    expect(expected.Classement).toHaveLength(2501);
    expect(await readWorkbook(there)).toEqual(expected);
  });

  it('writes its rows off the event loop', async () => {
    const rows = rowsOf(40_000);
    await onWorker(rowsOf(10), []); // the worker's start, once per process
    const here = await longestStall(() => onThisThread(rows, []));
    const there = await longestStall(() => onWorker(rows, []));
    // Both sides in this run: here the loop waited for ExcelJS most of the time, there for sending rows.
    expect(there.longest).toBeLessThan(Math.max(50, here.longest / 3));
  });

  it('forgets a workbook whose reader left, and writes the next', async () => {
    const output = new PassThrough();
    output.resume();
    const left = writeWorkbookOffThread(output, async (workbook) => {
      const sheet = workbook.addWorksheet('Left');
      for (const row of rowsOf(100)) sheet.addRow(row);
      output.destroy();
      await workbook.flush();
    });
    await expect(left).rejects.toThrow(DownloadLeft);
    const rows = rowsOf(5);
    expect((await readWorkbook(await onWorker(rows, []))).Classement).toHaveLength(6);
  });
});
