import 'server-only';
import type pg from 'pg';
import { getPool, partLogger } from '@/lib/server/platform';
import { regionName } from '@/lib/shared/geo';
import { industryName } from '@/lib/shared/industry';
import {
  FINANCE_SORTS,
  FINANCE_STALE_MS,
  institutionKind,
  type FinanceCount,
  type FinanceEvent,
  type FinanceEventPage,
  type FinanceEventQuery,
  type FinanceInstitution,
  type FinanceInstitutionQuery,
  type FinanceProject,
  type FinanceSort,
} from '@/lib/shared/finance/finance';
import { financeRefreshedAt, recomputeFinanceIndex } from './finance.repository';

/*
 * 投融资 (issue 32 item 2, ADR 0193): the server functions behind /finance, the project and the
 * institution pages and their endpoints. Events and institutions come from the finance index
 * (migration 0042), kept by the refresh rule below; a project's rounds are read from
 * enterprise_financing itself, so the company page and the project page always agree.
 */

let refreshing: Promise<void> | null = null;

/** Recomputes the index now (import, tests); joins a refresh in flight. */
export function refreshFinanceIndex(db: pg.Pool = getPool()): Promise<void> {
  refreshing ??= recomputeFinanceIndex(db)
    .then(() => undefined)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** The refresh running now, if any (tests wait for a background refresh with it). */
export function pendingFinanceRefresh(): Promise<void> | null {
  return refreshing;
}

/**
 * The refresh rule: never computed (or forgotten by a reseed) → computed before the answer; older
 * than FINANCE_STALE_MS → served as it is while a background refresh replaces it.
 */
export async function ensureFinanceFresh(
  db: pg.Pool = getPool(),
  now = Date.now(),
): Promise<Date | null> {
  const at = await financeRefreshedAt(db);
  if (!at) {
    await refreshFinanceIndex(db);
    return financeRefreshedAt(db);
  }
  if (now - at.getTime() > FINANCE_STALE_MS)
    void refreshFinanceIndex(db).catch((err: unknown) =>
      partLogger('finance').error({ err }, 'finance index refresh failed'),
    );
  return at;
}

type EventRowDb = {
  id: string;
  enterprise_id: string;
  round: string;
  day: string;
  amount: string | null;
  investors: string[];
  province_code: string | null;
  industry_section: string | null;
  name: string;
  uncid: string;
};

const EVENT_COLUMNS = `ev.id::text, ev.enterprise_id::text, ev.round, ev.financing_date::text as day,
  ev.amount, ev.investors, ev.province_code, ev.industry_section, e.name, e.uncid`;

/** Investor names → institution ids (one query for a page of events). */
async function institutionIds(db: pg.Pool, names: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return new Map();
  const { rows } = await db.query<{ id: number; name: string }>(
    'select id, name from finance_institutions where name = any($1::text[])',
    [unique],
  );
  return new Map(rows.map((r) => [r.name, r.id]));
}

async function toEvents(db: pg.Pool, rows: EventRowDb[]): Promise<FinanceEvent[]> {
  const ids = await institutionIds(
    db,
    rows.flatMap((r) => r.investors),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    round: r.round,
    date: r.day,
    amount: r.amount,
    investors: r.investors.map((name) => ({ id: ids.get(name) ?? null, name })),
    company: { id: Number(r.enterprise_id), name: r.name, uncid: r.uncid },
    regionName: regionName(r.province_code) || '',
    industryName: industryName(r.industry_section) || '',
  }));
}

/** ORDER BY of a sort, over columns of finance_events under alias `t`. */
function orderBy(sort: FinanceSort, t: string): string {
  if (sort === 'date_asc') return `${t}.financing_date asc, ${t}.id asc`;
  if (sort === 'amount_desc') return `${t}.amount_wan desc nulls last, ${t}.id desc`;
  return `${t}.financing_date desc, ${t}.id desc`;
}

function eventWhere(q: FinanceEventQuery): { sql: string; values: unknown[] } {
  const values: unknown[] = [];
  const parts: string[] = [];
  const add = (clause: (n: number) => string, v: unknown) => {
    values.push(v);
    parts.push(clause(values.length));
  };
  if (q.round) add((n) => `round = $${n}`, q.round);
  if (q.section) add((n) => `industry_section = $${n}`, q.section);
  if (q.province) add((n) => `province_code = $${n}`, q.province);
  if (q.year) {
    add((n) => `financing_date >= $${n}::date`, `${q.year}-01-01`);
    add((n) => `financing_date < $${n}::date`, `${q.year + 1}-01-01`);
  }
  return { sql: parts.length ? parts.join(' and ') : 'true', values };
}

/** Years with events, newest first: two index reads (the date index's ends). */
async function eventYears(db: pg.Pool): Promise<number[]> {
  const { rows } = await db.query<{ lo: number | null; hi: number | null }>(
    `select (select extract(year from financing_date)::int from finance_events
               order by financing_date asc, id asc limit 1) lo,
            (select extract(year from financing_date)::int from finance_events
               order by financing_date desc, id desc limit 1) hi`,
  );
  const { lo, hi } = rows[0] ?? { lo: null, hi: null };
  if (lo === null || hi === null) return [];
  return Array.from({ length: hi - lo + 1 }, (_, i) => hi - i);
}

/** /finance: events with filters, sort and paging. */
export async function getFinanceEventPage(
  q: FinanceEventQuery,
  db: pg.Pool = getPool(),
): Promise<FinanceEventPage> {
  const refreshedAt = await ensureFinanceFresh(db);
  const where = eventWhere(q);
  const sort = FINANCE_SORTS.includes(q.sort) ? q.sort : 'date_desc';
  const n = where.values.length;
  const filtered = n > 0;
  const [rows, total, years] = await Promise.all([
    db.query<EventRowDb>(
      `select ${EVENT_COLUMNS}
       from (select * from finance_events f where ${where.sql} order by ${orderBy(sort, 'f')}
             limit $${n + 1} offset $${n + 2}) ev
       join enterprises e on e.id = ev.enterprise_id
       order by ${orderBy(sort, 'ev')}`,
      [...where.values, q.pageSize, (q.pageNo - 1) * q.pageSize],
    ),
    filtered
      ? db
          .query<{ n: number }>(
            `select count(*)::int n from finance_events where ${where.sql}`,
            where.values,
          )
          .then((r) => r.rows[0]?.n ?? 0)
      : db
          .query<{ n: number }>('select event_count n from finance_index_state where id = 1')
          .then((r) => r.rows[0]?.n ?? 0),
    eventYears(db),
  ]);
  return {
    total,
    rows: await toEvents(db, rows.rows),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    years,
    refreshedAt: refreshedAt ? refreshedAt.toISOString() : null,
  };
}

type CompanyDb = {
  id: string;
  name: string;
  uncid: string;
  legal_person: string | null;
  establish_date: string | null;
  province_code: string | null;
  city_code: string | null;
  industry_section: string | null;
  industry_division: string | null;
  business_scope: string | null;
  tags: string[] | null;
};

/**
 * /details/projectionDetail: the financed company and every round it raised, read from the
 * company data itself; null for an unknown credit code. A company without rounds has none.
 */
export async function getFinanceProject(
  uncid: string,
  db: pg.Pool = getPool(),
): Promise<FinanceProject | null> {
  const { rows } = await db.query<CompanyDb>(
    `select id::text, name, uncid, legal_person, establish_date::text, province_code, city_code,
       industry_section, industry_division, business_scope, tags
     from enterprises where uncid = $1`,
    [uncid],
  );
  const c = rows[0];
  if (!c) return null;
  const { rows: rounds } = await db.query<EventRowDb>(
    `select f.id::text, f.enterprise_id::text, f.round, f.financing_date::text as day, f.amount,
       f.investors, $2::text as province_code, $3::text as industry_section, $4::text as name,
       $5::text as uncid
     from enterprise_financing f where f.enterprise_id = $1
     order by f.financing_date asc, f.id asc limit 200`,
    [c.id, c.province_code, c.industry_section, c.name, c.uncid],
  );
  const events = await toEvents(db, rounds);
  const byInvestor = new Map<string, { id: number | null; name: string; rounds: number }>();
  for (const ev of events)
    for (const inv of ev.investors) {
      const seen = byInvestor.get(inv.name) ?? { ...inv, rounds: 0 };
      seen.rounds += 1;
      byInvestor.set(inv.name, seen);
    }
  return {
    company: {
      id: Number(c.id),
      name: c.name,
      uncid: c.uncid,
      legalPerson: c.legal_person ?? '',
      establishDate: c.establish_date,
      regionName: regionName(c.city_code) || regionName(c.province_code) || '',
      industryName: industryName(c.industry_division) || industryName(c.industry_section) || '',
      businessScope: c.business_scope ?? '',
      tags: c.tags ?? [],
    },
    events,
    investors: [...byInvestor.values()].sort(
      (a, b) => b.rounds - a.rounds || a.name.localeCompare(b.name, 'zh-CN'),
    ),
  };
}

type InstitutionDb = {
  id: number;
  name: string;
  event_count: number;
  project_count: number;
  first_date: string | null;
  last_date: string | null;
  portfolio: StoredPortfolio | null;
};

/** finance_institutions.portfolio as the refresh stores it. */
type StoredPortfolio = {
  byRound: { key: string; count: number }[];
  bySection: { key: string; count: number }[];
  byYear: { key: string; count: number }[];
  coInvestors: { id: number; name: string; count: number }[];
};

function labelled(
  items: { key: string; count: number }[] | undefined,
  label: (key: string) => string,
): FinanceCount[] {
  return (items ?? []).map((i) => ({ key: i.key, label: label(i.key), count: i.count }));
}

/**
 * /details/organizationDetail: one institution with its portfolio by round, industry and year,
 * its co-investors and a page of its events (newest first); null for an unknown id.
 */
export async function getFinanceInstitution(
  q: FinanceInstitutionQuery,
  db: pg.Pool = getPool(),
): Promise<FinanceInstitution | null> {
  await ensureFinanceFresh(db);
  // The institution and its page of events at once (the page is empty for an unknown id).
  const [{ rows }, page] = await Promise.all([
    db.query<InstitutionDb>(
      `select id, name, event_count, project_count, first_date::text, last_date::text, portfolio
       from finance_institutions where id = $1`,
      [q.id],
    ),
    db.query<EventRowDb>(
      `select ${EVENT_COLUMNS}
       from (select event_id from finance_event_investors where institution_id = $1
             order by financing_date desc, event_id desc limit $2 offset $3) l
       join finance_events ev on ev.id = l.event_id
       join enterprises e on e.id = ev.enterprise_id
       order by ev.financing_date desc, ev.id desc`,
      [q.id, q.pageSize, (q.pageNo - 1) * q.pageSize],
    ),
  ]);
  const inst = rows[0];
  if (!inst) return null;
  const p = inst.portfolio;
  return {
    id: inst.id,
    name: inst.name,
    kind: institutionKind(inst.name),
    eventCount: inst.event_count,
    projectCount: inst.project_count,
    firstDate: inst.first_date,
    lastDate: inst.last_date,
    byRound: labelled(p?.byRound, (k) => k),
    bySection: labelled(p?.bySection, (k) => industryName(k) || k),
    byYear: labelled(p?.byYear, (k) => `${k}年`),
    coInvestors: p?.coInvestors ?? [],
    portfolio: {
      total: inst.event_count,
      rows: await toEvents(db, page.rows),
      pageNo: q.pageNo,
      pageSize: q.pageSize,
    },
  };
}

/** Institutions with events, most active first (the /finance side panel). */
export async function topInstitutions(
  limit = 12,
  db: pg.Pool = getPool(),
): Promise<{ id: number; name: string; eventCount: number }[]> {
  await ensureFinanceFresh(db);
  const { rows } = await db.query<{ id: number; name: string; event_count: number }>(
    `select id, name, event_count from finance_institutions where event_count > 0
     order by event_count desc, id limit $1`,
    [Math.min(50, Math.max(1, limit))],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, eventCount: r.event_count }));
}

/** The id of the institution with this exact name (an investor named on a company page). */
export async function findInstitutionId(
  name: string,
  db: pg.Pool = getPool(),
): Promise<number | null> {
  const n = name.trim();
  if (!n || n.length > 60) return null;
  await ensureFinanceFresh(db);
  const { rows } = await db.query<{ id: number }>(
    'select id from finance_institutions where name = $1',
    [n],
  );
  return rows[0]?.id ?? null;
}
