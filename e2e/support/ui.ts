import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until `target` stops moving. Antd dialogs zoom in from the pointer: a click on a button
 * that is still growing can press on the button and release on the dialog body, which is no
 * click at all. A person never clicks that fast; tests wait for the dialog to settle instead.
 */
export async function untilStill(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  await expect
    .poll(async () => {
      const before = JSON.stringify(await target.boundingBox());
      await page.waitForTimeout(150);
      return before === JSON.stringify(await target.boundingBox());
    })
    .toBe(true);
}

/**
 * Opens an antd select and picks an option, until `picked` (what the choice shows) is visible.
 * An option clicked while its list is still sliding in can be missed; a person would look and
 * click again, and so does this.
 */
export async function pickOption(
  page: Page,
  select: Locator,
  option: string | RegExp,
  picked: Locator,
): Promise<void> {
  await expect(async () => {
    if (await picked.isVisible()) return;
    await select.click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: option,
      })
      .first()
      .click({ timeout: 3_000 });
    await expect(picked).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Closes a drawer with its 关闭 button. Escape closes an antd drawer only while the focus is inside
 * it, and after a form submit the focus can be on the page body, so Escape was a coin toss.
 */
export async function closeDrawer(drawer: Locator): Promise<void> {
  await drawer.getByRole('button', { name: '关闭' }).click();
  await expect(drawer).toBeHidden();
}

/**
 * Clicks a link until the address is `url`. A client-side navigation started while the previous
 * one is still settling can be dropped by the router; a person would click again, as this does.
 */
export async function followLink(page: Page, link: Locator, url: RegExp): Promise<void> {
  await expect(async () => {
    if (!url.test(page.url())) await link.click({ timeout: 3_000 });
    await expect(page).toHaveURL(url, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}
