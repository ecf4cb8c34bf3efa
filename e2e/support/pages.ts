import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Signs in through the login form, as a person would. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string, path = '/login') {
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel('Username or e-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Picks an option of an Ant Design select by its visible text and waits until the select shows it. A dialog
 * still opening takes the focus when its animation ends: the select then loses it and its list closes under
 * the pointer (forms-admin, a full run of 2026-11-27: the option "not visible" for 30 s). So each click on the
 * option is short, and a list found closed is opened again, up to three times.
 */
export async function chooseOption(page: Page, select: Locator, option: string) {
  const chosen = select.filter({ hasText: option });
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option });
  for (let attempt = 0; attempt < 3; attempt++) {
    if (!(await item.isVisible())) await select.click();
    try {
      await item.click({ timeout: 5_000 });
      await chosen.waitFor({ timeout: 5_000 });
      return;
    } catch {}
  }
  await chosen.waitFor();
}

/**
 * Ticks a table row's checkbox and waits until it shows ticked. Playwright's `check()` reads the box once,
 * right after its click: under load (CI's lanes) a table still settling had not yet drawn the tick and the
 * check threw. A click is sent again only when a second later the box is still unticked.
 */
export async function tickRow(checkbox: Locator) {
  await expect
    .poll(
      async () => {
        if (!(await checkbox.isChecked())) await checkbox.click({ timeout: 5_000 });
        return checkbox.isChecked();
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(true);
}

/**
 * Clicks `trigger` until `shown` shows. Under load a click right after a reload can land before the page's
 * handlers are attached and open nothing (blind-review.e2e, CI's lanes: the edit dialog never came).
 */
export async function clickUntilShown(trigger: Locator, shown: Locator) {
  await expect
    .poll(
      async () => {
        if (!(await shown.isVisible())) await trigger.click({ timeout: 5_000 });
        return shown.isVisible();
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(true);
}
