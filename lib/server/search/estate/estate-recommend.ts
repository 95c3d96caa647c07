import 'server-only';
import type pg from 'pg';
import { getPool } from '@/lib/server/platform';
import { regionName } from '@/lib/shared/geo';
import { industryName } from '@/lib/shared/industry/industries';
import type { Portrait, RecommendedEstate } from '@/lib/shared/park/estate.contract';
import { ESTATE_COLUMNS, summaryOf, type EstateRow } from './estate.service';

/*
 * POST /shuzhituoke/park/recommendation-page (spec 7.3, ADR 0201): parks whose occupants look
 * like the member's own leads and customers.
 *
 * Portrait: the member's live leads (线索, owner) and customers (客户, owner) in the tenant; for
 * each, the industry section, the staff size and the city/province (the lead's own, else its
 * linked company's). Shares are over the records where the attribute is known.
 *
 * Score (0-100) = 100 × (0.5 × industry + 0.2 × size + 0.3 × region), where
 *   industry = Σ_s min(portrait share of section s, park share of s)   (histogram intersection)
 *   size     = Σ_z min(portrait share of size z, park share of z)      (known sizes only)
 *   region   = portrait share in the park's city + ½ × share elsewhere in the park's province
 * Ties go to the fuller park. Candidates: every park in the portrait's provinces and the 500
 * fullest parks anywhere (a distant park can still match on industry).
 */

export const RECOMMEND_WEIGHTS = { industry: 0.5, size: 0.2, region: 0.3 } as const;
const NATIONAL_CANDIDATES = 500;

type Shares = Map<string, number>;

function shares(counts: Map<string, number>): Shares {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  return new Map([...counts].map(([k, n]) => [k, total ? n / total : 0]));
}

/** Σ min(a_k, b_k): 1 when the two distributions are the same, 0 when they share nothing. */
export function intersection(a: Shares, b: Shares): number {
  let sum = 0;
  for (const [k, v] of a) sum += Math.min(v, b.get(k) ?? 0);
  return Math.min(1, sum);
}

export type PortraitShares = {
  basis: number;
  industries: Shares;
  sizes: Shares;
  cities: Shares;
  provinces: Shares;
};

export async function portraitOf(
  tenantId: number,
  userId: number,
  db: pg.Pool = getPool(),
): Promise<PortraitShares> {
  const { rows } = await db.query<{
    s: string | null;
    z: string | null;
    city: string | null;
    prov: string | null;
    n: number;
  }>(
    `with basis as (
       select coalesce(c.industry_section, e.industry_section) s, e.staff_size z,
              coalesce(c.city_code, e.city_code) city, coalesce(c.province_code, e.province_code) prov
         from clues c left join enterprises e on e.id = c.enterprise_id
        where c.tenant_id = $1 and c.owner_user_id = $2 and c.deleted_at is null
       union all
       select e.industry_section, e.staff_size, e.city_code, e.province_code
         from customers k join enterprises e on e.id = k.enterprise_id
        where k.tenant_id = $1 and k.owner_user_id = $2 and k.deleted_at is null)
     select s, z, city, prov, count(*)::int n from basis group by 1, 2, 3, 4`,
    [tenantId, userId],
  );
  const tally = () => new Map<string, number>();
  const [ind, size, city, prov] = [tally(), tally(), tally(), tally()];
  let basis = 0;
  const add = (m: Map<string, number>, k: string | null, n: number) => {
    if (k) m.set(k, (m.get(k) ?? 0) + n);
  };
  for (const r of rows) {
    basis += r.n;
    add(ind, r.s, r.n);
    add(size, r.z, r.n);
    add(city, r.city, r.n);
    add(prov, r.prov, r.n);
  }
  return {
    basis,
    industries: shares(ind),
    sizes: shares(size),
    cities: shares(city),
    provinces: shares(prov),
  };
}

export type ParkScore = { score: number; industry: number; size: number; region: number };

/** The documented score of one park for one portrait (ADR 0201). */
export function scorePark(portrait: PortraitShares, park: EstateRow): ParkScore {
  const occ = park.occupancy ?? {};
  const parkInd = shares(
    new Map(Object.entries(occ.industries ?? {}).filter(([k]) => k !== '未知')),
  );
  const parkSize = shares(new Map(Object.entries(occ.sizes ?? {}).filter(([k]) => k !== '未知')));
  const industry = intersection(portrait.industries, parkInd);
  const size = intersection(portrait.sizes, parkSize);
  const inCity = park.city_code ? (portrait.cities.get(park.city_code) ?? 0) : 0;
  const inProvince = park.province_code ? (portrait.provinces.get(park.province_code) ?? 0) : 0;
  const region = Math.min(1, inCity + 0.5 * Math.max(0, inProvince - inCity));
  const w = RECOMMEND_WEIGHTS;
  const score = 100 * (w.industry * industry + w.size * size + w.region * region);
  return { score: Math.round(score * 10) / 10, industry, size, region };
}

const pct = (v: number) => `${Math.round(v * 100)}%`;

function reasonsFor(portrait: PortraitShares, park: EstateRow, s: ParkScore): string[] {
  const out: string[] = [];
  const occ = park.occupancy?.industries ?? {};
  const total = Object.values(occ).reduce((a, b) => a + b, 0);
  const shared = [...portrait.industries]
    .filter(([k]) => occ[k])
    .sort((a, b) => Math.min(b[1], occ[b[0]] / total) - Math.min(a[1], occ[a[0]] / total))[0];
  if (shared)
    out.push(
      `入驻企业中${industryName(shared[0])}占 ${pct(occ[shared[0]] / total)}，您的客户中占 ${pct(shared[1])}`,
    );
  if (s.region > 0 && park.city_code && portrait.cities.get(park.city_code))
    out.push(
      `您 ${pct(portrait.cities.get(park.city_code)!)} 的客户在${regionName(park.city_code)}`,
    );
  else if (s.region > 0 && park.province_code)
    out.push(`与您的客户同在${regionName(park.province_code)}`);
  if (s.size >= 0.5) out.push(`企业规模分布与您的客户相近（重合 ${pct(s.size)}）`);
  if (!out.length) out.push(`园区内有 ${park.company_count} 家企业`);
  return out;
}

function portraitView(p: PortraitShares): Portrait {
  const top = (m: Shares, label: (k: string) => string) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([key, share]) => ({ key, label: label(key) || key, share }));
  return {
    basis: p.basis,
    industries: top(p.industries, industryName),
    sizes: top(p.sizes, (k) => k),
    regions: top(p.cities, regionName),
  };
}

export async function recommendParks(
  tenantId: number,
  userId: number,
  page: { pageNo: number; pageSize: number },
  db: pg.Pool = getPool(),
): Promise<{ total: number; list: RecommendedEstate[]; portrait: Portrait }> {
  const portrait = await portraitOf(tenantId, userId, db);
  const { rows } = await db.query<EstateRow>(
    `select ${ESTATE_COLUMNS} from estates where kind = 'park' and province_code = any($1::text[])
     union
     select * from (select ${ESTATE_COLUMNS} from estates where kind = 'park'
                     order by company_count desc, id limit ${NATIONAL_CANDIDATES}) fullest`,
    [[...portrait.provinces.keys()]],
  );
  const scored = rows
    .map((r) => ({ r, s: scorePark(portrait, r) }))
    .sort(
      (a, b) => b.s.score - a.s.score || b.r.company_count - a.r.company_count || a.r.id - b.r.id,
    );
  const from = (page.pageNo - 1) * page.pageSize;
  return {
    total: scored.length,
    list: scored.slice(from, from + page.pageSize).map(({ r, s }) => ({
      ...summaryOf(r),
      score: s.score,
      parts: {
        industry: Math.round(s.industry * 1000) / 1000,
        size: Math.round(s.size * 1000) / 1000,
        region: Math.round(s.region * 1000) / 1000,
      },
      reasons: portrait.basis
        ? reasonsFor(portrait, r, s)
        : ['暂无线索或客户，按园区入驻企业数推荐；添加线索后推荐会更贴合您的客户'],
    })),
    portrait: portraitView(portrait),
  };
}
