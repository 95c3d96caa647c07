import { expect, test, type Page } from './support/test';
import { holdDevReloads, signIn, signUp } from './support/session';

/**
 * Issue 28 item 7, "what a user tripped over" (UX walk): each test shows one fix on the screen.
 * Screenshots go to SHOTS_DIR (default test-results/screens) for a person to look at.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';
/** A reply takes the three 1 s waits of spec 4.5 plus the search and the stream. */
const REPLY_WAIT = process.env.E2E_DEV ? 60_000 : 20_000;

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/ux-${name}.png`, fullPage: false });
}

test('AI: a follow-up suggestion acts on the current conditions (drop one, keep the rest)', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await holdDevReloads(page.context());
  await signUp(page.request, { companyName: `追问${Date.now() % 1_000_000}科技有限公司` });
  await page.goto('/ai');
  await page.getByTestId('ai-new-task').click();
  const input = page.getByTestId('ai-input');
  // Region, age and tag, plus a name word nothing matches: no results.
  await input.fill('深圳南山区成立5年以上的专精特新企业 鹊桥零号');
  await input.press('Enter');
  const first = page.getByTestId('ai-search-reply').first();
  await expect(first).toBeVisible({ timeout: REPLY_WAIT });
  await expect(first.getByTestId('ai-reply-count')).toContainText('0');
  await expect(page.getByTestId('ai-msg-assistant').last()).toHaveAttribute('data-status', '4', {
    timeout: REPLY_WAIT,
  });
  const refinements = first.getByTestId('ai-refinement');
  await expect(refinements.first()).toBeVisible();
  await shot(page, 'ai-refinements');
  // The assistant's own suggestion: drop the keyword.
  await refinements.filter({ hasText: '关键词' }).click();
  const second = page.getByTestId('ai-search-reply').nth(1);
  await expect(second).toBeVisible({ timeout: REPLY_WAIT });
  // The user message is the suggestion; region, age and tag are kept, the keyword is gone.
  await expect(page.getByTestId('ai-msg-user').last()).toContainText(/去掉「关键词：[^」]+」/);
  const chips = second.getByTestId('ai-chip');
  await expect(chips.filter({ hasText: '南山' })).toHaveCount(1);
  await expect(chips.filter({ hasText: /成立.*5/ })).toHaveCount(1);
  await expect(chips.filter({ hasText: '专精特新' })).toHaveCount(1);
  await expect(second.getByTestId('ai-chip-keyword')).toHaveCount(0);
  // Nothing was searched as a keyword made of the suggestion's words.
  await expect(second).not.toContainText('关键词：去掉');
  await shot(page, 'ai-refinement-applied');
});

test('批量导出 of a paying tenant: says how many are locked, unlocks them against the quota, one set of counts', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await holdDevReloads(page.context());
  await signIn(page.request, 'standard_admin');
  await page.goto('/clue/list');
  await expect(page.getByRole('heading', { name: '线索管理' })).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('tr.ant-table-row').first()).toBeVisible();
  await page.locator('thead .ant-checkbox-input').check();
  const selected = await page.locator('tr.ant-table-row').count();
  await page
    .getByRole('toolbar', { name: '批量操作' })
    .getByRole('button', { name: '批量导出' })
    .click();
  // Before anything runs: how many are locked, the cost, and the choice.
  const dialog = page.getByRole('dialog', { name: '部分线索的联系方式未解锁' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`所选 ${selected} 条线索中，有`);
  await expect(dialog).toContainText('次解锁额度');
  await expect(dialog.getByTestId('wyw-unlock-export')).toBeEnabled();
  await expect(dialog.getByTestId('wyw-omit-locked')).toBeVisible();
  await shot(page, 'batch-export-locked');
  await dialog.getByTestId('wyw-unlock-export').click();
  // The toast names the same counts as the file and 下载中心.
  const toast = page.getByText(/成功采集\d+家企业，挖到\d+个联系方式；导出\d+条/);
  await expect(toast).toBeVisible({ timeout: 180_000 });
  const text = (await toast.innerText()).trim();
  expect(text).toContain(`导出${selected}条`);
  expect(text).toMatch(/解锁\d+家/);
  expect(text).not.toContain('打码');
  await page.goto('/downloadList');
  await expect(page.getByText(text).first()).toBeVisible({ timeout: 30_000 });
  await shot(page, 'batch-export-download-centre');
});

test('a signed-in user lands on 我的工作台; the public user menu leads back to it', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await holdDevReloads(page.context());
  await signIn(page.request, 'standard_admin');
  // /login while signed in: the workspace home (我的工作台, issue 29), not the marketing page.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/workbench$/, { timeout: 60_000 });
  // Logo, 首页 in the breadcrumb and the first tab all lead to the workspace home.
  await expect(page.locator('.ws-brand')).toHaveAttribute('href', '/workbench', {
    timeout: 60_000,
  });
  await expect(page.locator('.ws-breadcrumb a').first()).toHaveAttribute('href', '/workbench');
  // The top bar's 我的工作台 entry shows, and its setting (navigatorWorkbench) is offered.
  await expect(page.getByRole('link', { name: '我的工作台' }).first()).toBeVisible();
  await page.getByRole('button', { name: '个性化配置' }).click();
  await expect(page.getByText('系统设置')).toBeVisible();
  await expect(page.getByText('顶栏显示我的工作台')).toBeVisible();
  await page.keyboard.press('Escape');

  // From the public search page the user menu lists the workspace pages.
  await page.goto('/companySearch');
  await page.getByRole('button', { name: /用户菜单/ }).click();
  const menu = page.getByRole('menu', { name: '用户菜单' });
  await expect(menu.getByRole('menuitem', { name: '我的工作台' })).toBeVisible();
  await shot(page, 'public-user-menu');
  await menu.getByRole('menuitem', { name: '线索管理' }).click();
  await expect(page).toHaveURL(/\/clue\/list$/, { timeout: 60_000 });
});

test('phones (390 px): label above value, results before filters, /ai fits with its send box in view', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await holdDevReloads(page.context());
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page.request, 'standard_admin');

  // A company page's registration table: each label sits above its value, full width.
  await page.goto('/companySearch');
  const first = page.locator('.sr-results a[href*="/companySearchDetail"]').first();
  const href = await first.getAttribute('href');
  // The filters fold behind 筛选; the results are on the first screen.
  await expect(page.getByTestId('filter-toggle')).toBeVisible();
  await expect(page.locator('#sr-filters')).toBeHidden();
  expect((await page.getByTestId('result-summary').boundingBox())!.y).toBeLessThan(844);
  await page.getByTestId('filter-toggle').click();
  await expect(page.locator('#sr-filters')).toBeVisible();
  await shot(page, 'phone-search-filters-open');

  await page.goto(href!);
  const label = page.locator('.ent-kv th').first();
  const value = page.locator('.ent-kv td').first();
  const l = (await label.boundingBox())!;
  const v = (await value.boundingBox())!;
  expect(l.y + l.height).toBeLessThanOrEqual(v.y + 1);
  expect(v.width).toBeGreaterThan(300);

  // Lead list: 筛选 with the count, the filter bar folded.
  await page.goto('/clue/list');
  await expect(page.getByTestId('filter-fold')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('#clue-filters')).toBeHidden();
  await expect(page.locator('tr.ant-table-row').first()).toBeInViewport();
  await page.getByTestId('filter-fold').click();
  await expect(page.locator('#clue-filters')).toBeVisible();

  // /ai: no wider than the screen, the send box on the first screen.
  await page.goto('/ai');
  await expect(page.getByTestId('ai-sendbox')).toBeInViewport({ timeout: 60_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'phone-ai');
});

test('login: says why it opened, and opens on SMS on a phone', async ({ page }) => {
  test.setTimeout(240_000);
  await holdDevReloads(page.context());
  // The route guard sends a visitor home with ?redirect=: the modal names the page.
  await page.goto('/favoritesPage');
  const modal = page.locator('.ant-modal').filter({ hasText: '欢迎登录' });
  await expect(modal).toBeVisible({ timeout: 60_000 });
  await expect(modal.getByTestId('login-reason')).toHaveText('请先登录后查看「我的收藏」');
  await expect(modal.getByRole('tab', { name: '微信登录' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await shot(page, 'login-reason');

  // A phone: SMS first (the QR would be on the phone's own screen).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await expect(modal).toBeVisible({ timeout: 60_000 });
  await expect(modal.getByRole('tab', { name: '短信登录' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(modal.getByTestId('login-reason')).toHaveCount(0);
  await shot(page, 'login-phone');
});
