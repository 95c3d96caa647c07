import { expect, test, type Page } from './support/test';
import { withE2eDb } from './support/db';
import { insertCaptchaPass, signIn } from './support/session';

/**
 * Issue 29 item 5: the operator's console. The platform account (admin) finds a tenant, disables
 * it with a reason (its signed-in member is signed out at once and cannot sign in again), enables
 * it again, marks an order refunded, imports content with progress and the rejected items, and
 * reads all of it back in the audit log. Screens at 1366 and 390 px.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/console-${name}.png`, fullPage: true });

const OPERATOR = 'admin';
const OPERATOR_PASSWORD = 'Admin@2026';
const MEMBER = 'advanced_staff';
const MEMBER_PASSWORD = 'Demo@2026';
const TENANT = '演示科技有限公司（高级版）';
const UI_WAIT = 15_000;

/** Resolves once the page's push socket says it is connected (listen before the page loads). */
function pushConnected(page: Page): Promise<void> {
  return new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/websocket/message')) return;
      ws.on('framereceived', (f) => {
        if (String(f.payload).includes('connected')) resolve();
      });
    });
  });
}

async function memberLogin(page: Page) {
  const res = await page.request.post('/api/system/auth/login', {
    data: {
      username: MEMBER,
      password: MEMBER_PASSWORD,
      rememberMe: true,
      captchaVerification: await insertCaptchaPass(),
    },
  });
  return (await res.json()) as { code: number; msg: string };
}

function tenantRow(page: Page) {
  return page.locator('.ant-table-row').filter({ hasText: TENANT });
}

test.describe('operator console', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the operator disables a tenant (its member is signed out), enables it, refunds, imports and audits', async ({
    page,
    browser,
  }) => {
    // The member is signed in with a page open.
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await signIn(member.request, MEMBER);
    const connected = pushConnected(member);
    await member.goto('/userSystem/userInfo');
    await expect(member.getByRole('button', { name: '用户菜单' })).toBeVisible({
      timeout: UI_WAIT,
    });
    await connected;

    // The operator signs in and reaches the console from the side menu.
    await signIn(page.request, OPERATOR, OPERATOR_PASSWORD);
    await page.goto('/userSystem/userInfo');
    const menu = page.locator('.ws-menu-entry', { hasText: '平台管理' });
    await expect(menu).toBeVisible({ timeout: UI_WAIT });
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
    await page.getByRole('link', { name: '租户管理' }).click();
    await expect(page).toHaveURL(/\/platform\/tenant$/);
    await expect(page.getByRole('heading', { name: '租户管理' })).toBeVisible();

    await page.getByLabel('搜索租户').fill('高级版');
    await page.getByLabel('搜索租户').press('Enter');
    await expect(tenantRow(page)).toHaveCount(1, { timeout: UI_WAIT });
    await expect(tenantRow(page)).toContainText('正常');
    await shot(page, 'tenants-1366');

    // Disable: the reason is required.
    await tenantRow(page)
      .getByRole('button', { name: /停\s*用/ })
      .click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '停用租户' });
    await expect(dialog).toBeVisible();
    await dialog
      .getByRole('button', { name: /停\s*用/ })
      .last()
      .click();
    await expect(dialog).toContainText('请填写原因');
    await dialog.getByLabel('停用原因').fill('欠费停用（端到端测试）');
    await dialog
      .getByRole('button', { name: /停\s*用/ })
      .last()
      .click();
    await expect(page.getByText(/已停用，\d+ 个登录会话已下线/)).toBeVisible({ timeout: UI_WAIT });
    await expect(tenantRow(page)).toContainText('已停用');
    await expect(tenantRow(page)).toContainText('欠费停用（端到端测试）');

    // The member's open page is signed out at once, and signing in again is refused.
    await expect(member.getByText('您所在的企业已被平台停用，已退出登录，请联系客服')).toBeVisible({
      timeout: UI_WAIT,
    });
    await expect(member.getByRole('button', { name: '用户菜单' })).toBeHidden();
    expect(await memberLogin(member)).toMatchObject({
      code: 1002015002,
      msg: '企业已被停用，请联系客服',
    });
    await member.screenshot({ path: `${SHOTS}/console-member-signed-out.png` });

    // Enable again: the member can sign in.
    await tenantRow(page)
      .getByRole('button', { name: /启\s*用/ })
      .click();
    const enable = page.locator('.ant-modal').filter({ hasText: '启用租户' });
    await enable.getByLabel('启用原因').fill('已续费（端到端测试）');
    await enable
      .getByRole('button', { name: /启\s*用/ })
      .last()
      .click();
    await expect(page.getByText('已启用，成员可以重新登录')).toBeVisible({ timeout: UI_WAIT });
    await expect(tenantRow(page)).toContainText('正常');
    expect((await memberLogin(member)).code).toBe(200);
    await memberContext.close();

    // Orders: a paid order of the tenant, marked refunded with a reason.
    const orderNo = `LRE2E${Date.now()}`;
    await withE2eDb(async (db) => {
      await db.query(
        `insert into orders (order_no, qrcode_key, tenant_id, user_id, status, channel, subject,
           amount_fen, expires_at, paid_at)
         select $1, $2, t.id, u.id, 10, 'demo', '高级版 1 年', 1980000, now() + interval '15 minutes', now()
         from tenants t join users u on u.tenant_id = t.id and u.username = 'advanced_admin'
         where t.name = $3`,
        [orderNo, `k${orderNo}`, TENANT],
      );
    });
    await page.goto('/platform/order');
    await page.getByLabel('按订单号搜索').fill(orderNo);
    await page.getByLabel('按订单号搜索').press('Enter');
    const orderRow = page.locator('.ant-table-row').filter({ hasText: orderNo });
    await expect(orderRow).toContainText('已支付', { timeout: UI_WAIT });
    await orderRow.getByRole('button', { name: /详\s*情/ }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '订单详情' });
    await expect(drawer).toContainText(TENANT);
    await drawer.getByRole('button', { name: '标记退款' }).click();
    const refund = page.locator('.ant-modal').filter({ hasText: '标记退款' });
    await refund.getByLabel('退款原因').fill('客户申请退款（端到端测试）');
    await refund.getByRole('button', { name: '标记退款' }).click();
    await expect(page.getByText('已标记为退款')).toBeVisible({ timeout: UI_WAIT });
    await expect(drawer).toContainText('客户申请退款（端到端测试）');
    await shot(page, 'order-1366');
    await drawer.locator('.ant-drawer-close').click();
    await expect(orderRow).toContainText('已退款');

    // Content: an import with progress, then the counts and the rejected items.
    await page.goto('/platform/content');
    await expect(page.getByRole('heading', { name: '内容导入' })).toBeVisible();
    await shot(page, 'content-1366');
    const lines = [
      ...Array.from({ length: 40 }, (_, i) =>
        JSON.stringify({
          type: 'news',
          sourceId: `e2e:console:news:${i}`,
          title: `运营后台导入资讯 ${i}`,
          source: '端到端测试',
          category: '投融资',
          publishDate: '2026-10-02',
          bodyHtml: `<p>园区项目签约 ${i}</p>`,
        }),
      ),
      '{ 这一行不是 JSON',
      JSON.stringify({ type: 'news', sourceId: 'e2e:console:news:untitled' }),
    ].join('\n');
    await page.locator('input[type=file]').setInputFiles({
      name: '资讯导入.jsonl',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(lines, 'utf8'),
    });
    await expect(page.getByLabel('导入进度')).toBeVisible({ timeout: UI_WAIT });
    await expect(page.getByText('导入完成')).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('.lr-notice-subtitle')).toHaveText(
      '共 42 条：新增 40 条，更新 0 条，拒绝 2 条',
    );
    await expect(page.getByRole('heading', { name: '被拒绝的条目' })).toBeVisible();
    await expect(page.locator('.ant-table-row')).toHaveCount(2);
    await expect(page.getByRole('progressbar', { name: '导入进度' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await shot(page, 'content-done-1366');

    // The audit log: who disabled the tenant, why, from where.
    await page.goto('/platform/audit-log');
    await page.getByLabel('按操作筛选').fill('停用租户');
    await page.getByLabel('按操作筛选').press('Enter');
    const auditRow = page.locator('.ant-table-row').filter({ hasText: '欠费停用（端到端测试）' });
    await expect(auditRow).toBeVisible({ timeout: UI_WAIT });
    await expect(auditRow).toContainText('平台管理员');
    await expect(auditRow).toContainText('127.0.0.1');
    await shot(page, 'audit-1366');

    // Phones: 390 px wide, every page still usable.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, heading] of [
      ['/platform/tenant', '租户管理'],
      ['/platform/order', '订单与支付'],
      ['/platform/content', '内容导入'],
      ['/platform/audit-log', '审计日志'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expect(page.locator('.ant-table, .ant-upload').first()).toBeVisible({
        timeout: UI_WAIT,
      });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways at 390 px`).toBeLessThanOrEqual(1);
      await shot(page, `${path.split('/').pop()}-390`);
    }
  });

  test('a tenant administrator sees no console menu and gets 403 on its pages and APIs', async ({
    page,
  }) => {
    await signIn(page.request, 'advanced_admin');
    await page.goto('/platform/tenant');
    await expect(page.getByText('当前操作没有权限')).toBeVisible({ timeout: UI_WAIT });
    await expect(page.locator('.ws-menu-entry', { hasText: '平台管理' })).toHaveCount(0);
    const api = await page.request.get('/api/system/tenant/console-page');
    expect(((await api.json()) as { code: number }).code).toBe(403);
  });
});
