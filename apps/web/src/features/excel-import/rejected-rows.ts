import type { Sheet } from './mapping';

/** A row left out of the import, by its place in the sheet's rows, and why. */
export interface RejectedRow {
  index: number;
  messages: string[];
}

/**
 * The rejected rows as a workbook to fix and import again: the sheet's own header and cells (as read), and
 * one more column with the reasons, one per line. Built here: the rows never reached the server whole.
 */
export async function writeRejectedRows(
  sheet: Sheet,
  rows: RejectedRow[],
  names: { sheet: string; errors: string },
): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet(names.sheet);
  worksheet.addRow([...sheet.headers, names.errors]).font = { bold: true };
  for (const row of [...rows].sort((a, b) => a.index - b.index)) {
    const cells = sheet.headers.map((_, column) => sheet.rows[row.index]?.[column] ?? '');
    worksheet.addRow([...cells, row.messages.join('\n')]);
  }
  worksheet.getColumn(sheet.headers.length + 1).width = 60;
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
