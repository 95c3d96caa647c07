import { expect, test } from './support/test';
import { signIn } from './support/session';

/**
 * Issue 28 item 6: /clue/list logged React's hydration error (#418: the server rendered text the
 * browser did not). The page must hydrate without one, in the browser's own time zone and locale.
 */
const HYDRATION = /hydrat|Minified React error #(418|419|421|422|423|425)/i;

test('the lead list hydrates without a hydration error', async ({ page }) => {
  // Under E2E_DEV=1 the first visit compiles the page.
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`${e.name}: ${e.message}`));
  // standard_admin's enterprise has seeded leads with follow-ups and due dates.
  await signIn(page.request, 'standard_admin');
  await page.goto('/clue/list');
  await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 120_000 });
  // Reload: the second render comes with everything the first one stored in the browser.
  await page.reload();
  await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 120_000 });
  await page.waitForTimeout(1000);
  expect(errors.filter((e) => HYDRATION.test(e))).toEqual([]);
});
