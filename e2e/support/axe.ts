import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Two findings inside Ant Design that our styles have not overcome yet, on admin pages only (docs/
 * performance.md, issue 16): the zero-height row its tables keep to measure columns, and the text of
 * its filled green tags. Anything else fails the test.
 */
const KNOWN: { rule: string; match: RegExp }[] = [];

/**
 * WCAG 2.2 A and AA rules (2.0's, 2.1's and 2.2's), on the page or on the part `within` selects; what fails is listed with the
 * elements, so that a failure says what to fix.
 */
export async function seriousViolations(page: Page, within?: string) {
  const builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .options({ resultTypes: ['violations'] });
  const results = await (within ? builder.include(within) : builder).analyze();
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
