import { describe, expect, it } from 'vitest';
import { callAdminApi } from './support/admin-api.ts';
import { seriousViolations } from './support/axe.ts';
import { clickUntilShown, signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';
import { shoot } from './support/shots.ts';

const session = useBrowserSession();
const PHONE = { width: 375, height: 800 };
/** The narrowest phone the pages are checked at. */
const NARROW = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const JUDGE = 'blind.judge@example.org';
const FOUNDER = 'Zephyrine Quokka';

const api = <T>(method: string, path: string, body?: object) =>
  callAdminApi<T>(session.server.url, method, path, body);

/** Two selections of the demo team with the same judge; the first one's item is titled by its founder. */
async function seed() {
  const itemType = await api<{ id: number }>('POST', 'data-models/', { team: 1, title: 'Blind startups' });
  const field = (label: string) =>
    api<{ id: number }>('POST', `data-models/${itemType.id}/datum-fields/`, { resourcetype: 'text', label });
  const founder = await field('Founder');
  const pitch = await field('Pitch');
  const selection = async (title: string, itemTitle: string, founderName: string) => {
    const issue = await api<{ id: number }>('POST', 'issues/', {
      team: 1,
      resourcetype: 'RatingIssue',
      title,
    });
    const item = await api<{ id: number }>('POST', 'datasets/', {
      data_model: itemType.id,
      title: itemTitle,
      datum_values: [
        { datum_field: founder.id, resourcetype: 'text', response: founderName },
        { datum_field: pitch.id, resourcetype: 'text', response: 'We recycle batteries' },
      ],
    });
    await api('POST', `issues/${issue.id}/datasets/`, { datasets: [item.id] });
    await api('POST', `issues/${issue.id}/set_access/`, { emails: [JUDGE], access: true });
    const judges = await api<{ results: { issue_answer_link: string }[] }>(
      'GET',
      `issues/${issue.id}/judges/`,
    );
    return { issue, link: judges.results[0]?.issue_answer_link ?? '' };
  };
  const blind = await selection('Blind round', FOUNDER, FOUNDER);
  const second = await selection('Second call', 'Globex', 'Hank Scorpio');
  return { blind, second };
}

describe('blind review and the judge’s portal', () => {
  it('the admin hides the founder; the judge sees "Item 1", then goes to another selection from the portal', async () => {
    const { page, server } = session;
    const { blind, second } = await seed();

    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(`${server.url}/team/1/issue/${blind.issue.id}/manage`);
    await page.getByTestId('edit-issue').click();
    const section = page.getByTestId('blind-review');
    await section.getByRole('checkbox', { name: 'Founder' }).check();
    await section.getByRole('checkbox', { name: 'Founder' }).focus();
    await page.setViewportSize(DESKTOP);
    await shoot(page, 'blind-dialog-en-desktop');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').first().waitFor();
    const saved = await api<{ hidden_fields: number[] }>('GET', `issues/${blind.issue.id}/`);
    expect(saved.hidden_fields).toHaveLength(1);
    // The dialog in French at a phone's size, the saved choice ticked.
    await page.evaluate(() => localStorage.setItem('shortlist.language', 'fr'));
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByTestId('edit-issue').click();
    await page
      .getByTestId('blind-review')
      .getByRole('checkbox', { name: 'Founder' })
      .scrollIntoViewIfNeeded();
    expect(
      await page.getByTestId('blind-review').getByRole('checkbox', { name: 'Founder' }).isChecked(),
    ).toBe(true);
    await shoot(page, 'blind-dialog-fr-phone', { fullPage: false });

    // The judge's link: a fresh context, no admin session.
    const judge = await page.context().browser()?.newPage();
    if (!judge) throw new Error('no page');
    await judge.setViewportSize(DESKTOP);
    await judge.goto(blind.link);
    await judge.getByRole('heading', { name: 'Blind round' }).waitFor();
    await judge.getByRole('heading', { name: 'Item 1' }).waitFor();
    await judge.getByText('We recycle batteries').waitFor();
    expect(await judge.content()).not.toContain('Zephyrine');
    await shoot(judge, 'blind-answer-en-desktop');

    // The portal, from the link on the judge's page, by keyboard.
    await judge.getByTestId('portal-link').focus();
    await judge.keyboard.press('Enter');
    await judge.getByRole('heading', { name: 'My selections' }).waitFor();
    const entries = judge.getByTestId('portal-entry');
    expect(await entries.count()).toBe(2);
    expect(await judge.getByTestId('portal-list').innerText()).toContain('0 of 1 item answered');
    await shoot(judge, 'portal-en-desktop');
    await judge.setViewportSize(PHONE);
    await shoot(judge, 'portal-en-phone');
    await judge.getByRole('link', { name: 'Second call' }).click();
    await judge.getByRole('heading', { name: 'Second call' }).waitFor();
    await judge.getByRole('heading', { name: 'Globex' }).waitFor();
    expect(judge.url()).toContain(`/selection/${second.issue.id}/answer`);

    // In French, at both sizes.
    await judge.evaluate(() => localStorage.setItem('shortlist.language', 'fr'));
    await judge.goto(blind.link);
    await judge.getByRole('heading', { name: 'Élément 1' }).waitFor();
    await shoot(judge, 'blind-answer-fr-phone');
    await judge.getByTestId('portal-link').click();
    await judge.getByRole('heading', { name: 'Mes sélections' }).waitFor();
    await shoot(judge, 'portal-fr-phone');
    await judge.setViewportSize(DESKTOP);
    await shoot(judge, 'portal-fr-desktop');
    await judge.close();
  });

  it('groups the hidden questions by item type, hides a shared question in every type at once, and hides a typed-in contact', async () => {
    const { page, server } = session;
    const itemType = (title: string) => api<{ id: number }>('POST', 'data-models/', { team: 1, title });
    const field = (type: number, label: string, extra: object = {}) =>
      api<{ id: number }>('POST', `data-models/${type}/datum-fields/`, {
        resourcetype: 'text',
        label,
        ...extra,
      });
    const calls = await itemType('Space calls');
    const labs = await itemType('Lab calls');
    const founders = [await field(calls.id, 'Founder'), await field(labs.id, 'Founder')];
    const pitch = await field(calls.id, 'Pitch');
    // The lab's contact: a text question that mails use, no e-mail format.
    const contact = await field(labs.id, 'Contact', { template_variable_email: 'contact' });
    const summary = await field(labs.id, 'Summary');
    const answer = (datum_field: number, response: string) => ({
      datum_field,
      resourcetype: 'text',
      response,
    });
    const kelp = await api<{ id: number }>('POST', 'datasets/', {
      data_model: calls.id,
      title: 'Orbital Kelp',
      datum_values: [
        answer(founders[0]?.id ?? 0, 'Anselm Frobisher'),
        answer(pitch.id, 'Kelp farms in orbit'),
      ],
    });
    const gizmo = await api<{ id: number }>('POST', 'datasets/', {
      data_model: labs.id,
      title: 'Lab Gizmo',
      contact_email: 'gizmo-lead@example.org',
      datum_values: [
        answer(founders[1]?.id ?? 0, 'Bettina Quarrel'),
        answer(contact.id, 'gizmo-lead@example.org'),
        answer(summary.id, 'Cheaper sensors'),
      ],
    });
    const issue = await api<{ id: number }>('POST', 'issues/', {
      team: 1,
      resourcetype: 'RatingIssue',
      title: 'Two calls',
    });
    await api('POST', `issues/${issue.id}/datasets/`, { datasets: [kelp.id, gizmo.id] });
    await api('POST', `issues/${issue.id}/set_access/`, { emails: ['two.calls@example.org'], access: true });
    const judges = await api<{ results: { issue_answer_link: string }[] }>(
      'GET',
      `issues/${issue.id}/judges/`,
    );
    const link = judges.results[0]?.issue_answer_link ?? '';

    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/team/1/issue/${issue.id}/manage`);
    await page.getByTestId('edit-issue').click();
    const section = page.getByTestId('blind-review');
    const group = (type: number) => section.getByTestId(`blind-item-type-${type}`);
    await group(labs.id).getByRole('checkbox', { name: 'Summary' }).waitFor();
    expect(await group(calls.id).locator('legend').innerText()).toBe('Space calls');
    expect(await group(labs.id).locator('legend').innerText()).toBe('Lab calls');
    expect(await group(calls.id).getByRole('checkbox').count()).toBe(2);
    expect(await group(labs.id).getByRole('checkbox').count()).toBe(3);
    // The shared question, by keyboard: one box hides "Founder" in both item types.
    const everyType = section.getByRole('checkbox', { name: 'Hide “Founder” in every item type' });
    await everyType.focus();
    await page.keyboard.press('Space');
    for (const type of [calls.id, labs.id])
      expect(await group(type).getByRole('checkbox', { name: 'Founder' }).isChecked()).toBe(true);
    // One of the two unticked: the shared box is half ticked.
    await group(labs.id).getByRole('checkbox', { name: 'Founder' }).uncheck();
    expect(await everyType.isChecked()).toBe(false);
    await everyType.check();
    await section.getByTestId('blind-hide-respondent').click();
    await everyType.scrollIntoViewIfNeeded();
    await shoot(page, 'blind-groups-en-desktop', { fullPage: false });
    expect(await seriousViolations(page, '[data-testid="blind-review"]')).toEqual([]);
    await page.setViewportSize(NARROW);
    await everyType.scrollIntoViewIfNeeded();
    await shoot(page, 'blind-groups-en-390', { fullPage: false });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').first().waitFor();
    const saved = await api<{ hidden_fields: number[]; hide_respondent: boolean }>(
      'GET',
      `issues/${issue.id}/`,
    );
    expect(saved.hidden_fields.toSorted((a, b) => a - b)).toEqual(founders.map((f) => f?.id));
    expect(saved.hide_respondent).toBe(true);

    // In French at 390 px, the saved choice ticked.
    await page.evaluate(() => localStorage.setItem('shortlist.language', 'fr'));
    await page.reload();
    await clickUntilShown(page.getByTestId('edit-issue'), page.getByTestId('blind-review'));
    const everyTypeFr = page
      .getByTestId('blind-review')
      .getByRole('checkbox', { name: 'Masquer « Founder » dans tous les types d’élément' });
    await everyTypeFr.scrollIntoViewIfNeeded();
    expect(await everyTypeFr.isChecked()).toBe(true);
    await shoot(page, 'blind-groups-fr-390', { fullPage: false });
    expect(await seriousViolations(page, '[data-testid="blind-review"]')).toEqual([]);

    // The judge sees neither founder nor the lab's address, and what is left of each item.
    const judge = await page.context().browser()?.newPage();
    if (!judge) throw new Error('no page');
    await judge.setViewportSize(DESKTOP);
    await judge.goto(link);
    await judge.getByText('Cheaper sensors').waitFor();
    await judge.getByText('Kelp farms in orbit').waitFor();
    for (const hidden of ['Anselm', 'Bettina', 'gizmo-lead'])
      expect(await judge.content()).not.toContain(hidden);
    await shoot(judge, 'blind-two-types-judge-en-desktop');
    await judge.setViewportSize(NARROW);
    await shoot(judge, 'blind-two-types-judge-en-390');
    await judge.evaluate(() => localStorage.setItem('shortlist.language', 'fr'));
    await judge.reload();
    await judge.getByText('Cheaper sensors').waitFor();
    expect(await judge.content()).not.toContain('gizmo-lead');
    await shoot(judge, 'blind-two-types-judge-fr-390');
    await judge.close();
  });

  it('names the other judges of a selection that hides names by letters: "Judge A", "Juge C"', async () => {
    const { page, server } = session;
    const issue = await api<{ id: number }>('POST', 'issues/', {
      team: 1,
      resourcetype: 'RatingIssue',
      title: 'Names hidden',
      hide_judge_names: true,
    });
    const itemType = await api<{ id: number }>('POST', 'data-models/', { team: 1, title: 'Named startups' });
    const item = await api<{ id: number }>('POST', 'datasets/', {
      data_model: itemType.id,
      title: 'Initech',
      datum_values: [],
    });
    await api('POST', `issues/${issue.id}/datasets/`, { datasets: [item.id] });
    // Added one by one: the letters follow this order, the reader between the two others.
    const emails = ['wilhelmina.quax@example.org', 'names.reader@example.org', 'octavian.brim@example.org'];
    for (const email of emails)
      await api('POST', `issues/${issue.id}/set_access/`, { emails: [email], access: true });
    const judges = await api<{ results: { issue_answer_link: string; user: { email: string } }[] }>(
      'GET',
      `issues/${issue.id}/judges/`,
    );
    const linkOf = (email: string) =>
      judges.results.find((j) => j.user.email === email)?.issue_answer_link ?? '';
    const [first = '', reader = '', second = ''] = emails;
    for (const [email, content] of [
      [first, 'Strong team, weak market'],
      [second, 'Ask about the patents'],
    ] as const) {
      const token = new URL(linkOf(email)).searchParams.get('token');
      const reply = await fetch(`${server.url}/api/v1/issues/${issue.id}/submissions/?token=${token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ comments: [{ dataset: item.id, content, shared: true }] }),
      });
      expect(reply.status).toBe(201);
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(linkOf(reader));
    await page.evaluate(() => localStorage.setItem('shortlist.language', 'en'));
    await page.reload();
    const comments = page.getByTestId('shared-comment');
    await comments.first().waitFor();
    expect(await comments.allInnerTexts()).toEqual([
      'Judge A: Strong team, weak market',
      'Judge C: Ask about the patents',
    ]);
    const html = await page.content();
    for (const leak of ['wilhelmina', 'octavian']) expect(html.toLowerCase()).not.toContain(leak);
    await comments.first().scrollIntoViewIfNeeded();
    await shoot(page, 'judge-names-en-390');

    await page.evaluate(() => localStorage.setItem('shortlist.language', 'fr'));
    await page.reload();
    await page.getByText('Juge A').waitFor();
    expect(await comments.allInnerTexts()).toEqual([
      'Juge A: Strong team, weak market',
      'Juge C: Ask about the patents',
    ]);
    await shoot(page, 'judge-names-fr-390');
    await page.evaluate(() => localStorage.setItem('shortlist.language', 'en'));
  });
});
