import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { callAdminApi } from './support/admin-api.ts';
import { chooseOption, signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';
import { shoot } from './support/shots.ts';

const session = useBrowserSession();
const PHONE = { width: 375, height: 800 };
const JUDGE = 'ann.audit@example.org';

const api = <T>(method: string, path: string, body?: object) =>
  callAdminApi<T>(session.server.url, method, path, body);

/** A selection of the demo workspace with one criterion, rated by JUDGE through their link. */
async function judgedSelection() {
  const itemType = await api<{ id: number }>('POST', 'data-models/', { team: 1, title: 'Audited startups' });
  const items = await api<{ id: number }[]>(
    'POST',
    'datasets/',
    ['Acme', 'Globex'].map((title) => ({ data_model: itemType.id, title })),
  );
  const issue = await api<{ id: number }>('POST', 'issues/', {
    team: 1,
    resourcetype: 'RatingIssue',
    title: 'Audited finals',
    max_rating: 10,
  });
  await api('POST', `issues/${issue.id}/datasets/`, { datasets: items.map((item) => item.id) });
  const criterion = await api<{ id: number }>('POST', 'issue-questions/', { issue: issue.id, title: 'Team' });
  await api('POST', `issues/${issue.id}/set_access/`, { emails: [JUDGE], access: true });
  const judges = await api<{ results: { issue_answer_link: string }[] }>('GET', `issues/${issue.id}/judges/`);
  const token = new URL(judges.results[0]?.issue_answer_link ?? '', session.server.url).searchParams.get(
    'token',
  );
  const reply = await fetch(`${session.server.url}/api/v1/issues/${issue.id}/submissions/?token=${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      answers: items.map((item, index) => ({ dataset: item.id, question: criterion.id, value: 7 + index })),
      comments: [],
    }),
  });
  expect(reply.status).toBe(201);
}

describe('the audit log page', () => {
  it('shows who changed what, filters it, and erases a judge’s personal data after a confirmation', async () => {
    await judgedSelection();
    const { page, server } = session;
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    const table = page.getByTestId('audit-table');
    await table.getByText('Answers submitted').waitFor();
    await table.getByText('Criterion added').waitFor();
    await table.getByText('Acme — Team').waitFor();
    // A created selection's settings as its dialog names them, a setting off as "No", a status in words.
    const created = table.locator('tr', { hasText: 'Selection created' });
    await created.getByText('Public selection').waitFor();
    expect(await created.innerText()).toMatch(/Public selection: No\s+Status: Open/);
    await shoot(page, 'audit-en-desktop');

    await chooseOption(page, page.getByTestId('audit-filter-action'), 'Answers submitted');
    await expect.poll(() => table.getByText('Criterion added').count()).toBe(0);
    const rows = table.locator('tr.ant-table-row');
    expect(await rows.count()).toBe(await rows.filter({ hasText: 'Answers submitted' }).count());
    await table.getByRole('button', { name: JUDGE }).click();
    await page.getByTestId('audit-filter-actor').getByText(`By ${JUDGE}`).waitFor();
    await page.getByRole('button', { name: 'Clear the filters' }).click();
    await table.getByText('Criterion added').waitFor();

    await page.getByLabel('E-mail address').fill(JUDGE);
    await page.getByTestId('personal-data-erase').click();
    await page.getByText(`Erase everything this workspace holds about ${JUDGE}?`).waitFor();
    await shoot(page, 'personal-data-erase-en-desktop', { fullPage: false });
    await page.getByRole('button', { name: 'Erase', exact: true }).click();
    // Announced, and kept in the card rather than a toast that leaves (and covered the header on a phone).
    await page
      .getByRole('status')
      .getByText('Erased: 1 judge identity, 2 answers anonymised, 0 items, 0 files, 0 e-mails.')
      .waitFor();
    await table.getByText('Personal data erased').waitFor();
    // The judge's entries stay, no longer named.
    expect(await table.getByText(JUDGE).count()).toBe(0);
    await table
      .getByText(/Erased person/)
      .first()
      .waitFor();

    await page.setViewportSize(PHONE);
    await shoot(page, 'audit-en-phone');
    // By the language menu, which stores the language on the account: the exports write it.
    await page.getByTestId('language-fr').click();
    await page.getByRole('heading', { name: 'Journal d’audit' }).waitFor();
    await table.getByText('Données personnelles effacées').waitFor();
    const createdFr = table.locator('tr', { hasText: 'Sélection créée' });
    expect(await createdFr.innerText()).toMatch(/Sélection publique: Non\s+Statut: Ouverte/);
    // The downloaded log is named in the page's language.
    const [log] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('audit-export-xlsx').click(),
    ]);
    expect(log.suggestedFilename()).toBe('journal-audit.xlsx');
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('audit-export-csv').click(),
    ]);
    expect(csv.suggestedFilename()).toBe('journal-audit.csv');
    const lines = readFileSync(await csv.path(), 'utf8').split('\r\n');
    // Excel reads the accents by the byte-order mark; the newest entry is this download's own.
    expect(lines[0]).toBe(
      '\uFEFFDate (UTC),Auteur,Id de l’auteur,E-mail de l’auteur,Action,Type d’objet,Id de l’objet,Objet,Ce qui a changé,Modifications',
    );
    expect(lines[1]).toContain(',export.audit_log,');
    // The CSV's own export, its filter in words.
    expect(lines[1]).toContain(',Format: csv,');
    await shoot(page, 'audit-fr-phone');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByLabel('Adresse e-mail').fill(JUDGE);
    await page.getByTestId('personal-data-erase').click();
    await page.getByText(`Effacer tout ce que cet espace de travail détient sur ${JUDGE} ?`).waitFor();
    await shoot(page, 'audit-fr-desktop');
    await page.keyboard.press('Escape');
    // The account keeps English once the server has it: the next test signs in again, and a sign-in while
    // the save was still on its way came back in French (CI, once).
    await Promise.all([
      page.waitForResponse(
        (reply) => reply.request().method() === 'PATCH' && /\/api\/v1\/users\/\d+\/$/.test(reply.url()),
      ),
      page.getByTestId('language-en').click(),
    ]);
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
  });

  it('lets a site administrator export a person’s data from every workspace as one archive', async () => {
    const email = 'bob.audit@example.org';
    const issue = await api<{ id: number }>('POST', 'issues/', {
      team: 1,
      resourcetype: 'RatingIssue',
      title: 'Another audited selection',
    });
    await api('POST', `issues/${issue.id}/set_access/`, { emails: [email], access: true });
    const { page, server } = session;
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(`${server.url}/admin/teams`);
    const card = page.getByTestId('personal-data');
    await card.getByText('For every workspace at once', { exact: false }).waitFor();
    await card.getByLabel('E-mail address').fill(email);
    const download = page.waitForEvent('download');
    await card.getByTestId('personal-data-export').click();
    expect((await download).suggestedFilename()).toMatch(/^personal-data-\d{4}-\d\d-\d\d\.zip$/);
    await page.getByText('The archive is downloaded', { exact: false }).waitFor();
    await shoot(page, 'personal-data-site-en-desktop');
    const log = await api<{ results: { action: string }[] }>(
      'GET',
      'teams/1/audit-log/?action=personal_data.exported',
    );
    expect(log.results.length).toBeGreaterThan(0);
  });
});
