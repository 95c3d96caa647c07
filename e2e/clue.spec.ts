import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { withE2eDb } from './support/db';
import { signUp } from './support/session';
import { untilStill } from './support/ui';

/**
 * Issue 14, 线索管理 (/clue/list): a new enterprise adds two leads through the API, then in the
 * page filters by keyword, follows one up (新线索 → 跟进中 with a next follow-up), marks the other
 * 无效 with a reason, deletes it and restores it from 回收站.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/clue-${name}.png`, fullPage: true });

type Envelope<T> = { code: number; msg: string; data: T };

async function createLead(request: APIRequestContext, data: Record<string, unknown>) {
  const res = await request.post('/api/szjk/clue/create', { data });
  const body = (await res.json()) as Envelope<number>;
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

/** Waits for an antd Popconfirm or Modal to settle and presses its button. */
async function confirmIn(page: Page, selector: string, name: RegExp) {
  const box = page.locator(selector).last();
  await untilStill(page, box);
  await box.getByRole('button', { name }).click();
}

test('leads: filter, follow up, mark invalid, delete and restore', async ({ page }) => {
  const run = Date.now() % 1_000_000;
  const companyName = `E2E线索${run}科技有限公司`;
  await signUp(page.request, { companyName });

  const enterpriseId = await withE2eDb(async (db) => {
    const { rows } = await db.query<{ id: number }>(
      'select id::int as id from enterprises order by weight desc limit 1',
    );
    return rows[0].id;
  });
  // One lead linked to a company (name and code default from it), one typed in by hand.
  await createLead(page.request, { enterpriseId, source: '企业搜索' });
  const alpha = `甲${run}贸易有限公司`;
  const beta = `乙${run}咨询有限公司`;
  await createLead(page.request, {
    name: alpha,
    contactName: '张三',
    contactMobile: '13800138000',
  });
  await createLead(page.request, { name: beta, contactPhone: '0592-5123412' });

  await page.goto('/clue/list');
  await expect(page.getByRole('heading', { name: '线索管理' })).toBeVisible({ timeout: 30_000 });
  const rows = page.locator('tr.ant-table-row');
  await expect(rows).toHaveCount(3, { timeout: 30_000 });
  await expect(page.getByRole('tab', { name: '全部 3' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '新线索 3' })).toBeVisible();
  // The linked lead links to its company page.
  await expect(page.getByRole('link', { name: '企业详情' })).toHaveCount(1);

  // Keyword filter.
  const search = page.getByRole('searchbox', { name: '搜索线索' });
  await search.fill(`甲${run}`);
  await search.press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(alpha);
  await expect(rows.first()).toContainText('张三');

  // Follow up: the lead moves to 跟进中 and shows its next follow-up.
  await rows.first().getByRole('button', { name: alpha }).click();
  const drawer = page.getByRole('dialog', { name: alpha });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('新线索')).toBeVisible();
  await expect(drawer.getByLabel('联系方式')).toContainText('13800138000');
  await drawer.getByLabel('跟进内容').fill('电话沟通，客户有采购意向');
  const next = drawer.getByPlaceholder('选择下次跟进时间');
  await next.click();
  await next.fill('2030-01-02 10:30');
  await next.press('Enter');
  await drawer.getByRole('button', { name: '添加跟进' }).click();
  await expect(page.getByText('跟进记录已添加')).toBeVisible();
  await expect(drawer.locator('.clue-timeline')).toContainText('电话沟通，客户有采购意向');
  await expect(drawer.getByText('跟进中')).toBeVisible();
  await expect(drawer).toContainText('2030-01-02 10:30');
  await shot(page, 'drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(rows.first()).toContainText('跟进中');
  await expect(rows.first()).toContainText('2030-01-02 10:30');
  await expect(page.getByRole('tab', { name: '跟进中 1' })).toBeVisible();

  // 无效 needs a reason.
  await search.fill(`乙${run}`);
  await search.press('Enter');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: '状态' }).click();
  const modal = page.locator('.ant-modal').filter({ hasText: '修改状态' });
  await untilStill(page, modal);
  await modal.getByLabel('线索状态').click();
  await page.locator('.ant-select-item-option', { hasText: '无效' }).click();
  await modal.getByRole('button', { name: /确\s*定/ }).click();
  await expect(modal.getByText('请填写无效原因')).toBeVisible();
  await modal.getByLabel('无效原因').fill('号码为空号');
  await modal.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已改为无效')).toBeVisible();
  await expect(rows.first()).toContainText('无效');
  await expect(page.getByRole('tab', { name: '无效 1' })).toBeVisible();

  // Delete, then restore from 回收站.
  await rows
    .first()
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await confirmIn(page, '.ant-popconfirm', /删\s*除/);
  await expect(page.getByText('已删除，可在回收站恢复')).toBeVisible();
  await expect(rows).toHaveCount(0);
  await page.getByRole('button', { name: '回收站' }).click();
  await expect(page.getByRole('heading', { name: '线索回收站' })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(beta);
  await rows
    .first()
    .getByRole('button', { name: /恢\s*复/ })
    .click();
  await expect(page.getByText('已恢复')).toBeVisible();
  await expect(rows).toHaveCount(0);
  await page.getByRole('button', { name: '返回线索列表' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(beta);

  await search.fill('');
  await expect(rows).toHaveCount(3);
  await shot(page, 'list');
});
