import 'server-only';
import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  sql,
} from 'drizzle-orm';
import {
  backgroundJobs,
  clueFollowUps,
  clueOwnerCounts,
  clues,
  customers,
  enterpriseChanges,
  enterprises,
  enterpriseUnlocks,
  favourites,
  notifications,
  savedListViews,
  searchHistory,
  users,
} from '@/db/schema';
import { getDb } from '@/lib/server/platform';
import { isTenantAdmin, ownerScope, scopePredicate } from '@/lib/server/identity';
import { getUnlockCredit } from '@/lib/server/commerce';
import { hasPermission } from '@/lib/shared/auth/permission';
import { CLUE_STATUS, MANUAL_SOURCE } from '@/lib/shared/clue/clue.constants';
import { chinaDayStart, chinaTomorrowStart } from '@/lib/shared/clue/china-day';
import { UNLISTED_JOB_KINDS } from '@/lib/shared/jobs/job.types';
import type { Workbench, WorkbenchMember } from '@/lib/shared/workbench/workbench.contract';
import {
  SAMPLE_LEAD_MARK,
  SAMPLE_LEADS,
  chinaNextMonthStart,
  chinaWeekStart,
} from '@/lib/shared/workbench/workbench-rules';

/** The caller: a member of a tenant, with the roles and permissions of the request. */
export type WorkbenchActor = {
  userId: number;
  tenantId: number;
  roles: readonly string[];
  permissions: ReadonlySet<string>;
};

/** How many urgent follow-ups, searches, views, favourites, jobs and notices the page shows. */
export const WORKBENCH_FOLLOW_UP_LIMIT = 8;
const LIST_LIMIT = 5;
/** 收藏企业近期变更: changes within this many days. */
export const WORKBENCH_CHANGE_DAYS = 30;
/** The team strip lists at most this many members (the most active first). */
export const WORKBENCH_TEAM_LIMIT = 50;

const DAY = 86_400_000;
const ts = (ms: number) => new Date(ms).toISOString();
// A literal, not a parameter: the planner matches it to the partial index clues_sample_owner_idx.
const sampleName = sql`${clues.name} like ${sql.raw(`'${SAMPLE_LEAD_MARK}%'`)}`;
const open = sql`${clues.status} in (${CLUE_STATUS.new}, ${CLUE_STATUS.following})`;

/** Live leads of the tenant whose follow user is the caller. */
const mine = (a: WorkbenchActor) =>
  and(eq(clues.tenantId, a.tenantId), eq(clues.ownerUserId, a.userId), isNull(clues.deletedAt));

async function leadSections(a: WorkbenchActor, now: number): Promise<Workbench['leads']> {
  const db = getDb();
  const today = ts(chinaDayStart(now));
  const tomorrow = ts(chinaTomorrowStart(now));
  const week = ts(chinaWeekStart(now));
  // Each count reads one index: the due index (tenant, owner, next follow-up) for 逾期 and 今日,
  // the owner counters for the stages, the owner index for this week's new leads.
  const [urgent, [dueCounts], stageRows, [weekNew], [samples]] = await Promise.all([
    db
      .select({
        id: clues.id,
        name: clues.name,
        status: clues.status,
        contactName: clues.contactName,
        nextFollowAt: clues.nextFollowAt,
      })
      .from(clues)
      .where(and(mine(a), open, lt(clues.nextFollowAt, sql`${tomorrow}::timestamptz`)))
      .orderBy(clues.nextFollowAt, clues.id)
      .limit(WORKBENCH_FOLLOW_UP_LIMIT),
    db
      .select({
        overdue: sql<number>`count(*) filter (where ${clues.nextFollowAt} < ${today}::timestamptz)::int`,
        today: sql<number>`count(*) filter (where ${clues.nextFollowAt} >= ${today}::timestamptz)::int`,
      })
      .from(clues)
      .where(and(mine(a), open, lt(clues.nextFollowAt, sql`${tomorrow}::timestamptz`))),
    db
      .select({ status: clueOwnerCounts.status, n: clueOwnerCounts.n })
      .from(clueOwnerCounts)
      .where(
        and(eq(clueOwnerCounts.tenantId, a.tenantId), eq(clueOwnerCounts.ownerUserId, a.userId)),
      ),
    db
      .select({ n: count() })
      .from(clues)
      .where(and(mine(a), gte(clues.createdAt, new Date(week)))),
    db
      .select({ n: count() })
      .from(clues)
      .where(and(mine(a), sampleName)),
  ]);
  const of = (s: number) => stageRows.find((r) => r.status === s)?.n ?? 0;
  const stages = {
    new: of(CLUE_STATUS.new),
    following: of(CLUE_STATUS.following),
    converted: of(CLUE_STATUS.converted),
    invalid: of(CLUE_STATUS.invalid),
    total: 0,
  };
  stages.total = stages.new + stages.following + stages.converted + stages.invalid;
  const todayMs = chinaDayStart(now);
  return {
    dueToday: dueCounts?.today ?? 0,
    overdue: dueCounts?.overdue ?? 0,
    followUps: urgent.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      contactName: r.contactName,
      nextFollowTime: r.nextFollowAt!.getTime(),
      overdue: r.nextFollowAt!.getTime() < todayMs,
    })),
    stages,
    newThisWeek: weekNew?.n ?? 0,
    sampleLeads: samples?.n ?? 0,
  };
}

/**
 * This week per member the administrator's data scope reaches: unlocks, new leads (by follow
 * user), follow-ups written and leads converted to customers (by the customer's owner).
 */
async function teamStrip(a: WorkbenchActor, now: number): Promise<WorkbenchMember[]> {
  const db = getDb();
  const scope = await ownerScope(a, db);
  const week = new Date(chinaWeekStart(now));
  const members = await db
    .select({ userId: users.id, nickname: users.nickname })
    .from(users)
    .where(
      and(
        eq(users.tenantId, a.tenantId),
        eq(users.status, 0),
        isNull(users.deletedAt),
        scopePredicate(users.id, scope),
      ),
    )
    .orderBy(users.id)
    .limit(500);
  if (members.length === 0) return [];
  const [unlocks, leads, follows, converted] = await Promise.all([
    db
      .select({ userId: enterpriseUnlocks.userId, n: count() })
      .from(enterpriseUnlocks)
      .where(
        and(eq(enterpriseUnlocks.tenantId, a.tenantId), gte(enterpriseUnlocks.createdAt, week)),
      )
      .groupBy(enterpriseUnlocks.userId),
    db
      .select({ userId: clues.ownerUserId, n: count() })
      .from(clues)
      .where(
        and(eq(clues.tenantId, a.tenantId), isNull(clues.deletedAt), gte(clues.createdAt, week)),
      )
      .groupBy(clues.ownerUserId),
    db
      .select({ userId: clueFollowUps.userId, n: count() })
      .from(clueFollowUps)
      .where(and(eq(clueFollowUps.tenantId, a.tenantId), gte(clueFollowUps.createdAt, week)))
      .groupBy(clueFollowUps.userId),
    db
      .select({ userId: customers.ownerUserId, n: count() })
      .from(customers)
      .where(
        and(
          eq(customers.tenantId, a.tenantId),
          isNull(customers.deletedAt),
          isNotNull(customers.fromClueId),
          gte(customers.createdAt, week),
        ),
      )
      .groupBy(customers.ownerUserId),
  ]);
  const by = (rows: { userId: number; n: number }[]) => new Map(rows.map((r) => [r.userId, r.n]));
  const [u, l, f, c] = [by(unlocks), by(leads), by(follows), by(converted)];
  return members
    .map((m) => ({
      userId: m.userId,
      nickname: m.nickname,
      unlocks: u.get(m.userId) ?? 0,
      newLeads: l.get(m.userId) ?? 0,
      followUps: f.get(m.userId) ?? 0,
      conversions: c.get(m.userId) ?? 0,
    }))
    .sort(
      (x, y) =>
        y.unlocks +
          y.newLeads +
          y.followUps +
          y.conversions -
          (x.unlocks + x.newLeads + x.followUps + x.conversions) || x.userId - y.userId,
    )
    .slice(0, WORKBENCH_TEAM_LIMIT);
}

async function favouriteSections(a: WorkbenchActor, now: number) {
  const db = getDb();
  const since = new Date(now - WORKBENCH_CHANGE_DAYS * DAY).toISOString().slice(0, 10);
  const [[total], changed] = await Promise.all([
    db
      .select({ n: count() })
      .from(favourites)
      .where(and(eq(favourites.userId, a.userId), eq(favourites.tenantId, a.tenantId))),
    // Per favourite the changes since `since` (enterprise_changes_ent_idx), newest first.
    db
      .select({
        enterpriseId: favourites.enterpriseId,
        name: enterprises.name,
        uncid: enterprises.uncid,
        changeDate: sql<string>`max(${enterpriseChanges.changeDate})::text`,
        item: sql<string>`(array_agg(${enterpriseChanges.item} order by ${enterpriseChanges.changeDate} desc, ${enterpriseChanges.id} desc))[1]`,
        changes: sql<number>`count(*)::int`,
      })
      .from(favourites)
      .innerJoin(enterprises, eq(enterprises.id, favourites.enterpriseId))
      .innerJoin(
        enterpriseChanges,
        and(
          eq(enterpriseChanges.enterpriseId, favourites.enterpriseId),
          gte(enterpriseChanges.changeDate, since),
        ),
      )
      .where(and(eq(favourites.userId, a.userId), eq(favourites.tenantId, a.tenantId)))
      .groupBy(favourites.enterpriseId, enterprises.name, enterprises.uncid)
      .orderBy(sql`max(${enterpriseChanges.changeDate}) desc`, favourites.enterpriseId)
      .limit(LIST_LIMIT),
  ]);
  return {
    favouriteCount: total?.n ?? 0,
    favouriteChanges: changed.map((r) => ({ ...r, uncid: r.uncid || null })),
  };
}

const percentOf = (processed: number, total: number | null, status: string) =>
  status === 'succeeded'
    ? 100
    : total && total > 0
      ? Math.min(100, Math.floor((processed / total) * 100))
      : 0;

async function jobSections(a: WorkbenchActor): Promise<Workbench['jobs']> {
  const db = getDb();
  const cols = {
    id: backgroundJobs.id,
    kind: backgroundJobs.kind,
    title: backgroundJobs.title,
    status: backgroundJobs.status,
    processed: backgroundJobs.processed,
    total: backgroundJobs.total,
    createdAt: backgroundJobs.createdAt,
    finishedAt: backgroundJobs.finishedAt,
  };
  const base = and(
    eq(backgroundJobs.userId, a.userId),
    isNull(backgroundJobs.deletedAt),
    notInArray(backgroundJobs.kind, [...UNLISTED_JOB_KINDS]),
  );
  const running = ['queued', 'running'];
  const [live, done] = await Promise.all([
    db
      .select(cols)
      .from(backgroundJobs)
      .where(and(base, inArray(backgroundJobs.status, running)))
      .orderBy(desc(backgroundJobs.createdAt))
      .limit(LIST_LIMIT),
    db
      .select(cols)
      .from(backgroundJobs)
      .where(and(base, notInArray(backgroundJobs.status, running)))
      .orderBy(desc(backgroundJobs.createdAt))
      .limit(LIST_LIMIT),
  ]);
  const view = (r: (typeof live)[number]) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    status: r.status as Workbench['jobs']['running'][number]['status'],
    percent: percentOf(r.processed, r.total, r.status),
    createTime: r.createdAt.getTime(),
    finishTime: r.finishedAt ? r.finishedAt.getTime() : null,
  });
  return { running: live.map(view), finished: done.map(view) };
}

async function onboarding(a: WorkbenchActor): Promise<Workbench['onboarding']> {
  const db = getDb();
  const [searched, led, followed] = await Promise.all([
    db
      .select({ id: searchHistory.id })
      .from(searchHistory)
      .where(eq(searchHistory.userId, a.userId))
      .limit(1),
    db
      .select({ id: clues.id })
      .from(clues)
      .where(and(mine(a), sql`not (${sampleName})`))
      .limit(1),
    db
      .select({ id: clueFollowUps.id })
      .from(clueFollowUps)
      .where(and(eq(clueFollowUps.userId, a.userId), eq(clueFollowUps.tenantId, a.tenantId)))
      .limit(1),
  ]);
  return { search: searched.length > 0, lead: led.length > 0, followUp: followed.length > 0 };
}

/** 我的工作台 of the caller (GET /szjk/workbench/get). */
export async function getWorkbench(
  a: WorkbenchActor,
  now: number = Date.now(),
): Promise<Workbench> {
  const db = getDb();
  const canLeads = hasPermission(a.permissions, 'szjk:clue:query');
  const admin = isTenantAdmin(a.roles);
  const [me, leads, credit, searches, views, favs, jobs, unread, notes, steps, team] =
    await Promise.all([
      db.select({ nickname: users.nickname }).from(users).where(eq(users.id, a.userId)).limit(1),
      canLeads ? leadSections(a, now) : Promise.resolve(null),
      getUnlockCredit(a.tenantId),
      db
        .select({
          kind: searchHistory.kind,
          keyword: searchHistory.keyword,
          time: sql<number>`(extract(epoch from max(${searchHistory.createdAt})) * 1000)::float8`,
        })
        .from(searchHistory)
        .where(
          and(
            eq(searchHistory.userId, a.userId),
            sql`${searchHistory.keyword} <> ''`,
            gte(searchHistory.createdAt, new Date(now - 90 * DAY)),
          ),
        )
        .groupBy(searchHistory.kind, searchHistory.keyword)
        .orderBy(sql`max(${searchHistory.createdAt}) desc`)
        .limit(LIST_LIMIT),
      db
        .select({
          id: savedListViews.id,
          listKey: savedListViews.listKey,
          name: savedListViews.name,
          userId: savedListViews.userId,
        })
        .from(savedListViews)
        .where(
          and(
            eq(savedListViews.tenantId, a.tenantId),
            sql`(${savedListViews.userId} = ${a.userId} or ${savedListViews.shared})`,
          ),
        )
        .orderBy(sql`(${savedListViews.userId} = ${a.userId}) desc`, desc(savedListViews.updatedAt))
        .limit(LIST_LIMIT),
      favouriteSections(a, now),
      jobSections(a),
      db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, a.userId), isNull(notifications.readAt))),
      db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, a.userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(LIST_LIMIT),
      onboarding(a),
      admin ? teamStrip(a, now) : Promise.resolve(null),
    ]);
  return {
    now,
    weekStart: chinaWeekStart(now),
    nickname: me[0]?.nickname ?? '',
    leads,
    quota: {
      edition: credit.edition,
      monthlyQuota: credit.monthlyQuota,
      usedThisMonth: credit.usedThisMonth,
      monthlyRemaining: credit.monthlyRemaining,
      grantRemaining: credit.grantRemaining,
      remaining: credit.remaining,
      resetTime: chinaNextMonthStart(now),
    },
    recentSearches: searches.map((s) => ({
      kind: s.kind,
      keyword: s.keyword,
      time: Number(s.time),
    })),
    savedViews: views.map((v) => ({
      id: v.id,
      listKey: v.listKey,
      name: v.name,
      mine: v.userId === a.userId,
    })),
    ...favs,
    jobs,
    notifications: {
      unread: unread[0]?.n ?? 0,
      list: notes.map((n) => ({
        id: n.id,
        title: n.title,
        content: n.content,
        read: n.readAt !== null,
        time: n.createdAt.getTime(),
      })),
    },
    onboarding: steps,
    team,
  };
}

/**
 * The guide's sample leads for the caller (follow user and creator): one overdue, one due today,
 * one later. Not added twice: while any live sample lead is there, nothing is added. Data: how
 * many were added.
 */
export async function addSampleLeads(a: WorkbenchActor, now: number = Date.now()): Promise<number> {
  const db = getDb();
  return db.transaction(async (tx) => {
    // One guide per member at a time: a double click must not add six.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('workbench-samples'), ${a.userId}::int)`,
    );
    const [existing] = await tx
      .select({ n: count() })
      .from(clues)
      .where(and(mine(a), sampleName));
    if ((existing?.n ?? 0) > 0) return 0;
    const noon = chinaDayStart(now) + 2 * 3_600_000; // 10:00 China time
    await tx.insert(clues).values(
      SAMPLE_LEADS.map((s) => ({
        tenantId: a.tenantId,
        name: s.name,
        contactName: s.contactName,
        ownerUserId: a.userId,
        creatorUserId: a.userId,
        source: MANUAL_SOURCE,
        remark: '示例数据：用来熟悉线索与跟进，可在我的工作台一键删除',
        nextFollowAt: new Date(noon + s.followInDays * DAY),
      })),
    );
    return SAMPLE_LEADS.length;
  });
}

/** Removes the caller's sample leads for good (with their follow-ups). Data: how many. */
export async function removeSampleLeads(a: WorkbenchActor): Promise<number> {
  const rows = await getDb()
    .delete(clues)
    .where(and(eq(clues.tenantId, a.tenantId), eq(clues.ownerUserId, a.userId), sampleName))
    .returning({ id: clues.id });
  return rows.length;
}
