import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { signIn } from './support/pages.ts';
import { ADMIN, startServer } from './support/server.ts';

const root = path.resolve(import.meta.dirname, '..');
const builtApp = process.env.E2E_WEB_DIST || path.join(root, 'apps/web/dist');

/**
 * What a release does to the files an open tab knows: every hashed file gets a new name (its old one is
 * gone), and index.html and the chunks name the new ones. The brotli and gzip copies go: they would hold
 * the old names.
 */
function releaseNewBuild(dist: string) {
  const assets = path.join(dist, 'assets');
  for (const name of readdirSync(assets)) {
    if (/\.(br|gz)$/.test(name)) rmSync(path.join(assets, name));
  }
  const names = readdirSync(assets).sort((a, b) => b.length - a.length);
  const renamed = new Map(names.map((name) => [name, name.replace(/(\.[a-z]+)$/, '-next$1')]));
  const rewrite = (file: string) => {
    let text = readFileSync(file, 'utf8');
    for (const [before, after] of renamed) text = text.split(before).join(after);
    writeFileSync(file, text);
  };
  for (const name of names) {
    if (/\.(js|css)$/.test(name)) rewrite(path.join(assets, name));
    renameSync(path.join(assets, name), path.join(assets, renamed.get(name) ?? name));
  }
  for (const name of readdirSync(dist)) if (/\.(html|json)$/.test(name)) rewrite(path.join(dist, name));
}

let browser: Browser;
let folder: string;

beforeAll(async () => {
  browser = await launchBrowser();
  folder = mkdtempSync(path.join(tmpdir(), 'shortlist-e2e-release-'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('a tab left open across a release', () => {
  it('reloads once onto the new build when a page’s chunk of the old one is gone, and keeps the address', async () => {
    const dist = path.join(folder, 'dist');
    const dataDir = path.join(folder, 'data');
    cpSync(builtApp, dist, { recursive: true });
    const before = await startServer({ WEB_DIST: dist }, { dataDir });
    let running: typeof before | undefined = before;
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      await signIn(page, before.url, ADMIN.email, ADMIN.password);
      await page.waitForURL(/\/team\/1$/);
      await page.getByRole('link', { name: 'Items', exact: true }).waitFor();

      running = undefined;
      await before.stop();
      releaseNewBuild(dist);
      running = await startServer({ WEB_DIST: dist }, { dataDir, port: before.port });
      let loads = 0;
      page.on('load', () => {
        loads += 1;
      });

      // The items page is a chunk this tab never fetched: its old name now answers 404.
      await page.getByRole('link', { name: 'Items', exact: true }).click();
      await page.getByRole('heading', { name: 'Items', level: 2 }).waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname).toBe('/team/1/items');
      expect(loads).toBe(1);
      const scripts = await page.evaluate(() =>
        [...document.querySelectorAll('script[src]')].map((script) => script.getAttribute('src')),
      );
      expect(scripts.every((src) => src?.includes('-next.'))).toBe(true);
      // Still signed in: the tokens kept in the browser outlived the reload.
      await page.getByTestId('items-table').waitFor();
      expect(await page.getByText('An error occurred, please try again.').count()).toBe(0);
    } finally {
      await context.close();
      await running?.stop();
    }
  }, 240_000);
});
