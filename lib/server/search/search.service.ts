import type pg from 'pg';
import { getPool } from '../db';
import { getRegion, regionName } from '@/lib/shared/geo';
import { industryName } from '@/lib/shared/industry';
import {
  CAPITAL_BANDS,
  ESTABLISH_BANDS,
  MATCH_CAP,
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
  FacetBucket,
  MatchField,
} from '@/lib/shared/search/types';

/** Builds a parameterised WHERE: values only ever travel as $n parameters. */
class SqlParams {
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
  return `(${[...byColumn].map(([col, list]) => `e.${col} = any(${p.add(list)}::text[])`).join(' or ')})`;
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

/**
 * The match branches of a keyword query. Each is answered from an index (exact / prefix name:
 * btree text_pattern_ops; names, former names, brands, legal person, address, scope, shareholders:
 * bigram GIN; credit code: prefix btree; phone: btree) and capped, so no query scans the table.
 */
function keywordBranches(
  p: SqlParams,
  keyword: string,
  form: string,
  filters: string,
  cap: number,
): string[] {
  const kw = p.add(keyword);
  const prefix = p.add(`${escapeLike(keyword)}%`);
  const branches = [
    `(select e.id, ${TIER.exact} as tier from enterprises e where e.name = ${kw} ${filters} limit ${cap})`,
    `(select e.id, ${TIER.prefix} as tier from enterprises e where e.name like ${prefix} ${filters} limit ${cap})`,
  ];
  if (Array.from(form).length < 2) return branches;
  const f = p.add(form);
  branches.push(
    `(select e.id, ${TIER.name} as tier from enterprises e
       where public.lr_doc_bigrams(public.lr_name_doc(e.name, e.former_names, e.brand_words)) @> public.lr_bigrams(${f})
         and position(${f} in public.lr_name_doc(e.name, e.former_names, e.brand_words)) > 0 ${filters} limit ${cap})`,
    `(select e.id, ${TIER.other} as tier from enterprises e
       where public.lr_doc_bigrams(public.lr_text_doc(e.legal_person, e.address, e.business_scope)) @> public.lr_bigrams(${f})
         and position(${f} in public.lr_text_doc(e.legal_person, e.address, e.business_scope)) > 0 ${filters} limit ${cap})`,
    `(select e.id, ${TIER.other} as tier from enterprises e where e.id in (
        select s.enterprise_id from enterprise_shareholders s
         where public.lr_bigrams(s.holder_name) @> public.lr_bigrams(${f})
           and position(${f} in public.lr_search_norm(s.holder_name)) > 0 limit ${cap}) ${filters})`,
  );
  if (/^[0-9a-z]{4,18}$/.test(form)) {
    branches.push(
      `(select e.id, ${TIER.code} as tier from enterprises e where e.uncid like ${p.add(`${form.toUpperCase()}%`)} ${filters} limit ${cap})`,
    );
  }
  if (/^\d{7,12}$/.test(form) || /^\d{3,4}-\d{7,8}$/.test(keyword)) {
    branches.push(
      `(select e.id, ${TIER.code} as tier from enterprises e where e.id in (
          select c.enterprise_id from enterprise_contacts c where c.value = ${p.add(keyword)}) ${filters} limit ${cap})`,
    );
  }
  return branches;
}

const CANDIDATE_COLUMNS = `e.id::int as id, m.tier, e.weight, e.reg_capital::float8 as reg_capital,
  to_char(e.establish_date, 'YYYY-MM-DD') as establish_date, e.province_code, e.industry_section, e.status`;

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

function capitalBandOf(capital: number | null): string | null {
  if (capital === null) return null;
  return (
    CAPITAL_BANDS.find(
      (b) => (b.min === null || capital >= b.min) && (b.max === null || capital < b.max),
    )?.key ?? null
  );
}

function countBy(
  rows: Candidate[],
  key: (r: Candidate) => string | null,
  label: (k: string) => string,
  limit = 34,
): FacetBucket[] {
  const counts = new Map<string, number>();
  for (const r of rows) {
    const k = key(r);
    if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([k, count]) => ({ key: k, label: label(k), count }));
}

function facetsOf(rows: Candidate[]): EnterpriseSearchResult['facets'] {
  const statusOrder = STATUS_OPTIONS.map((s) => s.key);
  const bandOrder = CAPITAL_BANDS.map((b) => b.key);
  return {
    region: countBy(rows, (r) => r.province_code, regionName),
    industry: countBy(rows, (r) => r.industry_section, industryName),
    status: countBy(
      rows,
      (r) => r.status,
      (k) => k,
    ).sort((a, b) => statusOrder.indexOf(a.key) - statusOrder.indexOf(b.key)),
    capitalBand: countBy(
      rows,
      (r) => capitalBandOf(r.reg_capital),
      (k) => CAPITAL_BANDS.find((b) => b.key === k)!.label,
    ).sort((a, b) => bandOrder.indexOf(a.key) - bandOrder.indexOf(b.key)),
  };
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

async function loadHits(
  db: pg.Pool | pg.PoolClient,
  ids: number[],
  keyword: string,
): Promise<EnterpriseSearchHit[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<DetailRow>(
    `select e.id::int as id, e.name, e.former_names, e.brand_words, e.uncid, e.status, e.legal_person,
            e.reg_capital::float8 as reg_capital, e.reg_capital_currency, to_char(e.establish_date, 'YYYY-MM-DD') as establish_date,
            e.province_code, e.city_code, e.address, e.industry_class, e.industry_section, e.org_type, e.tags,
            e.phone_count, e.email_count, e.website, e.business_scope
       from enterprises e where e.id = any($1::bigint[])`,
    [ids],
  );
  const holders = keyword
    ? await db.query<{ enterprise_id: number; holder_name: string }>(
        `select s.enterprise_id::int as enterprise_id, s.holder_name from enterprise_shareholders s
          where s.enterprise_id = any($1::bigint[]) and position(public.lr_search_norm($2) in public.lr_search_norm(s.holder_name)) > 0`,
        [ids, keyword],
      )
    : { rows: [] };
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
};

/**
 * Enterprise search (spec 2.1 companySearch). Keyword queries gather up to MATCH_CAP matches per
 * branch from the indexes, then rank, facet and page them; filter-only queries page in SQL on the
 * sort's own index. See docs/adr/0021-chinese-bigram-search.md.
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
  const base = {
    pageNo,
    pageSize,
    maxResults: options.maxResults,
  };
  let notice: string | null = null;
  if (keyword && !form) notice = '关键词中没有可搜索的文字，已显示全部企业';
  else if (form && Array.from(form).length < 2)
    notice = '关键词只有 1 个字，仅匹配以它开头的企业名称；输入 2 个字以上可搜索更多字段';

  const beyondLimit = offset >= options.maxResults;
  const limitNotice = `当前版本最多可查看前 ${options.maxResults} 条结果，升级会员可查看更多`;

  const p = new SqlParams();
  const conditions = filterConditions(p, query.filters);
  if (form) {
    const filters = conditions.map((c) => `and ${c}`).join(' ');
    const branches = keywordBranches(p, keyword, form, filters, MATCH_CAP + 1);
    const { rows } = await db.query<Candidate>(
      `with m as (select id, min(tier) as tier from (${branches.join(' union all ')}) u group by id)
       select ${CANDIDATE_COLUMNS} from m join enterprises e on e.id = m.id`,
      p.values,
    );
    const totalCapped = rows.length > MATCH_CAP;
    rows.sort(compareBy(query.sort));
    const ranked = rows.slice(0, MATCH_CAP);
    const end = Math.min(offset + pageSize, options.maxResults);
    const pageIds = beyondLimit ? [] : ranked.slice(offset, end).map((r) => r.id);
    return {
      ...base,
      list: await loadHits(db, pageIds, keyword),
      total: ranked.length,
      totalCapped,
      facets: facetsOf(ranked),
      notice: beyondLimit ? limitNotice : notice,
      tookMs: Date.now() - started,
    };
  }

  // Filter-only: the sort's index walks the table in order; counts and facets are capped.
  const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
  const order = {
    relevance: 'e.weight desc, e.id',
    capitalDesc: 'e.reg_capital desc nulls last, e.id',
    capitalAsc: 'e.reg_capital asc nulls last, e.id',
    dateDesc: 'e.establish_date desc nulls last, e.id',
    dateAsc: 'e.establish_date asc nulls last, e.id',
  }[query.sort];
  const values = p.values;
  const limit = Math.max(0, Math.min(pageSize, options.maxResults - offset));
  const [page, sample] = await Promise.all([
    beyondLimit
      ? Promise.resolve({ rows: [] as { id: number }[] })
      : db.query<{ id: number }>(
          `select e.id::int as id from enterprises e ${where} order by ${order} limit ${limit} offset ${offset}`,
          values,
        ),
    db.query<Candidate>(
      `select ${CANDIDATE_COLUMNS} from (select e.id, 0 as tier from enterprises e ${where} limit ${MATCH_CAP + 1}) m
         join enterprises e on e.id = m.id`,
      values,
    ),
  ]);
  const totalCapped = sample.rows.length > MATCH_CAP;
  const counted = sample.rows.slice(0, MATCH_CAP);
  return {
    ...base,
    list: await loadHits(
      db,
      page.rows.map((r) => r.id),
      '',
    ),
    total: counted.length,
    totalCapped,
    facets: facetsOf(counted),
    notice: beyondLimit ? limitNotice : notice,
    tookMs: Date.now() - started,
  };
}

export type SuggestOptions = { limit?: number; type?: 'enterprise' | 'park'; db?: pg.Pool };

/**
 * Name suggestions (spec 2.4 / 3): name prefix first, then names containing the keyword, by
 * company weight; at most 10. The park option matches the park name in addresses instead.
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
  if (options.type === 'park') {
    if (Array.from(form).length < 2) return [];
    const { rows } = await db.query<EnterpriseSuggestion>(
      `select e.id::int as ent_id, e.name as entname, e.uncid from enterprises e
        where public.lr_doc_bigrams(public.lr_text_doc(e.legal_person, e.address, e.business_scope)) @> public.lr_bigrams($1)
          and position($1 in public.lr_search_norm(coalesce(e.address, ''))) > 0
        limit $2`,
      [form, limit],
    );
    return rows;
  }
  const prefix = await db.query<EnterpriseSuggestion & { weight: number }>(
    `select e.id::int as ent_id, e.name as entname, e.uncid, e.weight from enterprises e
      where e.name like $1 limit 200`,
    [`${escapeLike(keyword)}%`],
  );
  const picked = prefix.rows.sort((a, b) => b.weight - a.weight).slice(0, limit);
  if (picked.length < limit && Array.from(form).length >= 2) {
    const more = await db.query<EnterpriseSuggestion & { weight: number }>(
      `select e.id::int as ent_id, e.name as entname, e.uncid, e.weight from enterprises e
        where public.lr_doc_bigrams(public.lr_name_doc(e.name, e.former_names, e.brand_words)) @> public.lr_bigrams($1)
          and position($1 in public.lr_search_norm(e.name)) > 0
        limit 200`,
      [form],
    );
    const seen = new Set(picked.map((r) => r.ent_id));
    picked.push(
      ...more.rows
        .filter((r) => !seen.has(r.ent_id))
        .sort((a, b) => b.weight - a.weight)
        .slice(0, limit - picked.length),
    );
  }
  return picked.map(({ ent_id, entname, uncid }) => ({ ent_id, entname, uncid }));
}
