import { describe, expect, it } from 'vitest';
import { callAdminApi } from './support/admin-api.ts';
import { chooseOption, signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';
import { shoot } from './support/shots.ts';

const session = useBrowserSession();
const PHONE = { width: 375, height: 800 };

const api = <T>(method: string, path: string, body?: object) =>
  callAdminApi<T>(session.server.url, method, path, body);

/**
 * A rating selection 0–10 of `titles` with criteria Team and Market (weight 1), each judge submitting
 * [Team, Market] per item (null: not rated) through their personal link.
 */
async function createJury(title: string, titles: string[], ratings: ([number, number] | null)[][]) {
  const itemType = await api<{ id: number }>('POST', 'data-models/', { team: 1, title: `${title} items` });
  const items = await api<{ id: number }[]>(
    'POST',
    'datasets/',
    titles.map((item) => ({ data_model: itemType.id, title: item })),
  );
  const issue = await api<{ id: number }>('POST', 'issues/', {
    team: 1,
    resourcetype: 'RatingIssue',
    title,
    min_rating: 0,
    max_rating: 10,
    step: 1,
  });
  await api('POST', `issues/${issue.id}/datasets/`, { datasets: items.map((item) => item.id) });
  const questions: number[] = [];
  for (const criterion of ['Team', 'Market']) {
    questions.push(
      (
        await api<{ id: number }>('POST', 'issue-questions/', {
          issue: issue.id,
          title: criterion,
          weight: 1,
        })
      ).id,
    );
  }
  const emails = ratings.map((_, index) => `judge${index + 1}-${issue.id}@example.org`);
  await api('POST', `issues/${issue.id}/set_access/`, { emails, access: true });
  const judges = await api<{ results: { user: { email: string }; issue_answer_link: string }[] }>(
    'GET',
    `issues/${issue.id}/judges/?limit=100`,
  );
  for (const [index, row] of ratings.entries()) {
    const link = judges.results.find((judge) => judge.user.email === emails[index])?.issue_answer_link ?? '';
    const token = new URL(link, session.server.url).searchParams.get('token');
    const answers = row.flatMap((pair, item) =>
      pair
        ? pair.map((value, criterion) => ({
            dataset: items[item]?.id,
            question: questions[criterion],
            value,
          }))
        : [],
    );
    const reply = await fetch(`${session.server.url}/api/v1/issues/${issue.id}/submissions/?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answers, comments: [] }),
    });
    if (reply.status !== 201) throw new Error(`submission: ${reply.status} ${await reply.text()}`);
  }
  return { id: issue.id, emails };
}

describe('agreement between judges and the correction per criterion', () => {
  it('shows α in words, flags the inconsistent judge, and ranks per judge and criterion', async () => {
    const { page, server } = session;
    // docs/judging.md, "Agreement between judges": Ann, Bob and the erratic Cem.
    const jury = await createJury(
      'Agreement jury',
      ['Acme', 'Bolt', 'Core', 'Dyno'],
      [
        [
          [8, 6],
          [6, 4],
          [4, 2],
          [2, 2],
        ],
        [[9, 7], [7, 5], [5, 3], null],
        [
          [3, 8],
          [8, 2],
          [2, 9],
          [9, 1],
        ],
      ],
    );
    // docs/judging.md, "Per criterion": H harsh on Team only, G, and L who rated one item.
    const biased = await createJury(
      'Criterion jury',
      ['Acme', 'Bolt', 'Core', 'Dyno'],
      [
        [[2, 6], [1, 5], [0, 4], null],
        [null, [8, 5], [7, 4], [9, 6]],
        [[5, 5], null, null, null],
      ],
    );

    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(`${server.url}/team/1/issue/${jury.id}/manage?tab=report`);
    const panel = page.getByTestId('agreement-panel');
    await panel.waitFor();
    expect(await panel.getByTestId('agreement-reading').innerText()).toBe('Judges agree poorly');
    expect(await panel.getByTestId('agreement-alpha').innerText()).toBe(
      'Krippendorff’s α 0.376 (95 % interval -0.509 to 0.446)',
    );
    expect(await panel.getByTestId('agreement-criterion').allInnerTexts()).toEqual([
      'Judges agree poorly on Team (α -0.134)',
      'Judges agree poorly on Market (α 0.343)',
    ]);
    await page.getByTestId('report-items-table').getByRole('cell', { name: 'Dyno', exact: true }).waitFor();
    await shoot(page, 'agreement-en-desktop');

    // The report's criteria filter applies to the agreement too: Team alone gives Team's α.
    await page.getByTestId('report-criteria-filter').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Team' })
      .click();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => panel.getByTestId('agreement-criterion').allInnerTexts())
      .toEqual(['Judges agree poorly on Team (α -0.134)']);
    expect(await panel.getByTestId('agreement-alpha').innerText()).toMatch(/^Krippendorff’s α -0\.134 /);
    await page.getByTestId('report-criteria-filter').locator('.ant-select-clear').click();
    await expect.poll(() => panel.getByTestId('agreement-criterion').count()).toBe(2);

    // The judges: Cem's consistency (0.422) is far below the median (0.929): flagged, and only Cem.
    await page.getByTestId('report-tabs').getByRole('tab', { name: 'Judges' }).click();
    const judges = page.getByTestId('report-judges-table');
    const cem = judges.locator('tbody tr.ant-table-row').filter({ hasText: jury.emails[2] ?? '' });
    await cem.getByTestId('judge-inconsistent').waitFor();
    expect(await cem.getByTestId('judge-consistency').innerText()).toBe('0.422');
    expect(await cem.getByTestId('judge-leniency').innerText()).toBe('+0.625');
    expect(await judges.getByTestId('judge-inconsistent').count()).toBe(1);
    await shoot(page, 'agreement-judges-en-desktop');

    // The correction per judge and criterion: raw Dyno Bolt Acme Core; Acme moves up past Bolt.
    await page.goto(`${server.url}/team/1/issue/${biased.id}/manage?tab=report`);
    const table = page.getByTestId('report-items-table');
    const rows = table.locator('tbody tr.ant-table-row');
    const order = async () =>
      (await rows.allInnerTexts()).map((text) =>
        text.split(/\s+/).find((word) => /^(Acme|Bolt|Core|Dyno)$/.test(word)),
      );
    await table.getByRole('cell', { name: 'Core', exact: true }).waitFor();
    expect(await order()).toEqual(['Dyno', 'Bolt', 'Acme', 'Core']);
    await chooseOption(page, page.getByTestId('report-normalised'), 'Per judge and criterion');
    await expect.poll(order).toEqual(['Dyno', 'Acme', 'Bolt', 'Core']);
    expect(await table.getByTestId('rank-shift').count()).toBeGreaterThan(0);
    await page.getByTestId('raw-judges').waitFor();
    await shoot(page, 'criterion-en-desktop');

    // Both languages, phone size.
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/team/1/issue/${jury.id}/manage?tab=report`);
    await panel.waitFor();
    // Its readings wrap within the phone's width (they ran past its edge in one line).
    const fits = () => panel.evaluate((element) => element.scrollWidth <= element.clientWidth);
    expect(await fits()).toBe(true);
    await shoot(page, 'agreement-en-phone');
    await page.evaluate(() => localStorage.setItem('shortlist.language', 'fr'));
    await page.reload();
    await panel.getByText('Les juges s’accordent mal', { exact: true }).waitFor();
    expect(await panel.getByTestId('agreement-criterion').first().innerText()).toBe(
      'Les juges s’accordent mal sur Team (α -0,134)',
    );
    expect(await fits()).toBe(true);
    await shoot(page, 'agreement-fr-phone');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByTestId('report-tabs').getByRole('tab', { name: 'Juges' }).click();
    await page.getByTestId('judge-inconsistent').waitFor();
    await shoot(page, 'agreement-judges-fr-desktop');

    // One judge: the longest reading, which wraps on a phone in both languages.
    const lone = await createJury(
      'Lone jury',
      ['Echo', 'Fox'],
      [
        [
          [5, 5],
          [6, 6],
        ],
      ],
    );
    await page.setViewportSize(PHONE);
    for (const language of ['fr', 'en']) {
      await page.evaluate((chosen) => localStorage.setItem('shortlist.language', chosen), language);
      await page.goto(`${server.url}/team/1/issue/${lone.id}/manage?tab=report`);
      await panel.locator('[data-reading="none"]').waitFor();
      expect(await fits()).toBe(true);
      await shoot(page, `agreement-none-${language}-phone`);
    }
  });
});
