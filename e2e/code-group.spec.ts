import { expect, test, type Page } from './support/test';
import { signUp } from './support/session';
import { untilStill } from './support/ui';

/**
 * Issue 29 item 4 (ADR 0180): 代码组 and 数据管理. An administrator adds a lead source in 代码组
 * and picks it in the lead form; then deletes a lead in 数据管理 and restores it from 回收站.
 * Screenshots of both pages at 1366 and 390 px.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/code-group-${name}.png`, fullPage: true });

type Envelope<T> = { code: number; msg: string; data: T };

test('code groups: a new lead source appears in the lead form', async ({ page }) => {
  const run = Date.now() % 1_000_000;
  await signUp(page.request, { companyName: `E2E代码组${run}科技有限公司` });
  const source = `展会${run}`;

  await page.goto('/codeGroup');
  await expect(page.getByRole('heading', { name: '代码组' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('tab', { name: '线索来源' })).toBeVisible();
  await expect(page.locator('tr.ant-table-row').first()).toContainText('企业搜索');
  await shot(page, '1366');

  await page.getByRole('button', { name: '新增线索来源' }).click();
  const modal = page.locator('.ant-modal').filter({ hasText: '新增线索来源' });
  await untilStill(page, modal);
  await modal.getByLabel('名称').fill(source);
  await modal.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('已新增')).toBeVisible();
  await expect(page.locator('tr.ant-table-row').last()).toContainText(source);

  // The lead form offers it, and a lead saved with it shows it in the list.
  await page.goto('/clue/list');
  await expect(page.getByRole('heading', { name: '线索管理' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: '新建线索' }).first().click();
  const form = page.locator('.ant-modal').filter({ hasText: '新建线索' });
  await untilStill(page, form);
  await form.getByLabel('线索名称').fill(`来源线索${run}`);
  // Close the company suggestions before the next field.
  await form.locator('.ant-modal-title').click();
  await form.getByLabel('线索来源').click();
  // The list is long (the defaults and the tenant's own): typing narrows it to the new source.
  await page.keyboard.type(source);
  const option = page.locator(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
    { hasText: source },
  );
  await option.scrollIntoViewIfNeeded();
  await option.click();
  await form.getByRole('button', { name: /保\s*存|确\s*定/ }).click();
  await expect(page.locator('tr.ant-table-row').first()).toContainText(source, {
    timeout: 15_000,
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/codeGroup');
  await expect(page.getByRole('heading', { name: '代码组' })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('tr.ant-table-row').last()).toContainText(source);
  await shot(page, '390');
});

test('data management: delete a lead, restore it from the recycle bin', async ({ page }) => {
  const run = Date.now() % 1_000_000;
  await signUp(page.request, { companyName: `E2E数据${run}科技有限公司` });
  const name = `待删线索${run}`;
  const res = await page.request.post('/api/szjk/clue/create', { data: { name } });
  const body = (await res.json()) as Envelope<number>;
  expect(body.code, body.msg).toBe(200);

  await page.goto('/dataManagement');
  await expect(page.getByRole('heading', { name: '数据管理' })).toBeVisible({ timeout: 30_000 });
  const rows = page.locator('tr.ant-table-row');
  await expect(rows).toHaveCount(1, { timeout: 30_000 });
  await expect(rows.first()).toContainText(name);
  await shot(page, 'data-1366');

  await rows.first().getByRole('checkbox').check();
  await page.getByRole('button', { name: /批量删除/ }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await untilStill(page, confirm);
  await confirm.getByRole('button', { name: /删\s*除/ }).click();
  await expect(page.getByText('已删除 1 条线索')).toBeVisible();
  await expect(rows).toHaveCount(0);

  await page.getByText('回收站', { exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);
  await rows.first().getByRole('checkbox').check();
  await page.getByRole('button', { name: /恢\s*复/ }).click();
  await expect(page.getByText('已恢复 1 条线索')).toBeVisible();
  await expect(rows).toHaveCount(0);

  await page.getByText('在用数据', { exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { name: '数据管理' })).toBeVisible({ timeout: 30_000 });
  await expect(rows).toHaveCount(1, { timeout: 30_000 });
  await shot(page, 'data-390');

  // The lead list shows it again.
  await page.goto('/clue/list');
  await expect(page.locator('tr.ant-table-row').first()).toContainText(name, { timeout: 30_000 });
});
