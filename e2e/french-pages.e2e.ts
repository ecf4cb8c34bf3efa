import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminRequest } from './support/admin-api.ts';
import { englishOn, englishOnlyWords } from './support/english-words.ts';
import { signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();

let englishOnly: Set<string>;
beforeAll(async () => {
  englishOnly = await englishOnlyWords();
});

/** A French workspace: a published French form, two items, a selection with a judge, and a person erased. */
async function frenchWorkspace(baseUrl: string) {
  const api = adminRequest(baseUrl);
  await api('PATCH', 'teams/1/', { title: 'Atelier', description: 'Nos appels à projets.' });
  const form = await api<{ id: number; data_model_id: number }>('POST', 'intake-forms/', {
    team: 1,
    title: 'Appel à projets',
    published: true,
    language_code: 'fr',
  });
  const fields = `data-models/${form.data_model_id}/datum-fields/`;
  await api('POST', fields, { resourcetype: 'text', label: 'Nom du projet', required: true });
  await api('POST', fields, { resourcetype: 'file', label: 'Dossier', mime_types: ['application/pdf'] });
  await api('POST', fields, { resourcetype: 'custom', type: 'budget', label: 'Budget' });
  const item = (title: string, email: string) =>
    api<{ id: number }>('POST', 'datasets/', { data_model: form.data_model_id, title, contact_email: email });
  const items = [
    await item('Vélo cargo', 'velo@example.org'),
    await item('Jardin partagé', 'efface@example.org'),
  ];
  const issue = await api<{ id: number }>('POST', 'issues/', {
    team: 1,
    resourcetype: 'RatingIssue',
    title: 'Jury de printemps',
  });
  await api('POST', `issues/${issue.id}/datasets/`, { datasets: items.map(({ id }) => id) });
  await api('POST', 'issue-questions/', { issue: issue.id, title: 'Impact' });
  await api('POST', `issues/${issue.id}/set_access/`, {
    emails: ['jury@example.org', 'efface@example.org'],
    access: true,
  });
  const judges = await api<{ results: { user: { email: string }; issue_answer_link: string }[] }>(
    'GET',
    `issues/${issue.id}/judges/`,
  );
  const linkOf = (email: string) =>
    judges.results.find((judge) => judge.user.email === email)?.issue_answer_link ?? '';
  const preview = await api<{ html_message: string }>('POST', 'email-templates/preview/', {
    team: 1,
    subject: 'Nouvelles',
    html_content: '<p>Bonjour</p>',
    dataset: items[0]?.id,
  });
  // The person of the second item, also a judge, has their data erased: their link and item go.
  await api('POST', 'teams/1/personal-data/erase/', { email: 'efface@example.org' });
  return {
    form,
    issue,
    itemTypeId: form.data_model_id,
    judgeLink: linkOf('jury@example.org'),
    erasedLink: linkOf('efface@example.org'),
    unsubscribe: /href="([^"]*\/unsubscribe\/[^"]+)"/.exec(preview.html_message)?.[1] ?? '',
  };
}

/** Opens `url`, waits for `ready` and for the requests to end, and returns the English on the page. */
async function englishOf(page: Page, url: string, ready: string) {
  await page.goto(url);
  await page.getByText(ready, { exact: false }).first().waitFor();
  await page.waitForLoadState('networkidle');
  return englishOn(page, englishOnly);
}

describe('French pages', () => {
  it('show no English text of the app: public, judge and admin pages', async () => {
    const { page, server } = session;
    const w = await frenchWorkspace(server.url);
    const token = new URL(w.judgeLink, server.url).searchParams.get('token');
    const found: Record<string, string[]> = {};
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.evaluate(() => localStorage.setItem('shortlist.language', 'fr'));
    // The admin's pages, then the public ones (a judge's link signs the admin out), all in French.
    const pages: [string, string, string][] = [
      ['dashboard', '/team/1', 'Atelier'],
      ['items', '/team/1/items', 'Vélo cargo'],
      ['item type', `/team/1/item-types/${w.itemTypeId}/manage?tab=list`, 'Vélo cargo'],
      ['selection', `/team/1/issue/${w.issue.id}/manage`, 'Jury de printemps'],
      ['report', `/team/1/issue/${w.issue.id}/manage?tab=report`, 'Vélo cargo'],
      ['e-mails', '/team/1/emails', 'E-mails'],
      ['public form', `/forms/${w.form.id}`, 'Nom du projet'],
      ['judge page', w.judgeLink, 'Jury de printemps'],
      ['judge portal', `/judge?token=${token}`, 'Jury de printemps'],
      ['erased judge link', w.erasedLink, 'Retour'],
      ['unsubscribe page', w.unsubscribe, 'Se désabonner'],
    ];
    for (const [name, url, ready] of pages)
      found[name] = await englishOf(page, new URL(url, server.url).href, ready);
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((name) => [name, []])));
  });
});
