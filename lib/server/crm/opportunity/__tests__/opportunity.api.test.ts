import { ERRORS } from '@/lib/shared/api/error-codes';
import { OPPORTUNITY_MESSAGES } from '@/lib/shared/opportunity/opportunity.constants';
import { OPPORTUNITY_ERRORS } from '@/lib/shared/opportunity/opportunity.errors';
import {
  createOpportunity,
  createStage,
  deleteOpportunity,
  deleteStage,
  getFunnel,
  getOpportunity,
  getPipeline,
  getPipelineStagePage,
  listStages,
  loseOpportunity,
  moveOpportunityStage,
  opportunityPage,
  reorderStages,
  updateOpportunity,
  updateStage,
  winOpportunity,
  type StageView,
} from '@/lib/shared/opportunity/opportunity.contract';
import { createCustomer } from '@/lib/shared/customer/customer.contract';
import { callContract, type TestUser } from '@/test/helpers/api';
import { as, seedCrmTeam, type CrmTeam } from '@/test/helpers/crm-team';

/**
 * Opportunities on the server (issue 15): stages (lazy default pipeline, create / rename /
 * reorder / delete), the opportunity calls with validation and data scope, move-stage in one
 * request, win / lose, and the pipeline and funnel totals.
 */

let t: CrmTeam;
let stages: StageView[];

beforeAll(async () => {
  t = await seedCrmTeam();
});

async function customer(u: TestUser, name: string): Promise<number> {
  const r = await callContract(createCustomer, { body: { name } }, as(u));
  expect(r.code === 200 ? 200 : r.msg).toBe(200);
  return r.data;
}

async function opp(u: TestUser, body: Record<string, unknown>): Promise<number> {
  const r = await callContract(createOpportunity, { body }, as(u));
  expect(r.code === 200 ? 200 : r.msg).toBe(200);
  return r.data;
}

const stage = (name: string) => stages.find((s) => s.name === name)!;

describe('stages', () => {
  it('creates the default pipeline on first use, terminal stages last', async () => {
    const r = await callContract(listStages, {}, as(t.selfOnly));
    expect(r.code).toBe(200);
    stages = r.data;
    expect(stages.map((s) => [s.name, s.type, s.probability])).toEqual([
      ['初步接洽', 'open', 10],
      ['需求确认', 'open', 30],
      ['方案报价', 'open', 50],
      ['商务谈判', 'open', 80],
      ['赢单', 'won', 100],
      ['输单', 'lost', 0],
    ]);
    // Twice at once from another tenant: one pipeline, not two.
    const [a, b] = await Promise.all([
      callContract(listStages, {}, as(t.outsider)),
      callContract(listStages, {}, as(t.outsider)),
    ]);
    expect(a.data.map((s) => s.id)).toEqual(b.data.map((s) => s.id));
    expect(a.data).toHaveLength(6);
    expect(a.data[0].id).not.toBe(stages[0].id);
  });

  it('creates, renames, reorders and deletes open stages; guards the terminal ones', async () => {
    const admin = as(t.admin);
    const noPerm = await callContract(
      createStage,
      { body: { name: '越权', probability: 5 } },
      as(t.noPerm),
    );
    expect(noPerm.code).toBe(ERRORS.FORBIDDEN.code);
    const bad = await callContract(createStage, { body: { name: '', probability: 101 } }, admin);
    expect(bad.msg).toBe(OPPORTUNITY_MESSAGES.stageNameRequired);
    const dup = await callContract(
      createStage,
      { body: { name: '需求确认', probability: 5 } },
      admin,
    );
    expect(dup.code).toBe(OPPORTUNITY_ERRORS.STAGE_NAME_EXISTS.code);
    const created = await callContract(
      createStage,
      { body: { name: '试用', probability: 60 } },
      admin,
    );
    expect(created.code === 200 ? 200 : created.msg).toBe(200);
    let list = (await callContract(listStages, {}, admin)).data;
    expect(list.map((s) => s.name)).toEqual([
      '初步接洽',
      '需求确认',
      '方案报价',
      '商务谈判',
      '试用',
      '赢单',
      '输单',
    ]);

    const ren = await callContract(
      updateStage,
      { body: { id: created.data, name: '产品试用', probability: 65 } },
      admin,
    );
    expect(ren.data).toBe(true);
    const openIds = list.filter((s) => s.type === 'open').map((s) => s.id);
    const reordered = [created.data, ...openIds.filter((id) => id !== created.data)];
    const re = await callContract(reorderStages, { body: { ids: reordered } }, admin);
    expect(re.data.map((s) => s.name)).toEqual([
      '产品试用',
      '初步接洽',
      '需求确认',
      '方案报价',
      '商务谈判',
      '赢单',
      '输单',
    ]);
    expect(re.data[0].probability).toBe(65);
    const partial = await callContract(reorderStages, { body: { ids: reordered.slice(1) } }, admin);
    expect(partial.code).toBe(OPPORTUNITY_ERRORS.STAGE_ORDER_MISMATCH.code);
    const won = list.find((s) => s.type === 'won')!;
    const withWon = await callContract(
      reorderStages,
      { body: { ids: [...reordered, won.id] } },
      admin,
    );
    expect(withWon.code).toBe(OPPORTUNITY_ERRORS.STAGE_TERMINAL.code);
    const delWon = await callContract(deleteStage, { query: { id: won.id } }, admin);
    expect(delWon.code).toBe(OPPORTUNITY_ERRORS.STAGE_TERMINAL.code);
    const foreign = await callContract(
      deleteStage,
      { query: { id: created.data } },
      as(t.outsider),
    );
    expect(foreign.code).toBe(ERRORS.NOT_FOUND.code);

    // Put the new stage back last, then delete it.
    await callContract(
      reorderStages,
      { body: { ids: [...reordered.slice(1), created.data] } },
      admin,
    );
    const del = await callContract(deleteStage, { query: { id: created.data } }, admin);
    expect(del.data).toBe(true);
    list = (await callContract(listStages, {}, admin)).data;
    expect(list.map((s) => s.name)).toEqual([
      '初步接洽',
      '需求确认',
      '方案报价',
      '商务谈判',
      '赢单',
      '输单',
    ]);
  });

  it('refuses to delete a stage that holds opportunities', async () => {
    const c = await customer(t.selfOnly, '阶段占用客户');
    await opp(t.selfOnly, { customerId: c, name: '占位', stageId: stage('需求确认').id });
    const r = await callContract(deleteStage, { query: { id: stage('需求确认').id } }, as(t.admin));
    expect(r.code).toBe(OPPORTUNITY_ERRORS.STAGE_IN_USE.code);
    expect(r.msg).toBe('阶段「需求确认」还有 1 个商机，不能删除');
  });
});

describe('opportunities', () => {
  let mine: number;
  beforeAll(async () => {
    mine = await customer(t.selfOnly, '商机客户甲');
  });

  it('validates amount in fen, dates, probability and the name', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ customerId: mine, name: '' }, OPPORTUNITY_MESSAGES.nameRequired],
      [{ customerId: mine, name: '甲', amount: -1 }, OPPORTUNITY_MESSAGES.amountInvalid],
      [{ customerId: mine, name: '甲', amount: 12.5 }, OPPORTUNITY_MESSAGES.amountInvalid],
      [{ customerId: mine, name: '甲', amount: 1e13 }, OPPORTUNITY_MESSAGES.amountTooLarge],
      [
        { customerId: mine, name: '甲', expectedCloseDate: '2026-02-30' },
        OPPORTUNITY_MESSAGES.dateInvalid,
      ],
      [{ customerId: mine, name: '甲', probability: 101 }, OPPORTUNITY_MESSAGES.probabilityInvalid],
      [{ name: '甲' }, OPPORTUNITY_MESSAGES.customerRequired],
    ];
    for (const [body, msg] of cases) {
      const r = await callContract(createOpportunity, { body }, as(t.selfOnly));
      expect({ body, code: r.code, msg: r.msg }).toEqual({
        body,
        code: ERRORS.BAD_REQUEST.code,
        msg,
      });
    }
    const won = await callContract(
      createOpportunity,
      { body: { customerId: mine, name: '甲', stageId: stage('赢单').id } },
      as(t.selfOnly),
    );
    expect(won.code).toBe(OPPORTUNITY_ERRORS.STAGE_NOT_OPEN.code);
  });

  it('creates in the first stage with its probability; refuses a customer out of scope', async () => {
    const id = await opp(t.selfOnly, { customerId: mine, name: '默认阶段', amount: 500000 });
    const v = (await callContract(getOpportunity, { query: { id } }, as(t.selfOnly))).data;
    expect(v).toMatchObject({
      stageName: '初步接洽',
      probability: 10,
      status: 'open',
      amount: 500000,
      customerName: '商机客户甲',
      ownerUserId: t.selfOnly.userId,
    });
    const theirs = await customer(t.colleague, '别人的客户');
    const r = await callContract(
      createOpportunity,
      { body: { customerId: theirs, name: '越权' } },
      as(t.selfOnly),
    );
    expect(r.code).toBe(ERRORS.NOT_FOUND.code);
    const upd = await callContract(
      updateOpportunity,
      {
        body: {
          id,
          name: '改名',
          amount: 600000,
          probability: 20,
          expectedCloseDate: '2027-01-15',
        },
      },
      as(t.selfOnly),
    );
    expect(upd.data).toBe(true);
    const after = (await callContract(getOpportunity, { query: { id } }, as(t.selfOnly))).data;
    expect(after).toMatchObject({
      name: '改名',
      amount: 600000,
      probability: 20,
      expectedCloseDate: '2027-01-15',
    });
  });

  it('moves a stage in one request that a later read sees; 输单 needs a reason; reopens', async () => {
    const id = await opp(t.selfOnly, { customerId: mine, name: '拖动', amount: 100 });
    const m1 = await callContract(
      moveOpportunityStage,
      { body: { id, stageId: stage('方案报价').id } },
      as(t.selfOnly),
    );
    expect(m1.data).toMatchObject({
      stageId: stage('方案报价').id,
      probability: 50,
      status: 'open',
    });
    const m2 = await callContract(
      moveOpportunityStage,
      { body: { id, stageId: stage('商务谈判').id } },
      as(t.selfOnly),
    );
    expect(m2.data.probability).toBe(80);
    // "Reload": read it afresh.
    const read = (await callContract(getOpportunity, { query: { id } }, as(t.selfOnly))).data;
    expect(read).toMatchObject({ stageName: '商务谈判', probability: 80 });

    const noReason = await callContract(
      moveOpportunityStage,
      { body: { id, stageId: stage('输单').id } },
      as(t.selfOnly),
    );
    expect(noReason.code).toBe(OPPORTUNITY_ERRORS.LOST_REASON_REQUIRED.code);
    const toWon = await callContract(
      moveOpportunityStage,
      { body: { id, stageId: stage('赢单').id } },
      as(t.selfOnly),
    );
    expect(toWon.data).toMatchObject({ status: 'won', probability: 100 });
    expect(toWon.data.closeTime).toEqual(expect.any(Number));
    const back = await callContract(
      moveOpportunityStage,
      { body: { id, stageId: stage('需求确认').id } },
      as(t.selfOnly),
    );
    expect(back.data).toMatchObject({ status: 'open', probability: 30, closeTime: null });

    const other = await callContract(
      moveOpportunityStage,
      { body: { id, stageId: stage('方案报价').id } },
      as(t.colleague),
    );
    expect(other.code).toBe(ERRORS.NOT_FOUND.code);
    const foreignStage = (await callContract(listStages, {}, as(t.outsider))).data[0];
    const cross = await callContract(
      moveOpportunityStage,
      { body: { id, stageId: foreignStage.id } },
      as(t.selfOnly),
    );
    expect(cross.code).toBe(ERRORS.NOT_FOUND.code);
  });

  it('wins and loses; losing needs a reason', async () => {
    const a = await opp(t.selfOnly, { customerId: mine, name: '赢的', amount: 1 });
    const b = await opp(t.selfOnly, { customerId: mine, name: '输的', amount: 1 });
    const w = await callContract(winOpportunity, { body: { id: a } }, as(t.selfOnly));
    expect(w.data).toMatchObject({
      status: 'won',
      stageName: '赢单',
      probability: 100,
      lostReason: null,
    });
    const empty = await callContract(
      loseOpportunity,
      { body: { id: b, lostReason: ' ' } },
      as(t.selfOnly),
    );
    expect(empty.msg).toBe(OPPORTUNITY_MESSAGES.lostReasonRequired);
    const l = await callContract(
      loseOpportunity,
      { body: { id: b, lostReason: '价格太高' } },
      as(t.selfOnly),
    );
    expect(l.data).toMatchObject({
      status: 'lost',
      stageName: '输单',
      probability: 0,
      lostReason: '价格太高',
    });
    const out = await callContract(winOpportunity, { body: { id: b } }, as(t.outsider));
    expect(out.code).toBe(ERRORS.NOT_FOUND.code);
  });

  it('pages under the data scope and filters; deletes within the scope only', async () => {
    const mark = `分页${process.pid}`;
    const c2 = await customer(t.colleague, `${mark}客户`);
    await opp(t.colleague, { customerId: c2, name: `${mark}一`, amount: 300 });
    const mineId = await opp(t.selfOnly, { customerId: mine, name: `${mark}二`, amount: 200 });
    const self = await callContract(opportunityPage, { body: { keyword: mark } }, as(t.selfOnly));
    expect(self.data.list.map((o) => o.name)).toEqual([`${mark}二`]);
    const dept = await callContract(
      opportunityPage,
      { body: { keyword: mark, sortField: 'amount', sortOrder: 'asc' } },
      as(t.deptLead),
    );
    expect(dept.data.list.map((o) => o.name)).toEqual([`${mark}二`, `${mark}一`]);
    const byCustomer = await callContract(
      opportunityPage,
      { body: { keyword: `${mark}客户` } },
      as(t.admin),
    );
    expect(byCustomer.data.list.map((o) => o.name)).toEqual([`${mark}一`]);
    const outsider = await callContract(
      opportunityPage,
      { body: { keyword: mark } },
      as(t.outsider),
    );
    expect(outsider.data.total).toBe(0);
    const status = await callContract(
      opportunityPage,
      { body: { status: ['lost'] } },
      as(t.selfOnly),
    );
    expect(status.data.list.every((o) => o.status === 'lost')).toBe(true);
    expect(status.data.total).toBeGreaterThan(0);
    const delOther = await callContract(
      deleteOpportunity,
      { query: { id: mineId } },
      as(t.colleague),
    );
    expect(delOther.code).toBe(ERRORS.NOT_FOUND.code);
    expect(
      (await callContract(deleteOpportunity, { query: { id: mineId } }, as(t.selfOnly))).data,
    ).toBe(true);
    expect(
      (await callContract(getOpportunity, { query: { id: mineId } }, as(t.selfOnly))).code,
    ).toBe(404);
  });
});

describe('pipeline and funnel', () => {
  it('sums count and amount per stage under the scope, with the first N cards and more by page', async () => {
    // A tenant of its own so the totals are exactly what this test planted.
    const team = await seedCrmTeam();
    const c1 = await customer(team.selfOnly, '看板客户一');
    const c2 = await customer(team.colleague, '看板客户二');
    const st = (await callContract(listStages, {}, as(team.admin))).data;
    const s = (name: string) => st.find((x) => x.name === name)!.id;
    const plant: [TestUser, number, string, number][] = [
      [team.selfOnly, c1, '初步接洽', 100],
      [team.selfOnly, c1, '初步接洽', 250],
      [team.selfOnly, c1, '初步接洽', 650],
      [team.selfOnly, c1, '方案报价', 5000],
      [team.colleague, c2, '初步接洽', 7],
      [team.colleague, c2, '商务谈判', 90000],
    ];
    const ids: number[] = [];
    for (const [u, c, name, amount] of plant)
      ids.push(await opp(u, { customerId: c, name: `${name}${amount}`, amount, stageId: s(name) }));
    await callContract(winOpportunity, { body: { id: ids[3] } }, as(team.selfOnly));

    const all = (await callContract(getPipeline, { body: { cardLimit: 2 } }, as(team.admin))).data;
    const col = (name: string) => all.columns.find((c) => c.stage.name === name)!;
    expect(all.columns.map((c) => c.stage.name)).toEqual([
      '初步接洽',
      '需求确认',
      '方案报价',
      '商务谈判',
      '赢单',
      '输单',
    ]);
    expect([col('初步接洽').count, col('初步接洽').amount]).toEqual([4, 1007]);
    expect([col('方案报价').count, col('赢单').count, col('赢单').amount]).toEqual([0, 1, 5000]);
    expect([col('商务谈判').count, col('商务谈判').amount]).toEqual([1, 90000]);
    expect([all.totalCount, all.totalAmount]).toEqual([6, 96007]);
    // Newest update first: the card won last is the only 赢单 card; 初步接洽 shows 2 of 4.
    expect(col('初步接洽').cards.map((c) => c.amount)).toEqual([7, 650]);
    expect(col('赢单').cards.map((c) => c.id)).toEqual([ids[3]]);

    const more = await callContract(
      getPipelineStagePage,
      { body: { stageId: s('初步接洽'), pageNo: 2, pageSize: 2 } },
      as(team.admin),
    );
    expect(more.data.total).toBe(4);
    expect(more.data.list.map((c) => c.amount)).toEqual([250, 100]);

    const self = (await callContract(getPipeline, { body: {} }, as(team.selfOnly))).data;
    expect([self.totalCount, self.totalAmount]).toEqual([4, 6000]);
    expect(self.columns[0].cards.every((c) => c.ownerUserId === team.selfOnly.userId)).toBe(true);
    const filtered = (await callContract(getPipeline, { body: { customerId: c2 } }, as(team.admin)))
      .data;
    expect([filtered.totalCount, filtered.totalAmount]).toEqual([2, 90007]);

    const f = (await callContract(getFunnel, { body: {} }, as(team.admin))).data;
    expect(f.map((x) => [x.name, x.count, x.amount])).toEqual([
      ['初步接洽', 4, 1007],
      ['需求确认', 0, 0],
      ['方案报价', 0, 0],
      ['商务谈判', 1, 90000],
      ['赢单', 1, 5000],
      ['输单', 0, 0],
    ]);
    const fSelf = (await callContract(getFunnel, { body: {} }, as(team.deptLead))).data;
    expect(fSelf.reduce((n, x) => n + x.count, 0)).toBe(6);
    const none = await callContract(getPipeline, { body: {} }, as(team.noPerm));
    expect(none.code).toBe(ERRORS.FORBIDDEN.code);
    const other = (await callContract(getPipeline, { body: {} }, as(team.outsider))).data;
    expect(other.totalCount).toBe(0);
  });
});
