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
 * Clicks `trigger` until `isDone`, a second apart. Under load (CI's lanes) a click can land before a page's
 * handlers are attached, or a table still settling draws its tick late: one click read once then fails.
 */
async function clickUntil(trigger: Locator, isDone: () => Promise<boolean>) {
  await expect
    .poll(
      async () => {
        if (!(await isDone())) await trigger.click({ timeout: 5_000 });
        return isDone();
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(true);
}

/** Ticks a table row's checkbox and waits until it shows ticked (Playwright's `check()` reads it once). */
export const tickRow = (checkbox: Locator) => clickUntil(checkbox, () => checkbox.isChecked());

/** Clicks `trigger` until `shown` shows (after a reload, the edit dialog of blind-review.e2e never came). */
export const clickUntilShown = (trigger: Locator, shown: Locator) =>
  clickUntil(trigger, () => shown.isVisible());

/**
 * Waits until a dialog has opened as a person sees it: Ant Design moves the focus in when the opening motion
 * ends. Until then what is inside still moves: a key goes to the page (reports.e2e, 2026-12-07: open for 30 s
 * after Escape), and a select's list drawn during the motion took a click that chose nothing (judges.e2e).
 */
export async function waitUntilOpen(dialog: Locator) {
  await expect
    .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)), { timeout: 30_000 })
    .toBe(true);
}

/** Presses Escape in an open dialog once it has opened, then waits until it has closed. */
export async function closeWithEscape(page: Page, dialog: Locator) {
  await waitUntilOpen(dialog);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}
