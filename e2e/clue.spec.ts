import { expect, test, type APIRequestContext, type Page } from './support/test';
import { withE2eDb } from './support/db';
import { signUp } from './support/session';
import { closeDrawer, pickOption, untilStill } from './support/ui';

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
  await closeDrawer(drawer);
  await expect(rows.first()).toContainText('跟进中');
  await expect(rows.first()).toContainText('2030-01-02 10:30');
  await expect(page.getByRole('tab', { name: '跟进中 1' })).toBeVisible();

  // A day range: the picker is loaded by the first click on its stand-in and opens at once.
  await search.fill('');
  await search.press('Enter');
  await expect(rows).toHaveCount(3);
  await page.getByRole('button', { name: '下次跟进时间' }).click();
  const from = page.getByPlaceholder('下次跟进开始');
  await expect(from).toBeFocused();
  await from.fill('2030-01-01');
  await from.press('Enter');
  const to = page.getByPlaceholder('下次跟进结束');
  await to.fill('2030-01-03');
  await to.press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(alpha);
  await page.locator('.crm-filters .ant-picker-range').hover();
  await page.locator('.crm-filters .ant-picker-clear').click();
  await expect(rows).toHaveCount(3);

  // 无效 needs a reason.
  await search.fill(`乙${run}`);
  await search.press('Enter');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: '状态' }).click();
  const modal = page.locator('.ant-modal').filter({ hasText: '修改状态' });
  await untilStill(page, modal);
  await pickOption(page, modal.getByLabel('线索状态'), '无效', modal.getByLabel('无效原因'));
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

/**
 * Issue 14 item 3 and the lead form: a filter saved as the default view applies again after a
 * reload, and a lead typed in the form is linked to a company chosen from the suggestions, which
 * fills its credit code and region.
 */
test('leads: the default saved view applies on load; a company is linked via suggest', async ({
  page,
}) => {
  // Two sign-ups, two page loads and a suggest round trip: over a minute on a busy machine.
  test.setTimeout(120_000);
  const run = Date.now() % 1_000_000;
  await signUp(page.request, { companyName: `E2E视图${run}科技有限公司` });
  const ent = await withE2eDb(async (db) => {
    const { rows } = await db.query<{ name: string; uncid: string; province: string }>(
      `select e.name, e.uncid, r.name as province from enterprises e
         join regions r on r.code = e.province_code
        where char_length(e.name) between 6 and 30
        order by e.weight desc offset 3 limit 1`,
    );
    return rows[0];
  });
  const manual = `丙${run}贸易有限公司`;
  const other = `丁${run}咨询有限公司`;
  await createLead(page.request, { name: manual });
  await createLead(page.request, { name: other, source: '其他' });

  await page.goto('/clue/list');
  const rows = page.locator('tr.ant-table-row');
  await expect(rows).toHaveCount(2, { timeout: 30_000 });

  // Filter by source 其他 and save it as the default view.
  await page.getByLabel('按来源筛选').click();
  await page.locator('.ant-select-item-option', { hasText: /^其他$/ }).click();
  await page.keyboard.press('Escape');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(other);
  await page.getByRole('button', { name: '视图操作' }).click();
  await page.getByRole('menuitem', { name: '另存为…' }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '另存为视图' });
  await untilStill(page, dialog);
  await dialog.getByLabel('视图名称').fill('其他来源');
  await dialog.getByText('设为默认').click();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('已保存视图「其他来源」')).toBeVisible();
  await expect(page).toHaveURL(/[?&]view=\d+/);

  // A fresh load of /clue/list (no view in the URL) applies the default view.
  await page.goto('/clue/list');
  await expect(page.locator('.saved-view-picker')).toContainText('其他来源', { timeout: 30_000 });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(other);
  await shot(page, 'saved-view');

  // 新建线索: type the company's name, choose it from the suggestions: the lead is linked.
  await page.getByRole('button', { name: '新建线索' }).click();
  const form = page.locator('.ant-modal').filter({ hasText: '新建线索' });
  await untilStill(page, form);
  await form.getByLabel('线索名称').fill(ent.name);
  // A suggestion answered after the click re-renders the list and can drop it: pick until linked.
  await pickOption(page, form.getByLabel('线索名称'), ent.uncid, form.getByLabel('关联企业'));
  await expect(form.getByLabel('关联企业')).toContainText(ent.name);
  await expect(form.getByLabel('统一社会信用代码')).toHaveValue(ent.uncid);
  await expect(form.locator('.ant-cascader').first()).toContainText(ent.province);
  await shot(page, 'suggest');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('线索已新建')).toBeVisible();

  // Back to every lead (no view): the linked lead is there with its company link.
  await page.getByLabel('视图', { exact: true }).click();
  await page.locator('.ant-select-item-option', { hasText: '全部线索（不使用视图）' }).click();
  await expect(page).not.toHaveURL(/view=/);
  await expect(rows).toHaveCount(3);
  const linked = rows.filter({ hasText: ent.name });
  await expect(linked).toHaveCount(1);
  await expect(linked.getByRole('link', { name: '企业详情' })).toBeVisible();
});
