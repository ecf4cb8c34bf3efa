import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumOptions } from './browser.ts';
import { freePort } from './server.ts';

/**
 * The e2e suite's global set-up: one Chromium for every test file, which launchBrowser connects to over the
 * DevTools protocol on loopback. Not over Playwright's own (`launchServer`): a download's file is then on the
 * far side, and `download.path()` throws.
 */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const browser = await chromium.launch(chromiumOptions([`--remote-debugging-port=${port}`]));
  project.provide('e2eBrowserEndpoint', `http://127.0.0.1:${port}`);
  return () => browser.close();
}
