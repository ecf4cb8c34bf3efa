import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';

/** Clicks what starts a download, as a person would, and reads the file it gives as a workbook. */
export async function downloadWorkbook(page: Page, start: Locator) {
  const [download] = await Promise.all([page.waitForEvent('download'), start.click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path()) ?? '');
  return { filename: download.suggestedFilename(), workbook };
}
