import { eq } from 'drizzle-orm';
import { clues, enterpriseUnlocks, users } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { VALIDATION_MESSAGES } from '@/lib/shared/validation/rules';
import { CLUE_ERRORS } from '@/lib/shared/clue/clue.errors';
import { CLUE_MESSAGES, CLUE_SOURCES } from '@/lib/shared/clue/clue.constants';
import {
  cluePage,
  createClue,
  createFollowUp,
  deleteClue,
  getClue,
  getClueContactList,
  getClueEnterpriseFill,
  getClueNum,
  getClueSourceList,
  getCustomerSourceList,
  listFollowUps,
  restoreClue,
  updateClue,
  updateClueStatus,
  updateFollowUser,
  type ClueView,
} from '@/lib/shared/clue/clue.contract';
import { addEnterprisesToCrm } from '@/lib/shared/enterprise/enterprise.contract';
import { convertFromClue } from '@/lib/shared/customer/customer.contract';
import {
  plantEnterprise,
  SECRET_MOBILE,
  seedFamily,
  type Family,
} from '@/lib/server/enterprise/__tests__/fixtures';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { as, seedCrmTeam } from '@/test/helpers/crm-team';
import { chinaTomorrowStart } from '@/lib/shared/clue/china-day';

/**
 * Leads on the server (issue 14): the /szjk/clue/* calls against a real database, with validation
 * messages, data scope (仅本人, 本部门), tenant isolation, soft delete and restore, follow-ups.
 */

let admin: TestUser;
let outsider: TestUser;
/** 仅本人 (data scope 5) in 销售部. */
let selfOnly: TestUser;
/** 本部门 (data scope 3) in 销售部. */
let deptLead: TestUser;
/** Plain member of 销售部 (self-only role too). */
let colleague: TestUser;
/** Member of 市场部. */
let marketer: TestUser;
let fam: Family;
const tag = `${process.pid}${Math.floor(Math.random() * 1e5)}`;

async function create(u: TestUser, body: Record<string, unknown>): Promise<number> {
  const r = await callContract(createClue, { body }, as(u));
  expect(r.code === 200 ? 200 : r.msg).toBe(200);
  return r.data;
}

async function page(u: TestUser, body: Record<string, unknown> = {}) {
  const r = await callContract(cluePage, { body: { pageSize: 100, ...body } }, as(u));
  expect(r.code).toBe(200);
  return r.data;
}

const names = (list: ClueView[]) => list.map((c) => c.name).sort();

beforeAll(async () => {
  const team = await seedCrmTeam(['szjk:clue:'], 'clue');
  expect(team.grantedMenus).toBeGreaterThanOrEqual(6);
  ({ admin, outsider, selfOnly, colleague, deptLead, marketer } = team);
  fam = await seedFamily();
});

describe('sources', () => {
  it('lists the lead sources, and the customer sources with 线索转化', async () => {
    const a = await callContract(getClueSourceList, {}, as(selfOnly));
    expect(a.data).toEqual([...CLUE_SOURCES]);
    const b = await callContract(getCustomerSourceList, {}, as(selfOnly));
    expect(b.data).toEqual([...CLUE_SOURCES, '线索转化']);
  });
});

describe('create and update', () => {
  it('refuses bad contact fields with the messages of spec 5', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, CLUE_MESSAGES.nameRequired],
      [{ name: '甲', contactMobile: '1234' }, VALIDATION_MESSAGES.mobileInvalid],
      [{ name: '甲', contactEmail: 'a@b' }, VALIDATION_MESSAGES.emailInvalid],
      [{ name: '甲', website: 'www.example.com' }, VALIDATION_MESSAGES.linkInvalid],
      [{ name: '甲', contactPhone: '12ab' }, CLUE_MESSAGES.landlineInvalid],
      [{ name: '甲', creditCode: '91350200MA00000000' }, CLUE_MESSAGES.creditCodeInvalid],
      [{ name: '甲', source: '随便' }, CLUE_MESSAGES.sourceInvalid],
      [{ name: 'x'.repeat(101) }, CLUE_MESSAGES.nameTooLong],
    ];
    for (const [body, msg] of cases) {
      const r = await callContract(createClue, { body }, as(admin));
      expect({ body, code: r.code, msg: r.msg }).toEqual({
        body,
        code: ERRORS.BAD_REQUEST.code,
        msg,
      });
    }
  });

  it('creates a manual lead with contacts; empty fields are stored as null', async () => {
    const id = await create(admin, {
      name: `手动线索${tag}`,
      contactName: '李四',
      contactMobile: '13700001111',
      contactPhone: '0592-5551234',
      contactEmail: 'li@example.com',
      website: 'https://example.com',
      wechat: '',
      provinceCode: '350000',
      cityCode: '350200',
      industryCode: '65',
    });
    const r = await callContract(getClue, { query: { id } }, as(admin));
    expect(r.data).toMatchObject({
      name: `手动线索${tag}`,
      source: '手动录入',
      status: 0,
      followUserId: admin.userId,
      creatorUserId: admin.userId,
      contactMobile: '13700001111',
      wechat: null,
      enterpriseId: null,
      followCount: 0,
      deleteTime: null,
    });
  });

  it('links a company (by id or credit code), copies its facts, and refuses a second live lead', async () => {
    const id = await create(admin, { enterpriseId: fam.mainId, source: '企业详情' });
    const got = (await callContract(getClue, { query: { id } }, as(admin))).data;
    expect(got).toMatchObject({
      name: fam.mainName,
      creditCode: fam.mainUncid,
      enterpriseId: fam.mainId,
      cityCode: '350200',
      industryCode: '6513',
    });
    const dup = await callContract(createClue, { body: { enterpriseId: fam.mainId } }, as(admin));
    expect(dup.code).toBe(CLUE_ERRORS.ENTERPRISE_EXISTS.code);
    expect(dup.msg).toContain(fam.mainName);
    // The credit code finds the same company: also refused.
    const byCode = await callContract(
      createClue,
      { body: { name: '另一个名字', creditCode: fam.mainUncid } },
      as(admin),
    );
    expect(byCode.code).toBe(CLUE_ERRORS.ENTERPRISE_EXISTS.code);
    // Another tenant may have its own lead of the company.
    expect(
      (await callContract(createClue, { body: { enterpriseId: fam.mainId } }, as(outsider))).code,
    ).toBe(200);
    // An edit that leaves enterpriseId out keeps the link.
    const edit = await callContract(
      updateClue,
      { body: { id, name: `${fam.mainName}（总部）`, cityCode: '350200' } },
      as(admin),
    );
    expect(edit.code).toBe(200);
    expect((await callContract(getClue, { query: { id } }, as(admin))).data).toMatchObject({
      name: `${fam.mainName}（总部）`,
      enterpriseId: fam.mainId,
      creditCode: fam.mainUncid,
      provinceCode: null,
      cityCode: '350200',
    });
    const missing = await callContract(createClue, { body: { enterpriseId: 9e12 } }, as(admin));
    expect(missing.code).toBe(ERRORS.ENTERPRISE_NOT_EXISTS.code);
  });

  it('updates fields but not onto a company another live lead holds', async () => {
    const id = await create(admin, { name: `待修改${tag}` });
    const ok = await callContract(
      updateClue,
      { body: { id, name: `已修改${tag}`, remark: '重点客户', contactMobile: '13911112222' } },
      as(admin),
    );
    expect(ok.code).toBe(200);
    const got = (await callContract(getClue, { query: { id } }, as(admin))).data;
    expect(got).toMatchObject({ name: `已修改${tag}`, remark: '重点客户', source: '手动录入' });
    const clash = await callContract(
      updateClue,
      { body: { id, enterpriseId: fam.mainId } },
      as(admin),
    );
    expect(clash.code).toBe(CLUE_ERRORS.ENTERPRISE_EXISTS.code);
    const bad = await callContract(
      updateClue,
      { body: { id, name: 'x', contactEmail: 'bad' } },
      as(admin),
    );
    expect(bad.msg).toBe(VALIDATION_MESSAGES.emailInvalid);
  });

  it('sets the follow user only to an active member of the tenant', async () => {
    const foreign = await callContract(
      createClue,
      { body: { name: `外人跟进${tag}`, followUserId: outsider.userId } },
      as(admin),
    );
    expect(foreign.code).toBe(CLUE_ERRORS.FOLLOW_USER_INVALID.code);
    const id = await create(admin, { name: `同事跟进${tag}`, followUserId: colleague.userId });
    expect((await callContract(getClue, { query: { id } }, as(admin))).data.followUserId).toBe(
      colleague.userId,
    );
  });
});

describe('page, counts and data scope', () => {
  let mine: number;
  let theirs: number;
  let market: number;

  beforeAll(async () => {
    mine = await create(selfOnly, {
      name: `范围线索本人${tag}`,
      contactMobile: '13655556666',
      cityCode: '350200',
    });
    theirs = await create(colleague, { name: `范围线索同事${tag}`, industryCode: '6513' });
    market = await create(marketer, { name: `范围线索市场${tag}` });
  });

  it('仅本人 sees only their own leads in the page, the counts and single reads', async () => {
    const p = await page(selfOnly);
    expect(p.list.every((c) => c.followUserId === selfOnly.userId)).toBe(true);
    expect(names(p.list)).toContain(`范围线索本人${tag}`);
    expect(p.total).toBe(p.list.length);
    const num = (await callContract(getClueNum, {}, as(selfOnly))).data;
    expect(num.total).toBe(p.total);
    expect((await callContract(getClue, { query: { id: theirs } }, as(selfOnly))).code).toBe(
      ERRORS.NOT_FOUND.code,
    );
    expect(
      (await callContract(getClueContactList, { query: { id: theirs } }, as(selfOnly))).code,
    ).toBe(ERRORS.NOT_FOUND.code);
    expect(
      (await callContract(updateClue, { body: { id: theirs, name: '改' } }, as(selfOnly))).code,
    ).toBe(ERRORS.NOT_FOUND.code);
    expect(
      (await callContract(deleteClue, { query: { ids: `${mine},${theirs}` } }, as(selfOnly))).code,
    ).toBe(ERRORS.NOT_FOUND.code);
    // Nothing was deleted by the refused bulk call.
    expect((await callContract(getClue, { query: { id: mine } }, as(selfOnly))).code).toBe(200);
  });

  it('本部门 sees the department (销售部), not 市场部', async () => {
    const p = await page(deptLead, { keyword: '范围线索' });
    expect(names(p.list)).toEqual([`范围线索同事${tag}`, `范围线索本人${tag}`].sort());
    expect((await callContract(getClue, { query: { id: market } }, as(deptLead))).code).toBe(
      ERRORS.NOT_FOUND.code,
    );
    const all = await page(admin, { keyword: '范围线索' });
    expect(all.total).toBe(3);
  });

  it('filters and sorts', async () => {
    const kw = (keyword: string) => page(admin, { keyword }).then((p) => names(p.list));
    expect(await kw('13655556666')).toEqual([`范围线索本人${tag}`]);
    // No match across two fields (name end + mobile start).
    expect(await kw(`本人${tag}1365`)).toEqual([]);
    expect(await kw(`线索同事${tag}`)).toEqual([`范围线索同事${tag}`]);
    expect(await kw(fam.mainUncid)).toEqual([`${fam.mainName}（总部）`]);
    expect(names((await page(admin, { keyword: '范围线索', cityCode: '350200' })).list)).toEqual([
      `范围线索本人${tag}`,
    ]);
    expect(names((await page(admin, { keyword: '范围线索', industry: '65' })).list)).toEqual([
      `范围线索同事${tag}`,
    ]);
    expect(
      names((await page(admin, { keyword: '范围线索', followUserIds: [marketer.userId] })).list),
    ).toEqual([`范围线索市场${tag}`]);
    const sorted = await page(admin, { keyword: '范围线索', sortField: 'name', sortOrder: 'asc' });
    expect(sorted.list.map((c) => c.name)).toEqual(names(sorted.list));
    const byCreate = await page(admin, { keyword: '范围线索', sortOrder: 'asc' });
    expect(byCreate.list.map((c) => c.id)).toEqual([mine, theirs, market]);
    const future = Date.now() + 86_400_000;
    expect((await page(admin, { createTime: [future, null] })).total).toBe(0);
    expect((await page(admin, { source: ['地图拓客'] })).total).toBe(0);
    const paged = await page(admin, { keyword: '范围线索', pageSize: 2, pageNo: 2 });
    expect(paged.list.length).toBe(1);
    expect(paged.total).toBe(3);
    const tooBig = await callContract(cluePage, { body: { pageSize: 101 } }, as(admin));
    expect(tooBig.code).toBe(ERRORS.BAD_REQUEST.code);
  });

  it('counts by status and 今日待跟进', async () => {
    const before = (await callContract(getClueNum, {}, as(marketer))).data;
    const f = await callContract(
      createFollowUp,
      {
        body: {
          clueId: market,
          channel: '电话',
          content: '约了下周拜访',
          nextFollowTime: Date.now() - 60_000,
        },
      },
      as(marketer),
    );
    expect(f.code).toBe(200);
    const after = (await callContract(getClueNum, {}, as(marketer))).data;
    expect(after.newCount).toBe(before.newCount - 1);
    expect(after.followingCount).toBe(before.followingCount + 1);
    expect(after.todayFollowCount).toBe(before.todayFollowCount + 1);
    expect(after.total).toBe(before.total);
    const due = await page(marketer, { dueToday: true });
    expect(due.list.map((c) => c.id)).toContain(market);
  });
});

describe('due in China time', () => {
  it('marks a lead due up to China midnight, and not from it on, in the list and its filter', async () => {
    // Both bounds of the China day that contains "now", as the server computes it.
    const tomorrow = chinaTomorrowStart(Date.now());
    const dueId = await create(marketer, { name: `今日到期${tag}`, nextFollowTime: tomorrow - 1 });
    const laterId = await create(marketer, { name: `明日到期${tag}`, nextFollowTime: tomorrow });
    const all = await page(marketer, { keyword: `到期${tag}` });
    const due = new Map(all.list.map((c) => [c.id, c.due]));
    expect(due.get(dueId)).toBe(true);
    expect(due.get(laterId)).toBe(false);
    const filtered = await page(marketer, { keyword: `到期${tag}`, dueToday: true });
    expect(filtered.list.map((c) => c.id)).toEqual([dueId]);
    // An invalid lead is never due.
    await callContract(
      updateClueStatus,
      { body: { ids: [dueId], status: 3, invalidReason: '无需求' } },
      as(marketer),
    );
    expect((await callContract(getClue, { query: { id: dueId } }, as(marketer))).data.due).toBe(
      false,
    );
  });
});

describe('linking a company in the form (enterprise-fill)', () => {
  it('returns what the form fills, and the live lead the company already has', async () => {
    const fresh = await createTestUser({ roleCodes: [BUILT_IN_ROLES.tenantAdmin.code] });
    const r = await callContract(
      getClueEnterpriseFill,
      { query: { enterpriseId: fam.mainId } },
      as(fresh),
    );
    expect(r.data).toEqual({
      enterpriseId: fam.mainId,
      name: fam.mainName,
      creditCode: fam.mainUncid,
      provinceCode: '350000',
      cityCode: '350200',
      districtCode: '350203',
      industryCode: '651',
      address: '福建省厦门市思明区软件园二期望海路 1 号',
      // www.… without a scheme is not a link (spec 5): left for the user.
      website: null,
      existingClue: null,
    });
    const id = await create(fresh, { enterpriseId: fam.mainId });
    const again = await callContract(
      getClueEnterpriseFill,
      { query: { enterpriseId: fam.mainId } },
      as(fresh),
    );
    expect(again.data.existingClue).toMatchObject({ id, name: fam.mainName });
    const missing = await callContract(
      getClueEnterpriseFill,
      { query: { enterpriseId: 9e12 } },
      as(fresh),
    );
    expect(missing.code).toBe(ERRORS.ENTERPRISE_NOT_EXISTS.code);
  });
});

describe('follow-ups', () => {
  it('records a follow-up and moves the lead: times, count, 新线索 → 跟进中', async () => {
    const id = await create(selfOnly, { name: `跟进测试${tag}` });
    const next = Date.now() + 3 * 86_400_000;
    const bad = await callContract(
      createFollowUp,
      { body: { clueId: id, channel: '飞鸽', content: 'x' } },
      as(selfOnly),
    );
    expect(bad.msg).toBe(CLUE_MESSAGES.channelInvalid);
    const long = await callContract(
      createFollowUp,
      { body: { clueId: id, channel: '电话', content: '长'.repeat(2001) } },
      as(selfOnly),
    );
    expect(long.msg).toBe(CLUE_MESSAGES.contentTooLong);
    const empty = await callContract(
      createFollowUp,
      { body: { clueId: id, channel: '电话', content: '  ' } },
      as(selfOnly),
    );
    expect(empty.msg).toBe(CLUE_MESSAGES.contentRequired);
    for (const content of ['第一次电话', '第二次微信'])
      expect(
        (
          await callContract(
            createFollowUp,
            { body: { clueId: id, channel: '微信', content, nextFollowTime: next } },
            as(selfOnly),
          )
        ).code,
      ).toBe(200);
    const lead = (await callContract(getClue, { query: { id } }, as(selfOnly))).data;
    expect(lead.status).toBe(1);
    expect(lead.followCount).toBe(2);
    expect(lead.nextFollowTime).toBe(next);
    expect(Math.abs(lead.lastFollowTime! - Date.now())).toBeLessThan(60_000);
    const list = await callContract(
      listFollowUps,
      { query: { clueId: id, pageSize: 1 } },
      as(selfOnly),
    );
    expect(list.data.total).toBe(2);
    expect(list.data.list.map((f) => f.content)).toEqual(['第二次微信']);
    // Not on someone else's lead.
    const foreign = await callContract(
      createFollowUp,
      { body: { clueId: id, channel: '电话', content: '偷看' } },
      as(colleague),
    );
    expect(foreign.code).toBe(ERRORS.NOT_FOUND.code);
    expect((await callContract(listFollowUps, { query: { clueId: id } }, as(outsider))).code).toBe(
      ERRORS.NOT_FOUND.code,
    );
  });
});

describe('follow-up timeline paging', () => {
  it('pages the timeline newest first without gaps or repeats (加载更多)', async () => {
    const id = await create(selfOnly, { name: `跟进分页${tag}` });
    for (let i = 1; i <= 55; i++)
      expect(
        (
          await callContract(
            createFollowUp,
            { body: { clueId: id, channel: '电话', content: `第${i}次` } },
            as(selfOnly),
          )
        ).code,
      ).toBe(200);
    const read = async (pageNo: number) =>
      (
        await callContract(
          listFollowUps,
          { query: { clueId: id, pageNo, pageSize: 50 } },
          as(selfOnly),
        )
      ).data;
    const [first, second, third] = [await read(1), await read(2), await read(3)];
    expect(first.total).toBe(55);
    expect(first.list).toHaveLength(50);
    expect(first.list[0].content).toBe('第55次');
    expect(second.list.map((f) => f.content)).toEqual([
      '第5次',
      '第4次',
      '第3次',
      '第2次',
      '第1次',
    ]);
    expect(third.list).toEqual([]);
    const ids = [...first.list, ...second.list].map((f) => f.id);
    expect(new Set(ids).size).toBe(55);
  });
});

describe('status', () => {
  it('无效 needs a reason; 已转化 is final; nothing goes back to 新线索', async () => {
    const a = await create(admin, { name: `状态甲${tag}` });
    const b = await create(admin, { name: `状态乙${tag}` });
    const noReason = await callContract(
      updateClueStatus,
      { body: { ids: [a], status: 3 } },
      as(admin),
    );
    expect(noReason.msg).toBe(CLUE_MESSAGES.invalidReasonRequired);
    expect(
      (
        await callContract(
          updateClueStatus,
          { body: { ids: [a, b], status: 3, invalidReason: '空号' } },
          as(admin),
        )
      ).code,
    ).toBe(200);
    const got = (await callContract(getClue, { query: { id: a } }, as(admin))).data;
    expect(got).toMatchObject({ status: 3, invalidReason: '空号' });
    const back = await callContract(updateClueStatus, { body: { ids: [a], status: 0 } }, as(admin));
    expect(back.code).toBe(CLUE_ERRORS.STATUS_TRANSITION.code);
    // Reopened as 跟进中: the reason goes.
    await callContract(updateClueStatus, { body: { ids: [a], status: 1 } }, as(admin));
    expect((await callContract(getClue, { query: { id: a } }, as(admin))).data).toMatchObject({
      status: 1,
      invalidReason: null,
    });
    // 已转化 comes only from converting the lead, which creates its customer.
    const direct = await callContract(
      updateClueStatus,
      { body: { ids: [a], status: 2 } },
      as(admin),
    );
    expect(direct.msg).toBe(CLUE_MESSAGES.convertThroughCustomer);
    expect((await callContract(getClue, { query: { id: a } }, as(admin))).data.status).toBe(1);
    const converted = await callContract(convertFromClue, { body: { clueId: a } }, as(admin));
    expect(converted.code).toBe(200);
    expect((await callContract(getClue, { query: { id: a } }, as(admin))).data.status).toBe(2);
    const final = await callContract(
      updateClueStatus,
      { body: { ids: [a, b], status: 1 } },
      as(admin),
    );
    expect(final.code).toBe(CLUE_ERRORS.STATUS_TRANSITION.code);
    expect(final.msg).toContain(`状态甲${tag}`);
    // All or nothing: b stayed 无效.
    expect((await callContract(getClue, { query: { id: b } }, as(admin))).data.status).toBe(3);
  });
});

describe('delete, re-add and restore', () => {
  it('soft-deletes, lets the company be added again, and refuses to restore over it', async () => {
    const ent = await plantEnterprise({ name: `软删除企业${tag}` });
    const first = await callContract(
      addEnterprisesToCrm,
      { body: { entIds: [ent.id] } },
      as(admin),
    );
    const oldId = first.data.items[0].clueId;
    expect((await callContract(deleteClue, { query: { id: oldId } }, as(admin))).code).toBe(200);
    expect((await callContract(getClue, { query: { id: oldId } }, as(admin))).code).toBe(
      ERRORS.NOT_FOUND.code,
    );
    const bin = await page(admin, { deleted: true, keyword: `软删除企业${tag}` });
    expect(bin.list.map((c) => c.id)).toEqual([oldId]);
    expect(bin.list[0].deleteTime).not.toBeNull();
    // Re-adding creates a new lead.
    const again = await callContract(
      addEnterprisesToCrm,
      { body: { entIds: [ent.id] } },
      as(admin),
    );
    expect(again.data.created).toBe(1);
    const newId = again.data.items[0].clueId;
    expect(newId).not.toBe(oldId);
    const refused = await callContract(restoreClue, { query: { id: oldId } }, as(admin));
    expect(refused.code).toBe(CLUE_ERRORS.RESTORE_CONFLICT.code);
    expect(refused.msg).toContain(`软删除企业${tag}`);
    // Delete the new one (bulk form), then the old one can come back.
    expect(
      (await callContract(deleteClue, { query: { ids: String(newId) } }, as(admin))).code,
    ).toBe(200);
    expect((await callContract(restoreClue, { query: { id: oldId } }, as(admin))).code).toBe(200);
    expect((await callContract(getClue, { query: { id: oldId } }, as(admin))).code).toBe(200);
    // Restoring a live lead: 404 (only deleted leads are restorable).
    expect((await callContract(restoreClue, { query: { id: oldId } }, as(admin))).code).toBe(
      ERRORS.NOT_FOUND.code,
    );
  });
});

describe('to-crm', () => {
  it('stores the source on the fixed list and copies the company facts', async () => {
    const ent = await plantEnterprise({ name: `加入线索企业${tag}` });
    const r = await callContract(
      addEnterprisesToCrm,
      { body: { entIds: [ent.id], source: '企业查询' } },
      as(admin),
    );
    const id = r.data.items[0].clueId;
    expect((await callContract(getClue, { query: { id } }, as(admin))).data).toMatchObject({
      source: '企业搜索',
      creditCode: ent.uncid,
      cityCode: '350200',
      followUserId: admin.userId,
      status: 0,
    });
  });
});

describe('follow user reassignment', () => {
  it('reassigns in bulk within the scope; refuses foreign, disabled members and others leads', async () => {
    const a = await create(admin, { name: `分配甲${tag}` });
    const b = await create(admin, { name: `分配乙${tag}` });
    const foreign = await callContract(
      updateFollowUser,
      { body: { ids: [a, b], followUserId: outsider.userId } },
      as(admin),
    );
    expect(foreign.code).toBe(CLUE_ERRORS.FOLLOW_USER_INVALID.code);
    const disabled = await createTestUser({ tenantId: admin.tenantId! });
    await getDb().update(users).set({ status: 1 }).where(eq(users.id, disabled.userId));
    expect(
      (
        await callContract(
          updateFollowUser,
          { body: { ids: [a], followUserId: disabled.userId } },
          as(admin),
        )
      ).code,
    ).toBe(CLUE_ERRORS.FOLLOW_USER_INVALID.code);
    const ok = await callContract(
      updateFollowUser,
      { body: { ids: [a, b], followUserId: selfOnly.userId } },
      as(admin),
    );
    expect(ok.code).toBe(200);
    const p = await page(selfOnly, { keyword: `分配` });
    expect(names(p.list)).toEqual([`分配乙${tag}`, `分配甲${tag}`].sort());
    // A 仅本人 member cannot move a colleague's lead; 本部门 can, within the department.
    const c = await create(colleague, { name: `分配丙${tag}` });
    const r = await callContract(
      updateFollowUser,
      { body: { ids: [c], followUserId: selfOnly.userId } },
      as(selfOnly),
    );
    expect(r.code).toBe(ERRORS.NOT_FOUND.code);
    const byLead = await callContract(
      updateFollowUser,
      { body: { ids: [c], followUserId: selfOnly.userId } },
      as(deptLead),
    );
    expect(byLead.code).toBe(200);
    expect((await callContract(getClue, { query: { id: c } }, as(selfOnly))).code).toBe(200);
    // Another tenant: 404 for the whole call.
    const cross = await callContract(
      updateFollowUser,
      { body: { ids: [a], followUserId: outsider.userId } },
      as(outsider),
    );
    expect(cross.code).toBe(ERRORS.NOT_FOUND.code);
  });
});

describe('contact list', () => {
  it('shows the lead contact, and the company contacts masked until the tenant unlocks it', async () => {
    const ent = await plantEnterprise({ name: `联系方式企业${tag}` });
    const { enterpriseContacts } = await import('@/db/schema');
    await getDb()
      .insert(enterpriseContacts)
      .values({ enterpriseId: ent.id, type: 'mobile', value: SECRET_MOBILE, source: '年报' });
    const id = await create(selfOnly, {
      enterpriseId: ent.id,
      contactName: '王五',
      contactMobile: '13500001234',
    });
    const before = (await callContract(getClueContactList, { query: { id } }, as(selfOnly))).data;
    expect(before.unlocked).toBe(false);
    expect(before.list[0]).toMatchObject({
      origin: 'clue',
      value: '13500001234',
      personName: '王五',
    });
    const company = before.list.filter((c) => c.origin === 'enterprise');
    expect(company).toHaveLength(1);
    expect(company[0].masked).toBe(true);
    expect(JSON.stringify(before)).not.toContain(SECRET_MOBILE);
    await getDb()
      .insert(enterpriseUnlocks)
      .values({ tenantId: admin.tenantId!, enterpriseId: ent.id, userId: admin.userId });
    const after = (await callContract(getClueContactList, { query: { id } }, as(selfOnly))).data;
    expect(after.unlocked).toBe(true);
    expect(after.list.find((c) => c.origin === 'enterprise')?.value).toBe(SECRET_MOBILE);
  });
});

describe('counters', () => {
  it('get-clue-num agrees with the page totals per status after all the changes above', async () => {
    for (const u of [admin, deptLead, selfOnly]) {
      const num = (await callContract(getClueNum, {}, as(u))).data;
      const per = [] as number[];
      for (const status of [0, 1, 2, 3]) per.push((await page(u, { status: [status] })).total);
      expect([num.newCount, num.followingCount, num.convertedCount, num.invalidCount]).toEqual(per);
      expect(num.total).toBe((await page(u)).total);
      expect(num.todayFollowCount).toBe((await page(u, { dueToday: true })).total);
    }
    // A hard delete (not offered by the API) also keeps the counters right.
    const id = await create(admin, { name: `硬删除${tag}` });
    const before = (await callContract(getClueNum, {}, as(admin))).data.total;
    await getDb().delete(clues).where(eq(clues.id, id));
    expect((await callContract(getClueNum, {}, as(admin))).data.total).toBe(before - 1);
  });
});

describe('tenant isolation', () => {
  it('another tenant neither sees nor changes the leads', async () => {
    const id = await create(admin, { name: `隔离线索${tag}` });
    expect((await page(outsider, { keyword: `隔离线索${tag}` })).total).toBe(0);
    for (const r of [
      await callContract(getClue, { query: { id } }, as(outsider)),
      await callContract(updateClue, { body: { id, name: '改' } }, as(outsider)),
      await callContract(deleteClue, { query: { id } }, as(outsider)),
      await callContract(updateClueStatus, { body: { ids: [id], status: 1 } }, as(outsider)),
      await callContract(getClueContactList, { query: { id } }, as(outsider)),
    ])
      expect(r.code).toBe(ERRORS.NOT_FOUND.code);
    const rows = await getDb().select().from(clues).where(eq(clues.id, id));
    expect(rows[0]).toMatchObject({ name: `隔离线索${tag}`, deletedAt: null, status: 0 });
  });
});
