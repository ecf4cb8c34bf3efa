import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminRequest } from './support/admin-api.ts';
import { ITEMS, judgedProgramme, tokensOf } from './support/expertise-programme.ts';
import { signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();

const WORDS = {
  en: {
    seeded: '1 judge’s expertise seeded.',
    save: 'Save',
    saved: 'Expertise saved.',
    seededSource: 'Seeded',
    added: /\d+ pairs? added\./,
    yes: 'Yes',
    blindTitle: /^Item \d+$/,
    target: '0.80',
    higherTarget: '0.95',
  },
  fr: {
    seeded: 'Expertise reprise pour 1 juge.',
    save: 'Enregistrer',
    saved: 'Expertise enregistrée.',
    seededSource: 'Reprise',
    added: /\d+ paires? ajoutées?\./,
    yes: 'Oui',
    blindTitle: /^Élément \d+$/,
    target: '0,80',
    higherTarget: '0,95',
  },
} as const;

async function switchLanguage(page: Page, language: string) {
  await page.evaluate((code) => localStorage.setItem('shortlist.language', code), language);
  await page.reload();
}

describe.each(['en', 'fr'] as const)('the assignment drawer after the first answers, in %s', (language) => {
  const words = WORDS[language];

  it('the admin reads, searches, edits and seeds expertise, searches the pairs, adds a second wave and plans judges', async () => {
    const { page, server } = session;
    const p = await judgedProgramme(server.url, language);
    const [ann, , cem] = p.emails as [string, string, string, string];
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await switchLanguage(page, language);
    await page.goto(`${server.url}/team/1/issue/${p.issueId}/manage?tab=access`);
    await page.getByTestId('judges-assign-expertise').click();
    const drawer = page.getByTestId('assign-drawer');
    const expertiseSearch = drawer.getByTestId('expertise-search').locator('input');
    const pairSearch = drawer.getByTestId('pair-search').locator('input');

    // The judges' expertise: four rows, searched, one rewritten by the admin.
    const rows = drawer.getByTestId('assign-expertise').locator('tbody tr.ant-table-row');
    await rows.nth(3).waitFor();
    await expertiseSearch.fill('coral');
    await expertiseSearch.press('Enter');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain(cem);
    await rows.first().getByTestId('expertise-edit').click();
    await page.getByTestId('expertise-edit-text').fill('Coral reefs, marine heatwaves, fisheries');
    await page.getByRole('button', { name: words.save, exact: true }).click();
    await page.getByText(words.saved).waitFor();
    await expect.poll(() => rows.first().innerText()).toContain('marine heatwaves');
    // Seeded: the judge who stated nothing gets the title of the item they judged before.
    await drawer.getByTestId('expertise-seed').click();
    await page.getByText(words.seeded).waitFor();
    await expertiseSearch.fill('alpine');
    await expertiseSearch.press('Enter');
    await expect.poll(() => rows.first().innerText()).toContain(ann);
    expect(await rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain(words.seededSource);

    // The pairs, searched by item.
    await pairSearch.fill('coral');
    await pairSearch.press('Enter');
    const pairRows = drawer.getByTestId('assign-pairs').locator('tbody tr.ant-table-row');
    await expect.poll(() => pairRows.count()).toBe(2);
    for (const text of await pairRows.allInnerTexts()) expect(text).toContain(ITEMS[3]);

    // The planner: its figures are the server's, its table reaches the target at the judges it names.
    const planner = await p.api<{ alpha: number; needed_judges_per_item: number }>(
      'GET',
      `issues/${p.issueId}/judges_planner/?target=0.8`,
    );
    expect(planner.alpha).toBeGreaterThan(0);
    const needed = drawer.getByTestId('planner-needed').locator('dd');
    await expect.poll(() => needed.innerText()).toBe(String(planner.needed_judges_per_item));
    const table = drawer.getByTestId('planner-table');
    const firstReaching = table.locator('tbody tr', { hasText: words.yes }).first().locator('th');
    expect(await firstReaching.innerText()).toBe(String(planner.needed_judges_per_item));
    // The target is written, and read, with the language's decimal mark.
    expect(await drawer.getByTestId('planner-target').inputValue()).toBe(words.target);
    await drawer.getByTestId('planner-target').fill(words.higherTarget);
    await drawer.getByTestId('planner-target').press('Tab');
    const higher = await p.api<{ needed_judges_per_item: number }>(
      'GET',
      `issues/${p.issueId}/judges_planner/?target=0.95`,
    );
    await expect.poll(() => needed.innerText()).toBe(String(higher.needed_judges_per_item));

    // The second wave: the unsure items get one more judge; every pair stays.
    await drawer.getByTestId('wave-cutoff').fill('2');
    await drawer.getByTestId('wave-submit').click();
    const done = page.locator('.ant-message-notice').filter({ hasText: words.added });
    await done.waitFor();
    const added = Number((await done.innerText()).match(/\d+/)?.[0]);
    expect(added).toBeGreaterThan(0);
    const after = await p.api<{ count: number }>('GET', `issues/${p.issueId}/assignment/?limit=1`);
    expect(after.count).toBe(p.nbPairs + added);
  }, 180_000);

  it('under blind review the bidding page names a hidden title by its number, in the page’s language', async () => {
    const { page, server } = session;
    const api = adminRequest(server.url);
    const issue = await api<{ id: number }>('POST', 'issues/', {
      team: 1,
      resourcetype: 'RatingIssue',
      title: `Blind bids ${language}`,
    });
    const type = await api<{ id: number }>('POST', 'data-models/', { team: 1, title: `Blind ${issue.id}` });
    const secret = `founder-${issue.id}@example.org`;
    const ids: number[] = [];
    for (const title of [secret, 'Visible proposal'])
      ids.push((await api<{ id: number }>('POST', 'datasets/', { data_model: type.id, title })).id);
    await api('POST', `issues/${issue.id}/datasets/`, { datasets: ids });
    await api('PATCH', `issues/${issue.id}/`, { resourcetype: 'RatingIssue', hide_respondent: true });
    await api('POST', `issues/${issue.id}/set_access/`, {
      emails: [`blind-${issue.id}@example.org`],
      access: true,
    });
    const [judge] = (await tokensOf(api, server.url, issue.id)).values();
    await page.goto(`${server.url}/selection/${issue.id}/bids?token=${judge?.token}`);
    await switchLanguage(page, language);
    const titles = page.getByTestId('bid-item').locator('h2');
    await titles.nth(1).waitFor();
    const shown = await titles.allInnerTexts();
    expect(shown).toContain('Visible proposal');
    expect(shown.filter((title) => words.blindTitle.test(title))).toHaveLength(1);
    expect(await page.content()).not.toContain(secret);
  }, 120_000);
});
