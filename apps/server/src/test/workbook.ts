import ExcelJS from 'exceljs';

/** An xlsx reply read back: each sheet's name and its rows of cell values, header first. */
export async function readWorkbook(body: Buffer): Promise<Record<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return Object.fromEntries(
    workbook.worksheets.map((sheet) => {
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return [sheet.name, rows];
    }),
  );
}
