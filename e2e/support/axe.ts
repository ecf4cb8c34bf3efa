import axe from 'axe-core';
import type { Frame, Page } from 'playwright-core';

/**
 * Findings of ours that a rule flags and that we accept, each with its reason. Anything else fails the test.
 */
const KNOWN: { rule: string; match: RegExp }[] = [];

const OPTIONS: axe.RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  resultTypes: ['violations'],
};

/**
 * WCAG 2.2 A and AA rules (2.0's, 2.1's and 2.2's), on the page or on the part `within` selects, its same-origin
 * frames included; what fails is listed with the elements, so that a failure says what to fix. axe-core is put
 * in a document once, not before every run: @axe-core/playwright evaluated its 1.3 MB twice a run and opened
 * a page to merge the results, which made most of the cost of the route walk's 132 pages (decision 211).
 */
export async function seriousViolations(page: Page, within?: string) {
  await Promise.all(page.frames().map(injectAxe));
  const results = await page.evaluate(
    ({ include, options }) =>
      (window as unknown as { axe: typeof axe }).axe.run(
        include ? { include: [include] } : document,
        options,
      ),
    { include: within, options: OPTIONS },
  );
  const isKnown = (rule: string, html: string) =>
    KNOWN.some((known) => known.rule === rule && known.match.test(html));
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes
        .filter((node) => !isKnown(violation.id, node.html))
        .slice(0, 3)
        .map((node) => node.html.slice(0, 160)),
    }))
    .filter((violation) => violation.nodes.length > 0);
}

/** axe-core in a frame that lacks it; a frame that goes away meanwhile (a closed preview) is left. */
async function injectAxe(frame: Frame) {
  try {
    if (await frame.evaluate(() => 'axe' in window)) return;
    await frame.evaluate(axe.source);
  } catch {}
}
