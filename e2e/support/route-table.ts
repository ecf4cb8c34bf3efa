import type { Page } from 'playwright-core';
import { ADMIN_PAGES } from '../../apps/web/src/app/admin-paths.ts';
import { PUBLIC_PAGES } from '../../apps/web/src/app/public-paths.ts';

/** Public pages a judge opens with the token of their personal link. */
const WITH_JUDGE_TOKEN = new Set(['/selection/:id/answer', '/selection/:id/bids', '/judge']);
/** Shown while a page's data is on its way. */
const BUSY = '.ant-spin-spinning, .ant-skeleton, .sl-form-loading, [aria-busy="true"]';

/**
 * Every address of the web router's table (app/admin-paths.ts, which the build keeps equal to router.tsx,
 * and app/public-paths.ts), its parameters filled from the seeded data: a route added there is audited
 * here without being listed. A parameter this file cannot fill fails the test, naming it.
 */
export function routeAddresses(params: Record<string, string>, judgeToken: string) {
  const patterns = [...Object.keys(PUBLIC_PAGES), ...Object.keys(ADMIN_PAGES)];
  return patterns.map((pattern) => {
    const [path = '', query] = pattern.split('?');
    const segments = path.split('/');
    const filled = segments.map((segment, index) => {
      if (!segment.startsWith(':')) return segment;
      const value = segment === ':teamId' ? params.team : params[segments[index - 1] ?? ''];
      if (!value) throw new Error(`no seeded value for ${segment} in ${pattern}: add it to seedRouteData`);
      return value;
    });
    const search = WITH_JUDGE_TOKEN.has(pattern) ? `token=${judgeToken}` : query;
    return { pattern, url: `${filled.join('/')}${search ? `?${search}` : ''}` };
  });
}

/** Opens an address and waits for its page in the language asked, its data loaded. */
export async function openSettled(page: Page, url: string, language: string) {
  await page.goto(url);
  await page.waitForFunction(
    ({ busy, lang }) =>
      document.documentElement.lang === lang &&
      (document.getElementById('root')?.innerText.trim() ?? '') !== '' &&
      document.querySelector(busy) === null,
    { busy: BUSY, lang: language },
  );
}
