import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser } from './browser.ts';
import { startServer } from './server.ts';

/**
 * One server and one browser per test file, and a fresh browser context (no tokens, no storage)
 * per test. Call at the top of a test file; read the fields inside tests. `env` adds to the server's.
 */
export function useBrowserSession(env: Record<string, string> = {}) {
  const session = {} as {
    server: Awaited<ReturnType<typeof startServer>>;
    browser: Browser;
    context: BrowserContext;
    page: Page;
  };
  beforeAll(async () => {
    [session.server, session.browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.stop();
  });
  let pageErrors: string[] = [];
  beforeEach(async () => {
    // Reduced motion turns Ant Design's animations off: a click never lands on a popup still moving in.
    session.context = await session.browser.newContext({ reducedMotion: 'reduce' });
    session.page = await session.context.newPage();
    pageErrors = [];
    session.page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await describeFailure(session.context, pageErrors);
    await session.context.close();
  });
  return session;
}

/**
 * What each page of a failed test showed, printed with the failure: CI keeps only its log, and a flaky
 * test is fixed at its cause only when the log says what the screen was.
 */
async function describeFailure(context: BrowserContext, pageErrors: string[]) {
  for (const page of context.pages()) {
    const seen = await page
      .evaluate(() => {
        const visible = (element: Element) => (element as HTMLElement).offsetParent !== null;
        const dialogs = [...document.querySelectorAll('[role="dialog"]')].filter(visible);
        const checked = [...document.querySelectorAll('input:checked')].filter(visible);
        return [
          `dialogs: ${dialogs.map((d) => d.getAttribute('aria-labelledby') && document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent).join(' | ') || 'none'}`,
          `checked: ${checked.map((input) => input.closest('label')?.textContent ?? (input as HTMLInputElement).name).join(' | ') || 'none'}`,
          `focus: ${document.activeElement?.tagName} ${document.activeElement?.getAttribute('data-testid') ?? ''}`,
          `text: ${document.body.innerText.replace(/\s+/g, ' ').slice(0, 1500)}`,
        ].join('\n  ');
      })
      .catch((error: Error) => `(not read: ${error.message})`);
    console.error(`[e2e] the page at ${page.url()} when the test failed:\n  ${seen}`);
  }
  if (pageErrors.length > 0) console.error(`[e2e] page errors: ${pageErrors.join(' | ')}`);
}
