import { expect, test } from './support/test';
import { holdDevReloads, signUp } from './support/session';

/**
 * Pages no other test opened (issue 29 item 6): each answers, shows its own content, and its tab
 * title is the route's title with the product suffix (spec 2.2, 9) — public, workspace and
 * status pages alike.
 */
const SUFFIX = ' - 拓客雷达';
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';

test.describe('pages no other test opens', () => {
  test.beforeEach(async ({ context }) => {
    await holdDevReloads(context);
  });

  test('/403 and /500: the status page, its text and title', async ({ page }) => {
    // /403 is an ordinary open page (spec 2.1); Next serves its reserved /500 with status 500.
    for (const [path, code, heading, title, status] of [
      ['/403', '403', '抱歉，您无权访问此页面', '无权访问', 200],
      ['/500', '500', '抱歉，服务器出错了', '服务器错误', 500],
    ] as const) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(status);
      await expect(page.getByText(heading)).toBeVisible();
      await expect(page.getByText(code, { exact: true }).first()).toBeVisible();
      await expect(page).toHaveTitle(`${title}${SUFFIX}`);
      await page.screenshot({ path: `${SHOTS}/status-${code}.png` });
    }
    // The unknown-path fallback, for comparison: a real 404.
    const missing = await page.goto('/no-such-page-e2e');
    expect(missing?.status()).toBe(404);
    await expect(page).toHaveTitle(`页面不存在${SUFFIX}`);
  });

  test('/newhome is the home page at its own address', async ({ page }) => {
    const res = await page.goto('/newhome');
    expect(res?.status()).toBe(200);
    await expect(page).toHaveURL(/\/newhome$/);
    await expect(page).toHaveTitle('拓客雷达 - 企业查询与智能拓客平台');
    // The home page's search box, as on /.
    await expect(page.locator('input[name="searchValue"]').first()).toBeVisible();
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical === null || !canonical.endsWith('/newhome')).toBe(true);
  });

  test('/advancedSearch/index is the advanced search, open to visitors', async ({ page }) => {
    const res = await page.goto('/advancedSearch/index');
    expect(res?.status()).toBe(200);
    await expect(page).toHaveURL(/\/advancedSearch\/index$/);
    await expect(page).toHaveTitle(`高级搜索${SUFFIX}`);
    await expect(page.getByText('高级搜索').first()).toBeVisible({ timeout: 30_000 });
  });

  test('/memberCenter: visitors are sent to sign in; members see the editions', async ({
    page,
  }) => {
    await page.goto('/memberCenter');
    await expect(page).toHaveURL(/[?&]redirect=%2FmemberCenter/);

    await signUp(page.request, { companyName: `E2E会员${Date.now() % 1_000_000}科技有限公司` });
    const res = await page.goto('/memberCenter');
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(`会员中心${SUFFIX}`);
    await expect(page.locator('main.ws-content')).toContainText('标准版', { timeout: 30_000 });
    await expect(page.getByTestId('page-title-badge')).toHaveText('会员中心');
    await page.screenshot({ path: `${SHOTS}/status-member-center.png` });
  });

  test('tab titles: route title plus the product suffix on public and workspace pages', async ({
    page,
  }) => {
    await page.goto('/serviceAndAgreement/service');
    await expect(page).toHaveTitle(`服务协议${SUFFIX}`);
    await page.goto('/policySearch');
    await expect(page).toHaveTitle(`政策查询${SUFFIX}`);
    await signUp(page.request, { companyName: `E2E标题${Date.now() % 1_000_000}科技有限公司` });
    for (const [path, title] of [
      ['/clue/list', '线索管理'],
      ['/downloadList', '下载中心'],
      ['/userSystem/userInfo', '个人中心'],
    ]) {
      await page.goto(path);
      await expect(page).toHaveTitle(`${title}${SUFFIX}`);
    }
  });
});
