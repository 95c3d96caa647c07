import 'server-only';
import { CHINA_TZ, DAY_MS } from '@/lib/shared/clue/china-day';
import type { CrmActor } from '../kit/crm-entity';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { departments, users } from '@/db/schema';
import { apiError, getDb } from '@/lib/server/platform';
import {
  type DbOrTx,
  ownerScope,
  type OwnerScope,
  scopePredicate,
  subtreeIds,
} from '@/lib/server/identity';
import { regionName } from '@/lib/shared/geo';
import { industryName } from '@/lib/shared/industry';
import type { StageType } from '@/lib/shared/opportunity/opportunity.constants';
import {
  bucketFor,
  FUNNEL_STEP_NAMES,
  FUNNEL_STEPS,
} from '@/lib/shared/data-board/data-board.constants';
import type {
  DataBoard,
  DataBoardFilter,
  DataBoardOptions,
  FunnelStep,
} from '@/lib/shared/data-board/data-board.contract';
import { ensureStages } from '../opportunity/stage.service';

/**
 * 数据看板 (issue 29): every figure aggregated in PostgreSQL under the caller's data scope (the
 * owner of a lead, customer or opportunity; the writer of a follow-up), narrowed by the chosen
 * departments and members, which must themselves lie inside that scope (ADR 0181).
 */

export type BoardActor = CrmActor;
const TZ = CHINA_TZ;
const NOT_FILLED = '未填写';

/** What the board counts over: tenant, range [start, end) and whose rows. */
export type BoardWhere = {
  tenantId: number;
  scope: OwnerScope;
  /** Explicit owners from the filter (inside the scope), or null: the whole scope. */
  owners: number[] | null;
  start: Date;
  end: Date;
  /** The range's first and last China days, YYYY-MM-DD. */
  from: string;
  to: string;
  bucket: 'day' | 'week';
};

/** China midnight of a YYYY-MM-DD date. */
const chinaMidnight = (day: string) => new Date(`${day}T00:00:00+08:00`);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Rows owned (or written) by someone the board covers: the scope, then the filter's owners. */
function ownedBy(column: SQL, w: BoardWhere): SQL {
  const parts = [scopePredicate(column, w.scope)];
  if (w.owners) parts.push(sql`${column} = any(${sql.param(w.owners)}::bigint[])`);
  return and(...parts.filter((p): p is SQL => p !== undefined)) ?? sql`true`;
}

const inRange = (column: SQL, w: BoardWhere) =>
  sql`${column} >= ${w.start.toISOString()}::timestamptz and ${column} < ${w.end.toISOString()}::timestamptz`;

const bucketOf = (column: SQL, w: BoardWhere) =>
  sql`to_char(date_trunc(${w.bucket}, ${column} at time zone ${TZ}), 'YYYY-MM-DD')`;

/** Departments and members the caller may see (and choose in the board's filters). */
export async function boardOptions(
  actor: BoardActor,
  scope?: OwnerScope,
  db: DbOrTx = getDb(),
): Promise<DataBoardOptions & { allDepts: { id: number; parentId: number }[] }> {
  const s = scope ?? (await ownerScope(actor, db));
  const [deptRows, memberRows] = await Promise.all([
    db
      .select({ id: departments.id, name: departments.name, parentId: departments.parentId })
      .from(departments)
      .where(eq(departments.tenantId, actor.tenantId))
      .orderBy(departments.sort, departments.id),
    db
      .select({ id: users.id, name: users.nickname, deptId: users.deptId })
      .from(users)
      .where(
        and(
          eq(users.tenantId, actor.tenantId),
          isNull(users.deletedAt),
          scopePredicate(users.id, s),
        ),
      )
      .orderBy(users.id),
  ]);
  const visible = s.kind === 'all' ? deptRows : deptRows.filter((d) => s.deptIds.includes(d.id));
  return {
    scope: s.kind,
    depts: visible,
    members: memberRows,
    allDepts: deptRows.map((d) => ({ id: d.id, parentId: d.parentId })),
  };
}

/**
 * The owners a filter names (members of the chosen departments and the departments below them that
 * the caller sees, and the chosen members), or null without a filter. A department or member
 * outside the caller's scope is refused, not dropped silently.
 */
async function filterOwners(
  actor: BoardActor,
  scope: OwnerScope,
  f: DataBoardFilter,
  db: DbOrTx,
): Promise<number[] | null> {
  const deptIds = [...new Set(f.deptIds ?? [])];
  const memberIds = [...new Set(f.memberIds ?? [])];
  if (deptIds.length === 0 && memberIds.length === 0) return null;
  const options = await boardOptions(actor, scope, db);
  const visibleDepts = new Set(options.depts.map((d) => d.id));
  const visibleMembers = new Set(options.members.map((m) => m.id));
  if (deptIds.some((d) => !visibleDepts.has(d)) || memberIds.some((m) => !visibleMembers.has(m)))
    throw apiError('DATA_BOARD_FILTER_OUT_OF_SCOPE');
  const depts = new Set<number>();
  for (const d of deptIds)
    for (const id of subtreeIds(d, options.allDepts)) if (visibleDepts.has(id)) depts.add(id);
  const owners = new Set(memberIds);
  for (const m of options.members) if (m.deptId !== null && depts.has(m.deptId)) owners.add(m.id);
  return [...owners].sort((a, b) => a - b);
}

type Num = string | number | null;
const n = (v: Num) => (v === null ? 0 : Number(v));
const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const days = (seconds: Num) => (seconds === null ? null : Math.round(Number(seconds) / 8640) / 10);

/** Seconds of an interval, at least 0; null stays null (percentile_cont leaves nulls out). */
const seconds = (interval: SQL) =>
  sql`case when ${interval} < interval '0' then 0 else extract(epoch from ${interval}) end`;

/** Lead → customer → opportunity → won, over the leads created in the range. */
async function funnel(db: DbOrTx, w: BoardWhere): Promise<FunnelStep[]> {
  const { rows } = await db.execute<{
    leads: Num;
    customers: Num;
    opportunities: Num;
    won: Num;
    lead_customer: Num;
    customer_opportunity: Num;
    opportunity_won: Num;
  }>(sql`
    with l as (
      select c.id, c.created_at from clues c
      where c.tenant_id = ${w.tenantId} and c.deleted_at is null
        and ${inRange(sql`c.created_at`, w)} and ${ownedBy(sql`c.owner_user_id`, w)}
    ), cu as (
      select cu.id, cu.created_at, l.created_at as lead_at from l
      join customers cu on cu.tenant_id = ${w.tenantId} and cu.from_clue_id = l.id
        and cu.deleted_at is null
    ), op as (
      select o.customer_id, min(o.created_at) as first_at,
        min(o.closed_at) filter (where o.status = 'won') as won_at
      from opportunities o
      where o.tenant_id = ${w.tenantId} and o.customer_id in (select id from cu)
      group by o.customer_id
    )
    select (select count(*) from l) as leads, count(cu.id) as customers,
      count(op.first_at) as opportunities, count(op.won_at) as won,
      percentile_cont(0.5) within group (order by ${seconds(sql`cu.created_at - cu.lead_at`)}) as lead_customer,
      percentile_cont(0.5) within group (order by ${seconds(sql`op.first_at - cu.created_at`)}) as customer_opportunity,
      percentile_cont(0.5) within group (order by ${seconds(sql`op.won_at - op.first_at`)}) as opportunity_won
    from cu left join op on op.customer_id = cu.id`);
  const r = rows[0];
  const counts = [n(r.leads), n(r.customers), n(r.opportunities), n(r.won)];
  const medians = [
    null,
    days(r.lead_customer),
    days(r.customer_opportunity),
    days(r.opportunity_won),
  ];
  return FUNNEL_STEPS.map((key, i) => ({
    key,
    name: FUNNEL_STEP_NAMES[key],
    count: counts[i],
    rateFromPrevious: i === 0 ? null : share(counts[i], counts[i - 1]),
    rateFromLeads: i === 0 ? null : share(counts[i], counts[0]),
    medianDays: medians[i],
  }));
}

type LeadGroupRow = {
  g: number;
  source: string | null;
  province: string | null;
  section: string | null;
  owner: Num;
  bucket: string | null;
  leads: Num;
  converted: Num;
};

/** New leads in the range by source, province, industry section, owner and time bucket. */
async function leadGroups(db: DbOrTx, w: BoardWhere): Promise<LeadGroupRow[]> {
  // Index-only over clues_tenant_created_board_idx; conversions by one hash join on the tenant's
  // converted customers (not a probe per lead).
  const { rows } = await db.execute<LeadGroupRow>(sql`
    with l as (
      select c.source, c.province_code, c.industry_section, c.owner_user_id,
        ${bucketOf(sql`c.created_at`, w)} as bucket, cu.from_clue_id is not null as converted
      from clues c
      left join customers cu on cu.tenant_id = ${w.tenantId} and cu.from_clue_id = c.id
        and cu.deleted_at is null
      where c.tenant_id = ${w.tenantId} and c.deleted_at is null
        and ${inRange(sql`c.created_at`, w)} and ${ownedBy(sql`c.owner_user_id`, w)}
    )
    select grouping(source, province_code, industry_section, owner_user_id, bucket)::int as g,
      source, province_code as province, industry_section as section, owner_user_id as owner,
      bucket, count(*) as leads, count(*) filter (where converted) as converted
    from l
    group by grouping sets ((source), (province_code), (industry_section), (owner_user_id), (bucket))`);
  return rows.map((r) => ({ ...r, g: Number(r.g) }));
}

/** The bucket (YYYY-MM-DD of its first day) of a China calendar day. */
function bucketOfDay(day: string, bucket: 'day' | 'week'): string {
  if (bucket === 'day') return day;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  return addDays(day, -weekday);
}

/** Follow-ups of leads and customers written in the range, by time bucket and writer. */
async function followUpGroups(
  db: DbOrTx,
  w: BoardWhere,
): Promise<{ byBucket: Map<string, number>; byUser: Map<number, number> }> {
  // follow_up_day_counts (migration 0033): at most days × members rows, rolled up here.
  const { rows } = await db.execute<{ day: string; user_id: Num; n: Num }>(sql`
    select to_char(day, 'YYYY-MM-DD') as day, user_id, n from follow_up_day_counts
    where tenant_id = ${w.tenantId} and day >= ${w.from}::date and day <= ${w.to}::date
      and n <> 0 and ${ownedBy(sql`user_id`, w)}`);
  const byBucket = new Map<string, number>();
  const byUser = new Map<number, number>();
  for (const r of rows) {
    const bucket = bucketOfDay(r.day, w.bucket);
    byBucket.set(bucket, (byBucket.get(bucket) ?? 0) + n(r.n));
    byUser.set(n(r.user_id), (byUser.get(n(r.user_id)) ?? 0) + n(r.n));
  }
  return { byBucket, byUser };
}

/** Customers created in the range, by owner. */
async function customersByOwner(db: DbOrTx, w: BoardWhere): Promise<Map<number, number>> {
  const { rows } = await db.execute<{ owner: Num; n: Num }>(sql`
    select owner_user_id as owner, count(*) as n from customers
    where tenant_id = ${w.tenantId} and deleted_at is null
      and ${inRange(sql`created_at`, w)} and ${ownedBy(sql`owner_user_id`, w)}
    group by owner_user_id`);
  return new Map(rows.map((r) => [n(r.owner), n(r.n)]));
}

/** Open opportunities now and those won or lost in the range: by stage, and won by owner. */
async function opportunityGroups(db: DbOrTx, w: BoardWhere) {
  const { rows } = await db.execute<{
    stage_id: Num;
    owner: Num;
    n: Num;
    amount: Num;
    weighted: Num;
    won: Num;
    won_amount: Num;
  }>(sql`
    select stage_id, owner_user_id as owner, count(*) as n, sum(amount) as amount,
      round(sum(amount::numeric * probability / 100)) as weighted,
      count(*) filter (where status = 'won') as won,
      coalesce(sum(amount) filter (where status = 'won'), 0) as won_amount
    from opportunities
    where tenant_id = ${w.tenantId} and ${ownedBy(sql`owner_user_id`, w)}
      and (status = 'open' or (closed_at is not null and ${inRange(sql`closed_at`, w)}))
    group by grouping sets ((stage_id), (owner_user_id))`);
  const byStage = new Map<number, { count: number; amount: number; weighted: number }>();
  const wonByOwner = new Map<number, { count: number; amount: number }>();
  for (const r of rows) {
    if (r.stage_id !== null)
      byStage.set(n(r.stage_id), { count: n(r.n), amount: n(r.amount), weighted: n(r.weighted) });
    else if (n(r.won) > 0) wonByOwner.set(n(r.owner), { count: n(r.won), amount: n(r.won_amount) });
  }
  return { byStage, wonByOwner };
}

/** The buckets of the range, in order: every day, or every Monday from the one on or before `from`. */
function bucketStarts(from: string, to: string, bucket: 'day' | 'week'): string[] {
  let day = bucketOfDay(from, bucket);
  const out: string[] = [];
  for (; day <= to; day = addDays(day, bucket === 'day' ? 1 : 7)) out.push(day);
  return out;
}

const byLeadsThenName = <T extends { leads: number; name: string }>(a: T, b: T) =>
  b.leads - a.leads || a.name.localeCompare(b.name, 'zh-CN');

/** The caller's scope and the filter's owners (checked), range and bucket. */
export async function boardWhere(
  actor: BoardActor,
  f: DataBoardFilter,
  db: DbOrTx = getDb(),
): Promise<BoardWhere> {
  const scope = await ownerScope(actor, db);
  const owners = await filterOwners(actor, scope, f, db);
  const spanDays = (Date.parse(f.to) - Date.parse(f.from)) / DAY_MS + 1;
  return {
    tenantId: actor.tenantId,
    scope,
    owners,
    start: chinaMidnight(f.from),
    end: chinaMidnight(addDays(f.to, 1)),
    from: f.from,
    to: f.to,
    bucket: bucketFor(spanDays),
  };
}

/** Each chart's query on its own, for the benchmark (scripts/bench/crm.ts --board). */
export const BOARD_QUERIES = {
  funnel,
  leadGroups,
  followUpGroups,
  customersByOwner,
  opportunityGroups,
} as const;

/** The whole board for the filters, under the caller's data scope. */
export async function dataBoard(actor: BoardActor, f: DataBoardFilter): Promise<DataBoard> {
  const db = getDb();
  const w = await boardWhere(actor, f, db);
  const [steps, groups, follow, customers, opps, stages] = await Promise.all([
    funnel(db, w),
    leadGroups(db, w),
    followUpGroups(db, w),
    customersByOwner(db, w),
    opportunityGroups(db, w),
    ensureStages(actor.tenantId, db),
  ]);

  // grouping() bits, left to right: source, province, section, owner, bucket (1 = rolled up).
  const of = (mask: number) => groups.filter((g) => g.g === mask);
  const leadsByBucket = new Map(of(0b11110).map((g) => [g.bucket!, n(g.leads)]));
  const trendTotal =
    [...leadsByBucket.values()].reduce((a, b) => a + b, 0) +
    [...follow.byBucket.values()].reduce((a, b) => a + b, 0);
  const trend =
    trendTotal === 0
      ? []
      : bucketStarts(f.from, f.to, w.bucket).map((start) => ({
          start,
          leads: leadsByBucket.get(start) ?? 0,
          followUps: follow.byBucket.get(start) ?? 0,
        }));

  const bySource = of(0b01111)
    .map((g) => ({
      source: g.source ?? NOT_FILLED,
      name: g.source ?? NOT_FILLED,
      leads: n(g.leads),
      converted: n(g.converted),
      rate: share(n(g.converted), n(g.leads)),
    }))
    .sort(byLeadsThenName)
    .map(({ name: _name, ...row }) => row);
  const byRegion = of(0b10111)
    .map((g) => ({
      code: g.province,
      name: g.province ? regionName(g.province) || g.province : NOT_FILLED,
      leads: n(g.leads),
    }))
    .sort(byLeadsThenName);
  const byIndustry = of(0b11011)
    .map((g) => ({
      code: g.section,
      name: g.section ? industryName(g.section) || g.section : NOT_FILLED,
      leads: n(g.leads),
    }))
    .sort(byLeadsThenName);

  const leadsByOwner = new Map(of(0b11101).map((g) => [n(g.owner), n(g.leads)]));
  const memberIds = new Set([
    ...leadsByOwner.keys(),
    ...follow.byUser.keys(),
    ...customers.keys(),
    ...opps.wonByOwner.keys(),
  ]);
  const people = memberIds.size
    ? await db
        .select({ id: users.id, name: users.nickname, deptName: departments.name })
        .from(users)
        .leftJoin(departments, eq(departments.id, users.deptId))
        .where(
          and(
            eq(users.tenantId, actor.tenantId),
            sql`${users.id} = any(${sql.param([...memberIds])}::bigint[])`,
          ),
        )
    : [];
  const personOf = new Map(people.map((p) => [p.id, p]));
  const byMember = [...memberIds]
    .map((userId) => ({
      userId,
      name: personOf.get(userId)?.name ?? `成员 ${userId}`,
      deptName: personOf.get(userId)?.deptName ?? null,
      leads: leadsByOwner.get(userId) ?? 0,
      followUps: follow.byUser.get(userId) ?? 0,
      customers: customers.get(userId) ?? 0,
      wonCount: opps.wonByOwner.get(userId)?.count ?? 0,
      wonAmount: opps.wonByOwner.get(userId)?.amount ?? 0,
    }))
    .sort((a, b) => b.leads - a.leads || b.followUps - a.followUps || a.userId - b.userId);

  const pipelineRows = stages.map((s) => ({
    stageId: s.id,
    name: s.name,
    type: s.type as StageType,
    count: opps.byStage.get(s.id)?.count ?? 0,
    amount: opps.byStage.get(s.id)?.amount ?? 0,
    weightedAmount: opps.byStage.get(s.id)?.weighted ?? 0,
  }));

  return {
    from: f.from,
    to: f.to,
    bucket: w.bucket,
    funnel: steps[0].count === 0 ? [] : steps,
    trend,
    bySource,
    byMember,
    byRegion,
    byIndustry,
    pipeline: pipelineRows.some((p) => p.count > 0) ? pipelineRows : [],
  };
}
