import { and, eq, sql } from 'drizzle-orm';
import { callApi, createTestUser } from '@/test/helpers/api';
import { getDb } from '@/lib/server/platform/db';
import { auditLogs, enterpriseUnlocks, quotaGrants } from '@/db/schema';
import type { PageResult } from '@/lib/shared/api/envelope';
import type { ContactSummary } from '@/lib/shared/enterprise/types';
import type { UnlockResult, UnlockState, UnlockedEnterprise } from '../unlock.service';
import type { WywStatus } from '@/lib/shared/enterprise/enterprise.contract';
import { seedFamily, seedPlainCompanies, SECRET_MOBILE, type Family } from './fixtures';

let f: Family;
let plain: number[];

beforeAll(async () => {
  f = await seedFamily();
  plain = await seedPlainCompanies(30);
});

async function grant(
  tenantId: number,
  amount: number,
  expiresAt: Date | null = null,
): Promise<void> {
  await getDb().insert(quotaGrants).values({ tenantId, amount, reason: 'test', expiresAt });
}

async function unlockCount(tenantId: number): Promise<number> {
  const [r] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(enterpriseUnlocks)
    .where(eq(enterpriseUnlocks.tenantId, tenantId));
  return Number(r.n);
}

describe('unlock-enterprise', () => {
  it('requires a signed-in user bound to a tenant', async () => {
    const anon = await callApi('POST', '/szjk/enterprise/unlock-enterprise', {
      body: { entId: f.mainId },
    });
    expect(anon.code).toBe(401);
    const noTenant = await createTestUser({ noTenant: true });
    const r = await callApi('POST', '/szjk/enterprise/unlock-enterprise', {
      body: { entId: f.mainId },
      token: noTenant.accessToken,
    });
    expect(r.code).toBe(1002000010);
  });

  it('charges once, returns real contacts, is idempotent and audited', async () => {
    const user = await createTestUser({ edition: 1 });
    const before = await callApi<UnlockState>(
      'POST',
      '/szjk/enterprise/get-enterprise-unlock-state',
      {
        body: { entId: f.mainId },
        token: user.accessToken,
      },
    );
    expect(before.data).toMatchObject({ unlocked: false, canUnlock: true, blockedCode: null });
    expect(before.data.credit).toMatchObject({ monthlyQuota: 20, usedThisMonth: 0, remaining: 20 });

    const first = await callApi<UnlockResult>('POST', '/szjk/enterprise/unlock-enterprise', {
      body: { entId: f.mainId },
      token: user.accessToken,
    });
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ unlocked: true, charged: true, chargedTo: 'monthly' });
    expect(first.data.credit.remaining).toBe(19);
    expect(first.data.contacts.unlocked).toBe(true);
    expect(first.data.contacts.list.map((c) => c.value)).toContain(SECRET_MOBILE);

    const second = await callApi<UnlockResult>('POST', '/szjk/enterprise/unlock-enterprise', {
      body: { entId: f.mainId },
      token: user.accessToken,
    });
    expect(second.data).toMatchObject({
      charged: false,
      chargedTo: null,
      unlockTime: first.data.unlockTime,
    });
    expect(second.data.credit.remaining).toBe(19);

    // A colleague in the same tenant sees the unlocked contacts too.
    const colleague = await createTestUser({ tenantId: user.tenantId! });
    const c = await callApi<ContactSummary>(
      'GET',
      `/szjk/enterprise/wyw-contact?entId=${f.mainId}`,
      { token: colleague.accessToken },
    );
    expect(c.data.unlocked).toBe(true);
    expect(c.data.list.map((x) => x.value)).toContain(SECRET_MOBILE);

    const logs = await getDb()
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.tenantId, user.tenantId!), eq(auditLogs.action, 'enterprise.unlock')),
      );
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ userId: user.userId, target: String(f.mainId) });

    const after = await callApi<UnlockState>(
      'POST',
      '/szjk/enterprise/get-enterprise-unlock-state',
      {
        body: { entId: f.mainId },
        token: user.accessToken,
      },
    );
    expect(after.data).toMatchObject({ unlocked: true, canUnlock: true, blockedCode: null });
  });

  it('answers ENTERPRISE_NOT_EXISTS for an unknown company without charging', async () => {
    const user = await createTestUser({ edition: 1 });
    const r = await callApi('POST', '/szjk/enterprise/unlock-enterprise', {
      body: { entId: 99999999 },
      token: user.accessToken,
    });
    expect(r.code).toBe(1004010000);
    expect(await unlockCount(user.tenantId!)).toBe(0);
  });

  it('free edition without grants: 1004011001; with used-up grants: 1004011000', async () => {
    const free = await createTestUser({ edition: 0 });
    const state = await callApi<UnlockState>(
      'POST',
      '/szjk/enterprise/get-enterprise-unlock-state',
      {
        body: { entId: f.mainId },
        token: free.accessToken,
      },
    );
    expect(state.data).toMatchObject({ canUnlock: false, blockedCode: 1004011001 });
    const r = await callApi('POST', '/szjk/enterprise/unlock-enterprise', {
      body: { entId: f.mainId },
      token: free.accessToken,
    });
    expect(r.code).toBe(1004011001);

    // An expired grant does not count.
    await grant(free.tenantId!, 3, new Date(Date.now() - 1000));
    expect(
      (
        await callApi('POST', '/szjk/enterprise/unlock-enterprise', {
          body: { entId: f.mainId },
          token: free.accessToken,
        })
      ).code,
    ).toBe(1004011001);

    await grant(free.tenantId!, 1);
    const ok = await callApi<UnlockResult>('POST', '/szjk/enterprise/unlock-enterprise', {
      body: { entId: plain[0] },
      token: free.accessToken,
    });
    expect(ok.data).toMatchObject({ charged: true, chargedTo: 'grant' });
    const used = await callApi('POST', '/szjk/enterprise/unlock-enterprise', {
      body: { entId: plain[1] },
      token: free.accessToken,
    });
    expect(used.code).toBe(1004011000);
    expect(used.msg).toBe('解锁额度不足');
    const s2 = await callApi<UnlockState>('POST', '/szjk/enterprise/get-enterprise-unlock-state', {
      body: { entId: plain[1] },
      token: free.accessToken,
    });
    expect(s2.data.blockedCode).toBe(1004011000);
  });

  it('monthly allowance used up by this month only: earlier months do not count', async () => {
    const user = await createTestUser({ edition: 1 });
    // 20 unlocks last month (Asia/Shanghai) do not reduce this month's allowance.
    await getDb()
      .insert(enterpriseUnlocks)
      .values(
        plain.slice(0, 20).map((id) => ({
          tenantId: user.tenantId!,
          enterpriseId: id,
          userId: user.userId,
          createdAt:
            sql`(date_trunc('month', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai') - interval '1 day'` as unknown as Date,
        })),
      );
    const r = await callApi<UnlockResult>('POST', '/szjk/enterprise/unlock-enterprise', {
      body: { entId: plain[25] },
      token: user.accessToken,
    });
    expect(r.data.credit).toMatchObject({ usedThisMonth: 1, remaining: 19 });
  });

  it('20 parallel unlocks of different companies against a quota of 5: exactly 5 succeed', async () => {
    const user = await createTestUser({ edition: 0 });
    await grant(user.tenantId!, 5);
    const results = await Promise.all(
      plain.slice(0, 20).map((id) =>
        callApi<UnlockResult>('POST', '/szjk/enterprise/unlock-enterprise', {
          body: { entId: id },
          token: user.accessToken,
        }),
      ),
    );
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 1004011000)).toHaveLength(15);
    expect(await unlockCount(user.tenantId!)).toBe(5);
    const [g] = await getDb()
      .select()
      .from(quotaGrants)
      .where(eq(quotaGrants.tenantId, user.tenantId!));
    expect(g.consumed).toBe(5);
  });

  it('10 parallel unlocks of the same company charge once', async () => {
    const user = await createTestUser({ edition: 1 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        callApi<UnlockResult>('POST', '/szjk/enterprise/unlock-enterprise', {
          body: { entId: f.childId },
          token: user.accessToken,
        }),
      ),
    );
    expect(results.every((r) => r.code === 200)).toBe(true);
    expect(results.filter((r) => r.data.charged)).toHaveLength(1);
    expect(await unlockCount(user.tenantId!)).toBe(1);
    const state = await callApi<UnlockState>(
      'POST',
      '/szjk/enterprise/get-enterprise-unlock-state',
      {
        body: { entId: f.childId },
        token: user.accessToken,
      },
    );
    expect(state.data.credit).toMatchObject({ usedThisMonth: 1, remaining: 19 });
  });
});

describe('unlock-page and wyw', () => {
  it('lists the tenant unlocked companies with real contacts, paged and searchable', async () => {
    const user = await createTestUser({ edition: 2 });
    for (const id of [f.mainId, f.childId, plain[2]]) {
      expect(
        (
          await callApi('POST', '/szjk/enterprise/unlock-enterprise', {
            body: { entId: id },
            token: user.accessToken,
          })
        ).code,
      ).toBe(200);
    }
    const page = await callApi<PageResult<UnlockedEnterprise>>(
      'POST',
      '/szjk/enterprise/unlock-page',
      {
        body: { pageNo: 1, pageSize: 2 },
        token: user.accessToken,
      },
    );
    expect(page.data.total).toBe(3);
    expect(page.data.list).toHaveLength(2);
    const search = await callApi<PageResult<UnlockedEnterprise>>(
      'POST',
      '/szjk/enterprise/unlock-page',
      {
        body: { keyword: '雷达科技' },
        token: user.accessToken,
      },
    );
    expect(search.data.list.map((e) => e.entId)).toEqual([f.mainId]);
    expect(search.data.list[0].contacts.map((c) => c.value)).toContain(SECRET_MOBILE);
    expect(search.data.list[0].unlockUserId).toBe(user.userId);
    const byUncid = await callApi<PageResult<UnlockedEnterprise>>(
      'POST',
      '/szjk/enterprise/unlock-page',
      {
        body: { keyword: f.mainUncid },
        token: user.accessToken,
      },
    );
    expect(byUncid.data.total).toBe(1);

    // Another tenant sees nothing of it.
    const other = await createTestUser({ edition: 2 });
    const empty = await callApi<PageResult<UnlockedEnterprise>>(
      'POST',
      '/szjk/enterprise/unlock-page',
      { body: {}, token: other.accessToken },
    );
    expect(empty.data.total).toBe(0);
    const masked = await callApi<ContactSummary>(
      'GET',
      `/szjk/enterprise/wyw-contact?entId=${f.mainId}`,
      { token: other.accessToken },
    );
    expect(masked.data.unlocked).toBe(false);
    expect(masked.data.list.map((c) => c.value)).not.toContain(SECRET_MOBILE);

    const status = await callApi<WywStatus>(
      'GET',
      `/szjk/enterprise/get-wyw-status?entId=${f.mainId}`,
      { token: user.accessToken },
    );
    expect(status.data).toMatchObject({ status: 2, unlocked: true, total: 3, mobileCount: 1 });
    const none = await callApi<WywStatus>(
      'GET',
      `/szjk/enterprise/get-wyw-status?entId=${f.holdingId}`,
      { token: user.accessToken },
    );
    expect(none.data).toMatchObject({ status: 0, statusText: '暂无联系方式', total: 0 });
  });
});
