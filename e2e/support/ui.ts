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
