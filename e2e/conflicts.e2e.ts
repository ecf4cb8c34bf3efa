import { describe, expect, it } from 'vitest';
import { adminApi, callAdminApi } from './support/admin-api.ts';
import { signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();

describe('conflicts of interest', () => {
  it('a judge declares one on the answer page, and the admin sees it in the access tab', async () => {
    const { page, server } = session;
    const post = await adminApi(server.url);
    const issue = await post<{ id: number }>('issues/', {
      team: 1,
      resourcetype: 'RatingIssue',
      title: 'Pitch night',
    });
    const itemType = await post<{ id: number }>('data-models/', { team: 1, title: `Pitches ${issue.id}` });
    const items = [];
    for (const title of ['Acme', 'Globex']) {
      items.push(await post<{ id: number }>('datasets/', { data_model: itemType.id, title }));
    }
    await post(`issues/${issue.id}/datasets/`, { datasets: items.map((item) => item.id) });
    await post(`issues/${issue.id}/set_access/`, { emails: ['conflicted@example.org'], access: true });

    const judges = await callAdminApi<{ results: { issue_answer_link: string }[] }>(
      server.url,
      'GET',
      `issues/${issue.id}/judges/`,
    );
    const link = judges.results[0]?.issue_answer_link ?? '';

    await page.goto(link);
    await page.getByRole('heading', { name: 'Pitch night' }).waitFor();
    const acme = page.getByTestId('answer-item').filter({ hasText: 'Acme' });
    await acme.getByTestId('conflict-declare').click();
    await page.getByRole('button', { name: 'Declare a conflict of interest' }).last().click();
    await acme.getByTestId('answer-conflict').waitFor();
    expect(await acme.getByTestId('answer-conflict').innerText()).toContain('You declared a conflict');
    // The item takes no answer: its slider is gone, the other item's is there.
    expect(await acme.getByRole('slider').count()).toBe(0);
    expect(await page.getByRole('slider', { name: 'Rating of Globex' }).count()).toBe(1);
    await page.getByTestId('answer-submit').click();
    // Globex is left unrated; Acme, of the conflict, is not counted among the unrated.
    await page.getByText('1 item is not rated yet.', { exact: false }).waitFor();
    await page.getByTestId('unrated-confirm').click();
    await page.getByText('Thank you! Your answers were submitted.').waitFor();

    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(`${server.url}/team/1/issue/${issue.id}/manage?tab=access`);
    const judgeRow = page.getByTestId('judge-row-conflicted@example.org');
    await judgeRow.getByText('1 conflict').waitFor();
    await judgeRow.getByTestId('judge-conflicts').click();
    const drawer = page.getByTestId('conflicts-drawer');
    await drawer.getByTestId('conflict-row-Acme').waitFor();
    expect(await drawer.getByTestId('conflict-row-Acme').innerText()).toContain('The judge');
  });
});
