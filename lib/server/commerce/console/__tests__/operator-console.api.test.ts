import { and, desc, eq } from 'drizzle-orm';
import { getDb, getPool } from '@/lib/server/platform/db';
import { auditLogs, orders, quotaGrants, tenants, users } from '@/db/schema';
import { hashPassword } from '@/lib/server/identity/auth/password';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { getPermissionInfo, listMenus, refreshToken } from '@/lib/shared/auth/auth.contract';
import {
  getAuditActions,
  getAuditLogPage,
  getConsoleOrder,
  getConsoleOrderPage,
  getConsoleTenantPage,
  grantTenantQuota,
  markOrderRefunded,
  updateTenantStatus,
} from '@/lib/shared/console/console.contract';
import { contentImport } from '@/lib/shared/content/content.contract';
import { getJob } from '@/lib/shared/jobs/job.contract';
import { updateTenant } from '@/lib/shared/tenant/tenant.contract';
import type { MenuItem } from '@/lib/shared/menu/menu-types';
import { callApi, callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { startTestJobRunner } from '@/test/helpers/job-runner';
import { passwordLogin } from '@/lib/server/identity/auth/__tests__/support';

// marked ships as ESM only: the content importer's Markdown step gets a stand-in (these tests
// import JSON lines with bodyHtml; Markdown rendering is content.api.test.ts's subject).
jest.mock('marked', () => ({ marked: { parse: (md: string) => `<p>${md}</p>` } }));

type ImportJobModule = typeof import('@/lib/server/content/import/content-import.job');
// Loaded after the mock above (an import would be hoisted above it).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const jobModule = require('@/lib/server/content/import/content-import.job') as ImportJobModule;
const { contentImportJob } = jobModule;

const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

let operator: TestUser;

beforeAll(async () => {
  operator = await createTestUser({ roleCodes: ['super_admin'] });
});

/** A tenant with an administrator and an employee who can sign in with a password. */
async function tenantWithMembers(edition = 2) {
  const admin = await createTestUser({ roleCodes: ['admin', 'tenant_admin'], edition });
  const staff = await createTestUser({ roleCodes: ['employee'], tenantId: admin.tenantId! });
  const password = 'Console2026';
  await getDb()
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, staff.userId));
  const [row] = await getDb()
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, staff.userId));
  const [t] = await getDb().select().from(tenants).where(eq(tenants.id, admin.tenantId!));
  return { admin, staff, username: row.username, password, tenant: t };
}

async function lastAudit(action: string, target: string) {
  const [row] = await getDb()
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.target, target)))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  return row;
}

describe('operator console: tenants', () => {
  it('lists and searches tenants with edition, expiry, quota, member count and status', async () => {
    const { tenant } = await tenantWithMembers(3);
    const r = await callContract(
      getConsoleTenantPage,
      { query: { keyword: tenant.name } },
      as(operator),
    );
    expect(r.code).toBe(200);
    expect(r.data.total).toBe(1);
    expect(r.data.list[0]).toMatchObject({
      id: tenant.id,
      name: tenant.name,
      edition: 3,
      memberCount: 2,
      status: 0,
      disabledReason: null,
      platform: false,
    });
    expect(r.data.list[0].monthlyUnlockQuota).toBeGreaterThan(0);
    expect(r.data.list[0].unlockRemaining).toBe(r.data.list[0].monthlyUnlockQuota);
    expect(r.data.list[0].memberLimit).toBeGreaterThanOrEqual(2);

    const byId = await callContract(
      getConsoleTenantPage,
      { query: { keyword: String(tenant.id), edition: 3 } },
      as(operator),
    );
    expect(byId.data.list.map((t) => t.id)).toContain(tenant.id);
    const otherEdition = await callContract(
      getConsoleTenantPage,
      { query: { keyword: tenant.name, edition: 1 } },
      as(operator),
    );
    expect(otherEdition.data.total).toBe(0);
    // The operator's own tenant is marked: it cannot be disabled from the console.
    const own = await callContract(
      getConsoleTenantPage,
      { query: { keyword: String(operator.tenantId) } },
      as(operator),
    );
    expect(own.data.list.find((t) => t.id === operator.tenantId)?.platform).toBe(true);
  });

  it('changes edition, expiry and seats, grants unlock quota, and audits each with what changed', async () => {
    const { tenant } = await tenantWithMembers(1);
    const expireTime = Date.now() + 200 * 86_400_000;
    const r = await callContract(
      updateTenant,
      { body: { id: tenant.id, edition: 4, expireTime, memberLimit: 50 } },
      { ...as(operator), headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/130.0' } },
    );
    expect(r.code).toBe(200);
    const page = await callContract(
      getConsoleTenantPage,
      { query: { keyword: tenant.name } },
      as(operator),
    );
    expect(page.data.list[0]).toMatchObject({
      edition: 4,
      expireTime,
      memberLimit: 50,
      memberLimitByPlatform: true,
    });
    const audit = await lastAudit('tenant_updated', String(tenant.id));
    expect(audit.userId).toBe(operator.userId);
    expect(audit.ip).toBe('10.0.0.1');
    expect(audit.userAgent).toContain('Chrome');
    expect(audit.detail).toMatchObject({
      changes: { edition: { from: 1, to: 4 }, memberLimit: { from: null, to: 50 } },
    });

    const before = page.data.list[0].unlockRemaining;
    const grant = await callContract(
      grantTenantQuota,
      { body: { tenantId: tenant.id, amount: 30, days: 90, reason: '续约赠送' } },
      as(operator),
    );
    expect(grant.code).toBe(200);
    const after = await callContract(
      getConsoleTenantPage,
      { query: { keyword: tenant.name } },
      as(operator),
    );
    expect(after.data.list[0].unlockRemaining).toBe(before + 30);
    const grants = await getDb()
      .select()
      .from(quotaGrants)
      .where(eq(quotaGrants.tenantId, tenant.id));
    expect(grants).toHaveLength(1);
    expect((await lastAudit('tenant_quota_granted', String(tenant.id))).detail).toMatchObject({
      amount: 30,
      reason: '续约赠送',
    });

    const noReason = await callContract(
      grantTenantQuota,
      { body: { tenantId: tenant.id, amount: 5, reason: ' ' } },
      as(operator),
    );
    expect(noReason.code).toBe(ERRORS.BAD_REQUEST.code);
  });

  it('disabling needs a reason, signs every member out and refuses their sign-in; enabling restores', async () => {
    const { admin, staff, username, password, tenant } = await tenantWithMembers();
    // A live session from a real sign-in, besides the members' test sessions.
    const signedIn = await passwordLogin(username, password);
    expect(signedIn.code).toBe(200);
    // (One session per user: that sign-in ended the employee's earlier test session.)
    const live = { token: signedIn.data.accessToken, tenantId: tenant.id };
    expect((await callContract(getPermissionInfo, {}, live)).code).toBe(200);

    const noReason = await callContract(
      updateTenantStatus,
      { body: { id: tenant.id, status: 1, reason: '' } },
      as(operator),
    );
    expect(noReason.code).toBe(ERRORS.BAD_REQUEST.code);
    const viaUpdate = await callContract(
      updateTenant,
      { body: { id: tenant.id, status: 1 } },
      as(operator),
    );
    expect(viaUpdate.code).toBe(ERRORS.BAD_REQUEST.code);
    expect(viaUpdate.msg).toContain('原因');

    const disabled = await callContract(
      updateTenantStatus,
      { body: { id: tenant.id, status: 1, reason: '合同到期未续费' } },
      as(operator),
    );
    expect(disabled.code).toBe(200);
    expect(disabled.data).toEqual({ status: 1, signedOut: 2 });

    // Every member's tokens stop working: access tokens and refresh tokens alike.
    for (const member of [admin, staff]) {
      const r = await callContract(getPermissionInfo, {}, as(member));
      expect(r.code).toBe(ERRORS.UNAUTHORIZED.code);
    }
    const fromLogin = await callContract(getPermissionInfo, {}, live);
    expect(fromLogin.code).toBe(ERRORS.UNAUTHORIZED.code);
    const refreshed = await callContract(refreshToken, {
      query: { refreshToken: signedIn.data.refreshToken },
    });
    expect(refreshed.code).not.toBe(200);

    // Signing in again is refused with a clear message.
    const again = await passwordLogin(username, password);
    expect(again.code).toBe(ERRORS.TENANT_DISABLED.code);
    expect(again.msg).toBe('企业已被停用，请联系客服');

    // The list shows why; the audit log keeps who, why, when and from where.
    const listed = await callContract(
      getConsoleTenantPage,
      { query: { keyword: tenant.name, status: 1 } },
      as(operator),
    );
    expect(listed.data.list[0]).toMatchObject({ status: 1, disabledReason: '合同到期未续费' });
    const audit = await lastAudit('tenant_disabled', String(tenant.id));
    expect(audit).toMatchObject({ userId: operator.userId, tenantId: operator.tenantId });
    expect(audit.ip).toBe('10.0.0.1');
    expect(audit.detail).toMatchObject({ reason: '合同到期未续费', signedOut: 2 });
    const logPage = await callContract(
      getAuditLogPage,
      { query: { action: 'tenant_disabled', target: String(tenant.id) } },
      as(operator),
    );
    expect(logPage.data.list[0]).toMatchObject({
      actionName: '停用租户',
      detail: expect.objectContaining({ reason: '合同到期未续费' }),
      ip: '10.0.0.1',
    });

    // Enabling restores: the member signs in and its token works.
    const enabled = await callContract(
      updateTenantStatus,
      { body: { id: tenant.id, status: 0, reason: '已续费' } },
      as(operator),
    );
    expect(enabled.code).toBe(200);
    const back = await passwordLogin(username, password);
    expect(back.code).toBe(200);
    expect(
      (
        await callContract(
          getPermissionInfo,
          {},
          { token: back.data.accessToken, tenantId: tenant.id },
        )
      ).code,
    ).toBe(200);
    expect((await lastAudit('tenant_enabled', String(tenant.id))).detail).toMatchObject({
      reason: '已续费',
    });
    const [row] = await getDb().select().from(tenants).where(eq(tenants.id, tenant.id));
    expect(row).toMatchObject({ status: 0, disabledReason: null, disabledAt: null });
  });

  it('refuses to disable the platform’s own tenant', async () => {
    const r = await callContract(
      updateTenantStatus,
      { body: { id: operator.tenantId!, status: 1, reason: '误操作测试' } },
      as(operator),
    );
    expect(r.code).toBe(ERRORS.BAD_REQUEST.code);
  });
});

async function paidOrder(tenantId: number, userId: number, status = 10) {
  const orderNo = `LRTEST${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const [o] = await getDb()
    .insert(orders)
    .values({
      orderNo,
      qrcodeKey: `k${orderNo}`,
      tenantId,
      userId,
      status,
      channel: 'demo',
      subject: '标准版 1 年',
      amountFen: 698000,
      expiresAt: new Date(Date.now() + 15 * 60_000),
      paidAt: status === 10 ? new Date() : null,
    })
    .returning();
  return o;
}

describe('operator console: orders and payments', () => {
  it('searches orders, shows the detail and marks a paid order refunded with a reason, audited', async () => {
    const { admin, tenant } = await tenantWithMembers();
    const order = await paidOrder(tenant.id, admin.userId);
    const pending = await paidOrder(tenant.id, admin.userId, 0);

    const page = await callContract(
      getConsoleOrderPage,
      { query: { tenant: tenant.name, status: 'paid' } },
      as(operator),
    );
    expect(page.code).toBe(200);
    expect(page.data.list.map((o) => o.orderNo)).toEqual([order.orderNo]);
    const byNo = await callContract(
      getConsoleOrderPage,
      { query: { orderNo: order.orderNo.slice(0, 18), tenant: String(tenant.id) } },
      as(operator),
    );
    expect(byNo.data.list.map((o) => o.orderNo)).toContain(order.orderNo);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const byDay = await callContract(
      getConsoleOrderPage,
      { query: { tenant: tenant.name, from: today, to: today } },
      as(operator),
    );
    expect(byDay.data.total).toBe(2);
    const past = await callContract(
      getConsoleOrderPage,
      { query: { tenant: tenant.name, to: '2020-01-01' } },
      as(operator),
    );
    expect(past.data.total).toBe(0);

    const detail = await callContract(getConsoleOrder, { query: { id: order.id } }, as(operator));
    expect(detail.data).toMatchObject({
      orderNo: order.orderNo,
      tenantName: tenant.name,
      status: 'paid',
      amountFen: 698000,
      items: [],
      payments: [],
    });

    const noReason = await callContract(
      markOrderRefunded,
      { body: { id: order.id, reason: '' } },
      as(operator),
    );
    expect(noReason.code).toBe(ERRORS.BAD_REQUEST.code);
    const refunded = await callContract(
      markOrderRefunded,
      { body: { id: order.id, reason: '客户七天无理由退款' } },
      as(operator),
    );
    expect(refunded.code).toBe(200);
    expect(refunded.data).toMatchObject({ status: 'refunded', refundReason: '客户七天无理由退款' });
    const [row] = await getDb().select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 30, refundedBy: operator.userId });
    expect((await lastAudit('order_refunded', order.orderNo)).detail).toMatchObject({
      reason: '客户七天无理由退款',
      amountFen: 698000,
    });
    const shown = await callContract(getConsoleOrder, { query: { id: order.id } }, as(operator));
    expect(shown.data.refundedBy).toContain('测试用户');

    // Once only, and only a paid order.
    const twice = await callContract(
      markOrderRefunded,
      { body: { id: order.id, reason: '重复标记' } },
      as(operator),
    );
    expect(twice.code).toBe(ERRORS.BAD_REQUEST.code);
    const unpaid = await callContract(
      markOrderRefunded,
      { body: { id: pending.id, reason: '未支付订单' } },
      as(operator),
    );
    expect(unpaid.code).toBe(ERRORS.BAD_REQUEST.code);
    // The tenant's own order list reads it as refunded too.
    const own = await callApi<{ list: { orderNo: string; status: string }[] }>(
      'GET',
      '/trade/vip-order-user/page?pageNo=1&pageSize=10',
      as(admin),
    );
    expect(own.data.list.find((o) => o.orderNo === order.orderNo)?.status).toBe('refunded');
  });
});

describe('operator console: content import and the audit log', () => {
  it('imports content through the page’s endpoint with job progress and the rejected items', async () => {
    const lines = [
      JSON.stringify({
        type: 'news',
        sourceId: 'console:news:1',
        title: '运营后台导入测试资讯',
        source: '测试来源',
        category: '投融资',
        publishDate: '2026-10-02',
        bodyHtml: '<p>园区签约</p>',
      }),
      '{ 不是 JSON',
      JSON.stringify({ type: 'news', sourceId: 'console:news:2' }),
    ].join('\n');
    const form = new FormData();
    form.set('file', new File([lines], '资讯.jsonl', { type: 'application/x-ndjson' }));
    const runner = await startTestJobRunner([contentImportJob]);
    try {
      const r = await callApi<{ jobId: number }>('POST', contentImport.path, {
        form,
        ...as(operator),
      });
      expect(r.code === 200 ? 200 : r.msg).toBe(200);
      let job: { status: string; percent: number; result: Record<string, unknown> | null } | null =
        null;
      for (const end = Date.now() + 30_000; Date.now() < end;) {
        const j = await callContract(getJob, { query: { id: r.data.jobId } }, as(operator));
        job = j.data;
        if (['succeeded', 'failed'].includes(job.status)) break;
        await new Promise((res) => setTimeout(res, 200));
      }
      expect(job?.status).toBe('succeeded');
      expect(job?.percent).toBe(100);
      expect(job?.result).toMatchObject({ total: 3, inserted: 1, rejectedCount: 2 });
      expect((job?.result?.rejected as { where: string; reason: string }[]).length).toBe(2);
      expect((await lastAudit('content_import', String(r.data.jobId))).userId).toBe(
        operator.userId,
      );
    } finally {
      await runner.stop();
    }
  }, 60_000);

  it('filters the audit log by operator, action, tenant, IP and day, with the device', async () => {
    const { tenant } = await tenantWithMembers();
    await callContract(
      updateTenant,
      { body: { id: tenant.id, edition: 3 } },
      {
        ...as(operator),
        ip: '192.0.2.77',
        headers: {
          'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1',
        },
      },
    );
    const [op] = await getDb()
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, operator.userId));
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const r = await callContract(
      getAuditLogPage,
      {
        query: {
          user: op.username,
          action: 'tenant_updated',
          tenant: String(operator.tenantId),
          ip: '192.0.2.77',
          from: today,
          to: today,
        },
      },
      as(operator),
    );
    expect(r.code).toBe(200);
    expect(r.data.total).toBe(1);
    expect(r.data.list[0]).toMatchObject({
      action: 'tenant_updated',
      actionName: '修改租户',
      target: String(tenant.id),
      ip: '192.0.2.77',
      device: 'Safari · iOS',
    });
    expect(r.data.list[0].userName).toContain(op.username);
    const yesterday = await callContract(
      getAuditLogPage,
      { query: { ip: '192.0.2.77', to: '2020-01-01' } },
      as(operator),
    );
    expect(yesterday.data.total).toBe(0);
    // Page views share the table; the log lists changes unless tracking is asked for.
    await getDb().insert(auditLogs).values({
      action: 'track:page_view',
      userId: operator.userId,
      tenantId: operator.tenantId,
      target: '/platform/audit-log',
      ip: '192.0.2.77',
    });
    const changes = await callContract(
      getAuditLogPage,
      { query: { ip: '192.0.2.77' } },
      as(operator),
    );
    expect(changes.data.list.map((l) => l.action)).toEqual(['tenant_updated']);
    const tracking = await callContract(
      getAuditLogPage,
      { query: { ip: '192.0.2.77', action: 'track:*' } },
      as(operator),
    );
    expect(tracking.data.list.map((l) => [l.action, l.actionName])).toEqual([
      ['track:page_view', '埋点：page_view'],
    ]);
    const actions = await callContract(getAuditActions, {}, as(operator));
    expect(actions.data).toEqual(
      expect.arrayContaining([{ value: 'tenant_disabled', label: '停用租户' }]),
    );
  });
});

describe('operator console: only platform permissions reach it', () => {
  it('refuses a tenant administrator and an employee on every console endpoint, and hides the menu', async () => {
    const { admin, staff, tenant } = await tenantWithMembers(4);
    const order = await paidOrder(tenant.id, admin.userId);
    const form = () => {
      const f = new FormData();
      f.set('file', new File(['{}'], 'a.jsonl'));
      return f;
    };
    for (const user of [admin, staff]) {
      const calls = [
        callContract(getConsoleTenantPage, {}, as(user)),
        callContract(
          updateTenantStatus,
          { body: { id: tenant.id, status: 1, reason: '越权尝试' } },
          as(user),
        ),
        callContract(updateTenant, { body: { id: tenant.id, edition: 4 } }, as(user)),
        callContract(
          grantTenantQuota,
          { body: { tenantId: tenant.id, amount: 100, reason: '越权尝试' } },
          as(user),
        ),
        callContract(getConsoleOrderPage, {}, as(user)),
        callContract(getConsoleOrder, { query: { id: order.id } }, as(user)),
        callContract(markOrderRefunded, { body: { id: order.id, reason: '越权尝试' } }, as(user)),
        callContract(getAuditLogPage, {}, as(user)),
        callContract(getAuditActions, {}, as(user)),
        callApi('POST', contentImport.path, { form: form(), ...as(user) }),
      ];
      const codes = (await Promise.all(calls)).map((r) => r.code);
      expect(codes).toEqual(calls.map(() => ERRORS.FORBIDDEN.code));

      const menus = await callContract(listMenus, {}, as(user));
      const paths: string[] = [];
      const walk = (items: MenuItem[]) =>
        items.forEach((m) => {
          paths.push(m.path);
          walk(m.children);
        });
      walk(menus.data as MenuItem[]);
      expect(paths.some((p) => p.startsWith('/platform'))).toBe(false);
      const info = await callContract(getPermissionInfo, {}, as(user));
      expect(
        info.data.permissions.some((p: string) =>
          /^(system:tenant|trade:order|system:audit-log|system:content)/.test(p),
        ),
      ).toBe(false);
    }
    // Nothing changed.
    const [t] = await getDb().select().from(tenants).where(eq(tenants.id, tenant.id));
    expect(t).toMatchObject({ status: 0, edition: 4 });
    const [o] = await getDb().select().from(orders).where(eq(orders.id, order.id));
    expect(o.status).toBe(10);
  });

  it('shows the operator the console menu, every entry a built page', async () => {
    const menus = await callContract(listMenus, {}, as(operator));
    const console = (menus.data as MenuItem[]).find((m) => m.id === 980);
    expect(console?.visible).toBe(true);
    expect(console?.children.map((c) => [c.path, c.visible])).toEqual([
      ['/platform/tenant', true],
      ['/platform/order', true],
      ['/platform/content', true],
      // 数字员工配置 (ADR 0204).
      ['/platform/ai-employee', true],
      ['/platform/audit-log', true],
    ]);
    await getPool().query('select 1');
  });
});
