import { eq, sql } from 'drizzle-orm';
import { clueFollowUps, clueMerges, clues, users } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { restoreClue } from '@/lib/shared/clue/clue.contract';
import { bulkRestoreData } from '@/lib/shared/data-management/data-management.contract';
import {
  duplicatePage,
  getDataCenterOverview,
  getDataQuality,
  issuePage,
  mergeClues,
  type DataCenterOverview,
  type DataQuality,
} from '@/lib/shared/data-center/data-center.contract';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { as, CRM_PERMISSIONS, type CrmTeam, seedCrmTeam } from '@/test/helpers/crm-team';

/**
 * 数据中心 on the server (issue 29 item 3): assets, history and quality under each data scope,
 * empty tenants empty, duplicate groups by credit code and by name, and the merge: one
 * transaction, refused outside the scope or for converted or unrelated leads, undone by a restore
 * from either recycle bin.
 */

let t: CrmTeam;
let empty: TestUser;
const L: Record<string, number> = {};
const db = () => getDb();

async function lead(
  owner: number,
  name: string,
  extra: {
    credit?: string;
    mobile?: string;
    email?: string;
    wechat?: string;
    next?: string;
    tenantId?: number;
  } = {},
): Promise<number> {
  const { rows } = await db().execute<{ id: string }>(sql`
    insert into clues (tenant_id, name, credit_code, owner_user_id, creator_user_id, source,
      contact_mobile, contact_email, wechat, next_follow_at)
    values (${extra.tenantId ?? t.admin.tenantId}, ${name}, ${extra.credit ?? null}, ${owner},
      ${owner}, '手动录入', ${extra.mobile ?? null}, ${extra.email ?? null}, ${extra.wechat ?? null},
      ${extra.next ?? null}::timestamptz)
    returning id`);
  return Number(rows[0].id);
}

async function followUps(clueId: number, user: number, k: number): Promise<void> {
  for (let i = 0; i < k; i++)
    await db().execute(sql`
      insert into clue_follow_ups (tenant_id, clue_id, user_id, channel, content, created_at)
      values (${t.admin.tenantId}, ${clueId}, ${user}, '电话', ${`跟进${i}`},
        now() - ${k - i} * interval '1 hour')`);
  await db().execute(sql`update clues set follow_count = follow_count + ${k},
    last_follow_at = now() - interval '1 hour', status = 1 where id = ${clueId}`);
}

const CREDIT = '91350200MA00000001';

beforeAll(async () => {
  t = await seedCrmTeam([...CRM_PERMISSIONS, 'szjk:data-center:'], 'dc');
  empty = await createTestUser({ roleCodes: [BUILT_IN_ROLES.tenantAdmin.code] });
  const s = t.selfOnly.userId;
  L.a = await lead(s, '厦门鹭岛科技有限公司', {
    credit: CREDIT,
    mobile: '13800000001',
    next: '2030-05-01T10:00:00+08:00',
  });
  L.b = await lead(s, '厦门鹭岛科技有限公司 ', {
    credit: ` ${CREDIT.toLowerCase()}`,
    next: '2030-04-01T10:00:00+08:00',
  });
  L.c = await lead(s, '（厦门）星河贸易');
  L.d = await lead(s, '(厦门) 星河贸易', { wechat: 'xinghe' });
  L.e = await lead(t.colleague.userId, '鹭岛科技', { credit: CREDIT, email: 'e@ludao.cn' });
  L.f = await lead(t.marketer.userId, '无联系方式有限公司');
  L.other = await lead(t.outsider.userId, '厦门鹭岛科技有限公司', {
    credit: CREDIT,
    tenantId: t.outsider.tenantId!,
  });
  await followUps(L.a, s, 2);
  await followUps(L.b, s, 1);

  // A member of 销售部 who left: the customer they owned has no owner now.
  const gone = await createTestUser({ tenantId: t.admin.tenantId!, roleCodes: ['employee'] });
  const [sales] = await db()
    .select({ deptId: users.deptId })
    .from(users)
    .where(eq(users.id, t.selfOnly.userId));
  await db()
    .update(users)
    .set({ deptId: sales.deptId, deletedAt: new Date() })
    .where(eq(users.id, gone.userId));
  const customer = (owner: number, name: string, contacts: string) =>
    db()
      .execute(sql`insert into customers (tenant_id, name, source, owner_user_id, creator_user_id, contacts)
      values (${t.admin.tenantId}, ${name}, '手动录入', ${owner}, ${owner}, ${contacts}::jsonb)`);
  await customer(gone.userId, '离职成员的客户', '[{"name":"王"},{"name":"李"}]');
  await customer(t.selfOnly.userId, '本人的客户', '[]');

  await db().execute(sql`insert into enterprise_unlocks (tenant_id, enterprise_id, user_id)
    values (${t.admin.tenantId}, 900000001, ${s}), (${t.admin.tenantId}, 900000002, ${t.admin.userId})`);
  const job = (user: number, kind: string, total: number) =>
    db()
      .execute(sql`insert into background_jobs (tenant_id, user_id, kind, status, title, total, finished_at)
      values (${t.admin.tenantId}, ${user}, ${kind}, 'succeeded', ${kind}, ${total}, now())`);
  await job(s, 'clue_import', 5);
  await job(t.admin.userId, 'data_export', 9);
  await job(s, 'wyw_single', 1);
});

async function ok<T>(p: Promise<{ code?: number; msg?: string; data: T }>): Promise<T> {
  const r = await p;
  expect(r.code === 200 ? 200 : r.msg).toBe(200);
  return r.data;
}
const overview = (u: TestUser): Promise<DataCenterOverview> =>
  ok(callContract(getDataCenterOverview, {}, as(u)));
const quality = (u: TestUser): Promise<DataQuality> => ok(callContract(getDataQuality, {}, as(u)));
const asset = (o: DataCenterOverview, key: string) => o.assets.find((a) => a.key === key);

describe('empty tenant', () => {
  it('answers empty lists, not zeros that look like data', async () => {
    const o = await overview(empty);
    expect(o.assets).toEqual([]);
    expect(o.trend).toEqual([]);
    expect(o.history).toEqual({ total: 0, list: [] });
    const q = await quality(empty);
    expect([q.leads, q.customers]).toEqual([0, 0]);
  });
});

describe('within the data scope', () => {
  it('仅本人 sees only their own assets, trend and jobs', async () => {
    const o = await overview(t.selfOnly);
    expect(asset(o, 'clue')).toMatchObject({ total: 4, recent: 4 });
    expect(asset(o, 'unlock')).toMatchObject({ total: 1 });
    expect(asset(o, 'customer')).toMatchObject({ total: 1 });
    // Contacts: lead a (mobile) and d (WeChat); b and c have none; their customer has none.
    expect(asset(o, 'contact')).toMatchObject({ total: 2 });
    expect(o.trend).toHaveLength(o.days);
    expect(o.trend.at(-1)).toMatchObject({ clue: 4, unlock: 1, customer: 1, contact: 2 });
    expect(o.history.total).toBe(1);
    expect(o.history.list[0]).toMatchObject({
      kind: 'clue_import',
      direction: 'import',
      mine: true,
      rows: 5,
    });
  });

  it('the administrator sees the whole tenant; others see their part; outsiders nothing', async () => {
    const all = await overview(t.admin);
    expect(asset(all, 'clue')!.total).toBe(6);
    expect(asset(all, 'contact')!.total).toBe(5);
    expect(all.history.list.map((j) => [j.kind, j.mine])).toEqual(
      expect.arrayContaining([
        ['clue_import', false],
        ['data_export', true],
      ]),
    );
    expect(all.history.total).toBe(2);
    const dept = await overview(t.deptLead);
    expect(asset(dept, 'clue')!.total).toBe(5);
    const market = await overview(t.marketer);
    expect(asset(market, 'clue')!.total).toBe(1);
    expect(market.history.total).toBe(0);
    expect((await overview(t.outsider)).assets.find((a) => a.key === 'clue')!.total).toBe(1);
  });

  it('a member without the button is refused', async () => {
    const r = await callContract(getDataCenterOverview, {}, as(t.noPerm));
    expect(r.code).toBe(ERRORS.FORBIDDEN.code);
  });

  it('counts quality findings per scope', async () => {
    const self = await quality(t.selfOnly);
    expect(self).toEqual({
      leads: 4,
      customers: 1,
      noContact: 2,
      noOwner: 0,
      duplicates: { creditCode: { groups: 1, leads: 2 }, name: { groups: 1, leads: 2 } },
    });
    const admin = await quality(t.admin);
    expect(admin.noContact).toBe(3);
    expect(admin.noOwner).toBe(1);
    expect(admin.duplicates.creditCode).toEqual({ groups: 1, leads: 3 });
    // 鹭岛科技 (e) shares the credit code but not the name: still one name group (c, d).
    expect(admin.duplicates.name).toEqual({ groups: 1, leads: 2 });
    expect((await quality(t.deptLead)).noOwner).toBe(1);
    expect((await quality(t.marketer)).duplicates.creditCode.groups).toBe(0);
  });

  it('lists the groups with the lead to keep, and the issues with their rows', async () => {
    const page = await ok(
      callContract(duplicatePage, { body: { key: 'creditCode' } }, as(t.admin)),
    );
    expect(page.total).toBe(1);
    expect(page.list[0].leads.map((l) => l.id).sort()).toEqual([L.a, L.b, L.e].sort());
    expect(page.list[0].suggestedKeepId).toBe(L.a);
    const own = await ok(
      callContract(duplicatePage, { body: { key: 'creditCode' } }, as(t.selfOnly)),
    );
    expect(own.list[0].leads.map((l) => l.id).sort()).toEqual([L.a, L.b].sort());
    const names = await ok(callContract(duplicatePage, { body: { key: 'name' } }, as(t.admin)));
    expect(names.list[0].leads.map((l) => l.id).sort()).toEqual([L.c, L.d].sort());
    const gone = await ok(callContract(issuePage, { body: { kind: 'noOwner' } }, as(t.admin)));
    expect(gone.list.map((r) => r.name)).toEqual(['离职成员的客户']);
    const bare = await ok(callContract(issuePage, { body: { kind: 'noContact' } }, as(t.selfOnly)));
    expect(bare.list.map((r) => r.id).sort()).toEqual([L.b, L.c].sort());
  });
});

describe('merge', () => {
  const merge = (u: TestUser, keepId: number, mergeIds: number[]) =>
    callContract(mergeClues, { body: { keepId, mergeIds } }, as(u));
  const row = async (id: number) => (await db().select().from(clues).where(eq(clues.id, id)))[0];
  const followUpsOn = async (id: number) =>
    (await db().select().from(clueFollowUps).where(eq(clueFollowUps.clueId, id))).length;

  it('is refused outside the scope, for unrelated leads and across tenants, moving nothing', async () => {
    expect((await merge(t.selfOnly, L.a, [L.e])).code).toBe(ERRORS.NOT_FOUND.code);
    expect((await merge(t.admin, L.a, [L.other])).code).toBe(ERRORS.NOT_FOUND.code);
    const r = await merge(t.admin, L.a, [L.b, L.f]);
    expect(r.code).toBe(ERRORS.DATA_CENTER_MERGE_NOT_DUPLICATE.code);
    expect(r.msg).toContain('无联系方式有限公司');
    expect(await followUpsOn(L.b)).toBe(1);
    expect((await row(L.b)).deletedAt).toBeNull();
  });

  it('refuses to merge away a converted lead', async () => {
    await db().execute(sql`update clues set status = 2 where id = ${L.d}`);
    const r = await merge(t.selfOnly, L.c, [L.d]);
    expect(r.code).toBe(ERRORS.DATA_CENTER_MERGE_CONVERTED.code);
    await db().execute(sql`update clues set status = 0 where id = ${L.d}`);
  });

  it('moves follow-ups, fills contacts, bins the duplicates; a restore undoes each part', async () => {
    const before = await row(L.a);
    const result = await ok(merge(t.admin, L.a, [L.b, L.e]));
    expect(result).toEqual({ keptId: L.a, merged: 2, movedFollowUps: 1, filledFields: 1 });
    const kept = await row(L.a);
    expect(kept.followCount).toBe(3);
    expect(kept.contactEmail).toBe('e@ludao.cn');
    expect(kept.contactMobile).toBe('13800000001');
    expect(kept.nextFollowAt).toEqual(new Date('2030-04-01T10:00:00+08:00'));
    expect(await followUpsOn(L.a)).toBe(3);
    expect((await row(L.b)).deletedAt).not.toBeNull();
    expect((await row(L.e)).deletedAt).not.toBeNull();
    expect((await quality(t.admin)).duplicates.creditCode.groups).toBe(0);

    // 数据管理's recycle bin restores b: its follow-up and kept lead's next follow-up go back.
    const back = await ok(
      callContract(bulkRestoreData, { body: { entity: 'clue', ids: [L.b] } }, as(t.admin)),
    );
    expect(back).toEqual({ done: 1, failed: [] });
    expect(await followUpsOn(L.b)).toBe(1);
    expect(await followUpsOn(L.a)).toBe(2);
    const afterB = await row(L.a);
    expect(afterB.followCount).toBe(2);
    expect(afterB.nextFollowAt).toEqual(before.nextFollowAt);
    expect(afterB.contactEmail).toBe('e@ludao.cn');

    // The lead list's recycle bin restores e: the e-mail it gave is taken back.
    const r = await callContract(restoreClue, { query: { id: L.e } }, as(t.admin));
    expect(r.code).toBe(200);
    expect((await row(L.a)).contactEmail).toBeNull();
    expect(await db().select().from(clueMerges).where(eq(clueMerges.keptClueId, L.a))).toEqual([]);
    expect((await quality(t.admin)).duplicates.creditCode).toEqual({ groups: 1, leads: 3 });
  });
});
