import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminApi } from './support/admin-api.ts';
import { signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();

/** A real workbook: a header row named like the fields, a good row and a row with an unknown choice. */
async function writeWorkbook(file: string) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Startups');
  sheet.addRow(['Name', 'City', 'Stage', 'Labels']);
  sheet.addRow(['Acme Rockets', 'Paris', 'Seed', 'space, fintech']);
  sheet.addRow(['Broken Ltd', 'Lyon', 'Series Z', '']);
  await workbook.xlsx.writeFile(file);
}

describe('Excel import', () => {
  it('maps the columns, shows the bad row’s error under the preview and imports the valid row', async () => {
    const { page, server } = session;
    const post = await adminApi(server.url);
    const itemType = await post<{ id: number }>('data-models/', { team: 1, title: 'Startups' });
    await post(`data-models/${itemType.id}/datum-fields/`, { resourcetype: 'text', label: 'City' });
    await post(`data-models/${itemType.id}/datum-fields/`, {
      resourcetype: 'choice',
      label: 'Stage',
      options: [{ label: 'Seed' }, { label: 'Series A' }],
    });
    const folder = mkdtempSync(path.join(tmpdir(), 'shortlist-e2e-xlsx-'));
    const file = path.join(folder, 'startups.xlsx');
    await writeWorkbook(file);

    try {
      await signIn(page, server.url, ADMIN.email, ADMIN.password);
      await page.waitForURL(/\/team\/1$/);
      await page.goto(`${server.url}/team/1/item-types/${itemType.id}/manage?tab=list`);
      await page.getByTestId('import-excel').click();
      const dialog = page.getByRole('dialog');

      // The item type is preset: the wizard opens on the file step.
      await dialog.locator('input[type=file]').setInputFiles(file);
      await dialog.getByText('startups.xlsx: 2 rows').waitFor();
      await dialog.getByTestId('import-next').click();

      // Headers equal to a field's label are mapped; the title and tags are chosen by hand.
      await expect.poll(() => dialog.getByTestId('mapping-1').innerText()).toBe('City');
      expect(await dialog.getByTestId('mapping-2').innerText()).toBe('Stage');
      expect(await dialog.getByTestId('mapping-0').innerText()).toBe('Not imported');
      await dialog.getByText('Choose at least one title column.').waitFor();
      await chooseTarget(page, 'mapping-0', 'Title');
      await chooseTarget(page, 'mapping-3', 'Tags');
      await dialog.getByText('Tag separator').waitFor();
      await dialog.getByTestId('import-next').click();

      // The preview shows the rows as they will be created, then the server's verdict on each.
      await dialog.getByTestId('import-preview').getByText('space;fintech').waitFor();
      const errors = dialog.getByTestId('import-row-errors');
      await errors.getByText('Row 3 — Broken Ltd: Stage: "Series Z" is not a valid choice.').waitFor();
      await dialog.getByTestId('import-start').getByText('Import the 1 valid rows').click();

      await dialog.getByText('1 item imported.').waitFor();
      await dialog.getByText('Rows not imported because of their errors: 3.').waitFor();
      await dialog.getByTestId('import-close').click();

      const titles = page.getByTestId('items-table').getByTestId('item-title');
      await titles.getByText('Acme Rockets').waitFor();
      expect(await titles.allInnerTexts()).toEqual(['Acme Rockets']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

/** Each select opens its own dropdown, appended last to the page; earlier ones may still be fading out. */
async function chooseTarget(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown').last().getByTitle(label, { exact: true }).click();
  await expect.poll(() => page.getByTestId(testId).innerText()).toBe(label);
}
