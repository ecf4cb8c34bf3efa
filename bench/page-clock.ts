import type { BrowserContext, Page } from 'playwright-core';

type Clock = Record<string, number>;

/**
 * Records, by the page's own clock, the first frame in which each selector matches a visible element,
 * and when the task after that frame ran (`idle`: nothing blocks input). Playwright's `waitFor` polls
 * every 0.5 s after its first tries, so reading the clock once it returns added up to that much.
 */
export async function watchFirstFrames(context: BrowserContext, selectors: string[]) {
  // A string, not a function: tsx names functions with a helper that the page does not have.
  await context.addInitScript(`(() => {
    const list = ${JSON.stringify(selectors)};
    const clock = {};
    window.__firstFrames = clock;
    const check = () => {
      for (const selector of list) {
        if (clock[selector] !== undefined) continue;
        if ([...document.querySelectorAll(selector)].some((element) => element.checkVisibility())) {
          clock[selector] = performance.now();
          setTimeout(() => { clock[selector + ' idle'] = performance.now(); }, 0);
        }
      }
      if (list.some((selector) => clock[selector] === undefined)) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })()`);
}

/** The times recorded by `watchFirstFrames`, once the caller has waited for its selectors. */
export async function firstFrames(page: Page, selector: string) {
  await page.waitForFunction((s) => {
    const clock = (window as unknown as { __firstFrames?: Clock }).__firstFrames;
    return clock?.[`${s} idle`] !== undefined;
  }, selector);
  const clock = await page.evaluate(() => (window as unknown as { __firstFrames: Clock }).__firstFrames);
  return { shownMs: clock[selector] ?? 0, idleMs: clock[`${selector} idle`] ?? 0 };
}
