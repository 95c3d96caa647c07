import 'server-only';
import type pg from 'pg';
import { getPool } from '@/lib/server/platform';
import { regionName, type Region } from '@/lib/shared/geo';
import { INDUSTRY_CHAINS, industryName } from '@/lib/shared/industry';
import {
  subjectFilter,
  subjectName,
  type IndustryMapSubject,
} from '@/lib/shared/industry/industry-map';
import {
  chainNeighbours,
  MERCHANTS_WINDOW_YEARS,
  type MerchantReason,
  type MerchantRow,
  type MerchantSignal,
} from '@/lib/shared/industry/merchants';

/**
 * The investment-prospecting ranking (ADR 0200). Every signal is read strictly before `asOf`, so
 * the same function ranks for today (the page) and for a past day (the held-out evaluation).
 */
export type MerchantsRanking = {
  region: Region;
  subject: IndustryMapSubject;
  /** YYYY-MM-DD; signals dated on or after it are not seen. */
  asOf: string;
  /** Only companies with every one of these signals. */
  signals?: readonly MerchantSignal[];
  /** Only companies registered in this province ('' any). */
  origin?: string;
};

/** Points per signal (ADR 0200). */
export const MERCHANT_POINTS = {
  /** First recent branch; each further one (up to three more) adds branchEach. */
  branch: 20,
  branchEach: 10,
  financing: 25,
  financingEach: 5,
  capital: 15,
  staff: 10,
  /** Neighbour companies in the region: ≥1, ≥10, ≥100. */
  chain: [8, 14, 20],
} as const;
/** A year-on-year staff rise in the annual reports that counts as growth. */
export const STAFF_GROWTH = 0.2;

type RankedDb = {
  id: number;
  name: string;
  uncid: string;
  province_code: string | null;
  city_code: string | null;
  industry_section: string | null;
  industry_class: string | null;
  reg_capital: string | null;
  reg_capital_currency: string;
  establish_date: string | null;
  score: number;
  total: number;
  br_n: number | null;
  br_last: string | null;
  br_regions: string[] | null;
  fin_n: number | null;
  fin_last: string | null;
  fin_round: string | null;
  fin_amount: string | null;
  cap_last: string | null;
  cap_after: string | null;
  st_year: number | null;
  st_prev: number | null;
  st_cur: number | null;
  ch_key: string | null;
  ch_n: number | null;
};

/** The SQL of "inside the region" for a company column and for a branch's region code. */
function regionSql(region: Region): { column: string; prefix: string } {
  return region.level === 1
    ? { column: 'province_code', prefix: region.code.slice(0, 2) }
    : { column: 'city_code', prefix: region.code.slice(0, 4) };
}

/** The year whose annual reports are all published before asOf (reports come out by 30 June). */
export function reportYearBefore(asOf: string): number {
  const [y, m] = asOf.split('-').map(Number);
  return m >= 7 ? y - 1 : y - 2;
}

/** Chain neighbour counts per (region, day): a few dozen numbers, read once per process. */
const neighbourCache = new Map<string, Promise<ChainNeighbours>>();
type ChainNeighbours = { codes: string[]; nodes: string[]; counts: number[] };

/**
 * Companies on each chain node, per node: how many companies of the adjacent stages (the node's
 * suppliers and customers) are already in the region before asOf.
 */
function chainNeighbourCounts(db: pg.Pool, region: Region, asOf: string): Promise<ChainNeighbours> {
  const key = `${region.code}|${asOf}`;
  const cached = neighbourCache.get(key);
  if (cached) return cached;
  if (neighbourCache.size > 2000) neighbourCache.clear();
  const job = readNeighbourCounts(db, region, asOf);
  neighbourCache.set(key, job);
  job.catch(() => neighbourCache.delete(key));
  return job;
}

async function readNeighbourCounts(
  db: pg.Pool,
  region: Region,
  asOf: string,
): Promise<ChainNeighbours> {
  const { column } = regionSql(region);
  const { rows } = await db.query<{ chain: string; node: string; n: number }>(
    `select c.chain_code as chain, c.node_name as node, count(*)::int as n
       from enterprise_chain_codes c join enterprises e on e.id = c.enterprise_id
      where e.${column} = $1 and e.establish_date < $2::date and e.status in ('存续', '在业')
      group by 1, 2`,
    [region.code, asOf],
  );
  const inRegion = new Map(rows.map((r) => [`${r.chain}|${r.node}`, r.n]));
  const out: ChainNeighbours = { codes: [], nodes: [], counts: [] };
  for (const chain of INDUSTRY_CHAINS)
    for (const node of chain.nodes) {
      const n = chainNeighbours(chain, node.name).reduce(
        (sum, other) => sum + (inRegion.get(`${chain.code}|${other}`) ?? 0),
        0,
      );
      if (n > 0) {
        out.codes.push(chain.code);
        out.nodes.push(node.name);
        out.counts.push(n);
      }
    }
  return out;
}

/** Signal days being computed in this process (concurrent rankings wait for the same one). */
const computingDays = new Map<string, Promise<void>>();

/**
 * Each company's expansion signals as of a day (merchant_signals, migration 0045), computed on the
 * first ranking of the day: one pass over branches, financing, capital changes and annual reports.
 * Days computed more than a day ago are dropped at the same time.
 */
export function ensureMerchantSignals(asOf: string, db: pg.Pool = getPool()): Promise<void> {
  const running = computingDays.get(asOf);
  if (running) return running;
  const job = (async () => {
    const { rows } = await db.query('select 1 from merchant_signal_days where as_of = $1', [asOf]);
    if (rows.length > 0) return;
    await computeMerchantSignals(asOf, db);
  })().finally(() => computingDays.delete(asOf));
  computingDays.set(asOf, job);
  return job;
}

export async function computeMerchantSignals(asOf: string, db: pg.Pool = getPool()): Promise<void> {
  const client = await db.connect();
  const window = `$1::date - interval '${MERCHANTS_WINDOW_YEARS} years'`;
  try {
    await client.query('begin');
    // A day's pass over the signal tables takes seconds at a million companies.
    await client.query("set local statement_timeout = '300s'");
    // One computation across processes; the second one finds the day done.
    await client.query("select pg_advisory_xact_lock(hashtext('merchant_signals'))");
    const done = await client.query('select 1 from merchant_signal_days where as_of = $1', [asOf]);
    if (done.rows.length === 0) {
      const inserted = await client.query(
        `with br as (
          select b.enterprise_id, count(*)::int as n, max(b.establish_date) as last,
                 (array_agg(distinct left(b.region_code, 4)))[1:3] as regions
            from enterprise_branches b join enterprises h on h.id = b.enterprise_id
           where b.establish_date >= ${window} and b.establish_date < $1::date
             -- Elsewhere: a branch in the company's own city is not geographic expansion.
             and left(b.region_code, 4) is distinct from left(h.city_code, 4)
           group by 1
        ), fin as (
          select f.enterprise_id, count(*)::int as n, max(f.financing_date) as last,
                 (array_agg(f.round order by f.financing_date desc))[1] as round,
                 (array_agg(f.amount order by f.financing_date desc))[1] as amount
            from enterprise_financing f
           where f.financing_date >= ${window} and f.financing_date < $1::date
           group by 1
        ), cap as (
          select c.enterprise_id, max(c.change_date) as last,
                 (array_agg(c.after order by c.change_date desc))[1] as after
            from enterprise_changes c
           where c.item = '注册资本变更' and c.change_date >= ${window} and c.change_date < $1::date
           group by 1
        ), st as (
          select a.enterprise_id, a.year, (p.data->>'staff')::int as prev,
                 (a.data->>'staff')::int as cur
            from enterprise_annual_reports a
            join enterprise_annual_reports p on p.enterprise_id = a.enterprise_id and p.year = a.year - 1
           where a.year = $2 and a.published_at < $1::date and p.published_at < $1::date
             and (a.data->>'staff')::int >= (1 + $3::float8) * greatest((p.data->>'staff')::int, 1)
        ), ids as (
          select enterprise_id from br union select enterprise_id from fin
          union select enterprise_id from cap union select enterprise_id from st
        )
        insert into merchant_signals (as_of, enterprise_id, province_code, city_code,
          industry_division, industry_group, industry_class, status, establish_date, weight,
          br_n, br_last, br_regions, fin_n, fin_last, fin_round, fin_amount, cap_last, cap_after,
          st_year, st_prev, st_cur)
        select $1::date, ids.enterprise_id, e.province_code, e.city_code, e.industry_division,
               e.industry_group, e.industry_class, e.status, e.establish_date, e.weight,
               br.n, br.last, br.regions, fin.n, fin.last, fin.round,
               fin.amount, cap.last, cap.after, st.year, st.prev, st.cur
          from ids
          join enterprises e on e.id = ids.enterprise_id
          left join br on br.enterprise_id = ids.enterprise_id
          left join fin on fin.enterprise_id = ids.enterprise_id
          left join cap on cap.enterprise_id = ids.enterprise_id
          left join st on st.enterprise_id = ids.enterprise_id`,
        [asOf, reportYearBefore(asOf), STAFF_GROWTH],
      );
      await client.query(
        `delete from merchant_signals where as_of in (
           select as_of from merchant_signal_days where computed_at < now() - interval '1 day')`,
      );
      await client.query(
        `delete from merchant_signal_days where computed_at < now() - interval '1 day'`,
      );
      // Fresh statistics: without them the planner guesses the new day's rows badly.
      await client.query('analyze merchant_signals');
      await client.query('insert into merchant_signal_days (as_of, companies) values ($1, $2)', [
        asOf,
        inserted.rowCount ?? 0,
      ]);
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

const P = MERCHANT_POINTS;
const SCORE_PARTS: Record<MerchantSignal, string> = {
  branch: `case when c.br_n is null then 0 else ${P.branch} + ${P.branchEach} * least(c.br_n - 1, 3) end`,
  financing: `case when c.fin_n is null then 0 else ${P.financing} + ${P.financingEach} * least(c.fin_n - 1, 2) end`,
  capital: `case when c.cap_last is null then 0 else ${P.capital} end`,
  staff: `case when c.st_cur is null then 0 else ${P.staff} end`,
  chain: `case when ch.n is null then 0 when ch.n >= 100 then ${P.chain[2]} when ch.n >= 10 then ${P.chain[1]} else ${P.chain[0]} end`,
};
const PRESENT: Record<MerchantSignal, string> = {
  branch: 's.br_n is not null',
  financing: 's.fin_n is not null',
  capital: 's.cap_last is not null',
  staff: 's.st_cur is not null',
  chain: 'false',
};

/**
 * One page of the ranking: candidates are active companies of the industry outside the region,
 * founded before asOf, without a branch in the region yet, that show at least one expansion signal
 * (a recent branch elsewhere, financing round, capital increase or staff rise); chain neighbours
 * in the region add to the score of a candidate but do not make one. Score desc, then weight.
 */
export async function rankMerchants(
  r: MerchantsRanking,
  page: { limit: number; offset: number },
  db: pg.Pool = getPool(),
): Promise<{ total: number; rows: MerchantRow[] }> {
  const { column: industryColumn, codes } = subjectFilter(r.subject);
  const { column, prefix } = regionSql(r.region);
  const [chain] = await Promise.all([
    chainNeighbourCounts(db, r.region, r.asOf),
    ensureMerchantSignals(r.asOf, db),
  ]);
  const values: unknown[] = [
    r.asOf,
    codes,
    r.region.code,
    prefix,
    chain.codes,
    chain.nodes,
    chain.counts,
  ];
  const filters = (r.signals ?? []).filter((x) => x !== 'chain').map((x) => PRESENT[x]);
  if (r.origin) {
    values.push(r.origin);
    filters.push(`s.province_code = $${values.length}`);
  }
  const limit = Math.max(0, Math.floor(page.limit));
  const offset = Math.max(0, Math.floor(page.offset));
  const score = Object.values(SCORE_PARTS).join(' + ');
  const sql = `
    with c as (
      select s.*
        from merchant_signals s
       where s.as_of = $1::date
         and s.${industryColumn} = any($2::text[])
         and s.status in ('存续', '在业')
         and s.establish_date < $1::date
         and s.${column} is distinct from $3
         and not exists (
           select 1 from enterprise_branches x
            where x.enterprise_id = s.enterprise_id and left(x.region_code, length($4)) = $4
              and (x.establish_date is null or x.establish_date < $1::date)
              and x.status is distinct from '注销')
         ${filters.map((f) => `and ${f}`).join(' ')}
    ), ch as (
      select cc.enterprise_id, max(k.n) as n,
             (array_agg(k.code || '|' || k.node order by k.n desc, k.code, k.node))[1] as key
        from c
        join enterprise_chain_codes cc on cc.enterprise_id = c.enterprise_id
        join unnest($5::text[], $6::text[], $7::int[]) as k(code, node, n)
          on k.code = cc.chain_code and k.node = cc.node_name
       group by 1
    ), ranked as (
      select c.*, ch.key as ch_key, ch.n as ch_n, (${score})::int as score,
             count(*) over ()::int as total
        from c left join ch on ch.enterprise_id = c.enterprise_id
       ${r.signals?.includes('chain') ? 'where ch.n is not null' : ''}
       order by score desc, c.weight desc, c.enterprise_id
       limit ${limit} offset ${offset}
    )
    select e.id::int as id, e.name, e.uncid, e.province_code, e.city_code, e.industry_section,
           e.industry_class, e.reg_capital, e.reg_capital_currency, e.establish_date::text,
           c.score, c.total, c.br_n, c.br_last::text, c.br_regions, c.fin_n, c.fin_last::text,
           c.fin_round, c.fin_amount, c.cap_last::text, c.cap_after, c.st_year, c.st_prev,
           c.st_cur, c.ch_key, c.ch_n
      from ranked c join enterprises e on e.id = c.enterprise_id
     order by c.score desc, c.weight desc, c.enterprise_id`;
  const { rows } = await db.query<RankedDb>(sql, values);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    // A page past the end (or past the edition's depth) still reports how many there are.
    total = (await rankMerchants(r, { limit: 1, offset: 0 }, db)).total;
  }
  return { total, rows: rows.map((row, i) => toRow(row, offset + i + 1)) };
}

function reasonsOf(r: RankedDb): MerchantReason[] {
  const reasons: MerchantReason[] = [];
  const points = (s: MerchantSignal, n: number | null) =>
    s === 'branch'
      ? P.branch + P.branchEach * Math.min((n ?? 1) - 1, 3)
      : s === 'financing'
        ? P.financing + P.financingEach * Math.min((n ?? 1) - 1, 2)
        : 0;
  if (r.br_n !== null) {
    const places = (r.br_regions ?? []).map((p) => regionName(`${p}00`)).filter(Boolean);
    reasons.push({
      signal: 'branch',
      points: points('branch', r.br_n),
      text: `近${MERCHANTS_WINDOW_YEARS}年在异地新设分支机构 ${r.br_n} 家${places.length ? `（${places.join('、')}${r.br_n > places.length ? '等' : ''}）` : ''}，最近一家设立于 ${r.br_last}`,
    });
  }
  if (r.fin_n !== null)
    reasons.push({
      signal: 'financing',
      points: points('financing', r.fin_n),
      text: `${r.fin_last} 完成${r.fin_round}融资${r.fin_amount && r.fin_amount !== '未披露' ? `（${r.fin_amount}）` : ''}${r.fin_n > 1 ? `，近${MERCHANTS_WINDOW_YEARS}年共 ${r.fin_n} 轮` : ''}`,
    });
  if (r.cap_last !== null)
    reasons.push({
      signal: 'capital',
      points: P.capital,
      text: `${r.cap_last} 注册资本变更${r.cap_after ? `为 ${r.cap_after}` : ''}`,
    });
  if (r.st_cur !== null && r.st_prev !== null)
    reasons.push({
      signal: 'staff',
      points: P.staff,
      text: `${r.st_year}年报员工 ${r.st_cur} 人，较上年 ${r.st_prev} 人增长 ${Math.round(((r.st_cur - r.st_prev) / Math.max(r.st_prev, 1)) * 100)}%`,
    });
  if (r.ch_key !== null && r.ch_n !== null) {
    const [code, node] = r.ch_key.split('|');
    const chain = INDUSTRY_CHAINS.find((c) => c.code === code);
    const near = chain ? chainNeighbours(chain, node) : [];
    reasons.push({
      signal: 'chain',
      points: r.ch_n >= 100 ? P.chain[2] : r.ch_n >= 10 ? P.chain[1] : P.chain[0],
      text: `${chain?.name ?? code}产业链“${node}”环节，目标地区已有上下游（${near.join('、')}）企业 ${r.ch_n} 家`,
    });
  }
  return reasons;
}

function toRow(r: RankedDb, rank: number): MerchantRow {
  const province = regionName(r.province_code);
  const city = regionName(r.city_code);
  return {
    rank,
    id: r.id,
    name: r.name,
    uncid: r.uncid,
    regionName: city && city !== province ? `${province} ${city}` : province,
    industryName: industryName(r.industry_class) || industryName(r.industry_section),
    regCapital: r.reg_capital === null ? null : Number(r.reg_capital),
    regCapitalCurrency: r.reg_capital_currency,
    establishDate: r.establish_date,
    score: r.score,
    reasons: reasonsOf(r),
  };
}

export function merchantsSubject(subject: IndustryMapSubject): { key: string; name: string } {
  return { key: subject.key, name: subjectName(subject) };
}
