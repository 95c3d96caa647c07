import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { departments, roleDepts, roles, users } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { ERRORS } from '@/lib/shared/api/error-codes';
import {
  exportDataBoard,
  getDataBoard,
  getDataBoardOptions,
  type DataBoard,
} from '@/lib/shared/data-board/data-board.contract';
import { listStages, type StageView } from '@/lib/shared/opportunity/opportunity.contract';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { as, CRM_PERMISSIONS, scopedRole } from '@/test/helpers/crm-team';

/**
 * 数据看板 on the server (issue 29 item 2): the figures on planted data, the five data scopes,
 * filters outside the scope refused, other tenants refused, empty tenants empty, and the .xlsx
 * export read back with the same figures.
 */

const PERMS = [...CRM_PERMISSIONS, 'szjk:data-board:'];
const RANGE = { from: '2026-03-01', to: '2026-03-31' };

type Team = {
  admin: TestUser;
  selfOnly: TestUser;
  colleague: TestUser;
  deptLead: TestUser;
  deptTree: TestUser;
  custom: TestUser;
  marketer: TestUser;
  noPerm: TestUser;
  outsider: TestUser;
  sales: number;
  group: number;
  market: number;
};
let t: Team;
let stages: StageView[];

const db = () => getDb();

async function lead(
  tenantId: number,
  owner: number,
  createdAt: string,
  extra: { source?: string; province?: string | null; section?: string | null; deleted?: boolean },
): Promise<number> {
  const { rows } = await db().execute<{ id: string }>(sql`
    insert into clues (tenant_id, name, owner_user_id, creator_user_id, source, province_code,
      industry_section, created_at, updated_at, deleted_at)
    values (${tenantId}, ${`看板线索${Math.random().toString(36).slice(2, 10)}`}, ${owner}, ${owner},
      ${extra.source ?? '企业搜索'}, ${extra.province ?? null}, ${extra.section ?? null},
      ${createdAt}::timestamptz, ${createdAt}::timestamptz,
      ${extra.deleted ? sql`now()` : null})
    returning id`);
  return Number(rows[0].id);
}

async function customer(
  tenantId: number,
  owner: number,
  createdAt: string,
  fromClueId: number | null,
): Promise<number> {
  const { rows } = await db().execute<{ id: string }>(sql`
    insert into customers (tenant_id, name, source, owner_user_id, creator_user_id, from_clue_id,
      created_at, updated_at)
    values (${tenantId}, ${`看板客户${Math.random().toString(36).slice(2, 10)}`},
      ${fromClueId ? '线索转化' : '手动录入'}, ${owner}, ${owner}, ${fromClueId},
      ${createdAt}::timestamptz, ${createdAt}::timestamptz)
    returning id`);
  return Number(rows[0].id);
}

async function opportunity(
  tenantId: number,
  owner: number,
  customerId: number,
  o: { stage: string; amount: number; createdAt: string; closedAt?: string },
): Promise<void> {
  const s = stages.find((x) => x.name === o.stage)!;
  await db().execute(sql`
    insert into opportunities (tenant_id, customer_id, name, amount, stage_id, status, probability,
      owner_user_id, creator_user_id, closed_at, lost_reason, created_at, updated_at)
    values (${tenantId}, ${customerId}, '看板商机', ${o.amount}, ${s.id}, ${s.type},
      ${s.probability}, ${owner}, ${owner}, ${o.closedAt ?? null}::timestamptz,
      ${s.type === 'lost' ? '价格' : null}, ${o.createdAt}::timestamptz, ${o.createdAt}::timestamptz)`);
}

async function followUp(
  tenantId: number,
  user: number,
  createdAt: string,
  target: { clueId?: number; customerId?: number },
): Promise<void> {
  if (target.clueId)
    await db().execute(sql`
      insert into clue_follow_ups (tenant_id, clue_id, user_id, channel, content, created_at)
      values (${tenantId}, ${target.clueId}, ${user}, '电话', '看板跟进', ${createdAt}::timestamptz)`);
  else
    await db().execute(sql`
      insert into customer_follow_ups (tenant_id, customer_id, user_id, channel, content, created_at)
      values (${tenantId}, ${target.customerId}, ${user}, '电话', '看板跟进', ${createdAt}::timestamptz)`);
}

beforeAll(async () => {
  const tag = `${process.pid}${Math.floor(Math.random() * 1e6)}`;
  const admin = await createTestUser({
    roleCodes: [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
    edition: 3,
  });
  const outsider = await createTestUser({ roleCodes: [BUILT_IN_ROLES.tenantAdmin.code] });
  const tenantId = admin.tenantId!;
  const code = (s: string) => `board_${s}_${tag}`;
  await scopedRole(code('self'), 5, PERMS);
  await scopedRole(code('dept'), 3, PERMS);
  await scopedRole(code('tree'), 4, PERMS);
  await scopedRole(code('custom'), 2, PERMS);
  await scopedRole(code('none'), 5, CRM_PERMISSIONS);
  const [sales] = await db()
    .insert(departments)
    .values({ tenantId, name: '销售部' })
    .returning({ id: departments.id });
  const [group] = await db()
    .insert(departments)
    .values({ tenantId, name: '销售一组', parentId: sales.id })
    .returning({ id: departments.id });
  const [market] = await db()
    .insert(departments)
    .values({ tenantId, name: '市场部' })
    .returning({ id: departments.id });
  const [customRole] = await db()
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.code, code('custom')));
  await db().insert(roleDepts).values({ roleId: customRole.id, deptId: market.id });
  const member = async (role: string, deptId: number) => {
    const u = await createTestUser({ tenantId, roleCodes: [code(role)] });
    await db().update(users).set({ deptId }).where(eq(users.id, u.userId));
    return u;
  };
  t = {
    admin,
    outsider,
    selfOnly: await member('self', sales.id),
    colleague: await member('self', group.id),
    deptLead: await member('dept', sales.id),
    deptTree: await member('tree', sales.id),
    custom: await member('custom', sales.id),
    marketer: await member('self', market.id),
    noPerm: await member('none', sales.id),
    sales: sales.id,
    group: group.id,
    market: market.id,
  };
  const st = await callContract(listStages, {}, as(admin));
  stages = st.data;

  // selfOnly: five leads in March (China time), one the day before, one deleted.
  const s = t.selfOnly.userId;
  const a = await lead(tenantId, s, '2026-03-02T10:00:00+08:00', {
    province: '350000',
    section: 'I',
  });
  const b = await lead(tenantId, s, '2026-03-03T00:30:00+08:00', {
    province: '350000',
    section: 'I',
  });
  await lead(tenantId, s, '2026-03-10T09:00:00+08:00', { province: '110000', section: 'C' });
  await lead(tenantId, s, '2026-03-20T09:00:00+08:00', { source: '手动录入' });
  await lead(tenantId, s, '2026-03-31T23:30:00+08:00', { source: '手动录入' });
  await lead(tenantId, s, '2026-02-28T23:59:00+08:00', {});
  await lead(tenantId, s, '2026-03-05T09:00:00+08:00', { deleted: true });
  const custA = await customer(tenantId, s, '2026-03-04T10:00:00+08:00', a);
  const custB = await customer(tenantId, s, '2026-03-09T00:30:00+08:00', b);
  await opportunity(tenantId, s, custA, {
    stage: '赢单',
    amount: 1_000_000,
    createdAt: '2026-03-05T10:00:00+08:00',
    closedAt: '2026-03-15T10:00:00+08:00',
  });
  await opportunity(tenantId, s, custB, {
    stage: '初步接洽',
    amount: 200_000,
    createdAt: '2026-03-12T00:30:00+08:00',
  });
  await followUp(tenantId, s, '2026-03-02T11:00:00+08:00', { clueId: a });
  await followUp(tenantId, s, '2026-03-02T15:00:00+08:00', { clueId: a });
  await followUp(tenantId, s, '2026-03-20T11:00:00+08:00', { clueId: b });
  await followUp(tenantId, s, '2026-03-05T11:00:00+08:00', { customerId: custA });
  await followUp(tenantId, s, '2026-04-01T00:10:00+08:00', { clueId: b });

  // colleague (销售一组): two leads from the map, one follow-up.
  const c1 = await lead(tenantId, t.colleague.userId, '2026-03-10T09:00:00+08:00', {
    source: '地图拓客',
  });
  await lead(tenantId, t.colleague.userId, '2026-03-11T09:00:00+08:00', { source: '地图拓客' });
  await followUp(tenantId, t.colleague.userId, '2026-03-10T12:00:00+08:00', { clueId: c1 });

  // marketer (市场部): three leads, a follow-up, a customer typed in with an open and a lost deal.
  const m1 = await lead(tenantId, t.marketer.userId, '2026-03-06T09:00:00+08:00', {
    source: 'AI 助手',
  });
  await lead(tenantId, t.marketer.userId, '2026-03-07T09:00:00+08:00', { source: 'AI 助手' });
  await lead(tenantId, t.marketer.userId, '2026-03-08T09:00:00+08:00', { source: 'AI 助手' });
  await followUp(tenantId, t.marketer.userId, '2026-03-10T12:00:00+08:00', { clueId: m1 });
  const custM = await customer(tenantId, t.marketer.userId, '2026-03-06T12:00:00+08:00', null);
  await opportunity(tenantId, t.marketer.userId, custM, {
    stage: '需求确认',
    amount: 300_000,
    createdAt: '2026-03-06T12:00:00+08:00',
  });
  await opportunity(tenantId, t.marketer.userId, custM, {
    stage: '输单',
    amount: 50_000,
    createdAt: '2026-02-01T12:00:00+08:00',
    closedAt: '2026-02-10T12:00:00+08:00',
  });

  // deptLead: one lead.
  await lead(tenantId, t.deptLead.userId, '2026-03-15T09:00:00+08:00', {});

  // Another tenant's lead in the same month.
  await lead(outsider.tenantId!, outsider.userId, '2026-03-15T09:00:00+08:00', {});
});

async function board(u: TestUser, body: Record<string, unknown> = {}): Promise<DataBoard> {
  const r = await callContract(getDataBoard, { body: { ...RANGE, ...body } }, as(u));
  expect(r.code === 200 ? 200 : r.msg).toBe(200);
  return r.data;
}

const leadsOf = (b: DataBoard) => b.funnel[0]?.count ?? 0;
const followUpsOf = (b: DataBoard) => b.trend.reduce((n, x) => n + x.followUps, 0);

describe('figures on planted data', () => {
  it('counts the funnel with rates and median days between the steps', async () => {
    const b = await board(t.selfOnly);
    expect(b.bucket).toBe('day');
    expect(b.funnel.map((s) => [s.key, s.count, s.rateFromPrevious, s.medianDays])).toEqual([
      ['lead', 5, null, null],
      ['customer', 2, 0.4, 4],
      ['opportunity', 2, 1, 2],
      ['won', 1, 0.5, 10],
    ]);
    expect(b.funnel[3].rateFromLeads).toBeCloseTo(0.2);
  });

  it('buckets leads and follow-ups by China day, and by week for long ranges', async () => {
    const b = await board(t.selfOnly);
    expect(b.trend).toHaveLength(31);
    const day = (d: string) => b.trend.find((x) => x.start === d)!;
    expect(day('2026-03-02')).toEqual({ start: '2026-03-02', leads: 1, followUps: 2 });
    expect(day('2026-03-03')).toEqual({ start: '2026-03-03', leads: 1, followUps: 0 });
    expect(day('2026-03-31').leads).toBe(1);
    expect(followUpsOf(b)).toBe(4);
    const weeks = await board(t.selfOnly, { from: '2026-01-01', to: '2026-04-30' });
    expect(weeks.bucket).toBe('week');
    expect(weeks.trend[0].start).toBe('2025-12-29');
    expect(weeks.trend.every((w) => new Date(`${w.start}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(weeks.trend.reduce((n, x) => n + x.leads, 0)).toBe(6);
    expect(followUpsOf(weeks)).toBe(5);
  });

  it('splits leads by source, region and industry, and sums the pipeline', async () => {
    const b = await board(t.admin);
    expect(leadsOf(b)).toBe(11);
    expect(b.bySource).toEqual([
      { source: '企业搜索', leads: 4, converted: 2, rate: 0.5 },
      { source: 'AI 助手', leads: 3, converted: 0, rate: 0 },
      { source: '地图拓客', leads: 2, converted: 0, rate: 0 },
      { source: '手动录入', leads: 2, converted: 0, rate: 0 },
    ]);
    expect(b.byRegion).toEqual([
      { code: null, name: '未填写', leads: 8 },
      { code: '350000', name: '福建省', leads: 2 },
      { code: '110000', name: '北京市', leads: 1 },
    ]);
    expect(b.byIndustry.map((r) => [r.code, r.leads])).toEqual([
      [null, 8],
      ['I', 2],
      ['C', 1],
    ]);
    expect(b.byIndustry[1].name).toContain('信息传输');
    const stage = (name: string) => b.pipeline.find((p) => p.name === name)!;
    expect(stage('初步接洽')).toMatchObject({ count: 1, amount: 200_000, weightedAmount: 20_000 });
    expect(stage('需求确认')).toMatchObject({ count: 1, amount: 300_000, weightedAmount: 90_000 });
    expect(stage('赢单')).toMatchObject({ count: 1, amount: 1_000_000 });
    // Lost in February: outside the range.
    expect(stage('输单').count).toBe(0);
  });

  it('lists members with their leads, follow-ups, customers and won deals', async () => {
    const b = await board(t.admin);
    const row = (u: TestUser) => b.byMember.find((m) => m.userId === u.userId);
    expect(row(t.selfOnly)).toMatchObject({
      deptName: '销售部',
      leads: 5,
      followUps: 4,
      customers: 2,
      wonCount: 1,
      wonAmount: 1_000_000,
    });
    expect(row(t.marketer)).toMatchObject({ leads: 3, followUps: 1, customers: 1, wonCount: 0 });
    expect(row(t.colleague)).toMatchObject({ deptName: '销售一组', leads: 2, followUps: 1 });
    // Members without any figure are not listed as zeros.
    expect(row(t.noPerm)).toBeUndefined();
    expect(b.byMember[0].userId).toBe(t.selfOnly.userId);
  });

  it('shows an empty tenant as empty, not as zeros', async () => {
    const fresh = await createTestUser({ roleCodes: [BUILT_IN_ROLES.tenantAdmin.code] });
    const b = await board(fresh);
    expect(b).toMatchObject({
      funnel: [],
      trend: [],
      bySource: [],
      byMember: [],
      byRegion: [],
      byIndustry: [],
      pipeline: [],
    });
  });
});

describe('data scope', () => {
  it('applies each of the five scopes', async () => {
    // 全部
    expect(leadsOf(await board(t.admin))).toBe(11);
    // 仅本人: only their own numbers.
    const self = await board(t.selfOnly);
    expect(leadsOf(self)).toBe(5);
    expect(self.byMember.map((m) => m.userId)).toEqual([t.selfOnly.userId]);
    expect(self.pipeline.find((p) => p.name === '需求确认')!.count).toBe(0);
    // 本部门 (销售部, not 销售一组)
    const dept = await board(t.deptLead);
    expect(leadsOf(dept)).toBe(6);
    expect(dept.byMember.map((m) => m.userId).sort()).toEqual(
      [t.selfOnly.userId, t.deptLead.userId].sort(),
    );
    // 本部门及以下 (销售部 and 销售一组)
    expect(leadsOf(await board(t.deptTree))).toBe(8);
    // 自定义 (市场部) and self
    const custom = await board(t.custom);
    expect(leadsOf(custom)).toBe(3);
    expect(custom.byMember.map((m) => m.userId)).toEqual([t.marketer.userId]);
  });

  it('offers only departments and members inside the scope', async () => {
    const self = await callContract(getDataBoardOptions, {}, as(t.selfOnly));
    expect(self.data).toMatchObject({ scope: 'members', depts: [] });
    expect(self.data.members.map((m) => m.id)).toEqual([t.selfOnly.userId]);
    const tree = await callContract(getDataBoardOptions, {}, as(t.deptTree));
    expect(tree.data.depts.map((d) => d.id).sort()).toEqual([t.sales, t.group].sort());
    const admin = await callContract(getDataBoardOptions, {}, as(t.admin));
    expect(admin.data.scope).toBe('all');
    expect(admin.data.depts.map((d) => d.name)).toEqual(
      expect.arrayContaining(['销售部', '销售一组', '市场部']),
    );
  });

  it('filters by department (with the departments below) and by member', async () => {
    expect(leadsOf(await board(t.admin, { deptIds: [t.sales] }))).toBe(8);
    expect(leadsOf(await board(t.admin, { deptIds: [t.group] }))).toBe(2);
    expect(leadsOf(await board(t.admin, { memberIds: [t.marketer.userId] }))).toBe(3);
    expect(
      leadsOf(await board(t.admin, { deptIds: [t.group], memberIds: [t.marketer.userId] })),
    ).toBe(5);
    expect(leadsOf(await board(t.deptTree, { deptIds: [t.group] }))).toBe(2);
  });

  it('refuses a filter outside the scope', async () => {
    const refused = ERRORS.DATA_BOARD_FILTER_OUT_OF_SCOPE.code;
    const cases: [TestUser, Record<string, unknown>][] = [
      [t.selfOnly, { memberIds: [t.colleague.userId] }],
      [t.selfOnly, { deptIds: [t.sales] }],
      [t.deptLead, { deptIds: [t.group] }],
      [t.custom, { deptIds: [t.sales] }],
      [t.outsider, { deptIds: [t.sales] }],
      [t.outsider, { memberIds: [t.selfOnly.userId] }],
    ];
    for (const [u, filter] of cases) {
      const r = await callContract(getDataBoard, { body: { ...RANGE, ...filter } }, as(u));
      expect([r.code, r.data]).toEqual([refused, null]);
      const x = await callContract(exportDataBoard, { body: { ...RANGE, ...filter } }, as(u));
      expect(x.code).toBe(refused);
    }
  });

  it('refuses other tenants, callers without the permission and bad ranges', async () => {
    // The outsider's own tenant: none of this tenant's figures (their one lead only).
    const own = await board(t.outsider);
    expect(leadsOf(own)).toBe(1);
    // The outsider's token with this tenant's id.
    const cross = await callContract(
      getDataBoard,
      { body: RANGE },
      { token: t.outsider.accessToken, tenantId: t.admin.tenantId },
    );
    expect(cross.code).not.toBe(200);
    expect(cross.data ?? null).toBeNull();
    const noPerm = await callContract(getDataBoard, { body: RANGE }, as(t.noPerm));
    expect(noPerm.code).toBe(403);
    const noExport = await callContract(exportDataBoard, { body: RANGE }, as(t.noPerm));
    expect(noExport.code).toBe(403);
    const reversed = await callContract(
      getDataBoard,
      { body: { from: '2026-03-31', to: '2026-03-01' } },
      as(t.admin),
    );
    expect([reversed.code, reversed.msg]).toEqual([400, '结束日期不能早于开始日期']);
    const long = await callContract(
      getDataBoard,
      { body: { from: '2025-01-01', to: '2026-03-01' } },
      as(t.admin),
    );
    expect(long.code).toBe(400);
  });
});

describe('export', () => {
  it('writes an .xlsx that opens with the same figures', async () => {
    const filter = { ...RANGE, deptIds: [t.sales] };
    const b = await board(t.admin, filter);
    const r = await callContract(exportDataBoard, { body: filter }, as(t.admin));
    expect(r.status).toBe(200);
    expect(r.res.headers.get('content-type')).toContain('spreadsheetml');
    expect(r.res.headers.get('content-disposition')).toContain('.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await r.res.arrayBuffer()) as unknown as ArrayBuffer);
    const rows = (name: string) => {
      const ws = wb.getWorksheet(name)!;
      const out: unknown[][] = [];
      ws.eachRow((row, i) => {
        if (i > 1) out.push((row.values as unknown[]).slice(1));
      });
      return out;
    };
    expect(rows('筛选条件')[1]).toEqual(['部门', '销售部']);
    expect(rows('转化漏斗').map((r) => r[1])).toEqual(b.funnel.map((s) => s.count));
    expect(rows('转化漏斗')[1]).toEqual(['转为客户', 2, '25.0%', '25.0%', 4]);
    expect(rows('新增线索与跟进')).toEqual(b.trend.map((x) => [x.start, x.leads, x.followUps]));
    expect(rows('按来源').map((r) => [r[0], r[1], r[2]])).toEqual(
      b.bySource.map((s) => [s.source, s.leads, s.converted]),
    );
    expect(rows('按成员').map((r) => [r[0], r[2], r[3], r[6]])).toEqual(
      b.byMember.map((m) => [m.name, m.leads, m.followUps, m.wonAmount / 100]),
    );
    expect(rows('按地区')).toEqual(b.byRegion.map((x) => [x.name, x.leads]));
    expect(rows('按行业')).toEqual(b.byIndustry.map((x) => [x.name, x.leads]));
    expect(rows('商机阶段').map((r) => [r[0], r[2], r[3]])).toEqual(
      b.pipeline.map((p) => [p.name, p.count, p.amount / 100]),
    );
  });
});

describe('follow-up day counts', () => {
  it('follow a deleted follow-up and one moved to another day (statement triggers)', async () => {
    const long = { from: '2026-01-01', to: '2026-04-30' };
    expect(followUpsOf(await board(t.selfOnly, long))).toBe(5);
    await db().execute(
      sql`delete from clue_follow_ups where user_id = ${t.selfOnly.userId} and created_at >= '2026-04-01T00:00:00+08:00'`,
    );
    expect(followUpsOf(await board(t.selfOnly, long))).toBe(4);
    await db().execute(
      sql`update clue_follow_ups set created_at = '2026-04-02T09:00:00+08:00' where user_id = ${t.selfOnly.userId} and created_at = '2026-03-20T11:00:00+08:00'`,
    );
    const after = await board(t.selfOnly, long);
    expect(followUpsOf(after)).toBe(4);
    expect(followUpsOf(await board(t.selfOnly))).toBe(3);
  });
});
