import { eq } from 'drizzle-orm';
import { clues, opportunities } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { VALIDATION_MESSAGES } from '@/lib/shared/validation/rules';
import { CUSTOMER_MESSAGES } from '@/lib/shared/customer/customer.constants';
import { CUSTOMER_ERRORS } from '@/lib/shared/customer/customer.errors';
import {
  convertFromClue,
  createCustomer,
  createCustomerFollowUp,
  customerPage,
  deleteCustomer,
  getCustomer,
  getCustomerTagList,
  listCustomerFollowUps,
  restoreCustomer,
  updateCustomer,
  updateCustomerOwner,
  type CustomerView,
} from '@/lib/shared/customer/customer.contract';
import {
  createClue,
  createFollowUp,
  deleteClue,
  getClue,
  getCustomerSourceList,
} from '@/lib/shared/clue/clue.contract';
import { createOpportunity, getOpportunity } from '@/lib/shared/opportunity/opportunity.contract';
import { formatMessage } from '@/lib/shared/api/error-codes';
import { plantEnterprise } from '@/lib/server/enterprise/__tests__/fixtures';
import { callContract, type TestUser } from '@/test/helpers/api';
import { as, seedCrmTeam, type CrmTeam } from '@/test/helpers/crm-team';

/**
 * Customers on the server (issue 15): the /szjk/customer/* calls against a real database —
 * validation messages, data scope (仅本人 / 本部门 / 全部), tenant isolation, one live customer per
 * company, soft delete and restore, owner transfer, follow-ups shared with the lead, and
 * convert-from-clue (one transaction, idempotent).
 */

let t: CrmTeam;

beforeAll(async () => {
  t = await seedCrmTeam();
});

async function create(u: TestUser, body: Record<string, unknown>): Promise<number> {
  const r = await callContract(createCustomer, { body }, as(u));
  expect(r.code === 200 ? 200 : r.msg).toBe(200);
  return r.data;
}

async function page(u: TestUser, body: Record<string, unknown> = {}) {
  const r = await callContract(customerPage, { body: { pageSize: 100, ...body } }, as(u));
  expect(r.code === 200 ? 200 : r.msg).toBe(200);
  return r.data;
}

const names = (list: CustomerView[]) => list.map((c) => c.name).sort();

describe('sources and permissions', () => {
  it('lists the customer sources (the lead sources and 线索转化)', async () => {
    const r = await callContract(getCustomerSourceList, {}, as(t.selfOnly));
    expect(r.data).toContain('线索转化');
    expect(r.data).toContain('手动录入');
  });

  it('refuses a member without the customer buttons', async () => {
    const r = await callContract(customerPage, { body: {} }, as(t.noPerm));
    expect(r.code).toBe(ERRORS.FORBIDDEN.code);
    const c = await callContract(createCustomer, { body: { name: '无权限' } }, as(t.noPerm));
    expect(c.code).toBe(ERRORS.FORBIDDEN.code);
  });
});

describe('create and update', () => {
  it('refuses bad fields with Chinese messages (spec 5 for contacts)', async () => {
    const contact = (c: Record<string, unknown>) => ({
      name: '甲',
      contacts: [{ name: '张三', ...c }],
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, CUSTOMER_MESSAGES.nameRequired],
      [{ name: 'x'.repeat(101) }, CUSTOMER_MESSAGES.nameTooLong],
      [contact({ mobile: '1234' }), VALIDATION_MESSAGES.mobileInvalid],
      [contact({ email: 'a@b' }), VALIDATION_MESSAGES.emailInvalid],
      [contact({ phone: '12ab' }), CUSTOMER_MESSAGES.landlineInvalid],
      [{ name: '甲', contacts: [{ name: '' }] }, CUSTOMER_MESSAGES.contactNameRequired],
      [{ name: '甲', level: 'Z' }, CUSTOMER_MESSAGES.levelInvalid],
      [{ name: '甲', source: '随便' }, CUSTOMER_MESSAGES.sourceInvalid],
      [
        { name: '甲', tags: Array.from({ length: 11 }, (_, i) => `标签${i}`) },
        CUSTOMER_MESSAGES.tooManyTags,
      ],
      [{ name: '甲', tags: ['x'.repeat(21)] }, CUSTOMER_MESSAGES.tagTooLong],
    ];
    for (const [body, msg] of cases) {
      const r = await callContract(createCustomer, { body }, as(t.admin));
      expect({ body, code: r.code, msg: r.msg }).toEqual({
        body,
        code: ERRORS.BAD_REQUEST.code,
        msg,
      });
    }
  });

  it('creates with defaults, fills the name from the linked company, dedupes tags', async () => {
    const ent = await plantEnterprise({ name: `厦门客户默认科技有限公司${process.pid}` });
    const id = await create(t.selfOnly, {
      enterpriseId: ent.id,
      tags: ['重点', '重点', '华东'],
      contacts: [{ name: '李四', mobile: '13911112222', position: '采购经理' }],
    });
    const r = await callContract(getCustomer, { query: { id } }, as(t.selfOnly));
    expect(r.data).toMatchObject({
      name: `厦门客户默认科技有限公司${process.pid}`,
      creditCode: ent.uncid,
      level: 'B',
      source: '手动录入',
      tags: ['重点', '华东'],
      ownerUserId: t.selfOnly.userId,
      contacts: [{ name: '李四', mobile: '13911112222', position: '采购经理', email: null }],
    });
  });

  it('keeps one live customer per company; a deleted one does not block, restore is refused', async () => {
    const ent = await plantEnterprise({ name: `厦门唯一客户有限公司${process.pid}` });
    const first = await create(t.admin, { enterpriseId: ent.id });
    const dup = await callContract(
      createCustomer,
      { body: { enterpriseId: ent.id } },
      as(t.selfOnly),
    );
    expect(dup.code).toBe(CUSTOMER_ERRORS.ENTERPRISE_EXISTS.code);
    expect(dup.msg).toContain(`厦门唯一客户有限公司${process.pid}`);
    expect((await callContract(deleteCustomer, { query: { id: first } }, as(t.admin))).data).toBe(
      true,
    );
    const second = await create(t.admin, { enterpriseId: ent.id, name: '第二个' });
    const restore = await callContract(restoreCustomer, { query: { id: first } }, as(t.admin));
    expect(restore.code).toBe(CUSTOMER_ERRORS.RESTORE_CONFLICT.code);
    expect(restore.msg).toBe(
      formatMessage(CUSTOMER_ERRORS.RESTORE_CONFLICT.msg, { name: '第二个' }),
    );
    expect(second).toBeGreaterThan(first);
  });

  it('updates the given fields only, replacing contacts and tags as lists', async () => {
    const id = await create(t.selfOnly, {
      name: '更新前',
      remark: '留着',
      tags: ['a'],
      contacts: [{ name: '甲' }, { name: '乙' }],
    });
    const r = await callContract(
      updateCustomer,
      { body: { id, name: '更新后', level: 'A', contacts: [{ name: '丙', email: 'c@x.cn' }] } },
      as(t.selfOnly),
    );
    expect(r.code === 200 ? 200 : r.msg).toBe(200);
    const v = (await callContract(getCustomer, { query: { id } }, as(t.selfOnly))).data;
    expect(v).toMatchObject({ name: '更新后', level: 'A', remark: '留着', tags: ['a'] });
    expect(v.contacts.map((c) => c.name)).toEqual(['丙']);
    const other = await callContract(
      updateCustomer,
      { body: { id, name: '越权' } },
      as(t.colleague),
    );
    expect(other.code).toBe(ERRORS.NOT_FOUND.code);
  });
});

describe('page and data scope', () => {
  const mark = `范围${process.pid}`;
  beforeAll(async () => {
    await create(t.selfOnly, { name: `${mark}甲`, level: 'A', tags: ['华南'], source: '企业搜索' });
    await create(t.colleague, {
      name: `${mark}乙`,
      level: 'C',
      contacts: [{ name: '王五', mobile: '13755556666' }],
    });
    await create(t.marketer, { name: `${mark}丙`, tags: ['华南'] });
  });

  it('仅本人 sees its own, 本部门 the department, 全部 all; another tenant nothing', async () => {
    expect(names((await page(t.selfOnly, { keyword: mark })).list)).toEqual([`${mark}甲`]);
    expect(names((await page(t.deptLead, { keyword: mark })).list)).toEqual([
      `${mark}乙`,
      `${mark}甲`,
    ]);
    expect((await page(t.admin, { keyword: mark })).total).toBe(3);
    expect((await page(t.outsider, { keyword: mark })).total).toBe(0);
  });

  it('answers 404 for a single customer outside the scope or tenant', async () => {
    const [mine] = (await page(t.selfOnly, { keyword: mark })).list;
    for (const u of [t.colleague, t.marketer, t.outsider]) {
      const r = await callContract(getCustomer, { query: { id: mine.id } }, as(u));
      expect(r.code).toBe(ERRORS.NOT_FOUND.code);
    }
    expect((await callContract(getCustomer, { query: { id: mine.id } }, as(t.deptLead))).code).toBe(
      200,
    );
  });

  it('filters by level, source, tag, owner, keyword on a contact mobile, created range; sorts', async () => {
    expect(names((await page(t.admin, { keyword: mark, level: ['A', 'C'] })).list)).toEqual([
      `${mark}乙`,
      `${mark}甲`,
    ]);
    expect(names((await page(t.admin, { keyword: mark, source: ['企业搜索'] })).list)).toEqual([
      `${mark}甲`,
    ]);
    expect(names((await page(t.admin, { keyword: mark, tag: '华南' })).list)).toEqual([
      `${mark}丙`,
      `${mark}甲`,
    ]);
    expect(
      names((await page(t.admin, { keyword: mark, ownerUserIds: [t.marketer.userId] })).list),
    ).toEqual([`${mark}丙`]);
    expect(names((await page(t.admin, { keyword: '13755556666' })).list)).toEqual([`${mark}乙`]);
    expect(
      (await page(t.admin, { keyword: mark, createTime: [Date.now() + 60_000, null] })).total,
    ).toBe(0);
    const asc = await page(t.admin, { keyword: mark, sortField: 'name', sortOrder: 'asc' });
    expect(asc.list.map((c) => c.name)).toEqual([...asc.list.map((c) => c.name)].sort());
    const two = await page(t.admin, { keyword: mark, pageSize: 2, pageNo: 2 });
    expect(two).toMatchObject({ total: 3 });
    expect(two.list).toHaveLength(1);
  });

  it('lists the tags in use within the scope', async () => {
    const r = await callContract(getCustomerTagList, {}, as(t.admin));
    expect(r.data).toEqual(expect.arrayContaining(['华南']));
    const none = await callContract(getCustomerTagList, {}, as(t.outsider));
    expect(none.data).not.toContain('华南');
  });
});

describe('delete, restore, owner transfer', () => {
  it('soft-deletes into the recycle bin and restores; refuses a customer with opportunities', async () => {
    const id = await create(t.selfOnly, { name: `回收${process.pid}` });
    const out = await callContract(deleteCustomer, { query: { ids: String(id) } }, as(t.colleague));
    expect(out.code).toBe(ERRORS.NOT_FOUND.code);
    expect((await callContract(deleteCustomer, { query: { id } }, as(t.selfOnly))).data).toBe(true);
    expect((await callContract(getCustomer, { query: { id } }, as(t.selfOnly))).code).toBe(404);
    const bin = await page(t.selfOnly, { deleted: true, keyword: `回收${process.pid}` });
    expect(bin.list.map((c) => c.id)).toEqual([id]);
    expect(bin.list[0].deleteTime).not.toBeNull();
    expect((await callContract(restoreCustomer, { query: { id } }, as(t.selfOnly))).data).toBe(
      true,
    );
    const again = await callContract(restoreCustomer, { query: { id } }, as(t.selfOnly));
    expect(again.code).toBe(ERRORS.NOT_FOUND.code);

    const opp = await callContract(
      createOpportunity,
      { body: { customerId: id, name: '挡住删除' } },
      as(t.selfOnly),
    );
    expect(opp.code === 200 ? 200 : opp.msg).toBe(200);
    const held = await callContract(deleteCustomer, { query: { id } }, as(t.selfOnly));
    expect(held.code).toBe(CUSTOMER_ERRORS.HAS_OPPORTUNITIES.code);
    expect(held.msg).toContain('1 个商机');
  });

  it('transfers owners in bulk within the scope, only to active members of the tenant', async () => {
    const a = await create(t.selfOnly, { name: '转移甲' });
    const b = await create(t.selfOnly, { name: '转移乙' });
    const c = await create(t.colleague, { name: '转移丙' });
    const foreign = await callContract(
      updateCustomerOwner,
      { body: { ids: [a, b], ownerUserId: t.outsider.userId } },
      as(t.selfOnly),
    );
    expect(foreign.code).toBe(CUSTOMER_ERRORS.OWNER_INVALID.code);
    const partly = await callContract(
      updateCustomerOwner,
      { body: { ids: [a, c], ownerUserId: t.selfOnly.userId } },
      as(t.selfOnly),
    );
    expect(partly.code).toBe(ERRORS.NOT_FOUND.code);
    const empty = await callContract(
      updateCustomerOwner,
      { body: { ids: [], ownerUserId: t.colleague.userId } },
      as(t.selfOnly),
    );
    expect(empty.msg).toBe(CUSTOMER_MESSAGES.idsRequired);
    const ok = await callContract(
      updateCustomerOwner,
      { body: { ids: [a, b], ownerUserId: t.colleague.userId } },
      as(t.selfOnly),
    );
    expect(ok.data).toBe(true);
    expect((await callContract(getCustomer, { query: { id: a } }, as(t.selfOnly))).code).toBe(404);
    const v = await callContract(getCustomer, { query: { id: b } }, as(t.colleague));
    expect(v.data.ownerUserId).toBe(t.colleague.userId);
  });
});

describe('convert a lead', () => {
  async function lead(u: TestUser, body: Record<string, unknown>): Promise<number> {
    const r = await callContract(createClue, { body }, as(u));
    expect(r.code === 200 ? 200 : r.msg).toBe(200);
    return r.data;
  }

  it('creates customer and opportunity in one step, marks the lead 已转化, is idempotent', async () => {
    const ent = await plantEnterprise({ name: `厦门转化科技有限公司${process.pid}` });
    const clueId = await lead(t.selfOnly, {
      enterpriseId: ent.id,
      source: '高级搜索',
      contactName: '赵六',
      contactMobile: '13600001111',
      contactEmail: 'zl@example.com',
    });
    const fu = await callContract(
      createFollowUp,
      { body: { clueId, channel: '电话', content: '线索阶段的沟通' } },
      as(t.selfOnly),
    );
    expect(fu.code).toBe(200);
    const out = await callContract(convertFromClue, { body: { clueId } }, as(t.colleague));
    expect(out.code).toBe(ERRORS.NOT_FOUND.code);

    const r = await callContract(
      convertFromClue,
      {
        body: {
          clueId,
          level: 'A',
          tags: ['转化'],
          opportunity: { name: '首单', amount: 1234500, expectedCloseDate: '2026-12-31' },
        },
      },
      as(t.selfOnly),
    );
    expect(r.code === 200 ? 200 : r.msg).toBe(200);
    expect(r.data.created).toBe(true);
    expect(r.data.opportunityId).toEqual(expect.any(Number));
    const c = (
      await callContract(getCustomer, { query: { id: r.data.customerId } }, as(t.selfOnly))
    ).data;
    expect(c).toMatchObject({
      name: `厦门转化科技有限公司${process.pid}`,
      enterpriseId: ent.id,
      creditCode: ent.uncid,
      source: '高级搜索',
      level: 'A',
      tags: ['转化'],
      ownerUserId: t.selfOnly.userId,
      fromClueId: clueId,
      followCount: 1,
      contacts: [{ name: '赵六', mobile: '13600001111', email: 'zl@example.com', phone: null }],
    });
    const o = await callContract(
      getOpportunity,
      { query: { id: r.data.opportunityId! } },
      as(t.selfOnly),
    );
    expect(o.data).toMatchObject({
      customerId: r.data.customerId,
      amount: 1234500,
      stageName: '初步接洽',
      probability: 10,
      status: 'open',
      expectedCloseDate: '2026-12-31',
    });
    const l = await callContract(getClue, { query: { id: clueId } }, as(t.selfOnly));
    expect(l.data.status).toBe(2);

    const again = await callContract(
      convertFromClue,
      { body: { clueId, opportunity: { name: '又一单', amount: 1 } } },
      as(t.selfOnly),
    );
    expect(again.data).toEqual({
      customerId: r.data.customerId,
      opportunityId: null,
      created: false,
    });
    const opps = await getDb()
      .select({ id: opportunities.id })
      .from(opportunities)
      .where(eq(opportunities.customerId, r.data.customerId));
    expect(opps).toHaveLength(1);

    // The customer's follow-ups include the lead's history.
    const f = await callContract(
      createCustomerFollowUp,
      {
        body: {
          customerId: r.data.customerId,
          channel: '拜访',
          content: '客户阶段的拜访',
          nextFollowTime: Date.now() + 86_400_000,
        },
      },
      as(t.selfOnly),
    );
    expect(f.code).toBe(200);
    const list = await callContract(
      listCustomerFollowUps,
      { query: { customerId: r.data.customerId } },
      as(t.selfOnly),
    );
    expect(list.data.total).toBe(2);
    expect(
      list.data.list.map((x) => [x.content, x.clueId === null, x.customerId === null]),
    ).toEqual([
      ['客户阶段的拜访', true, false],
      ['线索阶段的沟通', false, true],
    ]);
    const after = (
      await callContract(getCustomer, { query: { id: r.data.customerId } }, as(t.selfOnly))
    ).data;
    expect(after.followCount).toBe(2);
    expect(after.nextFollowTime).toBeGreaterThan(Date.now());
    const foreign = await callContract(
      listCustomerFollowUps,
      { query: { customerId: r.data.customerId } },
      as(t.outsider),
    );
    expect(foreign.code).toBe(ERRORS.NOT_FOUND.code);
  });

  it('refuses a deleted lead (404), an invalid one, and one whose company is already a customer', async () => {
    const gone = await lead(t.selfOnly, { name: `删除的线索${process.pid}` });
    await callContract(deleteClue, { query: { id: gone } }, as(t.selfOnly));
    const r1 = await callContract(convertFromClue, { body: { clueId: gone } }, as(t.selfOnly));
    expect(r1.code).toBe(ERRORS.NOT_FOUND.code);

    const bad = await lead(t.selfOnly, { name: `无效的线索${process.pid}` });
    await getDb().update(clues).set({ status: 3, invalidReason: '空号' }).where(eq(clues.id, bad));
    const r2 = await callContract(convertFromClue, { body: { clueId: bad } }, as(t.selfOnly));
    expect(r2.code).toBe(CUSTOMER_ERRORS.CLUE_INVALID.code);

    const ent = await plantEnterprise({ name: `厦门已是客户有限公司${process.pid}` });
    await create(t.admin, { enterpriseId: ent.id });
    const taken = await lead(t.selfOnly, { enterpriseId: ent.id });
    const r3 = await callContract(convertFromClue, { body: { clueId: taken } }, as(t.selfOnly));
    expect(r3.code).toBe(CUSTOMER_ERRORS.ENTERPRISE_EXISTS.code);
    const l = await callContract(getClue, { query: { id: taken } }, as(t.selfOnly));
    expect(l.data.status).toBe(0);

    const missing = await callContract(convertFromClue, { body: {} }, as(t.selfOnly));
    expect(missing.msg).toBe(CUSTOMER_MESSAGES.clueRequired);
  });

  it('converts once when two requests race: one creates, the other answers the same customer', async () => {
    const clueId = await lead(t.selfOnly, { name: `并发转化${process.pid}` });
    const [a, b] = await Promise.all([
      callContract(convertFromClue, { body: { clueId } }, as(t.selfOnly)),
      callContract(convertFromClue, { body: { clueId } }, as(t.admin)),
    ]);
    expect([a.code, b.code]).toEqual([200, 200]);
    expect([a.data.created, b.data.created].sort()).toEqual([false, true]);
    expect(a.data.customerId).toBe(b.data.customerId);
    expect((await page(t.admin, { keyword: `并发转化${process.pid}` })).total).toBe(1);
  });

  it('validates a customer follow-up', async () => {
    const id = await create(t.selfOnly, { name: `跟进校验${process.pid}` });
    const cases: [Record<string, unknown>, string][] = [
      [{ customerId: id, channel: '飞鸽', content: '内容' }, CUSTOMER_MESSAGES.channelInvalid],
      [{ customerId: id, channel: '电话', content: '  ' }, CUSTOMER_MESSAGES.contentRequired],
      [
        { customerId: id, channel: '电话', content: 'x'.repeat(2001) },
        CUSTOMER_MESSAGES.contentTooLong,
      ],
    ];
    for (const [body, msg] of cases) {
      const r = await callContract(createCustomerFollowUp, { body }, as(t.selfOnly));
      expect({ code: r.code, msg: r.msg }).toEqual({ code: ERRORS.BAD_REQUEST.code, msg });
    }
    const other = await callContract(
      createCustomerFollowUp,
      { body: { customerId: id, channel: '电话', content: '越权' } },
      as(t.colleague),
    );
    expect(other.code).toBe(ERRORS.NOT_FOUND.code);
  });

  it('rolls back the customer when the opportunity part fails', async () => {
    const clueId = await lead(t.selfOnly, { name: `回滚线索${process.pid}` });
    const r = await callContract(
      convertFromClue,
      { body: { clueId, opportunity: { name: '坏阶段', stageId: 999999999 } } },
      as(t.selfOnly),
    );
    expect(r.code).toBe(ERRORS.NOT_FOUND.code);
    const bin = await page(t.admin, { keyword: `回滚线索${process.pid}` });
    expect(bin.total).toBe(0);
    expect(
      (await callContract(getClue, { query: { id: clueId } }, as(t.selfOnly))).data.status,
    ).toBe(0);
  });
});
