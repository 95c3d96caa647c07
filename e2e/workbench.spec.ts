import { expect, test, type APIRequestContext, type Page } from './support/test';
import { signUp } from './support/session';
import { followLink } from './support/ui';

/**
 * Issue 29 item 1, 我的工作台 (/workbench): a new account lands there and is taught the next step
 * (three-step guide, sample leads it can add and delete, empty states that say what to do); a
 * salesperson opens the workbench, clicks an overdue follow-up straight into the lead and logs it.
 * Screenshots at 1366 and 390 px.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/workbench-${name}.png`, fullPage: true });

/** A phone's width: the page settles into it without scrolling sideways. */
async function toPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 10_000 })
    .toBe(390);
}

type Envelope<T> = { code: number; msg: string; data: T };
const DAY = 86_400_000;

async function createLead(request: APIRequestContext, data: Record<string, unknown>) {
  const res = await request.post('/api/szjk/clue/create', { data });
  const body = (await res.json()) as Envelope<number>;
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

test('a new account sees the first-run guide and empty states that teach the next step', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const run = Date.now() % 1_000_000;
  await signUp(page.request, { companyName: `E2E工作台新户${run}科技有限公司` });
  // Signed in, /login lands on the workbench (the workspace home).
  await page.goto('/login');
  await expect(page).toHaveURL(/\/workbench$/, { timeout: 60_000 });
  const bench = page.getByTestId('workbench');
  await expect(bench).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: '三步开始拓客' })).toBeVisible();
  await expect(bench).toContainText('已完成 0/3');
  await expect(bench.getByRole('link', { name: /试试搜索/ })).toBeVisible();
  // Empty states say what to do, not zeros.
  await expect(bench).toContainText('今天没有要跟进的线索');
  await expect(bench).toContainText('还没有由你跟进的线索');
  await expect(bench).toContainText('还没有搜索记录');
  await expect(bench).toContainText('还没有收藏企业');
  await expect(bench.getByRole('link', { name: '去搜索企业' })).toBeVisible();
  // The top bar's entry and the shortcuts.
  await expect(page.getByRole('link', { name: '我的工作台' }).first()).toBeVisible();
  const shortcuts = bench.getByRole('navigation', { name: '快捷入口' });
  for (const name of ['企业查询', '高级搜索', 'AI 助手', '导入线索'])
    await expect(shortcuts.getByRole('link', { name })).toBeVisible();
  await shot(page, 'first-run-1366');

  // Sample leads: one overdue, one due today; then removed in one click.
  await bench.getByRole('button', { name: '添加示例线索' }).click();
  await expect(page.getByText('已添加 3 条示例线索')).toBeVisible();
  const urgent = bench.getByRole('list', { name: '待跟进的线索' });
  await expect(urgent.getByRole('link')).toHaveCount(2);
  await expect(urgent).toContainText('逾期 1 天');
  await expect(bench.locator('.wb-summary')).toHaveText('已逾期 1 · 今日待跟进 1');
  await toPhone(page);
  await shot(page, 'samples-390');
  await bench.getByRole('button', { name: '删除示例线索' }).click();
  await expect(page.getByText('已删除 3 条示例线索')).toBeVisible();
  await expect(bench).toContainText('今天没有要跟进的线索');
  await shot(page, 'first-run-390');
});

test('a salesperson opens the workbench, clicks an overdue follow-up and logs it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const run = Date.now() % 1_000_000;
  await signUp(page.request, { companyName: `E2E工作台销售${run}科技有限公司` });
  const now = Date.now();
  const overdue = `逾期客户${run}贸易有限公司`;
  const id = await createLead(page.request, {
    name: overdue,
    contactName: '周经理',
    nextFollowTime: now - 2 * DAY,
  });
  await createLead(page.request, { name: `今日客户${run}有限公司`, nextFollowTime: now + 60_000 });
  await createLead(page.request, { name: `稍后客户${run}有限公司`, nextFollowTime: now + 9 * DAY });

  await page.goto('/workbench');
  const bench = page.getByTestId('workbench');
  await expect(bench).toBeVisible({ timeout: 30_000 });
  const urgent = bench.getByRole('list', { name: '待跟进的线索' });
  await expect(urgent.getByRole('link')).toHaveCount(2);
  await expect(urgent.getByRole('link').first()).toContainText(overdue);
  await expect(urgent.getByRole('link').first()).toContainText(/逾期 [23] 天/);
  await expect(bench).toContainText('本周新增 3 条');
  await shot(page, 'salesperson-1366');

  // One click to the lead: its detail opens on the lead list.
  await followLink(page, urgent.getByRole('link', { name: new RegExp(overdue) }), /open=/);
  expect(page.url()).toContain(`/clue/list?open=${id}`);
  const drawer = page.getByRole('dialog', { name: overdue });
  await expect(drawer).toBeVisible({ timeout: 30_000 });
  await drawer.getByLabel('跟进内容').fill('电话已打通，约下周上门演示');
  await drawer.getByRole('button', { name: '添加跟进' }).click();
  await expect(page.getByText('跟进记录已添加')).toBeVisible();
  await expect(drawer.getByText('跟进中')).toBeVisible();

  // Back on the workbench the overdue lead is gone and the checklist has moved on.
  await page.goto('/workbench');
  await expect(bench).toBeVisible({ timeout: 30_000 });
  await expect(urgent.getByRole('link')).toHaveCount(1);
  await expect(urgent).not.toContainText(overdue);
  await expect(bench.locator('.wb-summary')).toHaveText('今日待跟进 1');
  await toPhone(page);
  await shot(page, 'salesperson-390');
});
