import 'server-only';
import { CHINA_TZ, DAY_MS } from '@/lib/shared/clue/china-day';
import type { CrmActor } from '../kit/crm-entity';
import { sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform';
import { type DbOrTx, ownerScope, type OwnerScope, scopePredicate } from '@/lib/server/identity';
import { chinaDayStart } from '@/lib/shared/clue/china-day';
import { CLUE_STATUS } from '@/lib/shared/clue/clue.constants';
import { exportedRows, jobContentTitle } from '@/lib/shared/jobs/job-name';
import {
  ASSET_KEYS,
  ASSET_NAMES,
  DATA_CENTER_HISTORY_ROWS,
  DATA_CENTER_TREND_DAYS,
  TRANSFER_KINDS,
  type AssetKey,
  type DuplicateKey,
} from '@/lib/shared/data-center/data-center.constants';
import type {
  DataCenterOverview,
  DataQuality,
  DuplicateGroup,
  DuplicatePageQuery,
  IssuePageQuery,
  IssueRow,
} from '@/lib/shared/data-center/data-center.contract';
import { suggestKept, withoutContact } from '@/lib/shared/data-center/data-center.rules';

/**
 * 数据中心 (issue 29 item 3, ADR 0184): what the caller's data scope holds and how clean it is.
 * Every figure counts rows whose owner (跟进人 / 负责人 / the member who unlocked or ran the job)
 * lies in the caller's data scope, as the lists do.
 */

export type DataCenterActor = CrmActor;
const TZ = CHINA_TZ;
type Num = string | number | null;
const n = (v: Num) => (v === null ? 0 : Number(v));

const inScope = (column: SQL, scope: OwnerScope): SQL => scopePredicate(column, scope) ?? sql`true`;

/** A lead with no mobile, landline, e-mail or WeChat (withoutContact in SQL). */
const noContactSql = sql`coalesce(nullif(btrim(c.contact_mobile), ''), nullif(btrim(c.contact_phone), ''),
  nullif(btrim(c.contact_email), ''), nullif(btrim(c.wechat), '')) is null`;

/** The owner is no longer an active member of the tenant (left, removed or disabled). */
const ownerGoneSql = (tenantId: number) => sql`not exists (select 1 from users u
  where u.id = cu.owner_user_id and u.tenant_id = ${tenantId} and u.status = 0 and u.deleted_at is null)`;

/** China days of the trend, oldest first, ending today. */
export function trendDays(now = Date.now()): string[] {
  const today = chinaDayStart(now);
  return Array.from({ length: DATA_CENTER_TREND_DAYS }, (_, i) =>
    new Date(today + (i - DATA_CENTER_TREND_DAYS + 1) * DAY_MS + 8 * 3_600_000)
      .toISOString()
      .slice(0, 10),
  );
}

/**
 * Totals and the daily trend of the four assets: unlocked companies (by who unlocked), leads and
 * customers (by owner), contacts (a lead with a way to reach it counts one, a customer each of
 * its contacts, on the record's creation day).
 */
async function assets(db: DbOrTx, t: number, scope: OwnerScope, days: string[]) {
  const since = new Date(chinaDayStart(Date.now()) - (days.length - 1) * DAY_MS).toISOString();
  const day = (col: SQL) => sql`to_char(${col} at time zone ${TZ}, 'YYYY-MM-DD')`;
  const { rows } = await db.execute<{ k: AssetKey; day: string | null; n: Num }>(sql`
    with u as (
      select e.created_at from enterprise_unlocks e
      where e.tenant_id = ${t} and ${inScope(sql`e.user_id`, scope)}
    ), l as (
      select c.created_at, not (${noContactSql}) as reachable from clues c
      where c.tenant_id = ${t} and c.deleted_at is null and ${inScope(sql`c.owner_user_id`, scope)}
    ), cu as (
      select cu.created_at, jsonb_array_length(cu.contacts) as contacts from customers cu
      where cu.tenant_id = ${t} and cu.deleted_at is null and ${inScope(sql`cu.owner_user_id`, scope)}
    ), x as (
      select 'unlock' as k, created_at, 1 as n from u
      union all select 'clue', created_at, 1 from l
      union all select 'contact', created_at, 1 from l where reachable
      union all select 'customer', created_at, 1 from cu
      union all select 'contact', created_at, contacts from cu where contacts > 0
    )
    select k, case when created_at >= ${since}::timestamptz then ${day(sql`created_at`)} end as day,
      sum(n) as n
    from x group by 1, 2`);
  const totals = new Map<AssetKey, { total: number; recent: number }>(
    ASSET_KEYS.map((k) => [k, { total: 0, recent: 0 }]),
  );
  const byDay = new Map<string, Record<AssetKey, number>>();
  for (const r of rows) {
    const a = totals.get(r.k)!;
    a.total += n(r.n);
    if (!r.day) continue;
    a.recent += n(r.n);
    const d = byDay.get(r.day) ?? { unlock: 0, clue: 0, customer: 0, contact: 0 };
    d[r.k] += n(r.n);
    byDay.set(r.day, d);
  }
  const list = ASSET_KEYS.map((key) => ({ key, name: ASSET_NAMES[key], ...totals.get(key)! }));
  return {
    assets: list.some((a) => a.total > 0) ? list : [],
    trend:
      byDay.size === 0
        ? []
        : days.map((d) => ({
            day: d,
            ...(byDay.get(d) ?? { unlock: 0, clue: 0, customer: 0, contact: 0 }),
          })),
  };
}

/** The latest imports and exports of members in the scope (the download centre's rows). */
async function history(db: DbOrTx, actor: DataCenterActor, scope: OwnerScope) {
  const kinds = Object.keys(TRANSFER_KINDS);
  const where = sql`j.tenant_id = ${actor.tenantId} and j.deleted_at is null
    and j.kind = any(${sql.param(kinds)}::text[]) and ${inScope(sql`j.user_id`, scope)}`;
  const [{ rows: list }, { rows: total }] = await Promise.all([
    db.execute<{
      id: Num;
      kind: string;
      title: string;
      status: string;
      user_id: Num;
      nickname: string | null;
      total: Num;
      result: Record<string, unknown> | null;
      created_at: string;
      finished_at: string | null;
    }>(sql`select j.id, j.kind, j.title, j.status, j.user_id, u.nickname, j.total, j.result,
        j.created_at, j.finished_at
      from background_jobs j left join users u on u.id = j.user_id
      where ${where} order by j.created_at desc, j.id desc limit ${DATA_CENTER_HISTORY_ROWS}`),
    db.execute<{ n: Num }>(sql`select count(*) as n from background_jobs j where ${where}`),
  ]);
  return {
    total: n(total[0].n),
    list: list.map((j) => {
      const total = j.total === null ? null : n(j.total);
      const named = { kind: j.kind, title: j.title, total, result: j.result };
      const rows = exportedRows(named) ?? (j.status === 'succeeded' ? total : null);
      return {
        id: n(j.id),
        kind: j.kind,
        direction: TRANSFER_KINDS[j.kind].direction,
        kindName: TRANSFER_KINDS[j.kind].name,
        title: jobContentTitle(named),
        status: j.status,
        userName: j.nickname,
        rows,
        mine: n(j.user_id) === actor.userId,
        createTime: new Date(j.created_at).getTime(),
        finishTime: j.finished_at ? new Date(j.finished_at).getTime() : null,
      };
    }),
  };
}

export async function dataCenterOverview(actor: DataCenterActor): Promise<DataCenterOverview> {
  const db = getDb();
  const scope = await ownerScope(actor, db);
  const days = trendDays();
  const [a, h] = await Promise.all([
    assets(db, actor.tenantId, scope, days),
    history(db, actor, scope),
  ]);
  return { days: days.length, ...a, history: h };
}

/**
 * The duplicate groups of live leads in the scope, as SQL: `k` the group key, `n` its size, `ids`
 * its leads. creditCode: the same credit code. name: the same name, the credit codes not
 * contradicting each other (at most one distinct) and not all present (a group whose leads all
 * carry the same code is already a credit-code group). Each key is computed once per lead.
 */
function duplicateGroups(key: DuplicateKey, t: number, scope: OwnerScope): SQL {
  const keys = sql`select c.id, public.lr_dup_name(c.name) as k, public.lr_dup_credit(c.credit_code) as ck
    from clues c where c.tenant_id = ${t} and c.deleted_at is null
      and ${inScope(sql`c.owner_user_id`, scope)}`;
  if (key === 'creditCode')
    return sql`select x.ck as k, count(*) as n, array_agg(x.id order by x.id) as ids
      from (${keys} and c.credit_code is not null) x
      where x.ck is not null group by x.ck having count(*) > 1`;
  return sql`select x.k, count(*) as n, array_agg(x.id order by x.id) as ids from (${keys}) x
    where x.k is not null group by x.k
    having count(*) > 1 and min(x.ck) is not distinct from max(x.ck) and count(x.ck) < count(*)`;
}

export async function dataQuality(actor: DataCenterActor): Promise<DataQuality> {
  const db = getDb();
  const t = actor.tenantId;
  const scope = await ownerScope(actor, db);
  const stat = (key: DuplicateKey) =>
    db.execute<{ groups: Num; leads: Num }>(
      sql`select count(*) as groups, coalesce(sum(g.n), 0) as leads from (${duplicateGroups(key, t, scope)}) g`,
    );
  const [{ rows: leads }, { rows: cust }, credit, name] = await Promise.all([
    db.execute<{ total: Num; no_contact: Num }>(sql`
      select count(*) as total, count(*) filter (where ${noContactSql}) as no_contact from clues c
      where c.tenant_id = ${t} and c.deleted_at is null and ${inScope(sql`c.owner_user_id`, scope)}`),
    db.execute<{ total: Num; no_owner: Num }>(sql`
      select count(*) as total, count(*) filter (where ${ownerGoneSql(t)}) as no_owner
      from customers cu
      where cu.tenant_id = ${t} and cu.deleted_at is null and ${inScope(sql`cu.owner_user_id`, scope)}`),
    stat('creditCode'),
    stat('name'),
  ]);
  const dup = (r: { groups: Num; leads: Num }) => ({ groups: n(r.groups), leads: n(r.leads) });
  return {
    leads: n(leads[0].total),
    customers: n(cust[0].total),
    noContact: n(leads[0].no_contact),
    noOwner: n(cust[0].no_owner),
    duplicates: { creditCode: dup(credit.rows[0]), name: dup(name.rows[0]) },
  };
}

/** One page of duplicate groups (largest first) with their leads, oldest first. */
export async function duplicatePage(
  actor: DataCenterActor,
  q: DuplicatePageQuery,
): Promise<{ list: DuplicateGroup[]; total: number }> {
  const db = getDb();
  const t = actor.tenantId;
  const scope = await ownerScope(actor, db);
  const { rows } = await db.execute<{
    k: string;
    total: Num;
    id: Num;
    name: string;
    credit_code: string | null;
    status: number;
    follow_count: number;
    contact_mobile: string | null;
    contact_phone: string | null;
    contact_email: string | null;
    wechat: string | null;
    nickname: string | null;
    converted: boolean;
    created_at: string;
  }>(sql`
    with p as (
      select g.k, g.n, g.ids, count(*) over () as total from (${duplicateGroups(q.key, t, scope)}) g
      order by g.n desc, g.k limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}
    )
    select p.k, p.total, c.id, c.name, c.credit_code, c.status, c.follow_count, c.contact_mobile,
      c.contact_phone, c.contact_email, c.wechat, u.nickname, c.created_at,
      (c.status = ${CLUE_STATUS.converted} or exists (select 1 from customers x
        where x.tenant_id = ${t} and x.from_clue_id = c.id)) as converted
    from p join clues c on c.id = any(p.ids)
    left join users u on u.id = c.owner_user_id
    order by p.n desc, p.k, c.created_at, c.id`);
  const groups = new Map<string, DuplicateGroup['leads']>();
  for (const r of rows) {
    const list = groups.get(r.k) ?? [];
    list.push({
      id: n(r.id),
      name: r.name,
      creditCode: r.credit_code,
      ownerName: r.nickname,
      status: Number(r.status),
      converted: r.converted,
      followCount: Number(r.follow_count),
      hasContact: !withoutContact({
        contactMobile: r.contact_mobile,
        contactPhone: r.contact_phone,
        contactEmail: r.contact_email,
        wechat: r.wechat,
      }),
      createTime: new Date(r.created_at).getTime(),
    });
    groups.set(r.k, list);
  }
  return {
    total: rows.length ? n(rows[0].total) : 0,
    list: [...groups.values()].map((leads) => ({
      key: q.key === 'creditCode' ? (leads[0].creditCode ?? '') : leads[0].name,
      leads,
      suggestedKeepId: suggestKept(leads).id,
    })),
  };
}

/** Leads without contact (newest first) or customers whose owner left (oldest first). */
export async function issuePage(
  actor: DataCenterActor,
  q: IssuePageQuery,
): Promise<{ list: IssueRow[]; total: number }> {
  const db = getDb();
  const t = actor.tenantId;
  const scope = await ownerScope(actor, db);
  const offset = (q.pageNo - 1) * q.pageSize;
  const query =
    q.kind === 'noContact'
      ? sql`select c.id, c.name, u.nickname, c.created_at, count(*) over () as total
          from clues c left join users u on u.id = c.owner_user_id
          where c.tenant_id = ${t} and c.deleted_at is null
            and ${inScope(sql`c.owner_user_id`, scope)} and ${noContactSql}
          order by c.created_at desc, c.id desc limit ${q.pageSize} offset ${offset}`
      : sql`select cu.id, cu.name, u.nickname, cu.created_at, count(*) over () as total
          from customers cu left join users u on u.id = cu.owner_user_id
          where cu.tenant_id = ${t} and cu.deleted_at is null
            and ${inScope(sql`cu.owner_user_id`, scope)} and ${ownerGoneSql(t)}
          order by cu.created_at, cu.id limit ${q.pageSize} offset ${offset}`;
  const { rows } = await db.execute<{
    id: Num;
    name: string;
    nickname: string | null;
    created_at: string;
    total: Num;
  }>(query);
  return {
    total: rows.length ? n(rows[0].total) : 0,
    list: rows.map((r) => ({
      id: n(r.id),
      name: r.name,
      ownerName: r.nickname,
      createTime: new Date(r.created_at).getTime(),
    })),
  };
}
