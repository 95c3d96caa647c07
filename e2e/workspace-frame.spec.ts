import { expect, test, type Page } from './support/test';
import { withE2eDb } from './support/db';
import { holdDevReloads, signUp } from './support/session';

/**
 * The workspace frame's smaller promises (spec 2.3-2.5, 9), each checked in the browser: the
 * 暂无操作权限 notice of a non-clickable entry, fullscreen and its unsupported notice, back-to-top
 * after 320 px, the navigation progress bar, the tag strip's 240 px steps, the 325 px settings
 * drawer and the 新 tags of the menu.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/workspace-frame-${name}.png`, fullPage: false });

async function newAdmin(page: Page): Promise<void> {
  await signUp(page.request, { companyName: `E2E框架${Date.now() % 1_000_000}科技有限公司` });
}

/** The shell has hydrated (its buttons answer). */
async function shellReady(page: Page): Promise<void> {
  await expect(page.locator('.ws-root[data-hydrated]')).toBeVisible({ timeout: 30_000 });
}

const scrollerLeft = (page: Page) =>
  page.locator('.ws-tags-scroll').evaluate((el) => Math.round(el.scrollLeft));

test.describe('workspace frame', () => {
  test.beforeEach(async ({ context }) => {
    await holdDevReloads(context);
  });

  test('a non-clickable menu entry answers 暂无操作权限 (系统提示), by click and by address', async ({
    page,
  }) => {
    const setClickable = (on: boolean) =>
      withE2eDb((db) =>
        db.query(`update menus set clickable = $1 where path = '/favoritesPage'`, [on]),
      );
    await setClickable(false);
    try {
      await newAdmin(page);
      await page.goto('/unLockListPage');
      await shellReady(page);
      const menu = page.getByTestId('side-menu');
      await menu.getByText('我的收藏').click();
      const dialog = page.getByRole('dialog').filter({ hasText: '暂无操作权限' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('系统提示');
      await shot(page, 'no-permission-dialog');
      // The click did not navigate.
      await expect(page).toHaveURL(/\/unLockListPage$/);
      // antd spaces a two-character button label: 确 定.
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await expect(dialog).toBeHidden();

      // Typing its address: blocked with the same notice, and the page stays out of sight.
      await page.goto('/favoritesPage');
      await expect(dialog).toBeVisible({ timeout: 30_000 });
      await expect(dialog).toContainText('系统提示');
      await expect(page).toHaveURL(/\/favoritesPage$/);
      const main = page.locator('main.ws-content');
      await expect(main).toContainText('暂无操作权限');
      await expect(page.locator('h1', { hasText: '我的收藏' })).toHaveCount(0);
      await shot(page, 'no-permission-address');
    } finally {
      await setClickable(true);
    }
    // Clickable again: the page itself.
    await page.goto('/favoritesPage');
    await expect(page.locator('h1')).toHaveText('我的收藏', { timeout: 30_000 });
  });

  test('fullscreen toggles, and a browser without the Fullscreen API gets a notice', async ({
    page,
    browser,
  }) => {
    await newAdmin(page);
    await page.goto('/unLockListPage');
    await shellReady(page);
    await page.getByRole('button', { name: '全屏', exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await expect(page.getByRole('button', { name: '退出全屏' })).toBeVisible();
    await page.getByRole('button', { name: '退出全屏' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
    await expect(page.getByRole('button', { name: '全屏', exact: true })).toBeVisible();

    // iPhone Safari has no Fullscreen API: document.fullscreenEnabled is false there.
    const context = await browser.newContext({ storageState: await page.context().storageState() });
    try {
      await context.addInitScript(() => {
        Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false });
      });
      const other = await context.newPage();
      await other.goto('/unLockListPage');
      await shellReady(other);
      await other.getByRole('button', { name: '全屏', exact: true }).click();
      await expect(other.locator('.ant-message')).toContainText('当前浏览器不支持全屏');
      expect(await other.evaluate(() => document.fullscreenElement)).toBeNull();
      await other.screenshot({ path: `${SHOTS}/workspace-frame-fullscreen-unsupported.png` });
    } finally {
      await context.close();
    }
  });

  test('back-to-top appears only after 320 px of scroll and takes the page up', async ({
    page,
  }) => {
    await newAdmin(page);
    await page.goto('/unLockListPage');
    await shellReady(page);
    // A page long enough to scroll, whatever the list holds.
    await page.locator('main.ws-content').evaluate((main) => {
      const tall = document.createElement('div');
      tall.style.height = '3000px';
      tall.dataset.testid = 'tall';
      main.append(tall);
    });
    const backTop = page.getByRole('button', { name: '回到顶部' });
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
    // Give a wrongly low threshold the time to show itself.
    await page.waitForTimeout(500);
    await expect(backTop).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 321));
    await expect(backTop).toBeVisible();
    await shot(page, 'back-to-top');
    await backTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(backTop).toBeHidden();
  });

  test('the progress bar runs while a navigation loads and stops when the page is there', async ({
    page,
  }) => {
    await newAdmin(page);
    await page.goto('/unLockListPage');
    await shellReady(page);
    const bar = page.getByRole('progressbar', { name: '页面加载中', includeHidden: true });
    await expect(bar).toHaveAttribute('aria-hidden', 'true');
    // The next page's server answer (an RSC request) takes 2 s, so the bar is seen running.
    await page.route('**/*', async (route) => {
      if (route.request().headers()['rsc'] === '1') await new Promise((r) => setTimeout(r, 2000));
      await route.continue();
    });
    await page.getByTestId('side-menu').getByText('我的收藏').click();
    await expect(page.locator('.ws-progress.ws-progress-running')).toBeAttached();
    await expect(bar).toHaveAttribute('aria-hidden', 'false');
    await shot(page, 'progress-running');
    await expect(page).toHaveURL(/\/favoritesPage$/);
    await expect(page.locator('h1')).toHaveText('我的收藏', { timeout: 30_000 });
    await expect(page.locator('.ws-progress.ws-progress-running')).toHaveCount(0);
    await expect(bar).toHaveAttribute('aria-hidden', 'true');
  });

  test('the tag strip scrolls in steps of 240 px', async ({ page }) => {
    await newAdmin(page);
    for (const path of ['/unLockListPage', '/favoritesPage', '/infoCenter']) {
      await page.goto(path);
      await shellReady(page);
    }
    await expect(page.getByTestId('tag-strip').getByTestId('tag')).toHaveCount(4);
    // More tabs than fit: room to the right of the last one.
    await page.locator('.ws-tags-scroll').evaluate((el) => {
      (el.lastElementChild as HTMLElement).style.marginRight = '2000px';
    });
    expect(await scrollerLeft(page)).toBe(0);
    await page.getByRole('button', { name: '向右滚动' }).click();
    await expect.poll(() => scrollerLeft(page)).toBe(240);
    await page.getByRole('button', { name: '向右滚动' }).click();
    await expect.poll(() => scrollerLeft(page)).toBe(480);
    await page.getByRole('button', { name: '向左滚动' }).click();
    await expect.poll(() => scrollerLeft(page)).toBe(240);
  });

  test('the settings drawer 个性化配置 is 325 px wide', async ({ page }) => {
    await newAdmin(page);
    await page.goto('/favoritesPage');
    await shellReady(page);
    await page.getByRole('button', { name: '个性化配置' }).click();
    const drawer = page.getByRole('dialog', { name: '个性化配置' });
    await expect(drawer).toBeVisible();
    const panel = page.locator('.ant-drawer-content-wrapper').filter({ has: drawer });
    await expect.poll(async () => Math.round((await panel.boundingBox())?.width ?? 0)).toBe(325);
    await shot(page, 'settings-drawer');
  });

  test("成员管理 and 角色管理 carry the 'new' tag, shown as 新", async ({ page }) => {
    await newAdmin(page);
    await page.goto('/employeeManagement/member');
    await shellReady(page);
    const menu = page.getByTestId('side-menu');
    for (const name of ['成员管理', '角色管理']) {
      const entry = menu.getByRole('link', { name: new RegExp(name) });
      await expect(entry.locator('.ws-menu-badge')).toHaveText('新');
    }
    // Only these two: no other entry is marked new.
    await expect(menu.locator('.ws-menu-badge')).toHaveText(['新', '新']);
    await shot(page, 'new-tags');
  });
});
