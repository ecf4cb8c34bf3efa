import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminApi, callAdminApi } from './support/admin-api.ts';
import { signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

// Issue 27, points 6 and 15: the lowest score is as easy to give as any other, "Not rated" is its own
// state, the page and the report count the same items as answered, and a judge finds what is left to rate.

const session = useBrowserSession();

/** A rating selection (0–5) of the demo workspace with its criteria, items and one judge. */
async function createRatingSelection(title: string, criteria: string[], items: string[]) {
  const { url } = session.server;
  const post = await adminApi(url);
  const issue = await post<{ id: number }>('issues/', { team: 1, resourcetype: 'RatingIssue', title });
  for (const criterion of criteria) await post('issue-questions/', { issue: issue.id, title: criterion });
  const itemType = await post<{ id: number }>('data-models/', { team: 1, title: `Startups of ${title}` });
  const rows = [];
  for (const item of items)
    rows.push(await post<{ id: number }>('datasets/', { data_model: itemType.id, title: item }));
  await post(`issues/${issue.id}/datasets/`, { datasets: rows.map((row) => row.id) });
  await post(`issues/${issue.id}/set_access/`, { emails: [`judge-${issue.id}@example.org`], access: true });
  const judges = await callAdminApi<{ results: { user: { id: number }; issue_answer_link: string }[] }>(
    url,
    'GET',
    `issues/${issue.id}/judges/`,
  );
  const judge = judges.results[0];
  if (!judge) throw new Error('no judge');
  return { issue, judge };
}

const card = (page: Page, title: string) => page.getByTestId('answer-item').filter({ hasText: title });
const criterionSlider = (page: Page, title: string, criterion: string) =>
  page.getByRole('slider', { name: `Rating of ${title} — ${criterion}` });
/** The accessible name of the focused element: where the keyboard is. */
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

describe('the lowest rating and what is left to rate', () => {
  it('gives the minimum by a click at the left end and by Home, and counts rated items as the report does', async () => {
    const { page, server } = session;
    const { issue, judge } = await createRatingSelection(
      'Lowest first',
      ['Team', 'Market'],
      ['Acme', 'Globex', 'Initech'],
    );
    await page.goto(judge.issue_answer_link);
    await page.getByRole('heading', { name: 'Lowest first' }).waitFor();
    const status = page.getByTestId('answer-status');
    expect(await status.innerText()).toBe('0 of 3 rated');

    // A click at the very left of a criterion not rated yet rates it 0; so does Home on the next one.
    const team = criterionSlider(page, 'Acme', 'Team');
    const box = await team.boundingBox();
    if (!box) throw new Error('no slider');
    await team.click({ position: { x: 2, y: box.height / 2 } });
    await expect.poll(() => team.getAttribute('aria-valuetext')).toBe('0 / 5');
    const market = criterionSlider(page, 'Acme', 'Market');
    await market.focus();
    await market.press('Home');
    await expect.poll(() => market.getAttribute('aria-valuetext')).toBe('0 / 5');
    await expect.poll(() => status.innerText()).toBe('1 of 3 rated');

    // Globex rated on Team only: partly rated, which the card says and Submit will not send.
    const globexTeam = criterionSlider(page, 'Globex', 'Team');
    await globexTeam.focus();
    for (let i = 0; i < 3; i += 1) await globexTeam.press('ArrowRight');
    await card(page, 'Globex').getByTestId('rating-partly').waitFor();
    expect(await status.innerText()).toBe('1 of 3 rated');
    await page.getByTestId('answer-submit').click();
    await page.getByText('1 item is only partly rated', { exact: false }).waitFor();
    // The page takes the judge to the criterion left: the keyboard gives it its minimum at once.
    await expect.poll(() => focusedName(page)).toBe('Rating of Globex — Market');
    await page.keyboard.press('ArrowLeft');
    await expect
      .poll(() => criterionSlider(page, 'Globex', 'Market').getAttribute('aria-valuetext'))
      .toBe('0 / 5');
    await expect.poll(() => status.innerText()).toBe('2 of 3 rated');

    // "Not rated" is the item's own state: ticked, it clears; unticked, the item is rated again.
    const initech = card(page, 'Initech');
    expect(await initech.getByTestId('rating-ignore').isChecked()).toBe(true);
    await page.getByTestId('answer-submit').click();
    await page.getByText('1 item is not rated yet.', { exact: false }).waitFor();
    await page.getByTestId('unrated-confirm').click();
    await page.getByText('Thank you! Your answers were submitted.').waitFor();

    type Answers = { results: { dataset: number; question: number; value: number }[] };
    const saved = await callAdminApi<Answers>(
      server.url,
      'GET',
      `issues/${issue.id}/answers/?user=${judge.user.id}`,
    );
    expect(saved.results.map((answer) => answer.value).sort()).toEqual([0, 0, 0, 3]);

    // The report counts what the page counted: 2 of 3.
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(`${server.url}/team/1/issue/${issue.id}/manage?tab=report`);
    const table = page.getByTestId('report-items-table');
    await table.getByRole('cell', { name: 'Initech', exact: true }).waitFor();
    const rows = table.locator('tbody tr.ant-table-row');
    expect(await rows.count()).toBe(3);
    // Initech, rated by nobody, has no rank.
    const initechRow = rows.filter({ hasText: 'Initech' });
    expect((await initechRow.locator('td').allInnerTexts())[2]).toBe('—');
    await page.getByTestId('report-tabs').getByRole('tab', { name: 'Judges' }).click();
    const judgesTable = page.getByTestId('report-judges-table');
    await expect.poll(() => judgesTable.locator('tbody tr.ant-table-row').count()).toBe(1);
    expect(await judgesTable.innerText()).toContain('2 / 3');
  });

  it('jumps to the next item to rate and filters those not yet rated, by keyboard', async () => {
    const { page } = session;
    const titles = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'];
    const { judge } = await createRatingSelection('Still to rate', [], titles);
    await page.goto(judge.issue_answer_link);
    await page.getByRole('heading', { name: 'Still to rate' }).waitFor();
    const rating = (title: string) => page.getByRole('slider', { name: `Rating of ${title}` });

    await rating('Alpha').focus();
    await rating('Alpha').press('End');
    // From Alpha, the next unrated is Bravo: the button is reached and pressed by the keyboard.
    const next = page.getByTestId('answer-next-unrated');
    await next.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('Rating of Bravo');
    await page.keyboard.press('Home');
    await expect.poll(() => rating('Bravo').getAttribute('aria-valuetext')).toBe('0 / 5');
    await next.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('Rating of Charlie');

    // Not yet rated: Charlie, Delta and Echo; rating one keeps it in view until the filter is chosen again.
    const shown = page.getByTestId('answer-shown-filter');
    await shown.selectOption('unrated');
    const cards = page.getByTestId('answer-item').getByRole('heading', { level: 2 });
    await expect.poll(() => cards.allInnerTexts()).toEqual(['Charlie', 'Delta', 'Echo']);
    await rating('Delta').focus();
    await rating('Delta').press('ArrowRight');
    expect(await cards.allInnerTexts()).toEqual(['Charlie', 'Delta', 'Echo']);
    await next.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('Rating of Echo');
    for (const title of ['Charlie', 'Echo']) {
      await rating(title).focus();
      await rating(title).press('Home');
    }
    await next.click();
    await page.getByText('Nothing left to rate.').waitFor();
    await shown.selectOption('all');
    await shown.selectOption('unrated');
    await page.getByTestId('answer-list-empty').waitFor();
    expect(await page.getByTestId('answer-status').innerText()).toBe('5 of 5 rated');
  });
});
