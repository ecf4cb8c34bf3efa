import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adminApi, callAdminApi } from './support/admin-api.ts';
import { signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';
import { downloadWorkbook } from './support/workbook.ts';

const session = useBrowserSession();
/** Screens of this feature, for reading by eye (not compared). */
const SHOTS = process.env.E2E_SHOTS_DIR;

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
  const items = [];
  for (const name of ['Acme', 'Globex', 'Initech', 'Umbrella']) {
    items.push(
      await post<{ id: number }>('datasets/', {
        data_model: itemType.id,
        title: name,
        description: `${name} builds things.`,
      }),
    );
  }
  await post(`issues/${issue.id}/datasets/`, { datasets: items.map((item) => item.id) });
  await post(`issues/${issue.id}/set_access/`, { emails: [`pair-${issue.id}@example.org`], access: true });
  const judges = await callAdminApi<{ results: { issue_answer_link: string }[] }>(
    url,
    'GET',
    `issues/${issue.id}/judges/`,
  );
  return { issue, link: judges.results[0]?.issue_answer_link ?? '' };
}

describe('pairwise selections', () => {
  it('a judge compares with buttons and keys and finishes; the admin reads the ranking and reliability', async () => {
    const { page, server } = session;
    const { issue, link } = await createPairwise(server.url, 'Expo night');

    await page.goto(link);
    await page.getByRole('heading', { name: 'Expo night' }).waitFor();
    await page.getByTestId('pair-continue').click();
    await page.getByText('Which of the two is better?').waitFor();
    expect(await page.getByTestId('pair-item').count()).toBe(2);
    expect(await page.getByTestId('pair-progress').innerText()).toContain('2 of 4 items seen');
    // The left item wins by the ← key.
    await page.keyboard.press('ArrowLeft');
    await page.getByText('1 comparison', { exact: false }).waitFor();
    await page.getByTestId('pair-next').click();
    await page.getByText('2 comparisons', { exact: false }).waitFor();
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/pairwise-judge-en-desktop.png`, fullPage: true });
      await page.setViewportSize({ width: 375, height: 800 });
      await page.screenshot({ path: `${SHOTS}/pairwise-judge-en-375.png`, fullPage: true });
    }
    await page.keyboard.press('s');
    await page.getByTestId('pair-none').waitFor();
    expect(await page.getByTestId('pair-none').innerText()).toContain('You have seen every item');
    await page.getByTestId('pair-finish').click();
    await page.getByText('Thank you! Your answers were submitted.').waitFor();

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
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pairwise-report-en-375.png`, fullPage: true });

    const { filename, workbook } = await downloadWorkbook(page, page.getByTestId('pairwise-export'));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Ranking', 'Judges']);
    expect(filename).toBe('Expo night - pairwise report.xlsx');
    if (SHOTS) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await report.getByRole('tab', { name: 'Items' }).click();
      await page.screenshot({ path: `${SHOTS}/pairwise-report-en-desktop.png`, fullPage: true });
      await page.evaluate(() => localStorage.setItem('shortlist.language', 'fr'));
      await page.reload();
      await page.getByTestId('pairwise-export').waitFor();
      await page.screenshot({ path: `${SHOTS}/pairwise-report-fr-desktop.png`, fullPage: true });
      await page.setViewportSize({ width: 375, height: 800 });
      await page.screenshot({ path: `${SHOTS}/pairwise-report-fr-375.png`, fullPage: true });
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

  it('the judge’s page in French at a phone’s width', async () => {
    const { page, server } = session;
    const { link } = await createPairwise(server.url, 'Soirée expo');
    await page.addInitScript(() => localStorage.setItem('shortlist.language', 'fr'));
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(link);
    await page.getByTestId('pair-continue').click();
    await page.getByText('Lequel des deux est le meilleur ?').waitFor();
    expect(await page.getByTestId('pair-previous').innerText()).toContain('A est meilleur');
    // Stacked: B below A, not beside it.
    const boxA = await page.getByTestId('pair-item').nth(0).boundingBox();
    const boxB = await page.getByTestId('pair-item').nth(1).boundingBox();
    expect(boxB?.y ?? 0).toBeGreaterThan((boxA?.y ?? 0) + (boxA?.height ?? 0) - 1);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pairwise-judge-fr-375.png`, fullPage: true });
  });
});
