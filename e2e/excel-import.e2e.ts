import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminApi, callAdminApi } from './support/admin-api.ts';
import { signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';
import { downloadWorkbook } from './support/workbook.ts';

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

/** An item type with a text (City) and a choice (Stage: Seed, Series A), and the workbook in a folder of its own. */
async function startupsAndWorkbook(baseUrl: string, title: string) {
  const post = await adminApi(baseUrl);
  const itemType = await post<{ id: number }>('data-models/', { team: 1, title });
  await post(`data-models/${itemType.id}/datum-fields/`, { resourcetype: 'text', label: 'City' });
  await post(`data-models/${itemType.id}/datum-fields/`, {
    resourcetype: 'choice',
    label: 'Stage',
    options: [{ label: 'Seed' }, { label: 'Series A' }],
  });
  const folder = mkdtempSync(path.join(tmpdir(), 'shortlist-e2e-xlsx-'));
  const file = path.join(folder, 'startups.xlsx');
  await writeWorkbook(file);
  return { itemType, folder, file };
}

describe('Excel import', () => {
  it('maps the columns, shows the bad row’s error under the preview and imports the valid row', async () => {
    const { page, server } = session;
    const { itemType, folder, file } = await startupsAndWorkbook(server.url, 'Startups');

    try {
      // The item type is preset: the wizard opens on the file step.
      const dialog = await openImportWith(page, server.url, itemType.id, file);
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
      await dialog.getByTestId('import-start').getByText('Import the valid row').click();

      await dialog.getByText('1 item imported.').waitFor();
      await dialog.getByText('Row 3 was not imported because of its errors.').waitFor();
      await dialog.getByTestId('import-close').click();

      const titles = page.getByTestId('items-table').getByTestId('item-title');
      await titles.getByText('Acme Rockets').waitFor();
      expect(await titles.allInnerTexts()).toEqual(['Acme Rockets']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('in French, gives the server’s verdict on the bad row in French', async () => {
    const { page, server } = session;
    const { itemType, folder, file } = await startupsAndWorkbook(server.url, 'Jeunes pousses');
    try {
      // At a phone's width: the mapping's selects fit the dialog (they ran 100 px past the screen's edge).
      await page.setViewportSize({ width: 375, height: 800 });
      const dialog = await openImportWith(page, server.url, itemType.id, file, 'fr');
      // The item type's toolbar wraps at a phone's width: "Importer depuis Excel" began off the left edge.
      for (const button of ['import-excel', 'export-items']) {
        const box = await page.getByTestId(button).boundingBox();
        expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
      }
      await dialog.getByTestId('import-next').click();
      const select = await page.getByTestId('mapping-0').boundingBox();
      expect((select?.x ?? 0) + (select?.width ?? 0)).toBeLessThanOrEqual(375);
      await chooseTarget(page, 'mapping-0', 'Titre');
      await dialog.getByTestId('import-next').click();
      await dialog
        .getByTestId('import-row-errors')
        .getByText('Ligne 3 — Broken Ltd : Stage : « Series Z » n’est pas un choix valide.')
        .waitFor();
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.evaluate(() => localStorage.setItem('shortlist.language', 'en'));
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

/** Signs in, opens the import wizard from the item type's list (in `language`) and gives it the workbook. */
async function openImportWith(
  page: Page,
  baseUrl: string,
  itemTypeId: number,
  file: string,
  language = 'en',
) {
  await signIn(page, baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL(/\/team\/1$/);
  await page.evaluate((chosen) => localStorage.setItem('shortlist.language', chosen), language);
  await page.goto(`${baseUrl}/team/1/item-types/${itemTypeId}/manage?tab=list`);
  await page.getByTestId('import-excel').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles(file);
  return dialog;
}

/** A sheet with a column of addresses: a row repeating an item's title, a bad address, a good one. */
async function writeContactsWorkbook(file: string) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Bakeries');
  sheet.addRow(['Name', 'Contact e-mail', 'Town']);
  sheet.addRow(['Crusty Loaf', 'crusty@example.org', 'Nantes']);
  sheet.addRow(['Bad Address Bakery', 'not-an-address', 'Lille']);
  sheet.addRow(['Sourdough & Co', 'Sour@Example.org', 'Brest']);
  await workbook.xlsx.writeFile(file);
}

describe('Excel import of contacts', () => {
  it('maps a column of addresses to the item’s e-mail, warns of a repeated title and hands back the rejected rows', async () => {
    const { page, server } = session;
    const post = await adminApi(server.url);
    const itemType = await post<{ id: number }>('data-models/', { team: 1, title: 'Bakeries' });
    // A question named like the column: the addresses still go to the item's own e-mail (they went to it).
    await post(`data-models/${itemType.id}/datum-fields/`, { resourcetype: 'text', label: 'Contact e-mail' });
    await post('datasets/', { data_model: itemType.id, title: 'crusty loaf' });
    const folder = mkdtempSync(path.join(tmpdir(), 'shortlist-e2e-xlsx-'));
    const file = path.join(folder, 'bakeries.xlsx');
    await writeContactsWorkbook(file);

    try {
      const dialog = await openImportWith(page, server.url, itemType.id, file);
      await dialog.getByText('bakeries.xlsx: 3 rows').waitFor();
      await dialog.getByTestId('import-next').click();

      // The column of addresses is the item's e-mail, one column at most; the question is listed once.
      const itemEmail = 'The item’s e-mail address';
      await expect.poll(() => dialog.getByTestId('mapping-1').innerText()).toBe(itemEmail);
      await chooseTarget(page, 'mapping-0', 'Title');
      await page.getByTestId('mapping-2').click();
      const dropdown = page.locator('.ant-select-dropdown').last();
      const option = dropdown.getByTitle(itemEmail, { exact: true });
      expect(await option.getAttribute('aria-disabled')).toBe('true');
      expect(await dropdown.getByTitle('Contact e-mail', { exact: true }).count()).toBe(1);
      await page.keyboard.press('Escape');
      await dialog.getByTestId('import-next').click();

      await dialog.getByTestId('import-preview').getByText('sour@example.org').waitFor();
      const errors = dialog.getByTestId('import-row-errors');
      await errors
        .getByText(`Row 3 — Bad Address Bakery: ${itemEmail}: Enter a valid email address.`)
        .waitFor();
      const duplicates = dialog.getByTestId('import-duplicates');
      await duplicates.getByText('Row 2 — Crusty Loaf').waitFor();
      await dialog.getByTestId('import-start').getByText('Import the 2 valid rows').waitFor();

      // The rejected row comes back as a workbook: the sheet's columns and the reason.
      const { filename, workbook: rejected } = await downloadWorkbook(
        page,
        dialog.getByTestId('download-rejected'),
      );
      expect(filename).toBe('bakeries - rejected rows.xlsx');
      const rows: unknown[][] = [];
      rejected.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      expect(rows).toEqual([
        ['Name', 'Contact e-mail', 'Town', 'Errors'],
        ['Bad Address Bakery', 'not-an-address', 'Lille', `${itemEmail}: Enter a valid email address.`],
      ]);

      // The repeated title is imported unless unticked.
      await dialog.getByTestId('import-duplicate-2').click();
      await dialog.getByTestId('import-start').getByText('Import the valid row').click();
      await dialog.getByText('1 item imported.').waitFor();
      await dialog.getByText('Row 2 was left out: an item already has its title.').waitFor();
      await dialog.getByText('Row 3 was not imported because of its errors.').waitFor();
      await dialog.getByTestId('import-close').click();

      const items = await callAdminApi<{ results: { title: string; contact_email: string | null }[] }>(
        server.url,
        'GET',
        `datasets/?team=1&data_model=${itemType.id}&ordering=title`,
      );
      expect(items.results.map((item) => [item.title, item.contact_email])).toEqual([
        ['crusty loaf', null],
        ['Sourdough & Co', 'sour@example.org'],
      ]);
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
