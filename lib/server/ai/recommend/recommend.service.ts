import 'server-only';
import type pg from 'pg';
import { getPool } from '@/lib/server/platform';
import { regionFullName, regionName } from '@/lib/shared/geo';
import { getIndustryChildren, industryName } from '@/lib/shared/industry';
import {
  AGE_BANDS,
  CAPITAL_BANDS,
  RECOMMEND_PART_POINTS,
  RECOMMEND_PARTS,
  type PortraitSource,
  type RecommendPart,
  type RecommendPortrait,
  type RecommendReason,
  type RecommendRow,
} from '@/lib/shared/ai/recommend.contract';

/*
 * 客户推荐 (ADR 0203): a portrait of the tenant's customers, and a points score of the companies
 * that are not yet its leads or customers. One function ranks for the page, the API, the held-out
 * evaluation and the bench.
 */

/** A won opportunity makes a customer weigh this much (an ordinary customer or lead weighs 1). */
export const WON_WEIGHT = 3;
/** Each 不感兴趣 subtracts this much of a customer's weight from the traits it has. */
export const DISLIKE_WEIGHT = 0.5;
/** A company of the same section but another division gets this part of the industry points. */
export const SECTION_FACTOR = 0.3;
/** A company in the same province but another city gets this part of the region points. */
export const PROVINCE_FACTOR = 0.6;
/** Candidates: the portrait's strongest divisions and provinces, at most this many of each. */
export const GATE_MAX = 4;
/** The ranking is cut here (deeper pages are empty): the largest edition depth. */
export const RANK_CAP = 1000;

/** One company of the basis: its traits and its weight (negative for a dislike). */
export type BasisRow = {
  division: string | null;
  section: string | null;
  province: string | null;
  city: string | null;
  staff: string | null;
  capitalBand: number | null;
  ageBand: number | null;
  tags: string[];
  weight: number;
};

type Tally = Map<string, number>;

/** The weighted traits of the basis: shares per part, over the positive weight. */
export type Portrait = {
  source: PortraitSource;
  basis: number;
  won: number;
  disliked: number;
  divisions: Tally;
  sections: Tally;
  cities: Tally;
  provinces: Tally;
  staff: Tally;
  capital: Tally;
  age: Tally;
  tags: Tally;
};

export function capitalBand(capital: number | null): number | null {
  if (capital === null || !Number.isFinite(capital)) return null;
  let band = 0;
  CAPITAL_BANDS.forEach((b, i) => {
    if (capital >= b.min) band = i;
  });
  return band;
}

/** The age band as the SQL computes it: founded on or before asOf minus the band's years. */
export function ageBand(establishDate: string | null, asOf: string): number | null {
  if (!establishDate || !/^\d{4}-\d{2}-\d{2}/.test(establishDate)) return null;
  const y = Number(asOf.slice(0, 4));
  let band = 0;
  AGE_BANDS.forEach((b, i) => {
    if (establishDate.slice(0, 10) <= `${y - b.min}${asOf.slice(4, 10)}`) band = i;
  });
  return band;
}

/**
 * Shares of the portrait from weighted companies: each trait's mass is the sum of the weights of
 * the companies that have it (dislikes subtract), floored at 0 and divided by the positive weight.
 */
export function buildPortrait(
  rows: BasisRow[],
  meta: { source: PortraitSource; won?: number },
): Portrait {
  const t = () => new Map<string, number>();
  const p: Portrait = {
    source: meta.source,
    basis: rows.filter((r) => r.weight > 0).length,
    won: meta.won ?? 0,
    disliked: rows.filter((r) => r.weight < 0).length,
    divisions: t(),
    sections: t(),
    cities: t(),
    provinces: t(),
    staff: t(),
    capital: t(),
    age: t(),
    tags: t(),
  };
  const total = rows.reduce((s, r) => s + Math.max(0, r.weight), 0);
  if (!total) return p;
  const add = (m: Tally, k: string | number | null, w: number) => {
    if (k === null || k === '') return;
    const key = String(k);
    m.set(key, (m.get(key) ?? 0) + w);
  };
  for (const r of rows) {
    add(p.divisions, r.division, r.weight);
    add(p.sections, r.section, r.weight);
    add(p.cities, r.city, r.weight);
    add(p.provinces, r.province, r.weight);
    add(p.staff, r.staff, r.weight);
    add(p.capital, r.capitalBand, r.weight);
    add(p.age, r.ageBand, r.weight);
    for (const tag of new Set(r.tags)) add(p.tags, tag, r.weight);
  }
  for (const m of [
    p.divisions,
    p.sections,
    p.cities,
    p.provinces,
    p.staff,
    p.capital,
    p.age,
    p.tags,
  ])
    for (const [k, v] of m) {
      if (v <= 0) m.delete(k);
      else m.set(k, Math.min(1, v / total));
    }
  return p;
}

/** Points of each trait value: the part's maximum × its share / the part's largest share. */
function pointsOf(m: Tally, max: number, factor = 1): { keys: string[]; points: number[] } {
  const top = Math.max(0, ...m.values());
  const keys: string[] = [];
  const points: number[] = [];
  if (!top) return { keys, points };
  for (const [k, v] of m) {
    keys.push(k);
    points.push((max * factor * v) / top);
  }
  return { keys, points };
}

/** The keys (with their points) that `keep` accepts. */
function keepKeys(
  part: { keys: string[]; points: number[] },
  keep: (key: string, points: number) => boolean,
): { keys: string[]; points: number[] } {
  const kept = { keys: [] as string[], points: [] as number[] };
  part.keys.forEach((k, n) => {
    if (!keep(k, part.points[n])) return;
    kept.keys.push(k);
    kept.points.push(part.points[n]);
  });
  return kept;
}

function strongest(m: Tally, n: number): string[] {
  return [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k]) => k);
}

export type RankExclusion = {
  /** The tenant whose leads, customers and dislikes are left out. */
  tenantId?: number;
  /** Further companies left out (the evaluation's visible customers). */
  ids?: number[];
};

export type RankedCompany = { id: number; parts: Record<RecommendPart, number>; score: number };

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * The ranking (ADR 0203): active companies of the portrait's strongest divisions (or chosen
 * sections) in its strongest provinces, scored by the points of the traits they share with the
 * portrait, best first (ties: company weight, then id), at most `limit`.
 */
export async function rankByPortrait(
  portrait: Portrait,
  exclude: RankExclusion,
  opts: { asOf: string; limit?: number; coldSections?: string[] },
  db: pg.Pool = getPool(),
): Promise<{ rows: RankedCompany[]; total: number }> {
  const P = RECOMMEND_PART_POINTS;
  const divisions = strongest(portrait.divisions, GATE_MAX);
  const sections = opts.coldSections ?? [];
  if (!divisions.length && !sections.length) return { rows: [], total: 0 };
  const provinces = strongest(portrait.provinces, GATE_MAX);
  const staff = pointsOf(portrait.staff, P.staff);
  const cap = pointsOf(portrait.capital, P.capital);
  const age = pointsOf(portrait.age, P.age);
  const tag = pointsOf(portrait.tags, P.tag);
  const capCase = CAPITAL_BANDS.map((b, i) => ({ b, i }))
    .reverse()
    .map(({ b, i }) => `when e.reg_capital >= ${b.min} then '${i}'`)
    .join(' ');
  const ageCase = AGE_BANDS.map((b, i) => ({ b, i }))
    .reverse()
    .map(
      ({ b, i }) => `when e.establish_date <= ($19::date - interval '${b.min} years') then '${i}'`,
    )
    .join(' ');
  const tenantId = exclude.tenantId ?? 0;
  const gate = [...new Set([...divisions, ...sections.flatMap(divisionsOf)])];
  // The scan reads only the gate's divisions and provinces, so points of other values can never
  // match; and each row looks its values up in these lists one by one (183 cities of a tenant's
  // customers made most of the ranking's time). A city code starts with its province's two
  // digits (GB/T 2260).
  const inGate = (k: string) => gate.includes(k);
  const provinceOf = new Set(provinces.map((p) => p.slice(0, 2)));
  const inProvinces = (k: string) => !provinces.length || provinceOf.has(k.slice(0, 2));
  // Exact prunings of the same kind: a division's own points come before its section's
  // (coalesce), and a city counts only where it can beat its province (greatest).
  const ind = keepKeys(pointsOf(portrait.divisions, P.industry), inGate);
  const sec = pointsOf(portrait.sections, P.industry, sections.length ? 1 : SECTION_FACTOR);
  // Sections score through their divisions (a company's section is its division's): the scan
  // then needs only columns of the division index, read without touching the table.
  const sectionByDivision = keepKeys(byDivision(sec), (d) => inGate(d) && !ind.keys.includes(d));
  const prov = keepKeys(pointsOf(portrait.provinces, P.region, PROVINCE_FACTOR), inProvinces);
  const provincePoints = new Map(prov.keys.map((k, n) => [k.slice(0, 2), prov.points[n]]));
  // greatest(city, province) equals greatest(0, province) for a city at or below a province of
  // zero or more points (a province lowered below zero by 不感兴趣 keeps its cities).
  const city = keepKeys(pointsOf(portrait.cities, P.region), (k, points) => {
    const province = provincePoints.get(k.slice(0, 2)) ?? 0;
    return inProvinces(k) && (points > province || province < 0);
  });

  const limit = opts.limit ?? RANK_CAP;
  // Tags are the one scored column not in that index: the scan ranks on the other parts, and
  // only rows that tags could still carry into the top `limit` have their tags read.
  const tagReach = Math.max(0, ...tag.points) - Math.min(0, ...tag.points);
  const lookup = (n: number, value: string) =>
    `coalesce(($${n + 1}::float8[])[array_position($${n}::text[], ${value})], 0)`;
  const { rows } = await db.query<{
    id: number;
    weight: number;
    p_industry: number;
    p_region: number;
    p_staff: number;
    p_capital: number;
    p_age: number;
    total: number;
  }>(
    `with excluded(id) as (
            select unnest($15::bigint[])
            union select c.enterprise_id from clues c
             where c.tenant_id = $16 and c.enterprise_id is not null and c.deleted_at is null
            union select k.enterprise_id from customers k
             where k.tenant_id = $16 and k.enterprise_id is not null and k.deleted_at is null
            union select f.enterprise_id from recommendation_feedback f where f.tenant_id = $16),
          scored as materialized (
            select e.id, e.weight,
                   coalesce(($2::float8[])[array_position($1::text[], e.industry_division)],
                            ($4::float8[])[array_position($3::text[], e.industry_division)], 0) p_industry,
                   greatest(${lookup(5, 'e.city_code')}, ${lookup(7, 'e.province_code')}) p_region,
                   ${lookup(9, 'e.staff_size')} p_staff,
                   ${lookup(11, `(case ${capCase} end)`)} p_capital,
                   ${lookup(13, `(case ${ageCase} end)`)} p_age
              from enterprises e
             where e.status in ('存续', '在业')
               and e.industry_division = any($17::text[])
               and (cardinality($18::text[]) = 0 or e.province_code = any($18::text[]))
               and e.establish_date < $19::date
               and e.id not in (select x.id from excluded x)),
          ranked as (
            select s.*, p_industry + p_region + p_staff + p_capital + p_age base from scored s),
          cut as (select base from ranked order by base desc offset $20 - 1 limit 1)
     select id::int, weight::float8, p_industry, p_region, p_staff, p_capital, p_age,
            (select count(*) from scored)::int total
       from ranked
      where base >= coalesce((select base from cut), '-infinity'::float8) - $21`,
    [
      ind.keys,
      ind.points,
      sectionByDivision.keys,
      sectionByDivision.points,
      city.keys,
      city.points,
      prov.keys,
      prov.points,
      staff.keys,
      staff.points,
      cap.keys,
      cap.points,
      age.keys,
      age.points,
      exclude.ids ?? [],
      tenantId,
      gate,
      provinces,
      opts.asOf,
      limit,
      tagReach,
    ],
  );
  const tagsOf = new Map<number, string[]>();
  if (tag.keys.length && rows.length) {
    const { rows: tagged } = await db.query<{ id: number; tags: string[] | null }>(
      `select id::int, tags from enterprises where id = any($1::bigint[]) and tags && $2::text[]`,
      [rows.map((r) => r.id), tag.keys],
    );
    for (const t of tagged) tagsOf.set(t.id, t.tags ?? []);
  }
  const tagPoints = new Map(tag.keys.map((k, n) => [k, tag.points[n]]));
  const ranked = rows.map((r) => {
    const held = (tagsOf.get(r.id) ?? []).filter((t) => tagPoints.has(t));
    const parts: Record<RecommendPart, number> = {
      industry: r.p_industry,
      region: r.p_region,
      staff: r.p_staff,
      capital: r.p_capital,
      age: r.p_age,
      tag: held.length ? Math.max(...held.map((t) => tagPoints.get(t)!)) : 0,
    };
    return { r, parts, sum: RECOMMEND_PARTS.reduce((s, k) => s + parts[k], 0) };
  });
  ranked.sort((a, b) => b.sum - a.sum || b.r.weight - a.r.weight || a.r.id - b.r.id);
  return {
    total: rows[0]?.total ?? 0,
    rows: ranked.slice(0, limit).map(({ r, parts: raw }) => {
      const parts = Object.fromEntries(RECOMMEND_PARTS.map((k) => [k, round1(raw[k])])) as Record<
        RecommendPart,
        number
      >;
      const score = round1(RECOMMEND_PARTS.reduce((s, k) => s + parts[k], 0));
      return { id: r.id, parts, score };
    }),
  };
}

/** The divisions of a GB/T 4754 section. */
function divisionsOf(section: string): string[] {
  return getIndustryChildren(section).map((d) => d.code);
}

/** Section points keyed by each of the section's divisions. */
function byDivision(sec: { keys: string[]; points: number[] }): {
  keys: string[];
  points: number[];
} {
  const keys: string[] = [];
  const points: number[] = [];
  sec.keys.forEach((section, n) => {
    for (const d of divisionsOf(section)) {
      keys.push(d);
      points.push(sec.points[n]);
    }
  });
  return { keys, points };
}

type BasisDb = {
  division: string | null;
  section: string | null;
  province: string | null;
  city: string | null;
  staff: string | null;
  reg_capital: string | null;
  establish_date: string | null;
  tags: string[];
  weight: number;
};

const BASIS_COLUMNS = `e.industry_division division, e.industry_section section, e.province_code province,
  e.city_code city, e.staff_size staff, e.reg_capital, e.establish_date::text establish_date, e.tags`;

function basisRows(rows: BasisDb[], asOf: string): BasisRow[] {
  return rows.map((r) => ({
    division: r.division,
    section: r.section,
    province: r.province,
    city: r.city,
    staff: r.staff,
    capitalBand: capitalBand(r.reg_capital === null ? null : Number(r.reg_capital)),
    ageBand: ageBand(r.establish_date, asOf),
    tags: r.tags ?? [],
    weight: Number(r.weight),
  }));
}

/** The basis of a set of companies (the evaluation's visible customers), each of weight 1 or won. */
export async function basisOfCompanies(
  companies: { id: number; weight: number }[],
  asOf: string,
  db: pg.Pool = getPool(),
): Promise<BasisRow[]> {
  const { rows } = await db.query<BasisDb>(
    `select ${BASIS_COLUMNS}, w.weight
       from unnest($1::bigint[], $2::float8[]) w(id, weight) join enterprises e on e.id = w.id`,
    [companies.map((c) => c.id), companies.map((c) => c.weight)],
  );
  return basisRows(rows, asOf);
}

/**
 * The tenant's portrait: its customers (a won opportunity weighs WON_WEIGHT), else its leads; the
 * companies it marked 不感兴趣 subtract DISLIKE_WEIGHT each.
 */
export async function tenantPortrait(
  tenantId: number,
  asOf: string,
  db: pg.Pool = getPool(),
): Promise<Portrait> {
  const [customers, dislikes] = await Promise.all([
    db.query<BasisDb & { won: boolean }>(
      `select ${BASIS_COLUMNS},
              exists (select 1 from opportunities o where o.customer_id = k.id and o.status = 'won') won,
              0::float8 weight
         from customers k join enterprises e on e.id = k.enterprise_id
        where k.tenant_id = $1 and k.deleted_at is null`,
      [tenantId],
    ),
    db.query<BasisDb>(
      `select ${BASIS_COLUMNS}, ${-DISLIKE_WEIGHT}::float8 weight
         from recommendation_feedback f join enterprises e on e.id = f.enterprise_id
        where f.tenant_id = $1 and f.kind = 'dislike'`,
      [tenantId],
    ),
  ]);
  let source: PortraitSource = 'customers';
  let positive: BasisDb[] = customers.rows.map((r) => ({ ...r, weight: r.won ? WON_WEIGHT : 1 }));
  const won = customers.rows.filter((r) => r.won).length;
  if (!positive.length) {
    const leads = await db.query<BasisDb>(
      `select ${BASIS_COLUMNS}, 1::float8 weight
         from clues c join enterprises e on e.id = c.enterprise_id
        where c.tenant_id = $1 and c.deleted_at is null`,
      [tenantId],
    );
    positive = leads.rows;
    source = positive.length ? 'leads' : 'none';
  }
  return buildPortrait(basisRows([...positive, ...dislikes.rows], asOf), { source, won });
}

/** The cold start's portrait from three answers: industries, a region, a staff band. */
export function answersPortrait(a: { industries: string[]; region?: string; staffSize?: string }): {
  portrait: Portrait;
  sections: string[];
} {
  const sections = a.industries.filter((c) => /^[A-T]$/.test(c));
  const rows: BasisRow[] = a.industries.map((c) => ({
    division: /^\d{2}$/.test(c) ? c : null,
    section: /^[A-T]$/.test(c) ? c : null,
    province: a.region ? `${a.region.slice(0, 2)}0000` : null,
    city: a.region && !a.region.endsWith('0000') ? `${a.region.slice(0, 4)}00` : null,
    staff: a.staffSize || null,
    capitalBand: null,
    ageBand: null,
    tags: [],
    weight: 1,
  }));
  const portrait = buildPortrait(rows, { source: 'answers' });
  portrait.basis = 0;
  return { portrait, sections };
}

const pct = (v: number) => `${Math.round(v * 100)}%`;

/** The reasons of one row: every part with points, with the share of the portrait behind it. */
export function reasonsOf(
  portrait: Portrait,
  company: {
    division: string | null;
    section: string | null;
    province: string | null;
    city: string | null;
    staff: string | null;
    capitalBand: number | null;
    ageBand: number | null;
    tags: string[];
  },
  parts: Record<RecommendPart, number>,
): RecommendReason[] {
  const who =
    portrait.source === 'customers' ? '您的客户' : portrait.source === 'leads' ? '您的线索' : '';
  const of = (share: number | undefined) => (who && share ? `（占${who}的 ${pct(share)}）` : '');
  const out: RecommendReason[] = [];
  const push = (part: RecommendPart, text: string) => {
    if (parts[part] > 0) out.push({ part, points: parts[part], text });
  };
  const divShare = company.division ? portrait.divisions.get(company.division) : undefined;
  if (divShare) push('industry', `${industryName(company.division)}${of(divShare)}`);
  else if (company.section)
    push(
      'industry',
      `同属${industryName(company.section)}${of(portrait.sections.get(company.section))}`,
    );
  const cityShare = company.city ? portrait.cities.get(company.city) : undefined;
  if (cityShare) push('region', `${regionName(company.city)}${of(cityShare)}`);
  else if (company.province)
    push(
      'region',
      `同在${regionName(company.province)}${of(portrait.provinces.get(company.province))}`,
    );
  if (company.staff) push('staff', `${company.staff}${of(portrait.staff.get(company.staff))}`);
  if (company.capitalBand !== null)
    push(
      'capital',
      `${CAPITAL_BANDS[company.capitalBand].label}${of(portrait.capital.get(String(company.capitalBand)))}`,
    );
  if (company.ageBand !== null)
    push(
      'age',
      `成立${AGE_BANDS[company.ageBand].label}${of(portrait.age.get(String(company.ageBand)))}`,
    );
  const bestTag = company.tags
    .filter((t) => portrait.tags.has(t))
    .sort((a, b) => portrait.tags.get(b)! - portrait.tags.get(a)!)[0];
  if (bestTag)
    push(
      'tag',
      `${bestTag}${who ? `（${who}中 ${pct(portrait.tags.get(bestTag)!)} 有此标签）` : ''}`,
    );
  return out;
}

/** The portrait as the page shows it: the five strongest values of every part. */
export function portraitView(p: Portrait): RecommendPortrait {
  const top = (m: Tally, label: (k: string) => string) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([key, share]) => ({
        key,
        label: label(key) || key,
        share: Math.round(share * 1000) / 1000,
      }));
  const industries = p.divisions.size ? p.divisions : p.sections;
  return {
    source: p.source,
    basis: p.basis,
    won: p.won,
    disliked: p.disliked,
    industries: top(industries, industryName),
    regions: top(p.cities.size ? p.cities : p.provinces, regionName),
    staff: top(p.staff, (k) => k),
    capital: top(p.capital, (k) => CAPITAL_BANDS[Number(k)]?.label ?? k),
    age: top(p.age, (k) => AGE_BANDS[Number(k)]?.label ?? k),
    tags: top(p.tags, (k) => k),
  };
}

type PageDb = {
  id: number;
  name: string;
  uncid: string;
  province_code: string | null;
  city_code: string | null;
  district_code: string | null;
  industry_section: string | null;
  industry_division: string | null;
  reg_capital: string | null;
  reg_capital_currency: string;
  establish_date: string | null;
  staff_size: string | null;
  tags: string[];
};

/** The page's rows, read fresh, in ranking order, with their reasons. */
export async function pageRows(
  portrait: Portrait,
  ranked: RankedCompany[],
  firstRank: number,
  asOf: string,
  db: pg.Pool = getPool(),
): Promise<RecommendRow[]> {
  if (!ranked.length) return [];
  const { rows } = await db.query<PageDb>(
    `select id::int, name, uncid, province_code, city_code, district_code, industry_section,
            industry_division, reg_capital, reg_capital_currency, establish_date::text, staff_size, tags
       from enterprises where id = any($1::bigint[])`,
    [ranked.map((r) => r.id)],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ranked.flatMap((r, i) => {
    const e = byId.get(r.id);
    if (!e) return [];
    const capital = e.reg_capital === null ? null : Number(e.reg_capital);
    return [
      {
        rank: firstRank + i,
        id: e.id,
        name: e.name,
        uncid: e.uncid,
        regionName: regionFullName(e.district_code ?? e.city_code ?? e.province_code),
        industryName: industryName(e.industry_division ?? e.industry_section),
        regCapital: capital,
        regCapitalCurrency: e.reg_capital_currency,
        establishDate: e.establish_date,
        staffSize: e.staff_size,
        tags: e.tags ?? [],
        score: r.score,
        reasons: reasonsOf(
          portrait,
          {
            division: e.industry_division,
            section: e.industry_section,
            province: e.province_code,
            city: e.city_code,
            staff: e.staff_size,
            capitalBand: capitalBand(capital),
            ageBand: ageBand(e.establish_date, asOf),
            tags: e.tags ?? [],
          },
          r.parts,
        ),
      },
    ];
  });
}
