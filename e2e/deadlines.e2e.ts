import { describe, expect, it } from 'vitest';
import { adminApi, callAdminApi } from './support/admin-api.ts';
import { readOutbox } from './support/outbox.ts';
import { signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();

describe('selection deadline', () => {
  it('is set in the selection dialog with a reminder, and shown to judges on the answer page', async () => {
    const { page, server } = session;
    const post = await adminApi(server.url);
    const issue = await post<{ id: number }>('issues/', {
      team: 1,
      resourcetype: 'RatingIssue',
      title: 'Demo night',
    });
    const itemType = await post<{ id: number }>('data-models/', { team: 1, title: `Demos ${issue.id}` });
    const item = await post<{ id: number }>('datasets/', { data_model: itemType.id, title: 'Acme' });
    await post(`issues/${issue.id}/datasets/`, { datasets: [item.id] });
    await post(`issues/${issue.id}/set_access/`, { emails: ['deadline-judge@example.org'], access: true });

    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(`${server.url}/team/1/issue/${issue.id}/manage`);
    await page.getByTestId('edit-issue').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('issue-deadline').fill('2031-05-12T18:00');
    await dialog.getByLabel('Automatic reminder (days before the deadline)').fill('3');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved successfully').waitFor();

    const saved = await callAdminApi<{
      deadline: string;
      reminder_days_before: number;
      keep_open_after_deadline: boolean;
    }>(server.url, 'GET', `issues/${issue.id}/`);
    // The browser's time zone decides the instant; the dialog shows it back as typed.
    const typed = await page.evaluate(() => new Date('2031-05-12T18:00').toISOString());
    expect(saved).toMatchObject({
      deadline: typed,
      reminder_days_before: 3,
      keep_open_after_deadline: false,
    });
    await page.getByTestId('edit-issue').click();
    expect(await page.getByRole('dialog').getByTestId('issue-deadline').inputValue()).toBe(
      '2031-05-12T18:00',
    );
    await page.keyboard.press('Escape');

    const judges = await callAdminApi<{ results: { issue_answer_link: string }[] }>(
      server.url,
      'GET',
      `issues/${issue.id}/judges/`,
    );
    await page.goto(judges.results[0]?.issue_answer_link ?? '');
    await page.getByRole('heading', { name: 'Demo night' }).waitFor();
    const notice = await page.getByTestId('answer-deadline').innerText();
    expect(notice).toContain('Deadline:');
    expect(notice).toContain('2031');
    expect(notice).toContain('May');
    expect(notice).toContain('The selection closes then.');
  });

  it('is written the same way in the invitation and on the answer page', async () => {
    const { browser, server } = session;
    const post = await adminApi(server.url);
    const issue = await post<{ id: number }>('issues/', {
      team: 1,
      resourcetype: 'RatingIssue',
      title: 'One format',
      deadline: '2031-05-12T16:00:00Z',
    });
    const itemType = await post<{ id: number }>('data-models/', { team: 1, title: `Demos ${issue.id}` });
    const item = await post<{ id: number }>('datasets/', { data_model: itemType.id, title: 'Acme' });
    await post(`issues/${issue.id}/datasets/`, { datasets: [item.id] });
    const email = `one-format-${issue.id}@example.org`;
    const { results } = await post<{ results: { user: number }[] }>(`issues/${issue.id}/set_access/`, {
      emails: [email],
      access: true,
    });
    await post(`issues/${issue.id}/send_invitation/`, { user: results[0]?.user });
    const text = (await readOutbox(server.url)).find((mail) => mail.to === email)?.text ?? '';
    const mailed = text.match(/Deadline: (.+)\./)?.[1];
    expect(mailed).toBe('Monday, May 12, 2031 at 4:00 PM UTC');

    // A judge in UTC sees the deadline on the page as the mail wrote it (the page writes the judge's zone).
    const context = await browser.newContext({ timezoneId: 'UTC' });
    const page = await context.newPage();
    await page.goto(text.match(/https?:\/\/\S+\/answer\?\S+/)?.[0] ?? '');
    expect(await page.getByTestId('answer-deadline').innerText()).toBe(
      `Deadline: ${mailed}. The selection closes then.`,
    );
    await context.close();
  });
});
