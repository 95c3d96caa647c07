import { eq } from 'drizzle-orm';
import {
  backgroundJobs,
  clues,
  enterpriseChanges,
  enterprises,
  enterpriseUnlocks,
  favourites,
  notifications,
  searchHistory,
} from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { createClue, createFollowUp } from '@/lib/shared/clue/clue.contract';
import { chinaDayStart } from '@/lib/shared/clue/china-day';
import {
  createSampleLeads,
  deleteSampleLeads,
  getWorkbench,
  type Workbench,
} from '@/lib/shared/workbench/workbench.contract';
import { SAMPLE_LEAD_MARK, chinaNextMonthStart } from '@/lib/shared/workbench/workbench-rules';
import { callContract, type TestUser } from '@/test/helpers/api';
import { as, seedCrmTeam } from '@/test/helpers/crm-team';

/**
 * 我的工作台 (GET /szjk/workbench/get, issue 29 item 1) against the real database: each section's
 * content, the caller's own data under 仅本人, the administrator's team strip under their scope,
 * the first-run checklist and sample leads, and another tenant's token refused.
 */

let admin: TestUser;
let outsider: TestUser;
/** 仅本人 (data scope 5) with the lead permissions. */
let seller: TestUser;
let colleague: TestUser;
/** A member without lead permissions. */
let noPerm: TestUser;
const tag = `${process.pid}${Math.floor(Math.random() * 1e5)}`;
const DAY = 86_400_000;

async function workbench(u: TestUser): Promise<Workbench> {
  const r = await callContract(getWorkbench, {}, as(u));
  expect(r.code === 200 ? 200 : r.msg).toBe(200);
  return r.data;
}

async function lead(u: TestUser, name: string, nextFollowTime?: number): Promise<number> {
  const r = await callContract(createClue, { body: { name, nextFollowTime } }, as(u));
  expect(r.code === 200 ? 200 : r.msg).toBe(200);
  return r.data;
}

const today10 = chinaDayStart(Date.now()) + 2 * 3_600_000;
let sellerOverdue: number;

beforeAll(async () => {
  const team = await seedCrmTeam(['szjk:clue:'], 'wb');
  ({ admin, outsider, colleague, noPerm } = team);
  seller = team.selfOnly;
  sellerOverdue = await lead(seller, `逾期线索${tag}`, today10 - 3 * DAY);
  await lead(seller, `今日线索${tag}`, today10);
  await lead(seller, `下周线索${tag}`, today10 + 7 * DAY);
  await lead(seller, `无跟进时间${tag}`);
  await lead(colleague, `同事逾期${tag}`, today10 - DAY);
});

describe('a salesperson (仅本人)', () => {
  it('sees their own overdue first, then today, and counts; not a colleague’s', async () => {
    const wb = await workbench(seller);
    expect(wb.leads).not.toBeNull();
    expect(wb.leads!.overdue).toBe(1);
    expect(wb.leads!.dueToday).toBe(1);
    expect(wb.leads!.followUps.map((f) => [f.name, f.overdue])).toEqual([
      [`逾期线索${tag}`, true],
      [`今日线索${tag}`, false],
    ]);
    expect(wb.leads!.stages).toEqual({ new: 4, following: 0, converted: 0, invalid: 0, total: 4 });
    expect(wb.leads!.newThisWeek).toBe(4);
    // Not a tenant administrator: no team strip.
    expect(wb.team).toBeNull();
    expect(wb.nickname).toBeTruthy();
  });

  it('logging the overdue follow-up moves it out of the list and ticks the checklist', async () => {
    const before = await workbench(seller);
    expect(before.onboarding).toEqual({ search: false, lead: true, followUp: false });
    const r = await callContract(
      createFollowUp,
      {
        body: {
          clueId: sellerOverdue,
          channel: '电话',
          content: '已电话沟通，约下周拜访',
          nextFollowTime: today10 + 5 * DAY,
        },
      },
      as(seller),
    );
    expect(r.code === 200 ? 200 : r.msg).toBe(200);
    const after = await workbench(seller);
    expect(after.leads!.overdue).toBe(0);
    expect(after.leads!.followUps.map((f) => f.name)).toEqual([`今日线索${tag}`]);
    expect(after.leads!.stages.following).toBe(1);
    expect(after.onboarding.followUp).toBe(true);
  });

  it('shows quota with its reset date, searches, favourites that changed, jobs and notices', async () => {
    const db = getDb();
    await db.insert(searchHistory).values([
      { tenantId: seller.tenantId, userId: seller.userId, keyword: `云帆${tag}` },
      { tenantId: seller.tenantId, userId: seller.userId, keyword: `云帆${tag}` },
      { tenantId: seller.tenantId, userId: colleague.userId, keyword: `同事搜的${tag}` },
    ]);
    const [ent] = await db.select({ id: enterprises.id }).from(enterprises).limit(1);
    const recent = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10);
    await db.insert(favourites).values({
      tenantId: seller.tenantId!,
      userId: seller.userId,
      enterpriseId: ent.id,
    });
    await db
      .insert(enterpriseChanges)
      .values({ enterpriseId: ent.id, changeDate: recent, item: `法定代表人变更${tag}` });
    await db.insert(backgroundJobs).values([
      {
        tenantId: seller.tenantId,
        userId: seller.userId,
        kind: 'clue_export',
        title: '导出线索',
        status: 'running',
        processed: 5,
        total: 10,
      },
      {
        tenantId: seller.tenantId,
        userId: seller.userId,
        kind: 'clue_export',
        title: '导出线索（完成）',
        status: 'succeeded',
        finishedAt: new Date(),
      },
      {
        tenantId: seller.tenantId,
        userId: colleague.userId,
        kind: 'clue_export',
        title: '同事的导出',
        status: 'running',
      },
    ]);
    await db.insert(notifications).values([
      {
        tenantId: seller.tenantId,
        userId: seller.userId,
        title: `额度提醒${tag}`,
        content: '本月额度即将用完',
      },
      { tenantId: seller.tenantId, userId: colleague.userId, title: '同事的通知', content: 'x' },
    ]);

    const wb = await workbench(seller);
    expect(wb.quota.resetTime).toBe(chinaNextMonthStart(wb.now));
    expect(wb.quota.remaining).toBe(wb.quota.monthlyRemaining + wb.quota.grantRemaining);
    expect(wb.recentSearches.map((s) => s.keyword)).toEqual([`云帆${tag}`]);
    expect(wb.onboarding.search).toBe(true);
    expect(wb.favouriteCount).toBe(1);
    expect(wb.favouriteChanges).toEqual([
      expect.objectContaining({
        enterpriseId: ent.id,
        changeDate: recent,
        item: `法定代表人变更${tag}`,
        changes: 1,
      }),
    ]);
    expect(wb.jobs.running.map((j) => [j.title, j.percent])).toEqual([['导出线索', 50]]);
    expect(wb.jobs.finished.map((j) => [j.title, j.status])).toEqual([
      ['导出线索（完成）', 'succeeded'],
    ]);
    expect(wb.notifications.list.map((n) => n.title)).toEqual([`额度提醒${tag}`]);
    expect(wb.notifications.unread).toBe(1);
  });
});

describe('a tenant administrator', () => {
  it('sees their own leads only, and the team strip of this week per member', async () => {
    const db = getDb();
    const [ent] = await db.select({ id: enterprises.id }).from(enterprises).limit(1);
    await db
      .insert(enterpriseUnlocks)
      .values({ tenantId: admin.tenantId!, enterpriseId: ent.id, userId: colleague.userId });
    const wb = await workbench(admin);
    // The admin follows no lead: their own sections are empty even though they may see all.
    expect(wb.leads!.stages.total).toBe(0);
    expect(wb.leads!.followUps).toEqual([]);
    expect(wb.team).not.toBeNull();
    const row = (u: TestUser) => wb.team!.find((m) => m.userId === u.userId);
    expect(row(seller)).toMatchObject({ newLeads: 4, followUps: 1, unlocks: 0, conversions: 0 });
    expect(row(colleague)).toMatchObject({ newLeads: 1, followUps: 0, unlocks: 1 });
    // The most active member first.
    expect(wb.team![0].userId).toBe(seller.userId);
    // Only members of the admin's tenant.
    expect(row(outsider)).toBeUndefined();
  });
});

describe('permissions and tenants', () => {
  it('gives a member without lead permission no lead sections (null, not zeros)', async () => {
    const wb = await workbench(noPerm);
    expect(wb.leads).toBeNull();
    expect(wb.quota).toBeDefined();
    const r = await callContract(createSampleLeads, {}, as(noPerm));
    expect(r.code).toBe(ERRORS.FORBIDDEN.code);
  });

  it('refuses another tenant’s member asking for this tenant', async () => {
    const r = await callContract(
      getWorkbench,
      {},
      { token: outsider.accessToken, tenantId: admin.tenantId },
    );
    expect(r.code).toBe(ERRORS.FORBIDDEN.code);
    expect(r.data ?? null).toBeNull();
    // Their own workbench shows nothing of this tenant.
    const own = await workbench(outsider);
    expect(own.leads!.followUps).toEqual([]);
    expect(own.team!.map((m) => m.userId)).toEqual([outsider.userId]);
  });

  it('refuses without a token', async () => {
    const r = await callContract(getWorkbench, {}, {});
    expect(r.code).toBe(ERRORS.UNAUTHORIZED.code);
  });
});

describe('first-run sample leads', () => {
  it('adds three once (one overdue, one today), counts them apart, and removes them', async () => {
    const fresh = colleague;
    const a = await callContract(createSampleLeads, {}, as(fresh));
    expect(a.data).toBe(3);
    const again = await callContract(createSampleLeads, {}, as(fresh));
    expect(again.data).toBe(0);
    const wb = await workbench(fresh);
    expect(wb.leads!.sampleLeads).toBe(3);
    const samples = wb.leads!.followUps.filter((f) => f.name.startsWith(SAMPLE_LEAD_MARK));
    expect(samples.map((f) => f.overdue)).toEqual([true, false]);
    const d = await callContract(deleteSampleLeads, {}, as(fresh));
    expect(d.data).toBe(3);
    const left = await getDb()
      .select({ id: clues.id })
      .from(clues)
      .where(eq(clues.ownerUserId, fresh.userId));
    expect(left).toHaveLength(1); // the colleague's own lead stays
    expect((await workbench(fresh)).leads!.sampleLeads).toBe(0);
  });
});
