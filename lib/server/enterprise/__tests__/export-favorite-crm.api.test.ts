import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { callApi, createTestUser } from '@/test/helpers/api';
import { getDb } from '@/lib/server/platform/db';
import { auditLogs, clues } from '@/db/schema';
import type { PageResult } from '@/lib/shared/api/envelope';
import type { EnterpriseState } from '@/lib/shared/enterprise/types';
import { EXPORT_HEADERS } from '@/lib/server/enterprise/export/enterprise-export.service';
import type { FavoriteEnterprise } from '../favorite.service';
import type { ToCrmResult } from '../enterprise-state.service';
import {
  seedFamily,
  seedPlainCompanies,
  SECRET_EMAIL,
  SECRET_MOBILE,
  SECRET_PHONE,
  type Family,
} from './fixtures';

let f: Family;
let plain: number[];

beforeAll(async () => {
  f = await seedFamily();
  plain = await seedPlainCompanies(3, '导出测试企业');
});

async function readSheet(res: Response): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const ws = wb.worksheets[0];
  const rows: string[][] = [];
  ws.eachRow((row) => {
    rows.push(
      (row.values as unknown[])
        .slice(1)
        .map((v) => (v === null || v === undefined ? '' : String(v))),
    );
  });
  return rows;
}

describe('export', () => {
  it('returns a real xlsx named 导出.xlsx with masked contacts unless unlocked', async () => {
    const user = await createTestUser({ edition: 1 });
    await callApi('POST', '/szjk/enterprise/unlock-enterprise', {
      body: { entId: f.childId },
      token: user.accessToken,
    });
    const r = await callApi('POST', '/szjk/enterprise/export', {
      body: { entIds: [f.mainId, f.childId, plain[0], 99999999] },
      token: user.accessToken,
    });
    expect(r.status).toBe(200);
    expect(r.res.headers.get('content-type')).toContain('spreadsheetml');
    expect(r.res.headers.get('content-disposition')).toBe(
      `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent('导出.xlsx')}`,
    );
    expect(r.res.headers.get('x-export-rows')).toBe('3');
    const rows = await readSheet(r.res);
    expect(rows[0]).toEqual(EXPORT_HEADERS);
    expect(rows).toHaveLength(4);
    const [, main, child, p0] = rows;
    const col = (name: string) => EXPORT_HEADERS.indexOf(name);
    expect(main[col('企业名称')]).toBe(f.mainName);
    expect(main[col('统一社会信用代码')]).toBe(f.mainUncid);
    expect(main[col('省份')]).toBe('福建省');
    expect(main[col('注册资本')]).toBe('2000万人民币');
    expect(main[col('手机')]).toBe('138****5678');
    expect(main[col('固话')]).toBe('0592-5****12');
    expect(main[col('邮箱')]).toBe('i***@leida-secret.com');
    expect(main[col('联系方式状态')]).toBe('未解锁');
    expect(child[col('手机')]).toBe('13900001111');
    expect(child[col('联系方式状态')]).toBe('已解锁');
    expect(p0[col('企业名称')]).toContain('导出测试企业');
    const flat = rows.flat().join('|');
    for (const secret of [SECRET_MOBILE, SECRET_PHONE, SECRET_EMAIL])
      expect(flat).not.toContain(secret);

    const logs = await getDb()
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.tenantId, user.tenantId!), eq(auditLogs.action, 'enterprise.export')),
      );
    expect(logs).toHaveLength(1);
  });

  it('caps rows by edition: free cannot export, personal up to 500', async () => {
    const free = await createTestUser({ edition: 0 });
    const r0 = await callApi('POST', '/szjk/enterprise/export', {
      body: { entIds: [f.mainId] },
      token: free.accessToken,
    });
    expect(r0.code).toBe(1004012002);
    expect(r0.msg).toContain('不支持导出');
    const personal = await createTestUser({ edition: 1 });
    const ids = Array.from({ length: 501 }, (_, i) => i + 1);
    const r1 = await callApi('POST', '/szjk/enterprise/export', {
      body: { entIds: ids },
      token: personal.accessToken,
    });
    expect(r1.code).toBe(1004012002);
    expect(r1.msg).toBe('单次最多导出 500 条');
  });

  it('requires a tenant and a non-empty list', async () => {
    expect(
      (await callApi('POST', '/szjk/enterprise/export', { body: { entIds: [f.mainId] } })).code,
    ).toBe(401);
    const user = await createTestUser({ edition: 1 });
    expect(
      (
        await callApi('POST', '/szjk/enterprise/export', {
          body: { entIds: [] },
          token: user.accessToken,
        })
      ).code,
    ).toBe(400);
  });
});

describe('favourites', () => {
  it('adds idempotently, lists, searches and removes per user', async () => {
    const user = await createTestUser({ edition: 1 });
    const add = await callApi<{ created: boolean }>('POST', '/szjk/favorite/add', {
      body: { entId: f.mainId },
      token: user.accessToken,
    });
    expect(add.data.created).toBe(true);
    const again = await callApi<{ created: boolean }>('POST', '/szjk/favorite/add', {
      body: { entId: f.mainId },
      token: user.accessToken,
    });
    expect(again).toMatchObject({ code: 200, data: { created: false } });
    await callApi('POST', '/szjk/favorite/add', {
      body: { entId: f.childId },
      token: user.accessToken,
    });
    expect(
      (
        await callApi('POST', '/szjk/favorite/add', {
          body: { entId: 99999999 },
          token: user.accessToken,
        })
      ).code,
    ).toBe(1004010000);

    const page = await callApi<PageResult<FavoriteEnterprise>>(
      'GET',
      '/szjk/favorite/page?pageNo=1&pageSize=10',
      { token: user.accessToken },
    );
    expect(page.data.total).toBe(2);
    expect(page.data.list[0].entId).toBe(f.childId);
    expect(page.data.list[1]).toMatchObject({
      entId: f.mainId,
      regCapitalText: '2000万人民币',
      regionName: '福建省厦门市思明区',
      unlocked: false,
    });
    const search = await callApi<PageResult<FavoriteEnterprise>>(
      'GET',
      `/szjk/favorite/page?keyword=${encodeURIComponent('雷达软件')}`,
      {
        token: user.accessToken,
      },
    );
    expect(search.data.list.map((e) => e.entId)).toEqual([f.childId]);

    // A colleague has their own favourites.
    const colleague = await createTestUser({ tenantId: user.tenantId! });
    const theirs = await callApi<PageResult<FavoriteEnterprise>>('GET', '/szjk/favorite/page', {
      token: colleague.accessToken,
    });
    expect(theirs.data.total).toBe(0);

    const state = await callApi<EnterpriseState>('POST', '/szjk/enterprise/get-enterprise-state', {
      body: { entId: f.mainId },
      token: user.accessToken,
    });
    expect(state.data).toMatchObject({ favorite: true, unlocked: false, inCrm: false });

    const rm = await callApi<{ removed: boolean }>('POST', '/szjk/favorite/remove', {
      body: { entId: f.mainId },
      token: user.accessToken,
    });
    expect(rm.data.removed).toBe(true);
    const after = await callApi<PageResult<FavoriteEnterprise>>('GET', '/szjk/favorite/page', {
      token: user.accessToken,
    });
    expect(after.data.total).toBe(1);
    expect((await callApi('GET', '/szjk/favorite/page')).code).toBe(401);
  });
});

describe('to-crm', () => {
  it('creates one clue per company per tenant, idempotently, also in parallel', async () => {
    const user = await createTestUser({ edition: 1 });
    const first = await callApi<ToCrmResult>('POST', '/szjk/enterprise/to-crm', {
      body: { entId: f.mainId },
      token: user.accessToken,
    });
    expect(first.data).toMatchObject({ created: 1, existed: 0 });
    const clueId = first.data.items[0].clueId;
    const again = await callApi<ToCrmResult>('POST', '/szjk/enterprise/to-crm', {
      body: { entIds: [f.mainId, f.childId, 99999999] },
      token: user.accessToken,
    });
    expect(again.data).toMatchObject({ created: 1, existed: 1, missing: [99999999] });
    expect(again.data.items.find((i) => i.entId === f.mainId)?.clueId).toBe(clueId);

    const parallel = await Promise.all(
      Array.from({ length: 5 }, () =>
        callApi<ToCrmResult>('POST', '/szjk/enterprise/to-crm', {
          body: { entId: f.holdingId },
          token: user.accessToken,
        }),
      ),
    );
    expect(parallel.every((r) => r.code === 200)).toBe(true);
    expect(parallel.reduce((s, r) => s + r.data.created, 0)).toBe(1);

    const rows = await getDb().select().from(clues).where(eq(clues.tenantId, user.tenantId!));
    expect(rows).toHaveLength(3);
    const main = rows.find((c) => c.enterpriseId === f.mainId)!;
    expect(main).toMatchObject({
      name: f.mainName,
      ownerUserId: user.userId,
      creatorUserId: user.userId,
      source: '企业详情',
      status: 0,
    });

    const states = await callApi<EnterpriseState[]>(
      'POST',
      '/szjk/enterprise/get-enterprise-state',
      {
        body: { entIds: [f.mainId, f.shanghaiId] },
        token: user.accessToken,
      },
    );
    expect(states.data).toEqual([
      { entId: f.mainId, unlocked: false, favorite: false, inCrm: true, clueId },
      { entId: f.shanghaiId, unlocked: false, favorite: false, inCrm: false, clueId: null },
    ]);

    // Other tenants have their own leads.
    const other = await createTestUser({ edition: 1 });
    const theirs = await callApi<ToCrmResult>('POST', '/szjk/enterprise/to-crm', {
      body: { entId: f.mainId },
      token: other.accessToken,
    });
    expect(theirs.data.created).toBe(1);
    expect(
      (
        await callApi('POST', '/szjk/enterprise/to-crm', {
          body: { entId: 99999999 },
          token: other.accessToken,
        })
      ).code,
    ).toBe(1004010000);
    expect(
      (await callApi('POST', '/szjk/enterprise/to-crm', { body: { entId: f.mainId } })).code,
    ).toBe(401);
  });

  it('get-enterprise-state answers all false for visitors', async () => {
    const r = await callApi<EnterpriseState>('POST', '/szjk/enterprise/get-enterprise-state', {
      body: { entId: f.mainId },
    });
    expect(r.data).toEqual({
      entId: f.mainId,
      unlocked: false,
      favorite: false,
      inCrm: false,
      clueId: null,
    });
  });
});
