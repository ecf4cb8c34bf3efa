import { describe, expect, it } from 'vitest';
import { callAdminApi } from './support/admin-api.ts';
import { createJudgedSelection } from './support/judged-selection.ts';
import { chooseOption, signIn, tickRow } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';
import { shoot } from './support/shots.ts';

const session = useBrowserSession();
const PHONE = { width: 375, height: 800 };

const api = <T>(method: string, path: string, body?: object) =>
  callAdminApi<T>(session.server.url, method, path, body);

/** Four startups rated by two judges: Acme 5, Globex 4, Initech 3, Umbrella 1. */
async function createFirstRound() {
  const itemType = await api<{ id: number }>('POST', 'data-models/', { team: 1, title: 'Startups' });
  const items = await api<{ id: number }[]>(
    'POST',
    'datasets/',
    ['Acme', 'Globex', 'Initech', 'Umbrella'].map((title) => ({ data_model: itemType.id, title })),
  );
  const [acme, globex, initech, umbrella] = items.map((item) => item.id) as [number, number, number, number];
  const answers = [
    { dataset: acme, value: 5 },
    { dataset: globex, value: 4 },
    { dataset: initech, value: 3 },
    { dataset: umbrella, value: 1 },
  ];
  const issue = await createJudgedSelection(
    session.server.url,
    { resourcetype: 'RatingIssue', title: 'Pitch night', data_model: itemType.id },
    [acme, globex, initech, umbrella],
    () => [{ answers }, { answers }],
  );
  return { issue, items: { acme, globex, initech, umbrella } };
}

describe('rounds', () => {
  it('promotes the top 3 of a report into a new round, whose item drawer shows the path', async () => {
    const { page, server } = session;
    const { issue } = await createFirstRound();
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(`${server.url}/team/1/issue/${issue}/manage?tab=report`);
    const table = page.getByTestId('report-items-table');
    await table.getByRole('cell', { name: 'Umbrella', exact: true }).waitFor();

    // By the keyboard: the action, then the dialog's defaults (a new round, the top 3, everything kept).
    await page.getByTestId('promote-open').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('promote-dialog');
    await dialog.getByText('A new round (Pitch night — round 2)').waitFor();
    expect(await dialog.getByTestId('promote-top').inputValue()).toBe('3');
    // Nothing ticked: that choice waits for rows.
    expect(await dialog.getByRole('radio', { name: /ticked items/ }).isDisabled()).toBe(true);
    await shoot(page, 'promote-en-desktop', { fullPage: false });
    await dialog.getByTestId('promote-submit').click();
    const result = dialog.getByTestId('promote-result');
    await result.getByText('3 items added to the selection.').waitFor();
    await shoot(page, 'promote-result-en-desktop', { fullPage: false });
    await result.getByTestId('promote-target-link').click();
    await page.waitForURL(/\/issue\/\d+\/manage$/);
    const round = Number(/\/issue\/(\d+)\/manage/.exec(page.url())?.[1]);
    expect(round).not.toBe(issue);

    const created = await api<{
      title: string;
      round: number;
      datasets_count: number;
      access: unknown[];
    }>('GET', `issues/${round}/`);
    expect(created).toMatchObject({ title: 'Pitch night — round 2', round: 2, datasets_count: 3 });
    expect(created.access).toHaveLength(2);

    // The new round's report: Globex's drawer says where it came from.
    await page.goto(`${server.url}/team/1/issue/${round}/manage?tab=report`);
    await table.getByRole('cell', { name: 'Globex', exact: true }).waitFor();
    expect(await table.getByRole('cell', { name: 'Umbrella', exact: true }).count()).toBe(0);
    await table.getByRole('row').filter({ hasText: 'Globex' }).getByTestId('item-responses').click();
    const drawer = page.getByTestId('item-details-drawer');
    const step = drawer.getByTestId('item-path-step');
    await step.waitFor();
    const text = await step.innerText();
    expect(text).toContain('Round 1');
    expect(text).toContain('Pitch night');
    expect(text).toContain('rank 2');
    expect(text).toContain('Round 2');
    expect(text).toContain('Pitch night — round 2');
    await shoot(page, 'path-en-desktop', { fullPage: false });

    // Promoting the top 3 again into that round adds nothing twice.
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/team/1/issue/${issue}/manage?tab=report`);
    await table.getByRole('cell', { name: 'Umbrella', exact: true }).waitFor();
    await page.getByTestId('promote-open').click();
    await dialog.getByRole('radio', { name: 'An existing selection' }).check();
    await chooseOption(page, dialog.getByTestId('promote-target-select'), 'Pitch night — round 2');
    await shoot(page, 'promote-existing-en-desktop', { fullPage: false });
    await dialog.getByTestId('promote-submit').click();
    await result.getByText('0 items added to the selection.').waitFor();
    await result.getByText('3 were there already and were not added again.').waitFor();
    expect((await api<{ datasets_count: number }>('GET', `issues/${round}/`)).datasets_count).toBe(3);
  });

  it('reads in French on a phone: the dialog, with ticked rows, and the path in the item dialog', async () => {
    const { page, server } = session;
    const { issue, items } = await createFirstRound();
    const promoted = await api<{ issue: number }>('POST', `issues/${issue}/promote/`, {
      target: null,
      datasets: [items.initech],
    });
    await page.setViewportSize(PHONE);
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.evaluate(() => localStorage.setItem('shortlist.language', 'fr'));
    await page.goto(`${server.url}/team/1/issue/${issue}/manage?tab=report`);
    const table = page.getByTestId('report-items-table');
    await table.getByRole('cell', { name: 'Umbrella', exact: true }).waitFor();
    await tickRow(table.getByRole('row').filter({ hasText: 'Acme' }).getByRole('checkbox'));
    await page.getByTestId('promote-open').click();
    const dialog = page.getByTestId('promote-dialog');
    await dialog.getByText('Un nouveau tour (Pitch night — round 2)').waitFor();
    const ticked = dialog.getByRole('radio', { name: 'L’élément coché (1)' });
    expect(await ticked.isDisabled()).toBe(false);
    await shoot(page, 'promote-fr-phone', { fullPage: false });
    // The page does not scroll sideways at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.keyboard.press('Escape');

    // The item dialog (as on the items page) of Initech shows its round.
    await page.goto(`${server.url}/team/1/issue/${promoted.issue}/manage?tab=report`);
    await table.getByRole('cell', { name: 'Initech', exact: true }).waitFor();
    await table.getByRole('row').filter({ hasText: 'Initech' }).getByTestId('item-info').click();
    const step = page.getByRole('dialog').getByTestId('item-path-step');
    await step.waitFor();
    expect(await step.innerText()).toContain('Tour 1');
    await shoot(page, 'path-fr-phone', { fullPage: false });
  });
});
