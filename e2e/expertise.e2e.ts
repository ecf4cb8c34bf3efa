import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminRequest } from './support/admin-api.ts';
import { waitForMailTo } from './support/outbox.ts';
import { signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';
import { isShooting, shoot } from './support/shots.ts';

const session = useBrowserSession();

const ITEMS = {
  rare: 'Sequencing the genomes of rare diseases',
  crops: 'Genomic sequencing of crop pathogens',
  law: 'Competition law in digital markets',
  coral: 'Coral reef ecology under ocean warming',
};

/** What each language's pages say, where the test reads words rather than test ids. */
const WORDS = {
  en: {
    biddingLink: 'My expertise and bids',
    expertise: 'Your expertise',
    savedOn: 'Saved on',
    declare: 'Declare a conflict of interest',
    assign: 'Assign by expertise',
    progress: '2 of 3 judges have bid (3 bids).',
    matchedOn: 'Matched on:',
    reminded: '1 reminder sent.',
    sent: '3 invitations sent.',
  },
  fr: {
    biddingLink: 'Mon expertise et mes souhaits',
    expertise: 'Votre expertise',
    savedOn: 'Enregistré le',
    declare: 'Déclarer un conflit d’intérêts',
    assign: 'Répartir selon l’expertise',
    progress: '2 juges sur 3 ont exprimé des souhaits (3 souhaits).',
    matchedOn: 'En commun :',
    reminded: '1 relance envoyée.',
    sent: '3 invitations envoyées.',
  },
} as const;

/** A selection of four proposals from two fields and three judges, each with their personal link. */
async function programme(baseUrl: string, language: string) {
  const api = adminRequest(baseUrl);
  const issue = await api<{ id: number }>('POST', 'issues/', {
    team: 1,
    resourcetype: 'RatingIssue',
    title: `Grants ${language}`,
  });
  const itemType = await api<{ id: number }>('POST', 'data-models/', {
    team: 1,
    title: `Proposals ${issue.id}`,
  });
  const ids: Record<keyof typeof ITEMS, number> = { rare: 0, crops: 0, law: 0, coral: 0 };
  for (const [key, title] of Object.entries(ITEMS))
    ids[key as keyof typeof ITEMS] = (
      await api<{ id: number }>('POST', 'datasets/', { data_model: itemType.id, title })
    ).id;
  await api('POST', `issues/${issue.id}/datasets/`, { datasets: Object.values(ids) });
  const emails = {
    genetics: `genetics-${issue.id}@example.org`,
    law: `law-${issue.id}@example.org`,
    ocean: `ocean-${issue.id}@example.org`,
  };
  await api('POST', `issues/${issue.id}/set_access/`, { emails: Object.values(emails), access: true });
  const judges = await api<{ results: { user: { email: string }; issue_answer_link: string }[] }>(
    'GET',
    `issues/${issue.id}/judges/?limit=100`,
  );
  const linkOf = (email: string) =>
    judges.results.find((judge) => judge.user.email === email)?.issue_answer_link ?? '';
  return { api, issueId: issue.id, ids, emails, linkOf };
}

/** What a judge sends through their link, as the bidding page sends it (the other judges, quickly). */
async function asJudge(baseUrl: string, link: string, method: string, path: string, body: object) {
  const token = new URL(link, baseUrl).searchParams.get('token');
  const reply = await fetch(`${baseUrl}/api/v1/${path}?token=${token}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${await reply.text()}`);
}

/** The interface's language from now on (kept in local storage); the sign-in form is filled in English. */
async function switchLanguage(page: Page, language: string) {
  await page.evaluate((code) => localStorage.setItem('shortlist.language', code), language);
  await page.reload();
}

/** The screen at a desktop's width and a phone's, for a person to read (E2E_SHOTS_DIR). */
async function shootBothWidths(page: Page, name: string) {
  if (!isShooting) return;
  const wide = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await shoot(page, `${name}-${width}`);
  }
  if (wide) await page.setViewportSize(wide);
}

describe.each(['en', 'fr'] as const)('assignment by expertise, in %s', (language) => {
  const words = WORDS[language];

  it('judges state expertise and bid through their links; the admin assigns, reads the quality, adjusts and invites', async () => {
    const { page, server } = session;
    const p = await programme(server.url, language);

    // The genetics judge, through their link: expertise, bids, a search, a conflict.
    await page.goto(p.linkOf(p.emails.genetics));
    await switchLanguage(page, language);
    await page.getByTestId('bidding-link').click();
    await page.getByRole('heading', { name: words.expertise }).waitFor();
    await page.getByTestId('expertise-text').fill('Genomics, sequencing, rare diseases');
    await page.getByTestId('expertise-save').click();
    await page.getByTestId('expertise-status').filter({ hasText: words.savedOn }).waitFor();
    await page.reload();
    await page.getByTestId('bid-item').first().waitFor();
    expect(await page.getByTestId('expertise-text').inputValue()).toBe('Genomics, sequencing, rare diseases');
    expect(await page.getByTestId('bidding-deadline').innerText()).not.toBe('');
    const card = (title: string) => page.getByTestId('bid-item').filter({ hasText: title });
    expect(await page.getByTestId('bid-item').count()).toBe(4);
    await card(ITEMS.rare).getByTestId('bid-eager').check();
    await page.getByTestId('bid-flash').filter({ hasText: /./ }).waitFor();
    await card(ITEMS.law).getByTestId('bid-not_willing').check();
    await expect.poll(() => card(ITEMS.law).getByTestId('bid-not_willing').isChecked()).toBe(true);
    await page.getByTestId('bid-search').fill('coral');
    await page.getByTestId('bid-search').press('Enter');
    await expect.poll(() => page.getByTestId('bid-item').count()).toBe(1);
    await card(ITEMS.coral).getByTestId('bid-conflict-declare').click();
    await page.getByRole('button', { name: words.declare }).last().click();
    await card(ITEMS.coral).getByTestId('bid-conflict').waitFor();
    await shootBothWidths(page, `bids-${language}`);

    // The other two judges, through their links' tokens.
    const law = p.linkOf(p.emails.law);
    const ocean = p.linkOf(p.emails.ocean);
    await asJudge(server.url, law, 'PUT', `issues/${p.issueId}/expertise/`, {
      text: 'Competition law, antitrust, digital markets',
    });
    await asJudge(server.url, law, 'POST', `issues/${p.issueId}/bids/`, { dataset: p.ids.law, bid: 'eager' });
    await asJudge(server.url, ocean, 'PUT', `issues/${p.issueId}/expertise/`, {
      text: 'Ocean warming, coral reefs, marine ecology',
    });

    // The admin: bidding's progress, the run, its quality, the pairs and why.
    await switchLanguage(page, 'en');
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await switchLanguage(page, language);
    await page.goto(`${server.url}/team/1/issue/${p.issueId}/manage?tab=access`);
    await page.getByTestId('judges-assign-expertise').click();
    const drawer = page.getByTestId('assign-drawer');
    await drawer.getByText(words.assign, { exact: false }).first().waitFor();
    await drawer.getByTestId('assign-bidding-progress').filter({ hasText: words.progress }).waitFor();
    // The one judge who has not bid is reminded.
    await drawer.getByTestId('assign-bidding-remind').click();
    await page.getByText(words.reminded).waitFor();
    await waitForMailTo(server.url, p.emails.ocean);
    await drawer.getByTestId('assign-quality-none').waitFor();
    await drawer.getByTestId('assign-judges-per-item').fill('1');
    await drawer.getByTestId('assign-items-per-judge').fill('2');
    await drawer.getByTestId('assign-fairness').check();
    await drawer.getByTestId('assign-submit').click();
    await drawer.getByTestId('quality-pairs').filter({ hasText: '4' }).waitFor();
    expect(await drawer.getByTestId('quality-optimum').innerText()).toMatch(/%/);
    expect(await drawer.getByTestId('quality-eager').innerText()).toMatch(/%/);
    expect(await drawer.getByTestId('histogram-bin').count()).toBeGreaterThan(0);

    const pairOf = (title: string) => drawer.locator('tr', { hasText: title });
    await pairOf(ITEMS.rare).first().waitFor();
    // Each item has one judge: the eager bid and the expertise meet on the rare diseases; the judge who
    // was not willing never gets competition law, nor the judge of the conflict the coral reefs.
    expect(await pairOf(ITEMS.rare).innerText()).toContain(p.emails.genetics.split('@')[0]);
    expect(await pairOf(ITEMS.rare).innerText()).toContain(words.matchedOn);
    expect(await pairOf(ITEMS.law).innerText()).toContain(p.emails.law.split('@')[0]);
    expect(await pairOf(ITEMS.coral).innerText()).toContain(p.emails.ocean.split('@')[0]);
    expect(await pairOf(ITEMS.law).innerText()).not.toContain(p.emails.genetics.split('@')[0]);

    // By hand: the crop pathogens go from their judge to the ocean judge, and the quality follows.
    const crops = pairOf(ITEMS.crops);
    await crops.getByTestId('pair-remove').click();
    await drawer.getByTestId('quality-pairs').filter({ hasText: '3' }).waitFor();
    await expect.poll(() => pairOf(ITEMS.crops).count()).toBe(0);
    await drawer.getByTestId('pair-add').click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('add-pair-judge') });
    await dialog.getByTestId('add-pair-judge').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: p.emails.ocean })
      .click();
    await dialog.getByTestId('add-pair-item').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: ITEMS.crops })
      .click();
    await dialog
      .getByRole('button', {
        name: language === 'en' ? 'Add a judge to an item' : 'Ajouter un juge à un élément',
      })
      .click();
    await drawer.getByTestId('quality-pairs').filter({ hasText: '4' }).waitFor();
    await expect.poll(async () => pairOf(ITEMS.crops).innerText()).toContain(p.emails.ocean.split('@')[0]);
    await shootBothWidths(page, `assign-drawer-${language}`);

    // The invitations: each judge gets their link.
    await drawer.getByTestId('assign-invite-all').click();
    await page.getByTestId('invite-all-send').click();
    await page.getByTestId('invite-all-result').filter({ hasText: words.sent }).waitFor();
    // The law judge, who had bid, got no reminder: this mail is their invitation.
    await waitForMailTo(server.url, p.emails.law);
  }, 180_000);
});
