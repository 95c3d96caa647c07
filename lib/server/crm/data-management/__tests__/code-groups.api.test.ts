import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { clues, deletedOpportunities } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { CLUE_MESSAGES } from '@/lib/shared/clue/clue.constants';
import {
  createClue,
  createFollowUp,
  getClueSourceList,
  updateClue,
} from '@/lib/shared/clue/clue.contract';
import { createCustomer } from '@/lib/shared/customer/customer.contract';
import {
  createOpportunity,
  deleteOpportunity,
} from '@/lib/shared/opportunity/opportunity.contract';
import {
  createCodeValue,
  deleteCodeValue,
  listCodeGroups,
  sortCodeValues,
  updateCodeValue,
} from '@/lib/shared/code-group/code-group.contract';
import {
  bulkDeleteData,
  bulkRestoreData,
  dataRecordPage,
  exportAllData,
  getDataOverview,
  purgeData,
  updateDataSettings,
} from '@/lib/shared/data-management/data-management.contract';
import type { JobView } from '@/lib/shared/jobs/job.types';
import { downloadJobFile, getJob } from '@/lib/shared/jobs/job.contract';
import { startJobRunner, type JobRunner } from '@/lib/server/platform/jobs/job-runner';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { installMemoryFileStorage } from '@/test/helpers/memory-storage';
import { as } from '@/test/helpers/crm-team';
import { dataExportJob } from '../data-export';
import { purgeExpired } from '../data-management.service';

/**
 * Code groups and data management (issue 29 item 4, ADR 0183) against a real database: the
 * tenant's dictionaries (CRUD, order, in-use values refused on delete, disabled values refused on
 * save, other tenants and employees refused), and the administrator's export, bulk delete, recycle
 * bin, restore and purge.
 */

installMemoryFileStorage();
const tag = `${process.pid}${Math.floor(Math.random() * 1e5)}`;
let runner: JobRunner;
let admin: TestUser;
let employee: TestUser;
let outsider: TestUser;

async function ok<T>(r: { code?: number; msg?: string; data: T }): Promise<T> {
  expect(r.code === 200 ? 200 : r.msg).toBe(200);
  return r.data;
}

async function group(u: TestUser, key: string) {
  const groups = await ok(await callContract(listCodeGroups, {}, as(u)));
  return groups.find((g) => g.key === key)!;
}

beforeAll(async () => {
  runner = await startJobRunner({
    connectionString: process.env.DATABASE_URL!,
    kinds: [dataExportJob],
    pollingIntervalSeconds: 0.5,
    staleAfterSeconds: 5,
    sweepIntervalSeconds: 1,
    log: () => undefined,
  });
  admin = await createTestUser({
    roleCodes: [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
    edition: 3,
  });
  employee = await createTestUser({
    tenantId: admin.tenantId!,
    roleCodes: [BUILT_IN_ROLES.employee.code],
  });
  outsider = await createTestUser({ roleCodes: [BUILT_IN_ROLES.tenantAdmin.code] });
});
afterAll(() => runner.stop());

describe('code groups', () => {
  it('gives every member the platform defaults until the administrator edits them', async () => {
    const sources = await group(employee, 'clueSource');
    expect(sources.isDefault).toBe(true);
    expect(sources.values.map((v) => v.code)).toContain('手动录入');
    const levels = await group(employee, 'customerLevel');
    expect(levels.values.map((v) => [v.code, v.label])).toEqual([
      ['A', '重点客户'],
      ['B', '普通客户'],
      ['C', '次要客户'],
    ]);
  });

  it('adds, renames, reorders and disables values; a new lead source works on leads', async () => {
    const label = `展会${tag}`.slice(0, 20);
    const created = await ok(
      await callContract(createCodeValue, { body: { group: 'clueSource', label } }, as(admin)),
    );
    expect(created).toMatchObject({ code: label, label, enabled: true, builtIn: false });
    const dup = await callContract(
      createCodeValue,
      { body: { group: 'clueSource', label } },
      as(admin),
    );
    expect(dup.msg).toBe(`编码「${label}」已存在`);

    let g = await group(admin, 'clueSource');
    expect(g.isDefault).toBe(false);
    expect(g.values.at(-1)?.code).toBe(label);
    // The sources call and the lead form read the tenant's list.
    expect((await callContract(getClueSourceList, {}, as(employee))).data).toContain(label);

    const renamed = `${label.slice(0, 17)}新`;
    await ok(
      await callContract(
        updateCodeValue,
        { body: { group: 'clueSource', code: label, label: renamed } },
        as(admin),
      ),
    );
    const codes = [label, ...g.values.filter((v) => v.code !== label).map((v) => v.code)];
    await ok(
      await callContract(sortCodeValues, { body: { group: 'clueSource', codes } }, as(admin)),
    );
    g = await group(admin, 'clueSource');
    expect(g.values[0]).toMatchObject({ code: label, label: renamed });
    const stale = await callContract(
      sortCodeValues,
      { body: { group: 'clueSource', codes: codes.slice(1) } },
      as(admin),
    );
    expect(stale.msg).toBe('该组的值已变化，请刷新后重试');

    const id = await ok(
      await callContract(
        createClue,
        { body: { name: `来源线索${tag}`, source: label } },
        as(admin),
      ),
    );
    const [row] = await getDb().select().from(clues).where(eq(clues.id, id));
    expect(row.source).toBe(label);
  });

  it('refuses a disabled or unknown value on a new lead, keeps it on an old one', async () => {
    const label = `停用${tag}`.slice(0, 20);
    await ok(
      await callContract(createCodeValue, { body: { group: 'clueSource', label } }, as(admin)),
    );
    const oldId = await ok(
      await callContract(createClue, { body: { name: `旧线索${tag}`, source: label } }, as(admin)),
    );
    await ok(
      await callContract(
        updateCodeValue,
        { body: { group: 'clueSource', code: label, enabled: false } },
        as(admin),
      ),
    );
    const refused = await callContract(
      createClue,
      { body: { name: `新线索${tag}`, source: label } },
      as(admin),
    );
    expect({ code: refused.code, msg: refused.msg }).toEqual({
      code: ERRORS.BAD_REQUEST.code,
      msg: `线索来源「${label}」不存在或已停用`,
    });
    const unknown = await callContract(
      createClue,
      { body: { name: `新线索${tag}`, source: '随便' } },
      as(admin),
    );
    expect(unknown.msg).toBe(CLUE_MESSAGES.sourceInvalid);
    // The old lead keeps its (now disabled) source when saved again.
    await ok(
      await callContract(
        updateClue,
        { body: { id: oldId, name: `旧线索${tag}`, source: label } },
        as(admin),
      ),
    );
    // A disabled follow-up kind is refused too.
    await ok(
      await callContract(
        updateCodeValue,
        { body: { group: 'followUpChannel', code: '邮件', enabled: false } },
        as(admin),
      ),
    );
    const follow = await callContract(
      createFollowUp,
      { body: { clueId: oldId, channel: '邮件', content: '发了邮件' } },
      as(admin),
    );
    expect(follow.msg).toBe('跟进方式「邮件」不存在或已停用');
  });

  it('refuses to delete a value in use or a built-in one; deletes an unused one', async () => {
    const used = `在用${tag}`.slice(0, 20);
    await ok(
      await callContract(
        createCodeValue,
        { body: { group: 'customerLevel', label: '战略客户', code: `S${tag}`.slice(0, 20) } },
        as(admin),
      ),
    );
    await ok(
      await callContract(
        createCodeValue,
        { body: { group: 'clueSource', label: used } },
        as(admin),
      ),
    );
    await ok(
      await callContract(createClue, { body: { name: `在用线索${tag}`, source: used } }, as(admin)),
    );
    const inUse = await callContract(
      deleteCodeValue,
      { query: { group: 'clueSource', code: used } },
      as(admin),
    );
    expect(inUse.msg).toBe(`「${used}」已被 1 条记录使用，不能删除，可停用`);
    const builtIn = await callContract(
      deleteCodeValue,
      { query: { group: 'clueSource', code: '其他' } },
      as(admin),
    );
    expect(builtIn.msg).toBe('「其他」是系统预置值，不能删除，可停用');

    // A new customer level works on customers, then cannot go while a customer has it.
    const level = `S${tag}`.slice(0, 20);
    await ok(
      await callContract(
        createCustomer,
        { body: { name: `战略客户${tag}`, level, contacts: [] } },
        as(admin),
      ),
    );
    const levelInUse = await callContract(
      deleteCodeValue,
      { query: { group: 'customerLevel', code: level } },
      as(admin),
    );
    expect(levelInUse.msg).toBe('「战略客户」已被 1 条记录使用，不能删除，可停用');

    const spare = `备用${tag}`.slice(0, 20);
    await ok(
      await callContract(
        createCodeValue,
        { body: { group: 'lostReason', label: spare } },
        as(admin),
      ),
    );
    await ok(
      await callContract(
        deleteCodeValue,
        { query: { group: 'lostReason', code: spare } },
        as(admin),
      ),
    );
    const g = await group(admin, 'lostReason');
    expect(g.values.map((v) => v.code)).not.toContain(spare);
  });

  it('lets only administrators edit, and only their own tenant', async () => {
    const label = `员工${tag}`.slice(0, 20);
    const byEmployee = await callContract(
      createCodeValue,
      { body: { group: 'clueSource', label } },
      as(employee),
    );
    expect(byEmployee.code).toBe(ERRORS.FORBIDDEN.code);
    const del = await callContract(
      deleteCodeValue,
      { query: { group: 'clueSource', code: '其他' } },
      as(employee),
    );
    expect(del.code).toBe(ERRORS.FORBIDDEN.code);
    // The other tenant's administrator edits its own groups only: ours stay as they were.
    const before = await group(admin, 'clueSource');
    await ok(
      await callContract(
        updateCodeValue,
        { body: { group: 'clueSource', code: '其他', label: '别家的其他' } },
        as(outsider),
      ),
    );
    expect(await group(admin, 'clueSource')).toEqual(before);
    expect((await group(outsider, 'clueSource')).values.find((v) => v.code === '其他')?.label).toBe(
      '别家的其他',
    );
    // A value only the other tenant has is refused here.
    const theirs = `别家${tag}`.slice(0, 20);
    await ok(
      await callContract(
        createCodeValue,
        { body: { group: 'clueSource', label: theirs } },
        as(outsider),
      ),
    );
    const r = await callContract(
      createClue,
      { body: { name: `x${tag}`, source: theirs } },
      as(admin),
    );
    expect(r.msg).toBe(CLUE_MESSAGES.sourceInvalid);
  });
});

describe('data management', () => {
  async function finished(u: TestUser, id: number): Promise<JobView> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const job = (await callContract(getJob, { query: { id } }, as(u))).data;
      if (job && ['succeeded', 'failed', 'cancelled'].includes(job.status)) return job;
      if (Date.now() > deadline) throw new Error(`job ${id} did not finish`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('exports leads, follow-ups, customers and opportunities in one workbook', async () => {
    const clueId = await ok(
      await callContract(createClue, { body: { name: `导出线索${tag}` } }, as(admin)),
    );
    await ok(
      await callContract(
        createFollowUp,
        { body: { clueId, channel: '电话', content: `导出跟进${tag}` } },
        as(admin),
      ),
    );
    const customerId = await ok(
      await callContract(
        createCustomer,
        { body: { name: `导出客户${tag}`, contacts: [] } },
        as(admin),
      ),
    );
    await ok(
      await callContract(
        createOpportunity,
        { body: { customerId, name: `导出商机${tag}`, amount: 12300 } },
        as(admin),
      ),
    );
    const job = await ok(await callContract(exportAllData, {}, as(admin)));
    const done = await finished(admin, job.id);
    expect(done.status).toBe('succeeded');
    const file = await callContract(downloadJobFile, { query: { id: job.id } }, as(admin));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.res.arrayBuffer());
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      '线索',
      '线索跟进',
      '客户',
      '客户跟进',
      '商机',
    ]);
    const text = (i: number) => {
      const out: string[] = [];
      wb.worksheets[i].eachRow((row) => out.push((row.values as unknown[]).join('|')));
      return out.join('\n');
    };
    expect(text(0)).toContain(`导出线索${tag}`);
    expect(text(1)).toContain(`导出跟进${tag}`);
    expect(text(2)).toContain(`导出客户${tag}`);
    expect(text(4)).toContain(`导出商机${tag}`);
    // Only administrators export the whole tenant.
    expect((await callContract(exportAllData, {}, as(employee))).code).toBe(ERRORS.FORBIDDEN.code);
  });

  it('deletes leads, customers and opportunities in bulk and restores them from the recycle bin', async () => {
    const ids = [
      await ok(await callContract(createClue, { body: { name: `回收线索A${tag}` } }, as(employee))),
      await ok(await callContract(createClue, { body: { name: `回收线索B${tag}` } }, as(admin))),
    ];
    const del = await ok(
      await callContract(bulkDeleteData, { body: { entity: 'clue', ids } }, as(admin)),
    );
    expect(del.done).toBe(2);
    const bin = await ok(
      await callContract(
        dataRecordPage,
        { body: { entity: 'clue', deleted: true, keyword: `回收线索`, pageSize: 100 } },
        as(admin),
      ),
    );
    const mine = bin.list.filter((r) => r.name.endsWith(tag));
    expect(mine.map((r) => r.name).sort()).toEqual([`回收线索A${tag}`, `回收线索B${tag}`]);
    expect(mine[0].purgeTime! - mine[0].deleteTime!).toBe(30 * 86_400_000);
    const back = await ok(
      await callContract(bulkRestoreData, { body: { entity: 'clue', ids } }, as(admin)),
    );
    expect(back).toEqual({ done: 2, failed: [] });
    const live = await getDb()
      .select({ id: clues.id })
      .from(clues)
      .where(and(sql`${clues.id} = any(${sql.param(ids)}::bigint[])`, sql`deleted_at is null`));
    expect(live).toHaveLength(2);

    // Opportunities: deleted into the bin (also from the board), restored with their fields.
    const customerId = await ok(
      await callContract(
        createCustomer,
        { body: { name: `回收客户${tag}`, contacts: [] } },
        as(admin),
      ),
    );
    const oppId = await ok(
      await callContract(
        createOpportunity,
        { body: { customerId, name: `回收商机${tag}`, amount: 500 } },
        as(admin),
      ),
    );
    const held = await callContract(
      bulkDeleteData,
      { body: { entity: 'customer', ids: [customerId] } },
      as(admin),
    );
    expect(held.msg).toContain('请先删除商机');
    await ok(await callContract(deleteOpportunity, { query: { id: oppId } }, as(admin)));
    const [kept] = await getDb()
      .select()
      .from(deletedOpportunities)
      .where(eq(deletedOpportunities.id, oppId));
    expect(kept.name).toBe(`回收商机${tag}`);
    await ok(
      await callContract(
        bulkDeleteData,
        { body: { entity: 'customer', ids: [customerId] } },
        as(admin),
      ),
    );
    // The opportunity waits for its customer.
    const early = await ok(
      await callContract(
        bulkRestoreData,
        { body: { entity: 'opportunity', ids: [oppId] } },
        as(admin),
      ),
    );
    expect(early.failed[0].reason).toBe(`所属客户已删除，请先恢复客户「回收客户${tag}」`);
    await ok(
      await callContract(
        bulkRestoreData,
        { body: { entity: 'customer', ids: [customerId] } },
        as(admin),
      ),
    );
    const opp = await ok(
      await callContract(
        bulkRestoreData,
        { body: { entity: 'opportunity', ids: [oppId] } },
        as(admin),
      ),
    );
    expect(opp).toEqual({ done: 1, failed: [] });
    const liveOpps = await ok(
      await callContract(
        dataRecordPage,
        { body: { entity: 'opportunity', keyword: `回收商机${tag}` } },
        as(admin),
      ),
    );
    expect(liveOpps.list.map((r) => r.id)).toEqual([oppId]);
  });

  it('refuses other tenants and members without the permission', async () => {
    const id = await ok(
      await callContract(createClue, { body: { name: `他人线索${tag}` } }, as(admin)),
    );
    const other = await callContract(
      bulkDeleteData,
      { body: { entity: 'clue', ids: [id] } },
      as(outsider),
    );
    expect(other.code).toBe(ERRORS.NOT_FOUND.code);
    const emp = await callContract(
      bulkDeleteData,
      { body: { entity: 'clue', ids: [id] } },
      as(employee),
    );
    expect(emp.code).toBe(ERRORS.FORBIDDEN.code);
    expect((await callContract(getDataOverview, {}, as(employee))).code).toBe(
      ERRORS.FORBIDDEN.code,
    );
    const theirBin = await ok(
      await callContract(
        dataRecordPage,
        { body: { entity: 'clue', keyword: `他人线索${tag}` } },
        as(outsider),
      ),
    );
    expect(theirBin.total).toBe(0);
  });

  it('keeps deleted records for the retention days, then the purge removes them', async () => {
    const bad = await callContract(updateDataSettings, { body: { retentionDays: 0 } }, as(admin));
    expect(bad.msg).toBe('保留天数需为 1-365 的整数');
    await ok(await callContract(updateDataSettings, { body: { retentionDays: 7 } }, as(admin)));
    expect((await ok(await callContract(getDataOverview, {}, as(admin)))).retentionDays).toBe(7);
    const a = await ok(
      await callContract(createClue, { body: { name: `过期线索${tag}` } }, as(admin)),
    );
    const b = await ok(
      await callContract(createClue, { body: { name: `未过期线索${tag}` } }, as(admin)),
    );
    await ok(
      await callContract(bulkDeleteData, { body: { entity: 'clue', ids: [a, b] } }, as(admin)),
    );
    await getDb()
      .update(clues)
      .set({ deletedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(clues.id, a));
    await purgeExpired();
    const left = await getDb()
      .select({ id: clues.id })
      .from(clues)
      .where(sql`${clues.id} = any(${sql.param([a, b])}::bigint[])`);
    expect(left.map((r) => r.id)).toEqual([b]);
    // 彻底删除 by hand.
    const gone = await ok(
      await callContract(purgeData, { body: { entity: 'clue', ids: [b] } }, as(admin)),
    );
    expect(gone.done).toBe(1);
  });
});
