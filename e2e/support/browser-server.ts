import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumOptions } from './browser.ts';

/** The e2e suite's global set-up: one Chromium for every test file, which launchBrowser connects to. */
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer(chromiumOptions());
  project.provide('e2eBrowserEndpoint', server.wsEndpoint());
  return () => server.close();
}
