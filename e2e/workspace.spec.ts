import { expect, test, type Page } from './support/test';
import { withE2eDb } from './support/db';
import { holdDevReloads, signUp } from './support/session';
import { untilStill } from './support/ui';

/**
 * The signed-in workspace (issue #11): side menu, breadcrumb, tag strip, settings drawer with its
 * layouts and themes, and the phone layout — as a tenant administrator created for the run.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/workspace-${name}.png`, fullPage: false });

const tags = (page: Page) => page.getByTestId('tag-strip').getByTestId('tag');

/**
 * The top bar is server-rendered as it stays (nothing moves when the page comes alive); a button
 * answers once the shell has hydrated, which it marks on its root.
 */
async function pressTopBar(page: Page, name: string) {
  await expect(page.locator('.ws-root[data-hydrated]')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name }).click();
}

/** Label and left edge of each thing on the right of the top bar, in order. */
const topBarActions = (page: Page) =>
  page
    .getByTestId('workspace-top-bar')
    .locator('.ws-topbar-actions > *')
    .evaluateAll((els) =>
      els.map((e) => {
        // A wrapper (the user menu, a button with its panel) is named by its button.
        const label =
          e.getAttribute('aria-label') ??
          e.querySelector('button[aria-label]')?.getAttribute('aria-label') ??
          e.textContent?.trim() ??
          '';
        return `${label}@${Math.round(e.getBoundingClientRect().x)}`;
      }),
    );

const openSettings = (page: Page) => pressTopBar(page, '个性化配置');

async function newAdmin(page: Page): Promise<string> {
  const { mobile } = await signUp(page.request, {
    companyName: `E2E工作台${Date.now() % 1_000_000}科技有限公司`,
  });
  return mobile;
}

test.describe('workspace shell', () => {
  test.beforeEach(async ({ context }) => {
    await holdDevReloads(context);
  });

  test('side menu, breadcrumb and tags around the signed-in pages', async ({ page }) => {
    await newAdmin(page);
    // The server hands the session to the page: the browser does not ask for it again.
    const sessionCalls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/(system\/auth\/get-permission-info|system\/auth\/list-menus)/.test(r.url()))
        sessionCalls.push(r.url());
    });
    await page.goto('/unLockListPage');
    const menu = page.getByTestId('side-menu');
    // The first signed-in page of the run loads the shell's code: allow a busy machine time.
    await expect(menu).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('side-menu-head')).toContainText('E2E工作');
    await expect(page.locator('.ws-breadcrumb')).toContainText('首页');
    await expect(page.locator('.ws-breadcrumb')).toContainText('已解锁企业');
    await expect(page.getByTestId('page-title-badge')).toHaveText('已解锁企业');
    // 我的工作台 is built (issue 29): its menu entry shows.
    await expect(menu.getByText('我的工作台')).toBeVisible();
    expect(sessionCalls).toEqual([]);
    await shot(page, 'inline-mixins');

    // A client navigation from the menu: the tag strip gains the page, the menu is not refetched.
    let menuFetches = 0;
    page.on('request', (r) => {
      if (r.url().includes('/system/auth/list-menus')) menuFetches += 1;
    });
    await menu.getByText('我的收藏').click();
    await expect(page).toHaveURL(/\/favoritesPage$/);
    await expect(page.locator('h1')).toHaveText('我的收藏');
    await expect(tags(page)).toHaveText(['首页', '已解锁企业', '我的收藏']);
    expect(menuFetches).toBe(0);

    // Revisiting adds no duplicate; the first tab has no close button.
    await tags(page).filter({ hasText: '已解锁企业' }).getByRole('link').click();
    await expect(page).toHaveURL(/\/unLockListPage$/);
    await expect(tags(page)).toHaveCount(3);
    await expect(tags(page).first().getByRole('button')).toHaveCount(0);

    // Closing the active tab opens the last one.
    await page.getByRole('button', { name: '关闭 已解锁企业' }).click();
    await expect(page).toHaveURL(/\/favoritesPage$/);
    await expect(tags(page)).toHaveText(['首页', '我的收藏']);
  });

  test('settings: horizontal layout, white and dark themes, tag strip off, remembered', async ({
    page,
  }) => {
    await newAdmin(page);
    await page.goto('/favoritesPage');
    await openSettings(page);
    const drawer = page.getByRole('dialog', { name: '个性化配置' });
    await expect(drawer).toBeVisible();

    await drawer.locator('label').filter({ hasText: '顶部菜单' }).click();
    await expect(page.locator('.ws-topnav [data-testid="side-menu"]')).toBeVisible();
    await expect(page.locator('.ws-sider')).toHaveCount(0);

    await drawer.locator('label').filter({ hasText: '暗色' }).click();
    await expect(page.locator('.ws-root')).toHaveAttribute('data-theme', 'dark');
    // A real antd dark theme: the layout's background token is dark, not a CSS filter.
    const bg = await page
      .locator('.ws-header')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).not.toBe('rgb(255, 255, 255)');
    await drawer.getByRole('button', { name: '关闭' }).click();
    await shot(page, 'horizontal-dark');

    await openSettings(page);
    await drawer.locator('label').filter({ hasText: '亮色' }).click();
    await drawer.locator('label').filter({ hasText: '侧边菜单' }).click();
    await drawer.getByRole('switch', { name: '显示标签栏' }).click();
    await drawer.getByRole('button', { name: '关闭' }).click();
    await expect(page.getByTestId('tag-strip')).toHaveCount(0);
    await expect(page.locator('.ws-sider[data-menu-theme="light"]')).toBeVisible();
    await shot(page, 'inline-white');

    // Remembered: locally (tag strip) and per user on the server (theme and layout).
    await page.reload();
    await expect(page.locator('.ws-root')).toHaveAttribute('data-theme', 'white');
    await expect(page.getByTestId('tag-strip')).toHaveCount(0);
    await page.evaluate(() => window.localStorage.setItem('leadradar.layout', '{broken'));
    await page.reload();
    await expect(page.getByTestId('tag-strip')).toBeVisible();
  });

  test('the side menu from the keyboard, collapsed with flyouts', async ({ page }) => {
    await newAdmin(page);
    await page.goto('/favoritesPage');
    await expect(page.locator('.ws-root[data-hydrated]')).toBeVisible({ timeout: 30_000 });
    const menu = page.getByTestId('side-menu');

    // The page's own submenu is open; another opens and closes with Enter.
    const customers = menu.getByRole('button', { name: '客户管理' });
    await expect(customers).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: '我的收藏' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const company = menu.getByRole('button', { name: '企业管理' });
    await expect(company).toHaveAttribute('aria-expanded', 'false');
    await company.focus();
    await page.keyboard.press('Enter');
    await expect(company).toHaveAttribute('aria-expanded', 'true');
    const companyList = menu.locator(`#${await company.getAttribute('aria-controls')}`);
    await expect(companyList.getByRole('link').first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(companyList).toBeHidden();

    // A link followed from the keyboard is a client navigation.
    await menu.getByRole('link', { name: '已解锁企业' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/unLockListPage$/);
    await expect(menu.getByRole('link', { name: '已解锁企业' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // Collapsed: icons only; a submenu flies out on a click and closes on Escape or a choice.
    await page.getByRole('button', { name: '收起菜单' }).click();
    await expect(page.locator('.ws-sider-collapsed')).toBeVisible();
    await expect(page.getByTestId('side-menu-head')).toHaveCount(0);
    const flyButton = menu.getByRole('button', { name: '客户管理' });
    const flyList = menu.locator(`#${await flyButton.getAttribute('aria-controls')}`);
    await flyButton.click();
    // Away from the pointer (hover alone also shows it): open by the click.
    await page.mouse.move(683, 500);
    await expect(flyList).toBeVisible();
    await shot(page, 'collapsed-flyout');
    await page.keyboard.press('Escape');
    await expect(flyList).toBeHidden();
    await expect(flyButton).toBeFocused();
    await flyButton.click();
    await flyList.getByRole('link', { name: '我的收藏' }).click();
    await expect(page).toHaveURL(/\/favoritesPage$/);
    await page.mouse.move(683, 500);
    await expect(flyList).toBeHidden();
    await page.getByRole('button', { name: '展开菜单' }).click();
    await expect(page.getByTestId('side-menu-head')).toBeVisible();
  });

  test('a role change and logout clear the tags', async ({ page }) => {
    const mobile = await newAdmin(page);
    await page.goto('/unLockListPage');
    await page.getByTestId('side-menu').getByText('我的收藏').click();
    await expect(tags(page)).toHaveCount(3);

    // An administrator gives this user another role; the next session load notices.
    await withE2eDb(async (db) => {
      await db.query(
        `insert into user_roles (user_id, role_id)
         select u.id, r.id from users u, roles r
          where u.mobile = $1 and r.code = 'employee' and r.tenant_id is null
         on conflict do nothing`,
        [mobile],
      );
    });
    await page.reload();
    await expect(tags(page)).toHaveText(['首页', '我的收藏']);

    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByText('退出登录').click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.waitForURL((u) => !u.pathname.startsWith('/favoritesPage'));
    const stored = await page.evaluate(() => window.sessionStorage.getItem('leadradar.tags'));
    expect(stored === null || JSON.parse(stored).tags.length === 1).toBe(true);
  });

  test('更多工具: search by label, a click is recorded and joins the usual tools', async ({
    page,
  }) => {
    const mobile = await newAdmin(page);
    await page.goto('/favoritesPage');
    await pressTopBar(page, '更多工具');
    const panel = page.getByTestId('more-tools-panel');
    await expect(panel).toContainText('暂无常用工具');
    await panel.getByLabel('搜索工具').fill('不存在的工具');
    await expect(panel).toContainText('搜索无结果');
    await panel.getByLabel('搜索工具').fill('已解锁');
    await panel.getByText('已解锁企业').click();
    await expect(page).toHaveURL(/\/unLockListPage$/);

    const uses = await withE2eDb(async (db) => {
      const r = await db.query<{ uses: number }>(
        `select n.uses from feature_nav_usage n join users u on u.id = n.user_id
          where u.mobile = $1 and n.feature_id = 105`,
        [mobile],
      );
      return r.rows[0]?.uses ?? 0;
    });
    expect(uses).toBe(1);
    // 常用工具 shows for a loaded session only.
    await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: '更多工具' }).click();
    const usual = page.getByTestId('more-tools-panel').getByRole('region', { name: '常用工具' });
    await expect(usual).toContainText('已解锁企业');
    await shot(page, 'more-tools');
  });

  test('first paint is the final top bar: no button moves when the page comes alive', async ({
    page,
    browser,
  }) => {
    await newAdmin(page);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/unLockListPage');
    await expect(page.locator('.ws-root[data-hydrated]')).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const alive = await topBarActions(page);
    expect(alive.some((a) => a.includes('用户菜单'))).toBe(true);

    // The server's markup alone, as painted before any script runs.
    const still = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1366, height: 768 },
      storageState: await page.context().storageState(),
    });
    try {
      const first = await still.newPage();
      await first.goto(new URL('/unLockListPage', page.url()).href);
      await expect(first.getByRole('button', { name: /用户菜单$/ })).toBeVisible();
      expect(await topBarActions(first)).toEqual(alive);
    } finally {
      await still.close();
    }
  });

  test('the not-found page gets no tab', async ({ page }) => {
    await newAdmin(page);
    await page.goto('/unLockListPage');
    await expect(tags(page)).toHaveText(['首页', '已解锁企业']);
    await page.goto('/policy-analysis/policy-inquiry/policy-details/0');
    await expect(page).toHaveTitle(/页面不存在/);
    await page.goto('/favoritesPage');
    await expect(tags(page)).toHaveText(['首页', '已解锁企业', '我的收藏']);
  });

  test('phones: the side menu is a drawer and nothing overflows', async ({ page }) => {
    await newAdmin(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/unLockListPage');
    await expect(page.locator('.ws-sider')).toHaveCount(0);
    await page.getByRole('button', { name: '打开菜单' }).click();
    const drawerMenu = page.locator('.ant-drawer').getByTestId('side-menu');
    await expect(drawerMenu).toBeVisible();
    await untilStill(page, drawerMenu);
    await shot(page, 'phone-drawer');
    await drawerMenu.getByText('我的收藏').click();
    await expect(page).toHaveURL(/\/favoritesPage$/);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'phone-page');
  });

  test('each theme at 1366×768 and 390×844: a page that fits, in the chosen colours', async ({
    page,
  }) => {
    await newAdmin(page);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/infoCenter');
    const root = page.locator('.ws-root');
    await expect(root).toBeVisible({ timeout: 30_000 });
    for (const [label, theme] of [
      ['混合', 'mixins'],
      ['亮色', 'white'],
      ['暗色', 'dark'],
    ] as const) {
      await page.setViewportSize({ width: 1366, height: 768 });
      await openSettings(page);
      const drawer = page.getByRole('dialog', { name: '个性化配置' });
      await drawer.locator('label').filter({ hasText: label }).click();
      await expect(root).toHaveAttribute('data-theme', theme);
      await drawer.getByRole('button', { name: '关闭' }).click();
      await expect(drawer).toBeHidden();
      await shot(page, `theme-${theme}-1366`);

      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.locator('.ws-sider')).toHaveCount(0);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, `theme-${theme}-390`);
    }
  });
});
