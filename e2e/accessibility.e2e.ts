import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { coveredTargets, focusHiddenUnderBars } from './support/page-geometry.ts';
import { signIn } from './support/pages.ts';
import { seedRouteData } from './support/route-data.ts';
import { navigateSettled, openSettled, routeAddresses } from './support/route-table.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();
const SIZES = [
  { name: '1366', width: 1366, height: 768 },
  { name: '390', width: 390, height: 844 },
] as const;
const LANGUAGES = ['en', 'fr'] as const;
/** Tab presses per page at a phone's size: past the sticky header and down a long page. */
const TAB_PRESSES = 25;
describe('accessibility: every route of the router, WCAG 2.2 AA', () => {
  it('no serious or critical axe finding, no covered target at 390 px, no focus under a sticky bar, in both languages at 1366 and 390 px', async () => {
    const { page, server } = session;
    const [data] = await Promise.all([
      seedRouteData(server.url),
      signIn(page, server.url, ADMIN.email, ADMIN.password).then(() => page.waitForURL(/\/team\/1$/)),
    ]);
    const routes = routeAddresses(data.params, data.judgeToken);
    const found: Record<string, unknown> = {};
    const started = Date.now();
    for (const language of LANGUAGES) {
      await page.evaluate((lang) => localStorage.setItem('shortlist.language', lang), language);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        // A public page is opened cold, as from a mail's link, in its own light shell; the signed-in app's
        // pages after its first are reached from inside it, as its links do, without loading its code again.
        let isInApp = false;
        for (const route of routes) {
          const where = `${route.pattern} (${language}, ${size.name})`;
          if (isInApp) await navigateSettled(page, route.url, language);
          else await openSettled(page, `${server.url}${route.url}`, language);
          isInApp = !route.isPublic;
          const violations = await seriousViolations(page);
          if (violations.length > 0) found[where] = violations;
          if (size.width > 400) continue;
          const covered = await coveredTargets(page);
          if (covered.length > 0) found[`${where}: covered targets`] = covered;
          if (language !== 'en') continue;
          const hidden = await focusHiddenUnderBars(page, TAB_PRESSES);
          if (hidden.length > 0) found[`${where}: focus hidden`] = hidden;
        }
      }
    }
    console.info(
      `[a11y] ${routes.length} routes × 2 languages × 2 sizes in ${Math.round((Date.now() - started) / 1000)} s; ${Object.keys(found).length} pages with findings`,
    );
    expect(found).toEqual({});
  }, 900_000); // 128 pages: 403 s reached three quarters of them at a load of 13 on 2 cores (2026-12-06)

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
});
