import { expect, test, type Page } from './support/test';
import { withE2eDb } from './support/db';
import { insertSmsCode, signUp } from './support/session';

/**
 * Issue 33, the rest of the journey: a member picks leads in 线索管理 and starts 批量加微 (the
 * dialog of the AI area, SMS confirmation), lands on the task's page and watches it end; the
 * administrator finds every task under AI 助手 › 加微任务 (filter by state, 停止 a running one)
 * and keeps the tenant's 不再联系 list (add, find, remove). Screenshots at 1366 and 390 px.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';
const API = '/api/shuzhituoke/intelligent-search/v2';

async function openFromMenu(page: Page, name: string) {
  const directory = page.locator('.ws-menu-entry', { hasText: 'AI 助手' }).first();
  await expect(directory).toBeVisible({ timeout: 30_000 });
  if ((await directory.getAttribute('aria-expanded')) !== 'true') await directory.click();
  await page
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('link', { name, exact: true })
    .click();
}

test('批量加微 from leads; 加微任务 and 不再联系 for the administrator', async ({ page }) => {
  test.setTimeout(240_000);
  const run = Date.now() % 1_000_000;
  const { mobile } = await signUp(page.request, { companyName: `线索加微${run}科技有限公司` });
  const { tenantId, userId, entIds } = await withE2eDb(async (db) => {
    const u = await db.query<{ id: string; tenant_id: string }>(
      'select id, tenant_id from users where mobile = $1',
      [mobile],
    );
    const e = await db.query<{ id: string }>(
      'select id from enterprises order by random() limit 3',
    );
    return {
      tenantId: Number(u.rows[0].tenant_id),
      userId: Number(u.rows[0].id),
      entIds: e.rows.map((r) => Number(r.id)),
    };
  });
  const added = await page.request.post('/api/szjk/enterprise/to-crm', {
    data: { entIds, source: '企业搜索' },
  });
  expect(await added.json()).toMatchObject({ code: 200 });
  // Each company gets an unlocked mobile number; the tenant 50 add-contact credits.
  const contact = (prefix: string) =>
    withE2eDb((db) =>
      db.query(
        `insert into enterprise_contacts (enterprise_id, type, value, person_name, source)
         select id, 'mobile', $2 || lpad(((id * 7919 + $3) % 100000000)::text, 8, '0'), '赵经理', '官网'
         from enterprises where id = any($1::bigint[])`,
        [entIds, prefix, run],
      ),
    );
  await contact('150');
  await withE2eDb(async (db) => {
    await db.query(
      `insert into enterprise_unlocks (tenant_id, enterprise_id, user_id)
       select $1, id, $2 from enterprises where id = any($3::bigint[]) on conflict do nothing`,
      [tenantId, userId, entIds],
    );
    await db.query(
      `insert into outreach_credit_accounts (tenant_id, balance) values ($1, 50)
       on conflict (tenant_id) do update set balance = 50`,
      [tenantId],
    );
    await db.query(
      `insert into outreach_credit_entries (tenant_id, delta, balance_after, reason, ref)
       values ($1, 50, 50, 'grant', $2)`,
      [tenantId, `e2e:${tenantId}`],
    );
  });

  // 线索管理: pick the three leads, 批量加微.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/clue/list');
  const rows = page.locator('tr.ant-table-row');
  await expect(rows).toHaveCount(3, { timeout: 30_000 });
  for (let i = 0; i < 3; i++) await rows.nth(i).getByRole('checkbox').check();
  await page.getByTestId('clue-add-weixin').click();
  const dialog = page.getByRole('dialog', { name: '新建加微任务' });
  await expect(dialog).toContainText('已选 3 条线索');
  await expect(dialog.getByTestId('weixin-balance')).toContainText('加微余额 50 次');
  await expect(dialog.getByText('发送时段')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/clue-add-weixin-1366.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/clue-add-weixin-390.png` });
  await page.setViewportSize({ width: 1366, height: 900 });
  await dialog.getByLabel('验证码').fill(await insertSmsCode(mobile, 4));
  await dialog.getByRole('button', { name: '开始加微' }).click();

  // The task's page opens and follows it to its end (pushed, ADR 0205).
  await expect(page).toHaveURL(/\/ai\/addWeixinTask\?taskId=\d+&messageId=\d+/, {
    timeout: 15_000,
  });
  const detail = page.getByTestId('weixin-detail');
  await expect(detail).toBeVisible({ timeout: 15_000 });
  await expect(detail).toContainText('线索加微 3 条');
  await expect(detail).toContainText('已完成', { timeout: 60_000 });
  // One row per number of the three companies (the demo data may hold numbers of its own).
  await expect(detail.locator('.ant-table-tbody tr.ant-table-row').nth(2)).toBeVisible();

  // 不再联系 (AI 助手 › 不再联系): add a number, find it, take it off again.
  await openFromMenu(page, '不再联系');
  await expect(page).toHaveURL(/\/ai\/optOut$/);
  const optOut = page.getByTestId('opt-out-list');
  await expect(optOut.getByRole('heading', { level: 1 })).toHaveText('不再联系');
  const number = `139${String(run).padStart(8, '0')}`;
  await optOut.getByLabel('手机号').fill('12345');
  await optOut.getByRole('button', { name: '加入名单' }).click();
  await expect(optOut.getByText('手机号格式不正确')).toBeVisible();
  await optOut.getByLabel('手机号').fill(number);
  await optOut.getByLabel('原因').fill('客户要求不再联系');
  await optOut.getByRole('button', { name: '加入名单' }).click();
  await expect(page.getByText(`已加入不再联系：${number}`)).toBeVisible();
  await optOut.getByLabel('按号码查找').fill(number.slice(5));
  await optOut.getByLabel('按号码查找').press('Enter');
  const optRows = optOut.locator('tr.ant-table-row');
  await expect(optRows).toHaveCount(1);
  await expect(optRows.first()).toContainText('客户要求不再联系');
  await page.screenshot({ path: `${SHOTS}/opt-out-1366.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/opt-out-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await optRows.first().getByTestId('opt-out-remove').click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /移\s*出/ })
    .click();
  await expect(page.getByText(`已移出：${number}`)).toBeVisible();
  await expect(optRows).toHaveCount(0);

  // A second task paused by its daily cap, over new numbers (made through the API).
  await contact('151');
  const clueIds = await withE2eDb(async (db) =>
    (
      await db.query<{ id: string }>(
        'select id from clues where tenant_id = $1 and deleted_at is null',
        [tenantId],
      )
    ).rows.map((r) => Number(r.id)),
  );
  const second = await page.request.post(`${API}/create-add-weixin-task`, {
    data: {
      clueIds,
      title: `上限任务${run}`,
      greeting: '您好，想和您交流一下合作。',
      dailyCap: 1,
      windowStartHour: 0,
      windowEndHour: 24,
      endTime: Date.now() + 86_400_000,
      requestId: `e2eleads${run}`,
    },
  });
  expect((await second.json()).code).toBe(200);

  // 加微任务 (AI 助手 › 加微任务): every task, by state; 停止 the running one.
  await openFromMenu(page, '加微任务');
  await expect(page).toHaveURL(/\/ai\/addWeixinTasks$/);
  const list = page.getByTestId('weixin-task-list');
  const taskRows = list.locator('tr.ant-table-row');
  await expect(taskRows).toHaveCount(2, { timeout: 30_000 });
  await list.getByLabel('按状态筛选').click();
  await page.locator('.ant-select-item-option', { hasText: /^进行中$/ }).click();
  await expect(taskRows).toHaveCount(1);
  await expect(taskRows.first()).toContainText(`上限任务${run}`);
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/weixin-tasks-1366.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/weixin-tasks-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await taskRows.first().getByTestId('weixin-list-stop').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /停\s*止/ })
    .click();
  await expect(page.getByText('任务已停止', { exact: true })).toBeVisible();
  await expect(taskRows).toHaveCount(0);
  await list.getByLabel('按状态筛选').click();
  await page.locator('.ant-select-item-option', { hasText: /^已结束$/ }).click();
  await expect(taskRows).toHaveCount(2);
  await expect(list).toContainText('已停止');
});
