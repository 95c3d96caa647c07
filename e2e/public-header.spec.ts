import { expect, test, type Page } from './support/test';
import { signIn } from './support/session';

/**
 * Issue 10: public pages stay light when signed in. The header's user area is plain HTML; the
 * antd runtime (whose root carries `data-full-runtime`) loads only when the user asks for something that
 * needs it (邀请企业用户's drawer, 退出登录's confirmation).
 */
// A public page that stays lean when signed in (a member's 企业查询 is in the workspace since
// issue 28 item 7, one chrome per state).
const SEARCH = '/policySearch';
const SHOTS = 'test-results/screens';

/** Loads the page and answers the JavaScript it fetched (bytes, uncompressed) until idle. */
async function loadCountingScripts(page: Page, url: string): Promise<number> {
  const sizes: Promise<number>[] = [];
  const onResponse = (res: import('@playwright/test').Response) => {
    if (res.request().resourceType() === 'script')
      sizes.push(
        res.body().then(
          (b) => b.length,
          () => 0,
        ),
      );
  };
  page.on('response', onResponse);
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  return (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
}

test('signed in, a public page loads no antd until asked; the user menu works', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The same page for a visitor, in its own context: the yardstick.
  const visitor = await browser.newContext();
  const anonymousJs = await loadCountingScripts(await visitor.newPage(), SEARCH);
  await visitor.close();

  await signIn(page.request, 'standard_admin');
  const signedInJs = await loadCountingScripts(page, SEARCH);
  const menuButton = page.getByRole('button', { name: /用户菜单$/ });
  await expect(menuButton).toBeVisible();
  await expect(page.getByRole('button', { name: '邀请企业用户' })).toBeVisible();
  // The signed-in header brought no antd runtime and next to no code beyond the visitor's page.
  await expect(page.locator('[data-full-runtime]')).toHaveCount(0);
  expect(signedInJs - anonymousJs).toBeLessThan(20 * 1024);

  // The menu, by keyboard: arrow down opens it on the first entry, Escape closes it.
  await menuButton.focus();
  await page.keyboard.press('ArrowDown');
  // The workspace pages come first (a way back to work, the workbench leading), then 个人中心.
  await expect(page.getByRole('menuitem', { name: '我的工作台' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem').nth(1)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(menuButton).toBeFocused();

  // By mouse: 个人中心 leads to the account centre.
  await menuButton.click();
  await expect(page.getByRole('menuitem', { name: '退出登录' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/public-header-menu.png` });
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  await expect(page).toHaveURL(/\/userSystem\/userInfo$/);
  await expect(page.getByRole('heading', { name: '个人中心' })).toBeVisible({ timeout: 30_000 });

  // 邀请企业用户 loads the runtime and opens the invitation drawer in place.
  await page.goto(SEARCH);
  await page.getByRole('button', { name: '邀请企业用户' }).click();
  const drawer = page.getByRole('dialog', { name: '邀请企业用户' });
  await expect(drawer).toBeVisible({ timeout: 30_000 });
  await drawer.getByRole('button', { name: /关闭|Close/ }).click();
  await expect(drawer).toBeHidden();

  // 退出登录 asks first (spec 2.4); cancelling keeps the session, confirming ends it.
  await menuButton.click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('确定要退出登录吗？');
  await confirm.getByRole('button', { name: /取\s*消/ }).click();
  await expect(confirm).toBeHidden();
  await expect(menuButton).toBeVisible();

  await menuButton.click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  // Back on the same (public) page, signed out.
  await expect(page.getByRole('link', { name: '登录/注册' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/policySearch$/);
  await expect(menuButton).toBeHidden();
  const who = await page.request.get('/api/system/auth/get-permission-info');
  expect(((await who.json()) as { code: number }).code).not.toBe(200);
});

test('signed in, the home and a policy page show the lean user menu without antd', async ({
  page,
}) => {
  await signIn(page.request, 'standard_staff');
  for (const url of ['/', '/policySearch']) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: /用户菜单$/ })).toBeVisible();
    await expect(page.locator('[data-full-runtime]')).toHaveCount(0);
  }
});

test('one chrome per state on the tool pages: the public header for visitors, the workspace for members', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const company = await page.request.get('/companySearch?searchValue=%E7%A7%91%E6%8A%80');
  const detail = /href="(\/companySearchDetail\?[^"]+)"/.exec(await company.text())?.[1];
  expect(detail).toBeTruthy();
  const tools = ['/companySearch', detail!.replace(/&amp;/g, '&'), '/advancedSearch'];

  const visitor = await (await browser.newContext()).newPage();
  for (const url of tools) {
    await visitor.goto(url);
    await expect(visitor.locator('header.pub-header'), url).toBeVisible();
    await expect(visitor.locator('.ws-topbar'), url).toHaveCount(0);
  }
  // The visitor's 高级搜索 still asks them to sign in from the public header.
  await visitor.getByText('登录/注册', { exact: true }).click();
  // The lean header's placeholder frame gives way to the runtime's login dialog: one at rest.
  await expect(visitor.locator('.ant-modal').filter({ hasText: '欢迎登录' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(visitor.getByRole('dialog')).toHaveCount(1);
  await visitor.screenshot({ path: `${SHOTS}/advanced-search-visitor.png` });
  await visitor.context().close();

  await signIn(page.request, 'standard_staff');
  for (const url of tools) {
    await page.goto(url);
    await expect(page.locator('.ws-topbar'), url).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('header.pub-header'), url).toHaveCount(0);
  }
  await page.screenshot({ path: `${SHOTS}/advanced-search-member.png` });
  await page.goto(tools[1]);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/company-page-member.png`, fullPage: false });
});
