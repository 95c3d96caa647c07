import { eq } from 'drizzle-orm';
import { tenants, users } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { getFile, uploadFile } from '@/lib/shared/files/files.contract';
import { openapi3, openapiFree, openapiPaid } from '@/lib/shared/search/search.contract';
import {
  createTenant,
  deleteOwnTenant,
  deleteTenant,
  getTenantPage,
  updateTenant,
} from '@/lib/shared/tenant/tenant.contract';
import { callApi, callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { installMemoryFileStorage } from '@/test/helpers/memory-storage';

/**
 * The success paths of endpoints that only had their refusals tested (spec-gaps rows 138, 140,
 * 141): platform tenant operations, dissolving one's own enterprise, the data-plan aliases of the
 * openapi proxy (advanced search included), and the generic upload.
 */
installMemoryFileStorage();

const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });
let platform: TestUser;

beforeAll(async () => {
  platform = await createTestUser({ roleCodes: ['super_admin', 'admin'] });
});

describe('platform tenant operations', () => {
  it('creates, finds, updates and deletes a tenant', async () => {
    const name = `平台测试企业${Date.now() % 100000}`;
    const created = await callContract(
      createTenant,
      { body: { name, edition: 2, approval: false } },
      as(platform),
    );
    expect(created.code).toBe(200);
    const id = created.data;

    const page = await callContract(getTenantPage, { query: { name } }, as(platform));
    expect(page.data.list.map((t) => t.id)).toEqual([id]);

    const renamed = await callContract(
      updateTenant,
      { body: { id, name: `${name}改`, status: 1, reason: '测试停用' } },
      as(platform),
    );
    expect(renamed.data).toBe(true);
    const [row] = await getDb().select().from(tenants).where(eq(tenants.id, id));
    expect(row.name).toBe(`${name}改`);

    const deleted = await callContract(deleteTenant, { query: { id } }, as(platform));
    expect(deleted.data).toBe(true);
    const again = await callContract(getTenantPage, { query: { name } }, as(platform));
    expect(again.data.list).toEqual([]);
  });

  it('refuses an ordinary administrator', async () => {
    const admin = await createTestUser({ roleCodes: ['admin', 'tenant_admin'] });
    const r = await callContract(createTenant, { body: { name: '不允许' } }, as(admin));
    expect(r.code).toBe(403);
  });
});

describe('dissolving one’s own enterprise', () => {
  it('unbinds every member and ends their sessions', async () => {
    const boss = await createTestUser({ roleCodes: ['super_admin', 'admin'] });
    const member = await createTestUser({ tenantId: boss.tenantId!, roleCodes: ['employee'] });
    const r = await callContract(deleteOwnTenant, {}, as(boss));
    expect(r.code).toBe(200);
    const [m] = await getDb().select().from(users).where(eq(users.id, member.userId));
    expect(m.tenantId).toBeNull();
    // The member's token no longer works inside the dissolved enterprise.
    const after = await callContract(getTenantPage, {}, as(member));
    expect(after.code).not.toBe(200);
  });
});

describe('openapi proxy: three data plans, advanced search included', () => {
  it.each([openapiPaid, openapiFree, openapi3].map((plan) => [plan.search.path, plan] as const))(
    '%s answers search, configuration and advanced search',
    async (path, plan) => {
      const ip = `10.140.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const search = await callContract(plan.search, { body: { keyword: '科技' } }, { ip });
      expect(search.code).toBe(200);
      expect(search.data).toHaveProperty('facets');
      const config = await callContract(plan.staticConfig, { body: {} }, { ip });
      expect(config.data).toHaveProperty('regions');
      const condition = {
        logic: 'and',
        groups: [{ logic: 'and', conditions: [{ field: 'name', op: 'contains', value: '科技' }] }],
      };
      const count = await callContract(plan.advancedCount, { body: condition }, { ip });
      expect(count.code).toBe(200);
      expect(count.data.total).toBeGreaterThan(0);
      const page = await callContract(
        plan.advancedPage,
        { body: { ...condition, pageSize: 5 } },
        { ip },
      );
      expect(page.data.list.length).toBeGreaterThan(0);
      const unknown = await callApi('POST', `${path}?urlPath=/nope`, { body: {}, ip });
      expect(unknown.code).toBe(400);
      expect(unknown.msg).toContain('urlPath');
      const none = await callApi('POST', path, { body: {}, ip });
      expect(none.code).toBe(400);
      expect(none.msg).toContain('/enterprise/suggest');
    },
  );
});

describe('generic upload', () => {
  it('stores a PDF by its content and serves it back', async () => {
    const user = await createTestUser({});
    const form = new FormData();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), '材料.pdf');
    const r = await callContract(uploadFile, {}, { ...as(user), form });
    expect(r.code).toBe(200);
    const key = r.data.split('/').pop()!;
    expect(key).toMatch(/\.pdf$/);
    const file = await callContract({ ...getFile, path: getFile.path.replace('{key}', key) }, {});
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('refuses a script named .pdf', async () => {
    const user = await createTestUser({});
    const form = new FormData();
    form.append('file', new Blob(['<script>alert(1)</script>']), 'x.pdf');
    const r = await callContract(uploadFile, {}, { ...as(user), form });
    expect(r.code).toBe(1001003001);
    expect(r.msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});
