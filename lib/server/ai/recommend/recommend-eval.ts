import 'server-only';
import type pg from 'pg';
import { getPool } from '@/lib/server/platform';
import { CAPITAL_BANDS } from '@/lib/shared/ai/recommend.contract';
import { seededRandom } from '@/lib/shared/random/seeded-random';
import { basisOfCompanies, buildPortrait, rankByPortrait, WON_WEIGHT } from './recommend.service';

/*
 * The held-out evaluation of 客户推荐 (ADR 0203): hide 20 % of a tenant's customers, rank from the
 * rest with the shipped function, and measure recall@100 and precision@20 against the hidden
 * ones, beside the baseline "same industry (division), same province, by registered capital".
 */

export type EvalCustomer = { id: number; weight: number };
export type EvalTenant = { name: string; customers: EvalCustomer[] };

/** A small seeded generator: the same seed, the same split and the same tenants. */
export const rng = seededRandom;

/** Hides round(fraction × n) customers (at least one), chosen by the seeded shuffle. */
export function splitHeldOut<T>(
  customers: T[],
  seed: number,
  fraction = 0.2,
): { visible: T[]; hidden: T[] } {
  const next = rng(seed);
  const order = customers.map((c) => ({ c, r: next() })).sort((a, b) => a.r - b.r);
  const n = Math.max(1, Math.round(customers.length * fraction));
  return { hidden: order.slice(0, n).map((x) => x.c), visible: order.slice(n).map((x) => x.c) };
}

export function recallAt(ranked: number[], hidden: Set<number>, k: number): number {
  if (!hidden.size) return 0;
  return ranked.slice(0, k).filter((id) => hidden.has(id)).length / hidden.size;
}

export function precisionAt(ranked: number[], hidden: Set<number>, k: number): number {
  return ranked.slice(0, k).filter((id) => hidden.has(id)).length / k;
}

/** The baseline: companies sharing a (division, province) pair with a visible customer, by capital. */
export async function baselineRanking(
  visible: number[],
  asOf: string,
  limit: number,
  db: pg.Pool = getPool(),
): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `with pairs as (
       select distinct industry_division d, province_code p from enterprises
        where id = any($1::bigint[]) and industry_division is not null and province_code is not null)
     select e.id::int from enterprises e join pairs on e.industry_division = pairs.d and e.province_code = pairs.p
      where e.status in ('存续', '在业') and e.establish_date < $2::date and e.id <> all($1::bigint[])
      order by e.reg_capital desc nulls last, e.id
      limit $3`,
    [visible, asOf, limit],
  );
  return rows.map((r) => r.id);
}

export type TenantResult = {
  name: string;
  customers: number;
  hidden: number;
  recall: number;
  precision: number;
  baseRecall: number;
  basePrecision: number;
};

export async function evaluateTenant(
  tenant: EvalTenant,
  asOf: string,
  seed: number,
  db: pg.Pool = getPool(),
): Promise<TenantResult> {
  const { visible, hidden } = splitHeldOut(tenant.customers, seed);
  const hiddenIds = new Set(hidden.map((c) => c.id));
  const visibleIds = visible.map((c) => c.id);
  const portrait = buildPortrait(await basisOfCompanies(visible, asOf, db), {
    source: 'customers',
  });
  const ranked = (await rankByPortrait(portrait, { ids: visibleIds }, { asOf, limit: 100 }, db))
    .rows;
  const ours = ranked.map((r) => r.id);
  const base = await baselineRanking(visibleIds, asOf, 100, db);
  return {
    name: tenant.name,
    customers: tenant.customers.length,
    hidden: hidden.length,
    recall: recallAt(ours, hiddenIds, 100),
    precision: precisionAt(ours, hiddenIds, 20),
    baseRecall: recallAt(base, hiddenIds, 100),
    basePrecision: precisionAt(base, hiddenIds, 20),
  };
}

/** Real tenants with at least `min` customers linked to companies (won deals weigh more). */
export async function tenantsWithCustomers(
  min: number,
  db: pg.Pool = getPool(),
): Promise<EvalTenant[]> {
  const { rows } = await db.query<{ tenant_id: number; ids: number[]; won: boolean[] }>(
    `select k.tenant_id::int, array_agg(k.enterprise_id::int order by k.id) ids,
            array_agg(exists (select 1 from opportunities o where o.customer_id = k.id and o.status = 'won') order by k.id) won
       from customers k where k.deleted_at is null and k.enterprise_id is not null
      group by 1 having count(*) >= $1 order by 1`,
    [min],
  );
  return rows.map((r) => ({
    name: `租户 ${r.tenant_id}`,
    customers: r.ids.map((id, i) => ({ id, weight: r.won[i] ? WON_WEIGHT : 1 })),
  }));
}

/**
 * Planted tenants (the demo tenants have a handful of random customers): each has a taste — two
 * divisions, two provinces, a capital band — and its customers are drawn as 60 % of that taste
 * (its capital band first, any capital when the band has too few), 25 % of its divisions
 * anywhere, 15 % any active company; 30 % of them have a won deal.
 * The draw is seeded and reads the company data only.
 */
export async function plantTenants(
  count: number,
  perTenant: number,
  seed: number,
  db: pg.Pool = getPool(),
): Promise<EvalTenant[]> {
  const next = rng(seed);
  const { rows: pairs } = await db.query<{ d: string; p: string }>(
    `select industry_division d, province_code p from enterprises
      where status in ('存续', '在业') and industry_division is not null and province_code is not null
      group by 1, 2 having count(*) >= $1 order by count(*) desc, 1, 2 limit 300`,
    [Math.max(5, Math.ceil(perTenant / 4))],
  );
  if (!pairs.length) return [];
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)];
  const draw = async (where: string, params: unknown[], n: number, salt: string) => {
    if (n <= 0) return [] as number[];
    const { rows } = await db.query<{ id: number }>(
      `select id::int from enterprises e where e.status in ('存续', '在业') and ${where}
        order by md5(e.id::text || $1) limit $2`,
      [salt, n, ...params],
    );
    return rows.map((r) => r.id);
  };
  const tenants: EvalTenant[] = [];
  for (let t = 0; t < count; t += 1) {
    const a = pick(pairs);
    const b = pick(pairs);
    const divisions = [...new Set([a.d, b.d])];
    const provinces = [...new Set([a.p, b.p])];
    const band = Math.floor(next() * CAPITAL_BANDS.length);
    const lo = CAPITAL_BANDS[band].min;
    const hi = CAPITAL_BANDS[band + 1]?.min ?? 1e12;
    const salt = `${seed}-${t}`;
    const inTaste = `e.industry_division = any($3::text[]) and e.province_code = any($4::text[])`;
    const coreN = Math.round(perTenant * 0.6);
    const noiseN = Math.round(perTenant * 0.15);
    const banded = await draw(
      `${inTaste} and e.reg_capital >= $5 and e.reg_capital < $6`,
      [divisions, provinces, lo, hi],
      coreN,
      salt,
    );
    // Too few in the band: the rest of the core from the taste's pairs, any capital.
    const core = [
      ...banded,
      ...(await draw(
        `${inTaste} and e.id <> all($5::bigint[])`,
        [divisions, provinces, banded],
        coreN - banded.length,
        salt,
      )),
    ];
    const spread = await draw(
      `e.industry_division = any($3::text[]) and e.id <> all($4::bigint[])`,
      [divisions, core],
      perTenant - noiseN - core.length,
      salt,
    );
    const noise = await draw(
      `e.id <> all($3::bigint[])`,
      [[...core, ...spread]],
      perTenant - core.length - spread.length,
      salt,
    );
    const ids = [...core, ...spread, ...noise];
    tenants.push({
      name: `模拟租户 ${t + 1}`,
      customers: ids.map((id) => ({ id, weight: next() < 0.3 ? WON_WEIGHT : 1 })),
    });
  }
  return tenants;
}

export type EvalSummary = {
  results: TenantResult[];
  recall: number;
  precision: number;
  baseRecall: number;
  basePrecision: number;
};

export async function evaluateRecommend(
  tenants: EvalTenant[],
  asOf: string,
  seed: number,
  db: pg.Pool = getPool(),
): Promise<EvalSummary> {
  const results: TenantResult[] = [];
  for (const [i, t] of tenants.entries())
    if (t.customers.length >= 2) results.push(await evaluateTenant(t, asOf, seed + i, db));
  const mean = (f: (r: TenantResult) => number) =>
    results.length ? results.reduce((s, r) => s + f(r), 0) / results.length : 0;
  return {
    results,
    recall: mean((r) => r.recall),
    precision: mean((r) => r.precision),
    baseRecall: mean((r) => r.baseRecall),
    basePrecision: mean((r) => r.basePrecision),
  };
}
