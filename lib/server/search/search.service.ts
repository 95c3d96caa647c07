import type pg from 'pg';
import { getPool } from '../db';
import { getRegion, regionName } from '@/lib/shared/geo';
import { industryName } from '@/lib/shared/industry';
import { apiError } from '../api/api-error';
import { validateUncid } from '@/lib/shared/enterprise/uncid';
import {
  CAPITAL_BANDS,
  ESTABLISH_BANDS,
  ORG_TYPE_OPTIONS,
  STATUS_OPTIONS,
} from '@/lib/shared/search/filters';
import { highlight, searchForm } from '@/lib/shared/search/query';
import type {
  EnterpriseFilters,
  EnterpriseSearchHit,
  EnterpriseSearchQuery,
  EnterpriseSearchResult,
  EnterpriseSuggestion,
  MatchField,
} from '@/lib/shared/search/types';
import {
  bigramsOf,
  getTermStats,
  gramFrequency,
  type GramField,
  type TermStats,
} from './term-stats';

/** Builds a parameterised WHERE: values only ever travel as $n parameters. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function regionColumn(code: string): string | null {
  const level = getRegion(code)?.level;
  return level === 1
    ? 'province_code'
    : level === 2
      ? 'city_code'
      : level === 3
        ? 'district_code'
        : null;
}

function industryColumn(code: string): string | null {
  if (/^[A-T]$/.test(code)) return 'industry_section';
  if (/^\d{2}$/.test(code)) return 'industry_division';
  if (/^\d{3}$/.test(code)) return 'industry_group';
  if (/^\d{4}$/.test(code)) return 'industry_class';
  return null;
}

/** Codes grouped by the column they filter, OR-ed together. */
function anyOfCodes(
  p: SqlParams,
  codes: string[],
  column: (c: string) => string | null,
): string | null {
  const byColumn = new Map<string, string[]>();
  for (const code of codes) {
    const col = column(code);
    if (col) byColumn.set(col, [...(byColumn.get(col) ?? []), code]);
  }
  if (byColumn.size === 0) return 'false';
  // One code is an equality, so the planner can walk (code, weight desc) indexes in order.
  return `(${[...byColumn]
    .map(([col, list]) =>
      list.length === 1 ? `e.${col} = ${p.add(list[0])}` : `e.${col} = any(${p.add(list)}::text[])`,
    )
    .join(' or ')})`;
}

/** Filters as SQL conditions on `enterprises e`. */
export function filterConditions(p: SqlParams, f: EnterpriseFilters): string[] {
  const where: string[] = [];
  if (f.regions?.length) where.push(anyOfCodes(p, f.regions, regionColumn)!);
  if (f.industries?.length) where.push(anyOfCodes(p, f.industries, industryColumn)!);
  if (f.capitalBands?.length) {
    const ranges = CAPITAL_BANDS.filter((b) => f.capitalBands!.includes(b.key)).map((b) => {
      const parts = [];
      if (b.min !== null) parts.push(`e.reg_capital >= ${p.add(b.min)}`);
      if (b.max !== null) parts.push(`e.reg_capital < ${p.add(b.max)}`);
      return `(${parts.join(' and ')})`;
    });
    if (ranges.length) where.push(`(${ranges.join(' or ')})`);
  }
  if (f.capitalMin !== undefined) where.push(`e.reg_capital >= ${p.add(f.capitalMin)}`);
  if (f.capitalMax !== undefined) where.push(`e.reg_capital <= ${p.add(f.capitalMax)}`);
  if (f.establishBands?.length) {
    const ranges = ESTABLISH_BANDS.filter((b) => f.establishBands!.includes(b.key)).map((b) => {
      const parts = [`e.establish_date <= current_date - make_interval(years => ${p.add(b.min)})`];
      if (b.max !== null)
        parts.push(`e.establish_date > current_date - make_interval(years => ${p.add(b.max)})`);
      return `(${parts.join(' and ')})`;
    });
    if (ranges.length) where.push(`(${ranges.join(' or ')})`);
  }
  if (f.statuses?.length) where.push(`e.status = any(${p.add(f.statuses)}::text[])`);
  if (f.orgTypes?.length) {
    const patterns = ORG_TYPE_OPTIONS.filter((o) => f.orgTypes!.includes(o.key)).flatMap((o) =>
      o.match.map((m) => `%${escapeLike(m)}%`),
    );
    if (patterns.length) where.push(`e.org_type like any(${p.add(patterns)}::text[])`);
  }
  if (f.staffSizes?.length) where.push(`e.staff_size = any(${p.add(f.staffSizes)}::text[])`);
  if (f.tags?.length) where.push(`e.tags @> ${p.add(f.tags)}::text[]`);
  if (f.hasPhone) where.push('e.phone_count > 0');
  if (f.hasEmail) where.push('e.email_count > 0');
  if (f.hasWebsite) where.push(`coalesce(e.website, '') <> ''`);
  if (f.listed) where.push('e.listed');
  return where;
}

/** Match tiers: lower ranks first under relevance sorting. */
const TIER = { exact: 0, prefix: 1, name: 2, code: 3, other: 4 } as const;

/**
 * One way a keyword can match. `walk` is a cheap per-row check (strpos on stored or raw text) used
 * while walking a weight/sort-ordered index; `indexed` adds what lets the planner answer from an
 * index (bigram GIN, btree). `freq` is the estimated share of enterprises matching, from the
 * bigram statistics; null means the condition is a btree lookup and always cheap to index.
 */
type Source = {
  tier: number;
  field: 'name' | 'code' | 'text' | 'holder' | 'phone' | 'exact' | 'prefix';
  walk: (p: SqlParams) => string;
  indexed: (p: SqlParams) => string;
  freq: number | null;
  /** `freq` is one bigram's measured frequency rather than an upper bound. */
  measured?: boolean;
  /** Columns `walk` reads (none listed: all), so a name walk can be an index-only scan. */
  columns?: string[];
};

/** A row of a match branch with what ranking and facets need. */
type Candidate = {
  id: number;
  tier: number;
  weight: number;
  reg_capital: number | null;
  establish_date: string | null;
  province_code: string | null;
  industry_section: string | null;
  status: string;
};

const looksLikePhone = (keyword: string, form: string) =>
  /^\d{7,12}$/.test(form) || /^\d{3,4}-\d{7,8}$/.test(keyword);

/** Credit-code prefixes from 8 characters on (type + region): shorter ones match whole provinces. */
const looksLikeCode = (form: string) => /^[0-9a-z]{8,18}$/.test(form) && /\d/.test(form);

/**
 * The bigrams handed to a GIN index: the rarest few. Every listed bigram's posting list is read
 * in full, and 有限 or 公司 list most of the table; the strpos check keeps the result exact.
 */
function indexGrams(stats: TermStats, field: GramField, grams: string[]): string[] {
  const freq = (g: string) => gramFrequency(stats, field, [g]);
  return [...grams].sort((a, b) => freq(a) - freq(b)).slice(0, 3);
}

function keywordSources(keyword: string, form: string, stats: TermStats): Source[] {
  const grams = bigramsOf(form);
  const multi = Array.from(form).length >= 2;
  const sources: Source[] = [
    {
      tier: TIER.exact,
      field: 'exact',
      walk: (p) => `e.name = ${p.add(keyword)}`,
      indexed: (p) => `e.name = ${p.add(keyword)}`,
      freq: null,
    },
    {
      tier: TIER.prefix,
      field: 'prefix',
      walk: (p) => `e.name like ${p.add(`${escapeLike(keyword)}%`)}`,
      indexed: (p) => `e.name like ${p.add(`${escapeLike(keyword)}%`)}`,
      freq: null,
    },
  ];
  if (multi) {
    sources.push({
      tier: TIER.name,
      field: 'name',
      walk: (p) => `strpos(e.name_doc, ${p.add(form)}) > 0`,
      columns: ['name_doc'],
      indexed: (p) =>
        `public.lr_doc_bigrams(e.name_doc) @> ${p.add(indexGrams(stats, 'name', grams))}::text[] and strpos(e.name_doc, ${p.add(form)}) > 0`,
      freq: gramFrequency(stats, 'name', grams),
      measured: grams.length === 1 && stats.fields.name.freq.has(grams[0]),
    });
  }
  if (looksLikeCode(form)) {
    const code = `${form.toUpperCase()}%`;
    sources.push({
      tier: TIER.code,
      field: 'code',
      walk: (p) => `e.uncid like ${p.add(code)}`,
      indexed: (p) => `e.uncid like ${p.add(code)}`,
      freq: null,
    });
  }
  // A credit code or phone number is looked up as one; its digit bigrams are everywhere in
  // addresses and would only make noise (and slow walks).
  const identifier = looksLikeCode(form) || looksLikePhone(keyword, form);
  if (multi && !identifier) {
    const rawText = (p: SqlParams) => {
      const f = p.add(form);
      return `(strpos(e.legal_person, ${f}) > 0 or strpos(lower(coalesce(e.address, '')), ${f}) > 0 or strpos(coalesce(e.business_scope, ''), ${f}) > 0)`;
    };
    const holderOf = (p: SqlParams) =>
      `strpos(lower(s.holder_name), ${p.add(form)}) > 0 and s.enterprise_id = e.id`;
    const holderFreq =
      stats.enterprises > 0
        ? Math.min(1, (gramFrequency(stats, 'holder', grams) * stats.holders) / stats.enterprises)
        : 0;
    sources.push(
      {
        tier: TIER.other,
        field: 'text',
        walk: rawText,
        indexed: (p) =>
          `public.lr_doc_bigrams(public.lr_text_doc(e.legal_person, e.address, e.business_scope)) @> ${p.add(indexGrams(stats, 'text', grams))}::text[] and ${rawText(p)}`,
        freq: gramFrequency(stats, 'text', grams),
      },
      {
        tier: TIER.other,
        field: 'holder',
        walk: (p) => `exists (select 1 from enterprise_shareholders s where ${holderOf(p)})`,
        indexed: (p) =>
          `e.id in (select s.enterprise_id from enterprise_shareholders s
             where public.lr_bigrams(s.holder_name) @> ${p.add(indexGrams(stats, 'holder', grams))}::text[] and strpos(lower(s.holder_name), ${p.add(form)}) > 0)`,
        freq: holderFreq,
      },
    );
  }
  if (looksLikePhone(keyword, form)) {
    const phone = (p: SqlParams) =>
      `e.id in (select c.enterprise_id from enterprise_contacts c where c.value = ${p.add(keyword)} or c.value = ${p.add(form)})`;
    sources.push({ tier: TIER.other, field: 'phone', walk: phone, indexed: phone, freq: null });
  }
  return sources;
}

/**
 * A walk reads at most this many rows before the index takes over: an index-only walk checks a
 * row in about 0.25 µs when cached (40,000 rows in 9.7 ms at 1M enterprises), while the GIN
 * path of a frequent word reads and sorts every match (50 ms for 贸易's 25,000 name matches).
 */
const WALK_MAX_ROWS = 60_000;
/** What a row found through the GIN index costs in walked rows (about 2 µs against 0.25 µs). */
const GIN_ROW_COST = 8;

/**
 * The plan per source: walking the weight order with a cheap filter reads about `limit / freq`
 * rows, the GIN index about `freq * N` dearer ones; walk when that is cheaper and bounded. A one-bigram
 * keyword's frequency is measured (the walk reads 1.5 times its expected rows); a longer word's
 * is an upper bound (its rarest bigram), so the walk reads three times as many. When the walk
 * comes up short the index answers instead.
 */
function walkRows(source: Source, limit: number, stats: TermStats): number | null {
  if (source.freq === null || source.freq <= 0) return null;
  const n = Math.max(stats.enterprises, 1);
  const expected = limit / source.freq;
  if (source.freq * n * GIN_ROW_COST <= expected) return null;
  const rows = Math.ceil(expected * (source.measured ? 1.5 : 3)) + 50;
  return rows <= WALK_MAX_ROWS ? rows : null;
}

/** Rows matching more often than this (estimated) leave the exact, gather-everything plan. */
const SMALL_PLAN_ROWS = 1500;

const RANK_COLUMNS = `e.id::int as id, e.weight`;
const CANDIDATE_COLUMNS = `e.id::int as id, m.tier, e.weight, e.reg_capital::float8 as reg_capital,
  to_char(e.establish_date, 'YYYY-MM-DD') as establish_date, e.province_code, e.industry_section, e.status`;

const SORT_ORDER: Record<EnterpriseSearchQuery['sort'], string> = {
  relevance: 'e.weight desc, e.id',
  capitalDesc: 'e.reg_capital desc nulls last, e.weight desc, e.id',
  capitalAsc: 'e.reg_capital asc nulls last, e.weight desc, e.id',
  dateDesc: 'e.establish_date desc nulls last, e.weight desc, e.id',
  dateAsc: 'e.establish_date asc nulls last, e.weight desc, e.id',
};

function compareBy(sort: EnterpriseSearchQuery['sort']): (a: Candidate, b: Candidate) => number {
  const num = (v: number | null, dir: 1 | -1) => (v === null ? Number.POSITIVE_INFINITY : dir * v);
  const date = (v: string | null, dir: 1 | -1) =>
    v === null ? Number.POSITIVE_INFINITY : dir * Date.parse(v);
  const byWeight = (a: Candidate, b: Candidate) => b.weight - a.weight || a.id - b.id;
  switch (sort) {
    case 'capitalDesc':
      return (a, b) => num(a.reg_capital, -1) - num(b.reg_capital, -1) || byWeight(a, b);
    case 'capitalAsc':
      return (a, b) => num(a.reg_capital, 1) - num(b.reg_capital, 1) || byWeight(a, b);
    case 'dateDesc':
      return (a, b) => date(a.establish_date, -1) - date(b.establish_date, -1) || byWeight(a, b);
    case 'dateAsc':
      return (a, b) => date(a.establish_date, 1) - date(b.establish_date, 1) || byWeight(a, b);
    default:
      return (a, b) => a.tier - b.tier || byWeight(a, b);
  }
}

type Db = pg.Pool | pg.PoolClient;

/** The best `limit` matches of one source by weight, on the plan its frequency calls for. */
async function fetchSource(
  db: Db,
  source: Source,
  limit: number,
  filters: EnterpriseFilters,
  stats: TermStats,
  order = SORT_ORDER.relevance,
): Promise<{ id: number; weight: number }[]> {
  const k = walkRows(source, limit, stats);
  if (k !== null) {
    // Bounded walk: the first k rows in weight order (through the filters' own weight index when
    // there is one), then the cheap match.
    const p = new SqlParams();
    const filterSql = filterConditions(p, filters);
    const columns = source.columns
      ? [
          'id',
          'weight',
          ...(order === SORT_ORDER.relevance ? [] : ['reg_capital', 'establish_date']),
          ...source.columns,
        ]
          .map((c) => `e.${c}`)
          .join(', ')
      : 'e.*';
    const { rows } = await db.query<{ id: number; weight: number }>(
      `select ${RANK_COLUMNS} from (
         select ${columns} from enterprises e ${filterSql.length ? `where ${filterSql.join(' and ')}` : ''}
          order by ${order} limit ${k}) e
        where ${source.walk(p)} order by ${order} limit ${limit}`,
      p.values,
    );
    if (rows.length >= limit) return rows;
  }
  const p = new SqlParams();
  const where = [source.indexed(p), ...filterConditions(p, filters)].join(' and ');
  const { rows } = await db.query<{ id: number; weight: number }>(
    `select ${RANK_COLUMNS} from enterprises e where ${where} order by ${order} limit ${limit}`,
    p.values,
  );
  return rows;
}

/**
 * Relevance ranking for big result sets: tiers in order, each tier by weight, without gathering
 * every match. A tier is asked for as many rows as the page still needs plus the rows already
 * taken (which it may repeat), so the first `limit` distinct results come out in order.
 */
async function rankByTiers(
  db: Db,
  sources: Source[],
  limit: number,
  filters: EnterpriseFilters,
  stats: TermStats,
): Promise<number[]> {
  const taken: number[] = [];
  const seen = new Set<number>();
  const take = (lists: { id: number; weight: number }[][]) => {
    const merged = lists.flat().sort((a, b) => b.weight - a.weight || a.id - b.id);
    for (const r of merged) {
      if (taken.length >= limit) break;
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      taken.push(r.id);
    }
  };
  // Every tier is asked for `limit` rows whatever came before, so the fetches are independent:
  // the name tiers run at once; code and other fields only when the names do not fill the page.
  const fetchTier = (tier: number) =>
    Promise.all(
      sources.filter((s) => s.tier === tier).map((s) => fetchSource(db, s, limit, filters, stats)),
    );
  const tiers = [...new Set(sources.map((s) => s.tier))].sort((a, b) => a - b);
  const first = tiers.filter((t) => t <= TIER.name);
  const firstLists = await Promise.all(first.map(fetchTier));
  for (const lists of firstLists) take(lists);
  for (const tier of tiers.filter((t) => t > TIER.name)) {
    if (taken.length >= limit) break;
    take(await fetchTier(tier));
  }
  return taken;
}

/** Facet counts and a total from rows (`src`: a subquery of enterprises `e`). */
async function countFacets(
  db: Db,
  src: string,
  values: unknown[],
): Promise<{ total: number; facets: Map<string, Map<string, number>> }> {
  const band = `case ${CAPITAL_BANDS.map(
    (b) =>
      `when ${[
        b.min !== null ? `reg_capital >= ${b.min}` : null,
        b.max !== null ? `reg_capital < ${b.max}` : null,
      ]
        .filter(Boolean)
        .join(' and ')} then '${b.key}'`,
  ).join(' ')} end`;
  const { rows } = await db.query<{ facet: string; key: string | null; n: number }>(
    `with s as (${src})
     select 'total' as facet, null as key, count(*)::int as n from s
     union all select 'region', province_code, count(*)::int from s group by province_code
     union all select 'industry', industry_section, count(*)::int from s group by industry_section
     union all select 'status', status, count(*)::int from s group by status
     union all select 'capitalBand', ${band}, count(*)::int from s group by 2`,
    values,
  );
  const facets = new Map<string, Map<string, number>>();
  let total = 0;
  for (const r of rows) {
    if (r.facet === 'total') total = r.n;
    else if (r.key !== null) {
      if (!facets.has(r.facet)) facets.set(r.facet, new Map());
      facets.get(r.facet)!.set(r.key, r.n);
    }
  }
  return { total, facets };
}

const FACET_COLUMNS = 'e.province_code, e.industry_section, e.status, e.reg_capital';

/** Rows the sample-based estimate reads (system sampling: whole pages, repeatable). */
const SAMPLE_ROWS = 2500;
/** Exact counting stops here; beyond it the total is an estimate. */
const EXACT_COUNT_CAP = 5000;
/**
 * Fewer sample hits than this make a poor estimate (beyond about ±30 %): count exactly instead,
 * within a short budget. A count that does not finish in it has thousands of rows to read, so the
 * sample's estimate stands; the budget is what such a query pays on top of its page.
 */
const MIN_SAMPLE_HITS = 12;
const EXACT_COUNT_BUDGET_MS = 10;

type Tally = { total: number; approx: boolean; facets: Map<string, Map<string, number>> };

function scaled(t: { total: number; facets: Map<string, Map<string, number>> }, factor: number) {
  const round = (n: number) => Math.round(n * factor);
  const facets = new Map(
    [...t.facets].map(([k, m]) => [k, new Map([...m].map(([kk, n]) => [kk, round(n)]))]),
  );
  return { total: round(t.total), facets };
}

/**
 * Total and facets of a condition over enterprises `e`. Small sets are counted exactly; big ones
 * are estimated from a repeatable page sample (~2,500 rows, a few ms at any size), which is what
 * users read as 约32万家. When the sample sees too few matches to say anything, an exact capped
 * count runs under a short statement timeout.
 */
type Where = { sql: string; values: unknown[] };

async function tally(
  db: pg.Pool,
  n: number,
  sampled: Where,
  /** What a small table is counted with (every condition, a scan is cheap). */
  whole: Where = sampled,
  /** What a big table is counted with when the sample is too thin (index-friendly conditions). */
  indexed: Where = whole,
): Promise<Tally> {
  const exact = async (timeoutMs: number | null) => {
    const where = timeoutMs === null ? whole : indexed;
    const src = `select ${FACET_COLUMNS} from enterprises e ${where.sql} limit ${EXACT_COUNT_CAP + 1}`;
    const values = where.values;
    if (timeoutMs === null) return countFacets(db, src, values);
    const client = await db.connect();
    try {
      await client.query('begin');
      await client.query(`set local statement_timeout = ${timeoutMs}`);
      const r = await countFacets(client, src, values);
      await client.query('commit');
      return r;
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      if ((err as { code?: string }).code === '57014') return null;
      throw err;
    } finally {
      client.release();
    }
  };
  const percent = (SAMPLE_ROWS / Math.max(n, 1)) * 100;
  if (percent >= 50) {
    const r = (await exact(null))!;
    return { ...r, approx: r.total > EXACT_COUNT_CAP };
  }
  const sample = await countFacets(
    db,
    `select ${FACET_COLUMNS} from enterprises e tablesample system (${percent.toFixed(4)}) repeatable (7) ${sampled.sql}`,
    sampled.values,
  );
  const estimate = scaled(sample, 100 / percent);
  if (sample.total >= MIN_SAMPLE_HITS) return { ...estimate, approx: true };
  const counted = await exact(EXACT_COUNT_BUDGET_MS);
  if (!counted) return { ...estimate, approx: true };
  if (counted.total > EXACT_COUNT_CAP)
    return { ...counted, total: Math.max(estimate.total, counted.total), approx: true };
  return { ...counted, approx: false };
}

/** 1,234 exactly; 约32万 / 约1.2万 / 约3,400 when estimated. */
export function formatTotal(total: number, approx: boolean): string {
  if (!approx) return total.toLocaleString('en-US');
  if (total >= 10_000) {
    const wan = total / 10_000;
    return `约${wan >= 10 ? Math.round(wan) : wan.toFixed(1).replace(/\.0$/, '')}万`;
  }
  const rounded = total >= 1000 ? Math.round(total / 100) * 100 : Math.round(total / 10) * 10;
  return `约${rounded.toLocaleString('en-US')}`;
}

function capitalBandOf(capital: number | null): string | null {
  if (capital === null) return null;
  return (
    CAPITAL_BANDS.find(
      (b) => (b.min === null || capital >= b.min) && (b.max === null || capital < b.max),
    )?.key ?? null
  );
}

type DetailRow = {
  id: number;
  name: string;
  former_names: string[];
  brand_words: string[];
  uncid: string;
  status: string;
  legal_person: string;
  reg_capital: number | null;
  reg_capital_currency: string;
  establish_date: string | null;
  province_code: string | null;
  city_code: string | null;
  address: string | null;
  industry_class: string | null;
  industry_section: string | null;
  org_type: string;
  tags: string[];
  phone_count: number;
  email_count: number;
  website: string | null;
  business_scope: string | null;
};

/** The result rows of the given ids, in that order, highlighted for the keyword. */
export async function loadHits(
  db: pg.Pool | pg.PoolClient,
  ids: number[],
  keyword: string,
): Promise<EnterpriseSearchHit[]> {
  if (ids.length === 0) return [];
  const [{ rows }, holders] = await Promise.all([
    db.query<DetailRow>(
      `select e.id::int as id, e.name, e.former_names, e.brand_words, e.uncid, e.status, e.legal_person,
            e.reg_capital::float8 as reg_capital, e.reg_capital_currency, to_char(e.establish_date, 'YYYY-MM-DD') as establish_date,
            e.province_code, e.city_code, e.address, e.industry_class, e.industry_section, e.org_type, e.tags,
            e.phone_count, e.email_count, e.website, e.business_scope
       from enterprises e where e.id = any($1::bigint[])`,
      [ids],
    ),
    keyword
      ? db.query<{ enterprise_id: number; holder_name: string }>(
          `select s.enterprise_id::int as enterprise_id, s.holder_name from enterprise_shareholders s
            where s.enterprise_id = any($1::bigint[]) and position(public.lr_search_norm($2) in public.lr_search_norm(s.holder_name)) > 0`,
          [ids, keyword],
        )
      : Promise.resolve({ rows: [] as { enterprise_id: number; holder_name: string }[] }),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        name: r.name,
        nameSegments: highlight(r.name, keyword),
        uncid: r.uncid,
        status: r.status,
        legalPerson: r.legal_person,
        regCapital: r.reg_capital,
        regCapitalCurrency: r.reg_capital_currency,
        establishDate: r.establish_date,
        provinceName: regionName(r.province_code),
        cityName: regionName(r.city_code),
        address: r.address,
        industryName: industryName(r.industry_class) || industryName(r.industry_section),
        orgType: r.org_type,
        tags: r.tags,
        phoneCount: r.phone_count,
        emailCount: r.email_count,
        website: r.website,
        matched: matchedField(
          r,
          keyword,
          holders.rows.find((h) => h.enterprise_id === id)?.holder_name,
        ),
      },
    ];
  });
}

/** Why a row matched when the name itself does not show it. */
function matchedField(
  r: DetailRow,
  keyword: string,
  holder: string | undefined,
): EnterpriseSearchHit['matched'] {
  const form = searchForm(keyword);
  if (!form) return null;
  const has = (text: string | null | undefined) => !!text && searchForm(text).includes(form);
  if (has(r.name)) return null;
  const pick = (field: MatchField, text: string) => ({
    field,
    segments: highlight(snippet(text, keyword), keyword),
  });
  const former = r.former_names.find(has);
  if (former) return pick('曾用名', former);
  const brand = r.brand_words.find(has);
  if (brand) return pick('品牌', brand);
  if (r.uncid.toLowerCase().startsWith(form)) return pick('统一社会信用代码', r.uncid);
  if (has(r.legal_person)) return pick('法定代表人', r.legal_person);
  if (holder) return pick('股东', holder);
  if (has(r.address)) return pick('地址', r.address!);
  if (has(r.business_scope)) return pick('经营范围', r.business_scope!);
  if (/^[\d-]{7,13}$/.test(keyword)) return pick('电话', keyword);
  return null;
}

/** Around 60 characters of a long text, centred on the keyword. */
function snippet(text: string, keyword: string): string {
  if (text.length <= 60) return text;
  const at = text.toLowerCase().indexOf(keyword.toLowerCase());
  if (at < 0) return `${text.slice(0, 60)}…`;
  const start = Math.max(0, at - 20);
  return `${start > 0 ? '…' : ''}${text.slice(start, start + 60)}${start + 60 < text.length ? '…' : ''}`;
}

export type SearchOptions = {
  /** Deepest result the caller may see (edition limit). */
  maxResults: number;
  db?: pg.Pool;
  /** Force a plan (tests compare both): 'small' gathers every match, 'big' ranks by tiers. */
  plan?: 'auto' | 'small' | 'big';
};

/** Facet buckets from counts, in the order users expect. */
function facetBuckets(counts: Map<string, Map<string, number>>): EnterpriseSearchResult['facets'] {
  const statusOrder = STATUS_OPTIONS.map((s) => s.key);
  const bandOrder = CAPITAL_BANDS.map((b) => b.key);
  const list = (facet: string, label: (k: string) => string, limit = 34) =>
    [...(counts.get(facet) ?? new Map<string, number>())]
      .filter(([, count]) => count > 0)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, limit)
      .map(([key, count]) => ({ key, label: label(key), count }));
  return {
    region: list('region', regionName),
    industry: list('industry', industryName),
    status: list('status', (k) => k).sort(
      (a, b) => statusOrder.indexOf(a.key) - statusOrder.indexOf(b.key),
    ),
    capitalBand: list(
      'capitalBand',
      (k) => CAPITAL_BANDS.find((b) => b.key === k)?.label ?? k,
    ).sort((a, b) => bandOrder.indexOf(a.key) - bandOrder.indexOf(b.key)),
  };
}

function countsOf(rows: Candidate[]): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  const add = (facet: string, key: string | null) => {
    if (key === null) return;
    if (!out.has(facet)) out.set(facet, new Map());
    const m = out.get(facet)!;
    m.set(key, (m.get(key) ?? 0) + 1);
  };
  for (const r of rows) {
    add('region', r.province_code);
    add('industry', r.industry_section);
    add('status', r.status);
    add('capitalBand', capitalBandOf(r.reg_capital));
  }
  return out;
}

type Page = {
  ids: number[];
  total: number;
  approx: boolean;
  facets: Map<string, Map<string, number>>;
};

/**
 * Small plan: every source through its index, capped; exact totals, facets and any sort. Null when
 * a source has more matches than the cap (the big plan takes over).
 */
async function smallPlan(
  db: pg.Pool,
  sources: Source[],
  query: EnterpriseSearchQuery,
  offset: number,
  end: number,
): Promise<Page | null> {
  const p = new SqlParams();
  const filters = filterConditions(p, query.filters)
    .map((c) => `and ${c}`)
    .join(' ');
  const cap = SMALL_PLAN_ROWS * 2;
  const branches = sources.map(
    (s, i) =>
      `(select e.id, ${s.tier} as tier, ${i} as branch from enterprises e where ${s.indexed(p)} ${filters} limit ${cap + 1})`,
  );
  const { rows } = await db.query<Candidate & { branches: number[] }>(
    `with u as (${branches.join(' union all ')}),
          m as (select id, min(tier) as tier, array_agg(branch) as branches from u group by id)
     select ${CANDIDATE_COLUMNS}, m.branches from m join enterprises e on e.id = m.id`,
    p.values,
  );
  const perBranch = new Map<number, number>();
  for (const r of rows) for (const b of r.branches) perBranch.set(b, (perBranch.get(b) ?? 0) + 1);
  if ([...perBranch.values()].some((n) => n > cap)) return null;
  rows.sort(compareBy(query.sort));
  return {
    ids: rows.slice(offset, end).map((r) => r.id),
    total: rows.length,
    approx: false,
    facets: countsOf(rows),
  };
}

/** Big plan: ranked page by tiers (or the sort's index), totals and facets estimated. */
async function bigPlan(
  db: pg.Pool,
  sources: Source[],
  query: EnterpriseSearchQuery,
  offset: number,
  end: number,
  stats: TermStats,
): Promise<Page> {
  const anyMatch = (p: SqlParams, withJoins: boolean) =>
    `(${sources
      .filter((s) => withJoins || (s.field !== 'holder' && s.field !== 'phone'))
      .map((s) => s.walk(p))
      .join(' or ')})`;
  const pagePromise = (async () => {
    if (end <= offset) return [];
    if (query.sort === 'relevance')
      return (await rankByTiers(db, sources, end, query.filters, stats)).slice(offset, end);
    // Other sorts: all sources as one, walking the sort's index (bounded) or, for rarer words,
    // the union of the sources' indexes sorted.
    const freqs = sources.map((s) => s.freq ?? 0);
    const combined: Source = {
      tier: TIER.exact,
      field: 'text',
      walk: (p) => anyMatch(p, true),
      indexed: (p) =>
        `e.id in (${sources.map((s) => `select e.id from enterprises e where ${s.indexed(p)}`).join(' union ')})`,
      freq: Math.max(...freqs) > 0 ? Math.max(...freqs) : null,
    };
    const rows = await fetchSource(db, combined, end, query.filters, stats, SORT_ORDER[query.sort]);
    return rows.slice(offset, end).map((r) => r.id);
  })();
  // The sample skips the shareholder and phone lookups (a join per sampled row); a small table's
  // exact count does not; a big table's exact count ORs the index conditions (a BitmapOr).
  const whereOf = (match: (p: SqlParams) => string): Where => {
    const p = new SqlParams();
    const sql = `where ${[match(p), ...filterConditions(p, query.filters)].join(' and ')}`;
    return { sql, values: p.values };
  };
  const indexedMatch = (p: SqlParams) =>
    `(${sources
      .filter((s) => s.field !== 'holder' && s.field !== 'phone')
      .map((s) => `(${s.indexed(p)})`)
      .join(' or ')})`;
  const [ids, t] = await Promise.all([
    pagePromise,
    tally(
      db,
      stats.enterprises,
      whereOf((p) => anyMatch(p, false)),
      whereOf((p) => anyMatch(p, true)),
      whereOf(indexedMatch),
    ),
  ]);
  return boundedByPage({ ids, ...t }, offset, end);
}

/**
 * An estimated total never contradicts the page: at least the rows up to it, and exactly those
 * when the page came out short (the matches ran out before it filled).
 */
function boundedByPage(page: Page, offset: number, end: number): Page {
  if (!page.approx || end <= offset) return page;
  const seen = offset + page.ids.length;
  if (page.ids.length < end - offset) return { ...page, total: seen, approx: false };
  return { ...page, total: Math.max(page.total, seen) };
}

/** Filter-only listing: the sort's index walks the table in order; counts estimated when big. */
async function filterPlan(
  db: pg.Pool,
  query: EnterpriseSearchQuery,
  offset: number,
  end: number,
  stats: TermStats,
): Promise<Page> {
  const p = new SqlParams();
  const conditions = filterConditions(p, query.filters);
  const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
  const [page, t] = await Promise.all([
    end <= offset
      ? Promise.resolve({ rows: [] as { id: number }[] })
      : db.query<{ id: number }>(
          `select e.id::int as id from enterprises e ${where}
            order by ${SORT_ORDER[query.sort]} limit ${end - offset} offset ${offset}`,
          p.values,
        ),
    tally(db, stats.enterprises, { sql: where, values: p.values }),
  ]);
  return boundedByPage({ ids: page.rows.map((r) => r.id), ...t }, offset, end);
}

/**
 * Enterprise search (spec 2.1 companySearch), see docs/adr/0021-chinese-bigram-search.md. The plan
 * is chosen per query from bigram statistics: rare keywords gather every match from the indexes
 * (exact totals and facets), frequent ones rank by tiers on weight-ordered indexes and estimate
 * totals and facets from a sample; filter-only queries walk the sort's index.
 */
export async function searchEnterprises(
  query: EnterpriseSearchQuery,
  options: SearchOptions,
): Promise<EnterpriseSearchResult> {
  const started = Date.now();
  const db = options.db ?? getPool();
  const { keyword, pageNo, pageSize } = query;
  const form = searchForm(keyword);
  const offset = (pageNo - 1) * pageSize;
  const end = Math.min(offset + pageSize, options.maxResults);
  let notice: string | null = null;
  if (keyword && !form) notice = '关键词中没有可搜索的文字，已显示全部企业';
  else if (form && Array.from(form).length < 2)
    notice = '关键词只有 1 个字，仅匹配以它开头的企业名称；输入 2 个字以上可搜索更多字段';
  const beyondLimit = offset >= options.maxResults;

  try {
    const stats = await getTermStats(db);
    let page: Page;
    if (!form) page = await filterPlan(db, query, offset, end, stats);
    else {
      const sources = keywordSources(keyword, form, stats);
      const n = Math.max(stats.enterprises, 1);
      const small =
        options.plan === 'small' ||
        (options.plan !== 'big' &&
          Array.from(form).length >= 2 &&
          sources.every((s) => s.freq === null || s.freq * n <= SMALL_PLAN_ROWS));
      page =
        (small ? await smallPlan(db, sources, query, offset, end) : null) ??
        (await bigPlan(db, sources, query, offset, end, stats));
    }
    if (page.total === 0 && form && UNCID_LIKE.test(keyword.toUpperCase()))
      if (!validateUncid(keyword.toUpperCase()))
        notice = '统一社会信用代码格式或校验位不正确，请核对后重新输入';
    return {
      list: await loadHits(db, page.ids, keyword),
      total: page.total,
      totalCapped: page.approx,
      totalText: formatTotal(page.total, page.approx),
      pageNo,
      pageSize,
      maxResults: options.maxResults,
      facets: facetBuckets(page.facets),
      notice: beyondLimit
        ? `当前版本最多可查看前 ${options.maxResults} 条结果，升级会员可查看更多`
        : notice,
      tookMs: Date.now() - started,
    };
  } catch (err) {
    if ((err as { code?: string }).code === '57014')
      throw apiError('SEARCH_KEYWORD_INVALID', {
        reason: '搜索超时，请输入更完整的企业名称或增加筛选条件后重试',
      });
    throw err;
  }
}

/** 18 characters in the credit-code alphabet: checked, so a typo gets a clear message. */
const UNCID_LIKE = /^[0-9A-Z]{18}$/;

export type SuggestOptions = { limit?: number; type?: 'enterprise' | 'park'; db?: pg.Pool };

/**
 * Name suggestions (spec 2.4 / 3): name prefix first, then names (former names, brands)
 * containing the keyword, each by company weight; at most 10. The park option matches the park
 * name in addresses instead.
 */
export async function suggestEnterprises(
  rawKeyword: string,
  options: SuggestOptions = {},
): Promise<EnterpriseSuggestion[]> {
  const db = options.db ?? getPool();
  const limit = Math.min(Math.max(options.limit ?? 10, 1), 10);
  const keyword = rawKeyword.trim();
  const form = searchForm(keyword);
  if (!form) return [];
  const stats = await getTermStats(db);
  const toSuggestion = async (ids: number[]) => {
    if (!ids.length) return [];
    const { rows } = await db.query<EnterpriseSuggestion>(
      `select e.id::int as ent_id, e.name as entname, e.uncid from enterprises e where e.id = any($1::bigint[])`,
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.ent_id, r]));
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  };
  if (options.type === 'park') {
    if (Array.from(form).length < 2) return [];
    const grams = bigramsOf(form);
    const address = (p: SqlParams) => `strpos(lower(coalesce(e.address, '')), ${p.add(form)}) > 0`;
    const source: Source = {
      tier: TIER.other,
      field: 'text',
      walk: address,
      indexed: (p) =>
        `public.lr_doc_bigrams(public.lr_text_doc(e.legal_person, e.address, e.business_scope)) @> ${p.add(grams)}::text[] and ${address(p)}`,
      freq: gramFrequency(stats, 'text', grams),
    };
    const rows = await fetchSource(db, source, limit, {}, stats);
    return toSuggestion(rows.map((r) => r.id));
  }
  const sources = keywordSources(keyword, form, stats).filter(
    (s) => s.tier === TIER.prefix || s.tier === TIER.name,
  );
  const ids = await rankByTiers(db, sources, limit, {}, stats);
  return toSuggestion(ids);
}
