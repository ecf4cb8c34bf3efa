import { describe, expect, it } from 'vitest';
import { adminApi, callAdminApi } from './support/admin-api.ts';
import { lastLinkSentTo } from './support/outbox.ts';
import { signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();

/** GETs as the team admin, to read back what the judges' pages saved. */
const adminGet = <T>(path: string) => callAdminApi<T>(session.server.url, 'GET', path);

/** A selection of the demo workspace with its items (two by default), built through the admins' API. */
async function createSelection(body: Record<string, unknown>, titles = ['Zeta Labs', 'Acme']) {
  const post = await adminApi(session.server.url);
  const issue = await post<{ id: number }>('issues/', { team: 1, ...body });
  const itemType = await post<{ id: number }>('data-models/', { team: 1, title: `Startups ${issue.id}` });
  const items = [];
  for (const title of titles) {
    items.push(await post<{ id: number }>('datasets/', { data_model: itemType.id, title }));
  }
  await post(`issues/${issue.id}/datasets/`, { datasets: items.map((item) => item.id) });
  return { post, issue, items };
}

describe('answering a selection', () => {
  it('lets a judge rate per criterion, comment, submit and edit through the personal link', async () => {
    const { page, server } = session;
    const { post, issue } = await createSelection({
      resourcetype: 'RatingIssue',
      title: 'Demo day',
      description: 'Rate each startup.',
    });
    await post('issue-questions/', { issue: issue.id, title: 'Team' });
    await post('issue-questions/', { issue: issue.id, title: 'Market' });
    await post(`issues/${issue.id}/set_access/`, { emails: ['judge@example.org'], access: true });
    const judges = await adminGet<{
      results: { user: { id: number; email: string }; issue_answer_link: string }[];
    }>(`issues/${issue.id}/judges/`);
    const judge = judges.results.find((row) => row.user.email === 'judge@example.org');
    if (!judge) throw new Error('no judge');

    // Someone signed in on this browser is signed out by the link.
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(judge.issue_answer_link);
    await page.getByRole('heading', { name: 'Demo day' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('shortlist.access'))).toBeNull();
    await page.getByText('Rate each startup.').waitFor();
    const titles = await page.getByTestId('answer-item').getByRole('heading', { level: 2 }).allInnerTexts();
    expect(titles).toEqual(['Acme', 'Zeta Labs']);

    const teamRating = page.getByRole('slider', { name: 'Rating of Acme — Team' });
    await teamRating.focus();
    for (let i = 0; i < 4; i += 1) await teamRating.press('ArrowRight');
    const marketRating = page.getByRole('slider', { name: 'Rating of Acme — Market' });
    await marketRating.focus();
    await marketRating.press('ArrowRight');
    await page.getByRole('textbox', { name: 'Comment on Acme' }).fill('Impressive founders');
    await page.getByTestId('answer-item').first().getByTestId('comment-shared').click();
    await page.getByTestId('answer-submit').click();
    // Zeta Labs is not rated: the judge is asked first.
    await page.getByText('1 item is not rated yet.', { exact: false }).waitFor();
    await page.getByTestId('unrated-confirm').click();
    await page.getByText('Thank you! Your answers were submitted.').waitFor();

    type Answers = { results: { dataset: number; question: number | null; value: number }[] };
    const saved = await adminGet<Answers>(`issues/${issue.id}/answers/?user=${judge.user.id}`);
    expect(saved.results.map((a) => a.value).sort()).toEqual([1, 4]);
    const comments = await adminGet<{ results: { content: string; shared: boolean }[] }>(
      `issues/${issue.id}/comments/?user=${judge.user.id}`,
    );
    expect(comments.results).toEqual([
      expect.objectContaining({ content: 'Impressive founders', shared: true }),
    ]);

    await page.getByTestId('edit-submission').click();
    await page.getByTestId('answer-item').first().getByTestId('rating-ignore').click();
    await page.getByTestId('answer-submit').click();
    await page.getByText('2 items are not rated yet.', { exact: false }).waitFor();
    await page.getByTestId('unrated-confirm').click();
    await page.getByText('Thank you! Your answers were submitted.').waitFor();
    expect((await adminGet<Answers>(`issues/${issue.id}/answers/?user=${judge.user.id}`)).results).toEqual(
      [],
    );

    // Reopened later, the page says the answers were already given.
    await page.reload();
    await page.getByText('You have already submitted your answers.', { exact: false }).waitFor();
  });

  it('keeps every control clear of the bottom bar and the contact button, on a phone and a tablet', async () => {
    const { browser } = session;
    const { post, issue } = await createSelection(
      { resourcetype: 'RatingIssue', title: 'Covered?', public: true },
      ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta'].map((title) => `${title} Robotics`),
    );
    await post(`issues/${issue.id}/set_access/`, { emails: ['clear@example.org'], access: true });
    const judges = await adminGet<{ results: { issue_answer_link: string }[] }>(`issues/${issue.id}/judges/`);
    const link = judges.results[0]?.issue_answer_link ?? '';
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 768, height: 1024 },
    ]) {
      const context = await browser.newContext({ viewport, isMobile: viewport.width < 700, hasTouch: true });
      const page = await context.newPage();
      await page.goto(link);
      await page.getByRole('slider').first().waitFor();
      await expect.poll(() => page.getByTestId('answer-item').count(), { timeout: 15_000 }).toBe(6);
      // Each control brought into view as the keyboard or a swipe does shows at its centre, not the bar
      // or the button; scrolled to the end, the bar's own controls are not under the button either.
      const covered = await page.evaluate(async () => {
        const controls = [
          ...document.querySelectorAll<HTMLElement>(
            '.sl-answer-item input, .sl-answer-item textarea, .sl-answer-item button, .sl-answer-bar select, .sl-answer-bar button',
          ),
        ];
        const found: string[] = [];
        for (const control of controls) {
          control.scrollIntoView({ block: 'nearest' });
          await new Promise(requestAnimationFrame);
          const box = control.getBoundingClientRect();
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          const isClear = hit !== null && (control.contains(hit) || hit.contains(control) || hit === control);
          if (!isClear) found.push(`${control.outerHTML.slice(0, 60)} under ${hit?.outerHTML.slice(0, 60)}`);
        }
        return found;
      });
      expect([viewport.width, covered]).toEqual([viewport.width, []]);
      await context.close();
    }
  });

  it('shows a long selection 50 items a page and submits the picks of every page', async () => {
    const { page } = session;
    const titles = Array.from({ length: 52 }, (_, i) => `Item ${String(i + 1).padStart(2, '0')}`);
    const { post, issue } = await createSelection(
      { resourcetype: 'SelectionIssue', title: 'Long list', min_items: 1, max_items: 2 },
      titles,
    );
    await post(`issues/${issue.id}/set_access/`, { emails: ['long@example.org'], access: true });
    const judges = await adminGet<{ results: { user: { id: number }; issue_answer_link: string }[] }>(
      `issues/${issue.id}/judges/`,
    );
    const [judge] = judges.results;
    if (!judge) throw new Error('no judge');

    await page.goto(judge.issue_answer_link);
    const cards = page.getByTestId('answer-item');
    await cards.filter({ hasText: 'Item 01' }).waitFor();
    // The first cards come first, the rest of the page right after (answer-form.tsx).
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(50);
    await page.getByTestId('answer-submit').click();
    await page.getByText('Please pick at least 1 item before submitting.').waitFor();
    await cards.filter({ hasText: 'Item 01' }).getByTestId('pick-toggle').click();
    await page.getByTestId('answer-pages').getByRole('button', { name: 'Page 2' }).click();
    await cards.filter({ hasText: 'Item 52' }).waitFor();
    expect(await cards.count()).toBe(2);
    await cards.filter({ hasText: 'Item 52' }).getByTestId('pick-toggle').click();
    await expect.poll(() => page.getByTestId('answer-status').innerText()).toBe('2 of 2 picked');
    await page.getByTestId('answer-submit').click();
    await page.getByText('Thank you! Your answers were submitted.').waitFor();
    type Answers = { results: { value: number }[] };
    const saved = await adminGet<Answers>(`issues/${issue.id}/answers/?user=${judge.user.id}`);
    expect(saved.results.filter((answer) => answer.value === 1)).toHaveLength(2);
  });

  it('lets a stranger get a link to a public token selection and spend tokens', async () => {
    const { page, server } = session;
    const { issue } = await createSelection({
      resourcetype: 'TokenIssue',
      title: 'Audience vote',
      public: true,
      nb_tokens: 3,
      max_per_item: 2,
    });
    await page.goto(`${server.url}/selection/${issue.id}/public`);
    await page.getByRole('heading', { name: 'Audience vote' }).waitFor();
    // The widget draws its own box over the input.
    await page.getByTestId('captcha').getByRole('checkbox').click({ force: true });
    await page.getByTestId('public-email').fill('stranger@example.org');
    await page.getByTestId('public-submit').click();
    await page.getByTestId('public-sent').waitFor();

    const link = await lastLinkSentTo(server.url, 'stranger@example.org');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Audience vote' }).waitFor();
    const acme = page.getByTestId('answer-item').filter({ hasText: 'Acme' });
    for (let i = 0; i < 3; i += 1) await acme.getByTestId('token-plus').click();
    await page.getByText('At most 2 tokens per item.').waitFor();
    expect(await acme.getByTestId('token-count').innerText()).toBe('2');
    await page.getByTestId('answer-item').filter({ hasText: 'Zeta Labs' }).getByTestId('token-plus').click();
    await expect.poll(() => page.getByTestId('answer-status').innerText()).toBe('0 tokens left');
    expect(await page.getByTestId('comment-input').count()).toBe(0);
    await page.getByTestId('answer-submit').click();
    await page.getByText('Thank you! Your answers were submitted.').waitFor();
    expect(await page.getByTestId('edit-submission').count()).toBe(0);
  });

  it('opens the answer page at once when the public link is not mailed', async () => {
    const { page, server } = session;
    const { issue } = await createSelection({
      resourcetype: 'SelectionIssue',
      title: 'Quick poll',
      public: true,
      email_link: false,
    });
    await page.goto(`${server.url}/selection/${issue.id}/public`);
    await page.getByTestId('captcha').getByRole('checkbox').click({ force: true });
    await page.getByText('Enter your e-mail address to start answering.').waitFor();
    await page.getByTestId('public-email').fill('quick@example.org');
    await page.getByTestId('public-submit').getByText('Start').click();
    await page.waitForURL(/\/answer\?token=/);
    await page.getByTestId('answer-item').filter({ hasText: 'Acme' }).waitFor();
  });
});
