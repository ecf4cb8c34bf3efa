import { describe, expect, it } from 'vitest';
import { callAdminApi } from './support/admin-api.ts';
import { signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();

/** Calls the API as the superuser ADMIN, who administers the demo workspace (team 1). */
const callApi = <T>(method: string, path: string, body?: object) =>
  callAdminApi<T>(session.server.url, method, path, body);

/** Answers 'Yes' to the confirmation that a delete button opens. */
async function confirmDelete() {
  const popup = session.page.locator('.ant-popconfirm').filter({
    hasText: 'Are you sure? This action cannot be undone.',
  });
  // A click while the popup still zooms in can miss its moving button on a loaded machine (seen once in
  // CI: the popup then stayed open); its animation is waited for first.
  await popup.waitFor();
  await popup.evaluate((element) =>
    Promise.all(element.getAnimations().map((animation) => animation.finished)),
  );
  // The popup waits on the DELETE (its onConfirm's promise): seen twice staying open for 30 s. Waiting for the
  // request apart says which failed next time: the click (no request), or the request (its status).
  const deleted = session.page.waitForResponse((response) => response.request().method() === 'DELETE', {
    timeout: 10_000,
  });
  await popup.getByRole('button', { name: 'Yes' }).click();
  const response = await deleted.catch(() => {
    throw new Error("'Yes' sent no DELETE within 10 s");
  });
  expect(response.status(), `DELETE ${response.url()}`).toBe(204);
  await popup.waitFor({ state: 'hidden' });
}

/** Signs in and opens the demo workspace's review statuses from the dashboard. */
async function openReviewStatuses() {
  const { page, server } = session;
  await signIn(page, server.url, ADMIN.email, ADMIN.password);
  await page.waitForURL(/\/team\/1$/);
  await page.getByRole('link', { name: 'Review statuses' }).click();
  await page.waitForURL(/\/team\/1\/issues\/review-statuses$/);
  await page.getByTestId('review-statuses-table').waitFor();
}

describe('review statuses and tags', () => {
  it('adds, edits and deletes a review status', async () => {
    await openReviewStatuses();
    const { page } = session;
    const table = page.getByTestId('review-statuses-table');

    await page.getByTestId('add-review-status').click();
    const dialog = page.getByRole('dialog', { name: 'New review status' });
    await dialog.getByLabel('Label').fill('Shortlisted');
    await dialog.getByRole('button', { name: 'Light green' }).click();
    await dialog.getByLabel('Label').press('Enter'); // Enter submits
    await table.getByText('Shortlisted').waitFor();
    expect(await table.getByRole('row').filter({ hasText: 'Shortlisted' }).innerText()).toContain(
      'Light green',
    );

    await table.getByRole('button', { name: 'Edit Shortlisted' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the review status' });
    await expect.poll(() => edit.getByLabel('Label').inputValue()).toBe('Shortlisted');
    await edit.getByLabel('Label').fill('Finalist');
    await edit.getByRole('button', { name: 'Light red' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await table.getByText('Finalist').waitFor();
    expect(await table.getByRole('row').filter({ hasText: 'Finalist' }).innerText()).toContain('Light red');

    await table.getByRole('button', { name: 'Delete Finalist' }).click();
    await confirmDelete();
    await table.getByText('No review statuses yet.').waitFor();

    // The spec's link back to the selections.
    await page.getByRole('link', { name: 'Back to the selections' }).click();
    await page.waitForURL(/\/team\/1\/issues$/);
  });

  it('manages the team tags in the dialog', async () => {
    await openReviewStatuses();
    const { page } = session;
    await page.getByTestId('manage-tags').click();
    const dialog = page.getByRole('dialog', { name: 'Workspace tags' });
    await dialog.getByText('No tags yet.').waitFor();

    for (const name of ['Fintech', 'Health']) {
      await dialog.getByTestId('tag-name').fill(name);
      await dialog.getByTestId('tag-name').press('Enter');
      await dialog.getByTestId('tags-list').getByText(name).waitFor();
    }
    await dialog.getByTestId('tag-name').fill('fintech');
    await dialog.getByTestId('add-tag').click();
    await dialog.getByText('This tag already exists.').waitFor();

    await dialog.getByRole('button', { name: 'Delete the tag Fintech' }).click();
    await confirmDelete();
    await dialog.getByTestId('tags-list').getByText('Fintech').waitFor({ state: 'detached' });

    await page.reload();
    await page.getByTestId('manage-tags').click();
    const list = page.getByRole('dialog', { name: 'Workspace tags' }).getByTestId('tags-list');
    await list.getByText('Health').waitFor();
    expect(await list.innerText()).not.toContain('Fintech');
  });
});

describe('reviewing an item', () => {
  it("sets an item's review status and comments on it from the items table", async () => {
    const itemType = await callApi<{ id: number }>('POST', 'data-models/', { team: 1, title: 'Startups' });
    const item = await callApi<{ id: number }>('POST', 'datasets/', {
      data_model: itemType.id,
      title: 'Acme Robotics',
    });
    for (const label of ['Accepted', 'Rejected']) {
      await callApi('POST', 'review-status/', { team: 1, label, bg_color: '#d9f7be' });
    }
    const review = () =>
      callApi<{ results: { status: { label: string } | null; comments: unknown[] }[] }>(
        'GET',
        `reviews/?data_set=${item.id}&issue=null`,
      ).then((page) => page.results[0]);

    const { page, server } = session;
    await signIn(page, server.url, ADMIN.email, ADMIN.password, '/login?next=/team/1/items');
    await page.waitForURL(/\/team\/1\/items/);
    // Each row shows its status on a button until it is pressed, then the select, opened: by keyboard...
    const select = page.getByTestId(`review-status-select-${item.id}`);
    await select.getByText('Not reviewed').waitFor();
    await select.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await review())?.status?.label).toBe('Accepted');
    // ... and by mouse, on the select it became, then on the button again once the page is loaded anew.
    await select.click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Rejected' }).click();
    await expect.poll(async () => (await review())?.status?.label).toBe('Rejected');
    // Pressed before the team's statuses have come, the select opens once they are there, not before.
    let sendStatuses = () => {};
    const statusesHeld = new Promise<void>((resolve) => {
      sendStatuses = resolve;
    });
    await page.route('**/api/v1/review-status/**', async (route) => {
      await statusesHeld;
      await route.continue();
    });
    await page.reload();
    await select.getByText('Rejected').waitFor();
    expect(await select.getAttribute('aria-label')).toBe('Review status: Rejected');
    await select.click();
    await select.and(page.locator('.ant-btn-loading')).waitFor();
    expect(await page.getByRole('listbox').count()).toBe(0);
    sendStatuses();
    await page.getByRole('listbox').waitFor();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Accepted' }).click();
    await expect.poll(async () => (await review())?.status?.label).toBe('Accepted');
    await select.click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Rejected' }).click();
    await expect.poll(async () => (await review())?.status?.label).toBe('Rejected');
    await select.getByText('Rejected').waitFor();

    // The table's status filter keeps the item under its status only.
    const filterBy = async (label: string) => {
      await page.getByTestId('items-status-filter').click();
      await page.locator('.ant-select-item-option').filter({ hasText: label }).last().click();
    };
    await filterBy('Accepted');
    await page.getByText('No item matches these filters').waitFor();
    await filterBy('Rejected');
    await page.getByRole('row').filter({ hasText: 'Acme Robotics' }).waitFor();

    await page.getByTestId(`review-comments-${item.id}`).click();
    const drawer = page.getByRole('dialog', { name: 'Review comments' });
    await drawer.getByText('No comments yet.').waitFor();
    await drawer.getByTestId('review-comment-input').fill('A strong team, a weak market.');
    await drawer.getByTestId('add-review-comment').click();
    const comments = drawer.getByTestId('review-comments');
    await comments.getByText('A strong team, a weak market.').waitFor();
    expect(await comments.innerText()).toContain('Admin'); // the author, by name
    expect((await review())?.comments).toHaveLength(1);
    const commentsButton = page.getByTestId(`review-comments-${item.id}`);
    await expect.poll(() => commentsButton.innerText()).toBe('1');

    await drawer.getByRole('button', { name: 'Delete the comment' }).click();
    await confirmDelete();
    await drawer.getByText('No comments yet.').waitFor();
    expect((await review())?.comments).toHaveLength(0);
  });
});
