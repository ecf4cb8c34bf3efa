import type { Page } from 'playwright-core';

/** What a person can operate: links, buttons, fields and the widgets that say they are one. */
const INTERACTIVE = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="tab"]',
  '[role="slider"]',
  '[role="combobox"]',
  '[role="menuitem"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/**
 * The interactive elements another element covers at their centre (issue 56 point 12: the contact bubble on
 * a submit bar, flags on a link): each element is scrolled to the middle of the screen, as far as the page
 * lets it, and `elementFromPoint` at its centre must be the element, inside it, or its label. A fixed bar
 * over a control that cannot be scrolled out from under it is found; one a scroll moves away is not. An
 * element clipped by a box that hides its overflow, invisible or disabled is left out: nobody can aim at
 * it there. Each finding names both elements.
 */
export function coveredTargets(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const describe = (element: Element) => {
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
      const named = ['data-testid', 'type', 'name', 'class']
        .map((attribute) => element.getAttribute(attribute)?.split(' ')[0])
        .filter(Boolean)
        .join(' ');
      return `<${element.tagName.toLowerCase()} ${named}> "${text}"`;
    };
    const isShown = (element: Element) => {
      const style = getComputedStyle(element);
      if (style.visibility !== 'visible' || Number(style.opacity) === 0) return false;
      if (element.closest('[aria-hidden="true"], [inert]')) return false;
      if ((element as HTMLButtonElement).disabled) return false;
      const box = element.getBoundingClientRect();
      return box.width >= 1 && box.height >= 1;
    };
    /** Inside a box that clips, the centre must be within the box's visible part. */
    const isClipped = (element: Element, x: number, y: number) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const box = parent.getBoundingClientRect();
        if (x < box.left || x > box.right || y < box.top || y > box.bottom) return true;
      }
      return false;
    };
    const isSameTarget = (element: Element, hit: Element) => {
      if (element === hit || element.contains(hit)) return true;
      // A field drawn under its label (a styled checkbox), or inside the widget that draws it.
      const label = hit.closest('label');
      return label !== null && (label.contains(element) || label.control === element);
    };
    const found: string[] = [];
    for (const element of [...document.querySelectorAll(selector)].filter(isShown)) {
      element.scrollIntoView({ block: 'center', inline: 'nearest' });
      const box = element.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (y < 0 || y >= window.innerHeight || x < 0 || x >= window.innerWidth) continue;
      if (isClipped(element, x, y)) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit && !isSameTarget(element, hit)) found.push(`${describe(element)} under ${describe(hit)}`);
    }
    window.scrollTo(0, 0);
    return found;
  }, INTERACTIVE);
}

/**
 * WCAG 2.4.11: the keyboard's focus never entirely under a sticky or fixed bar. Tabs through the page up
 * to `presses` times and, at each stop, compares the focused element's box with every fixed or sticky
 * element that does not contain it; the focused elements fully hidden are returned.
 */
export async function focusHiddenUnderBars(page: Page, presses: number): Promise<string[]> {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    (document.activeElement as HTMLElement | null)?.blur();
  });
  const hidden = new Set<string>();
  for (let press = 0; press < presses; press++) {
    await page.keyboard.press('Tab');
    const finding = await page.evaluate(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return null;
      const box = focused.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) return null;
      const bars = [...document.querySelectorAll('body *')].filter((element) => {
        const position = getComputedStyle(element).position;
        return (position === 'fixed' || position === 'sticky') && !element.contains(focused);
      });
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      // Entirely hidden: a bar spans the whole box and is what the centre shows.
      const isCovered = bars.some((bar) => {
        const cover = bar.getBoundingClientRect();
        const spans =
          cover.left <= box.left &&
          cover.right >= box.right &&
          cover.top <= box.top &&
          cover.bottom >= box.bottom;
        return spans && hit !== null && bar.contains(hit);
      });
      return isCovered
        ? `<${focused.tagName.toLowerCase()}> "${(focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 40)}"`
        : null;
    });
    if (finding) hidden.add(finding);
  }
  return [...hidden];
}
