import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminApi, callAdminApi } from './support/admin-api.ts';
import { seriousViolations } from './support/axe.ts';
import { closeWithEscape, signIn } from './support/pages.ts';
import { uploadPdf } from './support/pdf-upload.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';
import { isShooting, shoot } from './support/shots.ts';
import { downloadWorkbook } from './support/workbook.ts';

const session = useBrowserSession();
/** Screens of this feature, for reading by eye (not compared). */

/**
 * A pairwise selection of four items, each with a pitch, a PDF deck and a founder that blind review hides,
 * and one judge; returns the judge's link.
 */
async function createPairwise(url: string, title: string, extra: Record<string, unknown> = {}) {
  const post = await adminApi(url);
  const issue = await post<{ id: number }>('issues/', {
    team: 1,
    resourcetype: 'PairwiseIssue',
    title,
    shortlist_size: 2,
    ...extra,
  });
  const itemType = await post<{ id: number }>('data-models/', { team: 1, title: `Projects ${issue.id}` });
  const field = (label: string, extraField: object = {}) =>
    post<{ id: number }>(`data-models/${itemType.id}/datum-fields/`, {
      resourcetype: 'text',
      label,
      ...extraField,
    });
  const pitch = await field('Pitch');
  const founder = await field('Founder');
  const deck = await field('Deck', { resourcetype: 'file', mime_types: ['application/pdf'] });
  const items = [];
  for (const name of ['Acme', 'Globex', 'Initech', 'Umbrella']) {
    const item = await post<{ id: number; datum_values: { id: number; datum_field: number }[] }>(
      'datasets/',
      {
        data_model: itemType.id,
        title: name,
        description: `${name} builds things.`,
        datum_values: [
          { datum_field: pitch.id, resourcetype: 'text', response: `${name} sells rockets to farmers.` },
          { datum_field: founder.id, resourcetype: 'text', response: `Secret founder of ${name}` },
          { datum_field: deck.id, resourcetype: 'file' },
        ],
      },
    );
    const deckValue = item.datum_values.find((value) => value.datum_field === deck.id);
    if (deckValue) await uploadPdf(url, deckValue.id);
    items.push(item);
  }
  await post(`issues/${issue.id}/datasets/`, { datasets: items.map((item) => item.id) });
  await callAdminApi(url, 'PATCH', `issues/${issue.id}/`, {
    resourcetype: 'PairwiseIssue',
    hidden_fields: [founder.id],
  });
  await post(`issues/${issue.id}/set_access/`, { emails: [`pair-${issue.id}@example.org`], access: true });
  const judges = await callAdminApi<{ results: { issue_answer_link: string }[] }>(
    url,
    'GET',
    `issues/${issue.id}/judges/`,
  );
  return { issue, link: judges.results[0]?.issue_answer_link ?? '' };
}

/** Each item of the pair shows its answers as the rating page does, the field blind review hides left out. */
async function expectPairDetails(page: Page, pitchWord: string) {
  const items = page.getByTestId('pair-item');
  for (const index of [0, 1]) {
    const details = items.nth(index).getByTestId('answer-details');
    await details.getByText(pitchWord, { exact: false }).waitFor();
    expect(await details.innerText()).not.toContain('Secret founder');
    await items.nth(index).getByTestId('answer-pdf-toggle').waitFor();
  }
}

describe('pairwise selections', () => {
  it('a judge compares with buttons and keys and finishes; the admin reads the ranking and reliability', async () => {
    const { page, server } = session;
    const { issue, link } = await createPairwise(server.url, 'Expo night');

    await page.goto(link);
    await page.getByRole('heading', { name: 'Expo night' }).waitFor();
    await page.getByTestId('pair-continue').click();
    await page.getByText('Which of the two is better?').waitFor();
    const items = page.getByTestId('pair-item');
    expect(await items.count()).toBe(2);
    expect(await page.getByTestId('pair-progress').innerText()).toContain('2 of 4 items seen');
    await expectPairDetails(page, 'sells rockets to farmers.');
    // Side by side at 1280 px, B's PDF opened inline in its column.
    const [boxA, boxB] = [await items.nth(0).boundingBox(), await items.nth(1).boundingBox()];
    expect(boxB?.x ?? 0).toBeGreaterThanOrEqual((boxA?.x ?? 0) + (boxA?.width ?? 0));
    expect(Math.abs((boxB?.y ?? 0) - (boxA?.y ?? 0))).toBeLessThan(2);
    await items.nth(1).getByTestId('answer-pdf-toggle').click();
    expect((await items.nth(1).getByTestId('answer-pdf').boundingBox())?.width ?? 0).toBeGreaterThan(400);
    // The left item wins by the ← key; B, read with its PDF open, moves to A's place as it was.
    await page.keyboard.press('ArrowLeft');
    await page.getByText('1 comparison', { exact: false }).waitFor();
    await items.nth(0).getByTestId('answer-pdf').waitFor();
    await shoot(page, 'pairwise-judge-en-1280');
    await items.nth(0).getByTestId('answer-pdf-toggle').click();
    // By the keyboard alone: Tab from the answers to "B is better", Enter; the focus stays on the choice.
    await items.nth(0).getByTestId('answer-pdf-toggle').focus();
    const focusedChoice = () =>
      page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? '');
    for (let presses = 0; presses < 10 && (await focusedChoice()) !== 'pair-next'; presses += 1)
      await page.keyboard.press('Tab');
    expect(await focusedChoice()).toBe('pair-next');
    await page.keyboard.press('Enter');
    await page.getByText('2 comparisons', { exact: false }).waitFor();
    await expect.poll(focusedChoice).toBe('pair-next');
    await page.keyboard.press('s');
    await page.getByTestId('pair-none').waitFor();
    expect(await page.getByTestId('pair-none').innerText()).toContain('You have seen every item');
    // No pair left: the focus goes to Finish, which Enter presses.
    await expect.poll(focusedChoice).toBe('pair-finish');
    await page.keyboard.press('Enter');
    await page.getByText('Thank you! Your answers were submitted.').waitFor();
    // The portal speaks of comparisons, and says the judge is done.
    await page.getByTestId('portal-link').click();
    const progress = page.getByTestId('portal-progress');
    expect(await progress.innerText()).toBe('2 comparisons made · Every item seen');

    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(`${server.url}/team/1/issue/${issue.id}/manage?tab=report`);
    const report = page.getByTestId('pairwise-report');
    await report.getByText('2 votes; the top 2 are marked.').waitFor();
    const rows = report.getByTestId('pairwise-items').locator('tbody tr.ant-table-row');
    expect(await rows.count()).toBe(4);
    expect(await rows.first().innerText()).toContain('Top k');
    await report.getByRole('tab', { name: 'Judges' }).click();
    const judge = report.getByTestId('pairwise-judges').locator('tbody tr.ant-table-row').first();
    await judge.getByText('%').waitFor();
    expect(await judge.innerText()).toContain('2');
    await shoot(page, 'pairwise-report-en-375');

    const { filename, workbook } = await downloadWorkbook(page, page.getByTestId('pairwise-export'));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Ranking', 'Judges']);
    expect(filename).toBe('Expo night - pairwise report.xlsx');

    // The rating report's actions, on the model's ranking: How sure, Decisions, Promote (by the keyboard).
    const leader = (await rows.first().locator('td').nth(1).innerText()).replace('Top k', '').trim();
    await report.getByRole('tab', { name: 'How sure' }).click();
    await report.getByText('Would more comparisons pick the same', { exact: false }).waitFor();
    const topK = page.getByTestId('top-k-input');
    await topK.fill('1');
    await topK.press('Enter');
    expect(await page.getByTestId('top-k-summary').innerText()).toContain('from 1 judge');
    const sure = page.getByTestId('top-k-table').locator('tbody tr.ant-table-row');
    expect(await sure.first().innerText()).toContain(leader);
    await shoot(page, 'pairwise-how-sure-en-desktop');
    await page.getByTestId('decisions-button').click();
    const decisions = page.getByRole('dialog');
    await decisions.waitFor();
    await closeWithEscape(page, decisions);
    await page.getByTestId('promote-open').focus();
    await page.keyboard.press('Enter');
    const promote = page.getByTestId('promote-dialog');
    await promote.getByTestId('promote-top').fill('1');
    await promote.getByTestId('promote-submit').click();
    await promote.getByTestId('promote-result').getByText('1 item added to the selection.').waitFor();
    await page.keyboard.press('Escape');
    if (isShooting) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await report.getByRole('tab', { name: 'Items' }).click();
      await shoot(page, 'pairwise-report-en-desktop');
      await page.evaluate(() => localStorage.setItem('shortlist.language', 'fr'));
      await page.reload();
      await page.getByTestId('pairwise-export').waitFor();
      await shoot(page, 'pairwise-report-fr-desktop');
      await page.setViewportSize({ width: 375, height: 800 });
      await shoot(page, 'pairwise-report-fr-375');
      await page.evaluate(() => localStorage.setItem('shortlist.language', 'en'));
    }
  });

  it('a stranger opens a public pairwise link, asks for a token and compares', async () => {
    const { page, server } = session;
    const { issue } = await createPairwise(server.url, 'Public expo', { public: true, email_link: false });
    await page.goto(`${server.url}/selection/${issue.id}/public`);
    await page.getByTestId('captcha').getByRole('checkbox').click({ force: true });
    await page.getByTestId('public-email').fill('visitor@example.org');
    await page.getByTestId('public-submit').getByText('Start').click();
    await page.waitForURL(/\/answer\?token=/);
    await page.getByTestId('pair-continue').click();
    await page.getByText('Which of the two is better?').waitFor();
    await page.getByTestId('pair-next').click();
    await page.getByText('1 comparison', { exact: false }).waitFor();
    const votes = await callAdminApi<{ votes: number; judges: { name: string; votes: number }[] }>(
      server.url,
      'GET',
      `issues/${issue.id}/pairwise/report/`,
    );
    expect(votes.votes).toBe(1);
    expect(votes.judges.map((judge) => judge.votes)).toContain(1);
  });

  it('the judge’s page and portal in French at a phone’s width', async () => {
    const { page, server } = session;
    const { link } = await createPairwise(server.url, 'Soirée expo');
    await page.addInitScript(() => localStorage.setItem('shortlist.language', 'fr'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(link);
    await page.getByTestId('pair-continue').click();
    await page.getByText('Lequel des deux est le meilleur ?').waitFor();
    expect(await page.getByTestId('pair-previous').innerText()).toContain('A est meilleur');
    await expectPairDetails(page, 'sells rockets to farmers.');
    // Stacked: B below A, not beside it, and nothing wider than the screen.
    const boxA = await page.getByTestId('pair-item').nth(0).boundingBox();
    const boxB = await page.getByTestId('pair-item').nth(1).boundingBox();
    expect(boxB?.y ?? 0).toBeGreaterThan((boxA?.y ?? 0) + (boxA?.height ?? 0) - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page, '[data-testid="pairwise"]')).toEqual([]);
    await shoot(page, 'pairwise-judge-fr-390');
    await page.getByTestId('pair-next').click();
    await page.getByText('1 comparaison', { exact: false }).waitFor();
    await page.getByTestId('portal-link').click();
    expect(await page.getByTestId('portal-progress').innerText()).toBe(
      '1 comparaison faite · 3 sur 4 éléments vus',
    );
    await shoot(page, 'portal-pairwise-fr-390');
  });
});
