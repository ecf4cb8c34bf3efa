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
    const isPublic = pattern in PUBLIC_PAGES;
    const [path = '', query] = pattern.split('?');
    const segments = path.split('/');
    const filled = segments.map((segment, index) => {
      if (!segment.startsWith(':')) return segment;
      const value = segment === ':teamId' ? params.team : params[segments[index - 1] ?? ''];
      if (!value) throw new Error(`no seeded value for ${segment} in ${pattern}: add it to seedRouteData`);
      return value;
    });
    const search = WITH_JUDGE_TOKEN.has(pattern) ? `token=${judgeToken}` : query;
    return { pattern, isPublic, url: `${filled.join('/')}${search ? `?${search}` : ''}` };
  });
}

/** Opens an address and waits for its page in the language asked, its data loaded. */
export async function openSettled(page: Page, url: string, language: string) {
  await page.goto(url);
  await settled(page, language);
}

/** How long a page must stay unchanged to count as drawn, once nothing on it is loading. */
const QUIET_MS = 250;

/**
 * Opens an address of the signed-in app from inside it, as its links do (the router follows the history),
 * without loading the app's code again; waits until the page has changed, then is settled and quiet.
 */
export async function navigateSettled(page: Page, path: string, language: string) {
  await page.evaluate(
    ({ to, quiet }) =>
      new Promise<void>((resolve) => {
        const root = document.getElementById('root') ?? document.body;
        let timer = setTimeout(finish, quiet * 8);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(finish, quiet);
        });
        function finish() {
          observer.disconnect();
          resolve();
        }
        observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }),
    { to: path, quiet: QUIET_MS },
  );
  await settled(page, language);
}

async function settled(page: Page, language: string) {
  await page.waitForFunction(
    ({ busy, lang }) =>
      document.documentElement.lang === lang &&
      (document.getElementById('root')?.innerText.trim() ?? '') !== '' &&
      document.querySelector(busy) === null,
    { busy: BUSY, lang: language },
  );
}
