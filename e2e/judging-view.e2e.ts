import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminApi, callAdminApi } from './support/admin-api.ts';
import { uploadPdf } from './support/pdf-upload.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();

/** A rating selection of the demo workspace with its items and one judge; returns the judge's link. */
async function createJudgedSelection(title: string, items: { title: string; datum_values?: object[] }[]) {
  const { url } = session.server;
  const post = await adminApi(url);
  const itemType = await post<{ id: number }>('data-models/', { team: 1, title: `Startups of ${title}` });
  const pitch = await post<{ id: number }>(`data-models/${itemType.id}/datum-fields/`, {
    resourcetype: 'text',
    label: 'Pitch',
  });
  const deck = await post<{ id: number }>(`data-models/${itemType.id}/datum-fields/`, {
    resourcetype: 'file',
    label: 'Pitch deck',
    mime_types: ['application/pdf'],
  });
  // No judges_can_load_dataset_details: new selections show the items' answers (decision 45).
  const issue = await post<{ id: number }>('issues/', { team: 1, resourcetype: 'RatingIssue', title });
  const rows = [];
  for (const item of items) {
    const values = item.datum_values?.length
      ? [
          { datum_field: pitch.id, resourcetype: 'text', response: 'We sell rockets to farmers.' },
          { datum_field: deck.id, resourcetype: 'file' },
        ]
      : [];
    rows.push(
      await post<{ id: number; datum_values: { id: number; datum_field: number }[] }>('datasets/', {
        data_model: itemType.id,
        title: item.title,
        datum_values: values,
      }),
    );
  }
  await post(`issues/${issue.id}/datasets/`, { datasets: rows.map((row) => row.id) });
  const email = `judge-${issue.id}@example.org`;
  await post(`issues/${issue.id}/set_access/`, { emails: [email], access: true });
  const judges = await callAdminApi<{ results: { user: { id: number }; issue_answer_link: string }[] }>(
    url,
    'GET',
    `issues/${issue.id}/judges/`,
  );
  const judge = judges.results[0];
  if (!judge) throw new Error('no judge');
  return { issue, rows, deck, judge };
}

const sliderValue = (page: Page, name: string) => page.getByRole('slider', { name }).inputValue();

describe('the judging view', () => {
  it('keeps a judge’s ratings across a reload, shows the progress and warns about unrated items', async () => {
    const { page } = session;
    const { issue, judge } = await createJudgedSelection('Demo night', [
      { title: 'Acme' },
      { title: 'Bolt' },
      { title: 'Cove' },
    ]);
    await page.goto(judge.issue_answer_link);
    await page.getByRole('heading', { name: 'Demo night' }).waitFor();
    await expect.poll(() => page.getByTestId('answer-status').innerText()).toBe('0 of 3 rated');
    for (const [title, steps] of [
      ['Acme', 4],
      ['Bolt', 2],
    ] as const) {
      const slider = page.getByRole('slider', { name: `Rating of ${title}` });
      await slider.focus();
      for (let i = 0; i < steps; i += 1) await slider.press('ArrowRight');
    }
    await expect.poll(() => page.getByTestId('answer-status').innerText()).toBe('2 of 3 rated');
    await page.getByTestId('draft-state').getByText('Draft saved').waitFor();

    // Another visit, as on another device: the draft is back, nothing was submitted.
    await page.reload();
    await page.getByRole('heading', { name: 'Demo night' }).waitFor();
    await expect.poll(() => page.getByTestId('answer-status').innerText()).toBe('2 of 3 rated');
    expect(await sliderValue(page, 'Rating of Acme')).toBe('4');
    expect(await sliderValue(page, 'Rating of Bolt')).toBe('2');
    expect(await page.getByText('You have already submitted your answers.', { exact: false }).count()).toBe(
      0,
    );
    type Answers = { results: { dataset: number; value: number }[] };
    const answersUrl = `issues/${issue.id}/answers/?user=${judge.user.id}`;
    expect((await callAdminApi<Answers>(session.server.url, 'GET', answersUrl)).results).toEqual([]);

    await page.getByTestId('answer-submit').click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Submit with unrated items?' });
    await confirm.getByText('1 item is not rated yet.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Keep rating' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByTestId('answer-submit').click();
    await page.getByTestId('unrated-confirm').click();
    await page.getByText('Thank you! Your answers were submitted.').waitFor();
    const saved = await callAdminApi<Answers>(session.server.url, 'GET', answersUrl);
    expect(saved.results.map((answer) => answer.value).sort()).toEqual([2, 4]);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`shows the item's answers beside or above the controls and its PDF inline at ${viewport.width} px`, async () => {
      const { page } = session;
      await page.setViewportSize(viewport);
      const { rows, deck, judge } = await createJudgedSelection(`Pitches ${viewport.width}`, [
        { title: 'Acme', datum_values: [{}] },
      ]);
      const deckValue = rows[0]?.datum_values.find((value) => value.datum_field === deck.id);
      if (!deckValue) throw new Error('no file answer');
      await uploadPdf(session.server.url, deckValue.id);

      await page.goto(judge.issue_answer_link);
      const card = page.getByTestId('answer-item').filter({ hasText: 'Acme' });
      const details = card.getByTestId('answer-details');
      await details.getByText('We sell rockets to farmers.').waitFor();
      await details.getByText('Pitch deck').waitFor();

      const detailsBox = await card.locator('.sl-answer-details').boundingBox();
      const controlsBox = await card.getByTestId('answer-controls').boundingBox();
      if (!detailsBox || !controlsBox) throw new Error('not laid out');
      if (viewport.width >= 1000) {
        // Split: the answers on the left, the controls on the right, side by side.
        expect(detailsBox.x + detailsBox.width).toBeLessThanOrEqual(controlsBox.x);
        expect(Math.abs(detailsBox.y - controlsBox.y)).toBeLessThan(40);
      } else {
        // Phone: the answers above the controls, each the card's width, nothing wider than the screen.
        expect(detailsBox.y + detailsBox.height).toBeLessThanOrEqual(controlsBox.y);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
      }

      const link = await card.getByTestId('answer-file-link').getAttribute('href');
      expect(link).toMatch(/^\/api\/v1\/files\/[a-f0-9]+\?expires=\d+&signature=[a-f0-9]+$/);
      const [response] = await Promise.all([
        page.waitForResponse((reply) => reply.url().includes('/api/v1/files/')),
        card.getByTestId('answer-pdf-toggle').click(),
      ]);
      const frame = card.getByTestId('answer-pdf');
      await frame.waitFor();
      expect(await frame.getAttribute('src')).toBe(link);
      expect(response.status()).toBe(200);
      const headers = await response.allHeaders();
      expect(headers['content-type']).toBe('application/pdf');
      expect(headers['content-disposition']).toMatch(/^inline; filename="pitch-deck.pdf"/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      const frameBox = await frame.boundingBox();
      expect(frameBox?.width ?? 0).toBeGreaterThan(viewport.width >= 1000 ? 500 : 300);
      expect(frameBox?.height ?? 0).toBeGreaterThan(300);
      // The controls are still there to rate while reading.
      await card.getByRole('slider', { name: 'Rating of Acme' }).waitFor();
    });
  }
});
