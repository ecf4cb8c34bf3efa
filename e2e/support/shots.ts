import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * A screenshot of a changed screen, for a person to look at (no test compares it), in E2E_SHOTS_DIR when set.
 * Unset, as in CI, none is taken: the suite's 44 full-page PNGs were Chromium's work for nobody to read.
 */
export async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  const folder = process.env.E2E_SHOTS_DIR;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage });
}

/** Whether screenshots are taken: for a test that sets a screen up only to be looked at. */
export const isShooting = Boolean(process.env.E2E_SHOTS_DIR);
