import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminApi, callAdminApi } from './support/admin-api.ts';
import { seriousViolations } from './support/axe.ts';
import { signIn } from './support/pages.ts';
import { createPublicForm } from './support/public-form.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();
const PHONE = { width: 390, height: 844 };
const LANGUAGES = ['en', 'fr'] as const;

async function useLanguage(page: Page, language: string) {
  await page.addInitScript((lang) => localStorage.setItem('shortlist.language', lang), language);
}

async function judgeLink(baseUrl: string) {
  const post = await adminApi(baseUrl);
  const issue = await post<{ id: number }>('issues/', {
    team: 1,
    resourcetype: 'RatingIssue',
    title: 'Demo day',
    description: 'Rate each startup.',
    public: true,
  });
  const itemType = await post<{ id: number }>('data-models/', { team: 1, title: `Startups ${issue.id}` });
  const items = await post<{ id: number }[]>('datasets/', [
    { data_model: itemType.id, title: 'Acme' },
    { data_model: itemType.id, title: 'Zeta Labs' },
  ]);
  await post(`issues/${issue.id}/datasets/`, { datasets: items.map((item) => item.id) });
  await post(`issues/${issue.id}/set_access/`, { emails: [`judge${issue.id}@example.org`], access: true });
  const judges = await callAdminApi<{ results: { issue_answer_link: string }[] }>(
    baseUrl,
    'GET',
    `issues/${issue.id}/judges/`,
  );
  return {
    answer: judges.results[0]?.issue_answer_link ?? '',
    publicLink: `${baseUrl}/selection/${issue.id}/public`,
  };
}

describe('accessibility (axe, WCAG 2.1 AA): no serious or critical violation', () => {
  it('on the public pages at a phone’s size, in both languages', async () => {
    const { browser, server } = session;
    const form = await createPublicForm(server.url);
    const links = await judgeLink(server.url);
    const pages = [
      { name: 'form', url: `${server.url}/forms/${form.id}`, ready: '[data-testid="respondent-email"]' },
      { name: 'answer', url: links.answer, ready: 'input[type="range"]' },
      { name: 'public link', url: links.publicLink, ready: 'input' },
    ];
    const found: Record<string, unknown> = {};
    for (const language of LANGUAGES) {
      for (const target of pages) {
        const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
        const page = await context.newPage();
        await useLanguage(page, language);
        await page.goto(target.url);
        await page.locator(target.ready).first().waitFor();
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[`${target.name} (${language})`] = violations;
        if (target.name === 'form') {
          // The form with a message on a field: tied to it, and readable.
          await page.getByTestId('respondent-email').fill('not-an-email');
          await page.getByTestId('field-message').waitFor();
          const withMessage = await seriousViolations(page);
          if (withMessage.length > 0) found[`form with a message (${language})`] = withMessage;
        }
        await context.close();
      }
    }
    expect(found).toEqual({});
  });

  it('through each public flow at a phone’s size: every step, from filled to sent', async () => {
    const { browser, server } = session;
    const form = await createPublicForm(server.url);
    const links = await judgeLink(server.url);
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const found: Record<string, unknown> = {};
    const audit = async (step: string) => {
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[step] = violations;
    };

    // The form: filled, its captcha solved, submitted.
    await page.goto(`${server.url}/forms/${form.id}`);
    await page.getByTestId('respondent-email').fill('phone@example.org');
    await page.getByLabel('Project name').fill('Pocket kiln');
    await page.getByLabel('Idea', { exact: true }).check();
    await page.getByTestId('captcha').getByText("I'm not a robot").click();
    const submitForm = page.getByTestId('submit-form');
    await submitForm.and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
    await audit('form, filled');
    await submitForm.click();
    await page.getByTestId('form-submitted').waitFor();
    await audit('form, submitted');

    // The answer page: one item rated with the keyboard, the other left, submitted after the question.
    await page.goto(links.answer);
    const slider = page.getByRole('slider').first();
    await slider.focus();
    await slider.press('ArrowRight');
    await audit('answer page, rated');
    await page.getByTestId('answer-submit').click();
    await page.getByTestId('unrated-confirm').waitFor();
    await audit('answer page, asked');
    await page.getByTestId('unrated-confirm').click();
    await page.getByText('Thank you! Your answers were submitted.').waitFor();
    await audit('answer page, submitted');

    // The public link: captcha, e-mail, link requested.
    await page.goto(links.publicLink);
    await page.getByTestId('captcha').getByRole('checkbox').click({ force: true });
    await page.getByTestId('public-email').fill('phone-judge@example.org');
    await audit('public link, filled');
    await page.getByTestId('public-submit').click();
    await page.getByTestId('public-sent').waitFor();
    await audit('public link, sent');
    await context.close();
    expect(found).toEqual({});
  }, 120_000);

  it('turns Ant Design’s animations off when the system asks for less motion (WCAG 2.3.3)', async () => {
    const { browser, server } = session;
    const durations: Record<string, string> = {};
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const context = await browser.newContext({ reducedMotion });
      const page = await context.newPage();
      await page.goto(`${server.url}/login`);
      const button = page.getByTestId('login-submit');
      durations[reducedMotion] = await button.evaluate(
        (element) => getComputedStyle(element).transitionDuration,
      );
      await context.close();
    }
    const longest = (list = '') =>
      Math.max(...list.split(', ').map((duration) => Number.parseFloat(duration)));
    expect(longest(durations.reduce)).toBeLessThanOrEqual(0.01);
    expect(longest(durations['no-preference'])).toBeGreaterThanOrEqual(0.1);
  });

  it('on the main admin pages, in both languages', async () => {
    const { browser, server } = session;
    const found: Record<string, unknown> = {};
    for (const language of LANGUAGES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, server.url, ADMIN.email, ADMIN.password);
      await page.waitForURL(/\/team\/1$/);
      await page.evaluate((lang) => localStorage.setItem('shortlist.language', lang), language);
      for (const path of ['/login', '/team/1', '/team/1/items', '/team/1/issues', '/team/1/forms']) {
        await page.goto(`${server.url}${path}`);
        await page.locator('.sl-content').first().waitFor();
        await page.waitForLoadState('networkidle');
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[`${path} (${language})`] = violations;
      }
      await context.close();
    }
    expect(found).toEqual({});
  }, 180_000); // ten pages, each loaded and audited: ~50 s on an idle machine, more on a loaded one
});
