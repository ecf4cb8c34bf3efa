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
  let events: PageEvents = { events: [], pending: new Map() };
  beforeEach(async () => {
    // Reduced motion turns Ant Design's animations off: a click never lands on a popup still moving in.
    session.context = await session.browser.newContext({ reducedMotion: 'reduce' });
    session.page = await session.context.newPage();
    events = recordPageEvents(session.page);
  });
  afterEach(async ({ task }) => {
    const error = task.result?.state === 'fail' ? task.result.errors?.[0] : undefined;
    if (error) {
      const account = await describeFailure(session.context, events);
      // CI shows only the end of its log, where scripts/test.mjs repeats each failure's message.
      error.message = `${error.message}\n${account}`;
      if (error.stack) error.stack = `${error.stack}\n${account}`;
    }
    await session.context.close();
  });
  return session;
}

const EVENTS_KEPT = 30;

interface PageEvents {
  events: string[];
  /** The requests sent and not yet answered, with when each was sent: a lazy module that never came. */
  pending: Map<import('playwright-core').Request, number>;
}

/**
 * What a page did that a screen does not show: its loads (a reload loses a dialog's state), its requests
 * that failed or were refused, its errors. The last EVENTS_KEPT, with the milliseconds since the test began.
 */
function recordPageEvents(page: Page): PageEvents {
  const events: string[] = [];
  const pending = new Map<import('playwright-core').Request, number>();
  const start = Date.now();
  const note = (event: string) => {
    events.push(`${Date.now() - start} ms ${event}`);
    if (events.length > EVENTS_KEPT) events.shift();
  };
  page.on('load', () => note(`load ${page.url()}`));
  page.on('pageerror', (error) => note(`page error: ${error.message}`));
  page.on('console', (message) => {
    // A refused request is already noted, from its response.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      note(`console error: ${message.text().slice(0, 300)}`);
  });
  page.on('request', (request) => pending.set(request, Date.now() - start));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => {
    pending.delete(request);
    note(`failed ${request.url()}: ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      note(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return { events, pending };
}

/**
 * What each page of a failed test showed and did, put with the failure: CI keeps only its log, and a flaky
 * test is fixed at its cause only when the log says what the screen was.
 */
async function describeFailure(context: BrowserContext, { events, pending }: PageEvents): Promise<string> {
  const lines: string[] = [];
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
    lines.push(`[e2e] the page at ${page.url()} when the test failed:\n  ${seen}`);
  }
  if (events.length > 0) lines.push(`[e2e] what the page did:\n  ${events.join('\n  ')}`);
  const unanswered = [...pending].map(
    ([request, sentMs]) => `${sentMs} ms ${request.method()} ${request.url()}`,
  );
  if (unanswered.length > 0) lines.push(`[e2e] requests never answered:\n  ${unanswered.join('\n  ')}`);
  return lines.join('\n');
}
