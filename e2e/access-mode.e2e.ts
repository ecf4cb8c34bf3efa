import { describe, expect, it } from 'vitest';
import { adminApi, callAdminApi } from './support/admin-api.ts';
import { signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

// Issue 27, point 7: the switch to "a subset per judge" asks first, and is refused while it would take
// items from a judge who has submitted.

const session = useBrowserSession();

describe('the access mode of a selection', () => {
  it('asks before giving each judge a subset, and keeps all items once a judge has submitted', async () => {
    const { page, server } = session;
    const post = await adminApi(server.url);
    const issue = await post<{ id: number }>('issues/', {
      team: 1,
      resourcetype: 'RatingIssue',
      title: 'Switch after judging',
    });
    const itemType = await post<{ id: number }>('data-models/', { team: 1, title: `Startups ${issue.id}` });
    const items = [];
    for (const title of ['Acme', 'Globex']) {
      items.push(await post<{ id: number }>('datasets/', { data_model: itemType.id, title }));
    }
    await post(`issues/${issue.id}/datasets/`, { datasets: items.map((item) => item.id) });
    await post(`issues/${issue.id}/set_access/`, { emails: ['early@example.org'], access: true });
    const judges = await callAdminApi<{ results: { issue_answer_link: string }[] }>(
      server.url,
      'GET',
      `issues/${issue.id}/judges/`,
    );
    const token = new URL(judges.results[0]?.issue_answer_link ?? '').searchParams.get('token');
    const submitted = await fetch(`${server.url}/api/v1/issues/${issue.id}/submissions/?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answers: items.map((item) => ({ dataset: item.id, value: 4 })) }),
    });
    expect(submitted.status).toBe(201);

    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(`${server.url}/team/1/issue/${issue.id}/manage?tab=access`);
    const mode = page.getByTestId('judges-access-mode');
    const subset = mode.getByRole('radio', { name: 'A subset per judge' });
    await subset.waitFor({ state: 'attached' });

    // Cancelled, nothing changes; confirmed, the server refuses and says why.
    await mode.getByText('A subset per judge').click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Give each judge a subset of items?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await subset.isChecked()).toBe(false);
    await mode.getByText('A subset per judge').click();
    await page.getByRole('button', { name: 'Switch to a subset per judge' }).click();
    await page
      .getByText('Judges have already submitted answers: a subset per judge would take items from them.', {
        exact: false,
      })
      .waitFor();
    expect(await mode.getByRole('radio', { name: 'All items' }).isChecked()).toBe(true);
    const reloaded = await callAdminApi<{ access_all_items: boolean }>(
      server.url,
      'GET',
      `issues/${issue.id}/`,
    );
    expect(reloaded.access_all_items).toBe(true);
    // The judge's button says what it sends and how many are left.
    expect(await page.getByTestId('judge-invite').innerText()).toBe('Invite (3 invitations left)');
  });
});
