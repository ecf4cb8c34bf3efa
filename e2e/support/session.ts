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
  beforeEach(async () => {
    // Reduced motion turns Ant Design's animations off: a click never lands on a popup still moving in.
    session.context = await session.browser.newContext({ reducedMotion: 'reduce' });
    session.page = await session.context.newPage();
  });
  afterEach(() => session.context.close());
  return session;
}
