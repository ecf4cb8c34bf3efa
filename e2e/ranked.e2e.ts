import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callAdminApi } from './support/admin-api.ts';
import { signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';
import { shoot } from './support/shots.ts';
import { downloadWorkbook } from './support/workbook.ts';

const session = useBrowserSession();

const api = <T>(method: string, path: string, body?: object) =>
  callAdminApi<T>(session.server.url, method, path, body);

type Judge = { user: { id: number; email: string }; issue_answer_link: string };

/** A ranked selection (top 3) of four items with two judges, through the admins' API. */
async function createRankedSelection() {
  const issue = await api<{ id: number }>('POST', 'issues/', {
    team: 1,
    resourcetype: 'RankedIssue',
    title: 'Finalists',
    nb_ranked: 3,
  });
  const itemType = await api<{ id: number }>('POST', 'data-models/', {
    team: 1,
    title: `Ranked ${issue.id}`,
  });
  const items = await api<{ id: number; title: string }[]>(
    'POST',
    'datasets/',
    ['Acme', 'Globex', 'Initech', 'Umbrella'].map((title) => ({ data_model: itemType.id, title })),
  );
  await api('POST', `issues/${issue.id}/datasets/`, { datasets: items.map((item) => item.id) });
  const emails = [`ann-${issue.id}@example.org`, `bob-${issue.id}@example.org`];
  await api('POST', `issues/${issue.id}/set_access/`, { emails, access: true });
  const judges = await api<{ results: Judge[] }>('GET', `issues/${issue.id}/judges/`);
  const judgeOf = (email: string) => {
    const judge = judges.results.find((row) => row.user.email === email);
    if (!judge) throw new Error(`no judge ${email}`);
    return judge;
  };
  const id = (title: string) => items.find((item) => item.title === title)?.id ?? 0;
  return { issue, id, ann: judgeOf(emails[0] ?? ''), bob: judgeOf(emails[1] ?? '') };
}

const rowTitles = (page: Page) => page.getByTestId('ranking-row').locator('.sl-ranking-name').allInnerTexts();

describe('ranked ballots', () => {
  it('lets a judge order their top 3 by keyboard and by drag and drop, and the admin read Borda and Schulze', async () => {
    const { page, server } = session;
    const { issue, id, ann, bob } = await createRankedSelection();

    await page.goto(ann.issue_answer_link);
    await page.getByRole('heading', { name: 'Finalists' }).waitFor();
    await page.getByTestId('ranking-empty').waitFor();
    // From the keyboard: each card's button puts its item last on the ballot.
    for (const title of ['Globex', 'Acme', 'Initech']) {
      const add = page.getByRole('button', { name: `Add ${title} to my ranking` });
      await add.focus();
      await page.keyboard.press('Enter');
    }
    expect(await rowTitles(page)).toEqual(['Globex', 'Acme', 'Initech']);
    await page.getByText('3 of 3 ranked').waitFor();
    await page.getByRole('button', { name: 'Add Umbrella to my ranking' }).click();
    await page.getByText('Your ranking already has its 3 items: remove one first.').waitFor();

    // Alt + ↑ twice on Initech's handle takes it to the top, the focus staying on it.
    await page.getByRole('button', { name: 'Initech, number 3' }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.keyboard.press('Alt+ArrowUp');
    expect(await rowTitles(page)).toEqual(['Initech', 'Globex', 'Acme']);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Initech, number 1',
    );
    await page.getByTestId('ranking-announcement').getByText('Initech moved to number 1.').waitFor();
    // The ↓ button moves one place.
    await page.getByRole('button', { name: 'Move Initech down' }).click();
    expect(await rowTitles(page)).toEqual(['Globex', 'Initech', 'Acme']);
    await page
      .getByTestId('answer-item')
      .filter({ hasText: 'Initech' })
      .getByText('No. 2 in your ranking')
      .waitFor();

    // Drag and drop: Acme onto the first row.
    const rows = page.getByTestId('ranking-row');
    await rows.nth(2).dragTo(rows.nth(0));
    expect(await rowTitles(page)).toEqual(['Acme', 'Globex', 'Initech']);
    await shoot(page, 'judge-en-desktop');

    await page.getByTestId('answer-submit').click();
    await page.getByText('Thank you! Your answers were submitted.').waitFor();
    const saved = await api<{ results: { dataset: number; value: number }[] }>(
      'GET',
      `issues/${issue.id}/answers/?user=${ann.user.id}`,
    );
    expect(Object.fromEntries(saved.results.map((a) => [a.dataset, a.value]))).toEqual({
      [id('Acme')]: 3,
      [id('Globex')]: 2,
      [id('Initech')]: 1,
    });
    // The portal says the ballot is complete (not "3 of 4 items answered").
    await page.getByTestId('portal-link').click();
    expect(await page.getByTestId('portal-progress').innerText()).toBe('Ballot complete');
    await shoot(page, 'portal-en-1280');

    // Bob, on a phone in French, ranks with the buttons only: Globex, Umbrella, Acme.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.evaluate(() => localStorage.setItem('shortlist.language', 'fr'));
    await page.goto(bob.issue_answer_link);
    await page.getByRole('heading', { name: 'Finalists' }).waitFor();
    for (const title of ['Acme', 'Globex', 'Umbrella'])
      await page.getByRole('button', { name: `Ajouter ${title} à mon classement` }).click();
    await page.getByRole('button', { name: 'Monter Globex' }).click();
    await page.getByRole('button', { name: 'Monter Umbrella' }).click();
    expect(await rowTitles(page)).toEqual(['Globex', 'Umbrella', 'Acme']);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await shoot(page, 'judge-fr-375');
    await page.getByTestId('answer-submit').click();
    await page.getByText('Merci', { exact: false }).first().waitFor();
    await page.getByTestId('portal-link').click();
    expect(await page.getByTestId('portal-progress').innerText()).toBe('Classement complet');
    await shoot(page, 'portal-fr-375');

    // The admin's report. Borda: Globex 2 + 3 = 5, Acme 3 + 1 = 4, Umbrella 2, Initech 1. Schulze: Acme and
    // Globex tie head to head (1 : 1) and nothing beats either; Globex beats Umbrella (2 : 0), and both
    // judges put Acme and Globex above Initech; every other pair is 1 : 1. Umbrella's rank is 2 and
    // Initech's 3, yet neither beats the other: their places read 2–4 and 3–4, the pairs named.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => localStorage.setItem('shortlist.language', 'en'));
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(`${server.url}/team/1/issue/${issue.id}/manage?tab=report`);
    const table = page.getByTestId('ranked-table');
    await table.getByText('Umbrella', { exact: true }).waitFor();
    await page.getByText('2 ballots').waitFor();
    const cells = await table
      .locator('tbody tr.ant-table-row')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
      );
    expect(cells.map((row) => [row[2], row[3]])).toEqual([
      ['GlobexNot ordered by the jury against Acme', '5'],
      ['AcmeNot ordered by the jury against Globex and Umbrella', '4'],
      ['UmbrellaNot ordered by the jury against Acme and Initech', '2'],
      ['InitechNot ordered by the jury against Umbrella', '1'],
    ]);
    expect(cells.map((row) => row[0])).toEqual(['1–2', '1–3', '2–4', '3–4']);
    await table.getByRole('img', { name: 'Places 3 to 4, not ordered by the jury' }).waitFor();
    await page
      .getByTestId('schulze-open-help')
      .getByText('is not the jury’s verdict', { exact: false })
      .waitFor();
    expect(cells.map((row) => row[1])).toEqual(['1', '2', '3', '4']);
    await page.getByText('No Condorcet winner', { exact: false }).waitFor();
    await page.getByTestId('preference-matrix').waitFor();
    expect(await page.getByTestId('preference-matrix').locator('tbody tr').count()).toBe(4);
    await shoot(page, 'report-en-desktop');

    // The Items tab is the usual report, valued by Borda; a judge's answer reads as a place.
    await page.getByTestId('report-tabs').getByRole('tab', { name: 'Items' }).click();
    const acmeRow = page
      .getByTestId('report-items-table')
      .locator('tr.ant-table-row')
      .filter({ hasText: 'Acme' });
    await acmeRow.getByTestId('item-responses').click();
    const drawer = page.getByTestId('item-details-drawer');
    await drawer.getByText('No. 1 (3 points)').waitFor();
    await drawer.getByText('No. 3 (1 point)').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('report-tabs').getByRole('tab', { name: 'Borda and Schulze' }).click();

    const { workbook } = await downloadWorkbook(page, page.getByTestId('ranked-export'));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Borda and Schulze',
      'Pairwise preferences',
    ]);
    expect(workbook.worksheets[0]?.getRow(2).getCell(5).value).toBe('Globex');
    expect(workbook.worksheets[0]?.getRow(5).getCell(2).value).toBe(4);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.evaluate(() => localStorage.setItem('shortlist.language', 'fr'));
    await page.reload();
    await page.getByTestId('ranked-table').getByText('Non départagé par le jury face à Umbrella').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shoot(page, 'report-fr-375');
  });

  it('creates a ranked selection from the dialog, its n shown with the settings', async () => {
    const { page, server } = session;
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${server.url}/team/1/issues`);
    await page.getByTestId('create-issue').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Ranked ballot', { exact: true }).click();
    await dialog.getByText('Each judge orders their top items; counted by Borda and Schulze.').waitFor();
    await dialog.getByLabel('Title').fill('Top picks');
    const n = dialog.getByLabel('Items each judge ranks');
    expect(await n.inputValue()).toBe('5');
    await n.fill('4');
    await shoot(page, 'dialog-en-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByTestId('issue-title-heading').getByText('Top picks').waitFor();
    await page.getByText('Each judge ranks their top 4 items').waitFor();
  });
});
