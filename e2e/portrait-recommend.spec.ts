import { expect, test } from './support/test';
import { holdDevReloads, signIn } from './support/session';

/**
 * Issue 34 item 4, 客户推荐 (/portraitRecommend, menu 画像推荐): a member opens it from the side
 * menu, reads the portrait and the reasons of the ranked companies, marks one 不感兴趣 (it leaves
 * the list; 撤销 brings it back) and adds two to leads (they leave the list too). Screenshot at 1366 px.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';

test.beforeEach(async ({ context }) => holdDevReloads(context));

test('a member reads the reasons, marks one 不感兴趣 and adds two to leads', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page.request, 'standard_admin');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/workbench', { timeout: 120_000 });
  const directory = page.locator('.ws-menu-entry', { hasText: '企业查询' });
  await expect(directory).toBeVisible({ timeout: 30_000 });
  if ((await directory.getAttribute('aria-expanded')) !== 'true') await directory.click();
  await page
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('link', { name: '画像推荐' })
    .first()
    .click();
  await expect(page).toHaveURL(/\/portraitRecommend/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('客户推荐');

  await expect(page.getByTestId('recommend-portrait')).toContainText('依据：');
  const screen = page.getByTestId('recommend-screen');
  const reasons = screen.getByTestId('recommend-reasons');
  await expect(reasons.first()).toBeVisible({ timeout: 30_000 });
  await expect(reasons.first()).toContainText(/行业 \+|地区 \+/);
  await expect(screen).toContainText(/共 \d+ 家推荐企业/);
  await page.screenshot({ path: `${SHOTS}/portrait-recommend-1366.png`, fullPage: true });

  const rows = screen.locator('.ant-table-tbody tr.ant-table-row');
  const nameOf = async (i: number) => (await rows.nth(i).locator('a').first().innerText()).trim();

  // 不感兴趣: the company leaves the list.
  const disliked = await nameOf(0);
  await rows.nth(0).getByRole('button', { name: '不感兴趣' }).click();
  await expect(page.getByText(`已标记不感兴趣：${disliked}，不再推荐`)).toBeVisible({
    timeout: 15_000,
  });
  await expect(screen.getByRole('link', { name: disliked, exact: true })).toHaveCount(0, {
    timeout: 15_000,
  });
  // 撤销 brings it back (the API's undo, from the page).
  await screen
    .getByTestId('recommend-disliked')
    .getByRole('button', { name: `撤销不感兴趣：${disliked}` })
    .click();
  await expect(page.getByText(`已撤销：${disliked}`)).toBeVisible({ timeout: 15_000 });
  await expect(screen.getByRole('link', { name: disliked, exact: true })).toHaveCount(1, {
    timeout: 15_000,
  });
  await expect(screen.getByTestId('recommend-disliked')).toHaveCount(0);
  // Marked again, for the rest of the test.
  await screen
    .locator('.ant-table-tbody tr.ant-table-row', { hasText: disliked })
    .getByRole('button', { name: '不感兴趣' })
    .click();
  await expect(screen.getByRole('link', { name: disliked, exact: true })).toHaveCount(0, {
    timeout: 15_000,
  });

  // 加入线索 over two selected companies: they leave the list as well.
  const picked = [await nameOf(0), await nameOf(1)];
  for (let i = 0; i < 2; i++) await rows.nth(i).getByRole('checkbox').check();
  await expect(screen.getByTestId('enterprise-bulk-bar')).toContainText('已选 2 家');
  await screen
    .getByTestId('enterprise-bulk-bar')
    .getByRole('button', { name: /加入线索/ })
    .click();
  await expect(page.getByText(/已加入线索 \d+ 家/)).toBeVisible({ timeout: 15_000 });
  for (const name of picked)
    await expect(screen.getByRole('link', { name, exact: true })).toHaveCount(0, {
      timeout: 15_000,
    });
  await page.screenshot({ path: `${SHOTS}/portrait-recommend-after-1366.png`, fullPage: true });
});
