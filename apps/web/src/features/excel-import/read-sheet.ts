import type { CellValue, Worksheet } from 'exceljs';
import type { Sheet } from './mapping';

/** The text a person sees in a cell: rich text joined, formulas by their result, dates as ISO days. */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('result' in value) return cellText((value.result ?? null) as CellValue);
  if ('text' in value) return String(value.text);
  return '';
}

/** The rows under the header, blank ones left out, each with its number in the sheet. */
function readRows(worksheet: Worksheet, width: number): Pick<Sheet, 'rows' | 'rowNumbers'> {
  const rows: string[][] = [];
  const rowNumbers: number[] = [];
  worksheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const cells = Array.from({ length: width }, (_, column) =>
      cellText(row.getCell(column + 1).value).trim(),
    );
    if (!cells.some(Boolean)) return;
    rows.push(cells);
    rowNumbers.push(number);
  });
  return { rows, rowNumbers };
}

/** Thrown when the file is not a spreadsheet exceljs can open, or its first sheet has no header row. */
export class UnreadableFileError extends Error {}

/**
 * Reads the first sheet of an .xlsx file: its first row names the columns. exceljs is loaded only
 * here, when a file is chosen, so that it stays out of the main bundle.
 */
export async function readSheet(file: File): Promise<Sheet> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(await file.arrayBuffer());
  } catch {
    throw new UnreadableFileError(file.name);
  }
  const worksheet = workbook.worksheets[0];
  if (!worksheet) throw new UnreadableFileError(file.name);
  const header = worksheet.getRow(1);
  const width = header.cellCount;
  const headers = Array.from({ length: width }, (_, column) =>
    cellText(header.getCell(column + 1).value).trim(),
  );
  if (!headers.some(Boolean)) throw new UnreadableFileError(file.name);
  return { headers, ...readRows(worksheet, width) };
}
