import { and, eq } from 'drizzle-orm';
import { menus, roleMenus, roles } from '@/db/schema';
import { seedPlatform } from '@/db/seed/platform';
import { getDb, getPool } from '@/lib/server/platform/db';
import { plantEnterprise } from '@/lib/server/enterprise/__tests__/fixtures';
import { setContactSource } from '@/lib/server/crm/contact-source';
import { createDemoContactSource } from '@/lib/server/crm/contact-source/demo-contact-source';
import { startTestJobRunner } from '@/test/helpers/job-runner';
import type { JobRunner } from '@/lib/server/platform/jobs/job-runner';
import { wywSingleJob } from '@/lib/server/crm/wyw/wyw-single.job';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { wywCollect } from '@/lib/shared/wyw/wyw.contract';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { scopedRole } from '@/test/helpers/crm-team';

/**
 * Issue 28 item 6: 挖一挖 (/szjk/enterprise/wyw-collect) asks the paid contact provider, yet any
 * member could call it whatever their role. It now needs szjk:enterprise:wyw, which the built-in
 * roles hold and which, when first seeded, every role that could unlock contacts received.
 */
const tag = `${process.pid}${Math.floor(Math.random() * 1e5)}`;
const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });
let runner: JobRunner;
let entId: number;

beforeAll(async () => {
  setContactSource(createDemoContactSource({ latencyMs: 2, concurrency: 4 }));
  runner = await startTestJobRunner([wywSingleJob]);
  entId = (await plantEnterprise({ name: `挖一挖权限${tag}有限公司` })).id;
});
afterAll(() => runner.stop());

it('is refused to a member whose role lacks the permission', async () => {
  await scopedRole(`wyw_none_${tag}`, 1, ['szjk:clue:']);
  const admin = await createTestUser({ roleCodes: [BUILT_IN_ROLES.admin.code], edition: 3 });
  const member = await createTestUser({
    tenantId: admin.tenantId!,
    roleCodes: [`wyw_none_${tag}`],
  });
  const r = await callContract(wywCollect, { body: { entId } }, as(member));
  expect({ code: r.code, msg: r.msg }).toEqual({
    code: ERRORS.FORBIDDEN.code,
    msg: ERRORS.FORBIDDEN.msg,
  });
});

it.each([BUILT_IN_ROLES.employee.code, BUILT_IN_ROLES.admin.code])(
  'the built-in role %s still may',
  async (role) => {
    const u = await createTestUser({ roleCodes: [role], edition: 3 });
    const r = await callContract(wywCollect, { body: { entId } }, as(u));
    expect(r.code === 200 ? 200 : r.msg).toBe(200);
  },
);

it('a tenant’s own role that could unlock contacts keeps 挖一挖 once the guard is seeded', async () => {
  const db = getDb();
  const [wyw] = await db
    .select({ id: menus.id })
    .from(menus)
    .where(eq(menus.permission, 'szjk:enterprise:wyw'));
  expect(wyw).toBeDefined();
  // A database from before the guard: no such button, a tenant role with 解锁联系方式.
  await db.delete(roleMenus).where(eq(roleMenus.menuId, wyw.id));
  await db.delete(menus).where(eq(menus.id, wyw.id));
  await scopedRole(`wyw_unlock_${tag}`, 1, ['szjk:enterprise:unlock']);
  await scopedRole(`wyw_clue_only_${tag}`, 1, ['szjk:clue:']);
  await seedPlatform(getPool(), { demoPasswords: false });

  const admin = await createTestUser({ roleCodes: [BUILT_IN_ROLES.admin.code], edition: 3 });
  const unlocker = await createTestUser({
    tenantId: admin.tenantId!,
    roleCodes: [`wyw_unlock_${tag}`],
  });
  const clueOnly = await createTestUser({
    tenantId: admin.tenantId!,
    roleCodes: [`wyw_clue_only_${tag}`],
  });
  expect((await callContract(wywCollect, { body: { entId } }, as(unlocker))).code).toBe(200);
  expect((await callContract(wywCollect, { body: { entId } }, as(clueOnly))).code).toBe(
    ERRORS.FORBIDDEN.code,
  );
  // Granted once: a tenant that takes it away again keeps it away on the next start.
  const [role] = await db
    .select({ roleId: roleMenus.roleId })
    .from(roleMenus)
    .innerJoin(roles, eq(roles.id, roleMenus.roleId))
    .where(and(eq(roleMenus.menuId, wyw.id), eq(roles.code, `wyw_unlock_${tag}`)));
  await db
    .delete(roleMenus)
    .where(and(eq(roleMenus.menuId, wyw.id), eq(roleMenus.roleId, role.roleId)));
  await seedPlatform(getPool(), { demoPasswords: false });
  expect((await callContract(wywCollect, { body: { entId } }, as(unlocker))).code).toBe(
    ERRORS.FORBIDDEN.code,
  );
}, 60_000);
